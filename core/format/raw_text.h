// protoc's text of fields read without a schema (--decode_raw, and unknown fields under --decode),
// and the line buffer every text printer writes to.
#ifndef WIRELENS_CORE_FORMAT_RAW_TEXT_H_
#define WIRELENS_CORE_FORMAT_RAW_TEXT_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "core/wire/wire_format.h"

namespace wirelens::format {

// Where a text printer writes. Text format is written line by line and never patched, so whole
// lines can leave the buffer as soon as they are complete.
struct TextOutput {
  std::string text;
  // When set, called with `text` (then cleared) each time a line ends with flush_bytes or more held.
  std::function<void(const std::string&)> flush;
  size_t flush_bytes = size_t{1} << 18;
  // Where in its input the printer is, at each field it starts (for a progress display).
  const uint8_t* reading = nullptr;

  // Ends the current line, flushing when due.
  void EndLine() {
    text.push_back('\n');
    if (flush && text.size() >= flush_bytes) {
      flush(text);
      text.clear();
    }
  }
  // Starts a line at `indent` (two spaces a level).
  void Indent(int indent) { text.append(static_cast<size_t>(indent) * 2, ' '); }
  // A whole line: indent, then `a` and `b`.
  void Line(int indent, std::string_view a, std::string_view b = {}) {
    Indent(indent);
    text.append(a);
    text.append(b);
    EndLine();
  }
};

// protobuf's TextFormat prints unknown fields with a nesting budget of 10.
inline constexpr int kUnknownFieldBudget = 10;

// Walks the fields in [p, end) (a group's contents when group_number != 0) as libprotobuf's
// UnknownFieldSet parser does, quirks included: tags and lengths are varints truncated to 32 bits;
// field number 0 and wire types 6/7 fail; a group ends with its own END_GROUP and nests at most
// `depth_left` deep. Prints them when `out` is not null, a length-delimited value as a nested
// message while `budget` lasts and it parses as one. Returns the position after them (after the
// END_GROUP), or nullptr when they do not parse.
const uint8_t* WalkProtocFields(const uint8_t* p, const uint8_t* end, int depth_left, uint32_t group_number,
                                TextOutput* out, int indent, int budget);

// Prints one field as protoc prints an unknown field: `number`, its wire type and its value
// (`value`/`size` the bytes of a length-delimited value or a group's contents, `raw` a varint's or
// fixed value's number).
void PrintUnknownField(uint32_t number, WireType wire_type, const uint8_t* value, size_t size, uint64_t raw,
                       TextOutput* out, int indent);

// protoc --decode_raw: every field by number; a length-delimited value is printed as a nested
// message when it parses as one (and the nesting budget of 10 allows), else as an escaped string.
// Returns false, printing nothing, when the input does not parse as a message.
bool RawText(const uint8_t* data, size_t size, TextOutput* out);

}  // namespace wirelens::format

#endif  // WIRELENS_CORE_FORMAT_RAW_TEXT_H_
