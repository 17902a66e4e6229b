#include "core/format/json_reader.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "core/format/json_cursor.h"
#include "core/format/json_literal.h"
#include "core/format/json_value.h"
#include "core/format/string_sink.h"
#include "core/text/base64.h"
#include "core/text/decimal.h"
#include "core/text/literal.h"
#include "core/wire/varint.h"
#include "core/wire/wire_format.h"

namespace wirelens::format {
namespace {

using schema::FieldType;
using Token = JsonCursor::Token;

constexpr int kMaxNesting = kDefaultDepthLimit;
// The JSON text may nest deeper than the messages it fills (a list of messages is two JSON levels
// per message), but not without bound: values skipped unread are skipped recursively too.
constexpr int kMaxJsonDepth = 3 * kMaxNesting + 4;

enum class Outcome { kWritten, kSkipped, kFailed };

void AppendVarint(uint64_t value, StringSink* out) {
  uint8_t bytes[10];
  out->Append(reinterpret_cast<const char*>(bytes), static_cast<size_t>(WriteVarint(bytes, value) - bytes));
}
void AppendTag(uint32_t number, WireType type, StringSink* out) { AppendVarint(MakeTag(number, type), out); }

bool AcceptsNull(const schema::Field& f) {
  if (f.label == schema::Label::kRepeated) return false;
  return f.type_name == "google.protobuf.Value" || f.type_name == "google.protobuf.NullValue";
}

// Reads the JSON text once, front to back, and writes the message's wire bytes as it goes: each
// message's fields land in the output in the order read and are put in field-number order when
// the message ends (only when the JSON had them in another order); a length-delimited value's
// length is a one-byte placeholder, widened when the value turns out 128 bytes or longer.
class JsonWireReader {
 public:
  JsonWireReader(std::string_view json, const schema::Schema& schema, const JsonReadOptions& options, StringSink* out)
      : cursor_(json), schema_(schema), options_(options), out_(*out) {}

  bool ReadTop(int message) {
    if (cursor_.Peek() == Token::kNull) return Fail("the message is null");
    if (!Message(message, 0)) return false;
    return cursor_.AtEnd() || cursor_.Fail("unexpected text after the JSON value");
  }

  // "line:column: path: what is wrong" for the first error.
  std::string error() const {
    const std::string at = LineColumn(cursor_.json(), cursor_.error_offset()) + ": ";
    return at + (path_error_.empty() ? "" : path_error_ + ": ") + cursor_.error();
  }

 private:
  // A step of the path to the value being read, for error messages.
  struct PathStep {
    enum Kind { kField, kIndex, kMapKey } kind;
    const schema::Field* field;  // kField
    size_t value;                // kIndex: the index; kMapKey: the key's offset in the text
  };
  class PathScope {
   public:
    PathScope(std::vector<PathStep>* path, PathStep step) : path_(path) { path->push_back(step); }
    ~PathScope() { path_->pop_back(); }

   private:
    std::vector<PathStep>* path_;
  };

  // A field's bytes written in a message being read: from `begin` to the next chunk's begin (`end`
  // is set when they are reordered).
  struct Chunk {
    uint32_t number;
    size_t begin, end;
  };

  bool Fail(const std::string& message) { return FailAt(cursor_.pos(), message); }
  bool FailAt(size_t offset, const std::string& message) {
    if (!cursor_.failed()) path_error_ = PathText();
    return cursor_.FailAt(offset, message);
  }
  Outcome Failed(const std::string& message) {
    Fail(message);
    return Outcome::kFailed;
  }

  std::string PathText() {
    std::string text;
    std::string scratch;
    for (const PathStep& step : path_) {
      if (step.kind == PathStep::kField) {
        if (!text.empty()) text.push_back('.');
        text += step.field->json_name;
      } else if (step.kind == PathStep::kIndex) {
        text += "[" + std::to_string(step.value) + "]";
      } else {
        JsonCursor key(cursor_.json());
        key.set_pos(step.value);
        std::string_view key_text;
        key.String(&key_text, &scratch);
        text += "[" + std::string(key_text) + "]";
      }
    }
    return text;
  }

