#include "core/wire/utf8.h"

#include <cstring>

namespace wirelens {

bool IsValidUtf8(const uint8_t* p, size_t size) {
  const uint8_t* end = p + size;
  while (p < end) {
    // ASCII fast path: 8 bytes with no high bit.
    if (end - p >= 8) {
      uint64_t word;
      std::memcpy(&word, p, 8);
      if ((word & 0x8080808080808080ull) == 0) {
        p += 8;
        continue;
      }
    }
    const uint8_t lead = *p;
    if (lead < 0x80) {
      ++p;
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
      return false;  // continuation byte, overlong 2-byte lead (c0, c1) or f5..ff
    }
    if (end - p < length) return false;
    if (p[1] < min_second || p[1] > max_second) return false;
    for (int i = 2; i < length; ++i) {
      if ((p[i] & 0xc0) != 0x80) return false;
    }
    p += length;
  }
  return true;
}

}  // namespace wirelens
