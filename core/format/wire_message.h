// protobuf's parse semantics straight over wire bytes, for printers that need no inspector nodes
// (the JSON printer): per schema field, the values a parsed message would hold (singular: last
// wins; sub-messages: every occurrence, to merge; oneofs: only the last member; packed runs
// expanded; closed-enum numbers the enum does not define left out, as unknown fields are).
#ifndef WIRELENS_CORE_FORMAT_WIRE_MESSAGE_H_
#define WIRELENS_CORE_FORMAT_WIRE_MESSAGE_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/format/field_groups.h"
#include "core/schema/schema.h"

namespace wirelens::format {

// One value as read: the bytes of a length-delimited one (a string, bytes, a message, a map
// entry), or the number of a varint / fixed one (`raw`, as the inspector's RawValue gives it).
struct WireValue {
  const uint8_t* data = nullptr;
  uint32_t size = 0;
  uint64_t raw = 0;
};

using WireRun = Run<WireValue>;
// Per field, its values; reused across messages.
using WireMessage = FieldGroups<WireValue>;

// Reads the message of schema type `message` made of `occurrences` (the bytes of each, merged in
// order) into *out. Fields the schema does not declare, or with a wire type their type cannot
// have, are skipped, and so are groups (JSON has no form for them). Returns false on bytes that
// do not parse (a truncated value, a bad tag, an unclosed group), with *error_at where.
bool ReadWireMessage(const schema::Schema& schema, int message, WireRun occurrences, WireMessage* out,
                     const uint8_t** error_at);

// A map entry's key and value (the last occurrence of each), absent ones the default; for a
// message value every occurrence, to merge.
struct WireMapEntry {
  bool has_key = false;
  bool has_value = false;
  WireValue key;
  WireValue value;
  std::vector<WireValue> message_values;
};
bool ReadWireMapEntry(const schema::Schema& schema, const schema::Field& map_field, const WireValue& entry,
                      WireMapEntry* out, const uint8_t** error_at);

// Sort key of a map entry's key: numbers by value (signed or unsigned as declared), bools false
// before true, strings bytewise, as libprotobuf orders printed maps.
struct MapKey {
  int kind = 0;  // 0 signed, 1 unsigned, 2 bool, 3 string
  int64_t s = 0;
  uint64_t u = 0;
  std::string text;
  bool operator<(const MapKey& o) const;
};

// The sort key of a map entry's key value (absent: the default, which WireValue{} is).
MapKey WireMapKey(const schema::Field& key_field, const WireValue& key);

// True when a closed enum field holds a number its enum does not define (parsers keep it as an
// unknown field).
bool IsUndefinedClosedEnum(const schema::Schema& schema, const schema::Field& f, uint64_t raw);

// True when a singular scalar/string value is its type's zero (proto3 implicit presence).
bool IsZeroWireValue(const schema::Field& field, const WireValue& value);

}  // namespace wirelens::format

#endif  // WIRELENS_CORE_FORMAT_WIRE_MESSAGE_H_
