#include "core/format/json_cursor.h"

#include "core/text/literal.h"
#include "core/wire/utf8.h"

namespace wirelens::format {

JsonCursor::Token JsonCursor::Peek() {
  SkipSpace();
  if (pos_ >= json_.size()) return Token::kInvalid;
  switch (json_[pos_]) {
    case '{': return Token::kObject;
    case '[': return Token::kArray;
    case '"': return Token::kString;
    case 't':
    case 'f': return Token::kBool;
    case 'n': return Token::kNull;
    case '-':
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
    case '9': return Token::kNumber;
    default: return Token::kInvalid;
  }
}

bool JsonCursor::Consume(char c) {
  SkipSpace();
  if (pos_ >= json_.size() || json_[pos_] != c) return false;
  ++pos_;
  return true;
}

bool JsonCursor::AtEnd() {
  SkipSpace();
  return pos_ >= json_.size();
}

bool JsonCursor::FailAt(size_t offset, const std::string& message) {
  if (!failed_) {
    failed_ = true;
    error_offset_ = offset;
    error_ = message;
  }
  return false;
}

bool JsonCursor::Word(std::string_view word) {
  if (json_.substr(pos_, word.size()) != word) return false;
  pos_ += word.size();
  return true;
}

bool JsonCursor::Null() { return Word("null") || Fail("expected a JSON value"); }

bool JsonCursor::Bool(bool* value) {
  *value = pos_ < json_.size() && json_[pos_] == 't';
  return Word(*value ? "true" : "false") || Fail("expected a JSON value");
}

bool JsonCursor::Number(std::string_view* literal) {
  const size_t start = pos_;
  auto digits = [&] {
    const size_t from = pos_;
    while (pos_ < json_.size() && json_[pos_] >= '0' && json_[pos_] <= '9') ++pos_;
    return pos_ > from;
  };
  auto next_is = [&](char c) { return pos_ < json_.size() && json_[pos_] == c; };
  if (next_is('-')) ++pos_;
  if (next_is('0')) {
    ++pos_;
    if (pos_ < json_.size() && json_[pos_] >= '0' && json_[pos_] <= '9') return Fail("a number with a leading 0");
  } else if (!digits()) {
    return Fail("expected digits");
  }
  if (next_is('.') && (++pos_, !digits())) return Fail("expected digits after '.'");
  if (next_is('e') || next_is('E')) {
    ++pos_;
    if (next_is('+') || next_is('-')) ++pos_;
    if (!digits()) return Fail("expected digits in the exponent");
  }
  *literal = json_.substr(start, pos_ - start);
  return true;
}

bool JsonCursor::Hex4(uint32_t* out) {
  if (pos_ + 4 > json_.size()) return Fail("a \\u escape needs four hex digits");
  *out = 0;
  for (int i = 0; i < 4; ++i) {
    const int v = text::DigitValue(json_[pos_ + i]);
    if (v > 15) return Fail("a \\u escape needs four hex digits");
    *out = *out * 16 + static_cast<uint32_t>(v);
  }
  pos_ += 4;
  return true;
}

bool JsonCursor::String(std::string_view* out, std::string* scratch) {
  const size_t start = pos_;
  if (pos_ >= json_.size() || json_[pos_] != '"') return Fail("expected a string");
  ++pos_;
  size_t run = pos_;  // start of the bytes not yet copied to *scratch
  bool escaped = false;
  bool ascii = true;
  for (;;) {
    if (pos_ >= json_.size()) return FailAt(start, "a string without its closing quote");
    const unsigned char c = static_cast<unsigned char>(json_[pos_]);
    if (c == '"') break;
    if (c < 0x20) return Fail("a control character in a string (escape it)");
    if (c != '\\') {
      ascii &= c < 0x80;
      ++pos_;
      continue;
    }
    if (!escaped) scratch->clear();
    escaped = true;
    scratch->append(json_.substr(run, pos_ - run));
    const size_t escape = pos_++;
    if (pos_ >= json_.size()) return FailAt(start, "a string without its closing quote");
    const char e = json_[pos_++];
    switch (e) {
      case '"': scratch->push_back('"'); break;
      case '\\': scratch->push_back('\\'); break;
      case '/': scratch->push_back('/'); break;
      case 'b': scratch->push_back('\b'); break;
      case 'f': scratch->push_back('\f'); break;
      case 'n': scratch->push_back('\n'); break;
      case 'r': scratch->push_back('\r'); break;
      case 't': scratch->push_back('\t'); break;
      case 'u': {
        uint32_t cp;
        if (!Hex4(&cp)) return false;
        if (cp >= 0xdc00 && cp <= 0xdfff) return FailAt(escape, "a low surrogate without a high one before it");
        if (cp >= 0xd800 && cp <= 0xdbff) {
          uint32_t low;
          if (!Word("\\u") || !Hex4(&low) || low < 0xdc00 || low > 0xdfff) {
            return FailAt(escape, "a high surrogate without a low one after it");
          }
          cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
        }
        text::AppendUtf8(cp, scratch);
        break;
      }
      default: return FailAt(escape, std::string("unknown escape \\") + e);
    }
    run = pos_;
  }
  if (escaped) {
    scratch->append(json_.substr(run, pos_ - run));
    *out = *scratch;
  } else {
    *out = json_.substr(run, pos_ - run);
  }
  ++pos_;
  // Escapes only write well-formed UTF-8; the bytes as written are checked unless all ASCII.
  if (!ascii && !IsValidUtf8(reinterpret_cast<const uint8_t*>(out->data()), out->size())) {
    return FailAt(start, "a string that is not UTF-8");
  }
  return true;
}

bool JsonCursor::SkipValue(int depth, int max_depth) {
  std::string_view ignored;
  std::string scratch;
  switch (Peek()) {
    case Token::kNull: return Null();
    case Token::kBool: {
      bool value;
      return Bool(&value);
    }
    case Token::kNumber: return Number(&ignored);
    case Token::kString: return String(&ignored, &scratch);
    case Token::kInvalid:
      return Fail(pos_ >= json_.size() ? "unexpected end of the JSON text" : "expected a JSON value");
    case Token::kArray:
    case Token::kObject: break;
  }
  const bool object = json_[pos_] == '{';
  if (depth >= max_depth) return Fail("JSON nested deeper than " + std::to_string(max_depth));
  ++pos_;
  if (Consume(object ? '}' : ']')) return true;
  for (;;) {
    if (object) {
      if (Peek() != Token::kString) return Fail("expected a member name in quotes");
      if (!String(&ignored, &scratch)) return false;
      if (!Consume(':')) return Fail("expected ':' after a member name");
    }
    if (!SkipValue(depth + 1, max_depth)) return false;
    if (Consume(object ? '}' : ']')) return true;
    if (!Consume(',')) return Fail(object ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array");
  }
}

}  // namespace wirelens::format
