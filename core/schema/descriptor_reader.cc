#include "core/schema/descriptor_reader.h"

#include <string_view>
#include <vector>

#include "core/wire/reader.h"

namespace wirelens::schema {

namespace {

// descriptor.proto's messages, as far as the Schema model needs them.
struct FieldProto {
  Field field;
  bool has_json_name = false;
  bool has_packed = false;
  bool packed_option = false;
  bool proto3_optional = false;
  int32_t oneof_index = -1;
};
struct EnumProto {
  std::string name;
  std::vector<EnumValue> values;
};
struct MessageProto {
  std::string name;
  bool map_entry = false;
  std::vector<FieldProto> fields;
  std::vector<FieldProto> extensions;
  std::vector<MessageProto> nested;
  std::vector<EnumProto> enums;
  std::vector<std::string> oneofs;
  std::vector<std::string> reserved_names;
};
struct FileProto {
  std::string name;
  std::string package;
  std::string syntax;
  std::vector<std::string> dependencies;
  std::vector<MessageProto> messages;
  std::vector<EnumProto> enums;
  std::vector<FieldProto> extensions;
};

// Reads one field of a descriptor message; each returns false on a wire error or a wire type the
// field cannot have (the reader then holds the error).
bool ReadString(Reader& reader, std::string* out) {
  ByteView view;
  if (!reader.ReadLengthDelimited(&view)) return false;
  out->assign(reinterpret_cast<const char*>(view.data), view.size);
  return true;
}
bool ReadInt32(Reader& reader, int32_t* out) {
  uint64_t v;
  if (!reader.ReadVarint(&v)) return false;
  *out = static_cast<int32_t>(v);
  return true;
}
bool ReadBool(Reader& reader, bool* out) {
  uint64_t v;
  if (!reader.ReadVarint(&v)) return false;
  *out = v != 0;
  return true;
}

// Reads a sub-message of the current field with `read_fields(child)`.
template <typename ReadFields>
bool ReadMessage(Reader& reader, ReadFields read_fields) {
  Reader child(nullptr, 0);
  if (!reader.EnterMessage(&child)) return false;
  if (!read_fields(child)) return reader.PropagateError(child);
  return child.status().ok() || reader.PropagateError(child);
}

// Appends the current field's sub-message to *items, read by `read(child, &item)`.
template <typename T, typename Read>
bool AppendMessage(Reader& reader, std::vector<T>* items, Read read) {
  items->emplace_back();
  return ReadMessage(reader, [&](Reader& child) { return read(child, &items->back()); });
}

// Reads the fields of a message: `on_field(reader)` returns false on error, or true after reading
// or skipping the current field.
template <typename OnField>
bool ReadFields(Reader& reader, OnField on_field) {
  while (reader.NextField()) {
    if (!on_field(reader)) return false;
  }
  return reader.status().ok();
}

bool ReadEnumValue(Reader& reader, EnumValue* value) {
  return ReadFields(reader, [&](Reader& r) {
    switch (r.field_number()) {
      case 1: return ReadString(r, &value->name);
      case 2: return ReadInt32(r, &value->number);
      default: return r.SkipField();
    }
  });
}

bool ReadEnum(Reader& reader, EnumProto* e) {
  return ReadFields(reader, [&](Reader& r) {
    switch (r.field_number()) {
      case 1: return ReadString(r, &e->name);
      case 2: return AppendMessage(r, &e->values, ReadEnumValue);
      default: return r.SkipField();
    }
  });
}

bool ReadFieldOptions(Reader& reader, FieldProto* f) {
  return ReadFields(reader, [&](Reader& r) {
    if (r.field_number() != 2) return r.SkipField();  // packed
    f->has_packed = true;
    return ReadBool(r, &f->packed_option);
  });
}

bool ReadField(Reader& reader, FieldProto* f) {
  return ReadFields(reader, [&](Reader& r) {
    int32_t v = 0;
    switch (r.field_number()) {
      case 1: return ReadString(r, &f->field.name);
      case 2: return ReadString(r, &f->field.extendee);
      case 3:
        if (!ReadInt32(r, &v)) return false;
        f->field.number = static_cast<uint32_t>(v);
        return true;
      case 4:
        if (!ReadInt32(r, &v)) return false;
        f->field.label = static_cast<Label>(v);
        return true;
      case 5:
        if (!ReadInt32(r, &v)) return false;
        f->field.type = static_cast<FieldType>(v);
        return true;
      case 6: return ReadString(r, &f->field.type_name);
      case 8: return ReadMessage(r, [&](Reader& c) { return ReadFieldOptions(c, f); });
      case 9: return ReadInt32(r, &f->oneof_index);
      case 10: f->has_json_name = true; return ReadString(r, &f->field.json_name);
      case 17: return ReadBool(r, &f->proto3_optional);
      default: return r.SkipField();
    }
  });
}

bool ReadMessageOptions(Reader& reader, MessageProto* m) {
  return ReadFields(reader, [&](Reader& r) {
    if (r.field_number() != 7) return r.SkipField();  // map_entry
    return ReadBool(r, &m->map_entry);
  });
}

// Nesting is bounded by the reader's depth limit (two levels per nested message).
bool ReadDescriptor(Reader& reader, MessageProto* m) {
  return ReadFields(reader, [&](Reader& r) {
    switch (r.field_number()) {
      case 1: return ReadString(r, &m->name);
      case 2: return AppendMessage(r, &m->fields, ReadField);
      case 3: return AppendMessage(r, &m->nested, ReadDescriptor);
      case 4: return AppendMessage(r, &m->enums, ReadEnum);
      case 6: return AppendMessage(r, &m->extensions, ReadField);
      case 7: return ReadMessage(r, [&](Reader& c) { return ReadMessageOptions(c, m); });
      case 8:
        m->oneofs.emplace_back();
        return ReadMessage(r, [&](Reader& c) {
          return ReadFields(
              c, [&](Reader& o) { return o.field_number() == 1 ? ReadString(o, &m->oneofs.back()) : o.SkipField(); });
        });
      case 10: m->reserved_names.emplace_back(); return ReadString(r, &m->reserved_names.back());
      default: return r.SkipField();
    }
  });
}

bool ReadFile(Reader& reader, FileProto* file) {
  return ReadFields(reader, [&](Reader& r) {
    switch (r.field_number()) {
      case 1: return ReadString(r, &file->name);
      case 2: return ReadString(r, &file->package);
      case 3: file->dependencies.emplace_back(); return ReadString(r, &file->dependencies.back());
      case 4: return AppendMessage(r, &file->messages, ReadDescriptor);
      case 5: return AppendMessage(r, &file->enums, ReadEnum);
      case 7: return AppendMessage(r, &file->extensions, ReadField);
      case 12: return ReadString(r, &file->syntax);
      default: return r.SkipField();
    }
  });
}

// Copies a parsed file into the Schema with libprotobuf's derived semantics.
class FileAdder {
 public:
  FileAdder(const FileProto& proto, Schema* schema) : proto_(proto), schema_(schema) {}

