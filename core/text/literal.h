// Scalar literals of protobuf's text format, read and written: what the app's edit box and the
// text-format reader take for numbers, bools, enums, strings and bytes.
#ifndef WIRELENS_CORE_TEXT_LITERAL_H_
#define WIRELENS_CORE_TEXT_LITERAL_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "core/schema/schema.h"

namespace wirelens::text {

// One or more adjacent quoted strings ("a" 'b'), with text format's escapes: \n \r \t \a \b \f \v
// \\ \' \" \? \ooo (octal), \xHH, \uXXXX and \UXXXXXXXX (as UTF-8). False with *error otherwise.
bool ParseTextString(std::string_view text, std::string* out, std::string* error);

// An integer: decimal, 0x hex or 0 octal, after an optional '-'. Sets its sign and magnitude
// (-0 is 0); false when it is not one or does not fit 64 bits.
bool ParseTextInteger(std::string_view text, bool* negative, uint64_t* magnitude, std::string* error);

// A floating-point number: decimal with optional fraction and exponent, an integer, inf, infinity
// or nan (any case), an optional f/F suffix, after an optional '-'.
bool ParseTextFloat(std::string_view text, double* out, std::string* error);

// Encodes one value of `type` read from its literal (surrounding whitespace ignored): the varint or
// fixed-width bytes of a number, bool or enum (enums by value name or number; a closed enum only
// takes its own numbers), the content of a string (valid UTF-8 required when `utf8` is set) or
// bytes. Not for messages and groups. False with a message in *error ("out of range for int32").
bool EncodeTextScalar(schema::FieldType type, std::string_view text, const schema::Enum* enumeration, bool utf8,
                      std::string* out, std::string* error);

// Appends `value`'s varint bytes to *out (for the bytes EncodeTextScalar and its callers build).
void AppendVarint(uint64_t value, std::string* out);

// The value of a hex digit (0-15), or 99 for any other character (so octal and decimal checks
// can compare against their base).
int DigitValue(char c);

// Bytes typed as hex, two digits a byte: "0a ff", "0x0a,0xff", "0a:ff". Whitespace, ',' and ':'
// between digits and a "0x" before a byte are skipped. Returns false with *error set when a
// character is not a hex digit, there are no digits, or their count is odd; *out is then unchanged.
bool ParseHex(std::string_view text, std::string* out, std::string* error);

// Appends the UTF-8 bytes of a code point (at most 0x10FFFF) to *out.
void AppendUtf8(uint32_t code_point, std::string* out);

// The literal a value would be typed as: strings quoted with only quotes, backslashes and control
// characters escaped (UTF-8 stays readable; anything not UTF-8 as octal escapes).
std::string QuoteTextString(const uint8_t* data, size_t size);

// Whether text format names field f of m by its type, as protoc does for what proto2's group
// syntax declares: a group whose type is nested in m and named as the field, capitalised. Other
// delimited fields (editions) go by the field name only.
bool GroupLike(const schema::Schema& schema, const schema::Message& m, const schema::Field& f);

}  // namespace wirelens::text

#endif  // WIRELENS_CORE_TEXT_LITERAL_H_
