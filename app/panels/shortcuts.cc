#include "app/panels/shortcuts.h"

#include <SDL.h>
#include <imgui.h>
#include <imgui_internal.h>  // the focused window (GImGui->NavWindow)

#include <cstring>
#include <iterator>
#include <string>
#include <vector>

#include "app/model/actions.h"
#include "app/platform.h"

namespace wirelens::app {
namespace {

struct Shortcut {
  Command command;
  SDL_Scancode key;
  bool command_key;  // Ctrl, or Cmd on a Mac
  bool shift;
  const char* key_name;  // as the page's KeyboardEvent.key names it, lower case
  bool taken = true;     // the app takes the keys; false: the browser's own, shown in the menu only
};

constexpr Shortcut kShortcuts[] = {
    {Command::kOpenFiles, SDL_SCANCODE_O, true, false, "o"},
    // The browser's paste: the page hands the pasted text over (wl_paste).
    {Command::kPastePayload, SDL_SCANCODE_V, true, false, "v", /*taken=*/false},
    {Command::kFind, SDL_SCANCODE_F, true, false, "f"},
    {Command::kNextMatch, SDL_SCANCODE_F3, false, false, "f3"},
    {Command::kPreviousMatch, SDL_SCANCODE_F3, false, true, "f3"},
    {Command::kGoToOffset, SDL_SCANCODE_G, true, false, "g"},
    {Command::kExport, SDL_SCANCODE_E, true, false, "e"},
    {Command::kBenchmarkSuite, SDL_SCANCODE_B, true, false, "b"},
    {Command::kNextWindow, SDL_SCANCODE_F6, false, false, "f6"},
    {Command::kPreviousWindow, SDL_SCANCODE_F6, false, true, "f6"},
};

const Shortcut& ShortcutOf(Command command) {
  for (const Shortcut& s : kShortcuts) {
    if (s.command == command) return s;
  }
  return kShortcuts[0];  // unreachable: every command has a row
}

std::string g_focus_window;
std::string g_focus_box;

// The windows F6 steps through, in the Windows menu's order, then the Benchmark Suite.
void FocusNextWindow(const AppState& state, int step) {
  std::vector<const char*> open;
  for (const auto& [title, shown] : kWindowToggles) {
    if (state.*shown) open.push_back(title);
  }
  if (state.show_benchmarks) open.push_back("Benchmark Suite");
  if (open.empty()) return;
  const ImGuiWindow* focused = GImGui->NavWindow ? GImGui->NavWindow->RootWindow : nullptr;
  int at = -1;
  for (size_t i = 0; i < open.size(); ++i) {
    if (focused != nullptr && std::strcmp(focused->Name, open[i]) == 0) at = static_cast<int>(i);
  }
  const int count = static_cast<int>(open.size());
  const int next = at < 0 ? (step > 0 ? 0 : count - 1) : ((at + step) % count + count) % count;
  g_focus_window = open[next];
}

}  // namespace

const char* ShortcutKeys(Command command) {
  static std::string texts[std::size(kShortcuts)];
  const Shortcut& s = ShortcutOf(command);
  std::string& text = texts[&s - kShortcuts];
  if (text.empty()) {
    if (s.command_key) text = PlatformUsesCommandKey() ? "Cmd+" : "Ctrl+";
    if (s.shift) text += "Shift+";
    text += SDL_GetScancodeName(s.key);
  }
  return text.c_str();
}

void RunCommand(AppState& state, Command command) {
  switch (command) {
    case Command::kOpenFiles: PlatformOpenFiles(); break;
    case Command::kPastePayload: PlatformPasteFromClipboard(); break;
    case Command::kFind:
      state.show_search = true;
      g_focus_window = "Search";
      g_focus_box = "search";
      break;
    case Command::kNextMatch:
    case Command::kPreviousMatch:
      if (HasSearchResults(state)) {
        JumpToSearchResult(state, state.search.current + (command == Command::kNextMatch ? 1 : -1));
      }
      break;
    case Command::kGoToOffset:
      state.show_hex = true;
      g_focus_window = "Hex";
      g_focus_box = "go to offset";
      break;
    case Command::kExport:
      state.show_export = true;
      g_focus_window = "Export";
      break;
    case Command::kBenchmarkSuite:
      state.show_benchmarks = true;
      g_focus_window = "Benchmark Suite";
      break;
    case Command::kNextWindow: FocusNextWindow(state, 1); break;
    case Command::kPreviousWindow: FocusNextWindow(state, -1); break;
  }
}

void HandleShortcuts(AppState& state) {
  static bool claimed = false;
  if (!claimed) {
    claimed = true;
    std::string keys;
    for (const Shortcut& s : kShortcuts) {
      if (!s.taken) continue;
      keys += std::string(keys.empty() ? "" : " ") + (s.command_key ? "ctrl+" : "") + (s.shift ? "shift+" : "") +
              s.key_name;
    }
    PlatformClaimKeys(keys);
  }
  const ImGuiIO& io = ImGui::GetIO();
  const bool command_key = io.KeyCtrl || io.KeySuper;
  for (const Shortcut& s : kShortcuts) {
    if (!s.taken) continue;
    if (s.command_key == command_key && s.shift == io.KeyShift &&
        ImGui::IsKeyPressed(s.key, /*repeat=*/!s.command_key)) {
      RunCommand(state, s.command);
    }
  }
}

void FocusWindow(const char* title) { g_focus_window = title; }

bool TakeWindowFocus(const char* title) {
  if (g_focus_window != title) return false;
  g_focus_window.clear();
  return true;
}

bool TakeBoxFocus(const char* box) {
  if (g_focus_box != box) return false;
  g_focus_box.clear();
  return true;
}

}  // namespace wirelens::app
