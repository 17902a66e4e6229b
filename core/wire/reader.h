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
  Reader(const uint8_t* data, size_t size, int depth_limit = kDefaultDepthLimit);

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

  // True when the whole message has been read without error.
  bool done() const { return status_.ok() && ptr_ == end_ && group_number_ == 0; }
  const Status& status() const { return status_; }
  // Absolute offset of the next unread byte.
  size_t offset() const { return static_cast<size_t>(ptr_ - origin_); }
  // Remaining readable bytes of this message.
  size_t remaining() const { return static_cast<size_t>(end_ - ptr_); }

 private:
  Reader(const uint8_t* origin, const uint8_t* begin, const uint8_t* end, int depth_left,
         uint32_t group_number);
  bool ExpectWireType(WireType type);
  bool SkipGroup(uint32_t group_number, int depth_left);

  const uint8_t* origin_;  // start of the outermost buffer: offsets are measured from here
  const uint8_t* ptr_;
  const uint8_t* end_;
  int depth_left_;
  uint32_t group_number_;  // field number of the group this reader is inside, or 0
  uint32_t field_number_ = 0;
  WireType wire_type_ = WireType::kVarint;
  size_t field_offset_ = 0;
  Status status_;
};

// ---- hot paths, inline so that decode loops compile to straight-line code ----------------------

inline bool Reader::NextField() {
  if (!status_.ok()) return false;
  if (ptr_ == end_) {
    // The input may not end inside a group: that START_GROUP never found its END_GROUP.
    return group_number_ == 0 ? false : Fail(ErrorKind::kTruncated, end_);
  }
  const uint8_t* tag_start = ptr_;
  uint64_t tag;
  const uint8_t* next = wirelens::ReadVarint(ptr_, end_, &tag);
  if (next == nullptr) return Fail(ReadVarintErrorKind(ptr_, end_), tag_start);
  const uint64_t number = tag >> 3;
  const uint32_t type = static_cast<uint32_t>(tag & 7);
  if (!IsValidWireType(type)) return Fail(ErrorKind::kBadWireType, tag_start);
  if (number == 0 || number > kMaxFieldNumber) return Fail(ErrorKind::kBadFieldNumber, tag_start);
  field_number_ = static_cast<uint32_t>(number);
  wire_type_ = static_cast<WireType>(type);
  field_offset_ = static_cast<size_t>(tag_start - origin_);
  ptr_ = next;
  if (wire_type_ == WireType::kEndGroup) {
    if (group_number_ != 0 && field_number_ == group_number_) {
      end_ = ptr_;  // the group is closed: nothing more is read by this reader
      return false;
    }
    return Fail(ErrorKind::kUnmatchedGroupEnd, tag_start);
  }
  return true;
}

inline bool Reader::ExpectWireType(WireType type) {
  if (!status_.ok()) return false;
  if (wire_type_ != type) return Fail(ErrorKind::kWireTypeMismatch, origin_ + field_offset_);
  return true;
}

inline bool Reader::ReadVarint(uint64_t* value) {
  if (!ExpectWireType(WireType::kVarint)) return false;
  const uint8_t* next = wirelens::ReadVarint(ptr_, end_, value);
  if (next == nullptr) return Fail(ReadVarintErrorKind(ptr_, end_), ptr_);
  ptr_ = next;
  return true;
}

inline bool Reader::ReadFixed32(uint32_t* value) {
  if (!ExpectWireType(WireType::kFixed32)) return false;
  if (end_ - ptr_ < 4) return Fail(ErrorKind::kTruncated, ptr_);
  *value = LoadFixed32(ptr_);
  ptr_ += 4;
  return true;
}

inline bool Reader::ReadFixed64(uint64_t* value) {
  if (!ExpectWireType(WireType::kFixed64)) return false;
  if (end_ - ptr_ < 8) return Fail(ErrorKind::kTruncated, ptr_);
  *value = LoadFixed64(ptr_);
  ptr_ += 8;
  return true;
}

inline bool Reader::ReadLengthDelimited(ByteView* value) {
  if (!ExpectWireType(WireType::kLengthDelimited)) return false;
  const uint8_t* prefix = ptr_;
  uint64_t length;
  const uint8_t* next = wirelens::ReadVarint(ptr_, end_, &length);
  if (next == nullptr) return Fail(ReadVarintErrorKind(ptr_, end_), prefix);
  if (length > static_cast<uint64_t>(end_ - next)) return Fail(ErrorKind::kLengthPastEnd, prefix);
  value->data = next;
  value->size = static_cast<size_t>(length);
  ptr_ = next + length;
  return true;
}

}  // namespace wirelens

#endif  // WIRELENS_CORE_WIRE_READER_H_
