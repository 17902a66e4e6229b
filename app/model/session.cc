// Sessions: the selected payload's view written as JSON and read back; the command line of it.
#include "app/model/session.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <unordered_set>

#include "app/model/actions.h"
#include "core/format/json_value.h"
#include "core/format/node_json.h"
#include "core/schema/loader.h"
#include "core/text/base64.h"
#include "core/wire/utf8.h"

namespace wirelens::app {
namespace {

using format::JsonValue;
using inspect::kNoNode;

// Open nodes a session keeps (a larger tree opens as a fresh decode does).
constexpr size_t kMaxOpenNodesKept = 10000;
// A session's arrays (open nodes, interpretations, the selection; a .proto's options): a file with
// more is refused before it is read into a tree (a value of it takes about 100 bytes of memory).
constexpr size_t kMaxSessionArrays = 200000;
// Deflate makes at most about 1,000 bytes into one: a session longer than this cannot make a link.
constexpr size_t kMaxLinkSessionBytes = kMaxLinkChars * 1000;

// The schema files the selected payload's type needs: those that define its file, the files of
// the messages its Any values were decoded as, and what they import (bundled google/protobuf
// files excepted). A descriptor set is taken whole when a needed file is in no loaded .proto file.
std::vector<const SchemaFile*> NeededSchemaFiles(const AppState& state) {
  const Payload* p = state.payload();
  std::vector<std::string> pending;
  if (p != nullptr && p->type >= 0) pending.push_back(state.schema.messages[p->type].file);
  for (const auto& [node, message] : state.nodes.any_types) {
    if (message >= 0) pending.push_back(state.schema.messages[message].file);
  }
  std::unordered_set<std::string> needed;
  while (!pending.empty()) {
    std::string name = std::move(pending.back());
    pending.pop_back();
    if (!needed.insert(name).second) continue;
    for (const schema::File& file : state.schema.files) {
      if (file.name == name) pending.insert(pending.end(), file.dependencies.begin(), file.dependencies.end());
    }
  }
  const std::vector<std::string> bundled = schema::BundledProtoNames();
  bool needs_sets = false;
  for (const std::string& name : needed) {
    const bool in_proto = std::any_of(state.schema_files.begin(), state.schema_files.end(),
                                      [&](const SchemaFile& f) { return !f.descriptor_set && f.name == name; });
    needs_sets |= !in_proto && std::find(bundled.begin(), bundled.end(), name) == bundled.end();
  }
  std::vector<const SchemaFile*> files;
  for (const SchemaFile& f : state.schema_files) {
    if (f.descriptor_set ? needs_sets : needed.count(f.name) != 0) files.push_back(&f);
  }
  return files;
}

// A node as a session names it: "[tag offset,depth]".
std::string OffsetDepth(const inspect::Node& node) {
  return "[" + std::to_string(node.tag_offset) + "," + std::to_string(node.depth) + "]";
}

// A node by where its tag starts and how deep it is (what a decode of the same bytes, type,
// framing and interpretations gives again), or kNoNode.
uint32_t FindNode(const inspect::NodeList& list, uint32_t tag_offset, uint32_t depth) {
  for (uint32_t n = list.NodeAt(tag_offset); n != kNoNode; n = list.nodes[n].parent) {
    if (list.nodes[n].tag_offset == tag_offset && list.nodes[n].depth == depth) return n;
  }
  return kNoNode;
}

// A session as read, before anything of it is applied.
struct Session {
  std::vector<SchemaFile> schemas;
  std::string payload_name, payload_bytes, type_name;
  inspect::Framing framing = inspect::Framing::kBare;
  std::unordered_map<uint32_t, inspect::Interpretation> overrides;
  bool has_open = false;                            // else the nodes open as a new decode opens them
  std::vector<std::pair<uint32_t, uint32_t>> open;  // (tag offset, depth) of each open node
  bool has_selected = false;
  std::pair<uint32_t, uint32_t> selected;
};

class SessionReader {
 public:
  explicit SessionReader(std::string_view json) : json_(json) {}

