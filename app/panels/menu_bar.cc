// Main menu bar: open files, window toggles, and the "Benchmark Suite" button.
#include <imgui.h>

#include "app/model/actions.h"
#include "app/panels/panels.h"
#include "app/platform.h"

namespace wirelens::app {

void DrawMenuBar(AppState& state) {
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("Open files...")) { PlatformOpenFiles(); }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Windows")) {
    ImGui::MenuItem("Schemas", nullptr, &state.show_schemas);
    ImGui::MenuItem("Payloads", nullptr, &state.show_payloads);
    ImGui::MenuItem("Fields", nullptr, &state.show_fields);
    ImGui::MenuItem("Hex", nullptr, &state.show_hex);
    ImGui::MenuItem("Export", nullptr, &state.show_export);
    ImGui::MenuItem("Search", nullptr, &state.show_search);
    ImGui::MenuItem("Diff", nullptr, &state.show_diff);
    ImGui::MenuItem("Log", nullptr, &state.show_log);
    ImGui::MenuItem("Traffic", nullptr, &state.show_traffic);
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
