#include "core/text/literal.h"

#include <cerrno>
#include <cfloat>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "core/text/scalar_text.h"
#include "core/wire/utf8.h"
#include "core/wire/varint.h"

namespace wirelens::text {
namespace {

using schema::FieldType;

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r')) {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r')) {
    s.remove_suffix(1);
  }
  return s;
}

// The escape at text[*i] (just after the backslash); advances *i past it.
bool ParseEscape(std::string_view text, size_t* i, std::string* out, std::string* error) {
  if (*i >= text.size()) return *error = "a string ends in a backslash", false;
  const char c = text[(*i)++];
  switch (c) {
    case 'n': out->push_back('\n'); return true;
    case 'r': out->push_back('\r'); return true;
    case 't': out->push_back('\t'); return true;
    case 'a': out->push_back('\a'); return true;
    case 'b': out->push_back('\b'); return true;
    case 'f': out->push_back('\f'); return true;
    case 'v': out->push_back('\v'); return true;
    case '\\':
    case '\'':
    case '"':
    case '?': out->push_back(c); return true;
    default: break;
  }
  if (c >= '0' && c <= '7') {
    unsigned value = static_cast<unsigned>(c - '0');
    for (int k = 0; k < 2 && *i < text.size() && text[*i] >= '0' && text[*i] <= '7'; ++k) {
      value = value * 8 + static_cast<unsigned>(text[(*i)++] - '0');
    }
    if (value > 0xff) return *error = "an octal escape above \\377", false;
    out->push_back(static_cast<char>(value));
    return true;
  }
  if (c == 'x' || c == 'X') {
    unsigned value = 0;
    int digits = 0;
    for (; digits < 2 && *i < text.size() && DigitValue(text[*i]) < 16; ++digits) {
      value = value * 16 + static_cast<unsigned>(DigitValue(text[(*i)++]));
    }
    if (digits == 0) return *error = "\\x without hex digits", false;
    out->push_back(static_cast<char>(value));
    return true;
  }
  if (c == 'u' || c == 'U') {
    const int digits = c == 'u' ? 4 : 8;
    uint32_t code_point = 0;
    for (int k = 0; k < digits; ++k) {
      if (*i >= text.size() || DigitValue(text[*i]) >= 16) {
        return *error = std::string("\\") + c + " needs " + std::to_string(digits) + " hex digits", false;
      }
      code_point = code_point * 16 + static_cast<uint32_t>(DigitValue(text[(*i)++]));
    }
    if (code_point > 0x10ffff || (code_point >= 0xd800 && code_point <= 0xdfff)) {
      return *error = "\\" + std::string(1, c) + " names no Unicode character", false;
    }
    AppendUtf8(code_point, out);
    return true;
  }
  return *error = std::string("unknown escape \\") + c, false;
}

bool InRange(bool negative, uint64_t magnitude, int64_t min, uint64_t max) {
  if (!negative) return magnitude <= max;
  return magnitude <= static_cast<uint64_t>(-(min + 1)) + 1;
}

int64_t Signed(bool negative, uint64_t magnitude) {
  return negative ? static_cast<int64_t>(0 - magnitude) : static_cast<int64_t>(magnitude);
}

template <typename T>
void AppendFixed(T value, std::string* out) {
  uint8_t buffer[sizeof(T)];
  if constexpr (sizeof(T) == 4) {
    WriteFixed32(buffer, value);
  } else {
    WriteFixed64(buffer, value);
  }
  out->append(reinterpret_cast<const char*>(buffer), sizeof(T));
}

}  // namespace

int DigitValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return 99;
}

bool ParseHex(std::string_view text, std::string* out, std::string* error) {
  std::string digits;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == ',' || c == ':') continue;
    if (c == '0' && i + 1 < text.size() && (text[i + 1] == 'x' || text[i + 1] == 'X')) {
      ++i;
      continue;
    }
    if (DigitValue(c) > 15) return *error = std::string("not a hex digit: '") + c + "'", false;
    digits += c;
  }
  if (digits.empty()) return *error = "no hex digits", false;
  if (digits.size() % 2 != 0) return *error = "an odd number of hex digits (two per byte)", false;
  std::string bytes;
  for (size_t i = 0; i < digits.size(); i += 2) {
    bytes.push_back(static_cast<char>(DigitValue(digits[i]) * 16 + DigitValue(digits[i + 1])));
  }
  *out = std::move(bytes);
  return true;
}

void AppendUtf8(uint32_t code_point, std::string* out) {
  if (code_point < 0x80) {
    out->push_back(static_cast<char>(code_point));
  } else if (code_point < 0x800) {
    out->push_back(static_cast<char>(0xc0 | (code_point >> 6)));
    out->push_back(static_cast<char>(0x80 | (code_point & 0x3f)));
  } else if (code_point < 0x10000) {
    out->push_back(static_cast<char>(0xe0 | (code_point >> 12)));
    out->push_back(static_cast<char>(0x80 | ((code_point >> 6) & 0x3f)));
    out->push_back(static_cast<char>(0x80 | (code_point & 0x3f)));
  } else {
    out->push_back(static_cast<char>(0xf0 | (code_point >> 18)));
    out->push_back(static_cast<char>(0x80 | ((code_point >> 12) & 0x3f)));
    out->push_back(static_cast<char>(0x80 | ((code_point >> 6) & 0x3f)));
    out->push_back(static_cast<char>(0x80 | (code_point & 0x3f)));
  }
}

