// The edit actions: a payload's bytes changed through its decode, then decoded again.
#include <cstdio>

#include "app/model/actions.h"
#include "core/format/json_reader.h"
#include "core/format/text_reader.h"
#include "core/inspect/edit.h"

namespace wirelens::app {
namespace {

// The payload takes the edited bytes; what the user chose to see (overrides) before the edit stays.
bool Apply(AppState& state, inspect::EditResult result, const char* what) {
  if (!result.ok) {
    state.edit_error = result.error;
    Log(state, true, std::string(what) + " refused: " + result.error);
    return false;
  }
  state.edit_error.clear();
  Payload& p = state.payloads[state.selected_payload];
  FileBytes bytes = FileBytes::Copy(result.bytes);
  if (!bytes.allocated() && !result.bytes.empty()) {
    state.edit_error = "no memory left for the edited bytes";
    Log(state, true, state.edit_error);
    return false;
  }
  const size_t before = p.bytes.size();
  p.bytes = std::move(bytes);
  ++p.edits;
  for (auto it = state.overrides.begin(); it != state.overrides.end();) {
    it = it->first >= result.offset ? state.overrides.erase(it) : std::next(it);
  }
  char text[160];
  std::snprintf(text, sizeof text, "%s in %s at byte %u: %zu -> %zu bytes", what, p.name.c_str(), result.offset, before,
                p.bytes.size());
  Log(state, false, text);
  state.select_after_decode = result.offset;
  Decode(state);
  return true;
}

const schema::Schema* SchemaOf(const AppState& state) {
  return state.payload() != nullptr && state.payload()->type >= 0 ? &state.schema : nullptr;
}

}  // namespace

bool EditValue(AppState& state, uint32_t node, const std::string& text) {
  const Payload* p = state.payload();
  if (p == nullptr || state.decoding || node >= state.nodes.nodes.size()) return false;
  return Apply(state, inspect::SetValue(state.nodes, p->bytes.bytes(), p->bytes.size(), SchemaOf(state), node, text),
               "value set");
}

bool DeleteField(AppState& state, uint32_t node) {
  const Payload* p = state.payload();
  if (p == nullptr || state.decoding || node >= state.nodes.nodes.size()) return false;
  return Apply(state, inspect::DeleteNode(state.nodes, p->bytes.bytes(), p->bytes.size(), node), "deleted");
}

bool AddFieldTo(AppState& state, uint32_t parent, uint32_t number, schema::FieldType type, const std::string& text) {
  const Payload* p = state.payload();
  if (p == nullptr || state.decoding || (parent != inspect::kNoNode && parent >= state.nodes.nodes.size())) {
    return false;
  }
  return Apply(
      state,
      inspect::AddField(state.nodes, p->bytes.bytes(), p->bytes.size(), SchemaOf(state), parent, number, type, text),
      "field added");
}

bool EncodeFromText(AppState& state, const std::string& text, TextEditFormat input) {
  const Payload* p = state.payload();
  if (p == nullptr || state.decoding) return false;
  inspect::EditResult result;
  if (p->type < 0 || p->framing != inspect::Framing::kBare) {
    result.error = "text needs a root type and a bare payload (choose them in Payloads)";
  } else {
    format::EncodeResult encoded = input == TextEditFormat::kJson
                                       ? format::EncodeJson(text, state.schema, p->type)
                                       : format::EncodeTextFormat(text, state.schema, p->type);
    result.ok = encoded.ok;
    result.bytes = std::move(encoded.bytes);
    result.error = std::move(encoded.error);
  }
  return Apply(state, std::move(result), input == TextEditFormat::kJson ? "encoded from JSON" : "encoded from text");
}

}  // namespace wirelens::app
