// Short decimals of doubles and floats, both ways, without printf/strtod's long-double arithmetic
// (software-emulated in wasm): the fast paths of SimpleDtoa/SimpleFtoa and of the JSON reader's
// numbers. Each says when it cannot decide; the caller then takes the general way.
#ifndef WIRELENS_CORE_TEXT_DECIMAL_H_
#define WIRELENS_CORE_TEXT_DECIMAL_H_

#include <cstddef>
#include <string>
#include <string_view>

namespace wirelens::text {

// printf's "%.<digits>g" of `value` (a double, or a float widened to one, with `is_float`) when
// it is that text which reads back as `value`: a decimal of at most `digits` (<= 15) significant
// digits within the range 1e-22 to 10^digits. Appends the text to *out and returns true; returns
// false, appending nothing, for every other value (the caller then asks printf).
bool AppendShortDecimal(double value, int digits, bool is_float, std::string* out);

// The same text written at `out`, which has room for kShortDecimalMax bytes; returns its length,
// or 0 for the values AppendShortDecimal refuses.
inline constexpr size_t kShortDecimalMax = 32;
size_t WriteShortDecimal(double value, int digits, bool is_float, char* out);

// The double a decimal literal (-?digits[.digits][e[+-]digits], as JSON writes numbers) denotes,
// when it has at most 15 significant digits and a power of ten within 10^+-22 (then one correctly
// rounded multiplication or division gives it, as strtod would). False for every other literal.
bool ParseShortDecimal(std::string_view literal, double* out);

}  // namespace wirelens::text

#endif  // WIRELENS_CORE_TEXT_DECIMAL_H_
