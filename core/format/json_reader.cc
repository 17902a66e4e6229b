#include "core/format/json_reader.h"

#include <cmath>
#include <cstdlib>
#include <vector>

#include "core/format/json_literal.h"
#include "core/format/json_value.h"
#include "core/format/text_literal.h"
#include "core/inspect/base64.h"

namespace wirelens::format {
namespace {

using schema::FieldType;
using Kind = JsonValue::Kind;

constexpr int kMaxNesting = 100;
// The JSON tree may nest deeper than the messages it fills (a list of messages is two JSON levels
// per message), but not without bound: its reader recurses.
constexpr int kMaxJsonDepth = 3 * kMaxNesting + 4;

enum class Outcome { kWritten, kSkipped, kFailed };

class JsonEncoder {
 public:
  JsonEncoder(std::string_view json, const schema::Schema& schema, const JsonReadOptions& options)
      : json_(json), schema_(schema), options_(options) {}

  bool EncodeTop(const JsonValue& value, int message, std::string* out) {
    if (value.kind == Kind::kNull) return Fail(value, "the message is null");
    return Message(value, message, 0, out);
  }
  const std::string& error() const { return error_; }

 private:
  bool Fail(const JsonValue& at, const std::string& message) {
    if (error_.empty()) error_ = LineColumn(json_, at.offset) + ": " + (path_.empty() ? "" : path_ + ": ") + message;
    return false;
  }

  // Appends a path segment for the duration of a scope.
  class PathScope {
   public:
    PathScope(std::string* path, const std::string& segment, bool index) : path_(path), size_(path->size()) {
      if (!index && !path->empty()) path->push_back('.');
      path->append(segment);
    }
    ~PathScope() { path_->resize(size_); }

   private:
    std::string* path_;
    size_t size_;
  };

  // The message of type `message` from `value` into *out (its content, without tag or length).
  bool Message(const JsonValue& value, int message, int depth, std::string* out) {
    if (depth > kMaxNesting) return Fail(value, "messages nested deeper than 100");
    const schema::Message& m = schema_.messages[message];
    switch (JsonWellKnownOf(m.full_name)) {
      case JsonWellKnown::kAny: return Any(value, m, depth, out);
      case JsonWellKnown::kTimestamp:
      case JsonWellKnown::kDuration: return Time(value, m, out);
      case JsonWellKnown::kFieldMask: return FieldMask(value, m, out);
      case JsonWellKnown::kValue: return DynamicValue(value, m, depth, out);
      case JsonWellKnown::kStruct:     // an object: the map in field 1
      case JsonWellKnown::kListValue:  // an array: the list in field 1
      case JsonWellKnown::kWrapper: return WithField(value, m, 1, depth, out);
      case JsonWellKnown::kNone: break;
    }
    if (value.kind != Kind::kObject) return Fail(value, "expected an object for " + m.full_name);
    return Fields(value, m, depth, out);
  }

  // A message whose JSON is the value of one of its fields (wrappers, Struct, ListValue, Value's kinds).
  bool WithField(const JsonValue& value, const schema::Message& m, uint32_t number, int depth, std::string* out) {
    const schema::Field* field = m.FindField(number);
    if (field == nullptr) return Fail(value, m.full_name + " has no field " + std::to_string(number));
    std::vector<FieldEntry> entries;
    if (Member(value, *field, depth, &entries) == Outcome::kFailed) return false;
    WriteMessage(schema_, MessageIndex(m), &entries, out);
    return true;
  }

  int MessageIndex(const schema::Message& m) const { return static_cast<int>(&m - schema_.messages.data()); }

  const schema::Field* FindField(const schema::Message& m, const std::string& name) const {
    for (const schema::Field& f : m.fields) {
      if (f.json_name == name || f.name == name) return &f;
    }
    return nullptr;
  }

