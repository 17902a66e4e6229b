#include "core/format/text_reader.h"

#include <algorithm>
#include <vector>

#include "core/format/message_writer.h"
#include "core/text/literal.h"
#include "core/wire/wire_format.h"

namespace wirelens::format {
namespace {

using schema::FieldType;

constexpr int kMaxNesting = kDefaultDepthLimit;

struct Token {
  enum class Kind { kEnd, kIdentifier, kNumber, kString, kSymbol } kind = Kind::kEnd;
  std::string_view text;
  int line = 1, column = 1;

  bool Is(char symbol) const { return kind == Kind::kSymbol && text[0] == symbol; }
};

bool IsLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }

class Tokenizer {
 public:
  explicit Tokenizer(std::string_view text) : text_(text) { Next(); }
  const Token& current() const { return current_; }
  // An error message of the current token's position, or "" when the tokenizer is fine.
  const std::string& error() const { return error_; }

  void Next() {
    SkipSpaceAndComments();
    current_ = Token();
    current_.line = line_;
    current_.column = column_;
    if (pos_ >= text_.size()) return;
    const size_t start = pos_;
    const char c = text_[pos_];
    if (IsLetter(c)) {
      current_.kind = Token::Kind::kIdentifier;
      while (pos_ < text_.size() && (IsLetter(text_[pos_]) || IsDigit(text_[pos_]))) Advance();
    } else if (IsDigit(c) || (c == '.' && pos_ + 1 < text_.size() && IsDigit(text_[pos_ + 1]))) {
      current_.kind = Token::Kind::kNumber;
      const bool hex = c == '0' && pos_ + 1 < text_.size() && (text_[pos_ + 1] == 'x' || text_[pos_ + 1] == 'X');
      while (pos_ < text_.size()) {
        const char d = text_[pos_];
        const char previous = pos_ > start ? text_[pos_ - 1] : ' ';
        const bool sign = (d == '-' || d == '+') && !hex && (previous == 'e' || previous == 'E');
        if (!IsLetter(d) && !IsDigit(d) && d != '.' && !sign) break;
        Advance();
      }
    } else if (c == '"' || c == '\'') {
      current_.kind = Token::Kind::kString;
      Advance();
      while (pos_ < text_.size() && text_[pos_] != c && text_[pos_] != '\n') {
        if (text_[pos_] == '\\' && pos_ + 1 < text_.size()) Advance();
        Advance();
      }
      if (pos_ >= text_.size() || text_[pos_] != c) {
        error_ = Position() + "String literals cannot cross line boundaries.";
        current_.kind = Token::Kind::kEnd;
        return;
      }
      Advance();
    } else {
      current_.kind = Token::Kind::kSymbol;
      Advance();
    }
    current_.text = text_.substr(start, pos_ - start);
  }

  std::string Position() const { return std::to_string(current_.line) + ":" + std::to_string(current_.column) + ": "; }

 private:
  void Advance() {
    if (text_[pos_++] == '\n') {
      ++line_;
      column_ = 1;
    } else {
      ++column_;
    }
  }
  void SkipSpaceAndComments() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '#') {
        while (pos_ < text_.size() && text_[pos_] != '\n') Advance();
      } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') {
        Advance();
      } else {
        return;
      }
    }
  }

  std::string_view text_;
  size_t pos_ = 0;
  int line_ = 1, column_ = 1;
  Token current_;
  std::string error_;
};

class Parser {
 public:
  Parser(std::string_view text, const schema::Schema& schema) : tokens_(text), schema_(schema) {}

  bool ParseTop(int message, std::string* out) {
    if (!ParseFields(message, '\0', 0, out)) return false;
    return tokens_.error().empty() || Fail(tokens_.error());
  }
  const std::string& error() const { return error_; }

 private:
  const Token& token() const { return tokens_.current(); }

