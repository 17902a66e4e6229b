// Decoding the selected payload (at once or in slices per frame) and the tree of its nodes.
#include <algorithm>
#include <cstdio>

#include "app/model/actions.h"
#include "core/inspect/values.h"

namespace wirelens::app {
namespace {

using inspect::kNoNode;

// A decode opens two levels of the tree when it has at most this many nodes, else one (so that
// the rows to show stay few).
constexpr size_t kTwoLevelsMaxNodes = 1000000;
// A decoding frame decodes in steps of this much input, checking its budget between steps: small
// enough that a step overshoots the budget by a few ms at most.
constexpr size_t kDecodeStepBytes = size_t{256} << 10;

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
  // The element asked for is selected rather than the first error.
  const bool asked = state.select_after_decode != UINT32_MAX;
  if (asked) {
    SelectElementAt(state, state.select_after_decode);
    state.select_after_decode = UINT32_MAX;
  }
  if (!state.nodes.first_error.ok()) {
    std::snprintf(text, sizeof text, "%s: %s at byte %zu", p->name.c_str(),
                  ErrorKindMessage(state.nodes.first_error.kind), state.nodes.first_error.offset);
    Log(state, true, text);
    for (uint32_t i = 0; !asked && i < state.nodes.nodes.size(); ++i) {
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
  return std::clamp(0.75 * clock.IdleIntervalMs(kDisplayFrameMs), kMinDecodeBudgetMs, kMaxDecodeBudgetMs);
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
  state.scroll_nearest = false;
  state.hex_cursor = state.nodes.nodes[node].tag_offset;
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
