// The canvas at the screen's own resolution: its backing store in device pixels, and ImGui's
// display, style, mouse and fonts for the device pixel ratio and the chosen text size (browser only).
#ifndef WIRELENS_APP_SCREEN_H_
#define WIRELENS_APP_SCREEN_H_

#include <SDL.h>

#include "app/model/app_state.h"

namespace wirelens::app {

// Follows the canvas's CSS size and window.devicePixelRatio (another screen, the browser's zoom)
// and state.screen's text size and theme (the system's colour scheme too): resizes the SDL window
// (CSS pixels, where SDL's mouse events are) and the canvas's backing store (device pixels), and
// rebuilds ImGui's style when the ratio or the colours changed, its font atlas when the ratio or
// the text size did. Call once per frame before the backends' NewFrame (the
// renderer then makes the first font texture from this atlas). Precondition:
// ImGui_ImplOpenGL3_Init has run.
void FitScreen(SDL_Window* window, AppState& state);

// ImGui works in device pixels, so that text and lines land on whole pixels at every ratio: its
// display is the backing store and the mouse (which SDL reports in CSS pixels) is scaled to it.
// Call after FitScreen and ImGui_ImplSDL2_NewFrame (which sets both in CSS pixels) and before
// ImGui::NewFrame.
void UseDevicePixels(const AppState& state);

}  // namespace wirelens::app

#endif  // WIRELENS_APP_SCREEN_H_