  // A placeholder for a length that follows at out_.size(); returns where it is.
  size_t BeginLength() {
    out_ += '\0';
    return out_.size() - 1;
  }
  // Sets the length placeholder at `at` to the bytes written after it.
  void EndLength(size_t at) {
    const size_t length = out_.size() - at - 1;
    if (length < 0x80) {
      out_.data()[at] = static_cast<char>(length);
      return;
    }
    uint8_t varint[10];
    const size_t size = static_cast<size_t>(WriteVarint(varint, length) - varint);
    out_.Open(at + 1, size - 1);
    std::memcpy(out_.data() + at, varint, size);
  }

  // The message of type `message` at the cursor: its content appended, without tag or length.
  bool Message(int message, int depth) {
    if (depth > kMaxNesting) return Fail("messages nested deeper than 100");
    const schema::Message& m = schema_.messages[message];
    switch (JsonWellKnownOf(m.full_name)) {
      case JsonWellKnown::kAny: return Any(depth);
      case JsonWellKnown::kTimestamp:
      case JsonWellKnown::kDuration: return Time(m);
      case JsonWellKnown::kFieldMask: return FieldMask();
      case JsonWellKnown::kValue: return DynamicValue(m, depth);
      case JsonWellKnown::kStruct:     // an object: the map in field 1
      case JsonWellKnown::kListValue:  // an array: the list in field 1
      case JsonWellKnown::kWrapper: return WithField(m, 1, depth);
      case JsonWellKnown::kNone: break;
    }
    if (cursor_.Peek() != Token::kObject) return Fail("expected an object for " + m.full_name);
    return Fields(m, depth);
  }

  // A message whose JSON is the value of one of its fields (wrappers, Struct, ListValue, Value's kinds).
  bool WithField(const schema::Message& m, uint32_t number, int depth) {
    const schema::Field* field = m.FindField(number);
    if (field == nullptr) return Fail(m.full_name + " has no field " + std::to_string(number));
    return Member(*field, depth) != Outcome::kFailed;
  }

  // The field of m named `name` (JSON name or field name), looked for from `*hint` on (JSON written
  // from a message lists its fields in order), or nullptr.
  static const schema::Field* FindField(const schema::Message& m, std::string_view name, size_t* hint) {
    const size_t count = m.fields.size();
    for (size_t i = 0; i < count; ++i) {
      const size_t at = *hint + i < count ? *hint + i : *hint + i - count;
      const schema::Field& f = m.fields[at];
      if (f.json_name == name || f.name == name) {
        *hint = at + 1 < count ? at + 1 : 0;
        return &f;
      }
    }
    return nullptr;
  }

  // The members of the object at the cursor as the fields of m; with `any_body`, the fields of an
  // Any's message beside its "@type".
  bool Fields(const schema::Message& m, int depth, bool any_body = false) {
    const size_t chunks_base = chunks_.size();
    const size_t seen_base = seen_.size();
    const size_t oneofs_base = oneof_members_.size();
    seen_.resize(seen_base + m.fields.size(), 0);
    oneof_members_.resize(oneofs_base + m.oneofs.size(), -1);
    const bool ok = Members(m, depth, any_body, seen_base, oneofs_base);
    if (ok) PutInFieldOrder(chunks_base);
    chunks_.resize(chunks_base);
    seen_.resize(seen_base);
    oneof_members_.resize(oneofs_base);
    return ok;
  }

  bool Members(const schema::Message& m, int depth, bool any_body, size_t seen_base, size_t oneofs_base) {
    size_t hint = 0;
    return ForEachMember([&](std::string_view key, size_t key_offset) {
      if (any_body && key == "@type") return cursor_.SkipValue(json_depth_, kMaxJsonDepth);
      return Member(m, key, key_offset, depth, seen_base, oneofs_base, &hint);
    });
  }

  // Reads the object at the cursor ('{' expected) a member at a time: read_member(key, key_offset)
  // reads the member's value, the cursor after its ':'. False when it or the object's syntax fails.
  template <typename ReadMember>
  bool ForEachMember(ReadMember read_member) {
    cursor_.Consume('{');
    if (cursor_.Consume('}')) return true;
    ++json_depth_;
    for (;;) {
      if (cursor_.Peek() != Token::kString) return Fail("expected a member name in quotes");
      const size_t key_offset = cursor_.pos();
      std::string_view key;
      if (!cursor_.String(&key, &key_scratch_)) return false;
      if (!cursor_.Consume(':')) return Fail("expected ':' after a member name");
      if (!read_member(key, key_offset)) return false;
      if (cursor_.Consume('}')) break;
      if (!cursor_.Consume(',')) return Fail("expected ',' or '}' in an object");
    }
    --json_depth_;
    return true;
  }

