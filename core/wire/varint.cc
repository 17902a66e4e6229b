#include "core/wire/varint.h"

namespace wirelens {

const uint8_t* ReadVarintSlow(const uint8_t* p, const uint8_t* end, uint64_t* value) {
  uint64_t result = 0;
  if (end - p >= kMaxVarintBytes) {
    // All 10 bytes are readable: no bounds checks, and a constant trip count the compiler unrolls.
    for (int i = 0; i < kMaxVarintBytes; ++i) {
      const uint64_t byte = p[i];
      result |= (byte & 0x7f) << (7 * i);
      if (byte < 0x80) {
        *value = result;
        return p + i + 1;
      }
    }
    return nullptr;
  }
  for (int shift = 0; p < end; shift += 7) {
    const uint64_t byte = *p++;
    result |= (byte & 0x7f) << shift;
    if (byte < 0x80) {
      *value = result;
      return p;
    }
  }
  return nullptr;
}

ErrorKind ReadVarintErrorKind(const uint8_t* p, const uint8_t* end) {
  return (end - p >= kMaxVarintBytes) ? ErrorKind::kVarintTooLong : ErrorKind::kTruncated;
}

const char* WireTypeName(WireType type) {
  switch (type) {
    case WireType::kVarint: return "varint";
    case WireType::kFixed64: return "i64";
    case WireType::kLengthDelimited: return "len";
    case WireType::kStartGroup: return "sgroup";
    case WireType::kEndGroup: return "egroup";
    case WireType::kFixed32: return "i32";
  }
  return "invalid";
}

}  // namespace wirelens
