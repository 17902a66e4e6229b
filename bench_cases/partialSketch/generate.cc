// generate_sketch: writes the partialSketch case. Usage: generate_sketch OUT.bin [LAYERS=5000] [SEED=1]
#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "bench_cases/partialSketch/generator.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: generate_sketch OUT.bin [LAYERS=5000] [SEED=1]\n");
    return 2;
  }
  const int layers = argc > 2 ? std::atoi(argv[2]) : 5000;
  const uint64_t seed = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 1;
  wirelens::bench_cases::SketchStats stats;
  const std::string bytes = wirelens::bench_cases::GeneratePartialSketch(seed, &stats, layers).Encode();
  std::ofstream out(argv[1], std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  std::printf("%s: %zu bytes, %zu layers, %zu fills\n", argv[1], bytes.size(), stats.layers, stats.fills);
  return out ? 0 : 1;
}
