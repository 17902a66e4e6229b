// Which code points protobuf's JSON printer writes as \uXXXX escapes: one list for the C++ printers
// (json_values.cc) and the JS printer (web/codec/runtime.js reads it from wl_contract).
#ifndef WIRELENS_CORE_FORMAT_JSON_ESCAPES_H_
#define WIRELENS_CORE_FORMAT_JSON_ESCAPES_H_

#include <cstdint>

namespace wirelens::format {

struct CodePointRange {
  uint32_t first;
  uint32_t last;  // inclusive
};

// Besides controls, '<' and '>': U+007F..U+009F and invisible or format code points. Ascending.
inline constexpr CodePointRange kJsonHexEscapes[] = {
    {0x7f, 0x9f},     {0xad, 0xad},     {0x600, 0x603},     {0x6dd, 0x6dd},     {0x70f, 0x70f},
    {0x17b4, 0x17b5}, {0x200b, 0x200f}, {0x2028, 0x202e},   {0x2060, 0x2064},   {0x206a, 0x206f},
    {0xfeff, 0xfeff}, {0xfff9, 0xfffb}, {0x1d173, 0x1d17a}, {0xe0001, 0xe0001}, {0xe0020, 0xe007f},
};

// Whether code point `cp` is written as a \u escape (the short escapes \" \\ \b \t \n \f \r aside).
constexpr bool NeedsHexEscape(uint32_t cp) {
  if (cp < 0x20 || cp == '<' || cp == '>') return true;
  for (const CodePointRange& range : kJsonHexEscapes) {
    if (cp < range.first) return false;
    if (cp <= range.last) return true;
  }
  return false;
}

}  // namespace wirelens::format

#endif  // WIRELENS_CORE_FORMAT_JSON_ESCAPES_H_
