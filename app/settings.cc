#include "app/settings.h"

#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_internal.h>  // ImGuiSettingsHandler, the window settings ImGui read

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <string>

#include "app/model/actions.h"
#include "app/platform.h"

namespace wirelens::app {
namespace {

constexpr char kEntryType[] = "Wirelens";
constexpr float kSaveSecondsAfterChange = 1.0f;  // ImGui's default is 5: a reload soon after would lose it

struct Read {
  float text_size = 0, pixel_ratio = 0;
  int theme = -1;
};
Read g_read;  // what the kept [Wirelens][Settings] entry said
// What the page keeps of the screen's settings (ImGui tracks its own windows and tables).
float g_saved_text_size = 0;
Theme g_saved_theme = Theme::kSystem;
bool g_refusal_logged = false;

void* ReadOpen(ImGuiContext*, ImGuiSettingsHandler*, const char* name) {
  return std::strcmp(name, "Settings") == 0 ? &g_read : nullptr;
}

void ReadLine(ImGuiContext*, ImGuiSettingsHandler*, void*, const char* line) {
  float value = 0;
  if (std::sscanf(line, "TextSize=%f", &value) == 1) g_read.text_size = value;
  if (std::sscanf(line, "PixelRatio=%f", &value) == 1) g_read.pixel_ratio = value;
  char theme[16];
  if (std::sscanf(line, "Theme=%15s", theme) == 1) {
    for (int k = 0; k < static_cast<int>(std::size(kThemeNames)); ++k) {
      if (std::strcmp(theme, kThemeNames[k]) == 0) g_read.theme = k;
    }
  }
}

void WriteAll(ImGuiContext*, ImGuiSettingsHandler* handler, ImGuiTextBuffer* out) {
  const ScreenState& screen = static_cast<AppState*>(handler->UserData)->screen;
  out->appendf("[%s][Settings]\nTextSize=%g\nPixelRatio=%g\nTheme=%s\n\n", kEntryType, screen.text_size,
               screen.pixel_ratio, kThemeNames[static_cast<int>(screen.theme)]);
}

// ImGui places windows in device pixels (app/screen.h): ones saved on another screen are scaled.
void ScaleSavedWindows(float factor) {
  ImGuiContext& g = *GImGui;
  for (ImGuiWindowSettings* s = g.SettingsWindows.begin(); s != nullptr; s = g.SettingsWindows.next_chunk(s)) {
    s->Pos = ImVec2ih(static_cast<short>(s->Pos.x * factor), static_cast<short>(s->Pos.y * factor));
    s->Size = ImVec2ih(static_cast<short>(s->Size.x * factor), static_cast<short>(s->Size.y * factor));
  }
}

}  // namespace

void LoadSettings(AppState& state) {
  ImGuiSettingsHandler handler;
  handler.TypeName = kEntryType;
  handler.TypeHash = ImHashStr(kEntryType);
  handler.ReadOpenFn = ReadOpen;
  handler.ReadLineFn = ReadLine;
  handler.WriteAllFn = WriteAll;
  handler.UserData = &state;
  GImGui->SettingsHandlers.push_back(handler);
  ImGui::GetIO().IniSavingRate = kSaveSecondsAfterChange;

  const std::string kept = PlatformLoadSettings();
  if (!kept.empty()) {
    ImGui::LoadIniSettingsFromMemory(kept.data(), kept.size());
    if (g_read.text_size > 0) state.screen.text_size = std::clamp(g_read.text_size, kMinTextSize, kMaxTextSize);
    if (g_read.theme >= 0) state.screen.theme = static_cast<Theme>(g_read.theme);
    const float ratio = static_cast<float>(emscripten_get_device_pixel_ratio());
    if (g_read.pixel_ratio > 0 && g_read.pixel_ratio != ratio) ScaleSavedWindows(ratio / g_read.pixel_ratio);
  }
  g_saved_text_size = state.screen.text_size;
  g_saved_theme = state.screen.theme;
}

void SaveSettingsWhenChanged(AppState& state) {
  ImGuiIO& io = ImGui::GetIO();
  const ScreenState& screen = state.screen;
  if (!io.WantSaveIniSettings && screen.text_size == g_saved_text_size && screen.theme == g_saved_theme) return;
  io.WantSaveIniSettings = false;
  g_saved_text_size = screen.text_size;
  g_saved_theme = screen.theme;
  size_t size = 0;
  const char* text = ImGui::SaveIniSettingsToMemory(&size);
  if (!PlatformSaveSettings(std::string(text, size)) && !g_refusal_logged) {
    Log(state, true, "settings not kept: the browser refuses this page its storage (localStorage)");
    g_refusal_logged = true;
  }
}

void ForgetSettings(AppState& state) {
  PlatformForgetSettings();
  ImGui::ClearIniSettings();
  GImGui->SettingsDirtyTimer = 0;  // a save ImGui had scheduled would keep them again
  ImGui::GetIO().WantSaveIniSettings = false;
  ChangeTextSize(state, 0);
  state.screen.theme = Theme::kSystem;
  g_saved_text_size = state.screen.text_size;
  g_saved_theme = state.screen.theme;
  state.screen.reset_layout = true;
  Log(state, false, "settings forgotten: the windows, text size and theme are back as on a first visit");
}

}  // namespace wirelens::app
