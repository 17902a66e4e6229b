#include "core/format/json_values.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/format/json_escapes.h"
#include "core/text/base64.h"
#include "core/text/decimal.h"
#include "core/text/scalar_text.h"
#include "core/wire/varint.h"

namespace wirelens::format {
namespace {

using schema::FieldType;

// Decodes one UTF-8 sequence at p (valid input assumed; invalid bytes pass as one unit).
uint32_t NextCodePoint(const uint8_t* p, size_t n, size_t* length) {
  const uint8_t c = p[0];
  if (c < 0x80 || n < 2) {
    *length = 1;
    return c;
  }
  if (c < 0xe0) {
    *length = 2;
    return ((c & 0x1f) << 6) | (p[1] & 0x3f);
  }
  if (c < 0xf0 || n < 4) {
    *length = n < 3 ? 1 : 3;
    return *length == 1 ? c : ((c & 0x0f) << 12) | ((p[1] & 0x3f) << 6) | (p[2] & 0x3f);
  }
  *length = 4;
  return ((c & 0x07) << 18) | ((p[1] & 0x3f) << 12) | ((p[2] & 0x3f) << 6) | (p[3] & 0x3f);
}

// The two-character escape of cp, or nullptr.
const char* ShortEscape(uint32_t cp) {
  switch (cp) {
    case '"': return "\\\"";
    case '\\': return "\\\\";
    case '\b': return "\\b";
    case '\t': return "\\t";
    case '\n': return "\\n";
    case '\f': return "\\f";
    case '\r': return "\\r";
    default: return nullptr;
  }
}

// The bytes that stand for themselves in a JSON string without a look at what follows: printable
// ASCII but '"', '\\', '<' and '>'. ('<' '>' and controls need escapes, as do code points from
// U+007F to U+009F, invisible ones.)
constexpr std::array<bool, 256> kPlainByte = [] {
  std::array<bool, 256> plain{};
  for (int c = 0x20; c < 0x7f; ++c) plain[c] = c != '"' && c != '\\' && c != '<' && c != '>';
  return plain;
}();

constexpr char kDigitPairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

}  // namespace

void AppendEscaped(const uint8_t* data, size_t size, StringSink* out) {
  *out += '"';
  size_t plain = 0;  // start of the bytes not yet appended, which need no escape
  for (size_t i = 0; i < size;) {
    if (kPlainByte[data[i]]) {
      ++i;
      continue;
    }
    size_t length;
    const uint32_t cp = NextCodePoint(data + i, size - i, &length);
    const char* escape = ShortEscape(cp);
    if (escape == nullptr && !NeedsHexEscape(cp)) {
      i += length;
      continue;
    }
    out->Append(reinterpret_cast<const char*>(data + plain), i - plain);
    if (escape != nullptr) {
      *out += escape;
    } else {
      char buf[16];
      if (cp >= 0x10000) {
        const uint32_t v = cp - 0x10000;
        std::snprintf(buf, sizeof buf, "\\u%04x\\u%04x", 0xd800 + (v >> 10), 0xdc00 + (v & 0x3ff));
      } else {
        std::snprintf(buf, sizeof buf, "\\u%04x", cp);
      }
      *out += buf;
    }
    i += length;
    plain = i;
  }
  out->Append(reinterpret_cast<const char*>(data + plain), size - plain);
  *out += '"';
}

void JsonValueWriter::DefaultValue(const schema::Field& f) {
  switch (f.type) {
    case FieldType::kString:
    case FieldType::kBytes: out_ += "\"\""; return;
    default: Value(f, WireValue{});
  }
}

void JsonValueWriter::Value(const schema::Field& f, const WireValue& v) {
  switch (f.type) {
    case FieldType::kString: AppendEscaped(v.data, v.size, &out_); return;
    case FieldType::kBytes:
      out_ += '"';
      out_ += text::EncodeBase64(v.data, v.size);
      out_ += '"';
      return;
    case FieldType::kEnum: {
      if (f.type_name == "google.protobuf.NullValue") {
        out_ += "null";
        return;
      }
      const char* name = options_.always_print_enums_as_ints || f.enumeration < 0
                             ? nullptr
                             : schema_.enums[f.enumeration].NameOf(static_cast<int32_t>(v.raw));
      if (name != nullptr) Quoted(name);
      else Signed(static_cast<int32_t>(v.raw), false);
      return;
    }
    default: ScalarJson(f, v.raw);
  }
}

void JsonValueWriter::Integer(uint64_t magnitude, bool negative, bool quoted) {
  char digits[24];
  char* p = digits + sizeof digits;
  while (magnitude > UINT32_MAX) {  // 64-bit division only for the high digits: it is slow in wasm
    *--p = static_cast<char>('0' + magnitude % 10);
    magnitude /= 10;
  }
  uint32_t low = static_cast<uint32_t>(magnitude);
  while (low >= 100) {
    const char* pair = &kDigitPairs[2 * (low % 100)];
    low /= 100;
    *--p = pair[1];
    *--p = pair[0];
  }
  if (low >= 10) {
    *--p = kDigitPairs[2 * low + 1];
    *--p = kDigitPairs[2 * low];
  } else {
    *--p = static_cast<char>('0' + low);
  }
  if (negative) *--p = '-';
  if (quoted) out_ += '"';
  out_.Append(p, static_cast<size_t>(digits + sizeof digits - p));
  if (quoted) out_ += '"';
}

void JsonValueWriter::ScalarJson(const schema::Field& f, uint64_t raw) {
  switch (f.type) {
    case FieldType::kInt32:
    case FieldType::kSFixed32: return Signed(static_cast<int32_t>(raw), false);
    case FieldType::kSInt32: return Signed(ZigZagDecode32(static_cast<uint32_t>(raw)), false);
    case FieldType::kUInt32:
    case FieldType::kFixed32: return Integer(static_cast<uint32_t>(raw), false, false);
    case FieldType::kInt64:
    case FieldType::kSFixed64: return Signed(static_cast<int64_t>(raw), true);
    case FieldType::kSInt64: return Signed(ZigZagDecode64(raw), true);
    case FieldType::kUInt64:
    case FieldType::kFixed64: return Integer(raw, false, true);
    case FieldType::kBool: out_ += raw != 0 ? "true" : "false"; return;
    default: break;
  }
  // Floats and doubles: the short decimal straight into the output where there is one.
  const bool is_float = f.type == FieldType::kFloat;
  const double value = is_float ? BitCast<float>(static_cast<uint32_t>(raw)) : BitCast<double>(raw);
  char decimal[text::kShortDecimalMax];
  const size_t length = std::isfinite(value) ? text::WriteShortDecimal(value, is_float ? 6 : 15, is_float, decimal) : 0;
  if (length != 0) {
    out_.Append(decimal, length);
    return;
  }
  const std::string text = text::ScalarText(raw, f, schema_);
  if (text == "nan") out_ += "\"NaN\"";
  else if (text == "inf") out_ += "\"Infinity\"";
  else if (text == "-inf") out_ += "\"-Infinity\"";
  else out_ += text;
}

void JsonValueWriter::MapKeyName(const schema::Field& key_field, const WireValue& key) {
  if (key_field.type == FieldType::kString) {
    AppendEscaped(key.data, key.size, &out_);
    return;
  }
  out_ += '"';
  out_ += text::ScalarText(key.raw, key_field, schema_);
  out_ += '"';
}

}  // namespace wirelens::format
