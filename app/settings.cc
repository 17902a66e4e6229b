#include "app/settings.h"

#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_internal.h>  // ImGuiSettingsHandler, the window settings ImGui read

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

#include "app/model/actions.h"
#include "app/platform.h"

namespace wirelens::app {
namespace {

constexpr char kEntryType[] = "Wirelens";
constexpr float kSaveSecondsAfterChange = 1.0f;  // ImGui's default is 5: a reload soon after would lose it

struct Read {
  float text_size = 0, pixel_ratio = 0;
};
Read g_read;                  // what the kept [Wirelens][Settings] entry said
float g_saved_text_size = 0;  // the text size the page keeps
bool g_refusal_logged = false;

void* ReadOpen(ImGuiContext*, ImGuiSettingsHandler*, const char* name) {
  return std::strcmp(name, "Settings") == 0 ? &g_read : nullptr;
}

void ReadLine(ImGuiContext*, ImGuiSettingsHandler*, void*, const char* line) {
  float value = 0;
  if (std::sscanf(line, "TextSize=%f", &value) == 1) g_read.text_size = value;
  if (std::sscanf(line, "PixelRatio=%f", &value) == 1) g_read.pixel_ratio = value;
}

void WriteAll(ImGuiContext*, ImGuiSettingsHandler* handler, ImGuiTextBuffer* out) {
  const ScreenState& screen = static_cast<AppState*>(handler->UserData)->screen;
  out->appendf("[%s][Settings]\nTextSize=%g\nPixelRatio=%g\n\n", kEntryType, screen.text_size, screen.pixel_ratio);
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
    const float ratio = static_cast<float>(emscripten_get_device_pixel_ratio());
    if (g_read.pixel_ratio > 0 && g_read.pixel_ratio != ratio) ScaleSavedWindows(ratio / g_read.pixel_ratio);
  }
  g_saved_text_size = state.screen.text_size;
}

void SaveSettingsWhenChanged(AppState& state) {
  ImGuiIO& io = ImGui::GetIO();
  if (!io.WantSaveIniSettings && state.screen.text_size == g_saved_text_size) return;
  io.WantSaveIniSettings = false;
  g_saved_text_size = state.screen.text_size;
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
  g_saved_text_size = state.screen.text_size;
  state.screen.reset_layout = true;
  Log(state, false, "settings forgotten: the windows and text size are back as on a first visit");
}

}  // namespace wirelens::app
