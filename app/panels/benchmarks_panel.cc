// Benchmark Suite window: choose cases and codecs, run the page's suite (web/bench, Benchmark.js)
// without blocking the UI, and read the results: a table per case, a bar chart of ops/s relative
// to protobuf.js static code, memory of heavy cases. Runs from other browsers can be loaded next
// to this one (their JSON export), which is how Chrome and Firefox are compared in one view.
#include <imgui.h>

#include <algorithm>
#include <string>
#include <tuple>

#include "app/model/actions.h"
#include "app/panels/panels.h"
#include "app/panels/shortcuts.h"
#include "app/platform.h"

namespace wirelens::app {
namespace {

// The timed operations; "build" (the codec made from the schema, then the payload decoded once)
// only in runs on loaded payloads.
const char* const kOps[] = {"encode", "decode", "combined", "build"};
constexpr int kOpCount = 4;
bool HasBuildRows(const BenchCaseResult& c) {
  return std::any_of(c.rows.begin(), c.rows.end(), [](const BenchRow& r) { return r.op == "build"; });
}
const ImU32 kRunColors[] = {IM_COL32(90, 160, 240, 255), IM_COL32(240, 150, 60, 255), IM_COL32(110, 200, 120, 255),
                            IM_COL32(200, 110, 200, 255)};

// A whole number with thousands separators: "1,234,567".
std::string Grouped(uint64_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string Rate(double hz) {
  if (hz >= 100) return Grouped(static_cast<uint64_t>(hz + 0.5));
  char text[32];
  std::snprintf(text, sizeof text, hz >= 10 ? "%.1f" : "%.2f", hz);
  return text;
}

void DrawChoices(AppState& state) {
  BenchState& bench = state.bench;
  ImGui::BeginDisabled(bench.running);
  // Three columns of groups (a table's cells would end their row at each clipper): the cases, then
  // the codecs in two, so that with a dozen peers the Run buttons stay in the window's first view.
  const float width = ImGui::GetContentRegionAvail().x;
  ImGui::BeginGroup();
  ImGui::TextDisabled("cases");
  ImGuiListClipper cases;
  cases.Begin(static_cast<int>(bench.cases.size()));
  while (cases.Step()) {
    for (int i = cases.DisplayStart; i < cases.DisplayEnd; ++i) {
      BenchCase& c = bench.cases[i];
      ImGui::Checkbox(c.name.c_str(), &c.chosen);
      RememberItem(state, ("case " + c.name).c_str());
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s (%llu bytes)", c.about.c_str(), static_cast<unsigned long long>(c.size));
    }
  }
  ImGui::EndGroup();
  const int codec_count = static_cast<int>(bench.codecs.size());
  const int first_half = (codec_count + 1) / 2;
  for (const auto& [begin, end, x] : {std::tuple{0, first_half, 0.22f}, std::tuple{first_half, codec_count, 0.61f}}) {
    // At its share of the width, or past the group before it where a narrow window has no room.
    const float after = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + ImGui::GetStyle().ItemSpacing.x;
    ImGui::SameLine(std::max(width * x, after));
    ImGui::BeginGroup();
    ImGui::TextDisabled(begin == 0 ? "codecs" : " ");
    ImGuiListClipper codecs;
    codecs.Begin(end - begin);
    while (codecs.Step()) {
      for (int i = begin + codecs.DisplayStart; i < begin + codecs.DisplayEnd; ++i) {
        ImGui::Checkbox(bench.codecs[i].label.c_str(), &bench.codecs[i].chosen);
        RememberItem(state, ("codec " + bench.codecs[i].id).c_str());
      }
    }
    ImGui::EndGroup();
  }
  ImGui::Checkbox("quick (checks the machinery, not the speed)", &bench.quick);
  RememberItem(state, "quick");
  ImGui::BeginDisabled(!CanStartBenchmarkRun(bench));
  if (ImGui::Button("Run")) {
    const BenchRunRequest run = StartBenchmarkRun(bench);
    PlatformStartBenchmark(run.quick, run.cases, run.codecs);
  }
  RememberItem(state, "Run benchmarks");
  ImGui::EndDisabled();
  ImGui::EndDisabled();
  if (bench.running || bench.progress > 0) {
    ImGui::SameLine();
    ImGui::ProgressBar(bench.progress, ImVec2(-1, 0), bench.running ? bench.progress_text.c_str() : "done");
  }
  if (!bench.error.empty()) ImGui::TextColored(Colors().error, "%s", bench.error.c_str());
}

void DrawRunBar(AppState& state) {
  BenchState& bench = state.bench;
  if (!bench.runs.empty()) {
    bench.shown_run = std::clamp(bench.shown_run, 0, static_cast<int>(bench.runs.size()) - 1);
    const BenchRun& shown = bench.runs[bench.shown_run];
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.45f);
    if (ImGui::BeginCombo("results", (shown.title + " - " + shown.source).c_str())) {
      for (int i = 0; i < static_cast<int>(bench.runs.size()); ++i) {
        const std::string label = bench.runs[i].title + " - " + bench.runs[i].source + "##run" + std::to_string(i);
        if (ImGui::Selectable(label.c_str(), i == bench.shown_run)) bench.shown_run = i;
      }
      ImGui::EndCombo();
    }
    ImGui::SameLine();
    if (ImGui::Button("Export JSON")) PlatformExportBenchRun(bench.shown_run, "json");
    ImGui::SameLine();
    if (ImGui::Button("Export Markdown")) PlatformExportBenchRun(bench.shown_run, "markdown");
    ImGui::SameLine();
  }
  if (ImGui::Button("Load results...")) PlatformLoadBenchResults();
  RememberItem(state, "Load results");
}

// ops/s of every codec relative to protobuf.js 8 static, one bar per run (side by side).
void DrawChart(AppState& state) {
  BenchState& bench = state.bench;
  std::vector<std::string> names;
  for (const BenchRun& run : bench.runs) {
    for (const BenchCaseResult& c : run.cases)
      if (std::find(names.begin(), names.end(), c.name) == names.end()) names.push_back(c.name);
  }
  if (names.empty()) return;
  bench.shown_case = std::clamp(bench.shown_case, 0, static_cast<int>(names.size()) - 1);
  ImGui::SetNextItemWidth(Ems(10.5f));
  if (ImGui::BeginCombo("case", names[bench.shown_case].c_str())) {
    for (int i = 0; i < static_cast<int>(names.size()); ++i) {
      if (ImGui::Selectable(names[i].c_str(), i == bench.shown_case)) bench.shown_case = i;
    }
    ImGui::EndCombo();
  }
  for (int op = 0; op < kOpCount; ++op) {
    ImGui::SameLine();
    ImGui::RadioButton(kOps[op], &bench.shown_op, op);
  }
  const std::string& name = names[bench.shown_case];
  const std::string op = kOps[bench.shown_op];
  double widest = 1;
  for (const BenchRun& run : bench.runs) {
    for (const BenchCaseResult& c : run.cases) {
      for (const BenchRow& r : c.rows) {
        const double ref = c.name == name && r.op == op ? ReferenceRate(bench, c, r.codec, op) : 0;
        if (ref > 0) widest = std::max(widest, r.hz / ref);
      }
    }
  }
  ImGui::TextDisabled("ops/s relative to protobuf.js 8 static (ProtoJSON: to @bufbuild/protobuf's); one bar per run:");
  for (size_t run = 0; run < bench.runs.size(); ++run) {
    ImGui::SameLine();
    ImGui::TextColored(ImColor(kRunColors[run % 4]), "%s", bench.runs[run].title.c_str());
  }
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float label_width = 210, bar_space = std::max(100.0f, ImGui::GetContentRegionAvail().x - label_width - 150);
  const float line = ImGui::GetTextLineHeight();
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(bench.codecs.size()));
  while (clipper.Step()) {
    for (int k = clipper.DisplayStart; k < clipper.DisplayEnd; ++k) {
      const BenchCodec& codec = bench.codecs[k];
      ImGui::TextUnformatted(codec.label.c_str());
      for (size_t run = 0; run < bench.runs.size(); ++run) {
        const BenchCaseResult* c = nullptr;
        for (const BenchCaseResult& x : bench.runs[run].cases)
          if (x.name == name) c = &x;
        const BenchRow* row = c ? FindRow(*c, codec.id, op) : nullptr;
        const double ref = c ? ReferenceRate(bench, *c, codec.id, op) : 0;
        if (run == 0) ImGui::SameLine(label_width);
        else ImGui::SetCursorPosX(label_width);  // each run's bar on its own line
        const ImVec2 at = ImGui::GetCursorScreenPos();
        if (row == nullptr || ref <= 0) {
          ImGui::TextDisabled("-");
        } else {
          const float w = static_cast<float>(row->hz / ref / widest) * bar_space;
          draw->AddRectFilled(at, ImVec2(at.x + std::max(w, 1.0f), at.y + line), kRunColors[run % 4]);
          ImGui::Dummy(ImVec2(w, line));
          ImGui::SameLine();
          ImGui::Text("%.2fx  %s ops/s", row->hz / ref, Rate(row->hz).c_str());
        }
      }
    }
  }
}

// The loaded payloads as cases: each payload with a root type (a framed one's messages one after another), timed with
// the codecs built from the loaded schema at run time (the table-driven wirelens codec, protobuf.js reflection,
// @bufbuild's registry, JSON), ratios to protobuf.js reflection.
void DrawLoadedPayloads(AppState& state) {
  BenchState& bench = state.bench;
  if (!ImGui::CollapsingHeader("Loaded payloads", ImGuiTreeNodeFlags_DefaultOpen)) return;
  std::vector<const Payload*> typed;
  for (const Payload& p : state.payloads) {
    if (p.type >= 0) typed.push_back(&p);
  }
  if (typed.empty()) {
    ImGui::TextDisabled(state.payloads.empty() ? "Drop a .proto and .bin files on the page to time your own messages."
                                               : "Choose a root type for a payload (Payloads) to time it here.");
  }
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(typed.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const Payload& p = *typed[static_cast<size_t>(i)];
      const bool bare = p.framing == inspect::Framing::kBare;
      ImGui::BulletText(
          "%s: %s, %s bytes%s%s", p.name.c_str(), state.schema.messages[static_cast<size_t>(p.type)].full_name.c_str(),
          Grouped(p.bytes.size()).c_str(), bare ? "" : ", frames: ", bare ? "" : inspect::FramingName(p.framing));
    }
  }
  ImGui::BeginDisabled(bench.running || typed.empty());
  if (ImGui::Button("Run on loaded payloads")) {
    const BenchRunRequest run = StartLoadedBenchmarkRun(bench);
    PlatformStartLoadedBenchmark(run.quick, run.codecs);
  }
  RememberItem(state, "Run loaded payloads");
  ImGui::EndDisabled();
}

