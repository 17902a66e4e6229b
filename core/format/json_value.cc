#include "core/format/json_value.h"

#include "core/format/json_cursor.h"

namespace wirelens::format {
namespace {

using Token = JsonCursor::Token;

class JsonParser {
 public:
  JsonParser(std::string_view json, int max_depth) : cursor_(json), max_depth_(max_depth) {}

  bool ParseDocument(JsonValue* out) {
    if (!ParseValue(out, 0)) return false;
    return cursor_.AtEnd() || cursor_.Fail("unexpected text after the JSON value");
  }
  const JsonCursor& cursor() const { return cursor_; }

 private:
  bool ParseValue(JsonValue* out, int depth) {
    const Token token = cursor_.Peek();
    out->offset = cursor_.pos();
    std::string_view text;
    switch (token) {
      case Token::kInvalid:
        return cursor_.Fail(cursor_.AtEnd() ? "unexpected end of the JSON text" : "expected a JSON value");
      case Token::kNull: return cursor_.Null();
      case Token::kBool: out->kind = JsonValue::Kind::kBool; return cursor_.Bool(&out->boolean);
      case Token::kNumber:
        out->kind = JsonValue::Kind::kNumber;
        if (!cursor_.Number(&text)) return false;
        out->text.assign(text);
        return true;
      case Token::kString:
        out->kind = JsonValue::Kind::kString;
        if (!cursor_.String(&text, &scratch_)) return false;
        out->text.assign(text);
        return true;
      case Token::kArray:
      case Token::kObject: break;
    }
    if (depth >= max_depth_) return cursor_.Fail("JSON nested deeper than " + std::to_string(max_depth_));
    return token == Token::kObject ? ParseObject(out, depth + 1) : ParseArray(out, depth + 1);
  }

  bool ParseObject(JsonValue* out, int depth) {
    out->kind = JsonValue::Kind::kObject;
    cursor_.Consume('{');
    if (cursor_.Consume('}')) return true;
    for (;;) {
      JsonValue key;
      key.kind = JsonValue::Kind::kString;
      if (cursor_.Peek() != Token::kString) return cursor_.Fail("expected a member name in quotes");
      key.offset = cursor_.pos();
      std::string_view text;
      if (!cursor_.String(&text, &scratch_)) return false;
      key.text.assign(text);
      if (!cursor_.Consume(':')) return cursor_.Fail("expected ':' after a member name");
      JsonValue value;
      if (!ParseValue(&value, depth)) return false;
      out->members.emplace_back(std::move(key), std::move(value));
      if (cursor_.Consume('}')) return true;
      if (!cursor_.Consume(',')) return cursor_.Fail("expected ',' or '}' in an object");
    }
  }

  bool ParseArray(JsonValue* out, int depth) {
    out->kind = JsonValue::Kind::kArray;
    cursor_.Consume('[');
    if (cursor_.Consume(']')) return true;
    for (;;) {
      JsonValue item;
      if (!ParseValue(&item, depth)) return false;
      out->items.push_back(std::move(item));
      if (cursor_.Consume(']')) return true;
      if (!cursor_.Consume(',')) return cursor_.Fail("expected ',' or ']' in an array");
    }
  }

  JsonCursor cursor_;
  int max_depth_;
  std::string scratch_;
};

}  // namespace

bool ParseJson(std::string_view json, int max_depth, JsonValue* out, size_t* error_offset, std::string* error) {
  JsonParser parser(json, max_depth);
  *out = JsonValue();
  if (parser.ParseDocument(out)) return true;
  *error_offset = parser.cursor().error_offset();
  *error = parser.cursor().error();
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