  bool Fail(const std::string& message) {
    if (error_.empty()) error_ = tokens_.error().empty() ? tokens_.Position() + message : tokens_.error();
    return false;
  }
  bool Expect(char symbol) {
    if (!token().Is(symbol)) {
      return Fail(std::string("Expected \"") + symbol + "\", found \"" + std::string(token().text) + "\".");
    }
    tokens_.Next();
    return true;
  }
  bool TryConsume(char symbol) {
    if (!token().Is(symbol)) return false;
    tokens_.Next();
    return true;
  }

  // The fields of a message up to `close` ('\0': the end of the input), serialized into *out.
  bool ParseFields(int message, char close, int depth, std::string* out) {
    if (depth > kMaxNesting) return Fail("Message nesting is deeper than 100.");
    std::vector<FieldEntry> entries;
    std::vector<const schema::Field*> seen;
    for (;;) {
      if (close != '\0' && TryConsume(close)) break;
      if (token().kind == Token::Kind::kEnd) {
        if (close != '\0') return Fail(std::string("Expected \"") + close + "\".");
        if (!tokens_.error().empty()) return Fail(tokens_.error());
        break;
      }
      if (!ParseField(message, depth, &entries, &seen)) return false;
      if (!TryConsume(',')) TryConsume(';');
    }
    WriteMessage(schema_, message, &entries, out);
    return true;
  }

  const schema::Field* FindField(int message, std::string_view name) const {
    const schema::Message& m = schema_.messages[message];
    for (const schema::Field& f : m.fields) {
      if (f.name == name) return &f;
    }
    for (const schema::Field& f : m.fields) {  // a group by its type name
      if (text::GroupLike(schema_, m, f) && schema_.messages[f.message].name == name) return &f;
    }
    return nullptr;
  }

  bool ParseField(int message, int depth, std::vector<FieldEntry>* entries, std::vector<const schema::Field*>* seen) {
    const bool bracketed = token().Is('[');
    std::string name(token().text);
    const schema::Field* field = nullptr;
    if (bracketed) {  // an extension, [pkg.ext] (schema::Field names it so), or an Any's type URL
      name.clear();
      if (!ReadBracketed(&name)) return false;
      if (name.find('/') != std::string::npos) return ParseAny(message, name, depth, entries);
      name = "[" + name + "]";
      field = message >= 0 ? FindField(message, name) : nullptr;
    } else if (token().kind == Token::Kind::kNumber) {
      // A field by number: the declared one, or an unknown field.
      bool negative = false;
      uint64_t number = 0;
      std::string error;
      if (!text::ParseTextInteger(name, &negative, &number, &error) || number < 1 || number > kMaxFieldNumber) {
        return Fail("Bad field number \"" + name + "\".");
      }
      field = message >= 0 ? FindFieldByNumber(message, static_cast<uint32_t>(number)) : nullptr;
      if (field == nullptr) {
        tokens_.Next();
        return ParseUnknown(static_cast<uint32_t>(number), depth, entries);
      }
    } else if (token().kind != Token::Kind::kIdentifier) {
      return Fail("Expected identifier, got: " + name);
    } else {
      field = message >= 0 ? FindField(message, name) : nullptr;
    }
    if (field == nullptr && !bracketed && message >= 0 && IsReservedName(schema_.messages[message], name)) {
      tokens_.Next();
      return SkipReservedValue(depth);
    }
    if (field == nullptr) {
      return Fail("Message type \"" + (message >= 0 ? schema_.messages[message].full_name : std::string("(raw)")) +
                  "\" has no field named \"" + name + "\".");
    }
    const bool repeated = field->label == schema::Label::kRepeated;
    for (const schema::Field* other : *seen) {
      if (other == field && !repeated)
        return Fail("Non-repeated field \"" + field->name + "\" is specified multiple times.");
      if (other != field && field->oneof >= 0 && other->oneof == field->oneof) {
        return Fail("Field \"" + field->name + "\" is specified along with field \"" + other->name +
                    "\", another member of oneof \"" + schema_.messages[message].oneofs[field->oneof] + "\".");
      }
    }
    seen->push_back(field);
    if (!bracketed) tokens_.Next();
    const bool is_message = field->type == FieldType::kMessage || field->type == FieldType::kGroup;
    if (is_message) {
      TryConsume(':');
    } else if (!Expect(':')) {
      return false;
    }
    if (repeated && TryConsume('[')) {
      for (bool first = true; !TryConsume(']'); first = false) {
        if (!first && !Expect(',')) return false;
        if (!ParseValue(*field, depth, entries)) return false;
      }
      return true;
    }
    return ParseValue(*field, depth, entries);
  }

