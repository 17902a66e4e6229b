// protoc's text of fields read without a schema (--decode_raw, and unknown fields under --decode).
#ifndef WIRELENS_CORE_FORMAT_RAW_TEXT_H_
#define WIRELENS_CORE_FORMAT_RAW_TEXT_H_

#include <cstddef>
#include <cstdint>

#include "core/format/text_output.h"
#include "core/wire/wire_format.h"

namespace wirelens::format {

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
