#include "app/web_api.h"

#include <emscripten.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <utility>

#include "app/model/actions.h"
#include "app/model/session.h"
#include "app/model/snapshot.h"
#include "core/format/node_json.h"

namespace wirelens::app {
namespace {

std::string g_returned_text;  // storage for strings returned to JS

}  // namespace

AppState& GlobalState() {
  static AppState state;
  return state;
}

}  // namespace wirelens::app

using wirelens::app::AppState;
using wirelens::app::GlobalState;

extern "C" {

// Starts reading file `name` of `size` bytes: returns the buffer JS copies it into (in slices,
// reporting each with wl_file_copied), or null, with the reason logged, when the file is larger
// than the app takes or memory cannot grow enough: a big file must never abort the module.
EMSCRIPTEN_KEEPALIVE char* wl_file_buffer(const char* name, uint32_t size) {
  using wirelens::app::FileBytes;
  AppState& state = GlobalState();
  state.reading.reset();
  void* headroom = size <= wirelens::app::kMaxFileBytes ? std::malloc(size_t{64} << 20) : nullptr;
  FileBytes bytes = headroom ? FileBytes::Allocate(size) : FileBytes();  // malloc fails softly with memory growth
  std::free(headroom);
  if (!bytes.allocated()) {
    wirelens::app::RejectFile(state, name, size);
    return nullptr;
  }
  state.reading.reset(new wirelens::app::FileRead{name, std::move(bytes), 0});
  return state.reading->bytes.data();
}

// JS has copied the first `copied` bytes of the file being read (for the progress shown).
EMSCRIPTEN_KEEPALIVE void wl_file_copied(uint32_t copied) {
  if (GlobalState().reading) GlobalState().reading->copied = copied;
}

// The file being read is complete: load it (a schema, or a payload that is then decoded).
EMSCRIPTEN_KEEPALIVE void wl_load_file() {
  AppState& state = GlobalState();
  if (!state.reading) return;
  const std::unique_ptr<wirelens::app::FileRead> read = std::move(state.reading);
  wirelens::app::LoadFile(state, read->name, std::move(read->bytes));
}

// Logs that file `name` of `size` bytes was refused before any buffer was asked for (over 4 GB).
EMSCRIPTEN_KEEPALIVE void wl_reject_file(const char* name, double size) {
  wirelens::app::RejectFile(GlobalState(), name, static_cast<size_t>(size));
}

EMSCRIPTEN_KEEPALIVE int wl_paste(const char* text) { return wirelens::app::LoadPastedPayload(GlobalState(), text); }

EMSCRIPTEN_KEEPALIVE void wl_paste_refused(const char* why) {
  wirelens::app::Log(GlobalState(), true,
                     std::string("File > Paste payload: the browser did not let the page read the clipboard (") + why +
                         "); press Ctrl+V (Cmd+V on a Mac) instead");
}

// Copy link's link, made by the page from the session it was handed (PlatformMakeLink): 1 when it
// fits in a link (the page then copies it and says whether it could: wl_link_copied), else 0 and
// the Share window offers a session file.
EMSCRIPTEN_KEEPALIVE int wl_link_made(const char* url) { return wirelens::app::LinkMade(GlobalState(), url); }

EMSCRIPTEN_KEEPALIVE void wl_link_copied(int copied) {
  using Clipboard = wirelens::app::ShareState::Clipboard;
  GlobalState().share.clipboard = copied ? Clipboard::kCopied : Clipboard::kRefused;
}

// The page could not make the link (`why`).
EMSCRIPTEN_KEEPALIVE void wl_link_failed(const char* why) {
  wirelens::app::ShareState& share = GlobalState().share;
  share.making_link = false;
  share.error = std::string("no link: ") + why;
}
// The page could not read the link it was opened with (`why`).
EMSCRIPTEN_KEEPALIVE void wl_link_unreadable(const char* why) {
  wirelens::app::Log(GlobalState(), true, std::string("the link's view could not be read: ") + why);
}

EMSCRIPTEN_KEEPALIVE int wl_select(const char* payload, const char* type) {
  return wirelens::app::Select(GlobalState(), payload, type);
}

EMSCRIPTEN_KEEPALIVE int wl_set_framing(const char* name) {
  wirelens::inspect::Framing framing;
  if (GlobalState().payload() == nullptr || !wirelens::inspect::ParseFraming(name, &framing)) return 0;
  wirelens::app::SetFraming(GlobalState(), framing);
  return 1;
}

EMSCRIPTEN_KEEPALIVE void wl_search(const char* query) { wirelens::app::StartSearch(GlobalState(), query); }

EMSCRIPTEN_KEEPALIVE void wl_diff_with(const char* other) { wirelens::app::DiffWith(GlobalState(), other); }

EMSCRIPTEN_KEEPALIVE const char* wl_snapshot() {
  wirelens::app::g_returned_text = wirelens::app::SnapshotJson(GlobalState());
  return wirelens::app::g_returned_text.c_str();
}

// {"work":[...],"ui":[...],"interval":[...]} in ms for the last `n` frames (at most
// FrameClock::kHistory), oldest first: each frame's work, the part of it that built the UI, and the
// time since the previous frame started.
EMSCRIPTEN_KEEPALIVE const char* wl_frame_stats(int n) {
  const wirelens::app::FrameClock& clock = GlobalState().frame_clock;
  n = static_cast<int>(
      std::min<uint64_t>({static_cast<uint64_t>(std::max(n, 0)), clock.count(), wirelens::app::FrameClock::kHistory}));
  std::string json = "{";
  const std::pair<const char*, double (wirelens::app::FrameClock::*)(int) const> series[] = {
      {"work", &wirelens::app::FrameClock::work_ms},
      {"ui", &wirelens::app::FrameClock::ui_ms},
      {"interval", &wirelens::app::FrameClock::interval_ms}};
  for (const auto& [name, value] : series) {
    json += std::string(json.size() > 1 ? "],\"" : "\"") + name + "\":[";
    for (int back = n - 1; back >= 0; --back) {
      char number[32];
      std::snprintf(number, sizeof number, "%s%.3f", back == n - 1 ? "" : ",", (clock.*value)(back));
      json += number;
    }
  }
  wirelens::app::g_returned_text = json + "]}";
  return wirelens::app::g_returned_text.c_str();
}

// {"x","y","w","h"} of the widget drawn last frame with this label, or "null".
EMSCRIPTEN_KEEPALIVE const char* wl_widget_rect(const char* label) {
  const AppState& state = GlobalState();
  const wirelens::app::WidgetRect* rect = nullptr;
  const std::string wanted = label;
  if (wanted.rfind("node:", 0) == 0) {
    for (const auto& [node, row] : state.node_rects) {
      if (wirelens::app::NodePath(state, node) == wanted.substr(5)) rect = &row;
    }
  } else if (const auto it = state.widget_rects.find(wanted); it != state.widget_rects.end()) {
    rect = &it->second;
  }
  if (rect == nullptr) {
    wirelens::app::g_returned_text = "null";
  } else {
    // ImGui's device pixels, handed to the page in its CSS pixels.
    const float css = 1.0f / state.screen.pixel_ratio;
    char json[160];
    std::snprintf(json, sizeof json, "{\"x\":%.1f,\"y\":%.1f,\"w\":%.1f,\"h\":%.1f}", rect->x * css, rect->y * css,
                  rect->w * css, rect->h * css);
    wirelens::app::g_returned_text = json;
  }
  return wirelens::app::g_returned_text.c_str();
}

}  // extern "C"