  // One member of an object read as a field of m.
  bool Member(const schema::Message& m, std::string_view key, size_t key_offset, int depth, size_t seen_base,
              size_t oneofs_base, size_t* hint) {
    const schema::Field* field = FindField(m, key, hint);
    if (field == nullptr) {
      if (options_.ignore_unknown_fields) return cursor_.SkipValue(json_depth_, kMaxJsonDepth);
      return FailAt(key_offset, "message type \"" + m.full_name + "\" has no field named \"" + std::string(key) + "\"");
    }
    const bool null = cursor_.Peek() == Token::kNull && !AcceptsNull(*field);
    uint8_t& seen = seen_[seen_base + static_cast<size_t>(field - m.fields.data())];
    if (seen) return FailAt(key_offset, "field \"" + field->name + "\" is given more than once");
    seen = 1;
    if (field->oneof >= 0 && !null) {
      int& member = oneof_members_[oneofs_base + static_cast<size_t>(field->oneof)];
      if (member >= 0) {
        return FailAt(key_offset, "field \"" + field->name + "\" is given along with \"" + m.fields[member].name +
                                      "\", another member of oneof \"" + m.oneofs[field->oneof] + "\"");
      }
      member = static_cast<int>(field - m.fields.data());
    }
    if (null) return cursor_.Null();  // null leaves a field unset, and does not count as a oneof's member
    PathScope scope(&path_, {PathStep::kField, field, 0});
    const size_t begin = out_.size();
    if (Member(*field, depth) == Outcome::kFailed) return false;
    if (out_.size() > begin) chunks_.push_back({field->number, begin, 0});
    return true;
  }

  // Moves the chunks written since `chunks_base` into field-number order, unless they are in it.
  void PutInFieldOrder(size_t chunks_base) {
    const auto first = chunks_.begin() + static_cast<std::ptrdiff_t>(chunks_base);
    const auto by_number = [](const Chunk& a, const Chunk& b) { return a.number < b.number; };
    if (std::is_sorted(first, chunks_.end(), by_number)) return;
    const size_t region = first->begin;
    for (auto c = first; c != chunks_.end(); ++c) c->end = c + 1 != chunks_.end() ? (c + 1)->begin : out_.size();
    std::sort(first, chunks_.end(), by_number);  // numbers are unique: a field is given once
    reorder_.assign(out_.data() + region, out_.size() - region);
    out_.Truncate(region);
    for (auto c = first; c != chunks_.end(); ++c) out_.Append(reorder_.data() + (c->begin - region), c->end - c->begin);
  }

  // A member's value: a list, a map or a single value of `field`; null (where the field does not
  // take it) writes nothing.
  Outcome Member(const schema::Field& field, int depth) {
    if (cursor_.Peek() == Token::kNull && !AcceptsNull(field)) {
      return cursor_.Null() ? Outcome::kSkipped : Outcome::kFailed;
    }
    if (field.is_map) return Map(field, depth);
    if (field.label != schema::Label::kRepeated) return Single(field, depth, false);
    if (cursor_.Peek() != Token::kArray) return Failed("expected an array");
    cursor_.Consume('[');
    const size_t begin = out_.size();
    const bool packed = field.packed && schema::IsPackable(field.type);
    size_t length_at = 0;
    if (packed) {
      AppendTag(field.number, WireType::kLengthDelimited, &out_);
      length_at = BeginLength();
    }
    if (!cursor_.Consume(']')) {
      ++json_depth_;
      for (size_t i = 0;; ++i) {
        PathScope scope(&path_, {PathStep::kIndex, nullptr, i});
        if (cursor_.Peek() == Token::kNull && field.type_name != "google.protobuf.Value") {
          return Failed("null in a repeated field");
        }
        const Outcome outcome = packed ? Scalar(field) : Single(field, depth, false);
        if (outcome == Outcome::kFailed) return outcome;
        if (cursor_.Consume(']')) break;
        if (!cursor_.Consume(',')) return Failed("expected ',' or ']' in an array");
      }
      --json_depth_;
    }
    if (packed) {
      if (out_.size() == length_at + 1) {
        out_.Truncate(begin);  // no values: no field
      } else {
        EndLength(length_at);
      }
    }
    return Outcome::kWritten;
  }

