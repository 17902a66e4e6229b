// TilesInput(list): the inspector's central invariant, used by tests and fuzz targets: at every
// level the nodes (and undecoded ranges) cover their parent's bytes exactly once, in order.
// NodeAtByWalking: the reference NodeList::NodeAt is checked against.
#ifndef WIRELENS_TESTS_INSPECT_TILING_H_
#define WIRELENS_TESTS_INSPECT_TILING_H_

#include <algorithm>

#include "core/inspect/node.h"

namespace wirelens::testing {

// True when the children of `parent` (kNoNode: the top level) tile [begin, end), recursively.
inline bool TilesRange(const inspect::NodeList& list, uint32_t parent, uint32_t begin, uint32_t end) {
  using inspect::Interpretation;
  uint32_t cursor = begin;
  const uint32_t first = parent == inspect::kNoNode ? 0 : parent + 1;
  const uint32_t last = parent == inspect::kNoNode ? static_cast<uint32_t>(list.nodes.size()) : list.nodes[parent].end;
  for (uint32_t c = first; c < last; c = list.nodes[c].end) {
    const inspect::Node& n = list.nodes[c];
    if (n.parent != parent || n.end <= c || n.end > last || n.tag_offset != cursor) return false;
    if (n.kind == inspect::NodeKind::kError) {
      cursor = n.value_offset();
      if (cursor < n.tag_offset || cursor > end) return false;
      continue;
    }
    if (n.span_end() > end) return false;
    if (n.end > c + 1) {
      const Interpretation i = n.interpretation;
      if (i != Interpretation::kMessage && i != Interpretation::kGroup && i != Interpretation::kPackedVarint &&
          i != Interpretation::kPackedFixed32 && i != Interpretation::kPackedFixed64) {
        return false;
      }
      if (!TilesRange(list, c, n.value_offset(), n.value_offset() + n.value_length)) return false;
    }
    cursor = n.span_end();
  }
  return cursor == end;
}

inline bool TilesInput(const inspect::NodeList& list) { return TilesRange(list, inspect::kNoNode, 0, list.input_size); }

// NodeList::NodeAt by its definition, walking down from the top level sibling by sibling: the
// deepest node whose bytes (at least one) contain `offset`, the first one where two start together.
inline uint32_t NodeAtByWalking(const inspect::NodeList& list, uint32_t offset) {
  uint32_t found = inspect::kNoNode;
  uint32_t i = 0, end = static_cast<uint32_t>(list.nodes.size());
  while (i < end) {
    const inspect::Node& node = list.nodes[i];
    if (offset >= node.tag_offset && offset < std::max(node.span_end(), node.tag_offset + 1)) {
      found = i;
      end = node.end;
      ++i;
    } else {
      i = node.end;
    }
  }
  return found;
}

}  // namespace wirelens::testing

#endif  // WIRELENS_TESTS_INSPECT_TILING_H_
