// Error kinds and the Status value that every wirelens decoder returns instead of throwing.
#ifndef WIRELENS_CORE_WIRE_STATUS_H_
#define WIRELENS_CORE_WIRE_STATUS_H_

#include <cstddef>
#include <cstdint>

namespace wirelens {

// What went wrong while reading protobuf wire data. Stable numbering: the JS API and the
// inspector's node JSON expose these values.
enum class ErrorKind : uint8_t {
  kOk = 0,
  kTruncated,          // input ends inside a tag, a value, a length prefix or an open group
  kVarintTooLong,      // a varint continues past its 10th byte
  kBadWireType,        // wire type 6 or 7
  kBadFieldNumber,     // field number 0 or above 2^29-1
  kLengthPastEnd,      // a length prefix reaches past the end of the enclosing message
  kUnmatchedGroupEnd,  // END_GROUP outside a group, or with another field number than its START_GROUP
  kDepthExceeded,      // messages/groups nested deeper than the reader's depth limit
  kWireTypeMismatch,   // a known field arrives with a wire type its declared type cannot have
  kInvalidUtf8,        // a proto3 string field holds bytes that are not UTF-8
  kLimitExceeded,      // a size or count limit set by the caller was reached
  kBadFrameFlags,      // a gRPC frame's flags byte has bits other than compressed and trailer
};

// Number of ErrorKind values, for tables indexed by kind.
inline constexpr int kErrorKindCount = 12;

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
