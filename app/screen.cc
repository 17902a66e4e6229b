#include "app/screen.h"

#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_internal.h>  // GImGui->Windows: placed in device pixels

#include <cfloat>
#include <cmath>

#include "app/panels/panels.h"
#include "app/platform.h"

namespace wirelens::app {

// Compiled in by app/CMakeLists.txt (cmake/embed_bytes.cmake).
extern const unsigned char kUiFont[], kMonoFont[];
extern const unsigned int kUiFontSize, kMonoFontSize;

namespace {

constexpr const char* kCanvas = "#canvas";
// What the embedded subsets hold (app/CMakeLists.txt): Latin with its supplements, Greek,
// Cyrillic, general punctuation (the ellipsis), arrows, and U+FFFD.
constexpr ImWchar kGlyphRanges[] = {0x0020, 0x017F, 0x0370, 0x03FF, 0x0400, 0x04FF, 0x2010,
                                    0x205E, 0x2190, 0x2193, 0xFFFD, 0xFFFD, 0};

struct Built {
  float pixel_ratio = 0, text_size = 0;
  bool dark = true;
};
Built g_built;
ImVec2 g_backing_store;  // the canvas's size in device pixels, as FitScreen set it

void AddFont(const unsigned char* data, unsigned int size, float pixels, int oversample) {
  ImFontConfig config;
  config.FontDataOwnedByAtlas = false;  // the bytes are the program's own
  config.OversampleH = oversample;
  ImGui::GetIO().Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(data), static_cast<int>(size),
                                             std::round(pixels), &config, kGlyphRanges);
}

// The atlas in device pixels, in the order panels.h's AtlasFont names. Before the first
// frame the renderer makes the texture itself; after it, the old one is replaced here.
void BuildFonts(float pixel_ratio, float text_size) {
  ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
  const bool had_texture = atlas.TexID != nullptr;
  atlas.Clear();
  // Glyphs are placed at fractions of a pixel: rasterized at 2 horizontal phases, or at one where
  // pixels are small enough not to tell (ImGui's default of 3 makes the first frame ~1.5x longer).
  const int oversample = pixel_ratio >= 2 ? 1 : 2;
  AddFont(kUiFont, kUiFontSize, text_size * pixel_ratio, oversample);
  AddFont(kMonoFont, kMonoFontSize, text_size * pixel_ratio, oversample);
  if (had_texture) {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
}

// Windows are placed in device pixels: at a new ratio they keep their place on the page. (Tables
// rescale their columns themselves when the font size changes.)
void ScaleWindows(float factor) {
  for (ImGuiWindow* window : GImGui->Windows) {
    window->Pos = ImVec2(window->Pos.x * factor, window->Pos.y * factor);
    window->Size = ImVec2(window->Size.x * factor, window->Size.y * factor);
    window->SizeFull = ImVec2(window->SizeFull.x * factor, window->SizeFull.y * factor);
  }
}

void BuildStyle(float pixel_ratio, bool dark) {
  ImGuiStyle style;
  if (dark) ImGui::StyleColorsDark(&style);
  else ImGui::StyleColorsLight(&style);
  style.ScaleAllSizes(pixel_ratio);
  ImGui::GetStyle() = style;
}

}  // namespace

void FitScreen(SDL_Window* window, AppState& state) {
  double css_width = 0, css_height = 0;
  emscripten_get_element_css_size(kCanvas, &css_width, &css_height);
  int window_width = 0, window_height = 0;
  SDL_GetWindowSize(window, &window_width, &window_height);
  if (static_cast<int>(css_width) != window_width || static_cast<int>(css_height) != window_height) {
    SDL_SetWindowSize(window, static_cast<int>(css_width), static_cast<int>(css_height));
  }
  // SDL sizes the backing store in CSS pixels (on SDL_SetWindowSize and the browser's resize): set
  // it to device pixels after SDL, every frame it differs.
  const float ratio = static_cast<float>(emscripten_get_device_pixel_ratio());
  const int width = static_cast<int>(std::lround(css_width * ratio));
  const int height = static_cast<int>(std::lround(css_height * ratio));
  int canvas_width = 0, canvas_height = 0;
  emscripten_get_canvas_element_size(kCanvas, &canvas_width, &canvas_height);
  if (canvas_width != width || canvas_height != height) emscripten_set_canvas_element_size(kCanvas, width, height);
  g_backing_store = ImVec2(static_cast<float>(width), static_cast<float>(height));

  state.screen.system_dark = PlatformPrefersDarkColors();
  const bool dark = state.screen.dark();
  if (ratio != g_built.pixel_ratio || dark != g_built.dark) {
    BuildStyle(ratio, dark);
    if (g_built.pixel_ratio != 0 && ratio != g_built.pixel_ratio) ScaleWindows(ratio / g_built.pixel_ratio);
  }
  if (ratio != g_built.pixel_ratio || state.screen.text_size != g_built.text_size) {
    BuildFonts(ratio, state.screen.text_size);
  }
  g_built = {ratio, state.screen.text_size, dark};
  state.screen.pixel_ratio = ratio;
}

void UseDevicePixels(const AppState& state) {
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = g_backing_store;
  io.DisplayFramebufferScale = ImVec2(1, 1);
  const float ratio = state.screen.pixel_ratio;
  if (io.MousePos.x != -FLT_MAX) io.MousePos = ImVec2(io.MousePos.x * ratio, io.MousePos.y * ratio);
}

}  // namespace wirelens::app
