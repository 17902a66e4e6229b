// Benchmark Suite window: opened from the menu bar. The suite itself (cases x codecs, Benchmark.js,
// charts) is built in web/bench; until then the window lists the bundled cases it will run.
#include <imgui.h>

#include "app/panels/panels.h"

namespace wirelens::app {

void DrawBenchmarks(AppState& state) {
  if (!state.show_benchmarks) return;
  ImGui::SetNextWindowSize(ImVec2(520, 260), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowPos(ImVec2(ImGui::GetIO().DisplaySize.x * 0.3f, 80), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Benchmark Suite", &state.show_benchmarks)) {
    ImGui::End();
    return;
  }
  RememberItem(state, "Benchmark Suite window");
  ImGui::TextWrapped("Cases bundled with this build (bench_cases/):");
  for (const Payload& p : state.payloads) {
    if (p.name.rfind("samples/", 0) == 0) ImGui::BulletText("%s: %zu bytes", p.name.c_str(), p.bytes.size());
  }
  ImGui::Separator();
  ImGui::TextWrapped("Running codecs against each other (wirelens wasm, protobuf.js, ...) needs the JS codec "
                     "and the Benchmark.js harness, which are not part of this build yet.");
  ImGui::End();
}

}  // namespace wirelens::app
