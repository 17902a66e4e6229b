#include "core/format/merged_message.h"

#include <algorithm>

namespace wirelens::format {
namespace {

using inspect::Interpretation;
using inspect::Node;
using inspect::NodeKind;
using schema::FieldType;

bool IsPackedRun(const Node& node) {
  return node.interpretation == Interpretation::kPackedVarint ||
         node.interpretation == Interpretation::kPackedFixed32 || node.interpretation == Interpretation::kPackedFixed64;
}

bool IsUndefinedClosedEnum(const schema::Schema& schema, const schema::Field& f, uint64_t raw) {
  if (f.type != FieldType::kEnum || f.enumeration < 0) return false;
  const schema::Enum& e = schema.enums[f.enumeration];
  return e.closed && e.NameOf(static_cast<int32_t>(raw)) == nullptr;
}

}  // namespace

bool MapKey::operator<(const MapKey& o) const {
  if (kind != o.kind) return kind < o.kind;
  if (s != o.s) return s < o.s;
  if (u != o.u) return u < o.u;
  return text < o.text;
}

namespace {

MapKey EntryKey(const inspect::NodeList& list, const uint8_t* data, const schema::Field& key_field, uint32_t entry) {
  MapKey key;
  uint32_t key_node;
  std::vector<uint32_t> values;
  MapEntryParts(list, entry, &key_node, &values);
  const uint64_t raw = key_node == inspect::kNoNode ? 0 : inspect::RawValue(list.nodes[key_node], data);
  switch (key_field.type) {
    case FieldType::kString:
      key.kind = 3;
      if (key_node != inspect::kNoNode) {
        const Node& node = list.nodes[key_node];
        key.text.assign(reinterpret_cast<const char*>(data + node.value_offset()), node.value_length);
      }
      break;
    case FieldType::kBool:
      key.kind = 2;
      key.u = raw != 0;
      break;
    case FieldType::kUInt32:
    case FieldType::kFixed32:
      key.kind = 1;
      key.u = static_cast<uint32_t>(raw);
      break;
    case FieldType::kUInt64:
    case FieldType::kFixed64:
      key.kind = 1;
      key.u = raw;
      break;
    case FieldType::kSInt32: key.s = ZigZagDecode32(static_cast<uint32_t>(raw)); break;
    case FieldType::kSInt64: key.s = ZigZagDecode64(raw); break;
    case FieldType::kInt32:
    case FieldType::kSFixed32: key.s = static_cast<int32_t>(raw); break;
    default: key.s = static_cast<int64_t>(raw); break;
  }
  return key;
}

}  // namespace

std::map<MapKey, uint32_t> SortedMapEntries(const inspect::NodeList& list, const uint8_t* data,
                                            const schema::Field& key_field, const std::vector<uint32_t>& entries) {
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
                                        const schema::Field& key_field, const std::vector<uint32_t>& entries) {
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
  switch (field.type) {
    case FieldType::kString:
    case FieldType::kBytes: return node.value_length == 0;
    case FieldType::kInt64:
    case FieldType::kUInt64:
    case FieldType::kSInt64:
    case FieldType::kFixed64:
    case FieldType::kSFixed64:
    case FieldType::kDouble:
    case FieldType::kBool: return inspect::RawValue(node, data) == 0;
    default: return static_cast<uint32_t>(inspect::RawValue(node, data)) == 0;
  }
}

MergedMessage MergeMessage(const inspect::NodeList& list, const uint8_t* data, const schema::Schema& schema,
                           const std::vector<uint32_t>& occurrences, int message) {
  const schema::Message& m = schema.messages[message];
  MergedMessage merged;
  merged.fields.resize(m.fields.size());
  std::vector<int> oneof_current(m.oneofs.size(), -1);
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
        merged.unknown.push_back(c);
        return;
      }
      const schema::Field& f = m.fields[node.field];
      auto add = [&](uint32_t v) {
        if (IsUndefinedClosedEnum(schema, f, inspect::RawValue(list.nodes[v], data)) || entry_is_unknown(f, v)) {
          merged.unknown.push_back(v);
          return;
        }
        if (f.oneof >= 0 && oneof_current[f.oneof] != node.field) {
          if (oneof_current[f.oneof] >= 0)
            merged.fields[oneof_current[f.oneof]].clear();  // a oneof keeps its last member
          merged.fields[node.field].clear();
          oneof_current[f.oneof] = node.field;
        }
        merged.fields[node.field].push_back(v);
      };
      if (IsPackedRun(node)) {
        ForEachChild(list, c, [&](uint32_t e) {
          if (list.nodes[e].kind == NodeKind::kPackedElement) add(e);
        });
      } else {
        add(c);
      }
    });
  }
  merged.order.resize(m.fields.size());
  for (size_t i = 0; i < merged.order.size(); ++i) merged.order[i] = static_cast<int>(i);
  std::sort(merged.order.begin(), merged.order.end(),
            [&](int a, int b) { return m.fields[a].number < m.fields[b].number; });
  return merged;
}

}  // namespace wirelens::format