  // The members of an object as the fields of message m.
  bool Fields(const JsonValue& object, const schema::Message& m, int depth, std::string* out,
              std::string_view skip_member = {}) {
    std::vector<FieldEntry> entries;
    std::vector<std::pair<const schema::Field*, bool>> seen;  // and whether it was null
    for (const auto& [key, value] : object.members) {
      if (!skip_member.empty() && key.text == skip_member) continue;
      const schema::Field* field = FindField(m, key.text);
      if (field == nullptr) {
        if (options_.ignore_unknown_fields) continue;
        return Fail(key, "message type \"" + m.full_name + "\" has no field named \"" + key.text + "\"");
      }
      const bool null = value.kind == Kind::kNull && !AcceptsNull(*field);
      for (const auto& [other, other_null] : seen) {
        if (other == field) return Fail(key, "field \"" + field->name + "\" is given more than once");
        if (!null && !other_null && field->oneof >= 0 && other->oneof == field->oneof) {
          return Fail(key, "field \"" + field->name + "\" is given along with \"" + other->name +
                               "\", another member of oneof \"" + m.oneofs[field->oneof] + "\"");
        }
      }
      seen.emplace_back(field, null);
      if (null) continue;  // null leaves a field unset, and does not count as a oneof's member
      PathScope scope(&path_, field->json_name, false);
      if (Member(value, *field, depth, &entries) == Outcome::kFailed) return false;
    }
    WriteMessage(schema_, MessageIndex(m), &entries, out);
    return true;
  }

  bool AcceptsNull(const schema::Field& f) const {
    if (f.label == schema::Label::kRepeated) return false;
    return f.type_name == "google.protobuf.Value" || f.type_name == "google.protobuf.NullValue";
  }

  // One member's value: a list, a map or a single value of `field`.
  Outcome Member(const JsonValue& value, const schema::Field& field, int depth, std::vector<FieldEntry>* entries) {
    if (value.kind == Kind::kNull && !AcceptsNull(field)) return Outcome::kSkipped;
    if (field.is_map) return Map(value, field, depth, entries);
    if (field.label != schema::Label::kRepeated) return Single(value, field, depth, entries);
    if (value.kind != Kind::kArray) return Failed(value, "expected an array");
    for (size_t i = 0; i < value.items.size(); ++i) {
      PathScope scope(&path_, "[" + std::to_string(i) + "]", true);
      const JsonValue& item = value.items[i];
      if (item.kind == Kind::kNull && field.type_name != "google.protobuf.Value") {
        return Failed(item, "null in a repeated field");
      }
      if (Single(item, field, depth, entries) == Outcome::kFailed) return Outcome::kFailed;
    }
    return Outcome::kWritten;
  }

  Outcome Failed(const JsonValue& at, const std::string& message) {
    Fail(at, message);
    return Outcome::kFailed;
  }

  Outcome Map(const JsonValue& value, const schema::Field& field, int depth, std::vector<FieldEntry>* entries) {
    if (value.kind != Kind::kObject) return Failed(value, "expected an object for a map");
    const schema::Message& entry_type = schema_.messages[field.message];
    const schema::Field* key_field = entry_type.FindField(1);
    const schema::Field* value_field = entry_type.FindField(2);
    if (key_field == nullptr || value_field == nullptr) return Failed(value, "a map entry type without key or value");
    for (const auto& [key, item] : value.members) {
      PathScope scope(&path_, "[" + key.text + "]", true);
      std::vector<FieldEntry> parts;
      FieldEntry key_entry{
          key_field->number, key_field, static_cast<WireType>(schema::WireTypeOf(key_field->type)), {}};
      std::string error;
      std::string key_text = key.text;
      if (key_field->type != FieldType::kString && key_field->type != FieldType::kBool &&
          !WholeNumberKey(key.text, &key_text)) {
        return Failed(key, "map key \"" + key.text + "\" is not an integer");
      }
      if (key_field->type == FieldType::kBool && key_text != "true" && key_text != "false") {
        return Failed(key, "map key \"" + key.text + "\" is not true or false");
      }
      if (key_field->type == FieldType::kString) {
        key_entry.value = key.text;
      } else if (!EncodeTextScalar(key_field->type, key_text, nullptr, false, &key_entry.value, &error)) {
        return Failed(key, "map key \"" + key.text + "\": " + error);
      }
      parts.push_back(std::move(key_entry));
      if (item.kind == Kind::kNull && !AcceptsNull(*value_field)) return Failed(item, "null as a map value");
      const Outcome outcome = Single(item, *value_field, depth, &parts);
      if (outcome == Outcome::kFailed) return outcome;
      if (outcome == Outcome::kSkipped) continue;
      FieldEntry entry{field.number, &field, WireType::kLengthDelimited, {}};
      WriteMessage(schema_, field.message, &parts, &entry.value);
      entries->push_back(std::move(entry));
    }
    return Outcome::kWritten;
  }