  bool Read(Session* out) {
    if (static_cast<size_t>(std::count(json_.begin(), json_.end(), '[')) > kMaxSessionArrays) {
      return Fail(0, "more than " + std::to_string(kMaxSessionArrays) + " arrays: not a session this app wrote");
    }
    JsonValue root;
    size_t at = 0;
    std::string why;
    if (!format::ParseJson(json_, 8, &root, &at, &why)) return Fail(at, why);
    if (root.kind != JsonValue::Kind::kObject) return Fail(root.offset, "not a wirelens session (not a JSON object)");
    const JsonValue* version = Member(root, "wirelens_session");
    if (version == nullptr) return Fail(root.offset, "not a wirelens session (no \"wirelens_session\" member)");
    if (version->kind != JsonValue::Kind::kNumber || version->text != "1") {
      return Fail(version->offset, "a session of another version: this app reads version 1");
    }
    const JsonValue* schemas = Member(root, "schemas");
    if (schemas != nullptr && !Is(*schemas, JsonValue::Kind::kArray, "schemas: an array")) return false;
    static const std::vector<JsonValue> kNoSchemas;
    for (const JsonValue& s : schemas ? schemas->items : kNoSchemas) {
      SchemaFile file;
      if (!Is(s, JsonValue::Kind::kObject, "a schema file: an object") || !String(s, "name", &file.name) ||
          !Bool(s, "descriptor_set", &file.descriptor_set)) {
        return false;
      }
      if (Member(s, "text") != nullptr ? !String(s, "text", &file.content) : !Bytes(s, "base64", &file.content)) {
        return false;
      }
      out->schemas.push_back(std::move(file));
    }
    const JsonValue* payload = Member(root, "payload");
    if (payload == nullptr) return Fail(root.offset, "the session has no payload");
    std::string framing;
    if (!Is(*payload, JsonValue::Kind::kObject, "payload: an object") ||
        !String(*payload, "name", &out->payload_name) || !Bytes(*payload, "base64", &out->payload_bytes) ||
        !String(*payload, "type", &out->type_name) || !String(*payload, "framing", &framing)) {
      return false;
    }
    if (out->payload_name.empty()) return Fail(payload->offset, "the payload has no name");
    if (!inspect::ParseFraming(framing, &out->framing)) {
      return Fail(Member(*payload, "framing")->offset, "no framing is called '" + framing + "'");
    }
    out->has_open = Member(root, "open") != nullptr;
    return Interpretations(root, out) && Pairs(root, "open", &out->open) && Selected(root, out);
  }

  size_t error_offset() const { return error_offset_; }
  const std::string& error() const { return error_; }

 private:
  static const JsonValue* Member(const JsonValue& object, std::string_view key) {
    for (const auto& [name, value] : object.members) {
      if (name.text == key) return &value;
    }
    return nullptr;
  }
  bool Fail(size_t offset, std::string why) {
    error_offset_ = offset;
    error_ = std::move(why);
    return false;
  }
  bool Is(const JsonValue& value, JsonValue::Kind kind, const char* expected) {
    return value.kind == kind || Fail(value.offset, std::string("expected ") + expected);
  }
  // Member `key` of `object`, of `kind`; a missing one fails unless `optional`.
  const JsonValue* Get(const JsonValue& object, const char* key, JsonValue::Kind kind, const char* what,
                       bool optional = false) {
    const JsonValue* value = Member(object, key);
    if (value == nullptr) {
      if (!optional) Fail(object.offset, std::string("missing \"") + key + "\"");
      return nullptr;
    }
    return Is(*value, kind, what) ? value : nullptr;
  }
  bool String(const JsonValue& object, const char* key, std::string* out) {
    const JsonValue* value = Get(object, key, JsonValue::Kind::kString, "a string");
    if (value != nullptr) *out = value->text;
    return value != nullptr;
  }
  bool Bool(const JsonValue& object, const char* key, bool* out) {
    const bool missing = Member(object, key) == nullptr;
    const JsonValue* value = Get(object, key, JsonValue::Kind::kBool, "true or false", /*optional=*/true);
    if (value != nullptr) *out = value->boolean;
    return missing || value != nullptr;
  }
  bool Bytes(const JsonValue& object, const char* key, std::string* out) {
    const JsonValue* value = Get(object, key, JsonValue::Kind::kString, "a string of base64");
    if (value == nullptr) return false;
    return text::DecodeBase64(value->text.data(), value->text.size(), out) ||
           Fail(value->offset, std::string("\"") + key + "\" is not base64");
  }
  bool Number(const JsonValue& value, uint32_t* out) {
    const std::string& t = value.text;
    if (value.kind != JsonValue::Kind::kNumber || t.empty() || t.size() > 10 ||
        !std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; }) || std::stoull(t) > UINT32_MAX) {
      return Fail(value.offset, "expected a byte offset or a depth (a whole number)");
    }
    *out = static_cast<uint32_t>(std::stoull(t));
    return true;
  }
  bool Pair(const JsonValue& value, std::pair<uint32_t, uint32_t>* out) {
    if (value.kind != JsonValue::Kind::kArray || value.items.size() != 2) {
      return Fail(value.offset, "expected [offset, depth]");
    }
    return Number(value.items[0], &out->first) && Number(value.items[1], &out->second);
  }
  bool Pairs(const JsonValue& root, const char* key, std::vector<std::pair<uint32_t, uint32_t>>* out) {
    const bool missing = Member(root, key) == nullptr;
    const JsonValue* list = Get(root, key, JsonValue::Kind::kArray, "an array", /*optional=*/true);
    if (list == nullptr) return missing;
    out->resize(list->items.size());
    for (size_t i = 0; i < list->items.size(); ++i) {
      if (!Pair(list->items[i], &(*out)[i])) return false;
    }
    return true;
  }
  bool Interpretations(const JsonValue& root, Session* out) {
    const bool missing = Member(root, "interpretations") == nullptr;
    const JsonValue* list = Get(root, "interpretations", JsonValue::Kind::kArray, "an array", /*optional=*/true);
    if (list == nullptr) return missing;
    for (const JsonValue& item : list->items) {
      uint32_t offset = 0;
      if (item.kind != JsonValue::Kind::kArray || item.items.size() != 2 || !Number(item.items[0], &offset) ||
          !Is(item.items[1], JsonValue::Kind::kString, "[offset, interpretation]")) {
        return error_.empty() ? Fail(item.offset, "expected [offset, interpretation]") : false;
      }
      int k = 0;
      while (k < inspect::kInterpretationCount &&
             item.items[1].text != inspect::InterpretationName(static_cast<inspect::Interpretation>(k))) {
        ++k;
      }
      if (k == inspect::kInterpretationCount) {
        return Fail(item.items[1].offset, "no interpretation is called '" + item.items[1].text + "'");
      }
      out->overrides[offset] = static_cast<inspect::Interpretation>(k);
    }
    return true;
  }
  bool Selected(const JsonValue& root, Session* out) {
    const JsonValue* selected = Member(root, "selected");
    if (selected == nullptr || selected->kind == JsonValue::Kind::kNull) return true;
    out->has_selected = true;
    return Pair(*selected, &out->selected);
  }

