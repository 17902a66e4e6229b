// The smallest wasm module that uses the whole wire runtime (Reader incl. skip/groups, Writer),
// built to measure what core/wire costs in a user's .wasm (reported in BENCHMARKS.md).
#include <cstdint>

#include "core/wire/reader.h"
#include "core/wire/writer.h"

extern "C" {

// Validates a message by skipping every field; returns 0, or (kind << 24 | offset) on error.
uint32_t wl_skip_message(const uint8_t* data, uint32_t size) {
  wirelens::Reader reader(data, size);
  while (reader.NextField()) {
    if (reader.wire_type() == wirelens::WireType::kLengthDelimited) {
      wirelens::Reader child(nullptr, 0);
      if (!reader.EnterMessage(&child)) break;
      continue;
    }
    if (!reader.SkipField()) break;
  }
  const wirelens::Status& status = reader.status();
  return status.ok() ? 0 : (static_cast<uint32_t>(status.kind) << 24) | (status.offset & 0xffffff);
}

// Writes one field of each kind; returns the bytes written or 0 on overflow.
uint32_t wl_write_fields(uint8_t* out, uint32_t capacity, int64_t value, const char* text, uint32_t text_size) {
  wirelens::Writer writer(out, capacity);
  writer.WriteInt64Field(1, value);
  writer.WriteSInt64Field(2, value);
  writer.WriteFixed32Field(3, static_cast<uint32_t>(value));
  writer.WriteDoubleField(4, static_cast<double>(value));
  writer.WriteBytesField(5, text, text_size);
  return writer.overflowed() ? 0 : static_cast<uint32_t>(writer.written());
}

}  // extern "C"