  Outcome Map(const schema::Field& field, int depth) {
    if (cursor_.Peek() != Token::kObject) return Failed("expected an object for a map");
    const schema::Message& entry_type = schema_.messages[field.message];
    const schema::Field* key_field = entry_type.FindField(1);
    const schema::Field* value_field = entry_type.FindField(2);
    if (key_field == nullptr || value_field == nullptr) return Failed("a map entry type without key or value");
    const bool ok = ForEachMember([&](std::string_view key, size_t key_offset) {
      PathScope scope(&path_, {PathStep::kMapKey, nullptr, key_offset});
      const size_t entry = out_.size();
      AppendTag(field.number, WireType::kLengthDelimited, &out_);
      const size_t length_at = BeginLength();
      if (!MapKey(*key_field, key, key_offset)) return false;
      if (cursor_.Peek() == Token::kNull && !AcceptsNull(*value_field)) return Fail("null as a map value");
      const Outcome outcome = Single(*value_field, depth, true);
      if (outcome == Outcome::kSkipped) out_.Truncate(entry);
      if (outcome == Outcome::kWritten) EndLength(length_at);
      return outcome != Outcome::kFailed;
    });
    return ok ? Outcome::kWritten : Outcome::kFailed;
  }

  // A map key (a JSON member name) as field 1 of its entry.
  bool MapKey(const schema::Field& key_field, std::string_view key, size_t key_offset) {
    AppendTag(key_field.number, schema::WireTypeOf(key_field.type), &out_);
    if (key_field.type == FieldType::kString) {
      AppendVarint(key.size(), &out_);
      out_ += key;
      return true;
    }
    const std::string quoted = "map key \"" + std::string(key) + "\"";
    if (key_field.type == FieldType::kBool) {
      if (key != "true" && key != "false") return FailAt(key_offset, quoted + " is not true or false");
      out_ += key == "true" ? '\1' : '\0';
      return true;
    }
    // Integers: the number in the string, whitespace around it allowed.
    JsonCursor number(key);
    std::string_view literal;
    std::string whole;
    if (number.Peek() != Token::kNumber || !number.Number(&literal) || !number.AtEnd() ||
        !WholeNumberText(std::string(literal), &whole)) {
      return FailAt(key_offset, quoted + " is not an integer");
    }
    std::string error;
    if (!text::EncodeTextScalar(key_field.type, whole, nullptr, false, &scalar_, &error)) {
      return FailAt(key_offset, quoted + ": " + error);
    }
    out_ += scalar_;
    return true;
  }

  // One value of `field` (an element, when repeated) with its tag. A singular field without
  // presence at its default writes nothing, except in a map entry.
  Outcome Single(const schema::Field& field, int depth, bool in_map_entry) {
    const size_t begin = out_.size();
    if (field.type == FieldType::kMessage || field.type == FieldType::kGroup) {
      if (field.message < 0) return Failed("a message field without its type");
      if (field.type == FieldType::kGroup) {
        AppendTag(field.number, WireType::kStartGroup, &out_);
        if (!Message(field.message, depth + 1)) return Outcome::kFailed;
        AppendTag(field.number, WireType::kEndGroup, &out_);
        return Outcome::kWritten;
      }
      AppendTag(field.number, WireType::kLengthDelimited, &out_);
      const size_t length_at = BeginLength();
      if (!Message(field.message, depth + 1)) return Outcome::kFailed;
      EndLength(length_at);
      return Outcome::kWritten;
    }
    AppendTag(field.number, schema::WireTypeOf(field.type), &out_);
    const size_t value = out_.size();
    const Outcome outcome = Scalar(field);
    if (outcome != Outcome::kWritten) {
      out_.Truncate(begin);
      return outcome;
    }
    const bool implicit = field.label != schema::Label::kRepeated && !field.has_presence && field.oneof < 0;
    if (implicit && !in_map_entry &&
        std::all_of(out_.data() + value, out_.data() + out_.size(), [](char c) { return c == 0; })) {
      out_.Truncate(begin);  // proto3 without presence: a default value is not written
    }
    return Outcome::kWritten;
  }

