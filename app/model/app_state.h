// The app's model: everything the panels show, kept apart from drawing (immediate-mode UI).
// Panels read it and call the actions in model/actions.h; nothing here includes ImGui.
#ifndef WIRELENS_APP_MODEL_APP_STATE_H_
#define WIRELENS_APP_MODEL_APP_STATE_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "app/model/bench_state.h"
#include "app/model/file_bytes.h"
#include "app/model/frame_clock.h"
#include "app/model/traffic_state.h"
#include "core/format/sliced_print.h"
#include "core/inspect/diff.h"
#include "core/inspect/framing.h"
#include "core/inspect/guess.h"
#include "core/inspect/inspector.h"
#include "core/inspect/search.h"
#include "core/inspect/unpack.h"
#include "core/schema/loader.h"

namespace wirelens::app {

struct SchemaFile {
  std::string name;
  std::string content;  // .proto text, or a serialized descriptor set
  bool descriptor_set = false;
  std::vector<std::string> errors;  // "file:line:col: message"
};

struct Payload {
  std::string name;
  FileBytes bytes;
  int type = -1;          // chosen root message (index into schema.messages), -1 raw
  std::string type_name;  // kept by name: the schema is rebuilt when files change
  inspect::Framing framing = inspect::Framing::kBare;
  bool framing_chosen = false;  // set by the user (SetFraming): no longer re-guessed with the type
  // Every framing ranked for these bytes, as `type` when one is chosen, best first (empty above
  // kGuessFramingMaxBytes).
  std::vector<inspect::FramingGuess> framing_guesses;
  // What was done to the loaded bytes before decoding (base64 decoded, inflated), step by step.
  std::vector<std::string> unpacked;
  int edits = 0;  // values changed, fields deleted or added since it was loaded
};

struct LogLine {
  bool error = false;
  std::string text;
};

// Screen rectangles of labelled widgets from the last frame (for window.wirelens.widgetRect).
struct WidgetRect {
  float x = 0, y = 0, w = 0, h = 0;
};

// The screen the app draws on. ImGui works in device pixels; what is handed to the page (widget
// rectangles) is in CSS pixels, the page's unit. The text size is the user's, in CSS pixels.
constexpr float kDefaultTextSize = 15.0f, kMinTextSize = 10.0f, kMaxTextSize = 28.0f;
// The colours: the system's (prefers-color-scheme) until the user picks one.
enum class Theme { kSystem, kDark, kLight };
inline constexpr const char* kThemeNames[] = {"system", "dark", "light"};  // by Theme
struct ScreenState {
  float pixel_ratio = 1.0f;  // device pixels per CSS pixel (window.devicePixelRatio)
  float text_size = kDefaultTextSize;
  Theme theme = Theme::kSystem;
  bool system_dark = true;  // the system's colour scheme is dark (followed while theme is kSystem)
  bool dark() const { return theme == Theme::kDark || (theme == Theme::kSystem && system_dark); }
  bool reset_layout = false;  // this frame puts every window where it goes on a first visit
};

// A large file JS is copying into wasm a slice per frame (the tab stays responsive meanwhile).
// A loaded payload whose body is being inflated a slice per frame (gzip / zlib), before it joins
// the payloads (framed and decoded).
struct Unpacking {
  Unpacking(std::string payload_name, FileBytes loaded, size_t max_output)
      : name(std::move(payload_name)),
        bytes(std::move(loaded)),
        unpacker(std::make_unique<inspect::BodyUnpacker>(bytes.bytes(), bytes.size(), max_output)) {}

  std::string name;
  FileBytes bytes;  // as loaded; the unpacker reads them (their buffer does not move with them)
  std::unique_ptr<inspect::BodyUnpacker> unpacker;
  bool inflated = false;  // all inflated: it joins the payloads in the next frame
};

struct FileRead {
  std::string name;
  FileBytes bytes;
  size_t copied = 0;

