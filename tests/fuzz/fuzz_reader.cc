// Fuzz target: core/wire Reader. Reads every field (entering sub-messages that parse, skipping the
// rest, groups included); the reader must never read out of bounds, and its status must be
// consistent: an error has an offset inside the input, and done() means every byte was read.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "core/wire/reader.h"

namespace {

void Walk(wirelens::Reader& reader, size_t size, int depth) {
  while (reader.NextField()) {
    if (reader.wire_type() == wirelens::WireType::kLengthDelimited && depth < 8) {
      wirelens::Reader child(nullptr, 0);
      if (!reader.EnterMessage(&child)) break;
      Walk(child, size, depth + 1);  // a child's error stays in the child
      continue;
    }
    if (!reader.SkipField()) break;
  }
  if (!reader.status().ok() && reader.status().offset > size) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  wirelens::Reader reader(data, size);
  Walk(reader, size, 0);
  if (reader.done() && reader.offset() != size) std::abort();
  return 0;
}