  // A scalar value of `field` without its tag (a string's or bytes' length first).
  Outcome Scalar(const schema::Field& field) {
    const Token token = cursor_.Peek();
    if (token == Token::kInvalid) return SyntaxError();
    std::string_view text;
    switch (field.type) {
      case FieldType::kString:
        if (token != Token::kString) return Failed("expected a string");
        if (!cursor_.String(&text, &value_scratch_)) return Outcome::kFailed;
        AppendVarint(text.size(), &out_);
        out_ += text;
        return Outcome::kWritten;
      case FieldType::kBytes:
        if (token != Token::kString) return Failed("expected a base64 string");
        if (!ValueString(&text)) return Outcome::kFailed;
        if (!text::DecodeBase64(text.data(), text.size(), &scalar_)) return FailedAtValue("not base64");
        AppendVarint(scalar_.size(), &out_);
        out_ += scalar_;
        return Outcome::kWritten;
      case FieldType::kBool: {
        if (token != Token::kBool) return Failed("expected true or false");
        bool value;
        if (!cursor_.Bool(&value)) return Outcome::kFailed;
        out_ += value ? '\1' : '\0';
        return Outcome::kWritten;
      }
      case FieldType::kEnum: return Enum(field, token);
      case FieldType::kFloat:
      case FieldType::kDouble: return Float(field.type, token);
      default: return Integer(field.type, token);
    }
  }

  // The string at the cursor, keeping the cursor at it for errors about its content.
  bool ValueString(std::string_view* text) {
    value_offset_ = cursor_.pos();
    return cursor_.String(text, &value_scratch_);
  }
  Outcome FailedAtValue(const std::string& message) {
    FailAt(value_offset_, message);
    return Outcome::kFailed;
  }

  Outcome SyntaxError() {
    cursor_.Fail(cursor_.AtEnd() ? "unexpected end of the JSON text" : "expected a JSON value");
    return Outcome::kFailed;
  }

  // The number literal of a JSON number, or of a string that holds exactly one.
  bool NumberLiteral(Token token, std::string_view* literal) {
    value_offset_ = cursor_.pos();
    if (token == Token::kNumber) return cursor_.Number(literal);
    if (token != Token::kString) return false;
    std::string_view text;
    return cursor_.String(&text, &value_scratch_) && WholeOfText(text, literal);
  }

  // Whether `text` is one JSON number literal and nothing else (no whitespace around it).
  static bool WholeOfText(std::string_view text, std::string_view* literal) {
    JsonCursor number(text);
    return number.Peek() == Token::kNumber && number.pos() == 0 && number.Number(literal) &&
           literal->size() == text.size();
  }

  // A JSON integer of at most 18 digits (no fraction, no exponent) within the range of `type`,
  // written without the text-format parser; false, writing nothing, for any other (the general path
  // then decides, with its message).
  bool PlainInteger(FieldType type, std::string_view literal) {
    const bool negative = literal[0] == '-';
    const size_t first = negative ? 1 : 0;
    if (literal.size() == first || literal.size() - first > 18) return false;
    uint64_t magnitude = 0;
    for (size_t i = first; i < literal.size(); ++i)
      magnitude = magnitude * 10 + static_cast<uint64_t>(literal[i] - '0');
    const int64_t value = negative ? -static_cast<int64_t>(magnitude) : static_cast<int64_t>(magnitude);
    const bool int32 = value >= INT32_MIN && value <= INT32_MAX;
    const bool uint32 = value >= 0 && value <= static_cast<int64_t>(UINT32_MAX);
    uint8_t bytes[8];
    switch (type) {
      case FieldType::kInt32: return int32 && (AppendVarint(static_cast<uint64_t>(value), &out_), true);
      case FieldType::kInt64: return AppendVarint(static_cast<uint64_t>(value), &out_), true;
      case FieldType::kUInt32: return uint32 && (AppendVarint(magnitude, &out_), true);
      case FieldType::kUInt64: return value >= 0 && (AppendVarint(magnitude, &out_), true);
      case FieldType::kSInt32: return int32 && (AppendVarint(ZigZagEncode32(static_cast<int32_t>(value)), &out_), true);
      case FieldType::kSInt64: return AppendVarint(ZigZagEncode64(value), &out_), true;
      case FieldType::kFixed32:
      case FieldType::kSFixed32:
        if (type == FieldType::kFixed32 ? !uint32 : !int32) return false;
        WriteFixed32(bytes, static_cast<uint32_t>(value));
        out_.Append(reinterpret_cast<const char*>(bytes), 4);
        return true;
      case FieldType::kFixed64:
      case FieldType::kSFixed64:
        if (type == FieldType::kFixed64 && value < 0) return false;
        WriteFixed64(bytes, static_cast<uint64_t>(value));
        out_.Append(reinterpret_cast<const char*>(bytes), 8);
        return true;
      default: return false;
    }
  }

