// UTF-8 validation for proto3 `string` fields (RFC 3629: no overlongs, no surrogates, <= U+10FFFF).
#ifndef WIRELENS_CORE_WIRE_UTF8_H_
#define WIRELENS_CORE_WIRE_UTF8_H_

#include <cstddef>
#include <cstdint>

namespace wirelens {

// What Utf16Length returns for bytes that are not well-formed UTF-8.
inline constexpr size_t kNotUtf8 = static_cast<size_t>(-1);

// The number of UTF-16 code units [data, data + size) decodes to (a JS string's length), or
// kNotUtf8 when it is not well-formed UTF-8. Runs 8 bytes at a time over ASCII.
size_t Utf16Length(const uint8_t* data, size_t size);

// Writes the UTF-16 code units of [data, data + size) to `out` and returns the end of what it
// wrote. Precondition: the bytes are well-formed UTF-8 (Utf16Length said how many units).
uint16_t* Utf8ToUtf16(const uint8_t* data, size_t size, uint16_t* out);

// True when [data, data + size) is well-formed UTF-8.
inline bool IsValidUtf8(const uint8_t* data, size_t size) { return Utf16Length(data, size) != kNotUtf8; }

}  // namespace wirelens

#endif  // WIRELENS_CORE_WIRE_UTF8_H_
