// A small size-class allocator: malloc of the generated JS codec modules (core/jsbind/malloc.cc),
// where dlmalloc was a sixth of the module's code (BENCHMARKS.md, "The bench codec's size").
//
// Every block has an 8-byte header before its payload (its class and size; an aligned payload
// inside a block has one that leads back to the block's); a free block goes onto its class's list and serves the next
// request of that class, or of up to four classes below it. Classes are 8-byte steps up to 256
// bytes and quarter-power-of-two steps above (at most 25% slack). Nothing coalesces: a codec's
// allocations repeat from call to call, so its lists settle after the first one; memory comes from
// `more_core` (sbrk's contract) and never goes back, except that a block at the top of the heap
// grows in place (realloc) and is returned to the top when freed, which keeps a growing buffer in
// one piece. Single-threaded, as the wasm modules are.
#ifndef WIRELENS_CORE_JSBIND_HEAP_H_
#define WIRELENS_CORE_JSBIND_HEAP_H_

#include <cstddef>
#include <cstdint>

namespace wirelens::jsbind {

class SizeClassHeap {
 public:
  // `more_core(n)`: n more bytes of memory, contiguous with the ones it returned before; returns
  // their start, or nullptr when there is no more (the heap then returns nullptr too).
  using MoreCore = void* (*)(size_t bytes);
  explicit constexpr SizeClassHeap(MoreCore more_core) : more_core_(more_core) {}

  // A block of at least `size` bytes, 8-byte aligned; nullptr when memory is exhausted or `size`
  // exceeds kMaxSize.
  void* Allocate(size_t size);
  // The same, aligned to `alignment`; nullptr also when `alignment` is not a power of two.
  void* AllocateAligned(size_t alignment, size_t size);
  // Frees a block this heap returned (nullptr: nothing).
  void Free(void* block);
  // realloc: the block holding the first min(old, size) bytes of `block`, or nullptr (and `block`
  // unchanged) when memory is exhausted.
  void* Reallocate(void* block, size_t size);
  // The bytes a block can hold (its class's size, less any alignment offset).
  size_t UsableSize(const void* block) const;
  // Payload bytes of the blocks now allocated (classes' sizes): leak checks compare it.
  size_t used() const { return used_; }

  static constexpr size_t kMaxSize = size_t{1} << 31;
  static constexpr int kClassCount = 32 + 4 * 23;

  // The class of a `size`-byte request (0 < size <= kMaxSize) and the bytes a class holds.
  static int ClassOf(size_t size);
  static size_t ClassSize(int size_class);

 private:
  struct Header;
  // Makes end_ - top_ at least `bytes`; false when more_core has no more.
  bool Reserve(size_t bytes);
  // A new block of `size_class` at the top.
  Header* Carve(int size_class);
  static Header* HeaderOf(const void* block);

  MoreCore more_core_;
  uint8_t* top_ = nullptr;  // end of the carved blocks
  uint8_t* end_ = nullptr;  // end of the memory more_core gave
  size_t used_ = 0;
  Header* free_[kClassCount] = {};
};

}  // namespace wirelens::jsbind

#endif  // WIRELENS_CORE_JSBIND_HEAP_H_