  void Add() {
    File file;
    file.name = proto_.name;
    file.package = proto_.package;
    file.syntax = proto3() ? "proto3" : "proto2";
    file.dependencies = proto_.dependencies;
    const std::string scope = proto_.package.empty() ? "" : proto_.package + ".";
    for (const EnumProto& e : proto_.enums) file.enums.push_back(AddEnum(e, scope));
    for (const MessageProto& m : proto_.messages) AddMessage(m, scope, &file);
    AddExtensions(proto_.extensions, scope, &file);
    schema_->files.push_back(std::move(file));
  }

 private:
  bool proto3() const { return proto_.syntax == "proto3"; }

  int AddEnum(const EnumProto& e, const std::string& scope) {
    Enum out;
    out.full_name = scope + e.name;
    out.file = proto_.name;
    out.closed = !proto3();
    out.values = e.values;
    const int index = static_cast<int>(schema_->enums.size());
    schema_->enum_by_name[out.full_name] = index;
    schema_->enums.push_back(std::move(out));
    return index;
  }

  void AddMessage(const MessageProto& proto, const std::string& scope, File* file) {
    const int index = static_cast<int>(schema_->messages.size());
    schema_->messages.emplace_back();
    Message& m = schema_->messages.back();
    m.full_name = scope + proto.name;
    m.name = proto.name;
    m.file = proto_.name;
    m.map_entry = proto.map_entry;
    m.proto3 = proto3();
    m.reserved_names = proto.reserved_names;
    // Synthetic oneofs (one per proto3 optional field) follow the real ones (descriptor.proto).
    std::vector<bool> synthetic(proto.oneofs.size(), false);
    for (const FieldProto& f : proto.fields) {
      if (f.proto3_optional && f.oneof_index >= 0 && static_cast<size_t>(f.oneof_index) < synthetic.size()) {
        synthetic[f.oneof_index] = true;
      }
    }
    for (size_t i = 0; i < proto.oneofs.size(); ++i) {
      if (!synthetic[i]) m.oneofs.push_back(proto.oneofs[i]);
    }
    for (const FieldProto& f : proto.fields) m.fields.push_back(FieldOf(f, m.oneofs.size()));
    for (size_t i = 0; i < m.fields.size(); ++i) m.IndexField(m.fields[i].number, static_cast<int>(i));
    schema_->message_by_name[m.full_name] = index;
    file->messages.push_back(index);
    const std::string inner = m.full_name + ".";
    for (const EnumProto& e : proto.enums) file->enums.push_back(AddEnum(e, inner));
    for (const MessageProto& nested : proto.nested) AddMessage(nested, inner, file);
    AddExtensions(proto.extensions, inner, file);
  }

