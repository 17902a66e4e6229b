// malloc and its family for the generated JS codec modules (linked with -sMALLOC=none, see
// cmake/WirelensJs.cmake): a SizeClassHeap (heap.h) over the wasm memory, grown here directly.
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "core/jsbind/exports.h"
#include "core/jsbind/heap.h"

extern "C" unsigned char __heap_base;

namespace {

constexpr size_t kPage = 65536;

uintptr_t program_break = 0;

// sbrk over the wasm memory. Memory grows by exactly what is missing only when that is large (a
// buffer doubling); after a small shortfall it adds a fifth of the memory (at most 96 MiB), as
// Emscripten's own runtime does: decoding 29 MB into a resident message otherwise made thousands of
// one-page grows, each a copy of the memory and a full GC in the engine (docs/JS_API.md).
void* GrowHeap(size_t bytes) {
  if (program_break == 0) program_break = (reinterpret_cast<uintptr_t>(&__heap_base) + 15) & ~uintptr_t{15};
  const uint64_t wanted = uint64_t{program_break} + bytes;
  const size_t pages = __builtin_wasm_memory_size(0);
  const uint64_t have = uint64_t{pages} * kPage;
  if (wanted > have) {
    const size_t missing = static_cast<size_t>((wanted - have + kPage - 1) / kPage);
    const size_t headroom = wanted - have < have / 8 ? (pages / 5 < 1536 ? pages / 5 : 1536) : 0;
    if (__builtin_wasm_memory_grow(0, missing + headroom) == SIZE_MAX &&
        (headroom == 0 || __builtin_wasm_memory_grow(0, missing) == SIZE_MAX)) {
      return nullptr;
    }
  }
  void* start = reinterpret_cast<void*>(program_break);
  program_break = static_cast<uintptr_t>(wanted);
  return start;
}

wirelens::jsbind::SizeClassHeap heap(GrowHeap);

}  // namespace

extern "C" {

void* malloc(size_t size) { return heap.Allocate(size); }
void free(void* block) { heap.Free(block); }
void* realloc(void* block, size_t size) { return heap.Reallocate(block, size); }
void* calloc(size_t count, size_t size) {
  if (size != 0 && count > SIZE_MAX / size) return nullptr;
  void* block = heap.Allocate(count * size);
  if (block != nullptr) std::memset(block, 0, count * size);
  return block;
}
void* aligned_alloc(size_t alignment, size_t size) { return heap.AllocateAligned(alignment, size); }
void* memalign(size_t alignment, size_t size) { return heap.AllocateAligned(alignment, size); }
int posix_memalign(void** block, size_t alignment, size_t size) {
  if (alignment < sizeof(void*) || (alignment & (alignment - 1)) != 0) return EINVAL;
  void* aligned = heap.AllocateAligned(alignment, size);
  if (aligned == nullptr) return ENOMEM;
  *block = aligned;
  return 0;
}
size_t malloc_usable_size(void* block) { return block == nullptr ? 0 : heap.UsableSize(block); }

// Bytes currently allocated (leak checks in the JS API tests).
WL_EXPORT_NAME("wl_heap_used") uint32_t wl_heap_used() { return static_cast<uint32_t>(heap.used()); }

}  // extern "C"
