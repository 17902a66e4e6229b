// The app's settings, kept across visits in the browser's localStorage (the page's own; nothing
// leaves it): ImGui's windows and table columns, and a [Wirelens][Settings] entry with the text
// size, the theme and the device pixel ratio the window places were saved at (browser only).
#ifndef WIRELENS_APP_SETTINGS_H_
#define WIRELENS_APP_SETTINGS_H_

#include "app/model/app_state.h"

namespace wirelens::app {

// Registers the app's entry with ImGui and loads what the page kept (nothing kept: the defaults);
// window places saved at another pixel ratio are scaled to this screen's. Call once after
// ImGui::CreateContext and before the first frame. `state` must outlive ImGui's context.
void LoadSettings(AppState& state);

// Hands the settings to the page when they changed: a window moved or resized, a column dragged
// (ImGui says so a second after), the text size or the theme. Call once per frame after ImGui::Render.
void SaveSettingsWhenChanged(AppState& state);

// Drops the kept settings; the next frame puts the windows, the text size and the theme back as
// on a first visit.
void ForgetSettings(AppState& state);

}  // namespace wirelens::app

#endif  // WIRELENS_APP_SETTINGS_H_