void AppendVarint(uint64_t value, std::string* out) {
  uint8_t buffer[10];
  out->append(reinterpret_cast<const char*>(buffer), WriteVarint(buffer, value) - buffer);
}

bool ParseTextString(std::string_view text, std::string* out, std::string* error) {
  out->clear();
  text = Trim(text);
  if (text.empty() || (text[0] != '"' && text[0] != '\'')) return *error = "a string must be quoted: \"...\"", false;
  size_t i = 0;
  while (i < text.size()) {
    const char quote = text[i++];
    if (quote != '"' && quote != '\'') return *error = "unexpected text after a string", false;
    for (;;) {
      if (i >= text.size() || text[i] == '\n') return *error = "a string without its closing quote", false;
      const char c = text[i++];
      if (c == quote) break;
      if (c != '\\') {
        out->push_back(c);
      } else if (!ParseEscape(text, &i, out, error)) {
        return false;
      }
    }
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) ++i;
  }
  return true;
}

bool ParseTextInteger(std::string_view text, bool* negative, uint64_t* magnitude, std::string* error) {
  text = Trim(text);
  const bool minus = !text.empty() && text[0] == '-';
  if (minus) text.remove_prefix(1);
  int base = 10;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    base = 16;
    text.remove_prefix(2);
  } else if (text.size() > 1 && text[0] == '0') {
    base = 8;
    text.remove_prefix(1);
  }
  if (text.empty()) return *error = "not an integer", false;
  uint64_t value = 0;
  for (char c : text) {
    const int digit = DigitValue(c);
    if (digit >= base) return *error = "not an integer: '" + std::string(1, c) + "'", false;
    if (value > (UINT64_MAX - static_cast<uint64_t>(digit)) / static_cast<uint64_t>(base)) {
      return *error = "an integer beyond 64 bits", false;
    }
    value = value * static_cast<uint64_t>(base) + static_cast<uint64_t>(digit);
  }
  *negative = minus && value != 0;
  *magnitude = value;
  return true;
}

