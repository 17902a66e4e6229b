// The diff actions: the selected payload compared with another, kept in step with its decode.
#include <cstdio>

#include "app/model/actions.h"

namespace wirelens::app {
namespace {

void Compare(AppState& state) {
  DiffState& diff = state.diff;
  diff.entries.clear();
  diff.other_nodes = {};
  diff.current = -1;
  diff.error.clear();
  diff.nodes_version = state.nodes_version;
  const Payload* p = state.payload();
  const int other_index = PayloadIndex(state, diff.other);
  const Payload* other = other_index >= 0 ? &state.payloads[other_index] : nullptr;
  if (p == nullptr || other == nullptr) {
    diff.error = "no payload '" + diff.other + "' to compare with";
    return;
  }
  if (p->bytes.size() > kMaxDiffBytes || other->bytes.size() > kMaxDiffBytes) {
    diff.error = "too large to compare in the app (16 MB each at most): use `wirelens diff a.bin b.bin`";
    return;
  }
  const schema::Schema* schema = p->type >= 0 ? &state.schema : nullptr;
  inspect::InspectOptions options;
  options.framing = other->framing;
  diff.other_nodes = inspect::Inspect(other->bytes.bytes(), other->bytes.size(), schema, p->type, options);
  diff.entries =
      inspect::DiffPayloads({&state.nodes, p->bytes.bytes()}, {&diff.other_nodes, other->bytes.bytes()}, schema);
  char text[200];
  std::snprintf(text, sizeof text, "compared %s with %s: %zu difference%s", p->name.c_str(), diff.other.c_str(),
                diff.entries.size(), diff.entries.size() == 1 ? "" : "s");
  Log(state, false, text);
}

}  // namespace

void DiffWith(AppState& state, const std::string& other) {
  state.diff = DiffState();
  state.diff.other = other;
  if (other.empty()) return;
  state.show_diff = true;
  if (!state.decoding) Compare(state);
}

void RefreshDiff(AppState& state) {
  if (!state.diff.other.empty() && !state.decoding && state.diff.nodes_version != state.nodes_version) {
    Compare(state);
  }
}

void SelectDiffEntry(AppState& state, int k) {
  DiffState& diff = state.diff;
  if (k < 0 || k >= static_cast<int>(diff.entries.size()) || diff.nodes_version != state.nodes_version) return;
  diff.current = k;
  diff.scroll_other = true;
  const inspect::DiffEntry& entry = diff.entries[k];
  if (entry.before_node != inspect::kNoNode) SelectNode(state, entry.before_node);
}

}  // namespace wirelens::app
