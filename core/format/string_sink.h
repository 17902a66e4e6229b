// Appending to a std::string at the cost of a store per byte, for the printers that append byte by
// byte: std::string's own push_back and append are not inlined in wasm (libc++ instantiates them
// in its library, so each is a call). The string is resized ahead, doubling, and cut back to what
// was written by Finish().
#ifndef WIRELENS_CORE_FORMAT_STRING_SINK_H_
#define WIRELENS_CORE_FORMAT_STRING_SINK_H_

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>

namespace wirelens::format {

class StringSink {
 public:
  // Appends after what *out holds, with room for `expected` bytes to begin with. *out must not be
  // touched until Finish().
  explicit StringSink(std::string* out, size_t expected = 0) : out_(out), size_(out->size()) { Grow(expected); }
  StringSink(const StringSink&) = delete;
  StringSink& operator=(const StringSink&) = delete;

  // Cuts *out to what was written; the sink is not used after.
  void Finish() { out_->resize(size_); }

  // From now on, MaybeFlush() hands what is written to flush(context, data, size) and starts again
  // from empty once `bytes` or more are held.
  using FlushFn = void (*)(const void* context, const char* data, size_t size);
  void FlushThrough(FlushFn flush, const void* context, size_t bytes) {
    flush_ = flush;
    flush_context_ = context;
    flush_bytes_ = bytes;
  }
  // A point where nothing written before is read back or cut: what is held may leave here.
  void MaybeFlush() {
    if (flush_ != nullptr && size_ >= flush_bytes_) {
      flush_(flush_context_, data_, size_);
      size_ = 0;
    }
  }

  size_t size() const { return size_; }
  char* data() { return data_; }
  char operator[](size_t i) const { return data_[i]; }
  std::string substr(size_t at) const { return std::string(data_ + at, size_ - at); }
  // Cuts back to `size` bytes (at most size()).
  void Truncate(size_t size) { size_ = size; }
  // Opens `count` bytes at `at` (<= size()), moving what follows; their content is unspecified.
  void Open(size_t at, size_t count) {
    if (capacity_ - size_ < count) Grow(count);
    std::memmove(data_ + at + count, data_ + at, size_ - at);
    size_ += count;
  }

  StringSink& operator+=(char c) {
    if (size_ == capacity_) Grow(1);
    data_[size_++] = c;
    return *this;
  }
  StringSink& operator+=(std::string_view s) {
    Append(s.data(), s.size());
    return *this;
  }
  void Append(const char* p, size_t n) {
    if (n == 0) return;  // p may be null then (an empty value), which memcpy must not get
    if (capacity_ - size_ < n) Grow(n);
    std::memcpy(data_ + size_, p, n);
    size_ += n;
  }

 private:
  void Grow(size_t n) {
    capacity_ = std::max(size_ + n, 2 * capacity_ + 64);
    out_->resize(capacity_);
    data_ = out_->data();
  }

  std::string* out_;
  char* data_ = nullptr;
  size_t size_;
  size_t capacity_ = 0;
  FlushFn flush_ = nullptr;
  const void* flush_context_ = nullptr;
  size_t flush_bytes_ = 0;
};

}  // namespace wirelens::format

#endif  // WIRELENS_CORE_FORMAT_STRING_SINK_H_
