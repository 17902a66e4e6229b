// Codec tables: per message of a loaded schema (core/schema), what the table-driven codec needs to
// move its fields between the wire and the tape (core/jsbind/tape.h) without generated code.
//
// Built once per schema (BuildTables), then read by decode.h and encode.h. A message's fields sit
// in tape order (by field number, as generated codecs have them: slot i is bit i of the mask), and
// field numbers below kDenseNumbers find their slot through a dense array, as upb's mini-tables do.
#ifndef WIRELENS_CORE_TABLE_TABLE_H_
#define WIRELENS_CORE_TABLE_TABLE_H_

#include <cstdint>
#include <vector>

#include "core/jsbind/tape_kind.h"
#include "core/schema/schema.h"
#include "core/wire/wire_format.h"

namespace wirelens::table {

// How one field's values are held: one value, one string or bytes, one sub-message (or group), or
// a list of them, or a map.
enum class Shape : uint8_t { kScalar, kString, kMessage, kGroup, kRepeated, kMap };

// One field of a message table (a slot of its tape).
struct FieldEntry {
  uint32_t number = 0;
  FieldType type = FieldType::kInt32;  // of one value (repeated: of each element)
  jsbind::TapeKind kind = jsbind::TapeKind::kI32;
  Shape shape = Shape::kScalar;
  WireType wire_type = WireType::kVarint;  // of one unpacked value
  bool implicit_presence = false;          // proto3 / IMPLICIT singular: on the tape and wire unless zero
  bool packed = false;                     // encoded packed
  bool packable = false;                   // decoded packed or not
  bool validate_utf8 = false;              // a string whose bytes must be UTF-8
  bool element_is_message = false;         // repeated: messages or groups
  bool element_is_group = false;
  int32_t sub = -1;          // message / group / map entry: its table
  int32_t closed_enum = -1;  // a closed enum: index into Tables::enum_values
  int32_t oneof = -1;        // index of the real oneof it belongs to
  uint32_t tag = 0;          // of one unpacked value
  uint32_t packed_tag = 0;
  uint32_t end_tag = 0;  // groups
  uint8_t tag_size = 1;
};

struct MessageTable {
  const schema::Message* message = nullptr;
  std::vector<FieldEntry> fields;  // tape order: by field number
  uint32_t mask_words = 0;         // of fields, plus the unknown-fields slot where kept
  bool keep_unknown = false;       // the unknown fields travel on the tape (slot fields.size())
  bool map_entry = false;
  uint32_t oneof_count = 0;
  std::vector<uint32_t> oneof_bits;  // per oneof, mask_words words: its members' bits
  // Slot + 1 of each field number below dense.size() (0: no such field); others in `sparse`.
  std::vector<uint16_t> dense;
  std::vector<std::pair<uint32_t, uint32_t>> sparse;  // (number, slot), by number

  static constexpr uint32_t kDenseNumbers = 256;
  static constexpr uint32_t kNoSlot = ~0u;
  // The slot of field `number`, or kNoSlot.
  uint32_t SlotOf(uint32_t number) const {
    if (number < dense.size()) return static_cast<uint32_t>(dense[number]) - 1;
    return SparseSlotOf(number);
  }
  uint32_t SparseSlotOf(uint32_t number) const;
  uint32_t unknown_slot() const { return static_cast<uint32_t>(fields.size()); }
};

struct TableOptions {
  // Unknown fields kept and carried on the tape (the generated codecs' default, "keep").
  bool keep_unknown_fields = true;
};

// Every message of one schema as tables, indexed as schema.messages are.
struct Tables {
  std::vector<MessageTable> messages;
  // The numbers each closed enum defines, sorted (FieldEntry::closed_enum indexes them).
  std::vector<std::vector<int32_t>> enum_values;

  // Whether closed enum `index` defines `value`.
  bool EnumDefines(int32_t index, int32_t value) const;
};

// The tables of every message of `schema`. Extensions are left out (they travel as unknown
// fields, as with the generated codecs). Precondition: `schema`'s types are resolved, and it
// outlives the tables (MessageTable::message points into it).
Tables BuildTables(const schema::Schema& schema, const TableOptions& options = {});

}  // namespace wirelens::table

#endif  // WIRELENS_CORE_TABLE_TABLE_H_
