// memcpy, memmove and memset for the JS codec modules, each one bulk-memory instruction (the
// codecs are compiled with -mbulk-memory, so their own copies already are): without these, the
// precompiled libc++ links musl's loops (BENCHMARKS.md, "The bench codec's size").
#include <cstddef>

extern "C" {

void* memcpy(void* destination, const void* source, size_t size) {
  __builtin_memcpy(destination, source, size);  // memory.copy
  return destination;
}

void* memmove(void* destination, const void* source, size_t size) {
  __builtin_memmove(destination, source, size);  // memory.copy allows overlap
  return destination;
}

void* memset(void* destination, int value, size_t size) {
  __builtin_memset(destination, value, size);  // memory.fill
  return destination;
}

}  // extern "C"
