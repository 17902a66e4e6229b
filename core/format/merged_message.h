// protobuf's parse semantics over a NodeList, shared by the text and JSON printers: per schema
// field, the value nodes a parsed message would hold (singular: last wins; sub-messages: every
// occurrence, to merge; oneofs: only the last member; packed runs expanded), and the unknown fields.
#ifndef WIRELENS_CORE_FORMAT_MERGED_MESSAGE_H_
#define WIRELENS_CORE_FORMAT_MERGED_MESSAGE_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/inspect/node.h"
#include "core/schema/schema.h"

namespace wirelens::format {

struct MergedMessage {
  // Per field of the message (declaration order): its value nodes in wire order.
  std::vector<std::vector<uint32_t>> fields;
  // Unknown fields, known numbers with a wrong wire type, and closed-enum values (or map entries
  // holding them) the enum does not define, in wire order.
  std::vector<uint32_t> unknown;
  // Field indices in field-number order (the order printers write them).
  std::vector<int> order;
};

// Merges the fields of `occurrences` (nodes holding one message, kNoNode = the top level) of
// schema type `message`.
MergedMessage MergeMessage(const inspect::NodeList& list, const uint8_t* data, const schema::Schema& schema,
                           const std::vector<uint32_t>& occurrences, int message);

// Calls f(child) for each direct child of `parent` (kNoNode = the top-level nodes).
template <typename F>
void ForEachChild(const inspect::NodeList& list, uint32_t parent, F f) {
  const uint32_t begin = parent == inspect::kNoNode ? 0 : parent + 1;
  const uint32_t end = parent == inspect::kNoNode ? static_cast<uint32_t>(list.nodes.size()) : list.nodes[parent].end;
  for (uint32_t c = begin; c < end; c = list.nodes[c].end) f(c);
}

// True when a singular scalar/string node holds its type's zero value (proto3 implicit presence
// leaves such a field unset).
bool IsZeroValue(const schema::Field& field, const inspect::Node& node, const uint8_t* data);

// Sort key of a map entry's key: numbers by value (signed or unsigned as declared), bools false
// before true, strings bytewise, as libprotobuf orders printed maps.
struct MapKey {
  int kind = 0;  // 0 signed, 1 unsigned, 2 bool, 3 string
  int64_t s = 0;
  uint64_t u = 0;
  std::string text;
  bool operator<(const MapKey& o) const;
};

// The entries by key, sorted; of entries with the same key the last one wins.
std::map<MapKey, uint32_t> SortedMapEntries(const inspect::NodeList& list, const uint8_t* data,
                                            const schema::Field& key_field, const std::vector<uint32_t>& entries);

// The entries as libprotobuf prints them: by key, the last of equal keys winning. When any entry
// holds unknown fields (a field with the wrong wire type included), libprotobuf keeps every entry
// as parsed: then all are printed, stable-sorted by key, each with its unknown fields.
std::vector<uint32_t> PrintedMapEntries(const inspect::NodeList& list, const uint8_t* data,
                                        const schema::Field& key_field, const std::vector<uint32_t>& entries);

// True when the message in `node` has a field its type does not know (or of the wrong wire type).
bool HasUnknownFields(const inspect::NodeList& list, uint32_t node);

// A map entry's key node (kNoNode when absent) and value nodes (wire order).
void MapEntryParts(const inspect::NodeList& list, uint32_t entry, uint32_t* key, std::vector<uint32_t>* values);

}  // namespace wirelens::format

#endif  // WIRELENS_CORE_FORMAT_MERGED_MESSAGE_H_
