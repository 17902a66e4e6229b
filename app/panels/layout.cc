// Shared panel helpers: where a panel's window opens (and takes the focus), widget rectangles for the
// test hook, the theme's colours, fonts and ems, rows of buttons that wrap, the keys of a focused
// window, list scrolling.
#include <imgui.h>
#include <imgui_internal.h>  // ScrollToRect

#include <string>

#include "app/panels/panels.h"
#include "app/panels/shortcuts.h"

namespace wirelens::app {

namespace {

WidgetRect LastItemRect() {
  const ImVec2 min = ImGui::GetItemRectMin();
  const ImVec2 max = ImGui::GetItemRectMax();
  return {min.x, min.y, max.x - min.x, max.y - min.y};
}

}  // namespace

void RememberItem(AppState& state, const char* label) {
  if (ImGui::IsItemVisible()) state.widget_rects[label] = LastItemRect();
}

void RememberCell(AppState& state, const char* label) {
  const ImVec2 at = ImGui::GetCursorScreenPos();
  state.widget_rects[label] = {at.x, at.y, ImGui::GetContentRegionAvail().x, ImGui::GetTextLineHeight()};
}

void RememberNodeRow(AppState& state, uint32_t node) { state.node_rects.emplace_back(node, LastItemRect()); }

const Palette& Colors() {
  static const Palette dark = {{1.0f, 0.4f, 0.4f, 1},   {1.0f, 0.6f, 0.3f, 1},   {1.0f, 0.45f, 0.45f, 1},
                               {0.45f, 0.9f, 0.45f, 1}, {0.95f, 0.8f, 0.35f, 1}, {0.12f, 0.13f, 0.15f, 1}};
  static const Palette light = {{0.75f, 0.1f, 0.1f, 1}, {0.7f, 0.35f, 0.0f, 1},  {0.75f, 0.1f, 0.1f, 1},
                                {0.1f, 0.5f, 0.1f, 1},  {0.55f, 0.42f, 0.0f, 1}, {0.80f, 0.82f, 0.85f, 1}};
  return ImGui::GetStyle().Colors[ImGuiCol_WindowBg].x < 0.5f ? dark : light;
}

void PushMonoFont() { ImGui::PushFont(ImGui::GetIO().Fonts->Fonts[kMonoAtlasFont]); }

float Ems(float ems) { return ImGui::GetFontSize() * ems; }

float ButtonWidth(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
}

float RadioButtonWidth(const char* label) {
  return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
}

void SameLineIfFits(float next_width) {
  // Measured as if the window had its vertical scrollbar, whether or not it has one now: else a
  // row that wraps makes the window taller, the scrollbar comes and goes, and the row flips.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowWidth() - style.WindowPadding.x - style.ScrollbarSize;
  if (ImGui::GetItemRectMax().x + style.ItemSpacing.x + next_width <= right) ImGui::SameLine();
}

bool WindowHasKeys() {
  return ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows) && !ImGui::IsAnyItemActive() &&
         !ImGui::IsPopupOpen(nullptr, ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);
}

void ScrollRowIntoView() {
  ImRect row(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
  row.Min.y -= row.GetHeight();  // the header row frozen at the top covers one row's height
  ImGui::ScrollToRect(ImGui::GetCurrentWindow(), row, ImGuiScrollFlags_KeepVisibleEdgeY);
}

ImGuiCond PlacementCond(const AppState& state) {
  return state.screen.reset_layout ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
}

bool BeginPanel(AppState& state, const char* title, bool* open, float x, float y, float w, float h,
                ImGuiWindowFlags flags) {
  if (!*open) return false;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float top = ImGui::GetFrameHeight();  // below the main menu bar
  const float height = display.y - top;
  ImGui::SetNextWindowPos(ImVec2(display.x * x, top + height * y), PlacementCond(state));
  ImGui::SetNextWindowSize(ImVec2(display.x * w, height * h), PlacementCond(state));
  if (TakeWindowFocus(title)) {
    ImGui::SetNextWindowFocus();
    ImGui::SetNextWindowCollapsed(false);
  }
  const bool shown = ImGui::Begin(title, open, flags);
  const ImVec2 at = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  state.widget_rects[std::string("window:") + title] = {at.x, at.y, size.x, size.y};
  if (shown) return true;
  ImGui::End();
  return false;
}

}  // namespace wirelens::app