void DrawTables(const BenchState& bench) {
  if (bench.runs.empty()) return;
  const BenchRun& run = bench.runs[bench.shown_run];
  ImGui::Text("%s (%s)", run.title.c_str(), run.source.c_str());
  for (const BenchCaseResult& c : run.cases) {
    const std::string header = c.name + " (" + Grouped(c.size) + " bytes)##" + c.name;
    if (!ImGui::CollapsingHeader(header.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) continue;
    ImGui::TextDisabled("%s", c.about.c_str());
    for (const std::string& s : c.skipped) ImGui::TextColored(Colors().warning, "not run: %s", s.c_str());
    const int ops = HasBuildRows(c) ? kOpCount : kOpCount - 1;
    if (!ImGui::BeginTable(c.name.c_str(), 1 + 2 * ops,
                           ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit))
      continue;
    ImGui::TableSetupColumn("codec", ImGuiTableColumnFlags_WidthStretch);
    for (int k = 0; k < ops; ++k) {
      const char* op = kOps[k];
      ImGui::TableSetupColumn((std::string(op) + " ops/s").c_str());
      ImGui::TableSetupColumn("vs pbjs");
    }
    ImGui::TableHeadersRow();
    std::vector<const BenchRow*> codecs;  // each codec's first row (its id and label)
    for (const BenchRow& r : c.rows) {
      if (std::none_of(codecs.begin(), codecs.end(), [&](const BenchRow* x) { return x->codec == r.codec; }))
        codecs.push_back(&r);
    }
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(codecs.size()));
    while (clipper.Step()) {
      for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(codecs[i]->label.c_str());
        for (int k = 0; k < ops; ++k) {
          const char* op = kOps[k];
          const BenchRow* row = FindRow(c, codecs[i]->codec, op);
          const double ref = ReferenceRate(bench, c, codecs[i]->codec, op);
          ImGui::TableNextColumn();
          if (row) ImGui::Text("%s ±%.1f%% (%d)", Rate(row->hz).c_str(), row->rme, row->samples);
          ImGui::TableNextColumn();
          if (row && ref > 0) ImGui::Text("%.2fx", row->hz / ref);
        }
      }
    }
    ImGui::EndTable();
    if (!c.memory.empty() &&
        ImGui::BeginTable((c.name + " memory").c_str(), 5, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
      for (const char* column : {"memory growth", "of one", "JS heap", "ArrayBuffers", "wasm heap"})
        ImGui::TableSetupColumn(column);
      ImGui::TableHeadersRow();
      auto mib = [](double bytes) {
        if (bytes < 0) return ImGui::TextDisabled("n/a");
        ImGui::Text("%.1f MiB", bytes / 1048576.0);
      };
      ImGuiListClipper clipper_memory;
      clipper_memory.Begin(static_cast<int>(c.memory.size()));
      while (clipper_memory.Step()) {
        for (int i = clipper_memory.DisplayStart; i < clipper_memory.DisplayEnd; ++i) {
          const BenchMemory& m = c.memory[i];
          ImGui::TableNextRow();
          ImGui::TableNextColumn();
          ImGui::TextUnformatted(m.codec.c_str());
          ImGui::TableNextColumn();
          ImGui::TextUnformatted(m.op.c_str());
          ImGui::TableNextColumn();
          mib(m.js_heap);
          ImGui::TableNextColumn();
          mib(m.external);
          ImGui::TableNextColumn();
          mib(m.wasm);
        }
      }
      ImGui::EndTable();
    }
  }
}

}  // namespace

