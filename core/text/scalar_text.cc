#include "core/text/scalar_text.h"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>

#include "core/text/decimal.h"
#include "core/wire/varint.h"

namespace wirelens::text {

using schema::FieldType;

std::string Format(const char* format, ...) {
  char buf[128];
  va_list args;
  va_start(args, format);
  std::vsnprintf(buf, sizeof buf, format, args);
  va_end(args);
  return buf;
}

std::string CEscape(const uint8_t* data, size_t size) {
  std::string out;
  out.reserve(size);
  AppendCEscaped(data, size, &out);
  return out;
}

namespace {

#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
// The significant digits of the shortest text that reads back as `value`.
template <typename T>
int ShortestDigits(T value) {
  char buf[64];
  const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
  int digits = 0;
  for (const char* p = buf; p < r.ptr && *p != 'e'; ++p) digits += *p >= '0' && *p <= '9';
  return digits;
}

// printf's %.<precision>g, without printf's cost.
std::string General(double value, int precision) {
  char buf[64];
  const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::general, precision);
  return std::string(buf, r.ptr);
}
#endif

}  // namespace

// "%.15g" reads back as the value exactly when the value's shortest text has at most 15 digits:
// the 15-digit rounding of a normal double is then that text (its rounding interval is narrower
// than the 15-digit grid). Subnormals, whose intervals are wider, take printf's way.
std::string SimpleDtoa(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  std::string text;
  if (AppendShortDecimal(value, 15, false, &text)) return text;
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
  if (std::fpclassify(value) != FP_SUBNORMAL) return General(value, ShortestDigits(value) <= 15 ? 15 : 17);
#endif
  text = Format("%.15g", value);
  if (std::strtod(text.c_str(), nullptr) != value) text = Format("%.17g", value);
  return text;
}

// As SimpleDtoa, with 6 and 9 digits; subnormals (which strtof reads with ERANGE) always take 9.
std::string SimpleFtoa(float value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  std::string text;
  if (AppendShortDecimal(value, 6, true, &text)) return text;
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
  const bool subnormal = std::fpclassify(value) == FP_SUBNORMAL;
  return General(value, !subnormal && ShortestDigits(value) <= 6 ? 6 : 9);
#else
  text = Format("%.6g", static_cast<double>(value));
  // As protobuf's safe_strtof: an underflow (ERANGE, e.g. denormals) also asks for 9 digits.
  errno = 0;
  const float parsed = std::strtof(text.c_str(), nullptr);
  if (errno != 0 || parsed != value) text = Format("%.9g", static_cast<double>(value));
  return text;
#endif
}

std::string ScalarText(uint64_t raw, const schema::Field& field, const schema::Schema& schema) {
  std::string out;
  AppendScalarText(raw, field, schema, &out);
  return out;
}

}  // namespace wirelens::text
