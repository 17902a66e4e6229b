// Scalars as protobuf's text format writes them: C escapes of bytes, SimpleDtoa/SimpleFtoa, and a
// varint or fixed value by its declared type. Shared by the inspector's values and the printers.
#ifndef WIRELENS_CORE_TEXT_SCALAR_TEXT_H_
#define WIRELENS_CORE_TEXT_SCALAR_TEXT_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/schema/schema.h"

namespace wirelens::text {

// printf's text of `format` and its arguments, cut at 127 characters.
std::string Format(const char* format, ...) __attribute__((format(printf, 1, 2)));

// protobuf's CEscape: \n \r \t \" \' \\ and octal \ooo for bytes outside 0x20..0x7e.
std::string CEscape(const uint8_t* data, size_t size);
// CEscape, appended to *out.
void AppendCEscaped(const uint8_t* data, size_t size, std::string* out);
// protobuf's SimpleDtoa / SimpleFtoa: the shortest of %.15g/%.17g (%.6g/%.9g) that round-trips.
std::string SimpleDtoa(double value);
std::string SimpleFtoa(float value);

// The value of a number node as its declared scalar type would print in text format (no quotes
// for strings: numbers, bools and enum names only). `field` must be a scalar field.
std::string ScalarText(uint64_t raw, const schema::Field& field, const schema::Schema& schema);

}  // namespace wirelens::text

#endif  // WIRELENS_CORE_TEXT_SCALAR_TEXT_H_
