#include "app/model/snapshot.h"

#include <cstdio>

#include "app/model/actions.h"
#include "app/model/session.h"
#include "core/format/node_json.h"
#include "core/inspect/diff.h"
#include "core/inspect/values.h"

namespace wirelens::app {

using inspect::kNoNode;

namespace {

// "traffic":{...}: the HAR, its reading, and its first 200 exchanges as the Traffic list shows them.
std::string TrafficJson(const AppState& state) {
  using format::JsonString;
  const TrafficState& t = state.traffic;
  std::string out = "\"traffic\":{\"file\":" + JsonString(t.file) + ",\"error\":" + JsonString(t.error) +
                    ",\"reading\":" + (t.reader ? std::to_string(t.reader->progress()) : std::string("null")) +
                    ",\"selected\":" + std::to_string(t.selected) + ",\"count\":" + std::to_string(t.rows.size()) +
                    ",\"exchanges\":[";
  for (size_t i = 0; i < t.rows.size() && i < 200; ++i) {
    const capture::Call& call = t.rows[i].call;
    out += (i ? ",{" : "{") + std::string("\"entry\":") + std::to_string(t.exchanges[i].entry + 1) +
           ",\"method\":" + JsonString(t.exchanges[i].method) + ",\"path\":" + JsonString(call.path) +
           ",\"protocol\":" + JsonString(capture::ProtocolName(call.protocol)) +
           ",\"status\":" + std::to_string(t.exchanges[i].status) + ",\"rpc_status\":" + JsonString(call.rpc_status) +
           ",\"clean\":" + (t.rows[i].clean ? "true" : "false") + ",\"problem\":" + JsonString(t.rows[i].problem) +
           ",\"messages\":[";
    for (size_t k = 0; k < call.messages.size(); ++k) {
      const capture::CallMessage& m = call.messages[k];
      out += (k ? "," : "") +
             JsonString(std::string(capture::RoleName(m.role)) + " " + std::to_string(m.index) + ": " +
                        capture::TypeNameOf(m, &state.schema) + " (" + capture::TypeSourceName(m.source) + ")");
    }
    out += "]}";
  }
  return out + "]}";
}

}  // namespace

std::string SnapshotJson(const AppState& state, int max_nodes) {
  using format::JsonString;
  const Payload* p = state.payload();
  const schema::Schema* schema = p && p->type >= 0 ? &state.schema : nullptr;
  std::string out = "{\"schemas\":[";
  for (size_t i = 0; i < state.schema_files.size(); ++i) {
    const SchemaFile& f = state.schema_files[i];
    out += (i ? "," : "") + std::string("{\"name\":") + JsonString(f.name) + ",\"errors\":[";
    for (size_t e = 0; e < f.errors.size(); ++e) out += (e ? "," : "") + JsonString(f.errors[e]);
    out += "]}";
  }
  out += "],\"message_types\":" + std::to_string(state.schema.messages.size()) + ",\"payloads\":[";
  for (size_t i = 0; i < state.payloads.size(); ++i) {
    out += (i ? "," : "") + std::string("{\"name\":") + JsonString(state.payloads[i].name) +
           ",\"size\":" + std::to_string(state.payloads[i].bytes.size()) +
           ",\"edits\":" + std::to_string(state.payloads[i].edits) + "}";
  }
  out += "],\"selected_payload\":" + (p ? JsonString(p->name) : std::string("null"));
  out += ",\"selected_type\":" + (schema ? JsonString(state.schema.messages[p->type].full_name) : std::string("null"));
  out += ",\"framing\":" + (p ? JsonString(inspect::FramingName(p->framing)) : std::string("null"));
  out += ",\"unpacked\":[";
  for (size_t i = 0; p != nullptr && i < p->unpacked.size(); ++i) out += (i ? "," : "") + JsonString(p->unpacked[i]);
  out += "]";
  out += ",\"edit_error\":" + JsonString(state.edit_error);
  out += ",\"decoding\":" + std::string(state.decoding ? "true" : "false");
  out +=
      ",\"decoding_progress\":" + (state.decoding ? std::to_string(state.decoding->progress()) : std::string("null"));
  if (state.exporting) {
    const ExportJob& job = *state.exporting;
    out += ",\"exporting\":{\"name\":" + JsonString(job.file_name) +
           ",\"read\":" + std::to_string(job.print->position()) + ",\"written\":" + std::to_string(job.written) + "}";
  } else {
    out += ",\"exporting\":null";
  }
  // What a decoding, copying or searching frame may spend on that work now (DecodeBudgetMs).
  out += ",\"work_budget_ms\":" + std::to_string(DecodeBudgetMs(state.frame_clock));
  out += ",\"reading\":" + (state.reading ? "{\"name\":" + JsonString(state.reading->name) +
                                                ",\"copied\":" + std::to_string(state.reading->copied) +
                                                ",\"size\":" + std::to_string(state.reading->bytes.size()) + "}"
                                          : std::string("null"));
  out += ",\"unpacking\":" + (state.unpacking.empty()
                                  ? std::string("null")
                                  : "{\"name\":" + JsonString(state.unpacking.front()->name) + ",\"progress\":" +
                                        std::to_string(state.unpacking.front()->unpacker->progress()) + "}");
  out += ",\"node_count\":" + std::to_string(state.nodes.nodes.size());
  out += ",\"error\":";
  out += state.nodes.first_error.ok() ? "null"
                                      : "{\"kind\":" + JsonString(ErrorKindName(state.nodes.first_error.kind)) +
                                            ",\"offset\":" + std::to_string(state.nodes.first_error.offset) + "}";
  out += ",\"nodes\":[";
  const auto* data = p ? p->bytes.bytes() : nullptr;
  const int count = std::min<int>(max_nodes, static_cast<int>(state.nodes.nodes.size()));
  for (int i = 0; i < count; ++i) {
    const inspect::Node& n = state.nodes.nodes[i];
    out += (i ? "," : "") + std::string("{\"depth\":") + std::to_string(n.depth) +
           ",\"number\":" + std::to_string(n.field_number) +
           ",\"name\":" + JsonString(inspect::FieldLabel(state.nodes, i, schema)) +
           ",\"type\":" + JsonString(inspect::TypeLabel(state.nodes, i, schema)) +
           ",\"value\":" + JsonString(inspect::ValueText(state.nodes, i, data, schema, 80)) +
           ",\"offset\":" + std::to_string(n.tag_offset) + ",\"end\":" + std::to_string(n.span_end()) + "}";
  }
  out += "],\"open_nodes\":[";  // of the nodes above
  for (int i = 0, n = 0; i < count && static_cast<size_t>(i) < state.expanded.size(); ++i) {
    if (state.expanded[i]) out += (n++ ? "," : "") + std::to_string(i);
  }
  out += "],\"selected_node\":";
  if (state.selected_node != kNoNode) {
    const inspect::Node& n = state.nodes.nodes[state.selected_node];
    out += "{\"index\":" + std::to_string(state.selected_node) +
           ",\"path\":" + JsonString(NodePath(state, state.selected_node)) + ",\"highlight\":{\"tag\":[" +
           std::to_string(n.tag_offset) + "," + std::to_string(n.tag_offset + n.tag_length) + "],\"length\":[" +
           std::to_string(n.tag_offset + n.tag_length) + "," + std::to_string(n.value_offset()) + "],\"value\":[" +
           std::to_string(n.value_offset()) + "," + std::to_string(n.value_offset() + n.value_length) + "]}}";
  } else {
    out += "null";
  }
  out += ",\"hex_cursor\":" + (state.hex_cursor != UINT32_MAX ? std::to_string(state.hex_cursor) : "null");
  const ShareState& share = state.share;
  out += ",\"share\":{\"show\":" + std::string(share.show ? "true" : "false") +
         ",\"making_link\":" + (share.making_link ? "true" : "false") + ",\"link\":" + JsonString(share.link) +
         ",\"link_chars\":" + std::to_string(share.link_chars) +
         ",\"too_long\":" + (share.too_long ? "true" : "false") + ",\"clipboard\":" +
         (share.clipboard == ShareState::Clipboard::kNotYet   ? "null"
          : share.clipboard == ShareState::Clipboard::kCopied ? "true"
                                                              : "false") +
         ",\"error\":" + JsonString(share.error) + ",\"command\":" + JsonString(DecodeCommand(state)) + "}";
  const SearchState& search = state.search;
  const bool current = search.nodes_version == state.nodes_version;
  out += ",\"search\":{\"query\":" + JsonString(search.query) + ",\"error\":" + JsonString(search.error) +
         ",\"running\":" + (search.running ? "true" : "false") +
         ",\"progress\":" + std::to_string(search.running ? search.running->progress() : 1.0) +
         ",\"match_count\":" + std::to_string(current ? search.match_count : 0) +
         ",\"current\":" + std::to_string(search.current) + ",\"results\":[";
  for (size_t k = 0; current && k < search.results.size() && k < 20; ++k) {
    out += (k ? "," : "") + JsonString(NodePath(state, search.results[k]));
  }
  out += "]}";
  const DiffState& diff = state.diff;
  out += ",\"diff\":{\"other\":" + JsonString(diff.other) + ",\"error\":" + JsonString(diff.error) +
         ",\"count\":" + std::to_string(diff.entries.size()) + ",\"current\":" + std::to_string(diff.current) +
         ",\"entries\":[";
  for (size_t k = 0; k < diff.entries.size() && k < 20; ++k) {
    std::string line = inspect::DiffText({diff.entries[k]});
    if (!line.empty()) line.pop_back();
    out += (k ? "," : "") + JsonString(line);
  }
  out += "],\"other_highlight\":";
  const uint32_t after = diff.current >= 0 ? diff.entries[diff.current].after_node : kNoNode;
  out += after < diff.other_nodes.nodes.size() ? "[" + std::to_string(diff.other_nodes.nodes[after].tag_offset) + "," +
                                                     std::to_string(diff.other_nodes.nodes[after].span_end()) + "]"
                                               : std::string("null");
  out += "}";
  out += ",\"open_windows\":[";
  bool first = true;
  for (const auto& [title, shown] : kWindowToggles) {
    if (!(state.*shown)) continue;
    out += (first ? "" : ",") + JsonString(title);
    first = false;
  }
  if (state.show_benchmarks) out += (first ? "" : ",") + JsonString("Benchmark Suite");
  char screen[160];
  std::snprintf(screen, sizeof screen,
                "],\"screen\":{\"pixel_ratio\":%g,\"text_size\":%g,\"theme\":\"%s\",\"dark\":%s},",
                state.screen.pixel_ratio, state.screen.text_size, kThemeNames[static_cast<int>(state.screen.theme)],
                state.screen.dark() ? "true" : "false");
  out += screen + TrafficJson(state);
  const BenchState& bench = state.bench;
  out += ",\"benchmark\":{\"available\":" + std::string(bench.available ? "true" : "false") +
         ",\"requested\":" + (bench.requested ? "true" : "false") +
         ",\"missing\":" + (bench.missing ? "true" : "false") + ",\"running\":" + (bench.running ? "true" : "false") +
         ",\"progress\":" + std::to_string(bench.progress) + ",\"error\":" + JsonString(bench.error) + ",\"runs\":[";
  for (size_t r = 0; r < bench.runs.size(); ++r) {
    out += (r ? "," : "") + std::string("{\"title\":") + JsonString(bench.runs[r].title) +
           ",\"source\":" + JsonString(bench.runs[r].source) + ",\"cases\":[";
    for (size_t c = 0; c < bench.runs[r].cases.size(); ++c) {
      const BenchCaseResult& result = bench.runs[r].cases[c];
      out += (c ? "," : "") + std::string("{\"name\":") + JsonString(result.name) +
             ",\"rows\":" + std::to_string(result.rows.size()) +
             ",\"skipped\":" + std::to_string(result.skipped.size()) + ",\"memory\":[";
      for (size_t m = 0; m < result.memory.size(); ++m) {
        out += (m ? "," : "") + JsonString(result.memory[m].codec + " " + result.memory[m].op);
      }
      out += "]}";
    }
    out += "]}";
  }
  out += "]},\"log_count\":" + std::to_string(state.log.size()) + ",\"log\":[";
  const size_t from = state.log.size() > 20 ? state.log.size() - 20 : 0;
  for (size_t i = from; i < state.log.size(); ++i) out += (i > from ? "," : "") + JsonString(state.log[i].text);
  out += "]}";
  return out;
}

}  // namespace wirelens::app
