// Bounds-checked reader of protobuf wire data: never reads out of bounds, never allocates, never
// aborts; every failure leaves a Status with the error kind and the absolute byte offset.
//
// Usage:
//   wirelens::Reader reader(data, size);
//   while (reader.NextField()) {
//     switch (reader.field_number()) {
//       case 1: { uint64_t v; if (!reader.ReadVarint(&v)) break; ... } break;
//       default: reader.SkipField();
//     }
//   }
//   if (!reader.status().ok()) { /* reader.status().kind, reader.status().offset */ }
//
// Errors are sticky: after the first one every call returns false and the status keeps the first
// error. Offsets are relative to the start of the outermost buffer, also inside sub-readers.
#ifndef WIRELENS_CORE_WIRE_READER_H_
#define WIRELENS_CORE_WIRE_READER_H_

#include <cstddef>
#include <cstdint>

#include "core/wire/status.h"
#include "core/wire/varint.h"
#include "core/wire/wire_format.h"

namespace wirelens {

// A view of bytes inside the input buffer (no ownership).
struct ByteView {
  const uint8_t* data = nullptr;
  size_t size = 0;
};

class Reader {
 public:
  // Reads the message in [data, data + size). `depth_limit` bounds the nesting of sub-messages and
  // groups entered through this reader and its children (each EnterMessage/EnterGroup is one level).
  Reader(const uint8_t* data, size_t size, int depth_limit = kDefaultDepthLimit)
      : Reader(data, data, data + size, depth_limit, 0) {}

  // Reads the next tag. Returns true when a field follows (see field_number(), wire_type()).
  // Returns false at the end of the message, at the END_GROUP that closes this reader's group
  // (both with status ok), or on error: truncated or overlong tag, wire type 6/7, field number
  // 0 or > 2^29-1, an END_GROUP that matches no open group, or input ending inside a group.
  bool NextField();

  uint32_t field_number() const { return field_number_; }
  WireType wire_type() const { return wire_type_; }
  // Absolute offset of the current field's tag.
  size_t field_offset() const { return field_offset_; }
  // The current field's first byte (its tag) and the next unread byte: after SkipField(), the
  // range [field_begin(), position()) is the whole field as it appeared in the input.
  const uint8_t* field_begin() const { return origin_ + field_offset_; }
  const uint8_t* position() const { return ptr_; }
  // The end of this message's bytes (for a group, of the enclosing message's).
  const uint8_t* limit() const { return end_; }
  // Continues reading at `next`, for callers that read well-formed fields past position()
  // themselves. Precondition: next is in [position(), limit()] at the start of a field (or the
  // end), and the skipped fields are not this reader's END_GROUP. A recorded error stays.
  void AdvanceTo(const uint8_t* next) { ptr_ = next; }

  // Read the current field's value. Precondition: NextField() returned true and the wire type
  // is the one the reader expects (checked: a mismatch is kWireTypeMismatch at the tag).
  // Return false on error (truncated, overlong varint, length past end).
  bool ReadVarint(uint64_t* value);
  bool ReadFixed32(uint32_t* value);
  bool ReadFixed64(uint64_t* value);
  // The payload of a length-delimited field, as a view into the input.
  bool ReadLengthDelimited(ByteView* value);

  // Skips the current field's value, whatever its wire type; a START_GROUP is skipped up to its
  // matching END_GROUP (nested groups count against the depth limit).
  bool SkipField();

  // Starts a child reader over the current length-delimited field's payload (one level deeper).
  // Returns false on error, including kDepthExceeded at the field's tag.
  bool EnterMessage(Reader* child);
  // Starts a child reader over [begin, end), a message payload inside this reader's bytes that the
  // caller read past itself (see AdvanceTo). Returns false, recording nothing, when no nesting depth
  // is left: the caller then reads the field through EnterMessage, which reports it.
  bool EnterPayload(const uint8_t* begin, const uint8_t* end, Reader* child);
  // Starts a child reader at the current START_GROUP field's contents; the child's NextField()
  // returns false at the matching END_GROUP. After the child finishes (ok), call LeaveGroup().
  bool EnterGroup(Reader* child);
  // Continues this reader after the group read by `child`; propagates the child's error.
  bool LeaveGroup(const Reader& child);
  // Takes over the error of a child reader (from EnterMessage) and returns false.
  bool PropagateError(const Reader& child);

  // Records `kind` at `at` (a pointer into the input) unless an error is already recorded, so
  // that callers can report errors the reader cannot see (e.g. invalid UTF-8). Returns false.
  bool Fail(ErrorKind kind, const uint8_t* at);

  // Whether decoders built on this reader treat a known field with the wrong wire type as an error
  // (see DecodeOptions); child readers inherit it.
  void set_reject_wire_type_mismatch(bool reject) { reject_wire_type_mismatch_ = reject; }
  bool rejects_wire_type_mismatch() const { return reject_wire_type_mismatch_; }

