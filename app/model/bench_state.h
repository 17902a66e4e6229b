// The Benchmark Suite window's model: the cases and codecs the page's suite offers, what the user
// chose, the progress of a run, and the results shown (this browser's runs and loaded ones).
// The suite itself runs in JS (web/bench); web/bench/browser_entry.mjs fills this through
// app/bench_api.cc. Nothing here includes ImGui.
#ifndef WIRELENS_APP_MODEL_BENCH_STATE_H_
#define WIRELENS_APP_MODEL_BENCH_STATE_H_

#include <cstdint>
#include <string>
#include <vector>

namespace wirelens::app {

struct BenchCase {
  std::string name, about;
  uint64_t size = 0;
  bool heavy = false;
  bool chosen = true;
};

struct BenchCodec {
  std::string id, label;
  bool reference = false;  // the codec the ratios are relative to (protobuf.js 8 static)
  std::string versus;      // for this codec's rows: the codec its ratios are to instead (ProtoJSON's)
  bool chosen = true;
};

// One Benchmark.js result: a codec on one operation of one case.
struct BenchRow {
  std::string codec, label, op;  // op: "encode", "decode", "combined" or "build"
  double hz = 0, rme = 0, slower = 1;
  int samples = 0;
};

// Memory one encode or decode of a heavy case grows by, in bytes; negative = not measurable in
// this browser.
struct BenchMemory {
  std::string codec;
  std::string op;  // "encode" or "decode"
  double js_heap = -1, external = -1, wasm = -1;
};

struct BenchCaseResult {
  std::string name, about;
  uint64_t size = 0;
  std::string reference;  // the codec its ratios are to; "" for the reference codec's (loaded payloads differ)
  std::vector<BenchRow> rows;
  std::vector<BenchMemory> memory;
  std::vector<std::string> skipped;  // "codec: why it did not run"
};

struct BenchRun {
  std::string title;   // browser, version, date
  std::string source;  // "this browser" or the file it was loaded from
  std::vector<BenchCaseResult> cases;
};

struct BenchState {
  bool available = false;  // the suite's script is on the page
  bool requested = false;  // the page was asked to load it (when the window first opened)
  bool missing = false;    // the page could not load it (not built)
  std::vector<BenchCase> cases;
  std::vector<BenchCodec> codecs;
  bool quick = false;  // shortest runs: checks the machinery, not the speed
  bool running = false;
  std::string progress_text;
  float progress = 0;
  std::string error;
  std::vector<BenchRun> runs;
  int shown_run = 0;   // the run whose tables are shown
  int shown_case = 0;  // the case in the chart
  int shown_op = 1;    // 0 encode, 1 decode, 2 combined, 3 build (chart)
};

// The row of codec `codec` (id) for `op` in `result`, or null.
const BenchRow* FindRow(const BenchCaseResult& result, const std::string& codec, const std::string& op);

// The rate `codec`'s ratio for `op` in `result` is to (its versus codec's, else the case's
// reference, else the reference codec's), or 0.
double ReferenceRate(const BenchState& bench, const BenchCaseResult& result, const std::string& codec,
                     const std::string& op);

}  // namespace wirelens::app

#endif  // WIRELENS_APP_MODEL_BENCH_STATE_H_
