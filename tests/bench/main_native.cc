// Native benchmark main: registers every kernel with Google Benchmark.
#include <benchmark/benchmark.h>

#include "tests/bench/kernel.h"

int main(int argc, char** argv) {
  static const std::vector<wirelens::bench::Kernel> kernels = wirelens::bench::MakeKernels();
  for (const auto& kernel : kernels) {
    benchmark::RegisterBenchmark(kernel.name.c_str(), [&kernel](benchmark::State& state) {
      for (auto _ : state) benchmark::DoNotOptimize(kernel.run());
      state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * kernel.bytes_per_op));
      state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
    });
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
