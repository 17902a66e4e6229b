#include "core/jsbind/heap.h"

#include <cstring>

#include "core/jsbind/cold.h"

namespace wirelens::jsbind {

// Before every payload: its class and the class's size (written when the block is carved, so that
// the hot paths compute neither). Before an aligned payload (AllocateAligned) inside a block:
// kAligned | the distance back to the block's payload.
struct SizeClassHeap::Header {
  uint32_t size_class;
  uint32_t size;
};
static_assert(sizeof(void*) <= 8, "a free block's link fits in the smallest class");

namespace {

constexpr size_t kHeaderSize = 8;
constexpr uint32_t kAligned = 0x80000000u;

int Log2Floor(size_t v) { return 31 - __builtin_clz(static_cast<uint32_t>(v)); }

}  // namespace

int SizeClassHeap::ClassOf(size_t size) {
  if (size <= 256) return size == 0 ? 0 : static_cast<int>((size + 7) / 8) - 1;
  const int b = Log2Floor(size - 1);  // 2^b < size <= 2^(b+1)
  const size_t quarters = (size - (size_t{1} << b) + (size_t{1} << (b - 2)) - 1) >> (b - 2);
  return 32 + (b - 8) * 4 + static_cast<int>(quarters) - 1;
}

size_t SizeClassHeap::ClassSize(int size_class) {
  if (size_class < 32) return static_cast<size_t>(size_class + 1) * 8;
  const int b = 8 + (size_class - 32) / 4;
  return (size_t{1} << b) + (static_cast<size_t>((size_class - 32) % 4 + 1) << (b - 2));
}

bool SizeClassHeap::Reserve(size_t bytes) {
  const size_t room = static_cast<size_t>(end_ - top_);
  if (room >= bytes) return true;
  auto* more = static_cast<uint8_t*>(more_core_(bytes - room));
  if (more == nullptr) return false;
  if (top_ == nullptr) top_ = more;  // the first memory
  end_ = more + (bytes - room);
  return true;
}

SizeClassHeap::Header* SizeClassHeap::Carve(int size_class) {
  const size_t bytes = kHeaderSize + ClassSize(size_class);
  if (!Reserve(bytes)) return nullptr;
  auto* header = reinterpret_cast<Header*>(top_);
  header->size_class = static_cast<uint32_t>(size_class);
  header->size = static_cast<uint32_t>(bytes - kHeaderSize);
  top_ += bytes;
  return header;
}

SizeClassHeap::Header* SizeClassHeap::HeaderOf(const void* block) {
  auto* header = reinterpret_cast<Header*>(const_cast<void*>(block)) - 1;
  if (header->size_class & kAligned) {
    header = reinterpret_cast<Header*>(reinterpret_cast<uint8_t*>(header) - (header->size_class & ~kAligned));
  }
  return header;
}

void* SizeClassHeap::Allocate(size_t size) {
  if (size > kMaxSize) return nullptr;
  const int size_class = ClassOf(size);
  Header* header = nullptr;
  // Its own class first, then up to four larger ones (at most twice the size) before new memory.
  const int last = size_class + 4 < kClassCount ? size_class + 4 : kClassCount - 1;
  for (int c = size_class; c <= last; ++c) {
    if (free_[c] != nullptr) {
      header = free_[c];
      free_[c] = *reinterpret_cast<Header**>(header + 1);
      break;
    }
  }
  if (header == nullptr && (header = Carve(size_class)) == nullptr) return nullptr;
  used_ += header->size;
  return header + 1;
}

void* SizeClassHeap::AllocateAligned(size_t alignment, size_t size) {
  if ((alignment & (alignment - 1)) != 0) return nullptr;
  if (alignment <= kHeaderSize) return Allocate(size);
  if (size > kMaxSize - alignment) return nullptr;
  auto* block = static_cast<uint8_t*>(Allocate(size + alignment));
  if (block == nullptr) return nullptr;
  const uintptr_t at = reinterpret_cast<uintptr_t>(block);
  const size_t offset = ((at + alignment - 1) & ~(alignment - 1)) - at;
  if (offset == 0) return block;
  // offset >= 8 (both are multiples of 8), so the aligned header lies inside the payload.
  (reinterpret_cast<Header*>(block + offset) - 1)->size_class = kAligned | static_cast<uint32_t>(offset);
  return block + offset;
}

void SizeClassHeap::Free(void* block) {
  if (block == nullptr) return;
  Header* header = HeaderOf(block);
  const size_t size = header->size;
  used_ -= size;
  if (reinterpret_cast<uint8_t*>(header + 1) + size == top_) {
    top_ = reinterpret_cast<uint8_t*>(header);  // the last block carved: back to the top
    return;
  }
  *reinterpret_cast<Header**>(header + 1) = free_[header->size_class];
  free_[header->size_class] = header;
}

WL_COLD void* SizeClassHeap::Reallocate(void* block, size_t size) {
  if (block == nullptr) return Allocate(size);
  if (size > kMaxSize) return nullptr;
  const size_t usable = UsableSize(block);
  if (size <= usable) return block;
  Header* header = HeaderOf(block);
  const size_t old_size = header->size;
  if (header + 1 == block && reinterpret_cast<uint8_t*>(block) + old_size == top_) {
    // The last block carved grows in place.
    const int size_class = ClassOf(size);
    const size_t extra = ClassSize(size_class) - old_size;
    if (Reserve(extra)) {
      top_ += extra;
      header->size_class = static_cast<uint32_t>(size_class);
      header->size += static_cast<uint32_t>(extra);
      used_ += extra;
      return block;
    }
  }
  void* moved = Allocate(size);
  if (moved == nullptr) return nullptr;
  std::memcpy(moved, block, usable);
  Free(block);
  return moved;
}

size_t SizeClassHeap::UsableSize(const void* block) const {
  const Header* header = HeaderOf(block);
  return header->size -
         static_cast<size_t>(static_cast<const uint8_t*>(block) - reinterpret_cast<const uint8_t*>(header + 1));
}

}  // namespace wirelens::jsbind
