// App entry: SDL2 window + WebGL2 context, Dear ImGui set-up and the frame loop (browser only).
#include <GLES3/gl3.h>
#include <SDL.h>
#include <emscripten.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

#include <cstdio>

#include "app/model/actions.h"
#include "app/model/app_state.h"
#include "app/panels/panels.h"
#include "app/panels/shortcuts.h"
#include "app/platform.h"
#include "app/screen.h"
#include "app/settings.h"
#include "app/web_api.h"

namespace wirelens::app {
namespace {

struct Platform {
  SDL_Window* window = nullptr;
  SDL_GLContext gl = nullptr;
};

Platform g_platform;

void DrawFrame(AppState& state) {
  state.widget_rects.clear();
  state.node_rects.clear();
  HandleShortcuts(state);
  DrawMenuBar(state);
  DrawSchemas(state);
  DrawPayloads(state);
  DrawFields(state);
  DrawHex(state);
  DrawSearch(state);
  DrawExport(state);
  DrawLog(state);
  DrawDiff(state);
  DrawTraffic(state);
  DrawShare(state);
  DrawBenchmarks(state);
}

void Frame(void*) {
  const double start_ms = emscripten_get_now();
  SDL_Event event;
  while (SDL_PollEvent(&event)) ImGui_ImplSDL2_ProcessEvent(&event);
  AppState& state = GlobalState();
  FitScreen(g_platform.window, state);
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  UseDevicePixels(state);
  const bool busy = state.decoding || state.reading || !state.unpacking.empty() || state.search.running ||
                    state.exporting || state.traffic.reader;
  // One of these per frame: a payload that finishes inflating starts decoding in the next one.
  if (state.traffic.reader) {
    ContinueReadingHar(state);
  } else if (state.unpacking.empty()) {
    ContinueDecoding(state);
  } else {
    ContinueUnpacking(state);
  }
  // A search and an export each take a frame's work budget: the export waits for the search.
  if (!ContinueSearching(state)) ContinueExporting(state);
  RefreshDiff(state);
  const double ui_start_ms = emscripten_get_now();
  // Forget settings asks in one frame; the next, with the fonts of the text size it reset, places
  // the windows again.
  const bool placing_again = state.screen.reset_layout;
  ImGui::NewFrame();
  DrawFrame(state);
  if (placing_again) state.screen.reset_layout = false;
  ImGui::Render();
  SaveSettingsWhenChanged(state);
  const double ui_ms = emscripten_get_now() - ui_start_ms;

  const ImGuiIO& io = ImGui::GetIO();
  glViewport(0, 0, static_cast<int>(io.DisplaySize.x), static_cast<int>(io.DisplaySize.y));
  const ImVec4 background = Colors().background;
  glClearColor(background.x, background.y, background.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  SDL_GL_SwapWindow(g_platform.window);
  state.frame_clock.Record(start_ms, ui_ms, emscripten_get_now(), busy);

  // Tell the page (and the browser tests) that real frames are on screen.
  if (++state.frame_count == 3) { PlatformAnnounceReady(); }
}

bool InitPlatform() {
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    std::fprintf(stderr, "wirelens: SDL_Init failed: %s\n", SDL_GetError());
    return false;
  }
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  g_platform.window = SDL_CreateWindow("wirelens", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, 1280, 720,
                                       SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE);
  g_platform.gl = g_platform.window ? SDL_GL_CreateContext(g_platform.window) : nullptr;
  if (g_platform.gl == nullptr) {
    std::fprintf(stderr, "wirelens: no WebGL2 context: %s\n", SDL_GetError());
    return false;
  }
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // settings go to the page's localStorage (settings.h)
  // Arrows, Space and Escape in every window (the Fields tree and the hex view take the arrows
  // themselves); Tab between text boxes; Alt to the menus.
  ImGui::GetIO().ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  LoadSettings(GlobalState());
  ImGui_ImplSDL2_InitForOpenGL(g_platform.window, g_platform.gl);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  return true;
}

}  // namespace
}  // namespace wirelens::app

int main() {
  using namespace wirelens::app;
  if (!InitPlatform()) return 1;
  emscripten_set_main_loop_arg(Frame, nullptr, 0, true);
  return 0;
}
