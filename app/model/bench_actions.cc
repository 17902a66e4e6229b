// Actions on the Benchmark Suite's model (bench_state.h): what a run is asked to do.
#include "app/model/actions.h"

#include "core/wire/varint.h"

namespace wirelens::app {
namespace {

// The names of the chosen cases (or the ids of the chosen codecs) as "a,b".
std::string Chosen(const BenchState& bench, bool cases) {
  std::string csv;
  if (cases) {
    for (const BenchCase& c : bench.cases)
      if (c.chosen) csv += (csv.empty() ? "" : ",") + c.name;
  } else {
    for (const BenchCodec& c : bench.codecs)
      if (c.chosen) csv += (csv.empty() ? "" : ",") + c.id;
  }
  return csv;
}

}  // namespace

bool CanStartBenchmarkRun(const BenchState& bench) {
  return !Chosen(bench, true).empty() && !Chosen(bench, false).empty();
}

BenchRunRequest StartBenchmarkRun(BenchState& bench) {
  bench.running = true;
  bench.error.clear();
  bench.progress = 0;
  bench.progress_text = "starting";
  return {bench.quick, Chosen(bench, true), Chosen(bench, false)};
}

BenchRunRequest StartLoadedBenchmarkRun(BenchState& bench) {
  BenchRunRequest run = StartBenchmarkRun(bench);
  run.cases.clear();  // the loaded payloads are the cases
  return run;
}

LoadedBenchInput LoadedBenchmarkInput(const AppState& state) {
  LoadedBenchInput input;
  for (const auto& [name, proto] : state.descriptor_files) {  // FileDescriptorSet: repeated file = 1
    uint8_t prefix[1 + kMaxVarintBytes];
    prefix[0] = 0x0a;
    const uint8_t* end = WriteVarint(prefix + 1, proto.size());
    input.descriptor_set.append(reinterpret_cast<const char*>(prefix), static_cast<size_t>(end - prefix));
    input.descriptor_set += proto;
  }
  for (const Payload& p : state.payloads) {
    if (p.type < 0) continue;
    input.payloads.push_back({p.name, state.schema.messages[static_cast<size_t>(p.type)].full_name,
                              inspect::FramingName(p.framing), p.bytes.bytes(), p.bytes.size()});
  }
  return input;
}

}  // namespace wirelens::app
