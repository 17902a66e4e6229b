// What the user (and the test hook) can do to the model; panels call these, never mutate directly.
#ifndef WIRELENS_APP_MODEL_ACTIONS_H_
#define WIRELENS_APP_MODEL_ACTIONS_H_

#include <functional>
#include <string>
#include <string_view>

#include "app/model/app_state.h"

namespace wirelens::app {

// Adds a dropped or opened file: ".proto" is a schema, ".desc"/".pb"/".protoset" a descriptor set,
// ".har" a capture (the Traffic window: LoadHar), ".wirelens.json" a session (LoadSession in
// model/session.h), anything else a payload. A file with the same name replaces the old
// one. Schemas are rebuilt. A payload is unpacked first (a gzip / zlib body inflated, grpc-web-text decoded; see
// core/inspect/unpack.h), its framing guessed, and compressed gRPC frames inflated.
void LoadFile(AppState& state, const std::string& name, FileBytes bytes);
// Adds schema files (a file with the same name as a loaded one replaces it) and rebuilds the schema
// once; the selected payload is not decoded again.
void LoadSchemaFiles(AppState& state, std::vector<SchemaFile> files);

// Captured traffic (the Traffic window). Starts reading a HAR (replacing the one loaded): at once up
// to kSyncHarBytes, else a slice of entries per frame (ContinueReadingHar); each exchange is read as
// an RPC over the loaded schema (capture::ReadCall) as it comes.
void LoadHar(AppState& state, const std::string& name, FileBytes bytes);
inline constexpr size_t kSyncHarBytes = size_t{1} << 20;
// Reads entries for DecodeBudgetMs(state.frame_clock); true while the HAR is still being read.
bool ContinueReadingHar(AppState& state);
// Reads every exchange again as an RPC (the schema or the rules changed).
void RereadCalls(AppState& state);
// Selects exchange `index`: its request, response and error details become payloads ("#N request",
// "#N response", "#N detail K"; a stream's messages as gRPC frames), decoded as their types, and the
// response (else the request) is selected.
void SelectExchange(AppState& state, int index);
// Messages of `role` in exchanges whose URL contains `url_part` are of message type `type` (a full
// name; "" forgets the rule), unless the method or the Content-Type names one.
void SetTypeRule(AppState& state, const std::string& url_part, capture::Role role, const std::string& type);
// The rows the Traffic list shows (filter and protobuf_only applied), as indexes into exchanges.
std::vector<int> VisibleExchanges(const AppState& state);

// Index of the payload named `name` in state.payloads, or -1.
int PayloadIndex(const AppState& state, const std::string& name);

// Adds a payload from pasted text: hex ("08 96 01", "0x0896...") or base64. False when it is neither.
bool LoadPastedPayload(AppState& state, const std::string& text);

// Selects a payload and its root type ("" = raw) and decodes it. False when either is unknown.
bool Select(AppState& state, const std::string& payload_name, const std::string& type_name);
void SelectPayload(AppState& state, int index);
void SetRootType(AppState& state, int message);  // -1 = raw
// Decodes the selected payload with another framing (gRPC: compressed frames are inflated first).
// Unpacking makes at most this many bytes (a decompression bomb stops there, with a message).
inline constexpr size_t kMaxUnpackedBytes = size_t{512} << 20;

void SetFraming(AppState& state, inspect::Framing framing);

// A payload's framing is guessed when it is loaded, if it is at most this large (the guess reads
// the whole payload in one frame); larger ones start bare, and the user picks.
inline constexpr size_t kGuessFramingMaxBytes = size_t{4} << 20;

// The largest file the app takes (the tab's memory: the file, up to 32 bytes of nodes per 4.4 bytes
// of payload, and the schema must fit in wasm's 4 GB). Larger files are refused with a message.
inline constexpr size_t kMaxFileBytes = size_t{512} << 20;

// Logs why a file was not loaded (too large, or no memory left for it).
void RejectFile(AppState& state, const std::string& name, size_t size);

// Payloads up to this size decode at once; larger ones in slices, a few per frame.
inline constexpr size_t kSyncDecodeBytes = size_t{4} << 20;

// A loaded payload's body is inflated at once up to this many bytes; the rest, if any, in slices, a
// few per frame.
inline constexpr size_t kSyncUnpackBytes = size_t{1} << 20;

// Advances the first payload being inflated for DecodeBudgetMs(state.frame_clock); once it is
// inflated, adds it to the payloads and selects it (its framing guessed, its decode started). True
// while one is still being inflated.
bool ContinueUnpacking(AppState& state);

// Advances a decode in progress for DecodeBudgetMs(state.frame_clock), or, once all is decoded,
// finishes it (in a call of its own); true while one is still running.
bool ContinueDecoding(AppState& state);

// How long a frame may decode: three quarters of an idle frame on this machine now, so that a
// decoding frame, with its own drawing and a step's overshoot, stays within two idle frames whatever
// the machine (where the display paces frames, one a little over two intervals waits for a third:
// issue 46, Firefox's 50 ms frames against 19 ms idle ones when the budget was a whole idle frame);
// never less than kMinDecodeBudgetMs (the decode must progress) nor more than kMaxDecodeBudgetMs.
inline constexpr double kMinDecodeBudgetMs = 8.0;
inline constexpr double kMaxDecodeBudgetMs = 30.0;
double DecodeBudgetMs(const FrameClock& clock);

// Decodes the selected payload again (its bytes, type, framing or overrides changed): at once up
// to kSyncDecodeBytes, else in slices (ContinueDecoding).
void Decode(AppState& state);

// Edits of the selected payload (core/inspect/edit.h): the bytes are replaced by the edited ones
// (unpacked bytes, as decoded), decoded again, and the edited element selected. A value is typed as
// a text-format literal; false with the reason in state.edit_error when it is refused.
bool EditValue(AppState& state, uint32_t node, const std::string& text);
bool DeleteField(AppState& state, uint32_t node);
// Adds field `number` of `type` to the message that `parent` holds (kNoNode: the bare payload).
bool AddFieldTo(AppState& state, uint32_t parent, uint32_t number, schema::FieldType type, const std::string& text);
// Replaces a bare payload with a root type by `text` encoded as protoc --encode does (text format)
// or as libprotobuf's JSON parser does (proto3 JSON): the whole message is written again, in
// field-number order. False with line:column and the reason in state.edit_error when refused.
enum class TextEditFormat { kTextFormat, kJson };
bool EncodeFromText(AppState& state, const std::string& text, TextEditFormat input = TextEditFormat::kTextFormat);
// A message edited as text is at most this long (the text box holds it all).
inline constexpr size_t kMaxTextEditBytes = size_t{1} << 20;

// Switches how a length-delimited field is shown, and decodes again.
void SetInterpretation(AppState& state, uint32_t node, inspect::Interpretation interpretation);

// Ranks the schema's types for the selected payload into state.guesses.
void GuessTypes(AppState& state);

// A .proto inferred from the selected payload (from each message frame of a framed one), in
// package "inferred.<payload name>".
std::string InferredProto(const AppState& state);
// Loads InferredProto() as the schema file "<payload>.inferred.proto" (replacing an earlier one)
// and decodes the payload with its root message.
void InferSchema(AppState& state);

// Searches the decoded tree for `query` (core/inspect/search.h), in slices from the next frames on
// (after the decode, if one is running); a query that cannot be read sets state.search.error. An
// empty query clears the search.
void StartSearch(AppState& state, const std::string& query);
// Advances the search for DecodeBudgetMs, or starts it again when the nodes changed; true while
// one is running.
bool ContinueSearching(AppState& state);
// Selects search result `k` (wrapping around) as SelectNode does.
void JumpToSearchResult(AppState& state, int k);
// True when the search has results in the nodes shown now (not in those of an earlier decode).
inline bool HasSearchResults(const AppState& state) {
  return !state.search.results.empty() && state.search.nodes_version == state.nodes_version;
}
// The most results kept (the count goes on): 4 bytes each.
inline constexpr size_t kMaxSearchResults = 1000000;

// Selects a node: expands its ancestors and scrolls the hex view to it, and the tree unless
// `scroll_tree` is false (the node was picked in the tree, where it is in view).
void SelectNode(AppState& state, uint32_t node, bool scroll_tree = true);

// What the page's Benchmark Suite is to run: the chosen cases and codecs ("a,b" lists).
struct BenchRunRequest {
  bool quick = false;
  std::string cases;
  std::string codecs;
};
// Marks a run of the chosen cases and codecs as started (progress and error reset) and returns
// what to run; the Benchmark Suite panel hands it to the page (PlatformStartBenchmark).
BenchRunRequest StartBenchmarkRun(BenchState& bench);
// Whether a run has something to do: at least one case and one codec chosen.
bool CanStartBenchmarkRun(const BenchState& bench);

// What a Benchmark Suite run on the loaded payloads times: the schema as a serialized
// FileDescriptorSet, and each payload with a root type, with its framing (a framed payload's
// messages are timed one after another, as one case).
struct LoadedBenchPayload {
  std::string name, type_name;
  const char* framing = "bare";   // inspect::FramingName of the payload's framing
  const uint8_t* data = nullptr;  // the payload's bytes, unpacked (valid while it is loaded)
  size_t size = 0;
};
struct LoadedBenchInput {
  std::string descriptor_set;
  std::vector<LoadedBenchPayload> payloads;
};
LoadedBenchInput LoadedBenchmarkInput(const AppState& state);
// Marks a run on the loaded payloads as started; the panel then hands it to the page
// (PlatformStartLoadedBenchmark) with the chosen codecs ("a,b").
BenchRunRequest StartLoadedBenchmarkRun(BenchState& bench);

// Compares the selected payload with payload `other` (by name; "" stops comparing): the other is
// decoded with the selected one's root type and its own framing, then DiffPayloads; opens the Diff
// window. Payloads over kMaxDiffBytes are refused (the CLI's wirelens diff takes any size).
void DiffWith(AppState& state, const std::string& other);
inline constexpr size_t kMaxDiffBytes = size_t{16} << 20;
// Makes the diff again when the selected payload's decode changed (called every frame).
void RefreshDiff(AppState& state);
// Selects entry k: its node on the selected payload's side (tree and hex), and on the other side.
void SelectDiffEntry(AppState& state, int k);

// Selects the element (field, frame, packed element) that starts at `offset`, if any.
void SelectElementAt(AppState& state, uint32_t offset);

void ToggleExpanded(AppState& state, uint32_t node);

// The keyboard in the Fields tree, over its visible rows: up and down a row or a page (`rows`
// rows), to the first or last; Left collapses an expanded node, else goes to its parent; Right
// expands a collapsed one, else goes to its first child. With nothing selected, any move selects
// the first row (kUp, kPageUp, kLast: the last). Selects as SelectNode does, scrolling only as far
// as needed (state.scroll_nearest).
enum class TreeMove { kUp, kDown, kPageUp, kPageDown, kFirst, kLast, kCollapseOrParent, kExpandOrChild };
void MoveSelection(AppState& state, TreeMove move, int rows = 1);
// The keyboard in the hex view: moves the byte cursor by `delta` bytes (kept within the payload)
// and selects the deepest element holding the byte it lands on (scrolling as MoveSelection does).
void MoveHexCursor(AppState& state, int64_t delta);
// Recomputes the visible rows of the fields tree (after expand/collapse or a new decode).
void RebuildVisibleRows(AppState& state);

void Log(AppState& state, bool error, std::string text);
// Makes the text `steps` sizes larger (negative: smaller) within [kMinTextSize, kMaxTextSize];
// steps == 0 goes back to kDefaultTextSize.
void ChangeTextSize(AppState& state, int steps);

// Field path of a node, "inner.outer.bool[3]".
std::string NodePath(const AppState& state, uint32_t node);

// The selected payload as text format (as protoc --decode prints it) or proto3 JSON (with a
// "// no JSON form: why" line where it has none), for the Export panel: straight from its bytes, as
// the CLI prints, when it is bare, written as encoders write (format::IsPlainMessage), decoded and
// with no interpretation chosen by the user; else from its nodes. The same text either way; "" with
// no payload.
std::string ExportText(const AppState& state, bool json);
// ExportText, handed to `write` in pieces of about 256 KB as it is printed where it comes from the
// bytes (memory then holds a piece, not the document).
void ExportTo(const AppState& state, bool json, const std::function<void(std::string_view)>& write);
// Export > Download of ExportText's text into `sink`: printed a slice per frame from the bytes
// where ExportTo prints from them and the payload has a root type (ContinueExporting; an export
// already running is cancelled), else at once. File name: the payload's, plus .txtpb or .json.
void StartExport(AppState& state, bool json, ExportSink sink);
// Prints the running export for the frame's work budget; finishes it (sink.finish) when done, or
// drops it (sink.discard) when the payload's decode changed under it. False when none is running.
bool ContinueExporting(AppState& state);
// Drops the running export, if any, and says so in the log.
void CancelExport(AppState& state, const std::string& why);

}  // namespace wirelens::app

#endif  // WIRELENS_APP_MODEL_ACTIONS_H_
