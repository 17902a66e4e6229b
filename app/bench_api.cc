// Exports through which the page's Benchmark Suite (web/bench/browser_entry.mjs) fills the
// Benchmark Suite window's model: the cases and codecs it offers, progress, and each finished or
// loaded run. All of them only copy values into AppState::bench.
#include <emscripten.h>

#include <cmath>

#include "app/model/actions.h"
#include "app/web_api.h"

namespace wirelens::app {

const BenchRow* FindRow(const BenchCaseResult& result, const std::string& codec, const std::string& op) {
  for (const BenchRow& row : result.rows) {
    if (row.codec == codec && row.op == op) return &row;
  }
  return nullptr;
}

double ReferenceRate(const BenchState& bench, const BenchCaseResult& result, const std::string& codec,
                     const std::string& op) {
  std::string versus;
  for (const BenchCodec& c : bench.codecs) {
    if (c.id == codec) versus = c.versus;
  }
  if (versus.empty() && !result.reference.empty()) {
    const BenchRow* row = FindRow(result, result.reference, op);
    return row != nullptr ? row->hz : 0;
  }
  for (const BenchCodec& c : bench.codecs) {
    const bool compared = versus.empty() ? c.reference : c.id == versus;
    const BenchRow* row = compared ? FindRow(result, c.id, op) : nullptr;
    if (row != nullptr) return row->hz;
  }
  return 0;
}

}  // namespace wirelens::app

using wirelens::app::GlobalState;

namespace {

wirelens::app::LoadedBenchInput loaded_input;  // wl_bench_loaded_prepare's

wirelens::app::BenchCaseResult* CurrentCase() {
  auto& runs = GlobalState().bench.runs;
  if (runs.empty() || runs.back().cases.empty()) return nullptr;
  return &runs.back().cases.back();
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE void wl_bench_define_case(const char* name, const char* about, double size, int heavy) {
  auto& bench = GlobalState().bench;
  bench.available = true;
  bench.cases.push_back({name, about, static_cast<uint64_t>(size), heavy != 0, heavy == 0});
}

// `versus`: the codec this one's ratios are to, "" for the reference.
EMSCRIPTEN_KEEPALIVE void wl_bench_define_codec(const char* id, const char* label, int reference, const char* versus) {
  auto& bench = GlobalState().bench;
  bench.available = true;
  bench.codecs.push_back({id, label, reference != 0, versus, true});
}

// The page could not load the suite's script (PlatformLoadBenchSuite).
EMSCRIPTEN_KEEPALIVE void wl_bench_missing() { GlobalState().bench.missing = true; }

// `fraction` in 0..1; `text` says which case, codec and operation is running.
EMSCRIPTEN_KEEPALIVE void wl_bench_progress(const char* text, double fraction) {
  auto& bench = GlobalState().bench;
  bench.progress_text = text;
  bench.progress = static_cast<float>(fraction);
}

EMSCRIPTEN_KEEPALIVE void wl_bench_failed(const char* message) {
  auto& bench = GlobalState().bench;
  bench.running = false;
  bench.error = message;
}

// A run arrives as begin_run, then per case: case, rows, memory, skipped; then end_run.
EMSCRIPTEN_KEEPALIVE void wl_bench_begin_run(const char* title, const char* source) {
  GlobalState().bench.runs.push_back({title, source, {}});
}

// `reference`: the codec the case's ratios are to ("" for the reference codec).
EMSCRIPTEN_KEEPALIVE void wl_bench_case(const char* name, const char* about, double size, const char* reference) {
  auto& runs = GlobalState().bench.runs;
  if (!runs.empty()) runs.back().cases.push_back({name, about, static_cast<uint64_t>(size), reference, {}, {}, {}});
}

EMSCRIPTEN_KEEPALIVE void wl_bench_row(const char* codec, const char* label, const char* op, double hz, double rme,
                                       int samples, double slower) {
  if (auto* c = CurrentCase()) c->rows.push_back({codec, label, op, hz, rme, slower, samples});
}

// Negative values: not measured.
EMSCRIPTEN_KEEPALIVE void wl_bench_memory(const char* codec, const char* op, double js_heap, double external,
                                          double wasm) {
  if (auto* c = CurrentCase()) c->memory.push_back({codec, op, js_heap, external, wasm});
}

EMSCRIPTEN_KEEPALIVE void wl_bench_skipped(const char* text) {
  if (auto* c = CurrentCase()) c->skipped.push_back(text);
}

EMSCRIPTEN_KEEPALIVE void wl_bench_end_run(int from_this_browser) {
  auto& bench = GlobalState().bench;
  if (from_this_browser) {
    bench.running = false;
    bench.progress = 1;
  }
  bench.shown_run = static_cast<int>(bench.runs.size()) - 1;
}

// The loaded payloads' run (LoadedBenchmarkInput), prepared once per run for the page to read: the
// descriptor set, then per payload its name, root type and bytes. Returns the count of payloads.
EMSCRIPTEN_KEEPALIVE int wl_bench_loaded_prepare() {
  loaded_input = wirelens::app::LoadedBenchmarkInput(GlobalState());
  return static_cast<int>(loaded_input.payloads.size());
}
EMSCRIPTEN_KEEPALIVE const char* wl_bench_loaded_descriptor_set() { return loaded_input.descriptor_set.data(); }
EMSCRIPTEN_KEEPALIVE double wl_bench_loaded_descriptor_set_size() {
  return static_cast<double>(loaded_input.descriptor_set.size());
}
EMSCRIPTEN_KEEPALIVE const char* wl_bench_loaded_name(int i) { return loaded_input.payloads[i].name.c_str(); }
EMSCRIPTEN_KEEPALIVE const char* wl_bench_loaded_type(int i) { return loaded_input.payloads[i].type_name.c_str(); }
EMSCRIPTEN_KEEPALIVE const char* wl_bench_loaded_framing(int i) { return loaded_input.payloads[i].framing; }
EMSCRIPTEN_KEEPALIVE const uint8_t* wl_bench_loaded_bytes(int i) { return loaded_input.payloads[i].data; }
EMSCRIPTEN_KEEPALIVE double wl_bench_loaded_size(int i) { return static_cast<double>(loaded_input.payloads[i].size); }

}  // extern "C"