  std::string_view json_;
  size_t error_offset_ = 0;
  std::string error_;
};

// `text` as one word of a POSIX shell.
std::string ShellWord(const std::string& text) {
  const bool plain = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || std::strchr("@%+=:,./_-", c) != nullptr;
  });
  if (plain) return text;
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

std::string SessionJson(const AppState& state, std::string* why_not) {
  const Payload* p = state.payload();
  if (p == nullptr) {
    *why_not = "no payload is selected";
    return "";
  }
  if (p->bytes.size() > kMaxSessionPayloadBytes) {
    *why_not = p->name + " is larger than a session holds (" + std::to_string(kMaxSessionPayloadBytes >> 20) +
               " MB): hand on the file itself";
    return "";
  }
  using format::AppendJsonString;
  std::string out = "{\"wirelens_session\":1,\"schemas\":[";
  for (const SchemaFile* f : NeededSchemaFiles(state)) {
    out += out.back() == '[' ? "{\"name\":" : ",{\"name\":";
    AppendJsonString(f->name, &out);
    const auto* data = reinterpret_cast<const uint8_t*>(f->content.data());
    if (!f->descriptor_set && IsValidUtf8(data, f->content.size())) {
      out += ",\"text\":";
      AppendJsonString(f->content, &out);
    } else {
      out += ",\"base64\":\"" + text::EncodeBase64(data, f->content.size()) + "\"";
    }
    out += f->descriptor_set ? ",\"descriptor_set\":true}" : "}";
  }
  out += "],\"payload\":{\"name\":";
  AppendJsonString(p->name, &out);
  out += ",\"type\":";
  AppendJsonString(p->type_name, &out);
  out += ",\"framing\":\"" + std::string(inspect::FramingName(p->framing)) + "\",\"base64\":\"" +
         text::EncodeBase64(p->bytes.bytes(), p->bytes.size()) + "\"},\"interpretations\":[";
  std::vector<std::pair<uint32_t, inspect::Interpretation>> overrides(state.overrides.begin(), state.overrides.end());
  std::sort(overrides.begin(), overrides.end());
  for (const auto& [offset, interpretation] : overrides) {
    out += (out.back() == '[' ? "[" : ",[") + std::to_string(offset) + ",\"" +
           inspect::InterpretationName(interpretation) + "\"]";
  }
  out += "],\"open\":[";
  // Open nodes and the selection belong to a finished decode of this payload.
  const auto& nodes = state.nodes.nodes;
  const bool decoded = !state.decoding && state.expanded.size() == nodes.size();
  size_t kept = 0;
  for (uint32_t i = 0; decoded && i < nodes.size() && kept < kMaxOpenNodesKept; ++i) {
    if (!state.expanded[i] || nodes[i].end == i + 1) continue;
    out += (kept++ ? "," : "") + OffsetDepth(nodes[i]);
  }
  out += "],\"selected\":";
  const bool selected = decoded && state.selected_node < nodes.size();
  out += selected ? OffsetDepth(nodes[state.selected_node]) : "null";
  return out + "}";
}

