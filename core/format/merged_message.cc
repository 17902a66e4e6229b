#include "core/format/merged_message.h"

#include <algorithm>

namespace wirelens::format {
namespace {

using inspect::Node;
using inspect::NodeKind;
using schema::FieldType;

// The node's value as the wire readers give it.
WireValue NodeValue(const Node& node, const uint8_t* data) {
  WireValue value;
  if (node.wire_type == WireType::kLengthDelimited) {
    value.data = data + node.value_offset();
    value.size = node.value_length;
  } else {
    value.raw = inspect::RawValue(node, data);
  }
  return value;
}

MapKey EntryKey(const inspect::NodeList& list, const uint8_t* data, const schema::Field& key_field, uint32_t entry) {
  uint32_t key_node;
  std::vector<uint32_t> values;
  MapEntryParts(list, entry, &key_node, &values);
  return WireMapKey(key_field, key_node == inspect::kNoNode ? WireValue{} : NodeValue(list.nodes[key_node], data));
}

}  // namespace

std::map<MapKey, uint32_t> SortedMapEntries(const inspect::NodeList& list, const uint8_t* data,
                                            const schema::Field& key_field, NodeRun entries) {
  std::map<MapKey, uint32_t> sorted;
  for (uint32_t e : entries) sorted[EntryKey(list, data, key_field, e)] = e;
  return sorted;
}

bool HasUnknownFields(const inspect::NodeList& list, uint32_t node) {
  bool unknown = false;
  ForEachChild(list, node,
               [&](uint32_t c) { unknown |= list.nodes[c].kind == NodeKind::kField && list.nodes[c].field < 0; });
  return unknown;
}

std::vector<uint32_t> PrintedMapEntries(const inspect::NodeList& list, const uint8_t* data,
                                        const schema::Field& key_field, NodeRun entries) {
  std::vector<uint32_t> printed;
  if (std::none_of(entries.begin(), entries.end(), [&](uint32_t e) { return HasUnknownFields(list, e); })) {
    for (const auto& entry : SortedMapEntries(list, data, key_field, entries)) printed.push_back(entry.second);
    return printed;
  }
  std::vector<std::pair<MapKey, uint32_t>> keyed;
  for (uint32_t e : entries) keyed.emplace_back(EntryKey(list, data, key_field, e), e);
  std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& entry : keyed) printed.push_back(entry.second);
  return printed;
}

void MapEntryParts(const inspect::NodeList& list, uint32_t entry, uint32_t* key, std::vector<uint32_t>* values) {
  *key = inspect::kNoNode;
  values->clear();
  ForEachChild(list, entry, [&](uint32_t c) {
    const Node& node = list.nodes[c];
    if (node.kind != NodeKind::kField || node.field < 0) return;
    if (node.field_number == 1) *key = c;
    if (node.field_number == 2) values->push_back(c);
  });
}

bool IsZeroValue(const schema::Field& field, const Node& node, const uint8_t* data) {
  return IsZeroWireValue(field, NodeValue(node, data));
}

void MergeMessage(const inspect::NodeList& list, const uint8_t* data, const schema::Schema& schema, NodeRun occurrences,
                  int message, MergedMessage* merged) {
  const schema::Message& m = schema.messages[message];
  merged->Start(m);
  merged->unknown_.clear();
  // A map entry whose value is a closed enum number the enum does not define stays unknown.
  auto entry_is_unknown = [&](const schema::Field& f, uint32_t entry) {
    if (!f.is_map || f.message < 0) return false;
    const schema::Field* value_field = schema.messages[f.message].FindField(2);
    if (value_field == nullptr || value_field->type != FieldType::kEnum) return false;
    uint32_t key;
    std::vector<uint32_t> values;
    MapEntryParts(list, entry, &key, &values);
    return IsUndefinedClosedEnum(schema, *value_field,
                                 values.empty() ? 0 : inspect::RawValue(list.nodes[values.back()], data));
  };
  for (uint32_t occurrence : occurrences) {
    ForEachChild(list, occurrence, [&](uint32_t c) {
      const Node& node = list.nodes[c];
      if (node.kind != NodeKind::kField) return;
      if (node.field < 0) {
        merged->unknown_.push_back(c);
        return;
      }
      const schema::Field& f = m.fields[node.field];
      auto add = [&](uint32_t v) {
        if (IsUndefinedClosedEnum(schema, f, inspect::RawValue(list.nodes[v], data)) || entry_is_unknown(f, v)) {
          merged->unknown_.push_back(v);
          return;
        }
        merged->Add(f, node.field, v);
      };
      if (inspect::IsPacked(node.interpretation)) {
        ForEachChild(list, c, [&](uint32_t e) {
          if (list.nodes[e].kind == NodeKind::kPackedElement) add(e);
        });
      } else {
        add(c);
      }
    });
  }
  merged->Finish(m);
}

}  // namespace wirelens::format
