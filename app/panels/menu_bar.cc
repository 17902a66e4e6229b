// Main menu bar: files, moving around (with their keys: shortcuts.h), window toggles, the text
// size, and the "Open files..." and "Benchmark Suite" buttons.
#include <imgui.h>

#include <iterator>
#include <string>

#include "app/model/actions.h"
#include "app/panels/panels.h"
#include "app/panels/shortcuts.h"
#include "app/settings.h"

namespace wirelens::app {
namespace {

// A menu item that runs `command`, its keys shown beside it; the hook knows it by its label.
void CommandItem(AppState& state, const char* label, Command command, bool enabled = true) {
  if (ImGui::MenuItem(label, ShortcutKeys(command), false, enabled)) RunCommand(state, command);
  RememberItem(state, label);
}

}  // namespace

void DrawMenuBar(AppState& state) {
  if (!ImGui::BeginMainMenuBar()) return;
  const bool file_open = ImGui::BeginMenu("File");
  RememberItem(state, "File");
  if (file_open) {
    CommandItem(state, "Open files...", Command::kOpenFiles);
    CommandItem(state, "Paste payload", Command::kPastePayload);
    ImGui::Separator();
    CommandItem(state, "Export...", Command::kExport);
    ImGui::Separator();
    const bool has_payload = state.payload() != nullptr;
    if (ImGui::MenuItem("Copy link", nullptr, false, has_payload)) ShareLink(state);
    RememberItem(state, "Copy link");
    if (ImGui::MenuItem("Copy as command", nullptr, false, has_payload)) ShareCommand(state);
    RememberItem(state, "Copy as command");
    if (ImGui::MenuItem("Save session...", nullptr, false, has_payload)) SaveSession(state);
    RememberItem(state, "Save session...");
    ImGui::EndMenu();
  }
  const bool go_open = ImGui::BeginMenu("Go");
  RememberItem(state, "Go");
  if (go_open) {
    const bool has_matches = HasSearchResults(state);
    CommandItem(state, "Find...", Command::kFind);
    CommandItem(state, "Next match", Command::kNextMatch, has_matches);
    CommandItem(state, "Previous match", Command::kPreviousMatch, has_matches);
    CommandItem(state, "Go to offset...", Command::kGoToOffset, state.payload() != nullptr);
    ImGui::Separator();
    CommandItem(state, "Next window", Command::kNextWindow);
    CommandItem(state, "Previous window", Command::kPreviousWindow);
    ImGui::EndMenu();
  }
  const bool windows_open = ImGui::BeginMenu("Windows");
  RememberItem(state, "Windows");
  if (windows_open) {
    for (const auto& [title, shown] : kWindowToggles) {
      ImGui::MenuItem(title, nullptr, &(state.*shown));
      RememberItem(state, (std::string("Windows > ") + title).c_str());
    }
    ImGui::Separator();
    CommandItem(state, "Benchmark Suite", Command::kBenchmarkSuite);
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
    const bool theme_open = ImGui::BeginMenu("Theme");
    RememberItem(state, "Theme");
    if (theme_open) {
      constexpr const char* kLabels[] = {"As the system", "Dark", "Light"};  // by Theme
      for (int k = 0; k < static_cast<int>(std::size(kLabels)); ++k) {
        const auto theme = static_cast<Theme>(k);
        if (ImGui::MenuItem(kLabels[k], nullptr, state.screen.theme == theme)) state.screen.theme = theme;
        RememberItem(state, kLabels[k]);
      }
      ImGui::EndMenu();
    }
    ImGui::Separator();
    // Kept in this browser's storage for this page: windows, column widths, text size, theme.
    if (ImGui::MenuItem("Forget settings")) ForgetSettings(state);
    RememberItem(state, "Forget settings");
    ImGui::EndMenu();
  }
  if (ImGui::Button("Open files...")) RunCommand(state, Command::kOpenFiles);
  RememberItem(state, "Open files...");
  if (ImGui::Button("Benchmark Suite")) RunCommand(state, Command::kBenchmarkSuite);
  RememberItem(state, "Benchmark Suite");
  ImGui::TextDisabled("drop .proto, .desc, .bin or .har files anywhere");
  ImGui::EndMainMenuBar();
}

}  // namespace wirelens::app
