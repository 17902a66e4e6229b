// Wasm wire micro-benchmark: the same kernels as wire_bench_native, timed with steady_clock and
// printed as one JSON object per line ({"name", "bytes_per_second"}) for web/bench/wire_bench.mjs.
#include <chrono>
#include <cstdio>

#include "core/wire/bench/wire_bench_kernels.h"

namespace wirelens::bench {
namespace {

template <typename Fn>
void Measure(const char* name, size_t bytes_per_op, Fn fn) {
  using Clock = std::chrono::steady_clock;
  volatile uint64_t sink = 0;
  for (int i = 0; i < 3; ++i) sink = sink + fn();  // warm-up: let the engine tier up
  long iterations = 0;
  const auto start = Clock::now();
  double seconds = 0;
  do {
    sink = sink + fn();
    ++iterations;
    seconds = std::chrono::duration<double>(Clock::now() - start).count();
  } while (seconds < 0.5);
  std::printf("{\"name\":\"%s\",\"bytes_per_second\":%.0f,\"iterations\":%ld}\n", name,
              static_cast<double>(bytes_per_op) * iterations / seconds, iterations);
}

}  // namespace
}  // namespace wirelens::bench

int main() {
  using namespace wirelens::bench;
  const Workload w = MakeWorkload();
  std::vector<uint8_t> varint_bytes, string_bytes, scratch;
  const size_t varint_size = EncodeVarints(w.varints, varint_bytes);
  const size_t string_size = EncodeStrings(w.strings, string_bytes);
  Measure("VarintEncode", varint_size, [&] { return EncodeVarints(w.varints, scratch); });
  Measure("VarintDecode", varint_size, [&] { return DecodeVarints(varint_bytes); });
  Measure("StringEncode", string_size, [&] { return EncodeStrings(w.strings, scratch); });
  Measure("StringDecode", string_size, [&] { return DecodeStrings(string_bytes); });
  return 0;
}
