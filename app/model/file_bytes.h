// A loaded file's bytes in one heap block that is not zero-filled first: JS copies a dropped file
// straight into it, so a 100 MB file costs one pass over its memory, not two.
#ifndef WIRELENS_APP_MODEL_FILE_BYTES_H_
#define WIRELENS_APP_MODEL_FILE_BYTES_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
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

  char* data() { return data_.get(); }
  const uint8_t* bytes() const { return reinterpret_cast<const uint8_t*>(data_.get()); }
  size_t size() const { return size_; }
  bool allocated() const { return data_ != nullptr; }
  std::string_view view() const { return {data_.get(), size_}; }

 private:
  std::unique_ptr<char[]> data_;
  size_t size_ = 0;
};

}  // namespace wirelens::app

#endif  // WIRELENS_APP_MODEL_FILE_BYTES_H_
