// Wasm benchmark main: times every kernel with steady_clock (at least 0.5 s after a warm-up) and
// prints one JSON object per line for web/bench/cpp_bench.mjs. The clock is read once per batch of
// runs, never per run: under Node each clock read is a call out to JS that would swamp small kernels.
#include <chrono>
#include <cstdio>

#include "tests/bench/kernel.h"

int main() {
  using Clock = std::chrono::steady_clock;
  for (const auto& kernel : wirelens::bench::MakeKernels()) {
    volatile uint64_t sink = 0;
    for (int i = 0; i < 3; ++i) sink = sink + kernel.run();  // let the engine tier up
    long iterations = 0, batch = 1;
    double seconds = 0;
    const auto start = Clock::now();
    do {
      for (long i = 0; i < batch; ++i) sink = sink + kernel.run();
      iterations += batch;
      seconds = std::chrono::duration<double>(Clock::now() - start).count();
      if (seconds < 0.05) batch *= 2;
    } while (seconds < 0.5);
    std::printf("{\"name\":\"%s\",\"bytes_per_second\":%.1f,\"items_per_second\":%.1f}\n", kernel.name.c_str(),
                static_cast<double>(kernel.bytes_per_op) * iterations / seconds, iterations / seconds);
  }
  return 0;
}
