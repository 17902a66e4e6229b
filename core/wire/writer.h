// Forward writer of protobuf wire data into one caller-sized buffer, with the matching sizes.
//
// Why a size pre-pass and forward writing (rather than upb's reverse writing): the caller learns
// the exact encoded size first, allocates the output once at exactly that size (a std::string, a
// caller buffer, or a Uint8Array view of wasm memory in the JS API) and the bytes are written front
// to back with no copy afterwards. Generated code caches each sub-message's size during the pass,
// so nothing is measured twice and encoding stays linear in the message size. Reverse writing
// needs no pass, but it fills a growing buffer from the end and must over-allocate or copy to hand
// out an exact-size result.
//
// The Writer checks room before every write: if the buffer is too small nothing is written past
// its end, overflowed() turns true and later writes are dropped. With sizes from the *Size()
// functions the check never fires; it makes a size bug a reported error instead of memory damage.
#ifndef WIRELENS_CORE_WIRE_WRITER_H_
#define WIRELENS_CORE_WIRE_WRITER_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/wire/varint.h"
#include "core/wire/wire_format.h"

namespace wirelens {

class Writer {
 public:
  // Writes into [begin, begin + capacity).
  Writer(uint8_t* begin, size_t capacity) : begin_(begin), ptr_(begin), end_(begin + capacity) {}

  // ---- raw values --------------------------------------------------------------------------
  void WriteVarint(uint64_t value) {
    // Checking for the longest varint first keeps VarintSize() off the common path.
    if (HasRoomForAnyVarint() || Room(VarintSize(value))) ptr_ = wirelens::WriteVarint(ptr_, value);
  }
  void WriteTag(uint32_t field_number, WireType type) { WriteVarint(MakeTag(field_number, type)); }
  void WriteFixed32(uint32_t value) {
    if (Room(4)) ptr_ = wirelens::WriteFixed32(ptr_, value);
  }
  void WriteFixed64(uint64_t value) {
    if (Room(8)) ptr_ = wirelens::WriteFixed64(ptr_, value);
  }
  // A length prefix followed by `size` bytes.
  void WriteLengthDelimited(const void* data, size_t size) {
    WriteVarint(size);
    if (Room(size)) {
      if (size != 0) std::memcpy(ptr_, data, size);
      ptr_ += size;
    }
  }

  // ---- whole fields: tag + value, as each field type encodes -------------------------------
  void WriteInt32Field(uint32_t field, int32_t v) {
    WriteVarintField(field, static_cast<uint64_t>(static_cast<int64_t>(v)));
  }
  void WriteInt64Field(uint32_t field, int64_t v) { WriteVarintField(field, static_cast<uint64_t>(v)); }
  void WriteUInt32Field(uint32_t field, uint32_t v) { WriteVarintField(field, v); }
  void WriteUInt64Field(uint32_t field, uint64_t v) { WriteVarintField(field, v); }
  void WriteSInt32Field(uint32_t field, int32_t v) { WriteVarintField(field, ZigZagEncode32(v)); }
  void WriteSInt64Field(uint32_t field, int64_t v) { WriteVarintField(field, ZigZagEncode64(v)); }
  void WriteBoolField(uint32_t field, bool v) { WriteVarintField(field, v ? 1 : 0); }
  void WriteFixed32Field(uint32_t field, uint32_t v) {
    WriteTag(field, WireType::kFixed32);
    WriteFixed32(v);
  }
  void WriteFixed64Field(uint32_t field, uint64_t v) {
    WriteTag(field, WireType::kFixed64);
    WriteFixed64(v);
  }
  void WriteFloatField(uint32_t field, float v) { WriteFixed32Field(field, BitCast<uint32_t>(v)); }
  void WriteDoubleField(uint32_t field, double v) { WriteFixed64Field(field, BitCast<uint64_t>(v)); }
  void WriteBytesField(uint32_t field, const void* data, size_t size) {
    WriteTag(field, WireType::kLengthDelimited);
    WriteLengthDelimited(data, size);
  }
  void WriteVarintField(uint32_t field, uint64_t v) {
    WriteTag(field, WireType::kVarint);
    WriteVarint(v);
  }

  // ---- state -------------------------------------------------------------------------------
  // True when a write did not fit; the buffer then holds a prefix of the output.
  bool overflowed() const { return overflowed_; }
  size_t written() const { return static_cast<size_t>(ptr_ - begin_); }
  size_t remaining() const { return static_cast<size_t>(end_ - ptr_); }

 private:
  bool HasRoomForAnyVarint() const { return !overflowed_ && end_ - ptr_ >= kMaxVarintBytes; }
  bool Room(size_t bytes) {
    if (!overflowed_ && static_cast<size_t>(end_ - ptr_) >= bytes) return true;
    overflowed_ = true;
    return false;
  }

  uint8_t* begin_;
  uint8_t* ptr_;
  uint8_t* end_;
  bool overflowed_ = false;
};

}  // namespace wirelens

#endif  // WIRELENS_CORE_WIRE_WRITER_H_
