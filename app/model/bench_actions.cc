// Actions on the Benchmark Suite's model (bench_state.h): what a run is asked to do.
#include "app/model/actions.h"

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

}  // namespace wirelens::app
