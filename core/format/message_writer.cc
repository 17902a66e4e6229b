#include "core/format/message_writer.h"

#include <algorithm>

#include "core/text/literal.h"

namespace wirelens::format {
namespace {

using schema::FieldType;

void AppendTag(uint32_t number, WireType type, std::string* out) { text::AppendVarint(MakeTag(number, type), out); }

bool IsDefault(const FieldEntry& entry) {
  if (entry.wire_type == WireType::kLengthDelimited) return entry.value.empty();
  return std::all_of(entry.value.begin(), entry.value.end(), [](char c) { return c == 0; });
}

// A map entry is written with its key and value, defaults included.
void AddMissingMapEntryFields(const schema::Message& entry_type, std::vector<FieldEntry>* entries) {
  for (const schema::Field& f : entry_type.fields) {
    const bool present =
        std::any_of(entries->begin(), entries->end(), [&](const FieldEntry& e) { return e.field == &f; });
    if (present) continue;
    FieldEntry entry{f.number, &f, schema::WireTypeOf(f.type), {}};
    if (entry.wire_type == WireType::kVarint) entry.value = std::string(1, '\0');
    if (entry.wire_type == WireType::kFixed32) entry.value = std::string(4, '\0');
    if (entry.wire_type == WireType::kFixed64) entry.value = std::string(8, '\0');
    entries->push_back(std::move(entry));
  }
}

}  // namespace

void WriteMessage(const schema::Schema& schema, int message, std::vector<FieldEntry>* entries, std::string* out) {
  const bool map_entry = message >= 0 && schema.messages[message].map_entry;
  if (map_entry) AddMissingMapEntryFields(schema.messages[message], entries);
  std::stable_sort(entries->begin(), entries->end(), [](const FieldEntry& a, const FieldEntry& b) {
    if ((a.field == nullptr) != (b.field == nullptr)) return b.field == nullptr;
    return a.field != nullptr && a.number < b.number;
  });
  for (size_t i = 0; i < entries->size();) {
    const FieldEntry& entry = (*entries)[i];
    const schema::Field* field = entry.field;
    const bool repeated = field != nullptr && field->label == schema::Label::kRepeated;
    if (repeated && field->packed && schema::IsPackable(field->type)) {
      std::string run;
      size_t j = i;
      for (; j < entries->size() && (*entries)[j].field == field; ++j) run += (*entries)[j].value;
      AppendTag(entry.number, WireType::kLengthDelimited, out);
      text::AppendVarint(run.size(), out);
      *out += run;
      i = j;
      continue;
    }
    ++i;
    if (field != nullptr && !repeated && !field->has_presence && !map_entry && field->oneof < 0 &&
        field->type != FieldType::kMessage && IsDefault(entry)) {
      continue;  // proto3 without presence: a default value is not written
    }
    if (field != nullptr && field->type == FieldType::kGroup) {
      AppendTag(entry.number, WireType::kStartGroup, out);
      *out += entry.value;
      AppendTag(entry.number, WireType::kEndGroup, out);
      continue;
    }
    AppendTag(entry.number, entry.wire_type, out);
    if (entry.wire_type == WireType::kLengthDelimited) text::AppendVarint(entry.value.size(), out);
    *out += entry.value;
  }
}

}  // namespace wirelens::format
