#include "core/wire/reader.h"

namespace wirelens {

bool Reader::Fail(ErrorKind kind, const uint8_t* at) {
  if (status_.ok()) status_ = Status::Error(kind, static_cast<size_t>(at - origin_));
  return false;
}

bool Reader::NextFieldSlow() {
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

bool Reader::ExpectWireType(WireType type) {
  if (!status_.ok()) return false;
  if (wire_type_ != type) return Fail(ErrorKind::kWireTypeMismatch, origin_ + field_offset_);
  return true;
}

bool Reader::ReadVarintSlow(uint64_t* value) {
  if (!ExpectWireType(WireType::kVarint)) return false;
  const uint8_t* next = wirelens::ReadVarint(ptr_, end_, value);
  if (next == nullptr) return Fail(ReadVarintErrorKind(ptr_, end_), ptr_);
  ptr_ = next;
  return true;
}

bool Reader::ReadFixedSlow(WireType type, int width, uint32_t* value32, uint64_t* value64) {
  if (!ExpectWireType(type)) return false;
  if (end_ - ptr_ < width) return Fail(ErrorKind::kTruncated, ptr_);
  if (value32 != nullptr) *value32 = LoadFixed32(ptr_);
  if (value64 != nullptr) *value64 = LoadFixed64(ptr_);
  ptr_ += width;
  return true;
}

bool Reader::ReadLengthDelimitedSlow(ByteView* value) {
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

bool Reader::SkipField() {
  if (!status_.ok()) return false;
  switch (wire_type_) {
    case WireType::kVarint: {
      uint64_t v;
      return ReadVarint(&v);
    }
    case WireType::kFixed64: {
      uint64_t v;
      return ReadFixed64(&v);
    }
    case WireType::kFixed32: {
      uint32_t v;
      return ReadFixed32(&v);
    }
    case WireType::kLengthDelimited: {
      ByteView v;
      return ReadLengthDelimited(&v);
    }
    case WireType::kStartGroup: return SkipGroup(field_number_, depth_left_);
    case WireType::kEndGroup: break;  // NextField() never leaves an END_GROUP as the current field
  }
  return Fail(ErrorKind::kUnmatchedGroupEnd, origin_ + field_offset_);
}

// Recursion is bounded by the depth limit: each level costs one unit, as EnterGroup would.
bool Reader::SkipGroup(uint32_t group_number, int depth_left) {
  if (depth_left <= 0) return Fail(ErrorKind::kDepthExceeded, origin_ + field_offset_);
  Reader group(origin_, ptr_, end_, depth_left - 1, group_number);
  while (group.NextField()) {
    if (!group.SkipField()) break;
  }
  return LeaveGroup(group);
}

bool Reader::EnterGroup(Reader* child) {
  if (!ExpectWireType(WireType::kStartGroup)) return false;
  if (depth_left_ <= 0) return Fail(ErrorKind::kDepthExceeded, origin_ + field_offset_);
  *child = Reader(origin_, ptr_, end_, depth_left_ - 1, field_number_);
  child->reject_wire_type_mismatch_ = reject_wire_type_mismatch_;
  return true;
}

bool Reader::PropagateError(const Reader& child) {
  if (status_.ok()) status_ = child.status_;
  return false;
}

bool Reader::LeaveGroup(const Reader& child) {
  if (!status_.ok()) return false;
  if (!child.status_.ok()) {
    status_ = child.status_;
    return false;
  }
  ptr_ = child.ptr_;
  return true;
}

}  // namespace wirelens
