// A benchmark kernel: one named operation over a fixed input, shared by the native (Google
// Benchmark) and the wasm (steady_clock, under Node) benchmark mains.
#ifndef WIRELENS_TESTS_BENCH_KERNEL_H_
#define WIRELENS_TESTS_BENCH_KERNEL_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace wirelens::bench {

struct Kernel {
  std::string name;               // "Codec/Operation", e.g. "Wirelens/VarintDecode"
  size_t bytes_per_op;            // encoded bytes one run handles (for MB/s)
  std::function<uint64_t()> run;  // returns a checksum so the work cannot be optimized away
};

// Defined by each benchmark program (wire_kernels.cc, codec_kernels.cc).
std::vector<Kernel> MakeKernels();

}  // namespace wirelens::bench

#endif  // WIRELENS_TESTS_BENCH_KERNEL_H_