void DrawBenchmarks(AppState& state) {
  if (!state.show_benchmarks) return;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowSize(ImVec2(std::min(Ems(66), display.x * 0.8f), display.y * 0.85f), PlacementCond(state));
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.1f, display.y * 0.06f), PlacementCond(state));
  // It floats over the inspector's panels: opaque, so their text does not show through its tables.
  ImGui::SetNextWindowBgAlpha(1.0f);
  if (TakeWindowFocus("Benchmark Suite")) ImGui::SetNextWindowFocus();
  if (!ImGui::Begin("Benchmark Suite", &state.show_benchmarks)) {
    ImGui::End();
    return;
  }
  const ImVec2 at = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  state.widget_rects["window:Benchmark Suite"] = {at.x, at.y, size.x, size.y};
  if (WindowHasKeys() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) state.show_benchmarks = false;
  if (!state.bench.available) {
    if (!state.bench.requested) {
      state.bench.requested = true;
      PlatformLoadBenchSuite();
    }
    ImGui::TextWrapped(state.bench.missing
                           ? "The suite's script (build/web/bench/bench_suite.js) did not load: build with `make run`."
                           : "Loading the Benchmark Suite (Benchmark.js and the codecs it compares, about 4 MB)...");
    ImGui::End();
    return;
  }
  DrawChoices(state);
  DrawLoadedPayloads(state);
  ImGui::Separator();
  DrawRunBar(state);
  if (!state.bench.runs.empty()) {
    ImGui::Separator();
    DrawChart(state);
    ImGui::Separator();
    DrawTables(state.bench);
  }
  ImGui::End();
}

}  // namespace wirelens::app
