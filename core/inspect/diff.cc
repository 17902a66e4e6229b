#include "core/inspect/diff.h"

#include <cstring>
#include <unordered_map>

#include "core/inspect/values.h"

namespace wirelens::inspect {
namespace {

constexpr size_t kValueChars = 120;

// The children of one message on one side, keyed as paths name them: label, and "[i]" when the
// field is declared repeated or occurs more than once there (packed elements: "[i]" always).
struct Children {
  std::vector<std::pair<std::string, uint32_t>> ordered;
  std::unordered_map<std::string, uint32_t> by_key;
};

Children ChildrenOf(const NodeList& list, uint32_t parent, const schema::Schema* schema) {
  Children children;
  const uint32_t begin = parent == kNoNode ? 0 : parent + 1;
  const uint32_t end = parent == kNoNode ? static_cast<uint32_t>(list.nodes.size()) : list.nodes[parent].end;
  const bool packed = parent != kNoNode && end > begin && list.nodes[begin].kind == NodeKind::kPackedElement;
  std::unordered_map<std::string, uint32_t> count, occurrences;
  for (uint32_t c = begin; c < end; c = list.nodes[c].end) {
    children.ordered.emplace_back(FieldLabel(list, c, schema), c);
    ++count[children.ordered.back().first];
  }
  for (auto& [key, c] : children.ordered) {
    if (!packed) {
      const schema::Field* field = FieldOf(list, c, schema);
      const bool repeated = field != nullptr && field->label == schema::Label::kRepeated;
      const uint32_t seen = occurrences[key]++;
      if (repeated || count[key] > 1) key += "[" + std::to_string(seen) + "]";
    }
    children.by_key.emplace(key, c);
  }
  return children;
}

// Messages, groups, frames and packed runs are compared child by child.
bool HasChildren(const Node& node, uint32_t index) { return node.end > index + 1; }

class Differ {
 public:
  Differ(const DecodedPayload& before, const DecodedPayload& after, const schema::Schema* schema)
      : before_(before), after_(after), schema_(schema) {}

  // Compares the messages in `a` (before) and `b` (after), kNoNode being the top level; one level
  // of children at a time, so memory follows the widest message, not the payload.
  void Compare(uint32_t a, uint32_t b, const std::string& prefix, std::vector<DiffEntry>* entries) {
    const Children mine = ChildrenOf(*before_.list, a, schema_);
    const Children theirs = ChildrenOf(*after_.list, b, schema_);
    auto path_of = [&](const std::string& key) {
      return prefix.empty() ? key : key[0] == '[' ? prefix + key : prefix + "." + key;
    };
    for (const auto& [key, node] : mine.ordered) {
      const auto other = theirs.by_key.find(key);
      if (other == theirs.by_key.end()) {
        entries->push_back({DiffKind::kRemoved, path_of(key), Text(before_, node), "", node, kNoNode});
        continue;
      }
      const Node& was = before_.list->nodes[node];
      const Node& now = after_.list->nodes[other->second];
      if (SameDecode(was, now)) continue;  // the whole subtree is the same: no need to walk it
      if (HasChildren(was, node) && HasChildren(now, other->second)) {
        Compare(node, other->second, path_of(key), entries);
        continue;
      }
      std::string before_text = Text(before_, node), after_text = Text(after_, other->second);
      if (before_text == after_text && was.kind == now.kind) continue;
      entries->push_back(
          {DiffKind::kChanged, path_of(key), std::move(before_text), std::move(after_text), node, other->second});
    }
    for (const auto& [key, node] : theirs.ordered) {
      if (mine.by_key.count(key) == 0) {
        entries->push_back({DiffKind::kAdded, path_of(key), "", Text(after_, node), kNoNode, node});
      }
    }
  }

 private:
  // The same field, read the same way from the same bytes, decodes to the same subtree.
  bool SameDecode(const Node& was, const Node& now) const {
    return was.kind == now.kind && was.field == now.field && was.wire_type == now.wire_type &&
           was.interpretation == now.interpretation && was.error == now.error && was.value_length == now.value_length &&
           std::memcmp(before_.data + was.value_offset(), after_.data + now.value_offset(), was.value_length) == 0;
  }

  std::string Text(const DecodedPayload& side, uint32_t node) const {
    return ValueText(*side.list, node, side.data, schema_, kValueChars);
  }

  const DecodedPayload& before_;
  const DecodedPayload& after_;
  const schema::Schema* schema_;
};

}  // namespace

std::vector<DiffEntry> DiffPayloads(const DecodedPayload& before, const DecodedPayload& after,
                                    const schema::Schema* schema) {
  std::vector<DiffEntry> entries;
  Differ(before, after, schema).Compare(kNoNode, kNoNode, "", &entries);
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
