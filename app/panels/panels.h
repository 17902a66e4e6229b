// One DrawX() per panel, each in its own file; main.cc calls them in a flat list every frame.
#ifndef WIRELENS_APP_PANELS_PANELS_H_
#define WIRELENS_APP_PANELS_PANELS_H_

#include <imgui.h>

#include <cstdint>
#include <string>

#include "app/model/app_state.h"

namespace wirelens::app {

void DrawMenuBar(AppState& state);
void DrawSchemas(AppState& state);
void DrawPayloads(AppState& state);
void DrawFields(AppState& state);
void DrawHex(AppState& state);
void DrawSearch(AppState& state);
void DrawDiff(AppState& state);
void DrawExport(AppState& state);
void DrawLog(AppState& state);
void DrawBenchmarks(AppState& state);
void DrawTraffic(AppState& state);
void DrawShare(AppState& state);

// File's Copy link, Copy as command and Save session (share_panel.cc): each opens the Share window
// where it has something to say.
void ShareLink(AppState& state);
void ShareCommand(AppState& state);
void SaveSession(AppState& state);

// The Fields panel's edit dialogs (edit_dialogs.cc): requested from a row's menu, drawn by
// DrawEditDialogs() inside the Fields window.
void RequestValueEdit(AppState& state, uint32_t node, const std::string& text);
void RequestAddField(AppState& state, uint32_t parent);  // kNoNode: the bare payload
void DrawEditDialogs(AppState& state);

// Records the last item's screen rectangle under `label` (for the test hook's widgetRect()), if it is
// visible: one scrolled out of its window is not recorded.
void RememberItem(AppState& state, const char* label);
// Records the room the current table cell gives its content (the column's width, a line high).
void RememberCell(AppState& state, const char* label);
// Records the last item's screen rectangle as the row of `node` (widgetRect("node:<path>")).
void RememberNodeRow(AppState& state, uint32_t node);
// Colours that carry a meaning, in the theme's tones (dark or light: read from ImGui's style).
struct Palette {
  ImVec4 error, warning, removed, added, changed;
  ImVec4 background;  // behind the windows
};
const Palette& Colors();

// The atlas's fonts (app/screen.cc builds them in this order): the interface's, and the monospace
// one that bytes, offsets and values are drawn in (PushMonoFont / ImGui::PopFont).
enum AtlasFont { kUiAtlasFont = 0, kMonoAtlasFont = 1 };
void PushMonoFont();
// `ems` times the current font's size: widths given so follow the text size and the pixel ratio.
float Ems(float ems);
// Rows of buttons that wrap on a narrow window: SameLineIfFits(width of the next one) keeps it on
// the line of the last item when it fits there, else it starts the next line.
float ButtonWidth(const char* label);
float RadioButtonWidth(const char* label);
void SameLineIfFits(float next_width);
// Where windows go on a first visit: ImGuiCond_FirstUseEver, or ImGuiCond_Always in the frame
// after Forget settings (state.screen.reset_layout).
ImGuiCond PlacementCond(const AppState& state);
// Opens a panel's window, placed on a first visit by a fraction of the display (x, y, w, h in
// 0..1), and records its rectangle as "window:<title>"; focused when a shortcut asked for it. False
// when the panel is closed or collapsed: draw nothing then. True: draw, then ImGui::End().
bool BeginPanel(AppState& state, const char* title, bool* open, float x, float y, float w, float h,
                ImGuiWindowFlags flags = 0);
// True when the keyboard belongs to the current window's own keys (the arrows of the Fields tree,
// the hex view): it or a child of it is focused, and no text box, popup or menu has the keys.
bool WindowHasKeys();
// Scrolls a table with one frozen header row as little as it takes to show the row whose first
// item was just drawn (the keyboard's moves).
void ScrollRowIntoView();

}  // namespace wirelens::app

#endif  // WIRELENS_APP_PANELS_PANELS_H_
