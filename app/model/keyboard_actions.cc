// The arrow keys in the Fields tree and the hex view (MoveSelection, MoveHexCursor).
#include <algorithm>

#include "app/model/actions.h"

namespace wirelens::app {

using inspect::kNoNode;

void MoveSelection(AppState& state, TreeMove move, int rows) {
  if (state.rows_dirty) RebuildVisibleRows(state);
  const std::vector<uint32_t>& visible = state.visible_rows;
  if (visible.empty()) return;
  const int last = static_cast<int>(visible.size()) - 1;
  const auto& nodes = state.nodes.nodes;
  const uint32_t selected = state.selected_node;
  int row = -1;  // the selected node's row, or that of its nearest visible ancestor
  if (selected < nodes.size()) {
    // Rows are in node order (pre-order): the last row at or before the node is the node itself,
    // or, when a collapsed ancestor hides it, that ancestor.
    row = static_cast<int>(std::upper_bound(visible.begin(), visible.end(), selected) - visible.begin()) - 1;
  }
  rows = std::max(rows, 1);
  int target = row;
  if (row < 0) {
    target = move == TreeMove::kUp || move == TreeMove::kPageUp || move == TreeMove::kLast ? last : 0;
  } else {
    const uint32_t node = visible[row];
    const bool has_children = nodes[node].end > node + 1;
    switch (move) {
      case TreeMove::kUp: target = row - 1; break;
      case TreeMove::kDown: target = row + 1; break;
      case TreeMove::kPageUp: target = row - rows; break;
      case TreeMove::kPageDown: target = row + rows; break;
      case TreeMove::kFirst: target = 0; break;
      case TreeMove::kLast: target = last; break;
      case TreeMove::kCollapseOrParent:
        if (node == selected && has_children && state.expanded[node]) {
          ToggleExpanded(state, node);
          return;
        }
        if (node != selected) break;  // select the ancestor that hides the selection
        if (nodes[node].parent == kNoNode) return;
        target =
            static_cast<int>(std::lower_bound(visible.begin(), visible.end(), nodes[node].parent) - visible.begin());
        break;
      case TreeMove::kExpandOrChild:
        if (node != selected || !has_children) break;
        if (!state.expanded[node]) {
          ToggleExpanded(state, node);
          return;
        }
        target = row + 1;  // an expanded node's first child is the next row
        break;
    }
  }
  target = std::clamp(target, 0, last);
  if (row >= 0 && visible[target] == selected) return;
  SelectNode(state, visible[target]);
  state.scroll_nearest = true;
}

void MoveHexCursor(AppState& state, int64_t delta) {
  const Payload* payload = state.payload();
  if (payload == nullptr || payload->bytes.size() == 0) return;
  const int64_t last = static_cast<int64_t>(payload->bytes.size()) - 1;
  const int64_t from = state.hex_cursor == UINT32_MAX ? 0 : state.hex_cursor;
  const auto cursor = static_cast<uint32_t>(std::clamp(from + delta, int64_t{0}, last));
  const uint32_t node = state.nodes.NodeAt(cursor);
  if (node != kNoNode && node != state.selected_node) SelectNode(state, node);
  state.hex_cursor = cursor;
  state.scroll_hex_to_selection = true;
  state.scroll_nearest = true;
}

}  // namespace wirelens::app
