// Box<T>: an owned sub-message field that keeps its allocation when cleared, so decoding into a
// reused message allocates nothing once its shape has been seen (as libprotobuf keeps cleared
// sub-messages). Copies are deep. T may be incomplete where a Box<T> member is declared, so
// messages can contain themselves. T must have Clear().
#ifndef WIRELENS_CORE_WIRE_BOX_H_
#define WIRELENS_CORE_WIRE_BOX_H_

#include <memory>

#include "core/wire/layout.h"

namespace wirelens {

template <typename T>
class Box {
 public:
  Box() = default;
  Box(const Box& other) { *this = other; }
  Box(Box&& other) noexcept : ptr_(std::move(other.ptr_)), present_(other.present_) { other.present_ = false; }
  Box& operator=(const Box& other) {
    if (this == &other) return *this;
    if (other.present_) {
      *Mutable() = *other.ptr_;
    } else {
      Reset();
    }
    return *this;
  }
  Box& operator=(Box&& other) noexcept {
    ptr_ = std::move(other.ptr_);
    present_ = other.present_;
    other.present_ = false;
    return *this;
  }
  ~Box() = default;

  // The value, or nullptr when absent.
  T* get() const { return present_ ? ptr_.get() : nullptr; }
  explicit operator bool() const { return present_; }
  // The value, made present (default-constructed, or the kept cleared allocation) when absent.
  T* Mutable() {
    if (!ptr_) ptr_ = std::make_unique<T>();
    present_ = true;
    return ptr_.get();
  }
  // Makes the value absent; the allocation is cleared and kept for the next Mutable().
  void Reset() {
    if (present_) ptr_->Clear();
    present_ = false;
  }

 private:
  template <typename>
  friend struct MessageLayout;

  std::unique_ptr<T> ptr_;
  bool present_ = false;
};

}  // namespace wirelens

#endif  // WIRELENS_CORE_WIRE_BOX_H_