  void AddExtensions(const std::vector<FieldProto>& extensions, const std::string& scope, File* file) const {
    for (const FieldProto& proto : extensions) {
      Field f = FieldOf(proto, 0);
      f.name = f.json_name = "[" + scope + f.name + "]";
      f.is_extension = true;
      if (!f.extendee.empty() && f.extendee[0] == '.') f.extendee.erase(0, 1);
      file->extensions.push_back(std::move(f));
    }
  }

  Field FieldOf(const FieldProto& proto, size_t real_oneofs) const {
    Field f = proto.field;
    if (!f.type_name.empty() && f.type_name[0] == '.') f.type_name.erase(0, 1);
    if (!proto.has_json_name) f.json_name = DefaultJsonName(f.name);
    const bool repeated = f.label == Label::kRepeated;
    f.packed = repeated && IsPackable(f.type) && (proto.has_packed ? proto.packed_option : proto3());
    f.oneof = !proto.proto3_optional && proto.oneof_index >= 0 && static_cast<size_t>(proto.oneof_index) < real_oneofs
                  ? proto.oneof_index
                  : -1;
    f.has_presence = !repeated && (!proto3() || proto.proto3_optional || f.oneof >= 0 ||
                                   f.type == FieldType::kMessage || f.type == FieldType::kGroup);
    return f;
  }

  const FileProto& proto_;
  Schema* schema_;
};

bool Fail(std::string* error, const std::string& file, const Status& status) {
  *error = (file.empty() ? std::string("<descriptor>") : file) + ": not a FileDescriptorProto (" +
           ErrorKindMessage(status.kind) + " at byte " + std::to_string(status.offset) + ")";
  return false;
}

}  // namespace

std::string DefaultJsonName(const std::string& name) {
  std::string out;
  bool upper_next = false;
  for (char c : name) {
    if (c == '_') {
      upper_next = true;
    } else if (upper_next && c >= 'a' && c <= 'z') {
      out += static_cast<char>(c - 'a' + 'A');
      upper_next = false;
    } else {
      out += c;
      upper_next = false;
    }
  }
  return out;
}

bool AddFileDescriptor(const uint8_t* data, size_t size, Schema* schema, std::string* error) {
  FileProto proto;
  Reader reader(data, size);
  if (!ReadFile(reader, &proto) || !reader.done()) return Fail(error, proto.name, reader.status());
  if (proto.name.empty()) {
    *error = "<descriptor>: a FileDescriptorProto without a file name";
    return false;
  }
  for (const File& f : schema->files) {
    if (f.name == proto.name) return true;
  }
  FileAdder(proto, schema).Add();
  return true;
}

bool ResolveTypes(Schema* schema, std::string* error) {
  schema->AttachExtensions();
  bool ok = true;
  for (Message& m : schema->messages) {
    for (Field& field : m.fields) {
      const bool is_message = field.type == FieldType::kMessage || field.type == FieldType::kGroup;
      if (!is_message && field.type != FieldType::kEnum) continue;
      const int found = is_message ? schema->FindMessage(field.type_name) : schema->FindEnum(field.type_name);
      if (is_message) field.message = found;
      else field.enumeration = found;
      if (is_message && found >= 0) {
        field.is_map = field.label == Label::kRepeated && schema->messages[found].map_entry;
      }
      if (found < 0 && ok) {
        *error = m.full_name + "." + field.name + ": type " + field.type_name + " is not among the files read";
        ok = false;
      }
    }
  }
  return ok;
}

}  // namespace wirelens::schema
