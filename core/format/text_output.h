// The buffer the text printers write to (text format, raw text, the node tree and node JSON):
// appends are inlined (std::string's are calls into the library), and whole pieces can be handed
// on as they are complete, so printing a large payload holds a piece of its output, not all of it.
#ifndef WIRELENS_CORE_FORMAT_TEXT_OUTPUT_H_
#define WIRELENS_CORE_FORMAT_TEXT_OUTPUT_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <utility>

namespace wirelens::format {

class TextOutput {
 public:
  // When set, called with what is held (which is then dropped) each time EndLine() or MaybeFlush()
  // finds flush_bytes or more.
  std::function<void(std::string_view)> flush;
  size_t flush_bytes = size_t{1} << 18;
  // Where in its input the printer is, at each field it starts (for a progress display).
  const uint8_t* reading = nullptr;

  TextOutput() = default;
  TextOutput(const TextOutput&) = delete;
  TextOutput& operator=(const TextOutput&) = delete;

  void append(const char* p, size_t n) {
    if (n == 0) return;  // p may be null then
    if (capacity_ - size_ < n) Grow(n);
    std::memcpy(&buffer_[size_], p, n);
    size_ += n;
  }
  void append(std::string_view s) { append(s.data(), s.size()); }
  void append(size_t n, char c) {
    if (capacity_ - size_ < n) Grow(n);
    std::memset(&buffer_[size_], c, n);
    size_ += n;
  }
  void push_back(char c) {
    if (size_ == capacity_) Grow(1);
    buffer_[size_++] = c;
  }
  size_t size() const { return size_; }
  // Room for `n` more bytes, written in place; Commit() then says where they end.
  char* Reserve(size_t n) {
    if (capacity_ - size_ < n) Grow(n);
    return &buffer_[size_];
  }
  void Commit(const char* end) { size_ = static_cast<size_t>(end - buffer_.data()); }

  // What is held: written and not flushed.
  std::string_view held() const { return {buffer_.data(), size_}; }
  // What is held, as a string; the output is empty after.
  std::string Take() {
    buffer_.resize(size_);
    std::string out = std::move(buffer_);
    buffer_.clear();
    size_ = capacity_ = 0;
    return out;
  }

  // Ends the current line, flushing when due.
  void EndLine() {
    push_back('\n');
    MaybeFlush();
  }
  // Flushes when due, whatever the output ends with (printers never read back what they wrote).
  void MaybeFlush() {
    if (flush && size_ >= flush_bytes) {
      flush(held());
      size_ = 0;
    }
  }
  // Starts a line at `indent` (two spaces a level).
  void Indent(int indent) { append(static_cast<size_t>(indent) * 2, ' '); }
  // A whole line: indent, then `a` and `b`.
  void Line(int indent, std::string_view a, std::string_view b = {}) {
    Indent(indent);
    append(a);
    append(b);
    EndLine();
  }

 private:
  void Grow(size_t n) {
    capacity_ = std::max(size_ + n, 2 * capacity_ + 256);
    buffer_.resize(capacity_);
  }

  std::string buffer_;  // [0, size_) written; resized ahead to capacity_
  size_t size_ = 0;
  size_t capacity_ = 0;
};

}  // namespace wirelens::format

#endif  // WIRELENS_CORE_FORMAT_TEXT_OUTPUT_H_
