// Shared panel helpers: window placement and widget rectangles for the test hook.
#include <imgui.h>

#include "app/panels/panels.h"

namespace wirelens::app {

void RememberItem(AppState& state, const char* label) {
  const ImVec2 min = ImGui::GetItemRectMin();
  const ImVec2 max = ImGui::GetItemRectMax();
  state.widget_rects[label] = {min.x, min.y, max.x - min.x, max.y - min.y};
}

void PlaceWindow(float x, float y, float w, float h) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float top = ImGui::GetFrameHeight();  // below the main menu bar
  const float height = display.y - top;
  ImGui::SetNextWindowPos(ImVec2(display.x * x, top + height * y), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(display.x * w, height * h), ImGuiCond_FirstUseEver);
}

}  // namespace wirelens::app
