#include "core/format/json_value.h"

#include "core/format/text_literal.h"
#include "core/wire/utf8.h"

namespace wirelens::format {
namespace {

class JsonParser {
 public:
  JsonParser(std::string_view json, int max_depth) : json_(json), max_depth_(max_depth) {}

  bool ParseDocument(JsonValue* out) {
    SkipSpace();
    if (!ParseValue(out, 0)) return false;
    SkipSpace();
    if (pos_ < json_.size()) return Fail("unexpected text after the JSON value");
    return true;
  }
  size_t error_offset() const { return error_offset_; }
  const std::string& error() const { return error_; }

 private:
  bool Fail(const std::string& message) { return FailAt(pos_, message); }
  bool FailAt(size_t offset, const std::string& message) {
    error_offset_ = offset;
    error_ = message;
    return false;
  }
  void SkipSpace() {
    while (pos_ < json_.size() &&
           (json_[pos_] == ' ' || json_[pos_] == '\t' || json_[pos_] == '\n' || json_[pos_] == '\r')) {
      ++pos_;
    }
  }
  bool Consume(std::string_view word) {
    if (json_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }

  bool ParseValue(JsonValue* out, int depth) {
    out->offset = pos_;
    if (pos_ >= json_.size()) return Fail("unexpected end of the JSON text");
    const char c = json_[pos_];
    if (c == '{' || c == '[') {
      if (depth >= max_depth_) return Fail("JSON nested deeper than " + std::to_string(max_depth_));
      return c == '{' ? ParseObject(out, depth + 1) : ParseArray(out, depth + 1);
    }
    if (c == '"') {
      out->kind = JsonValue::Kind::kString;
      return ParseString(&out->text);
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
      out->kind = JsonValue::Kind::kNumber;
      return ParseNumber(&out->text);
    }
    if (Consume("true") || Consume("false")) {
      out->kind = JsonValue::Kind::kBool;
      out->boolean = c == 't';
      return true;
    }
    if (Consume("null")) return true;
    return Fail("expected a JSON value");
  }

  bool ParseObject(JsonValue* out, int depth) {
    out->kind = JsonValue::Kind::kObject;
    ++pos_;
    SkipSpace();
    if (Consume("}")) return true;
    for (;;) {
      JsonValue key;
      key.offset = pos_;
      key.kind = JsonValue::Kind::kString;
      if (pos_ >= json_.size() || json_[pos_] != '"') return Fail("expected a member name in quotes");
      if (!ParseString(&key.text)) return false;
      SkipSpace();
      if (!Consume(":")) return Fail("expected ':' after a member name");
      SkipSpace();
      JsonValue value;
      if (!ParseValue(&value, depth)) return false;
      out->members.emplace_back(std::move(key), std::move(value));
      SkipSpace();
      if (Consume("}")) return true;
      if (!Consume(",")) return Fail("expected ',' or '}' in an object");
      SkipSpace();
    }
  }

  bool ParseArray(JsonValue* out, int depth) {
    out->kind = JsonValue::Kind::kArray;
    ++pos_;
    SkipSpace();
    if (Consume("]")) return true;
    for (;;) {
      JsonValue item;
      if (!ParseValue(&item, depth)) return false;
      out->items.push_back(std::move(item));
      SkipSpace();
      if (Consume("]")) return true;
      if (!Consume(",")) return Fail("expected ',' or ']' in an array");
      SkipSpace();
    }
  }

  // -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
  bool ParseNumber(std::string* out) {
    const size_t start = pos_;
    auto digits = [&] {
      const size_t from = pos_;
      while (pos_ < json_.size() && json_[pos_] >= '0' && json_[pos_] <= '9') ++pos_;
      return pos_ > from;
    };
    Consume("-");
    if (Consume("0")) {
      if (pos_ < json_.size() && json_[pos_] >= '0' && json_[pos_] <= '9') return Fail("a number with a leading 0");
    } else if (!digits()) {
      return Fail("expected digits");
    }
    if (Consume(".") && !digits()) return Fail("expected digits after '.'");
    if (Consume("e") || Consume("E")) {
      if (!Consume("+")) Consume("-");
      if (!digits()) return Fail("expected digits in the exponent");
    }
    out->assign(json_.substr(start, pos_ - start));
    return true;
  }

  bool Hex4(uint32_t* out) {
    if (pos_ + 4 > json_.size()) return Fail("a \\u escape needs four hex digits");
    *out = 0;
    for (int i = 0; i < 4; ++i) {
      const char c = json_[pos_ + i];
      const int v = DigitValue(c);
      if (v > 15) return Fail("a \\u escape needs four hex digits");
      *out = *out * 16 + static_cast<uint32_t>(v);
    }
    pos_ += 4;
    return true;
  }

  bool ParseString(std::string* out) {
    const size_t start = pos_;
    ++pos_;
    out->clear();
    size_t run = pos_;  // start of the bytes not yet copied
    for (;;) {
      if (pos_ >= json_.size()) return FailAt(start, "a string without its closing quote");
      const char c = json_[pos_];
      if (c == '"') break;
      if (static_cast<unsigned char>(c) < 0x20) return Fail("a control character in a string (escape it)");
      if (c != '\\') {
        ++pos_;
        continue;
      }
      out->append(json_.substr(run, pos_ - run));
      const size_t escape = pos_;
      ++pos_;
      if (pos_ >= json_.size()) return FailAt(start, "a string without its closing quote");
      const char e = json_[pos_++];
      switch (e) {
        case '"': out->push_back('"'); break;
        case '\\': out->push_back('\\'); break;
        case '/': out->push_back('/'); break;
        case 'b': out->push_back('\b'); break;
        case 'f': out->push_back('\f'); break;
        case 'n': out->push_back('\n'); break;
        case 'r': out->push_back('\r'); break;
        case 't': out->push_back('\t'); break;
        case 'u': {
          uint32_t cp;
          if (!Hex4(&cp)) return false;
          if (cp >= 0xdc00 && cp <= 0xdfff) return FailAt(escape, "a low surrogate without a high one before it");
          if (cp >= 0xd800 && cp <= 0xdbff) {
            uint32_t low;
            if (!Consume("\\u") || !Hex4(&low) || low < 0xdc00 || low > 0xdfff) {
              return FailAt(escape, "a high surrogate without a low one after it");
            }
            cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
          }
          AppendUtf8(cp, out);
          break;
        }
        default: return FailAt(escape, std::string("unknown escape \\") + e);
      }
      run = pos_;
    }
    out->append(json_.substr(run, pos_ - run));
    ++pos_;
    if (!IsValidUtf8(reinterpret_cast<const uint8_t*>(out->data()), out->size())) {
      return FailAt(start, "a string that is not UTF-8");
    }
    return true;
  }

  std::string_view json_;
  int max_depth_;
  size_t pos_ = 0;
  size_t error_offset_ = 0;
  std::string error_;
};

}  // namespace

bool ParseJson(std::string_view json, int max_depth, JsonValue* out, size_t* error_offset, std::string* error) {
  JsonParser parser(json, max_depth);
  *out = JsonValue();
  if (parser.ParseDocument(out)) return true;
  *error_offset = parser.error_offset();
  *error = parser.error();
  return false;
}

JsonWellKnown JsonWellKnownOf(std::string_view full_name) {
  constexpr std::string_view kPackage = "google.protobuf.";
  if (full_name.substr(0, kPackage.size()) != kPackage) return JsonWellKnown::kNone;
  const std::string_view name = full_name.substr(kPackage.size());
  if (name == "Any") return JsonWellKnown::kAny;
  if (name == "Timestamp") return JsonWellKnown::kTimestamp;
  if (name == "Duration") return JsonWellKnown::kDuration;
  if (name == "FieldMask") return JsonWellKnown::kFieldMask;
  if (name == "Struct") return JsonWellKnown::kStruct;
  if (name == "Value") return JsonWellKnown::kValue;
  if (name == "ListValue") return JsonWellKnown::kListValue;
  for (std::string_view wrapper : {"DoubleValue", "FloatValue", "Int64Value", "UInt64Value", "Int32Value",
                                   "UInt32Value", "BoolValue", "StringValue", "BytesValue"}) {
    if (name == wrapper) return JsonWellKnown::kWrapper;
  }
  return JsonWellKnown::kNone;
}

std::string LineColumn(std::string_view text, size_t offset) {
  int line = 1, column = 1;
  for (size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return std::to_string(line) + ":" + std::to_string(column);
}

}  // namespace wirelens::format
