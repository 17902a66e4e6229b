// A read position in a JSON document (RFC 8259, strict: no comments, no trailing commas) and the
// tokens read at it: what the tree parser (json_value.h) and the streaming reader (json_reader.h)
// share. Errors are kept as a byte offset and what is wrong; the first one stays.
#ifndef WIRELENS_CORE_FORMAT_JSON_CURSOR_H_
#define WIRELENS_CORE_FORMAT_JSON_CURSOR_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace wirelens::format {

class JsonCursor {
 public:
  // What the next value is, by its first byte: kInvalid for a byte no value starts with, or the
  // end of the text.
  enum class Token { kInvalid, kNull, kBool, kNumber, kString, kArray, kObject };

  explicit JsonCursor(std::string_view json) : json_(json) {}

  std::string_view json() const { return json_; }
  size_t pos() const { return pos_; }
  // Precondition: `pos` is an offset this cursor reported (a value's or a member's start).
  void set_pos(size_t pos) { pos_ = pos; }

  // Skips whitespace and says what comes next (pos() is then at its first byte).
  Token Peek();
  // Skips whitespace, then consumes `c` when it is next.
  bool Consume(char c);
  // Skips whitespace; true at the end of the text.
  bool AtEnd();

  // The literal `null`, `true` or `false` at pos(); false with an error for anything else.
  bool Null();
  bool Bool(bool* value);
  // The string at pos() (a '"' expected): its UTF-8 in *out, a view of the document when it has
  // no escapes, else of *scratch (overwritten). Fails on bad escapes, unpaired surrogates,
  // control characters and bytes that are not UTF-8.
  bool String(std::string_view* out, std::string* scratch);
  // The number at pos(): -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, as written.
  bool Number(std::string_view* literal);
  // Skips the value at pos() and everything in it; the value is `depth` arrays or objects deep in
  // the document, which nests at most `max_depth` deep.
  bool SkipValue(int depth, int max_depth);

  // Records an error (unless one is recorded) and returns false.
  bool Fail(const std::string& message) { return FailAt(pos_, message); }
  bool FailAt(size_t offset, const std::string& message);
  bool failed() const { return failed_; }
  size_t error_offset() const { return error_offset_; }
  const std::string& error() const { return error_; }

 private:
  void SkipSpace() {
    while (pos_ < json_.size() && IsSpace(json_[pos_])) ++pos_;
  }
  static bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
  bool Word(std::string_view word);
  bool Hex4(uint32_t* out);

  std::string_view json_;
  size_t pos_ = 0;
  bool failed_ = false;
  size_t error_offset_ = 0;
  std::string error_;
};

}  // namespace wirelens::format

#endif  // WIRELENS_CORE_FORMAT_JSON_CURSOR_H_
