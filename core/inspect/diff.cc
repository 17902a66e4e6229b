#include "core/inspect/diff.h"

#include <map>
#include <unordered_map>

#include "core/inspect/values.h"

namespace wirelens::inspect {
namespace {

constexpr size_t kValueChars = 120;

// Every node of a payload by path, in pre-order.
struct PathIndex {
  std::vector<std::pair<std::string, uint32_t>> ordered;
  std::unordered_map<std::string, uint32_t> by_path;
};

void IndexChildren(const NodeList& list, uint32_t parent, const std::string& prefix, const schema::Schema* schema,
                   PathIndex* index) {
  const uint32_t begin = parent == kNoNode ? 0 : parent + 1;
  const uint32_t end = parent == kNoNode ? static_cast<uint32_t>(list.nodes.size()) : list.nodes[parent].end;
  const bool packed = parent != kNoNode && end > begin && list.nodes[begin].kind == NodeKind::kPackedElement;
  // Occurrences are indexed when the field is declared repeated, or occurs more than once here.
  std::map<std::string, uint32_t> count, occurrences;
  if (!packed) {
    for (uint32_t c = begin; c < end; c = list.nodes[c].end) ++count[FieldLabel(list, c, schema)];
  }
  for (uint32_t c = begin; c < end; c = list.nodes[c].end) {
    const Node& node = list.nodes[c];
    std::string label = FieldLabel(list, c, schema);
    if (!packed) {
      const schema::Field* field = FieldOf(list, c, schema);
      const bool repeated = field != nullptr && field->label == schema::Label::kRepeated;
      const uint32_t seen = occurrences[label]++;
      if (repeated || count[label] > 1) label += "[" + std::to_string(seen) + "]";
    }
    const std::string path = prefix.empty() ? label : packed ? prefix + label : prefix + "." + label;
    index->ordered.emplace_back(path, c);
    index->by_path.emplace(path, c);
    if (node.end > c + 1) IndexChildren(list, c, path, schema, index);
  }
}

PathIndex Index(const NodeList& list, const schema::Schema* schema) {
  PathIndex index;
  IndexChildren(list, kNoNode, "", schema, &index);
  return index;
}

bool IsContainer(const Node& node) { return node.end > 0 && node.interpretation == Interpretation::kMessage; }

}  // namespace

std::vector<DiffEntry> DiffPayloads(const DecodedPayload& before, const DecodedPayload& after,
                                    const schema::Schema* schema) {
  const PathIndex a = Index(*before.list, schema);
  const PathIndex b = Index(*after.list, schema);
  auto text = [&](const DecodedPayload& side, uint32_t node) {
    return ValueText(*side.list, node, side.data, schema, kValueChars);
  };
  std::vector<DiffEntry> entries;
  // A node's subtree ends where its `end` says: paths under it are skipped once it is reported.
  auto walk = [&](const PathIndex& mine, const PathIndex& theirs, const DecodedPayload& side, bool is_before) {
    const NodeList& list = *side.list;
    uint32_t skip_until = 0;
    for (const auto& [path, node] : mine.ordered) {
      if (node < skip_until) continue;
      const auto other = theirs.by_path.find(path);
      if (other == theirs.by_path.end()) {
        DiffEntry entry;
        entry.kind = is_before ? DiffKind::kRemoved : DiffKind::kAdded;
        entry.path = path;
        (is_before ? entry.before : entry.after) = text(side, node);
        (is_before ? entry.before_node : entry.after_node) = node;
        entries.push_back(std::move(entry));
        skip_until = list.nodes[node].end;
        continue;
      }
      if (!is_before) continue;  // both sides: compared on the first walk
      const Node& mine_node = list.nodes[node];
      const Node& their_node = after.list->nodes[other->second];
      const bool both_containers = IsContainer(mine_node) && IsContainer(their_node) && mine_node.end > node + 1 &&
                                   their_node.end > other->second + 1;
      if (both_containers) continue;  // their fields are compared one by one
      const std::string was = text(before, node), now = text(after, other->second);
      if (was == now && mine_node.kind == their_node.kind) {
        skip_until = mine_node.end;
        continue;
      }
      entries.push_back({DiffKind::kChanged, path, was, now, node, other->second});
      skip_until = mine_node.end;
    }
  };
  walk(a, b, before, /*is_before=*/true);
  walk(b, a, after, /*is_before=*/false);
  return entries;
}

std::string DiffText(const std::vector<DiffEntry>& entries) {
  std::string out;
  for (const DiffEntry& e : entries) {
    switch (e.kind) {
      case DiffKind::kRemoved: out += "- " + e.path + ": " + e.before + "\n"; break;
      case DiffKind::kAdded: out += "+ " + e.path + ": " + e.after + "\n"; break;
      case DiffKind::kChanged: out += "~ " + e.path + ": " + e.before + " -> " + e.after + "\n"; break;
    }
  }
  return out;
}

}  // namespace wirelens::inspect