  // Map keys are JSON strings holding the number.
  static bool WholeNumberKey(const std::string& text, std::string* out) {
    std::string literal;
    return NumberInString(text, &literal) && WholeNumberText(literal, out);
  }

  // The number literal a string holds (whitespace around it allowed), or false.
  static bool NumberInString(const std::string& text, std::string* literal) {
    JsonValue number;
    size_t offset;
    std::string error;
    if (!ParseJson(text, 0, &number, &offset, &error) || number.kind != Kind::kNumber) return false;
    *literal = number.text;
    return true;
  }

  // One value of `field` (an element, when repeated) appended to *entries.
  Outcome Single(const JsonValue& value, const schema::Field& field, int depth, std::vector<FieldEntry>* entries) {
    FieldEntry entry{field.number, &field, static_cast<WireType>(schema::WireTypeOf(field.type)), {}};
    if (field.type == FieldType::kMessage || field.type == FieldType::kGroup) {
      if (field.message < 0) return Failed(value, "a message field without its type");
      if (!Message(value, field.message, depth + 1, &entry.value)) return Outcome::kFailed;
    } else {
      const Outcome outcome = Scalar(value, field, &entry.value);
      if (outcome != Outcome::kWritten) return outcome;
    }
    entries->push_back(std::move(entry));
    return Outcome::kWritten;
  }

  Outcome Scalar(const JsonValue& value, const schema::Field& field, std::string* out) {
    std::string error;
    switch (field.type) {
      case FieldType::kString:
        if (value.kind != Kind::kString) return Failed(value, "expected a string");
        *out = value.text;
        return Outcome::kWritten;
      case FieldType::kBytes:
        if (value.kind != Kind::kString) return Failed(value, "expected a base64 string");
        if (!inspect::DecodeBase64(value.text.data(), value.text.size(), out)) return Failed(value, "not base64");
        return Outcome::kWritten;
      case FieldType::kBool:
        if (value.kind != Kind::kBool) return Failed(value, "expected true or false");
        out->push_back(value.boolean ? 1 : 0);
        return Outcome::kWritten;
      case FieldType::kEnum: return Enum(value, field, out);
      case FieldType::kFloat:
      case FieldType::kDouble: return Float(value, field.type, out);
      default: break;
    }
    std::string literal;
    if (!NumberLiteral(value, &literal)) return Failed(value, "expected an integer");
    std::string whole;
    if (!WholeNumberText(literal, &whole)) return Failed(value, "not an integer: " + literal);
    if (!EncodeTextScalar(field.type, whole, nullptr, false, out, &error)) return Failed(value, error + ": " + literal);
    return Outcome::kWritten;
  }

  // The number literal of a JSON number, or of a string that holds one.
  static bool NumberLiteral(const JsonValue& value, std::string* literal) {
    if (value.kind == Kind::kNumber) {
      *literal = value.text;
      return true;
    }
    if (value.kind != Kind::kString) return false;
    // No whitespace around it: only the literal itself.
    return NumberInString(value.text, literal) && literal->size() == value.text.size();
  }

