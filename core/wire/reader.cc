#include "core/wire/reader.h"

namespace wirelens {

Reader::Reader(const uint8_t* data, size_t size, int depth_limit)
    : Reader(data, data, data + size, depth_limit, 0) {}

Reader::Reader(const uint8_t* origin, const uint8_t* begin, const uint8_t* end, int depth_left,
               uint32_t group_number)
    : origin_(origin), ptr_(begin), end_(end), depth_left_(depth_left), group_number_(group_number) {}

bool Reader::Fail(ErrorKind kind, const uint8_t* at) {
  if (status_.ok()) status_ = Status::Error(kind, static_cast<size_t>(at - origin_));
  return false;
}

bool Reader::SkipField() {
  if (!status_.ok()) return false;
  switch (wire_type_) {
    case WireType::kVarint: { uint64_t v; return ReadVarint(&v); }
    case WireType::kFixed64: { uint64_t v; return ReadFixed64(&v); }
    case WireType::kFixed32: { uint32_t v; return ReadFixed32(&v); }
    case WireType::kLengthDelimited: { ByteView v; return ReadLengthDelimited(&v); }
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

bool Reader::EnterMessage(Reader* child) {
  ByteView payload;
  const uint8_t* tag = origin_ + field_offset_;
  if (!ReadLengthDelimited(&payload)) return false;
  if (depth_left_ <= 0) return Fail(ErrorKind::kDepthExceeded, tag);
  *child = Reader(origin_, payload.data, payload.data + payload.size, depth_left_ - 1, 0);
  return true;
}

bool Reader::EnterGroup(Reader* child) {
  if (!ExpectWireType(WireType::kStartGroup)) return false;
  if (depth_left_ <= 0) return Fail(ErrorKind::kDepthExceeded, origin_ + field_offset_);
  *child = Reader(origin_, ptr_, end_, depth_left_ - 1, field_number_);
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
