// Encoding primitives of the wire format: varints, zigzag, fixed-width numbers, their sizes.
//
// Writers take a pointer with enough room and return the pointer past what they wrote.
// Readers take [p, end) and return the pointer past what they read, or nullptr when the value is
// truncated or malformed (ReadVarintErrorKind() tells which). No function here allocates.
#ifndef WIRELENS_CORE_WIRE_VARINT_H_
#define WIRELENS_CORE_WIRE_VARINT_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/wire/status.h"
#include "core/wire/wire_format.h"

namespace wirelens {

// ---- sizes -------------------------------------------------------------------------------------

// Bytes taken by `value` as a varint: 1..10.
inline size_t VarintSize(uint64_t value) {
  // ceil(bits / 7) without a loop or a division: bits * 9 / 64 rounds the same way for 1..64.
  const int bits = 64 - __builtin_clzll(value | 1);
  return static_cast<size_t>((bits * 9 + 64) / 64);
}

// Bytes taken by an int32 field value: negative numbers are sign-extended to 10 bytes.
inline size_t Int32Size(int32_t value) { return VarintSize(static_cast<uint64_t>(static_cast<int64_t>(value))); }

// Bytes taken by the tag of `field_number`. Precondition: 1 <= field_number <= kMaxFieldNumber.
inline size_t TagSize(uint32_t field_number) { return VarintSize(uint64_t{field_number} << 3); }

// Bytes taken by a length-delimited value of `length` bytes, its length prefix included.
inline size_t LengthDelimitedSize(size_t length) { return VarintSize(length) + length; }

// ---- zigzag (sint32/sint64) --------------------------------------------------------------------

constexpr uint32_t ZigZagEncode32(int32_t v) {
  return (static_cast<uint32_t>(v) << 1) ^ static_cast<uint32_t>(-static_cast<int32_t>(static_cast<uint32_t>(v) >> 31));
}
constexpr uint64_t ZigZagEncode64(int64_t v) {
  return (static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(-static_cast<int64_t>(static_cast<uint64_t>(v) >> 63));
}
constexpr int32_t ZigZagDecode32(uint32_t n) { return static_cast<int32_t>((n >> 1) ^ (~(n & 1) + 1)); }
constexpr int64_t ZigZagDecode64(uint64_t n) { return static_cast<int64_t>((n >> 1) ^ (~(n & 1) + 1)); }

// ---- bit casts ---------------------------------------------------------------------------------

// Reinterprets the bytes of a value as another type of the same size (C++20's std::bit_cast).
template <class To, class From>
inline To BitCast(const From& from) {
  static_assert(sizeof(To) == sizeof(From), "bit cast between types of different sizes");
  To to;
  std::memcpy(&to, &from, sizeof(To));
  return to;
}

// ---- writing: preconditions: room for the bytes written (10 for a varint, 4/8 for fixed) -------

inline uint8_t* WriteVarint(uint8_t* p, uint64_t value) {
  while (value >= 0x80) {
    *p++ = static_cast<uint8_t>(value | 0x80);
    value >>= 7;
  }
  *p++ = static_cast<uint8_t>(value);
  return p;
}

inline uint8_t* WriteFixed32(uint8_t* p, uint32_t value) {
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  value = __builtin_bswap32(value);
#endif
  std::memcpy(p, &value, 4);
  return p + 4;
}

inline uint8_t* WriteFixed64(uint8_t* p, uint64_t value) {
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  value = __builtin_bswap64(value);
#endif
  std::memcpy(p, &value, 8);
  return p + 8;
}

// ---- reading -----------------------------------------------------------------------------------

// Slow path of ReadVarint for values of two or more bytes; same contract.
const uint8_t* ReadVarintSlow(const uint8_t* p, const uint8_t* end, uint64_t* value);

// Decodes the varint at [p, end) if it is one or two bytes (0..16383: most values, lengths, field
// numbers and ids), the part every reader inlines. Returns the pointer past it, or nullptr if the
// varint is longer or [p, end) ends inside it (*value is then unspecified).
inline __attribute__((always_inline)) const uint8_t* ReadShortVarint(const uint8_t* p, const uint8_t* end,
                                                                     uint64_t* value) {
  if (p < end && *p < 0x80) {
    *value = *p;
    return p + 1;
  }
  if (end - p >= 2 && p[1] < 0x80) {
    *value = (p[0] & 0x7fu) | (uint32_t{p[1]} << 7);
    return p + 2;
  }
  return nullptr;
}

// Decodes the varint at [p, end). Returns the pointer past it, or nullptr if it is truncated or
// longer than 10 bytes. Bits beyond 64 in a 10th byte are dropped, as libprotobuf does.
inline const uint8_t* ReadVarint(const uint8_t* p, const uint8_t* end, uint64_t* value) {
  if (const uint8_t* past = ReadShortVarint(p, end, value)) return past;
  return ReadVarintSlow(p, end, value);
}

// Reads the length prefix of a length-delimited value at [p, end). Returns its payload's start
// with *length set, or nullptr if the prefix is cut or too long or the payload runs past end (the
// Reader reports which: ReadLengthDelimited).
inline const uint8_t* ReadLengthPrefix(const uint8_t* p, const uint8_t* end, size_t* length) {
  uint64_t value;
  p = ReadVarint(p, end, &value);
  if (p == nullptr || value > static_cast<uint64_t>(end - p)) return nullptr;
  *length = static_cast<size_t>(value);
  return p;
}

// Why ReadVarint(p, end, ...) returned nullptr: kVarintTooLong or kTruncated.
ErrorKind ReadVarintErrorKind(const uint8_t* p, const uint8_t* end);

// Reads 4 / 8 little-endian bytes. Precondition: that many bytes are readable at p.
inline uint32_t LoadFixed32(const uint8_t* p) {
  uint32_t value;
  std::memcpy(&value, p, 4);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  value = __builtin_bswap32(value);
#endif
  return value;
}

inline uint64_t LoadFixed64(const uint8_t* p) {
  uint64_t value;
  std::memcpy(&value, p, 8);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  value = __builtin_bswap64(value);
#endif
  return value;
}

}  // namespace wirelens

#endif  // WIRELENS_CORE_WIRE_VARINT_H_