  Outcome Float(const JsonValue& value, FieldType type, std::string* out) {
    std::string literal;
    std::string error;
    if (value.kind == Kind::kString && (value.text == "NaN" || value.text == "Infinity" || value.text == "-Infinity")) {
      literal = value.text == "NaN" ? "nan" : value.text == "Infinity" ? "inf" : "-inf";
    } else if (!NumberLiteral(value, &literal)) {
      return Failed(value, "expected a number");
    } else {
      // A finite number past the type's range is an error in JSON (text format makes it infinity);
      // for float, past FLT_MAX by more than its rounding (FLT_MAX prints as 3.4028235e+38).
      const double number = std::strtod(literal.c_str(), nullptr);
      if (!std::isfinite(number) || (type == FieldType::kFloat && std::fabs(number) > 3.4028235677973366e+38)) {
        return Failed(value, std::string("out of range for ") + schema::FieldTypeName(type) + ": " + literal);
      }
    }
    if (!EncodeTextScalar(type, literal, nullptr, false, out, &error)) return Failed(value, error + ": " + literal);
    return Outcome::kWritten;
  }

  Outcome Enum(const JsonValue& value, const schema::Field& field, std::string* out) {
    const schema::Enum* enumeration = field.enumeration >= 0 ? &schema_.enums[field.enumeration] : nullptr;
    if (value.kind == Kind::kNull) {  // google.protobuf.NullValue
      out->push_back(0);
      return Outcome::kWritten;
    }
    std::string error;
    if (value.kind == Kind::kString) {
      if (enumeration != nullptr) {
        for (const schema::EnumValue& v : enumeration->values) {
          if (v.name == value.text) {
            AppendVarint(static_cast<uint64_t>(static_cast<int64_t>(v.number)), out);
            return Outcome::kWritten;
          }
        }
      }
      if (options_.ignore_unknown_fields) return Outcome::kSkipped;
      return Failed(value, "no value \"" + value.text + "\" in enum " + field.type_name);
    }
    if (value.kind != Kind::kNumber) return Failed(value, "expected an enum name or number");
    std::string whole;
    if (!WholeNumberText(value.text, &whole)) return Failed(value, "not an integer: " + value.text);
    const schema::Enum* closed = enumeration != nullptr && enumeration->closed ? enumeration : nullptr;
    if (!EncodeTextScalar(FieldType::kEnum, whole, closed, false, out, &error)) {
      if (closed != nullptr && options_.ignore_unknown_fields) return Outcome::kSkipped;
      return Failed(value, error);
    }
    return Outcome::kWritten;
  }

  // Timestamp and Duration: seconds (field 1) and nanos (field 2) from their string form.
  bool Time(const JsonValue& value, const schema::Message& m, std::string* out) {
    const bool timestamp = m.full_name == "google.protobuf.Timestamp";
    int64_t seconds = 0, nanos = 0;
    const bool ok = value.kind == Kind::kString && (timestamp ? ParseTimestamp(value.text, &seconds, &nanos)
                                                              : ParseDuration(value.text, &seconds, &nanos));
    if (!ok) {
      return Fail(value, timestamp ? "expected an RFC 3339 time from 0001 to 9999, e.g. \"1972-01-01T10:00:20.021Z\""
                                   : "expected a duration within 10,000 years, e.g. \"-1.5s\"");
    }
    std::vector<FieldEntry> entries;
    AddVarintField(m, 1, static_cast<uint64_t>(seconds), &entries);
    AddVarintField(m, 2, static_cast<uint64_t>(nanos), &entries);
    WriteMessage(schema_, MessageIndex(m), &entries, out);
    return true;
  }

  static void AddVarintField(const schema::Message& m, uint32_t number, uint64_t value,
                             std::vector<FieldEntry>* entries) {
    FieldEntry entry{number, m.FindField(number), WireType::kVarint, {}};
    AppendVarint(value, &entry.value);
    entries->push_back(std::move(entry));
  }

