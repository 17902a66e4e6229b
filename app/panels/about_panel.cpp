// About window: version, renderer and the core/wire self-check.
#include "app/panels/panels.h"

#include <imgui.h>

namespace wirelens::app {

void DrawAbout(AppState& state) {
  if (!state.show_about) return;
  ImGui::SetNextWindowPos(ImVec2(20, 40), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(420, 160), ImGuiCond_FirstUseEver);
  if (ImGui::Begin("wirelens", &state.show_about)) {
    ImGui::TextUnformatted("wirelens: a protobuf inspector and codec in WebAssembly");
    ImGui::Separator();
    ImGui::Text("Dear ImGui %s, SDL2 + WebGL2", IMGUI_VERSION);
    ImGui::TextUnformatted(state.core_self_check.c_str());
    ImGui::Text("%.1f FPS", static_cast<double>(ImGui::GetIO().Framerate));
  }
  ImGui::End();
}

}  // namespace wirelens::app