  Outcome Integer(FieldType type, Token token) {
    std::string_view literal;
    if (!NumberLiteral(token, &literal)) {
      return cursor_.failed() ? Outcome::kFailed : FailedAtValue("expected an integer");
    }
    std::string error;
    if (literal.find_first_of(".eE") == std::string_view::npos) {
      if (PlainInteger(type, literal)) return Outcome::kWritten;
      if (!text::EncodeTextScalar(type, literal, nullptr, false, &scalar_, &error)) {
        return FailedAtValue(error + ": " + std::string(literal));
      }
    } else {
      std::string whole;
      if (!WholeNumberText(std::string(literal), &whole)) {
        return FailedAtValue("not an integer: " + std::string(literal));
      }
      if (!text::EncodeTextScalar(type, whole, nullptr, false, &scalar_, &error)) {
        return FailedAtValue(error + ": " + std::string(literal));
      }
    }
    out_ += scalar_;
    return Outcome::kWritten;
  }

  Outcome Float(FieldType type, Token token) {
    std::string_view literal;
    double number;
    if (token == Token::kString) {  // a number, or one of the names of the values that have none
      std::string_view text;
      if (!ValueString(&text)) return Outcome::kFailed;
      if (text == "NaN" || text == "Infinity" || text == "-Infinity") {
        number = text == "NaN" ? std::numeric_limits<double>::quiet_NaN() : text == "Infinity" ? HUGE_VAL : -HUGE_VAL;
        return AppendFloat(type, number);
      }
      if (!WholeOfText(text, &literal)) return FailedAtValue("expected a number");
    } else if (!NumberLiteral(token, &literal)) {
      return cursor_.failed() ? Outcome::kFailed : FailedAtValue("expected a number");
    }
    if (!text::ParseShortDecimal(literal, &number)) number = std::strtod(std::string(literal).c_str(), nullptr);
    // A finite number past the type's range is an error in JSON (text format makes it infinity);
    // for float, past FLT_MAX by more than its rounding (FLT_MAX prints as 3.4028235e+38).
    constexpr double kFloatRoundsToMax = 3.4028235677973366e+38;
    if (!std::isfinite(number) || (type == FieldType::kFloat && std::fabs(number) > kFloatRoundsToMax)) {
      return FailedAtValue(std::string("out of range for ") + schema::FieldTypeName(type) + ": " +
                           std::string(literal));
    }
    return AppendFloat(type, number);
  }

  Outcome AppendFloat(FieldType type, double number) {
    uint8_t bytes[8];
    if (type == FieldType::kDouble) {
      WriteFixed64(bytes, BitCast<uint64_t>(number));
      out_.Append(reinterpret_cast<const char*>(bytes), 8);
    } else {
      // Past FLT_MAX by less than half a step rounds to it (as libprotobuf's SafeDoubleToFloat).
      const float f = std::fabs(number) > FLT_MAX && std::isfinite(number) ? std::copysign(FLT_MAX, number)
                                                                           : static_cast<float>(number);
      WriteFixed32(bytes, BitCast<uint32_t>(f));
      out_.Append(reinterpret_cast<const char*>(bytes), 4);
    }
    return Outcome::kWritten;
  }

