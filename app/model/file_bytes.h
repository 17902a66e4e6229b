// A loaded file's bytes in one heap block that is not zero-filled first: JS copies a dropped file
// straight into it, so a 100 MB file costs one pass over its memory, not two. Unpacked bytes are
// adopted as the string they were made in.
#ifndef WIRELENS_APP_MODEL_FILE_BYTES_H_
#define WIRELENS_APP_MODEL_FILE_BYTES_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <string_view>

namespace wirelens::app {

class FileBytes {
 public:
  FileBytes() = default;
  // A block of `size` bytes with unspecified contents; !allocated() (no abort) when memory is out.
  static FileBytes Allocate(size_t size) {
    FileBytes bytes;
    bytes.data_.reset(new (std::nothrow) char[size == 0 ? 1 : size]);
    if (bytes.data_ != nullptr) bytes.size_ = size;
    return bytes;
  }
  static FileBytes Copy(std::string_view text) {
    FileBytes bytes = Allocate(text.size());
    if (bytes.size_ == text.size() && !text.empty()) std::memcpy(bytes.data_.get(), text.data(), text.size());
    return bytes;
  }

  // Takes over `text`'s buffer (no copy: an inflated payload is as large as a loaded one).
  static FileBytes Adopt(std::string&& text) {
    FileBytes bytes;
    bytes.text_ = std::make_unique<std::string>(std::move(text));
    bytes.size_ = bytes.text_->size();
    return bytes;
  }

  char* data() { return text_ != nullptr ? text_->data() : data_.get(); }
  const uint8_t* bytes() const {
    return reinterpret_cast<const uint8_t*>(text_ != nullptr ? text_->data() : data_.get());
  }
  size_t size() const { return size_; }
  bool allocated() const { return data_ != nullptr || text_ != nullptr; }
  std::string_view view() const { return {reinterpret_cast<const char*>(bytes()), size_}; }

 private:
  std::unique_ptr<char[]> data_;       // Allocate, Copy
  std::unique_ptr<std::string> text_;  // Adopt
  size_t size_ = 0;
};

}  // namespace wirelens::app

#endif  // WIRELENS_APP_MODEL_FILE_BYTES_H_