bool LoadSession(AppState& state, const std::string& name, std::string_view json, std::string* error) {
  Session session;
  SessionReader reader(json);
  if (!reader.Read(&session)) {
    *error = name + ":" + format::LineColumn(json, reader.error_offset()) + ": " + reader.error();
    return false;
  }
  LoadSchemaFiles(state, std::move(session.schemas));
  int index = PayloadIndex(state, session.payload_name);
  if (index < 0) {
    state.payloads.emplace_back();
    index = static_cast<int>(state.payloads.size()) - 1;
  }
  Payload& p = state.payloads[index];
  p = Payload{};
  p.name = session.payload_name;
  p.bytes = FileBytes::Adopt(std::move(session.payload_bytes));
  p.type_name = session.type_name;
  p.type = p.type_name.empty() ? -1 : state.schema.FindMessage(p.type_name);
  p.framing = session.framing;
  p.framing_chosen = true;
  if (!p.type_name.empty() && p.type < 0) Log(state, true, name + ": " + p.type_name + " is not in its schema files");
  state.selected_payload = index;
  state.overrides = std::move(session.overrides);
  state.select_after_decode = session.has_selected ? session.selected.first : UINT32_MAX;
  Decode(state);
  Log(state, false,
      name + ": opened " + p.name + " as " + (p.type >= 0 ? p.type_name : "raw") + " (" +
          inspect::FramingName(p.framing) + ")");
  if (state.decoding) return true;  // decoded in slices: it opens as a new decode does, the selection kept
  // Decoded at once: its nodes open and the selection as they were.
  const inspect::NodeList& list = state.nodes;
  if (session.has_open) {
    for (uint32_t i = 0; i < list.nodes.size(); ++i) {
      if (list.nodes[i].end != i + 1) state.expanded[i] = false;  // a leaf's flag means nothing
    }
    for (const auto& [offset, depth] : session.open) {
      const uint32_t n = FindNode(list, offset, depth);
      if (n != kNoNode) state.expanded[n] = true;
    }
    state.rows_dirty = true;
  }
  if (session.has_selected) {
    const uint32_t n = FindNode(list, session.selected.first, session.selected.second);
    if (n != kNoNode) SelectNode(state, n);
  }
  return true;
}

std::string DecodeCommand(const AppState& state) {
  const Payload* p = state.payload();
  if (p == nullptr) return "";
  // A captured exchange's messages are named "#N request", "#N response" (SelectExchange).
  const TrafficState& traffic = state.traffic;
  const bool captured = !traffic.file.empty() && traffic.selected >= 0 && p->name.rfind('#', 0) == 0;
  std::string out = captured ? "wirelens har " + ShellWord(traffic.file) + " --entry " +
                                   std::to_string(traffic.exchanges[traffic.selected].entry + 1)
                             : "wirelens decode " + ShellWord(p->name);
  for (const SchemaFile* f : NeededSchemaFiles(state)) {
    out += (f->descriptor_set ? " --descriptor-set " : " --proto ") + ShellWord(f->name);
  }
  if (captured) return out;  // the method names each message's type, as in the Traffic window
  if (p->type >= 0) out += " --type " + ShellWord(p->type_name);
  if (p->framing != inspect::Framing::kBare) out += std::string(" --framing ") + inspect::FramingName(p->framing);
  return out + " --format tree";
}

void CopyLink(AppState& state, const std::function<void(const std::string& session)>& make_link) {
  ShareState& share = state.share;
  share = ShareState{};
  share.show = true;
  std::string session = SessionJson(state, &share.error);
  if (session.empty()) return;
  if (session.size() > kMaxLinkSessionBytes) {  // no need to compress it to know
    share.too_long = true;                      // link_chars stays 0: not measured
    return;
  }
  share.making_link = true;
  make_link(session);
}

bool LinkMade(AppState& state, const std::string& url) {
  ShareState& share = state.share;
  share.making_link = false;
  share.link_chars = url.size();
  share.too_long = url.size() > kMaxLinkChars;
  share.link = share.too_long ? "" : url;
  return !share.too_long;
}

}  // namespace wirelens::app
