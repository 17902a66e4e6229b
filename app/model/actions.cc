#include "app/model/actions.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <cstdio>

#include "core/inspect/infer.h"
#include "core/inspect/unpack.h"
#include "core/inspect/values.h"
#include "core/text/literal.h"

namespace wirelens::app {
namespace {

using inspect::kNoNode;

// A decode opens two levels of the tree when it has at most this many nodes, else one (so that
// the rows to show stay few).
constexpr size_t kTwoLevelsMaxNodes = 1000000;
// A decoding frame decodes in steps of this much input, checking its budget between steps: small
// enough that a step overshoots the budget by a few ms at most.
constexpr size_t kDecodeStepBytes = size_t{256} << 10;
constexpr size_t kUnpackStepBytes = size_t{256} << 10;  // bytes inflated per step (about a millisecond)

bool EndsWith(const std::string& s, const char* suffix) {
  const size_t n = std::strlen(suffix);
  return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

void RebuildSchema(AppState& state) {
  std::vector<schema::SourceFile> sources;
  for (SchemaFile& f : state.schema_files) {
    f.errors.clear();
    if (!f.descriptor_set) sources.push_back({f.name, f.content});
  }
  schema::LoadResult result = schema::LoadProtoFiles(sources);
  // Descriptor sets are separate pools: their types are appended after the .proto files' (a name
  // defined before keeps its first type).
  for (SchemaFile& f : state.schema_files) {
    if (!f.descriptor_set) continue;
    schema::LoadResult set =
        schema::LoadDescriptorSet(reinterpret_cast<const uint8_t*>(f.content.data()), f.content.size());
    for (const schema::Diagnostic& d : set.errors) f.errors.push_back(d.ToString());
    result.schema.Append(std::move(set.schema));
    for (auto& file : set.descriptor_files) {  // a name loaded before keeps its first file, as types do
      const bool known = std::any_of(result.descriptor_files.begin(), result.descriptor_files.end(),
                                     [&](const auto& f) { return f.first == file.first; });
      if (!known) result.descriptor_files.push_back(std::move(file));
    }
  }
  for (const schema::Diagnostic& d : result.errors) {
    for (SchemaFile& f : state.schema_files) {
      if (f.name == d.file) f.errors.push_back(d.ToString());
    }
  }
  for (const schema::Diagnostic& d : result.errors) Log(state, true, d.ToString());
  state.schema = std::move(result.schema);
  state.descriptor_files = std::move(result.descriptor_files);
  // Payloads keep their type by name.
  for (Payload& p : state.payloads) p.type = p.type_name.empty() ? -1 : state.schema.FindMessage(p.type_name);
}

// Replaces the payload's bytes with the unpacked ones (when unpacking changed them), logging and
// keeping each step.
void ApplyUnpacked(AppState& state, Payload& payload, inspect::Unpacked&& result) {
  for (const inspect::UnpackStep& step : result.steps) {
    payload.unpacked.push_back(step.what);
    Log(state, step.failed, payload.name + ": " + step.what);
  }
  if (result.changed) payload.bytes = FileBytes::Adopt(std::move(result.bytes));
}

// Replaces the payload's bytes with what `unpack` makes of them (see ApplyUnpacked).
template <typename UnpackFunction>
void Unpack(AppState& state, Payload& payload, UnpackFunction unpack) {
  ApplyUnpacked(state, payload, unpack(payload.bytes.bytes(), payload.bytes.size(), kMaxUnpackedBytes));
}

// Ranks the framings of the payload's bytes (as its root type when it has one) and takes the best,
// unless the user chose one; gRPC frames flagged as compressed are then inflated.
void GuessFraming(AppState& state, Payload& payload) {
  if (payload.framing_chosen || payload.bytes.size() > kGuessFramingMaxBytes) return;
  const uint8_t* data = payload.bytes.bytes();
  payload.framing_guesses = payload.type >= 0
                                ? inspect::RankFramings(data, payload.bytes.size(), state.schema, payload.type)
                                : inspect::RankFramings(data, payload.bytes.size());
  const inspect::Framing best = payload.framing_guesses.front().framing;
  if (best == payload.framing) return;
  payload.framing = best;
  std::string as_type = payload.type >= 0 ? " (as " + state.schema.messages[payload.type].full_name + ")" : "";
  Log(state, false, payload.name + ": framing guessed: " + inspect::FramingName(best) + as_type);
  if (best == inspect::Framing::kGrpc) Unpack(state, payload, inspect::InflateGrpcFrames);
}

// Adds (or replaces) a payload loaded as `bytes` and unpacked as `unpacked`, guesses its framing
// and selects it.
void AddPayload(AppState& state, const std::string& name, FileBytes bytes, inspect::Unpacked&& unpacked) {
  int index = PayloadIndex(state, name);
  if (index < 0) {
    state.payloads.emplace_back();
    state.payloads.back().name = name;
    index = static_cast<int>(state.payloads.size()) - 1;
  }
  Payload& payload = state.payloads[index];
  payload.bytes = std::move(bytes);
  payload.framing_guesses.clear();
  payload.framing = inspect::Framing::kBare;
  payload.framing_chosen = false;
  payload.unpacked.clear();
  payload.edits = 0;
  ApplyUnpacked(state, payload, std::move(unpacked));
  GuessFraming(state, payload);
  SelectPayload(state, index);
}

// The decode is done: show it, open the first two levels, land on the first error.
void FinishDecode(AppState& state) {
  state.nodes = state.decoding->Finish();
  state.decoding.reset();
  ++state.nodes_version;
  state.last_decode_ms = NowMs() - state.decoding_started_ms;
  // Open the first two levels (one for very large decodes, so that the rows to show stay few),
  // walking only those, sibling to sibling: O(shown), not O(nodes).
  const auto& nodes = state.nodes.nodes;
  const bool two_levels = nodes.size() <= kTwoLevelsMaxNodes;
  state.expanded.assign(nodes.size(), 0);
  for (uint32_t i = 0; i < nodes.size(); i = nodes[i].end) {
    state.expanded[i] = 1;
    if (!two_levels) continue;
    for (uint32_t c = i + 1; c < nodes[i].end; c = nodes[c].end) state.expanded[c] = 1;
  }
  state.rows_dirty = true;
  const Payload* p = state.payload();
  char text[256];
  std::snprintf(text, sizeof text, "decoded %s as %s: %zu nodes in %.1f ms", p->name.c_str(),
                p->type >= 0 ? state.schema.messages[p->type].full_name.c_str() : "raw", state.nodes.nodes.size(),
                state.last_decode_ms);
  Log(state, false, text);
  if (state.select_after_decode != UINT32_MAX) {
    SelectElementAt(state, state.select_after_decode);
    state.select_after_decode = UINT32_MAX;
  }
  if (!state.nodes.first_error.ok()) {
    std::snprintf(text, sizeof text, "%s: %s at byte %zu", p->name.c_str(),
                  ErrorKindMessage(state.nodes.first_error.kind), state.nodes.first_error.offset);
    Log(state, true, text);
    for (uint32_t i = 0; i < state.nodes.nodes.size(); ++i) {
      if (state.nodes.nodes[i].kind == inspect::NodeKind::kError || state.nodes.nodes[i].error != ErrorKind::kOk) {
        SelectNode(state, i);
        break;
      }
    }
  }
}

}  // namespace

void Decode(AppState& state) {
  state.nodes = {};
  ++state.nodes_version;
  state.decoding.reset();
  state.selected_node = kNoNode;
  state.guesses.clear();
  state.expanded.clear();
  state.rows_dirty = true;
  const Payload* p = state.payload();
  if (p == nullptr) return;
  inspect::InspectOptions options;
  options.overrides = state.overrides;
  options.framing = p->framing;
  state.decoding_started_ms = NowMs();
  state.decoding = std::make_unique<inspect::Inspection>(p->bytes.bytes(), p->bytes.size(),
                                                         p->type >= 0 ? &state.schema : nullptr, p->type, options);
  if (p->bytes.size() <= kSyncDecodeBytes) {
    state.decoding->Step(SIZE_MAX);
    FinishDecode(state);
  }
}

bool ContinueDecoding(AppState& state) {
  if (!state.decoding) return false;
  if (state.decoding->done()) {
    // Finishing a big decode (opening its first level, the first draw of its tree) takes a frame
    // of its own rather than adding to one that has already decoded for its budget.
    FinishDecode(state);
    return false;
  }
  const double budget_ms = DecodeBudgetMs(state.frame_clock);
  const double start = NowMs();
  // Small steps: the budget is overshot by one at most.
  while (!state.decoding->Step(kDecodeStepBytes) && NowMs() - start < budget_ms) {}
  return true;
}

double DecodeBudgetMs(const FrameClock& clock) {
  constexpr double kDisplayFrameMs = 1000.0 / 60;  // until idle frames have been measured
  return std::clamp(clock.IdleIntervalMs(kDisplayFrameMs), kMinDecodeBudgetMs, kMaxDecodeBudgetMs);
}

void Log(AppState& state, bool error, std::string text) {
  state.log.push_back({error, std::move(text)});
  if (state.log.size() > 1000) state.log.erase(state.log.begin(), state.log.begin() + 100);
}

void RejectFile(AppState& state, const std::string& name, size_t size) {
  char text[320];
  std::snprintf(text, sizeof text,
                "%s not loaded: %.0f MB is more than this tab can hold (%zu MB at most); the CLI has no such "
                "limit: wirelens decode %s",
                name.c_str(), static_cast<double>(size) / (1 << 20), kMaxFileBytes >> 20, name.c_str());
  Log(state, true, text);
}

void LoadFile(AppState& state, const std::string& name, FileBytes bytes) {
  const bool proto = EndsWith(name, ".proto");
  const bool set = EndsWith(name, ".desc") || EndsWith(name, ".pb") || EndsWith(name, ".protoset");
  char text[256];
  std::snprintf(text, sizeof text, "loaded %s (%zu bytes, %s)", name.c_str(), bytes.size(),
                proto ? "schema"
                : set ? "descriptor set"
                      : "payload");
  Log(state, false, text);
  if (proto || set) {
    SchemaFile* existing = nullptr;
    for (SchemaFile& f : state.schema_files) {
      if (f.name == name) existing = &f;
    }
    if (existing == nullptr) {
      state.schema_files.push_back({});
      existing = &state.schema_files.back();
    }
    existing->name = name;
    existing->content.assign(bytes.view());
    existing->descriptor_set = set;
    RebuildSchema(state);
    Decode(state);  // the selected payload's type may have appeared or changed
    return;
  }
  // A file of the same name loaded again replaces one still being inflated.
  auto& queue = state.unpacking;
  queue.erase(std::remove_if(queue.begin(), queue.end(), [&](const auto& u) { return u->name == name; }), queue.end());
  auto unpacking = std::make_unique<Unpacking>(name, std::move(bytes), kMaxUnpackedBytes);
  if (unpacking->unpacker->Step(kSyncUnpackBytes)) {  // more to inflate: a slice per frame from now on
    Log(state, false, name + ": inflating a slice per frame");
    queue.push_back(std::move(unpacking));
    return;
  }
  AddPayload(state, name, std::move(unpacking->bytes), unpacking->unpacker->Finish());
}

bool ContinueUnpacking(AppState& state) {
  if (state.unpacking.empty()) return false;
  Unpacking& first = *state.unpacking.front();
  if (!first.inflated) {
    const double budget_ms = DecodeBudgetMs(state.frame_clock);
    const double start = NowMs();
    bool more = true;
    while ((more = first.unpacker->Step(kUnpackStepBytes)) && NowMs() - start < budget_ms) {}
    // Adding the payload (its decode set up, its first draw) takes a frame of its own rather than
    // adding to one that has already inflated for its budget.
    first.inflated = !more;
    return true;
  }
  std::unique_ptr<Unpacking> done = std::move(state.unpacking.front());
  state.unpacking.erase(state.unpacking.begin());
  AddPayload(state, done->name, std::move(done->bytes), done->unpacker->Finish());
  return !state.unpacking.empty();
}

bool LoadPastedPayload(AppState& state, const std::string& text) {
  std::string bytes;
  std::string hex_error;
  if (!text::ParseHex(text, &bytes, &hex_error) &&
      (!text::DecodeBase64(text.data(), text.size(), &bytes) || bytes.empty())) {
    Log(state, true, "pasted text is neither hex nor base64");
    return false;
  }
  int n = 1;
  for (const Payload& p : state.payloads) n += p.name.compare(0, 6, "pasted") == 0;
  LoadFile(state, "pasted-" + std::to_string(n) + ".bin", FileBytes::Copy(bytes));
  return true;
}

void SelectPayload(AppState& state, int index) {
  state.selected_payload = index;
  state.overrides.clear();
  Decode(state);
}

void SetRootType(AppState& state, int message) {
  Payload* p = state.selected_payload >= 0 ? &state.payloads[state.selected_payload] : nullptr;
  if (p == nullptr) return;
  p->type = message;
  p->type_name = message >= 0 ? state.schema.messages[message].full_name : "";
  GuessFraming(state, *p);
  state.overrides.clear();
  Decode(state);
}

void SetFraming(AppState& state, inspect::Framing framing) {
  Payload* p = state.selected_payload >= 0 ? &state.payloads[state.selected_payload] : nullptr;
  if (p == nullptr) return;
  p->framing = framing;
  p->framing_chosen = true;
  if (framing == inspect::Framing::kGrpc) Unpack(state, *p, inspect::InflateGrpcFrames);
  state.overrides.clear();
  Decode(state);
}

int PayloadIndex(const AppState& state, const std::string& name) {
  for (size_t i = 0; i < state.payloads.size(); ++i) {
    if (state.payloads[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

bool Select(AppState& state, const std::string& payload_name, const std::string& type_name) {
  const int index = PayloadIndex(state, payload_name);
  const int type = type_name.empty() ? -1 : state.schema.FindMessage(type_name);
  if (index < 0 || (!type_name.empty() && type < 0)) return false;
  state.selected_payload = index;
  SetRootType(state, type);
  return true;
}

void SetInterpretation(AppState& state, uint32_t node, inspect::Interpretation interpretation) {
  if (node >= state.nodes.nodes.size()) return;
  const uint32_t offset = state.nodes.nodes[node].value_offset();
  state.overrides[offset] = interpretation;
  Decode(state);
  for (uint32_t i = 0; i < state.nodes.nodes.size(); ++i) {
    if (state.nodes.nodes[i].value_offset() == offset && state.nodes.nodes[i].wire_type == WireType::kLengthDelimited) {
      SelectNode(state, i);
      break;
    }
  }
}

void GuessTypes(AppState& state) {
  const Payload* p = state.payload();
  if (p == nullptr) return;
  const inspect::FrameBody first = inspect::FirstFrameBody(p->framing, p->bytes.bytes(), p->bytes.size());
  state.guesses = inspect::RankRootTypes(first.data, first.size, state.schema);
  if (state.guesses.empty()) Log(state, true, "no message types loaded: drop a .proto first");
}

namespace {

// "inferred.<name>" with the payload's name made an identifier ("bench.bin" -> "inferred.bench_bin").
std::string InferredPackage(const std::string& payload_name) {
  std::string id;
  for (char c : payload_name) id += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  if (id.empty() || !std::isalpha(static_cast<unsigned char>(id[0]))) id = "p" + id;
  return "inferred." + id;
}

}  // namespace

std::string InferredProto(const AppState& state) {
  const Payload* p = state.payload();
  if (p == nullptr) return "";
  std::vector<inspect::InferInput> inputs;
  if (state.nodes.framing == inspect::Framing::kBare) {
    inputs.push_back({p->bytes.bytes(), p->bytes.size()});
  } else {
    for (uint32_t i = 0; i < state.nodes.nodes.size(); i = state.nodes.nodes[i].end) {
      const inspect::Node& frame = state.nodes.nodes[i];
      if (frame.kind != inspect::NodeKind::kFrame || frame.interpretation != inspect::Interpretation::kMessage)
        continue;
      inputs.push_back({p->bytes.bytes() + frame.value_offset(), frame.value_length});
    }
  }
  inspect::InferOptions options;
  options.package = InferredPackage(p->name);
  return inspect::InferProto(inputs, options);
}

void InferSchema(AppState& state) {
  const Payload* p = state.payload();
  if (p == nullptr) return;
  const std::string payload = p->name;
  const std::string root = InferredPackage(payload) + ".Root";
  LoadFile(state, payload + ".inferred.proto", FileBytes::Copy(InferredProto(state)));
  if (!Select(state, payload, root)) Log(state, true, "the inferred schema did not load: see Schemas");
}

void SelectNode(AppState& state, uint32_t node, bool scroll_tree) {
  if (node >= state.nodes.nodes.size()) return;
  state.selected_node = node;
  for (uint32_t a = state.nodes.nodes[node].parent; a != kNoNode; a = state.nodes.nodes[a].parent) {
    if (!state.expanded[a]) {
      state.expanded[a] = 1;
      state.rows_dirty = true;
    }
  }
  state.scroll_tree_to_selection = scroll_tree;
  state.scroll_hex_to_selection = true;
}

void SelectElementAt(AppState& state, uint32_t offset) {
  uint32_t n = state.nodes.NodeAt(offset);
  while (n != kNoNode && state.nodes.nodes[n].tag_offset != offset) n = state.nodes.nodes[n].parent;
  if (n != kNoNode) SelectNode(state, n);
}

void ToggleExpanded(AppState& state, uint32_t node) {
  if (node >= state.expanded.size()) return;
  state.expanded[node] = !state.expanded[node];
  state.rows_dirty = true;
}

void RebuildVisibleRows(AppState& state) {
  state.visible_rows.clear();
  const auto& nodes = state.nodes.nodes;
  for (uint32_t i = 0; i < nodes.size();) {
    state.visible_rows.push_back(i);
    i = state.expanded[i] ? i + 1 : nodes[i].end;  // a collapsed node hides its subtree
  }
  state.rows_dirty = false;
}

std::string NodePath(const AppState& state, uint32_t node) {
  const schema::Schema* schema = state.payload() && state.payload()->type >= 0 ? &state.schema : nullptr;
  return inspect::NodePath(state.nodes, node, schema);
}

}  // namespace wirelens::app
