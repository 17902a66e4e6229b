// Log / status: what was loaded, errors, and the timing of the last decode.
#include <imgui.h>

#include "app/panels/panels.h"

namespace wirelens::app {

void DrawLog(AppState& state) {
  if (!BeginPanel(state, "Log", &state.show_log, 0.68f, 0.72f, 0.32f, 0.28f)) return;
  if (state.reading) {
    ImGui::Text("reading %s: %.0f%%", state.reading->name.c_str(), 100.0 * state.reading->fraction());
  } else if (!state.unpacking.empty()) {
    ImGui::Text("inflating %s: %.0f%%", state.unpacking.front()->name.c_str(),
                100.0 * state.unpacking.front()->unpacker->progress());
  } else if (state.decoding) {
    ImGui::Text("decoding: %.0f%%", state.decoding->progress() * 100.0);
  } else {
    ImGui::Text("last decode: %.1f ms, %zu nodes", state.last_decode_ms, state.nodes.nodes.size());
  }
  ImGui::Separator();
  ImGui::BeginChild("lines");
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(state.log.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const LogLine& line = state.log[i];
      if (line.error) ImGui::PushStyleColor(ImGuiCol_Text, Colors().error);
      ImGui::TextWrapped("%s", line.text.c_str());
      if (line.error) ImGui::PopStyleColor();
    }
  }
  if (ImGui::GetScrollY() >= ImGui::GetScrollMaxY()) ImGui::SetScrollHereY(1.0f);
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace wirelens::app
