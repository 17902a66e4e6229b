// protobuf's parse semantics over a NodeList, shared by the text and JSON printers: per schema
// field, the value nodes a parsed message would hold (singular: last wins; sub-messages: every
// occurrence, to merge; oneofs: only the last member; packed runs expanded), and the unknown fields.
#ifndef WIRELENS_CORE_FORMAT_MERGED_MESSAGE_H_
#define WIRELENS_CORE_FORMAT_MERGED_MESSAGE_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/format/field_groups.h"
#include "core/format/wire_message.h"
#include "core/inspect/node.h"
#include "core/schema/schema.h"

namespace wirelens::format {

using NodeRun = Run<uint32_t>;

// The value nodes per field; plus the unknown fields, known numbers with a wrong wire type, and
// closed-enum values (or map entries holding them) the enum does not define, in wire order.
class MergedMessage : public FieldGroups<uint32_t> {
 public:
  const std::vector<uint32_t>& unknown() const { return unknown_; }

 private:
  friend void MergeMessage(const inspect::NodeList& list, const uint8_t* data, const schema::Schema& schema,
                           NodeRun occurrences, int message, MergedMessage* merged);
  std::vector<uint32_t> unknown_;
};

// Merges the fields of `occurrences` (nodes holding one message, kNoNode = the top level) of
// schema type `message` into *merged.
void MergeMessage(const inspect::NodeList& list, const uint8_t* data, const schema::Schema& schema, NodeRun occurrences,
                  int message, MergedMessage* merged);

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

// The entries by key, sorted; of entries with the same key the last one wins.
std::map<MapKey, uint32_t> SortedMapEntries(const inspect::NodeList& list, const uint8_t* data,
                                            const schema::Field& key_field, NodeRun entries);

// The entries as libprotobuf prints them: by key, the last of equal keys winning. When any entry
// holds unknown fields (a field with the wrong wire type included), libprotobuf keeps every entry
// as parsed: then all are printed, stable-sorted by key, each with its unknown fields.
std::vector<uint32_t> PrintedMapEntries(const inspect::NodeList& list, const uint8_t* data,
                                        const schema::Field& key_field, NodeRun entries);

// True when the message in `node` has a field its type does not know (or of the wrong wire type).
bool HasUnknownFields(const inspect::NodeList& list, uint32_t node);

// A map entry's key node (kNoNode when absent) and value nodes (wire order).
void MapEntryParts(const inspect::NodeList& list, uint32_t entry, uint32_t* key, std::vector<uint32_t>* values);

}  // namespace wirelens::format

#endif  // WIRELENS_CORE_FORMAT_MERGED_MESSAGE_H_
