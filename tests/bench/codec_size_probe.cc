// A codec-only wasm module for one small schema (bench_cases/bench): what a user's .wasm costs
// when it links generated code and core/wire. Reported in BENCHMARKS.md; a test keeps a budget.
#include "bench.wl.h"

extern "C" {

// Decodes a Test and re-encodes it into [out, out + capacity). Returns the encoded size, or -1
// when the input is malformed or the output does not fit.
int wl_bench_roundtrip(const uint8_t* data, uint32_t size, uint8_t* out, uint32_t capacity) {
  static wl::Test message;
  if (!message.Decode(data, size).ok()) return -1;
  uint8_t* end = message.EncodeTo(out, capacity);
  return end == nullptr ? -1 : static_cast<int>(end - out);
}

}  // extern "C"
