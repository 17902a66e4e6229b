// Box<T>: an owned, deep-copying pointer for sub-message fields (T may be incomplete where a
// Box<T> member is declared, so messages can contain themselves).
#ifndef WIRELENS_CORE_WIRE_BOX_H_
#define WIRELENS_CORE_WIRE_BOX_H_

#include <memory>

namespace wirelens {

template <typename T>
class Box {
 public:
  Box() = default;
  Box(const Box& other) : ptr_(other.ptr_ ? std::make_unique<T>(*other.ptr_) : nullptr) {}
  Box(Box&&) noexcept = default;
  Box& operator=(const Box& other) {
    if (this != &other) ptr_ = other.ptr_ ? std::make_unique<T>(*other.ptr_) : nullptr;
    return *this;
  }
  Box& operator=(Box&&) noexcept = default;
  ~Box() = default;

  // The value, or nullptr when absent.
  T* get() const { return ptr_.get(); }
  explicit operator bool() const { return ptr_ != nullptr; }
  // The value, created (default-constructed) when absent.
  T* Mutable() {
    if (!ptr_) ptr_ = std::make_unique<T>();
    return ptr_.get();
  }
  void Reset() { ptr_.reset(); }

 private:
  std::unique_ptr<T> ptr_;
};

}  // namespace wirelens

#endif  // WIRELENS_CORE_WIRE_BOX_H_
