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

void AppendCEscaped(const uint8_t* data, size_t size, std::string* out) {
  static const char kOctal[] = "01234567";
  const auto plain = [](uint8_t c) { return c >= 0x20 && c < 0x7f && c != '"' && c != '\'' && c != '\\'; };
  for (size_t i = 0; i < size; ++i) {
    size_t run = i;
    while (run < size && plain(data[run])) ++run;
    out->append(reinterpret_cast<const char*>(data + i), run - i);  // copied a run at a time
    if (run == size) return;
    i = run;
    const uint8_t c = data[i];
    switch (c) {
      case '\n': out->append("\\n"); break;
      case '\r': out->append("\\r"); break;
      case '\t': out->append("\\t"); break;
      case '"': out->append("\\\""); break;
      case '\'': out->append("\\'"); break;
      case '\\': out->append("\\\\"); break;
      default: {
        const char octal[4] = {'\\', kOctal[c >> 6], kOctal[(c >> 3) & 7], kOctal[c & 7]};
        out->append(octal, 4);
      }
    }
  }
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
  switch (field.type) {
    case FieldType::kInt32:
    case FieldType::kSFixed32: return std::to_string(static_cast<int32_t>(raw));
    case FieldType::kInt64:
    case FieldType::kSFixed64: return std::to_string(static_cast<int64_t>(raw));
    case FieldType::kUInt32:
    case FieldType::kFixed32: return std::to_string(static_cast<uint32_t>(raw));
    case FieldType::kUInt64:
    case FieldType::kFixed64: return std::to_string(raw);
    case FieldType::kSInt32: return std::to_string(ZigZagDecode32(static_cast<uint32_t>(raw)));
    case FieldType::kSInt64: return std::to_string(ZigZagDecode64(raw));
    case FieldType::kBool: return raw != 0 ? "true" : "false";
    case FieldType::kFloat: return SimpleFtoa(BitCast<float>(static_cast<uint32_t>(raw)));
    case FieldType::kDouble: return SimpleDtoa(BitCast<double>(raw));
    case FieldType::kEnum: {
      const int32_t number = static_cast<int32_t>(raw);
      const char* name = field.enumeration >= 0 ? schema.enums[field.enumeration].NameOf(number) : nullptr;
      return name != nullptr ? name : std::to_string(number);
    }
    default: return std::to_string(raw);
  }
}

}  // namespace wirelens::text
