// Main menu bar: open files, window toggles, and the "Benchmark Suite" button.
#include <imgui.h>

#include <string>

#include "app/model/actions.h"
#include "app/panels/panels.h"
#include "app/platform.h"
#include "app/settings.h"

namespace wirelens::app {

void DrawMenuBar(AppState& state) {
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("Open files...")) { PlatformOpenFiles(); }
    ImGui::EndMenu();
  }
  const bool windows_open = ImGui::BeginMenu("Windows");
  RememberItem(state, "Windows");
  if (windows_open) {
    for (const auto& [title, shown] : kWindowToggles) {
      ImGui::MenuItem(title, nullptr, &(state.*shown));
      RememberItem(state, (std::string("Windows > ") + title).c_str());
    }
    ImGui::EndMenu();
  }
  // Ctrl/Cmd + and - are the browser's zoom, which the app follows (app/screen.h): these change
  // only the text.
  const bool view_open = ImGui::BeginMenu("View");
  RememberItem(state, "View");
  if (view_open) {
    if (ImGui::MenuItem("Larger text", nullptr, false, state.screen.text_size < kMaxTextSize)) ChangeTextSize(state, 1);
    RememberItem(state, "Larger text");
    if (ImGui::MenuItem("Smaller text", nullptr, false, state.screen.text_size > kMinTextSize))
      ChangeTextSize(state, -1);
    if (ImGui::MenuItem("Default text size", nullptr, false, state.screen.text_size != kDefaultTextSize)) {
      ChangeTextSize(state, 0);
    }
    ImGui::Separator();
    // Kept in this browser's storage for this page: windows, column widths, text size.
    if (ImGui::MenuItem("Forget settings")) ForgetSettings(state);
    RememberItem(state, "Forget settings");
    ImGui::EndMenu();
  }
  if (ImGui::Button("Open files...")) PlatformOpenFiles();
  RememberItem(state, "Open files...");
  if (ImGui::Button("Benchmark Suite")) state.show_benchmarks = true;
  RememberItem(state, "Benchmark Suite");
  ImGui::TextDisabled("drop .proto, .desc, .bin or .har files anywhere");
  ImGui::EndMainMenuBar();
}

}  // namespace wirelens::app