  // "fooBar,baz.quxQux" -> paths "foo_bar", "baz.qux_qux".
  bool FieldMask(const JsonValue& value, const schema::Message& m, std::string* out) {
    if (value.kind != Kind::kString) return Fail(value, "expected a string of comma-separated paths");
    std::vector<FieldEntry> entries;
    size_t start = 0;
    while (!value.text.empty() && start <= value.text.size()) {
      size_t end = value.text.find(',', start);
      if (end == std::string::npos) end = value.text.size();
      FieldEntry path{1, m.FindField(1), WireType::kLengthDelimited, {}};
      for (size_t i = start; i < end; ++i) {
        const char c = value.text[i];
        if (c == '_') return Fail(value, "a field mask path in JSON is lowerCamelCase (no '_')");
        if (c >= 'A' && c <= 'Z') {
          path.value.push_back('_');
          path.value.push_back(static_cast<char>(c - 'A' + 'a'));
        } else {
          path.value.push_back(c);
        }
      }
      entries.push_back(std::move(path));
      start = end + 1;
    }
    WriteMessage(schema_, MessageIndex(m), &entries, out);
    return true;
  }

  // google.protobuf.Value: null, number, string, bool, Struct or ListValue by the JSON's kind.
  bool DynamicValue(const JsonValue& value, const schema::Message& m, int depth, std::string* out) {
    uint32_t number = 0;
    switch (value.kind) {
      case Kind::kNull: number = 1; break;
      case Kind::kNumber: number = 2; break;
      case Kind::kString: number = 3; break;
      case Kind::kBool: number = 4; break;
      case Kind::kObject: number = 5; break;
      case Kind::kArray: number = 6; break;
    }
    return WithField(value, m, number, depth, out);
  }

  // {"@type": url, ...fields} or, for a type with a JSON form of its own, {"@type": url, "value": ...}.
  bool Any(const JsonValue& value, const schema::Message& m, int depth, std::string* out) {
    if (value.kind != Kind::kObject) return Fail(value, "expected an object for google.protobuf.Any");
    if (value.members.empty()) return true;
    const JsonValue* url = nullptr;
    const JsonValue* packed = nullptr;
    for (const auto& [key, member] : value.members) {
      if (key.text == "@type") url = &member;
      if (key.text == "value") packed = &member;
    }
    if (url == nullptr || url->kind != Kind::kString)
      return Fail(value, "google.protobuf.Any needs a \"@type\" string");
    const int type = schema_.FindMessageByTypeUrl(url->text);
    if (type < 0) return Fail(*url, "type \"" + url->text + "\" of a google.protobuf.Any is not in the schema");
    std::vector<FieldEntry> entries;
    entries.push_back({1, m.FindField(1), WireType::kLengthDelimited, url->text});
    FieldEntry body{2, m.FindField(2), WireType::kLengthDelimited, {}};
    if (JsonWellKnownOf(schema_.messages[type].full_name) != JsonWellKnown::kNone) {
      if (packed == nullptr) return Fail(value, "google.protobuf.Any of " + url->text + " needs a \"value\"");
      for (const auto& [key, member] : value.members) {
        if (key.text != "@type" && key.text != "value") return Fail(key, "unexpected \"" + key.text + "\" in an Any");
      }
      if (!Message(*packed, type, depth + 1, &body.value)) return false;
    } else if (!Fields(value, schema_.messages[type], depth + 1, &body.value, "@type")) {
      return false;
    }
    entries.push_back(std::move(body));
    WriteMessage(schema_, MessageIndex(m), &entries, out);
    return true;
  }

  std::string_view json_;
  const schema::Schema& schema_;
  const JsonReadOptions& options_;
  std::string path_;
  std::string error_;
};

}  // namespace

EncodeResult EncodeJson(std::string_view json, const schema::Schema& schema, int message,
                        const JsonReadOptions& options) {
  EncodeResult result;
  JsonValue tree;
  size_t offset = 0;
  if (!ParseJson(json, kMaxJsonDepth, &tree, &offset, &result.error)) {
    result.error = LineColumn(json, offset) + ": " + result.error;
    return result;
  }
  JsonEncoder encoder(json, schema, options);
  result.ok = encoder.EncodeTop(tree, message, &result.bytes);
  if (!result.ok) {
    result.error = encoder.error();
    result.bytes.clear();
  }
  return result;
}

}  // namespace wirelens::format