  Outcome Enum(const schema::Field& field, Token token) {
    const schema::Enum* enumeration = field.enumeration >= 0 ? &schema_.enums[field.enumeration] : nullptr;
    if (token == Token::kNull) {  // google.protobuf.NullValue
      if (!cursor_.Null()) return Outcome::kFailed;
      out_ += '\0';
      return Outcome::kWritten;
    }
    if (token == Token::kString) {
      std::string_view name;
      if (!ValueString(&name)) return Outcome::kFailed;
      if (enumeration != nullptr) {
        for (const schema::EnumValue& v : enumeration->values) {
          if (v.name == name) {
            AppendVarint(static_cast<uint64_t>(static_cast<int64_t>(v.number)), &out_);
            return Outcome::kWritten;
          }
        }
      }
      if (options_.ignore_unknown_fields) return Outcome::kSkipped;
      return FailedAtValue("no value \"" + std::string(name) + "\" in enum " + field.type_name);
    }
    if (token != Token::kNumber) return Failed("expected an enum name or number");
    std::string_view literal;
    value_offset_ = cursor_.pos();
    if (!cursor_.Number(&literal)) return Outcome::kFailed;
    std::string whole;
    if (!WholeNumberText(std::string(literal), &whole)) return FailedAtValue("not an integer: " + std::string(literal));
    const schema::Enum* closed = enumeration != nullptr && enumeration->closed ? enumeration : nullptr;
    std::string error;
    if (!text::EncodeTextScalar(FieldType::kEnum, whole, closed, false, &scalar_, &error)) {
      if (closed != nullptr && options_.ignore_unknown_fields) return Outcome::kSkipped;
      return FailedAtValue(error);
    }
    out_ += scalar_;
    return Outcome::kWritten;
  }

  // Timestamp and Duration: seconds (field 1) and nanos (field 2) from their string form.
  bool Time(const schema::Message& m) {
    const bool timestamp = m.full_name == "google.protobuf.Timestamp";
    const size_t at = cursor_.pos();
    int64_t seconds = 0, nanos = 0;
    std::string_view text;
    const bool string = cursor_.Peek() == Token::kString;
    if (string && !cursor_.String(&text, &value_scratch_)) return false;
    if (!string || !(timestamp ? ParseTimestamp(text, &seconds, &nanos) : ParseDuration(text, &seconds, &nanos))) {
      return FailAt(at, timestamp ? "expected an RFC 3339 time from 0001 to 9999, e.g. \"1972-01-01T10:00:20.021Z\""
                                  : "expected a duration within 10,000 years, e.g. \"-1.5s\"");
    }
    for (const auto& [number, value] : {std::pair<uint32_t, int64_t>{1, seconds}, {2, nanos}}) {
      if (value == 0) continue;  // proto3: defaults are not written
      AppendTag(number, WireType::kVarint, &out_);
      AppendVarint(static_cast<uint64_t>(value), &out_);
    }
    return true;
  }

  // "fooBar,baz.quxQux" -> paths "foo_bar", "baz.qux_qux".
  bool FieldMask() {
    if (cursor_.Peek() != Token::kString) return Fail("expected a string of comma-separated paths");
    std::string_view text;
    if (!ValueString(&text)) return false;
    size_t start = 0;
    while (!text.empty() && start <= text.size()) {
      size_t end = text.find(',', start);
      if (end == std::string_view::npos) end = text.size();
      scalar_.clear();
      for (size_t i = start; i < end; ++i) {
        const char c = text[i];
        if (c == '_') return FailAt(value_offset_, "a field mask path in JSON is lowerCamelCase (no '_')");
        if (c >= 'A' && c <= 'Z') {
          scalar_.push_back('_');
          scalar_.push_back(static_cast<char>(c - 'A' + 'a'));
        } else {
          scalar_.push_back(c);
        }
      }
      AppendTag(1, WireType::kLengthDelimited, &out_);
      AppendVarint(scalar_.size(), &out_);
      out_ += scalar_;
      start = end + 1;
    }
    return true;
  }

  // google.protobuf.Value: null, number, string, bool, Struct or ListValue by the JSON's kind.
  bool DynamicValue(const schema::Message& m, int depth) {
    uint32_t number = 0;
    switch (cursor_.Peek()) {
      case Token::kNull: number = 1; break;
      case Token::kNumber: number = 2; break;
      case Token::kString: number = 3; break;
      case Token::kBool: number = 4; break;
      case Token::kObject: number = 5; break;
      case Token::kArray: number = 6; break;
      case Token::kInvalid: return SyntaxError() != Outcome::kFailed;
    }
    return WithField(m, number, depth);
  }

