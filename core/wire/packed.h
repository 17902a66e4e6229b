// The elements of a packed run (a length-delimited value of varints or of fixed-width numbers),
// read where they lie. Header-only; nothing here allocates.
#ifndef WIRELENS_CORE_WIRE_PACKED_H_
#define WIRELENS_CORE_WIRE_PACKED_H_

#include <cstddef>
#include <cstdint>

#include "core/wire/varint.h"

namespace wirelens {

// The width of a packed run's elements of wire type `wire_type`: 4 (fixed32), 8 (fixed64), else 0
// (varints).
inline int PackedWidth(WireType wire_type) {
  return wire_type == WireType::kFixed32 ? 4 : wire_type == WireType::kFixed64 ? 8 : 0;
}

// Calls f(raw, at) for each element of the run [p, end) of `width`-byte elements (0: varints), in
// order, with its value as the wire holds it (a varint's number, a fixed value's bits) and its first
// byte. Returns false, after the whole elements before it, at an element cut by `end` (or an
// overlong varint); true when the run ends on an element's end.
template <typename F>
bool ForEachPackedElement(const uint8_t* p, const uint8_t* end, int width, F f) {
  while (p < end) {
    const uint8_t* at = p;
    uint64_t raw;
    if (width == 0) {
      p = ReadVarint(p, end, &raw);
      if (p == nullptr) return false;
    } else {
      if (end - p < width) return false;
      raw = width == 4 ? LoadFixed32(p) : LoadFixed64(p);
      p += width;
    }
    f(raw, at);
  }
  return true;
}

// True when [p, end) is a whole run of `width`-byte elements (0: varints), as ForEachPackedElement
// would find it; O(1) for fixed widths.
inline bool IsWholePackedRun(const uint8_t* p, const uint8_t* end, int width) {
  if (width != 0) return (end - p) % width == 0;
  return ForEachPackedElement(p, end, 0, [](uint64_t, const uint8_t*) {});
}

}  // namespace wirelens

#endif  // WIRELENS_CORE_WIRE_PACKED_H_
