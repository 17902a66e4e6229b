// UTF-8 validation for proto3 `string` fields (RFC 3629: no overlongs, no surrogates, <= U+10FFFF).
#ifndef WIRELENS_CORE_WIRE_UTF8_H_
#define WIRELENS_CORE_WIRE_UTF8_H_

#include <cstddef>
#include <cstdint>

namespace wirelens {

// True when [data, data + size) is well-formed UTF-8. Runs 8 bytes at a time over ASCII.
bool IsValidUtf8(const uint8_t* data, size_t size);

}  // namespace wirelens

#endif  // WIRELENS_CORE_WIRE_UTF8_H_