bool ParseTextFloat(std::string_view text, double* out, std::string* error) {
  text = Trim(text);
  std::string s(text);
  const bool minus = !s.empty() && s[0] == '-';
  std::string body = s.substr(minus ? 1 : 0);
  std::string lower;
  for (char c : body) lower.push_back(static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
  if (lower == "inf" || lower == "infinity" || lower == "nan") {
    *out = lower == "nan" ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
    if (minus) *out = -*out;
    return true;
  }
  if (!body.empty() && (body.back() == 'f' || body.back() == 'F')) body.pop_back();
  const bool plain = !body.empty() && (std::isdigit(static_cast<unsigned char>(body[0])) || body[0] == '.');
  char* end = nullptr;
  errno = 0;
  const double value = plain ? std::strtod(body.c_str(), &end) : 0;
  if (!plain || end != body.c_str() + body.size() || body.find_first_of("xXpP") != std::string::npos) {
    return *error = "not a number: '" + s + "'", false;
  }
  if (body.size() > 1 && body[0] == '0' && std::isdigit(static_cast<unsigned char>(body[1]))) {
    return *error = "not a decimal number (a leading 0 makes it octal): '" + s + "'", false;
  }
  *out = minus ? -value : value;
  return true;
}

bool EncodeTextScalar(FieldType type, std::string_view text, const schema::Enum* enumeration, bool utf8,
                      std::string* out, std::string* error) {
  out->clear();
  text = Trim(text);
  bool negative = false;
  uint64_t magnitude = 0;
  auto integer = [&](int64_t min, uint64_t max, const char* name) {
    if (!ParseTextInteger(text, &negative, &magnitude, error)) return false;
    if (!InRange(negative, magnitude, min, max)) return *error = std::string("out of range for ") + name, false;
    return true;
  };
  switch (type) {
    case FieldType::kInt32:
      if (!integer(INT32_MIN, INT32_MAX, "int32")) return false;
      AppendVarint(static_cast<uint64_t>(Signed(negative, magnitude)), out);
      return true;
    case FieldType::kInt64:
      if (!integer(INT64_MIN, INT64_MAX, "int64")) return false;
      AppendVarint(static_cast<uint64_t>(Signed(negative, magnitude)), out);
      return true;
    case FieldType::kUInt32:
    case FieldType::kUInt64:
      if (!integer(0, type == FieldType::kUInt32 ? UINT32_MAX : UINT64_MAX, schema::FieldTypeName(type))) return false;
      AppendVarint(magnitude, out);
      return true;
    case FieldType::kSInt32:
      if (!integer(INT32_MIN, INT32_MAX, "sint32")) return false;
      AppendVarint(ZigZagEncode32(static_cast<int32_t>(Signed(negative, magnitude))), out);
      return true;
    case FieldType::kSInt64:
      if (!integer(INT64_MIN, INT64_MAX, "sint64")) return false;
      AppendVarint(ZigZagEncode64(Signed(negative, magnitude)), out);
      return true;
    case FieldType::kFixed32:
    case FieldType::kSFixed32:
      if (type == FieldType::kFixed32 ? !integer(0, UINT32_MAX, "fixed32")
                                      : !integer(INT32_MIN, INT32_MAX, "sfixed32")) {
        return false;
      }
      AppendFixed(static_cast<uint32_t>(Signed(negative, magnitude)), out);
      return true;
    case FieldType::kFixed64:
    case FieldType::kSFixed64:
      if (type == FieldType::kFixed64 ? !integer(0, UINT64_MAX, "fixed64")
                                      : !integer(INT64_MIN, INT64_MAX, "sfixed64")) {
        return false;
      }
      AppendFixed(static_cast<uint64_t>(Signed(negative, magnitude)), out);
      return true;
    case FieldType::kBool:
      if (text == "true" || text == "True" || text == "t" || text == "1") {
        out->push_back(1);
      } else if (text == "false" || text == "False" || text == "f" || text == "0") {
        out->push_back(0);
      } else {
        return *error = "not a bool: true or false", false;
      }
      return true;
    case FieldType::kFloat:
    case FieldType::kDouble: {
      double value = 0;
      if (!ParseTextFloat(text, &value, error)) return false;
      if (type == FieldType::kDouble) {
        AppendFixed(BitCast<uint64_t>(value), out);
        return true;
      }
      // As libprotobuf's text parser (io::SafeDoubleToFloat): past FLT_MAX by less than half a step
      // rounds to it (FLT_MAX prints as 3.40282347e+38), further out is infinity.
      constexpr double kFloatRoundsToMax = 3.4028235677973366e+38;
      const double magnitude = std::fabs(value);
      const float sign = value < 0 ? -1.0f : 1.0f;
      const float f = !std::isfinite(value) || magnitude <= FLT_MAX ? static_cast<float>(value)
                      : magnitude <= kFloatRoundsToMax              ? sign * FLT_MAX
                                                                    : sign * HUGE_VALF;
      AppendFixed(BitCast<uint32_t>(f), out);
      return true;
    }
    case FieldType::kEnum: {
      const bool named = !text.empty() && (std::isalpha(static_cast<unsigned char>(text[0])) || text[0] == '_');
      int32_t number = 0;
      if (named) {
        const schema::EnumValue* found = nullptr;
        for (size_t k = 0; enumeration != nullptr && k < enumeration->values.size() && found == nullptr; ++k) {
          if (enumeration->values[k].name == text) found = &enumeration->values[k];
        }
        if (found == nullptr) {
          return *error = "no value " + std::string(text) +
                          (enumeration != nullptr ? " in enum " + enumeration->full_name : std::string()),
                 false;
        }
        number = found->number;
      } else {
        if (!integer(INT32_MIN, INT32_MAX, "an enum")) return false;
        number = static_cast<int32_t>(Signed(negative, magnitude));
        if (enumeration != nullptr && enumeration->closed && enumeration->NameOf(number) == nullptr) {
          return *error = "enum " + enumeration->full_name + " has no value " + std::to_string(number), false;
        }
      }
      AppendVarint(static_cast<uint64_t>(static_cast<int64_t>(number)), out);
      return true;
    }
    case FieldType::kString:
    case FieldType::kBytes:
      if (!ParseTextString(text, out, error)) return false;
      if (type == FieldType::kString && utf8 &&
          !IsValidUtf8(reinterpret_cast<const uint8_t*>(out->data()), out->size())) {
        return *error = "not valid UTF-8 (a string field; bytes would take it)", false;
      }
      return true;
    default: return *error = "a message: edit its fields", false;
  }
}

std::string QuoteTextString(const uint8_t* data, size_t size) {
  if (!IsValidUtf8(data, size)) return "\"" + CEscape(data, size) + "\"";
  std::string out = "\"";
  for (size_t i = 0; i < size; ++i) {
    const uint8_t c = data[i];
    if (c < 0x80) {
      out += CEscape(&c, 1);
    } else {
      out.push_back(static_cast<char>(c));
    }
  }
  return out + "\"";
}

bool GroupLike(const schema::Schema& schema, const schema::Message& m, const schema::Field& f) {
  if (f.type != FieldType::kGroup || f.message < 0 || f.is_extension) return false;
  const schema::Message& type = schema.messages[f.message];
  if (type.name.size() != f.name.size() || type.full_name != m.full_name + "." + type.name) return false;
  for (size_t i = 0; i < f.name.size(); ++i) {
    const char c = type.name[i];
    if ((c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c) != f.name[i]) return false;
  }
  return true;
}

}  // namespace wirelens::text
