#include "core/table/table.h"

#include <algorithm>

#include "core/wire/varint.h"

namespace wirelens::table {
namespace {

Shape ShapeOf(const schema::Field& f) {
  if (f.is_map) return Shape::kMap;
  if (f.label == schema::Label::kRepeated) return Shape::kRepeated;
  switch (f.type) {
    case FieldType::kString:
    case FieldType::kBytes: return Shape::kString;
    case FieldType::kMessage: return Shape::kMessage;
    case FieldType::kGroup: return Shape::kGroup;
    default: return Shape::kScalar;
  }
}

FieldEntry EntryOf(const schema::Field& f, const schema::Schema& schema, const std::vector<int32_t>& closed_index) {
  FieldEntry e;
  e.number = f.number;
  e.type = f.type;
  e.kind = jsbind::TapeKindOf(f.type);
  e.shape = ShapeOf(f);
  e.wire_type = e.shape == Shape::kMap ? WireType::kLengthDelimited : WireTypeOf(f.type);
  e.implicit_presence = !f.has_presence && (e.shape == Shape::kScalar || e.shape == Shape::kString);
  e.packable = e.shape == Shape::kRepeated && IsPackable(f.type);
  e.packed = e.packable && f.packed;
  e.validate_utf8 = f.type == FieldType::kString && f.validate_utf8;
  e.element_is_message = f.type == FieldType::kMessage || f.type == FieldType::kGroup;
  e.element_is_group = f.type == FieldType::kGroup;
  e.sub = f.message;
  if (f.type == FieldType::kEnum && f.enumeration >= 0 && schema.enums[f.enumeration].closed) {
    e.closed_enum = closed_index[static_cast<size_t>(f.enumeration)];
  }
  e.oneof = f.oneof;
  e.tag = MakeTag(f.number, e.wire_type);
  e.packed_tag = MakeTag(f.number, WireType::kLengthDelimited);
  e.end_tag = MakeTag(f.number, WireType::kEndGroup);
  e.tag_size = static_cast<uint8_t>(TagSize(f.number));
  return e;
}

}  // namespace

uint32_t MessageTable::SparseSlotOf(uint32_t number) const {
  const auto it = std::lower_bound(sparse.begin(), sparse.end(), std::make_pair(number, 0u));
  return it != sparse.end() && it->first == number ? it->second : kNoSlot;
}

bool Tables::EnumDefines(int32_t index, int32_t value) const {
  const std::vector<int32_t>& values = enum_values[static_cast<size_t>(index)];
  return std::binary_search(values.begin(), values.end(), value);
}

Tables BuildTables(const schema::Schema& schema, const TableOptions& options) {
  Tables tables;
  std::vector<int32_t> closed_index(schema.enums.size(), -1);
  for (size_t i = 0; i < schema.enums.size(); ++i) {
    if (!schema.enums[i].closed) continue;
    closed_index[i] = static_cast<int32_t>(tables.enum_values.size());
    std::vector<int32_t>& values = tables.enum_values.emplace_back();
    for (const schema::EnumValue& v : schema.enums[i].values) values.push_back(v.number);
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
  }
  tables.messages.resize(schema.messages.size());
  for (size_t m = 0; m < schema.messages.size(); ++m) {
    const schema::Message& message = schema.messages[m];
    MessageTable& table = tables.messages[m];
    table.message = &message;
    table.map_entry = message.map_entry;
    table.keep_unknown = options.keep_unknown_fields && !message.map_entry;
    table.oneof_count = static_cast<uint32_t>(message.oneofs.size());
    for (const schema::Field& f : message.fields) {
      if (!f.is_extension) table.fields.push_back(EntryOf(f, schema, closed_index));
    }
    std::stable_sort(table.fields.begin(), table.fields.end(),
                     [](const FieldEntry& a, const FieldEntry& b) { return a.number < b.number; });
    const size_t slots = table.fields.size() + (table.keep_unknown ? 1 : 0);
    table.mask_words = static_cast<uint32_t>((slots + 31) / 32);
    table.oneof_bits.assign(size_t{table.oneof_count} * table.mask_words, 0);
    for (uint32_t slot = 0; slot < table.fields.size(); ++slot) {
      const int32_t oneof = table.fields[slot].oneof;
      if (oneof >= 0) table.oneof_bits[static_cast<size_t>(oneof) * table.mask_words + slot / 32] |= 1u << (slot % 32);
    }
    uint32_t dense_size = 0;
    for (const FieldEntry& f : table.fields) {
      if (f.number < MessageTable::kDenseNumbers) dense_size = std::max(dense_size, f.number + 1);
    }
    table.dense.assign(dense_size, 0);
    for (uint32_t slot = 0; slot < table.fields.size(); ++slot) {
      const uint32_t number = table.fields[slot].number;
      if (number < dense_size) table.dense[number] = static_cast<uint16_t>(slot + 1);
      else table.sparse.emplace_back(number, slot);
    }
  }
  return tables;
}

}  // namespace wirelens::table
