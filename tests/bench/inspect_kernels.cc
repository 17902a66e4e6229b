// Inspector throughput on the partialSketch case (~30 MB, bench_cases/partialSketch): decoding the
// whole payload into a NodeList, with the schema and raw. Also reports the node count and the
// node memory (48 bytes a node) on stderr.
#include <cstdio>

#include "bench_cases/partialSketch/generator.h"
#include "core/inspect/inspector.h"
#include "core/schema/loader.h"
#include "core/wire/test_util.h"
#include "tests/bench/kernel.h"

namespace wirelens::bench {
namespace {

struct State {
  std::string payload;
  schema::Schema schema;
  int root = -1;
};

State& TheState() {
  static State s = [] {
    State s;
    s.payload = bench_cases::GeneratePartialSketch(1).Encode();
    schema::LoadResult loaded =
        schema::LoadProtoFiles({{"partialSketch.proto", testing::ReadFile(WIRELENS_PARTIALSKETCH_PROTO)}});
    s.schema = std::move(loaded.schema);
    s.root = s.schema.FindMessage("partialsketch.Layer");
    return s;
  }();
  return s;
}

uint64_t InspectOnce(bool typed) {
  State& s = TheState();
  const auto list = inspect::Inspect(reinterpret_cast<const uint8_t*>(s.payload.data()), s.payload.size(),
                                     typed ? &s.schema : nullptr, typed ? s.root : -1);
  return list.first_error.ok() ? list.nodes.size() : 0;
}

}  // namespace

std::vector<Kernel> MakeKernels() {
  State& s = TheState();
  const uint64_t nodes = InspectOnce(true);
  std::fprintf(stderr, "partialSketch: %zu bytes, %llu nodes (%.1f bytes of input a node), %.0f MB of nodes\n",
               s.payload.size(), static_cast<unsigned long long>(nodes),
               static_cast<double>(s.payload.size()) / static_cast<double>(nodes),
               static_cast<double>(nodes * sizeof(inspect::Node)) / 1e6);
  return {
      {"Wirelens/InspectSchema", s.payload.size(), [] { return InspectOnce(true); }},
      {"Wirelens/InspectRaw", s.payload.size(), [] { return InspectOnce(false); }},
  };
}

}  // namespace wirelens::bench
