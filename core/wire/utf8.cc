#include "core/wire/utf8.h"

#include <cstring>

namespace wirelens {

size_t Utf16Length(const uint8_t* p, size_t size) {
  const uint8_t* end = p + size;
  size_t units = 0;
  while (p < end) {
    // ASCII fast path: 8 bytes with no high bit.
    if (end - p >= 8) {
      uint64_t word;
      std::memcpy(&word, p, 8);
      if ((word & 0x8080808080808080ull) == 0) {
        p += 8;
        units += 8;
        continue;
      }
    }
    const uint8_t lead = *p;
    if (lead < 0x80) {
      ++p;
      ++units;
      continue;
    }
    int length;
    uint8_t min_second = 0x80, max_second = 0xbf;  // the second byte's range narrows for some leads
    if (lead >= 0xc2 && lead <= 0xdf) {
      length = 2;
    } else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead == 0xe0) min_second = 0xa0;  // overlong
      if (lead == 0xed) max_second = 0x9f;  // surrogates U+D800..U+DFFF
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead == 0xf0) min_second = 0x90;  // overlong
      if (lead == 0xf4) max_second = 0x8f;  // above U+10FFFF
    } else {
      return kNotUtf8;  // continuation byte, overlong 2-byte lead (c0, c1) or f5..ff
    }
    if (end - p < length) return kNotUtf8;
    if (p[1] < min_second || p[1] > max_second) return kNotUtf8;
    for (int i = 2; i < length; ++i) {
      if ((p[i] & 0xc0) != 0x80) return kNotUtf8;
    }
    p += length;
    units += length == 4 ? 2 : 1;  // beyond U+FFFF: a surrogate pair
  }
  return units;
}

uint16_t* Utf8ToUtf16(const uint8_t* p, size_t size, uint16_t* out) {
  const uint8_t* end = p + size;
  while (p < end) {
    const uint32_t lead = *p;
    if (lead < 0x80) {
      *out++ = static_cast<uint16_t>(lead);
      ++p;
    } else if (lead < 0xe0) {
      *out++ = static_cast<uint16_t>(((lead & 0x1f) << 6) | (p[1] & 0x3f));
      p += 2;
    } else if (lead < 0xf0) {
      *out++ = static_cast<uint16_t>(((lead & 0x0f) << 12) | ((p[1] & 0x3f) << 6) | (p[2] & 0x3f));
      p += 3;
    } else {
      const uint32_t c =
          (((lead & 0x07) << 18) | ((p[1] & 0x3fu) << 12) | ((p[2] & 0x3fu) << 6) | (p[3] & 0x3fu)) - 0x10000;
      *out++ = static_cast<uint16_t>(0xd800 | (c >> 10));
      *out++ = static_cast<uint16_t>(0xdc00 | (c & 0x3ff));
      p += 4;
    }
  }
  return out;
}

}  // namespace wirelens