  double fraction() const {
    return bytes.size() ? static_cast<double>(copied) / static_cast<double>(bytes.size()) : 1.0;
  }
};

// Where an export's text goes: pieces as they are printed, then the file made of them (or dropped).
struct ExportSink {
  format::WritePiece write;
  std::function<void(const std::string& file_name)> finish;
  std::function<void()> discard;
};

// An Export > Download of the selected payload's text format or JSON printed from its bytes a
// slice per frame (StartExport / ContinueExporting in model/actions.h).
struct ExportJob {
  std::string file_name;
  bool json = false;
  schema::Schema schema;           // a copy: a schema loaded meanwhile leaves what the printer reads in place
  const uint8_t* bytes = nullptr;  // the payload's, valid while its decode (nodes_version) stands
  uint32_t nodes_version = 0;
  ExportSink sink;
  size_t written = 0;
  double started_ms = 0;
  std::unique_ptr<format::SlicedPrint> print;
};

// A search of the decoded tree (StartSearch / ContinueSearching in model/actions.h). Its results
// always belong to the current decode: a new one searches again.
struct SearchState {
  std::string query;                         // as typed
  std::string error;                         // why the query cannot be read, or ""
  bool active = false;                       // a query was given (running, waiting for a decode, or done)
  std::unique_ptr<inspect::Search> running;  // null when idle
  uint32_t nodes_version = 0;                // the decode it searched
  std::vector<uint32_t> results;             // matching nodes, in tree order
  size_t match_count = 0;                    // all matches (results stop at kMaxSearchResults)
  int current = -1;                          // the result jumped to, or -1
  double started_ms = 0, elapsed_ms = 0;
};

// The selected payload compared with another (DiffWith in model/actions.h), decoded with the same
// root type; made again when the selected payload's decode changes.
struct DiffState {
  std::string other;                    // the other payload's name, "" when not comparing
  inspect::NodeList other_nodes;        // its decode
  uint32_t nodes_version = UINT32_MAX;  // the selected payload's decode it was made against
  std::vector<inspect::DiffEntry> entries;
  int current = -1;           // the entry selected, or -1
  bool scroll_other = false;  // the other side's hex view scrolls to the current entry once
  std::string error;          // why there is no diff ("too large for the app: ...")
};

// Copy link, Copy as command and Save session (model/session.h), as the Share window shows them.
struct ShareState {
  bool show = false;         // the Share window is open
  bool making_link = false;  // the page is compressing the session into a link
  std::string link;          // the link made last ("" while one is made, or when it is too long)
  size_t link_chars = 0;     // the length of the link made last, also when it was too long
  bool too_long = false;     // the link made last was longer than kMaxLinkChars
  // Whether the page could put the link on the system clipboard (browsers may refuse).
  enum class Clipboard { kNotYet, kCopied, kRefused } clipboard = Clipboard::kNotYet;
  std::string error;  // why the view cannot be handed on or the link was not made ("" when it can)
};

struct AppState {
  // Schemas: every loaded file, and the schema built from all of them.
  std::vector<SchemaFile> schema_files;
  schema::Schema schema;
  // The schema's files as (name, serialized FileDescriptorProto), each name once: what the
  // Benchmark Suite's codecs built at run time read (LoadedBenchmarkInput).
  std::vector<std::pair<std::string, std::string>> descriptor_files;

  // Payloads and the one being inspected.
  std::vector<Payload> payloads;
  int selected_payload = -1;
  inspect::NodeList nodes;
  std::unordered_map<uint32_t, inspect::Interpretation> overrides;  // per length-delimited value offset
  std::vector<inspect::TypeCandidate> guesses;
  double last_decode_ms = 0;
  // A large payload decodes in slices across frames (see ContinueDecoding); null when idle.
  std::unique_ptr<inspect::Inspection> decoding;
  double decoding_started_ms = 0;
  uint32_t nodes_version = 0;            // changes with `nodes`: what is derived from them compares it
  std::unique_ptr<FileRead> reading;     // null when no file is being copied in
  std::unique_ptr<ExportJob> exporting;  // null when no export is being printed
  // Loaded payloads being inflated, the first one a slice per frame (see ContinueUnpacking).
  std::vector<std::unique_ptr<Unpacking>> unpacking;

  // Fields tree: which nodes are expanded, and the rows that are visible.
  std::vector<bool> expanded;
  std::vector<uint32_t> visible_rows;
  bool rows_dirty = true;
  uint32_t selected_node = inspect::kNoNode;
  bool scroll_tree_to_selection = false;
  // The keyboard moved the selection: the tree and the hex view scroll only as far as it needs to
  // be in view (else the tree centres it and the hex view puts its row at the top).
  bool scroll_nearest = false;
  bool scroll_hex_to_selection = false;
  // The hex view's byte under the keyboard: the selected element's first byte, or one the arrow
  // keys moved to inside it (kNoNode-like UINT32_MAX: none).
  uint32_t hex_cursor = UINT32_MAX;
  uint32_t select_after_decode = UINT32_MAX;  // a byte offset: the element there is selected when decoded
  std::string edit_error;                     // why the last edit was refused, or ""

  SearchState search;
  DiffState diff;
  TrafficState traffic;
  ShareState share;

  // Windows.
  bool show_schemas = true, show_payloads = true, show_fields = true, show_hex = true;
  bool show_export = true, show_log = true, show_benchmarks = false, show_search = true, show_diff = false;
  bool show_traffic = false;

  BenchState bench;
  ScreenState screen;

  std::vector<LogLine> log;
  std::unordered_map<std::string, WidgetRect> widget_rects;
  // Fields rows drawn last frame: their "node:<path>" labels are made only when the hook asks.
  std::vector<std::pair<uint32_t, WidgetRect>> node_rects;
  int frame_count = 0;
  FrameClock frame_clock;

  const Payload* payload() const {
    return selected_payload >= 0 && selected_payload < static_cast<int>(payloads.size()) ? &payloads[selected_payload]
                                                                                         : nullptr;
  }
};

// The windows the Windows menu shows and hides, by title; the snapshot lists the open ones.
struct WindowToggle {
  const char* title;
  bool AppState::*shown;
};
inline constexpr WindowToggle kWindowToggles[] = {
    {"Schemas", &AppState::show_schemas}, {"Payloads", &AppState::show_payloads}, {"Fields", &AppState::show_fields},
    {"Hex", &AppState::show_hex},         {"Export", &AppState::show_export},     {"Search", &AppState::show_search},
    {"Diff", &AppState::show_diff},       {"Log", &AppState::show_log},           {"Traffic", &AppState::show_traffic}};

}  // namespace wirelens::app

#endif  // WIRELENS_APP_MODEL_APP_STATE_H_