  bool ParseValue(const schema::Field& field, int depth, std::vector<FieldEntry>* entries) {
    FieldEntry entry;
    entry.number = field.number;
    entry.field = &field;
    entry.wire_type = schema::WireTypeOf(field.type);
    if (field.type == FieldType::kMessage || field.type == FieldType::kGroup) {
      if (!ParseNested(field.message, depth, &entry.value)) return false;
    } else {
      std::string literal;
      if (!ReadLiteral(&literal)) return false;
      const schema::Enum* enumeration = field.enumeration >= 0 ? &schema_.enums[field.enumeration] : nullptr;
      std::string error;
      // A string that is not UTF-8 is written as it is (protoc --encode writes it, logging an error).
      if (!text::EncodeTextScalar(field.type, literal, enumeration, /*utf8=*/false, &entry.value, &error)) {
        return Fail(error + " (field \"" + field.name + "\": " + literal + ")");
      }
    }
    entries->push_back(std::move(entry));
    return true;
  }

  // { fields } or < fields >; *out gets the message's bytes.
  bool ParseNested(int message, int depth, std::string* out) {
    const char close = token().Is('{') ? '}' : token().Is('<') ? '>' : '\0';
    if (close == '\0') return Fail("Expected \"{\", found \"" + std::string(token().text) + "\".");
    tokens_.Next();
    return ParseFields(message, close, depth + 1, out);
  }

  // The text of one scalar value: a '-' and a number or identifier, an identifier, a number, or
  // adjacent strings.
  bool ReadLiteral(std::string* literal) {
    if (TryConsume('-')) {
      if (token().kind != Token::Kind::kNumber && token().kind != Token::Kind::kIdentifier) {
        return Fail("Expected a number after \"-\".");
      }
      *literal = "-";
    }
    if (token().kind == Token::Kind::kString && literal->empty()) {
      while (token().kind == Token::Kind::kString) {
        literal->append(token().text).push_back(' ');
        tokens_.Next();
      }
      return true;
    }
    if (token().kind != Token::Kind::kNumber && token().kind != Token::Kind::kIdentifier) {
      return Fail("Expected a value, found \"" + std::string(token().text) + "\".");
    }
    literal->append(token().text);
    tokens_.Next();
    return true;
  }

  // The name between [ and ] (the current token), consumed through the ']'.
  bool ReadBracketed(std::string* name) {
    tokens_.Next();
    while (!token().Is(']')) {
      if (token().kind == Token::Kind::kEnd) return Fail("Expected \"]\".");
      name->append(token().text);
      tokens_.Next();
    }
    tokens_.Next();
    return true;
  }

  // [type.googleapis.com/pkg.Msg] { ... } inside a google.protobuf.Any, after the ']'.
  bool ParseAny(int message, const std::string& name, int depth, std::vector<FieldEntry>* entries) {
    if (message < 0 || schema_.messages[message].full_name != "google.protobuf.Any") {
      return Fail("Type URL \"" + name + "\" outside a google.protobuf.Any.");
    }
    const int type = schema_.FindMessageByTypeUrl(name);
    if (type < 0) return Fail("Could not find type \"" + name + "\" stored in google.protobuf.Any.");
    TryConsume(':');
    FieldEntry url{1, nullptr, WireType::kLengthDelimited, name};
    FieldEntry value{2, nullptr, WireType::kLengthDelimited, {}};
    if (!ParseNested(type, depth, &value.value)) return false;
    url.field = FindFieldByNumber(message, 1);
    value.field = FindFieldByNumber(message, 2);
    entries->push_back(std::move(url));
    entries->push_back(std::move(value));
    return true;
  }