  // True when the whole message has been read without error.
  bool done() const { return status_.ok() && ptr_ == end_ && group_number_ == 0; }
  const Status& status() const { return status_; }
  // Absolute offset of the next unread byte.
  size_t offset() const { return static_cast<size_t>(ptr_ - origin_); }
  // Remaining readable bytes of this message.
  size_t remaining() const { return static_cast<size_t>(end_ - ptr_); }

 private:
  // Inline, as both are made per sub-message in decode loops (wasm has no link-time inlining).
  Reader(const uint8_t* origin, const uint8_t* begin, const uint8_t* end, int depth_left, uint32_t group_number)
      : origin_(origin), ptr_(begin), end_(end), depth_left_(depth_left), group_number_(group_number) {}
  bool ExpectWireType(WireType type);
  bool SkipGroup(uint32_t group_number, int depth_left);
  bool NextFieldSlow();
  bool ReadVarintSlow(uint64_t* value);
  bool ReadFixedSlow(WireType type, int width, uint32_t* value32, uint64_t* value64);
  bool ReadLengthDelimitedSlow(ByteView* value);

  const uint8_t* origin_;  // start of the outermost buffer: offsets are measured from here
  const uint8_t* ptr_;
  const uint8_t* end_;
  int depth_left_;
  uint32_t group_number_;  // field number of the group this reader is inside, or 0
  uint32_t field_number_ = 0;
  WireType wire_type_ = WireType::kVarint;
  size_t field_offset_ = 0;
  bool reject_wire_type_mismatch_ = false;
  Status status_;
};

// ---- hot paths: the common case (one-byte tags and lengths, no error) is inlined into decode
// loops; everything else goes to the out-of-line slow paths in reader.cc. -----------------------

#define WIRELENS_INLINE inline __attribute__((always_inline))

WIRELENS_INLINE bool Reader::NextField() {
  if (ptr_ < end_ && status_.ok()) {
    const uint32_t tag = *ptr_;
    // One-byte tag (fields 1..15) of a wire type other than END_GROUP, 6 or 7.
    if (tag >= 8 && tag < 0x80 && ((0x2f >> (tag & 7)) & 1)) {
      field_number_ = tag >> 3;
      wire_type_ = static_cast<WireType>(tag & 7);
      field_offset_ = static_cast<size_t>(ptr_ - origin_);
      ++ptr_;
      return true;
    }
  }
  return NextFieldSlow();
}

WIRELENS_INLINE bool Reader::ReadVarint(uint64_t* value) {
  if (wire_type_ == WireType::kVarint && status_.ok()) {
    if (const uint8_t* past = ReadShortVarint(ptr_, end_, value)) {
      ptr_ = past;
      return true;
    }
  }
  return ReadVarintSlow(value);
}

WIRELENS_INLINE bool Reader::ReadFixed32(uint32_t* value) {
  if (wire_type_ == WireType::kFixed32 && end_ - ptr_ >= 4 && status_.ok()) {
    *value = LoadFixed32(ptr_);
    ptr_ += 4;
    return true;
  }
  return ReadFixedSlow(WireType::kFixed32, 4, value, nullptr);
}

WIRELENS_INLINE bool Reader::ReadFixed64(uint64_t* value) {
  if (wire_type_ == WireType::kFixed64 && end_ - ptr_ >= 8 && status_.ok()) {
    *value = LoadFixed64(ptr_);
    ptr_ += 8;
    return true;
  }
  return ReadFixedSlow(WireType::kFixed64, 8, nullptr, value);
}

WIRELENS_INLINE bool Reader::ReadLengthDelimited(ByteView* value) {
  if (wire_type_ == WireType::kLengthDelimited && ptr_ < end_ && *ptr_ < 0x80 && status_.ok()) {
    const size_t length = *ptr_;
    if (length < static_cast<size_t>(end_ - ptr_)) {
      value->data = ptr_ + 1;
      value->size = length;
      ptr_ += 1 + length;
      return true;
    }
  }
  return ReadLengthDelimitedSlow(value);
}

WIRELENS_INLINE bool Reader::EnterMessage(Reader* child) {
  const uint8_t* tag = origin_ + field_offset_;
  ByteView payload;
  if (!ReadLengthDelimited(&payload)) return false;
  if (depth_left_ <= 0) return Fail(ErrorKind::kDepthExceeded, tag);
  *child = Reader(origin_, payload.data, payload.data + payload.size, depth_left_ - 1, 0);
  child->reject_wire_type_mismatch_ = reject_wire_type_mismatch_;
  return true;
}

WIRELENS_INLINE bool Reader::EnterPayload(const uint8_t* begin, const uint8_t* end, Reader* child) {
  if (depth_left_ <= 0) return false;
  *child = Reader(origin_, begin, end, depth_left_ - 1, 0);
  child->reject_wire_type_mismatch_ = reject_wire_type_mismatch_;
  return true;
}

#undef WIRELENS_INLINE

}  // namespace wirelens

#endif  // WIRELENS_CORE_WIRE_READER_H_
