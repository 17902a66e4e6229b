// One scalar value of each field type between its wire form and its tape bits (tape.h: the word,
// or for 64-bit kinds the two words, a generated codec's ToTape writes for it).
#ifndef WIRELENS_CORE_TABLE_SCALARS_H_
#define WIRELENS_CORE_TABLE_SCALARS_H_

#include <cstddef>
#include <cstdint>

#include "core/wire/varint.h"
#include "core/wire/wire_format.h"

namespace wirelens::table {

// The tape bits of a value of `type` whose wire form is `raw` (a varint's 64 bits, or a fixed
// value's bits), as the field codecs (core/wire/field_codec.h) convert it.
inline uint64_t TapeBits(FieldType type, uint64_t raw) {
  switch (type) {
    case FieldType::kSInt32: return static_cast<uint32_t>(ZigZagDecode32(static_cast<uint32_t>(raw)));
    case FieldType::kSInt64: return static_cast<uint64_t>(ZigZagDecode64(raw));
    case FieldType::kBool: return raw != 0 ? 1 : 0;
    case FieldType::kInt32:
    case FieldType::kEnum:
    case FieldType::kUInt32:
    case FieldType::kFixed32:
    case FieldType::kSFixed32:
    case FieldType::kFloat: return static_cast<uint32_t>(raw);
    default: return raw;
  }
}

// The varint that encodes tape bits `bits` of varint-typed `type`.
inline uint64_t VarintOf(FieldType type, uint64_t bits) {
  switch (type) {
    case FieldType::kInt32:
    case FieldType::kEnum: return static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(bits)));
    case FieldType::kUInt32: return static_cast<uint32_t>(bits);
    case FieldType::kSInt32: return ZigZagEncode32(static_cast<int32_t>(static_cast<uint32_t>(bits)));
    case FieldType::kSInt64: return ZigZagEncode64(static_cast<int64_t>(bits));
    case FieldType::kBool: return static_cast<uint32_t>(bits) != 0 ? 1 : 0;
    default: return bits;
  }
}

// Bytes of the value (without its tag).
inline size_t ScalarSize(FieldType type, uint64_t bits) {
  switch (WireTypeOf(type)) {
    case WireType::kFixed32: return 4;
    case WireType::kFixed64: return 8;
    default: return VarintSize(VarintOf(type, bits));
  }
}

// Writes the value (without its tag) at p; returns the position past it.
inline uint8_t* WriteScalar(uint8_t* p, FieldType type, uint64_t bits) {
  switch (WireTypeOf(type)) {
    case WireType::kFixed32: return WriteFixed32(p, static_cast<uint32_t>(bits));
    case WireType::kFixed64: return WriteFixed64(p, bits);
    default: return WriteVarint(p, VarintOf(type, bits));
  }
}

// Reads one value of wire type `wire_type` (varint or fixed) at p; the position past it, or
// nullptr when it is cut or malformed.
inline const uint8_t* ReadRawScalar(const uint8_t* p, const uint8_t* end, WireType wire_type, uint64_t* raw) {
  switch (wire_type) {
    case WireType::kFixed32:
      if (end - p < 4) return nullptr;
      *raw = LoadFixed32(p);
      return p + 4;
    case WireType::kFixed64:
      if (end - p < 8) return nullptr;
      *raw = LoadFixed64(p);
      return p + 8;
    default: return ReadVarint(p, end, raw);
  }
}

}  // namespace wirelens::table

#endif  // WIRELENS_CORE_TABLE_SCALARS_H_
