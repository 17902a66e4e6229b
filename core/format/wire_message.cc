#include "core/format/wire_message.h"

#include <algorithm>

#include "core/wire/reader.h"

namespace wirelens::format {
namespace {

using schema::FieldType;

// The field's value at the reader (whose wire type is the field's own): false on a read error.
bool ReadValue(Reader* reader, WireValue* value) {
  switch (reader->wire_type()) {
    case WireType::kVarint: return reader->ReadVarint(&value->raw);
    case WireType::kFixed32: {
      uint32_t v;
      if (!reader->ReadFixed32(&v)) return false;
      value->raw = v;
      return true;
    }
    case WireType::kFixed64: return reader->ReadFixed64(&value->raw);
    case WireType::kStartGroup: {  // the group's fields, up to its END_GROUP
      Reader group(nullptr, 0);
      if (!reader->EnterGroup(&group)) return false;
      const uint8_t* body = reader->position();
      while (group.NextField() && group.SkipField()) {}
      if (!reader->LeaveGroup(group)) return false;
      value->data = body;
      value->size = static_cast<uint32_t>(group.field_begin() - body);
      return true;
    }
    default: {
      ByteView bytes;
      if (!reader->ReadLengthDelimited(&bytes)) return false;
      value->data = bytes.data;
      value->size = static_cast<uint32_t>(bytes.size);
      return true;
    }
  }
}

// Calls add(value) for each element of a packed run of `type`; false (with *error_at) when the
// run does not parse.
template <typename Add>
bool ForEachPacked(FieldType type, ByteView run, Add add, const uint8_t** error_at) {
  const uint8_t* p = run.data;
  const uint8_t* end = run.data + run.size;
  const WireType wire_type = schema::WireTypeOf(type);
  while (p < end) {
    WireValue v;
    if (wire_type == WireType::kVarint) {
      const uint8_t* q = ReadVarint(p, end, &v.raw);
      if (q == nullptr) break;
      p = q;
    } else {
      const int width = wire_type == WireType::kFixed32 ? 4 : 8;
      if (end - p < width) break;
      v.raw = width == 4 ? LoadFixed32(p) : LoadFixed64(p);
      p += width;
    }
    add(v);
  }
  if (p == end) return true;
  *error_at = p;
  return false;
}

// Whether the reader's field, of schema field `f` (or nullptr), is read as a value of f.
bool Accepts(const schema::Field* f, WireType wire_type) {
  return f != nullptr && schema::AcceptsWireType(*f, wire_type);
}

// The position of a reader's error, for the caller's message.
bool ReaderError(const Reader& reader, const uint8_t* origin, const uint8_t** error_at) {
  *error_at = origin + reader.status().offset;
  return false;
}

}  // namespace

bool IsUndefinedClosedEnum(const schema::Schema& schema, const schema::Field& f, uint64_t raw) {
  if (f.type != FieldType::kEnum || f.enumeration < 0) return false;
  const schema::Enum& e = schema.enums[f.enumeration];
  return e.closed && e.NameOf(static_cast<int32_t>(raw)) == nullptr;
}

bool MapKey::operator<(const MapKey& o) const {
  if (kind != o.kind) return kind < o.kind;
  if (s != o.s) return s < o.s;
  if (u != o.u) return u < o.u;
  return text < o.text;
}

bool ReadWireMessage(const schema::Schema& schema, int message, WireRun occurrences, WireMessage* out,
                     const uint8_t** error_at) {
  const schema::Message& m = schema.messages[message];
  out->Start(m);
  for (const WireValue& occurrence : occurrences) {
    Reader reader(occurrence.data, occurrence.size);
    while (reader.NextField()) {
      const int fi = m.FieldIndex(reader.field_number());
      const schema::Field* f = fi < 0 ? nullptr : &m.fields[fi];
      if (!Accepts(f, reader.wire_type())) {
        if (!reader.SkipField()) return ReaderError(reader, occurrence.data, error_at);
        continue;
      }
      auto add = [&](const WireValue& v) {
        if (!IsUndefinedClosedEnum(schema, *f, v.raw)) out->Add(*f, fi, v);  // else unknown: JSON leaves it out
      };
      WireValue value;
      if (!ReadValue(&reader, &value)) return ReaderError(reader, occurrence.data, error_at);
      if (reader.wire_type() == WireType::kLengthDelimited && schema::IsPackable(f->type)) {
        if (!ForEachPacked(f->type, {value.data, value.size}, add, error_at)) return false;
        continue;
      }
      if (f->is_map && f->message >= 0) {
        // An entry whose value is a closed enum number the enum does not define stays unknown.
        const schema::Field* value_field = schema.messages[f->message].FindField(2);
        if (value_field != nullptr && value_field->type == FieldType::kEnum) {
          WireMapEntry entry;
          if (!ReadWireMapEntry(schema, *f, value, &entry, error_at)) return false;
          if (IsUndefinedClosedEnum(schema, *value_field, entry.value.raw)) continue;
        }
      }
      add(value);
    }
    if (!reader.done()) return ReaderError(reader, occurrence.data, error_at);
  }
  out->Finish(m);
  return true;
}

bool ReadWireMapEntry(const schema::Schema& schema, const schema::Field& map_field, const WireValue& entry,
                      WireMapEntry* out, const uint8_t** error_at) {
  *out = WireMapEntry{};
  const schema::Message& entry_type = schema.messages[map_field.message];
  Reader reader(entry.data, entry.size);
  while (reader.NextField()) {
    const uint32_t number = reader.field_number();
    const schema::Field* f = number == 1 || number == 2 ? entry_type.FindField(number) : nullptr;
    if (!Accepts(f, reader.wire_type())) {
      if (!reader.SkipField()) return ReaderError(reader, entry.data, error_at);
      continue;
    }
    WireValue& value = number == 1 ? out->key : out->value;
    if (!ReadValue(&reader, &value)) return ReaderError(reader, entry.data, error_at);
    (number == 1 ? out->has_key : out->has_value) = true;
    if (number == 2 && f->type == FieldType::kMessage) out->message_values.push_back(value);
  }
  return reader.done() || ReaderError(reader, entry.data, error_at);
}

MapKey WireMapKey(const schema::Field& key_field, const WireValue& key) {
  MapKey out;
  const uint64_t raw = key.raw;
  switch (key_field.type) {
    case FieldType::kString:
      out.kind = 3;
      out.text.assign(reinterpret_cast<const char*>(key.data), key.size);
      break;
    case FieldType::kBool:
      out.kind = 2;
      out.u = raw != 0;
      break;
    case FieldType::kUInt32:
    case FieldType::kFixed32:
      out.kind = 1;
      out.u = static_cast<uint32_t>(raw);
      break;
    case FieldType::kUInt64:
    case FieldType::kFixed64:
      out.kind = 1;
      out.u = raw;
      break;
    case FieldType::kSInt32: out.s = ZigZagDecode32(static_cast<uint32_t>(raw)); break;
    case FieldType::kSInt64: out.s = ZigZagDecode64(raw); break;
    case FieldType::kInt32:
    case FieldType::kSFixed32: out.s = static_cast<int32_t>(raw); break;
    default: out.s = static_cast<int64_t>(raw); break;
  }
  return out;
}

bool IsZeroWireValue(const schema::Field& field, const WireValue& value) {
  switch (field.type) {
    case FieldType::kString:
    case FieldType::kBytes: return value.size == 0;
    case FieldType::kInt64:
    case FieldType::kUInt64:
    case FieldType::kSInt64:
    case FieldType::kFixed64:
    case FieldType::kSFixed64:
    case FieldType::kDouble:
    case FieldType::kBool: return value.raw == 0;
    default: return static_cast<uint32_t>(value.raw) == 0;
  }
}

}  // namespace wirelens::format
