// Error kinds and the Status value that every wirelens decoder returns instead of throwing.
#ifndef WIRELENS_CORE_WIRE_STATUS_H_
#define WIRELENS_CORE_WIRE_STATUS_H_

#include <cstddef>
#include <cstdint>

namespace wirelens {

// What went wrong while reading protobuf wire data: each kind's enumerator, its short stable name
// (ErrorKindName) and its sentence for a person (ErrorKindMessage), in one list. Stable numbering
// (the list's order): the JS API and the inspector's node JSON expose these values.
#define WIRELENS_ERROR_KINDS(X)                                                                       \
  X(kOk, "ok", "no error")                                                                            \
  /* input ends inside a tag, a value, a length prefix or an open group */                            \
  X(kTruncated, "truncated", "input ends inside a field")                                             \
  /* a varint continues past its 10th byte */                                                         \
  X(kVarintTooLong, "varint_too_long", "varint longer than 10 bytes")                                 \
  /* wire type 6 or 7 */                                                                              \
  X(kBadWireType, "bad_wire_type", "invalid wire type (6 or 7)")                                      \
  /* field number 0 or above 2^29-1 */                                                                \
  X(kBadFieldNumber, "bad_field_number", "field number 0 or above 536870911")                         \
  X(kLengthPastEnd, "length_past_end", "length prefix reaches past the end of the enclosing message") \
  /* END_GROUP outside a group, or with another field number than its START_GROUP */                  \
  X(kUnmatchedGroupEnd, "unmatched_group_end", "END_GROUP without a matching START_GROUP")            \
  /* messages/groups nested deeper than the reader's depth limit */                                   \
  X(kDepthExceeded, "depth_exceeded", "nesting deeper than the depth limit")                          \
  /* a known field arrives with a wire type its declared type cannot have */                          \
  X(kWireTypeMismatch, "wire_type_mismatch", "wire type does not match the field's declared type")    \
  /* a proto3 string field holds bytes that are not UTF-8 */                                          \
  X(kInvalidUtf8, "invalid_utf8", "string field is not valid UTF-8")                                  \
  /* a size or count limit set by the caller was reached */                                           \
  X(kLimitExceeded, "limit_exceeded", "size or count limit exceeded")                                 \
  X(kBadFrameFlags, "bad_frame_flags", "gRPC frame flags other than compressed (0x01) and trailer (0x80)")

enum class ErrorKind : uint8_t {
#define WIRELENS_ERROR_KIND_ENUMERATOR(kind, name, message) kind,
  WIRELENS_ERROR_KINDS(WIRELENS_ERROR_KIND_ENUMERATOR)
#undef WIRELENS_ERROR_KIND_ENUMERATOR
};

// Number of ErrorKind values, for tables indexed by kind.
#define WIRELENS_ERROR_KIND_ONE(kind, name, message) +1
inline constexpr int kErrorKindCount = 0 WIRELENS_ERROR_KINDS(WIRELENS_ERROR_KIND_ONE);
#undef WIRELENS_ERROR_KIND_ONE

// A result: ok, or an error kind with the absolute byte offset where the offending element starts
// (the first byte of the tag, varint or length prefix that could not be decoded).
struct Status {
  ErrorKind kind = ErrorKind::kOk;
  size_t offset = 0;

  constexpr bool ok() const { return kind == ErrorKind::kOk; }
  static constexpr Status Ok() { return Status{}; }
  static constexpr Status Error(ErrorKind kind, size_t offset) { return Status{kind, offset}; }
};

// Short stable identifier of a kind, e.g. "truncated"; "unknown" for values out of range.
const char* ErrorKindName(ErrorKind kind);

// One sentence for a person, e.g. "input ends inside a field".
const char* ErrorKindMessage(ErrorKind kind);

}  // namespace wirelens

#endif  // WIRELENS_CORE_WIRE_STATUS_H_