  // What a look through an Any's members found.
  struct AnyMembers {
    size_t type_offset = 0;   // of the last "@type" member's value
    size_t value_offset = 0;  // of the last "value" member's value
    bool has_type = false, has_value = false;
    size_t unexpected = 0;  // offset of the first member other than these two
    bool has_unexpected = false;
    size_t end = 0;  // past the closing '}'
    bool empty = true;
  };

  // {"@type": url, ...fields} or, for a type with a JSON form of its own, {"@type": url, "value": ...}.
  // Its members are looked through first ("@type" may come last), then read as the type's.
  bool Any(int depth) {
    if (cursor_.Peek() != Token::kObject) return Fail("expected an object for google.protobuf.Any");
    const size_t object = cursor_.pos();
    AnyMembers members;
    if (!LookThroughAny(&members)) return false;
    if (members.empty) return true;  // {}: an empty Any
    cursor_.set_pos(members.type_offset);
    std::string_view url_view;
    if (!members.has_type || cursor_.Peek() != Token::kString || !cursor_.String(&url_view, &value_scratch_)) {
      if (cursor_.failed()) return false;
      return FailAt(object, "google.protobuf.Any needs a \"@type\" string");
    }
    const std::string url(url_view);
    const int type = schema_.FindMessageByTypeUrl(url);
    if (type < 0)
      return FailAt(members.type_offset, "type \"" + url + "\" of a google.protobuf.Any is not in the schema");
    AppendTag(1, WireType::kLengthDelimited, &out_);
    AppendVarint(url.size(), &out_);
    out_ += url;
    const size_t body = out_.size();
    AppendTag(2, WireType::kLengthDelimited, &out_);
    const size_t length_at = BeginLength();
    if (JsonWellKnownOf(schema_.messages[type].full_name) != JsonWellKnown::kNone) {
      if (!members.has_value) return FailAt(object, "google.protobuf.Any of " + url + " needs a \"value\"");
      if (members.has_unexpected) {
        cursor_.set_pos(members.unexpected);
        std::string_view key;
        cursor_.String(&key, &key_scratch_);
        return FailAt(members.unexpected, "unexpected \"" + std::string(key) + "\" in an Any");
      }
      cursor_.set_pos(members.value_offset);
      if (!Message(type, depth + 1)) return false;
      cursor_.set_pos(members.end);
    } else {
      cursor_.set_pos(object);
      if (!Fields(schema_.messages[type], depth + 1, true)) return false;
    }
    if (out_.size() == length_at + 1) {
      out_.Truncate(body);  // an empty message: proto3 writes no empty bytes
    } else {
      EndLength(length_at);
    }
    return true;
  }

  bool LookThroughAny(AnyMembers* members) {
    const bool ok = ForEachMember([&](std::string_view key, size_t key_offset) {
      members->empty = false;
      cursor_.Peek();
      if (key == "@type") {
        members->type_offset = cursor_.pos();
        members->has_type = true;
      } else if (key == "value") {
        members->value_offset = cursor_.pos();
        members->has_value = true;
      } else if (!members->has_unexpected) {
        members->unexpected = key_offset;
        members->has_unexpected = true;
      }
      return cursor_.SkipValue(json_depth_, kMaxJsonDepth);
    });
    members->end = cursor_.pos();
    return ok;
  }

  JsonCursor cursor_;
  const schema::Schema& schema_;
  const JsonReadOptions& options_;
  StringSink& out_;
  std::vector<PathStep> path_;
  std::string path_error_;   // the path when the first error was recorded
  int json_depth_ = 0;       // objects and arrays entered
  size_t value_offset_ = 0;  // of the scalar being read
  // Kept across the messages of one read: the chunks of the messages open, which of their fields
  // and oneofs were seen.
  std::vector<Chunk> chunks_;
  std::vector<uint8_t> seen_;
  std::vector<int> oneof_members_;
  std::string key_scratch_, value_scratch_, scalar_, reorder_;
};

}  // namespace

EncodeResult EncodeJson(std::string_view json, const schema::Schema& schema, int message,
                        const JsonReadOptions& options) {
  EncodeResult result;
  StringSink sink(&result.bytes, json.size() / 2);
  JsonWireReader reader(json, schema, options, &sink);
  result.ok = reader.ReadTop(message);
  sink.Finish();
  if (!result.ok) {
    result.error = reader.error();
    result.bytes.clear();
  }
  return result;
}

}  // namespace wirelens::format
