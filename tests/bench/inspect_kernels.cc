// Inspector throughput on the partialSketch case (~30 MB, bench_cases/partialSketch): decoding the
// whole payload into a NodeList, with the schema and raw; then, on the decoded lists, framing
// detection, search and a diff against another seed's payload. Also reports the node count and the
// node memory (32 bytes a node) on stderr.
#include <cstdio>

#include "bench_cases/partialSketch/generator.h"
#include "core/inspect/diff.h"
#include "core/inspect/framing.h"
#include "core/inspect/inspector.h"
#include "core/inspect/search.h"
#include "core/schema/loader.h"
#include "core/wire/test_util.h"
#include "tests/bench/kernel.h"

namespace wirelens::bench {
namespace {

struct State {
  std::string payload, other;  // seeds 1 and 2
  schema::Schema schema;
  int root = -1;
  inspect::NodeList list, other_list;  // both decoded with the schema
};

const uint8_t* Bytes(const std::string& s) { return reinterpret_cast<const uint8_t*>(s.data()); }

State& TheState() {
  static State s = [] {
    State s;
    s.payload = bench_cases::GeneratePartialSketch(1).Encode();
    schema::LoadResult loaded =
        schema::LoadProtoFiles({{"partialSketch.proto", testing::ReadFile(WIRELENS_PARTIALSKETCH_PROTO)}});
    s.schema = std::move(loaded.schema);
    s.root = s.schema.FindMessage("partialsketch.Layer");
    s.other = bench_cases::GeneratePartialSketch(2).Encode();
    s.list = inspect::Inspect(Bytes(s.payload), s.payload.size(), &s.schema, s.root);
    s.other_list = inspect::Inspect(Bytes(s.other), s.other.size(), &s.schema, s.root);
    return s;
  }();
  return s;
}

uint64_t InspectOnce(bool typed) {
  State& s = TheState();
  const auto list =
      inspect::Inspect(Bytes(s.payload), s.payload.size(), typed ? &s.schema : nullptr, typed ? s.root : -1);
  return list.first_error.ok() ? list.nodes.size() : 0;
}

uint64_t RankFramingsOnce() {
  State& s = TheState();
  const inspect::FramingGuess best = inspect::RankFramings(Bytes(s.payload), s.payload.size()).front();
  return best.framing == inspect::Framing::kBare ? best.frames : 0;
}

uint64_t SearchOnce(const char* query_text) {
  State& s = TheState();
  inspect::SearchQuery query;
  std::string error;
  if (!inspect::ParseSearchQuery(query_text, &query, &error)) return 0;
  inspect::Search search(s.list, Bytes(s.payload), &s.schema, query);
  search.Step(SIZE_MAX);
  return search.match_count() + 1;
}

uint64_t DiffOnce() {
  State& s = TheState();
  return inspect::DiffPayloads({&s.list, Bytes(s.payload)}, {&s.other_list, Bytes(s.other)}, &s.schema).size();
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
      {"Wirelens/RankFramings", s.payload.size(), RankFramingsOnce},
      {"Wirelens/SearchPath", s.payload.size(), [] { return SearchOnce("layers.*.frame.x"); }},
      {"Wirelens/SearchNumber", s.payload.size(), [] { return SearchOnce("=0.5"); }},
      {"Wirelens/SearchText", s.payload.size(), [] { return SearchOnce("\"oval\""); }},
      {"Wirelens/DiffSeeds", s.payload.size(), DiffOnce},
  };
}

}  // namespace wirelens::bench