  const schema::Field* FindFieldByNumber(int message, uint32_t number) const {
    return schema_.messages[message].FindField(number);
  }

  // A field named by a number the message does not declare (an unknown field): integers as
  // varints, 0x with 8 or 16 hex digits as fixed32 / fixed64, strings and { } as length-delimited.
  static bool IsReservedName(const schema::Message& m, const std::string& name) {
    for (const std::string& reserved : m.reserved_names) {
      if (reserved == name) return true;
    }
    return false;
  }

  // The value of a reserved field name, read and dropped as protobuf's parser does: a message
  // ({ } or < >, ':' optional), a [list], or one literal.
  bool SkipReservedValue(int depth) {
    const bool nested = !token().Is(':');
    TryConsume(':');
    if (nested || token().Is('{') || token().Is('<')) return SkipOneValue(depth);
    if (!TryConsume('[')) return SkipOneValue(depth);
    for (bool first = true; !TryConsume(']'); first = false) {
      if (!first && !Expect(',')) return false;
      if (!SkipOneValue(depth)) return false;
    }
    return true;
  }
  bool SkipOneValue(int depth) {
    std::string ignored;
    return token().Is('{') || token().Is('<') ? SkipNested(depth) : ReadLiteral(&ignored);
  }
  // A message of no known type: each field a name (identifier, number or [bracketed]) and a value.
  bool SkipNested(int depth) {
    if (depth + 1 > kMaxNesting) return Fail("Message nesting is deeper than 100.");
    const char close = token().Is('{') ? '}' : '>';
    tokens_.Next();
    while (!TryConsume(close)) {
      std::string ignored;
      if (token().Is('[')) {
        if (!ReadBracketed(&ignored)) return false;
      } else if (token().kind == Token::Kind::kIdentifier || token().kind == Token::Kind::kNumber) {
        tokens_.Next();
      } else {
        return Fail("Expected a field name or \"" + std::string(1, close) + "\", found \"" + std::string(token().text) +
                    "\".");
      }
      if (!SkipReservedValue(depth + 1)) return false;
      if (!TryConsume(',')) TryConsume(';');
    }
    return true;
  }

  bool ParseUnknown(uint32_t number, int depth, std::vector<FieldEntry>* entries) {
    std::string error;
    FieldEntry entry;
    entry.number = number;
    const bool nested = !token().Is(':');
    TryConsume(':');
    if (nested || token().Is('{') || token().Is('<')) {
      entry.wire_type = WireType::kLengthDelimited;
      if (!ParseNested(-1, depth, &entry.value)) return false;
    } else if (token().kind == Token::Kind::kString) {
      std::string literal;
      if (!ReadLiteral(&literal)) return false;
      entry.wire_type = WireType::kLengthDelimited;
      if (!text::ParseTextString(literal, &entry.value, &error)) return Fail(error);
    } else {
      std::string literal;
      if (!ReadLiteral(&literal)) return false;
      const bool hex = literal.size() > 2 && literal[0] == '0' && (literal[1] == 'x' || literal[1] == 'X');
      const FieldType type = hex && literal.size() == 10   ? FieldType::kFixed32
                             : hex && literal.size() == 18 ? FieldType::kFixed64
                             : literal[0] == '-'           ? FieldType::kInt64
                                                           : FieldType::kUInt64;
      entry.wire_type = schema::WireTypeOf(type);
      if (!text::EncodeTextScalar(type, literal, nullptr, false, &entry.value, &error)) return Fail(error);
    }
    entries->push_back(std::move(entry));
    return true;
  }

  Tokenizer tokens_;
  const schema::Schema& schema_;
  std::string error_;
};

}  // namespace

EncodeResult EncodeTextFormat(std::string_view text, const schema::Schema& schema, int message) {
  EncodeResult result;
  Parser parser(text, schema);
  result.ok = parser.ParseTop(message, &result.bytes);
  if (!result.ok) {
    result.error = parser.error();
    result.bytes.clear();
  }
  return result;
}

}  // namespace wirelens::format
