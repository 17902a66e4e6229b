// A 117 MB payload (four partialSketch documents concatenated, one valid Layer) through the
// inspector: everything decodes, within stated bounds of memory. The time is printed, not asserted
// (machines differ; tests/hostile/linear_time_test.cc asserts that decoding stays linear).
//   memory: 32 bytes a node, the node list at most 9 bytes per input byte (the list reserves
//           input/4 nodes up front), and the process grows by at most that plus 64 MB.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <string>

#include "bench_cases/partialSketch/generator.h"
#include "core/inspect/inspector.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/heap.h>
size_t ProcessBytes() { return emscripten_get_heap_size(); }
#else
#include <sys/resource.h>
size_t ProcessBytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<size_t>(usage.ru_maxrss) * 1024;  // peak resident set
}
#endif

namespace {

TEST(LargePayload, HundredMegabytesDecodeWithinMemoryBounds) {
  std::string payload;
  for (uint64_t seed : {11, 12, 13, 14}) payload += wirelens::bench_cases::GeneratePartialSketch(seed).Encode();
  ASSERT_GT(payload.size(), 100u << 20);
  const auto* data = reinterpret_cast<const uint8_t*>(payload.data());

  const size_t before = ProcessBytes();
  const auto start = std::chrono::steady_clock::now();
  const wirelens::inspect::NodeList list = wirelens::inspect::Inspect(data, payload.size(), nullptr, -1);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const size_t after = ProcessBytes();

  EXPECT_TRUE(list.first_error.ok());
  EXPECT_GT(list.nodes.size(), 20000000u);
  const double mb_per_s = static_cast<double>(payload.size()) / 1e6 / seconds;
  const size_t node_bytes = list.nodes.capacity() * sizeof(wirelens::inspect::Node);
  std::printf("[ wirelens ] %zu bytes, %zu nodes in %.2f s (%.0f MB/s); node list %zu MB; process +%zu MB\n",
              payload.size(), list.nodes.size(), seconds, mb_per_s, node_bytes >> 20, (after - before) >> 20);
  EXPECT_EQ(sizeof(wirelens::inspect::Node), 32u);
  EXPECT_LE(node_bytes, payload.size() * 9);
  EXPECT_LE(after - before, payload.size() * 9 + (size_t{64} << 20));
}

}  // namespace
