// Scalars as protobuf's text format writes them: C escapes of bytes, SimpleDtoa/SimpleFtoa, and a
// varint or fixed value by its declared type. Shared by the inspector's values and the printers.
#ifndef WIRELENS_CORE_TEXT_SCALAR_TEXT_H_
#define WIRELENS_CORE_TEXT_SCALAR_TEXT_H_

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "core/schema/schema.h"
#include "core/wire/varint.h"

namespace wirelens::text {

// printf's text of `format` and its arguments, cut at 127 characters.
std::string Format(const char* format, ...) __attribute__((format(printf, 1, 2)));

// protobuf's CEscape: \n \r \t \" \' \\ and octal \ooo for bytes outside 0x20..0x7e.
std::string CEscape(const uint8_t* data, size_t size);
// CEscape, appended to *out (a std::string, or any Out with append(const char*, size_t) and
// push_back(char)).
template <typename Out>
void AppendCEscaped(const uint8_t* data, size_t size, Out* out) {
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
// protobuf's SimpleDtoa / SimpleFtoa: the shortest of %.15g/%.17g (%.6g/%.9g) that round-trips.
std::string SimpleDtoa(double value);
std::string SimpleFtoa(float value);

// The value of a number node as its declared scalar type would print in text format (no quotes
// for strings: numbers, bools and enum names only). `field` must be a scalar field.
std::string ScalarText(uint64_t raw, const schema::Field& field, const schema::Schema& schema);
// Appends the decimal digits of integer `v` to *out: in place when Out has Reserve(n) and
// Commit(end) (format::TextOutput), else through a buffer.
template <typename Out, typename = void>
struct WritesInPlace : std::false_type {};
template <typename Out>
struct WritesInPlace<Out, std::void_t<decltype(std::declval<Out&>().Reserve(size_t{}))>> : std::true_type {};
template <typename T, typename Out>
void AppendDecimal(T v, Out* out) {
  constexpr size_t kDigits = 24;  // 20 digits and a sign at most
  if constexpr (WritesInPlace<Out>::value) {
    char* p = out->Reserve(kDigits);
    out->Commit(std::to_chars(p, p + kDigits, v).ptr);
  } else {
    char buf[kDigits];
    out->append(buf, static_cast<size_t>(std::to_chars(buf, buf + kDigits, v).ptr - buf));
  }
}

// ScalarText, appended to *out (as AppendCEscaped's), integers with no string of their own.
template <typename Out>
void AppendScalarText(uint64_t raw, const schema::Field& field, const schema::Schema& schema, Out* out) {
  switch (field.type) {
    case schema::FieldType::kInt32:
    case schema::FieldType::kSFixed32: AppendDecimal(static_cast<int32_t>(raw), out); return;
    case schema::FieldType::kInt64:
    case schema::FieldType::kSFixed64: AppendDecimal(static_cast<int64_t>(raw), out); return;
    case schema::FieldType::kUInt32:
    case schema::FieldType::kFixed32: AppendDecimal(static_cast<uint32_t>(raw), out); return;
    case schema::FieldType::kSInt32: AppendDecimal(ZigZagDecode32(static_cast<uint32_t>(raw)), out); return;
    case schema::FieldType::kSInt64: AppendDecimal(ZigZagDecode64(raw), out); return;
    case schema::FieldType::kBool: out->append(std::string_view(raw != 0 ? "true" : "false")); return;
    case schema::FieldType::kFloat:
      out->append(std::string_view(SimpleFtoa(BitCast<float>(static_cast<uint32_t>(raw)))));
      return;
    case schema::FieldType::kDouble: out->append(std::string_view(SimpleDtoa(BitCast<double>(raw)))); return;
    case schema::FieldType::kEnum: {
      const int32_t number = static_cast<int32_t>(raw);
      const char* name = field.enumeration >= 0 ? schema.enums[field.enumeration].NameOf(number) : nullptr;
      if (name != nullptr) out->append(std::string_view(name));
      else AppendDecimal(number, out);
      return;
    }
    default: AppendDecimal(raw, out); return;  // uint64, fixed64
  }
}

}  // namespace wirelens::text

#endif  // WIRELENS_CORE_TEXT_SCALAR_TEXT_H_
