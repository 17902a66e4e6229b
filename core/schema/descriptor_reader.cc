#include "core/schema/descriptor_reader.h"

#include <string_view>
#include <vector>

#include "core/wire/reader.h"

namespace wirelens::schema {

namespace {

// descriptor.proto's Edition values this reader knows.
constexpr int32_t kEditionProto2 = 998;
constexpr int32_t kEditionProto3 = 999;
constexpr int32_t kEdition2023 = 1000;
constexpr int32_t kEdition2024 = 1001;
constexpr int32_t kEdition2026 = 1002;  // named in messages, not read

// The features of editions that change what the wire holds or how it reads (descriptor.proto's
// FeatureSet, by its enum numbers); 0 where a descriptor does not set one.
struct Features {
  enum : uint8_t { kExplicit = 1, kImplicit = 2, kLegacyRequired = 3 };  // field_presence
  enum : uint8_t { kOpen = 1, kClosed = 2 };                             // enum_type
  enum : uint8_t { kPacked = 1, kExpanded = 2 };                         // repeated_field_encoding
  enum : uint8_t { kVerify = 2, kNone = 3 };                             // utf8_validation
  enum : uint8_t { kLengthPrefixed = 1, kDelimited = 2 };                // message_encoding
  uint8_t field_presence = 0;
  uint8_t enum_type = 0;
  uint8_t repeated_field_encoding = 0;
  uint8_t utf8_validation = 0;
  uint8_t message_encoding = 0;

  // These features with the ones `inner` (a nested scope's) sets in their place.
  Features With(const Features& inner) const {
    Features out = *this;
    if (inner.field_presence != 0) out.field_presence = inner.field_presence;
    if (inner.enum_type != 0) out.enum_type = inner.enum_type;
    if (inner.repeated_field_encoding != 0) out.repeated_field_encoding = inner.repeated_field_encoding;
    if (inner.utf8_validation != 0) out.utf8_validation = inner.utf8_validation;
    if (inner.message_encoding != 0) out.message_encoding = inner.message_encoding;
    return out;
  }
};

// "2023" for descriptor.proto's EDITION_2023 and so on; "(none)" for a file without an edition, the
// number for one this reader does not name.
std::string EditionName(int32_t edition) {
  switch (edition) {
    case kEditionProto2: return "proto2";
    case kEditionProto3: return "proto3";
    case kEdition2023: return "2023";
    case kEdition2024: return "2024";
    case kEdition2026: return "2026";
    default: return edition == 0 ? "(none)" : std::to_string(edition);
  }
}

// The features every file of a syntax or edition starts from (descriptor.proto's edition_defaults).
Features DefaultFeatures(bool proto3, bool editions) {
  Features f;
  f.field_presence = proto3 ? Features::kImplicit : Features::kExplicit;
  f.enum_type = proto3 || editions ? Features::kOpen : Features::kClosed;
  f.repeated_field_encoding = proto3 || editions ? Features::kPacked : Features::kExpanded;
  f.utf8_validation = proto3 || editions ? Features::kVerify : Features::kNone;
  f.message_encoding = Features::kLengthPrefixed;
  return f;
}

// descriptor.proto's messages, as far as the Schema model needs them.
struct FieldProto {
  Field field;
  bool has_json_name = false;
  bool has_packed = false;
  bool packed_option = false;
  bool proto3_optional = false;
  int32_t oneof_index = -1;
  Features features;
};
struct EnumProto {
  std::string name;
  std::vector<EnumValue> values;
  Features features;
};
struct OneofProto {
  std::string name;
  Features features;
};
struct MessageProto {
  std::string name;
  bool map_entry = false;
  std::vector<FieldProto> fields;
  std::vector<FieldProto> extensions;
  std::vector<MessageProto> nested;
  std::vector<EnumProto> enums;
  std::vector<OneofProto> oneofs;
  std::vector<std::string> reserved_names;
  Features features;
};
struct ServiceProto {
  std::string name;
  std::vector<Method> methods;
};
struct FileProto {
  std::string name;
  std::string package;
  std::string syntax;
  int32_t edition = 0;
  std::vector<std::string> dependencies;
  std::vector<MessageProto> messages;
  std::vector<EnumProto> enums;
  std::vector<FieldProto> extensions;
  std::vector<ServiceProto> services;
  Features features;
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

bool ReadFeatures(Reader& reader, Features* features) {
  return ReadFields(reader, [&](Reader& r) {
    uint8_t* feature = nullptr;
    switch (r.field_number()) {
      case 1: feature = &features->field_presence; break;
      case 2: feature = &features->enum_type; break;
      case 3: feature = &features->repeated_field_encoding; break;
      case 4: feature = &features->utf8_validation; break;
      case 5: feature = &features->message_encoding; break;
      default: return r.SkipField();
    }
    int32_t v;
    if (!ReadInt32(r, &v)) return false;
    *feature = v > 0 && v < 256 ? static_cast<uint8_t>(v) : 0;  // values this reader does not know: unset
    return true;
  });
}

// Reads an options message whose field `features_number` is a FeatureSet, into *features;
// `other(reader)` reads or skips its other fields.
template <typename Other>
bool ReadOptions(Reader& reader, uint32_t features_number, Features* features, Other other) {
  return ReadFields(reader, [&](Reader& r) {
    if (r.field_number() != features_number) return other(r);
    return ReadMessage(r, [&](Reader& c) { return ReadFeatures(c, features); });
  });
}
bool ReadOptions(Reader& reader, uint32_t features_number, Features* features) {
  return ReadOptions(reader, features_number, features, [](Reader& r) { return r.SkipField(); });
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
      case 3: return ReadMessage(r, [&](Reader& c) { return ReadOptions(c, 7, &e->features); });
      default: return r.SkipField();
    }
  });
}

bool ReadFieldOptions(Reader& reader, FieldProto* f) {
  return ReadOptions(reader, 21, &f->features, [&](Reader& r) {
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
  return ReadOptions(reader, 12, &m->features, [&](Reader& r) {
    if (r.field_number() != 7) return r.SkipField();  // map_entry
    return ReadBool(r, &m->map_entry);
  });
}

bool ReadOneof(Reader& reader, OneofProto* oneof) {
  return ReadFields(reader, [&](Reader& r) {
    switch (r.field_number()) {
      case 1: return ReadString(r, &oneof->name);
      case 2: return ReadMessage(r, [&](Reader& c) { return ReadOptions(c, 1, &oneof->features); });
      default: return r.SkipField();
    }
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
      case 8: return AppendMessage(r, &m->oneofs, ReadOneof);
      case 10: m->reserved_names.emplace_back(); return ReadString(r, &m->reserved_names.back());
      default: return r.SkipField();
    }
  });
}

bool ReadMethod(Reader& reader, Method* method) {
  return ReadFields(reader, [&](Reader& r) {
    switch (r.field_number()) {
      case 1: return ReadString(r, &method->name);
      case 2: return ReadString(r, &method->input_type);
      case 3: return ReadString(r, &method->output_type);
      case 5: return ReadBool(r, &method->client_streaming);
      case 6: return ReadBool(r, &method->server_streaming);
      default: return r.SkipField();
    }
  });
}

bool ReadService(Reader& reader, ServiceProto* service) {
  return ReadFields(reader, [&](Reader& r) {
    switch (r.field_number()) {
      case 1: return ReadString(r, &service->name);
      case 2: return AppendMessage(r, &service->methods, ReadMethod);
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
      case 6: return AppendMessage(r, &file->services, ReadService);
      case 7: return AppendMessage(r, &file->extensions, ReadField);
      case 8: return ReadMessage(r, [&](Reader& c) { return ReadOptions(c, 50, &file->features); });
      case 12: return ReadString(r, &file->syntax);
      case 14: return ReadInt32(r, &file->edition);
      default: return r.SkipField();
    }
  });
}

// Copies a parsed file into the Schema with libprotobuf's derived semantics: for editions, each
// feature resolved from the edition's default through file, message, oneof and field.
class FileAdder {
 public:
  FileAdder(const FileProto& proto, Schema* schema) : proto_(proto), schema_(schema) {}

  void Add() {
    File file;
    file.name = proto_.name;
    file.package = proto_.package;
    file.syntax = editions() ? "editions" : proto3() ? "proto3" : "proto2";
    file.edition = proto_.edition;
    file.dependencies = proto_.dependencies;
    const std::string scope = proto_.package.empty() ? "" : proto_.package + ".";
    const Features features = DefaultFeatures(proto3(), editions()).With(proto_.features);
    for (const EnumProto& e : proto_.enums) file.enums.push_back(AddEnum(e, scope, features));
    for (const MessageProto& m : proto_.messages) AddMessage(m, scope, features, &file);
    AddExtensions(proto_.extensions, scope, features, &file);
    for (const ServiceProto& s : proto_.services) file.services.push_back(AddService(s, scope));
    schema_->files.push_back(std::move(file));
  }

 private:
  bool proto3() const { return proto_.syntax == "proto3"; }
  bool editions() const { return proto_.syntax == "editions"; }

  int AddService(const ServiceProto& proto, const std::string& scope) {
    Service service;
    service.full_name = scope + proto.name;
    service.file = proto_.name;
    service.methods = proto.methods;
    for (Method& m : service.methods) {
      if (!m.input_type.empty() && m.input_type[0] == '.') m.input_type.erase(0, 1);
      if (!m.output_type.empty() && m.output_type[0] == '.') m.output_type.erase(0, 1);
    }
    schema_->services.push_back(std::move(service));
    return static_cast<int>(schema_->services.size()) - 1;
  }

  int AddEnum(const EnumProto& e, const std::string& scope, const Features& outer) {
    Enum out;
    out.full_name = scope + e.name;
    out.file = proto_.name;
    out.closed = outer.With(e.features).enum_type == Features::kClosed;
    out.values = e.values;
    const int index = static_cast<int>(schema_->enums.size());
    schema_->enum_by_name[out.full_name] = index;
    schema_->enums.push_back(std::move(out));
    return index;
  }

  void AddMessage(const MessageProto& proto, const std::string& scope, const Features& outer, File* file) {
    const Features features = outer.With(proto.features);
    const int index = static_cast<int>(schema_->messages.size());
    schema_->messages.emplace_back();
    Message& m = schema_->messages.back();
    m.full_name = scope + proto.name;
    m.name = proto.name;
    m.file = proto_.name;
    m.map_entry = proto.map_entry;
    m.reserved_names = proto.reserved_names;
    // Synthetic oneofs (one per proto3 optional field) follow the real ones (descriptor.proto).
    std::vector<bool> synthetic(proto.oneofs.size(), false);
    for (const FieldProto& f : proto.fields) {
      if (f.proto3_optional && f.oneof_index >= 0 && static_cast<size_t>(f.oneof_index) < synthetic.size()) {
        synthetic[f.oneof_index] = true;
      }
    }
    for (size_t i = 0; i < proto.oneofs.size(); ++i) {
      if (!synthetic[i]) m.oneofs.push_back(proto.oneofs[i].name);
    }
    for (const FieldProto& f : proto.fields) {
      const bool in_oneof = f.oneof_index >= 0 && static_cast<size_t>(f.oneof_index) < m.oneofs.size();
      m.fields.push_back(FieldOf(f, m.oneofs.size(),
                                 in_oneof ? features.With(proto.oneofs[f.oneof_index].features) : features,
                                 proto.map_entry));
    }
    for (size_t i = 0; i < m.fields.size(); ++i) m.IndexField(m.fields[i].number, static_cast<int>(i));
    schema_->message_by_name[m.full_name] = index;
    file->messages.push_back(index);
    const std::string inner = m.full_name + ".";
    for (const EnumProto& e : proto.enums) file->enums.push_back(AddEnum(e, inner, features));
    for (const MessageProto& nested : proto.nested) AddMessage(nested, inner, features, file);
    AddExtensions(proto.extensions, inner, features, file);
  }

  void AddExtensions(const std::vector<FieldProto>& extensions, const std::string& scope, const Features& features,
                     File* file) const {
    for (const FieldProto& proto : extensions) {
      Field f = FieldOf(proto, 0, features, false);
      f.name = f.json_name = "[" + scope + f.name + "]";
      f.is_extension = true;
      if (!f.extendee.empty() && f.extendee[0] == '.') f.extendee.erase(0, 1);
      file->extensions.push_back(std::move(f));
    }
  }

  // `scope`: the features of the message or oneof that holds the field.
  Field FieldOf(const FieldProto& proto, size_t real_oneofs, const Features& scope, bool in_map_entry) const {
    const Features features = scope.With(proto.features);
    Field f = proto.field;
    if (!f.type_name.empty() && f.type_name[0] == '.') f.type_name.erase(0, 1);
    if (!proto.has_json_name) f.json_name = DefaultJsonName(f.name);
    if (features.field_presence == Features::kLegacyRequired && f.label == Label::kOptional) f.label = Label::kRequired;
    // A delimited message is written as a group; map entries never are (ResolveTypes undoes it for
    // a map field, whose type is known only then).
    if (f.type == FieldType::kMessage && features.message_encoding == Features::kDelimited && !in_map_entry) {
      f.type = FieldType::kGroup;
    }
    f.legacy_group = f.type == FieldType::kGroup && !editions();
    const bool repeated = f.label == Label::kRepeated;
    f.packed = repeated && IsPackable(f.type) &&
               (proto.has_packed ? proto.packed_option : features.repeated_field_encoding == Features::kPacked);
    f.oneof = !proto.proto3_optional && proto.oneof_index >= 0 && static_cast<size_t>(proto.oneof_index) < real_oneofs
                  ? proto.oneof_index
                  : -1;
    f.has_presence = !repeated && (features.field_presence != Features::kImplicit || proto.proto3_optional ||
                                   f.oneof >= 0 || f.type == FieldType::kMessage || f.type == FieldType::kGroup);
    f.validate_utf8 = f.type == FieldType::kString && features.utf8_validation == Features::kVerify;
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
  if (proto.syntax == "editions" && proto.edition != kEdition2023 && proto.edition != kEdition2024) {
    *error = proto.name + ": edition " + EditionName(proto.edition) + " is not supported (2023 and 2024 are)";
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
  schema->ResolveMethods();
  bool ok = true;
  for (Message& m : schema->messages) {
    for (Field& field : m.fields) {
      const bool is_message = field.type == FieldType::kMessage || field.type == FieldType::kGroup;
      if (!is_message && field.type != FieldType::kEnum) continue;
      const int found = is_message ? schema->FindMessage(field.type_name) : schema->FindEnum(field.type_name);
      if (is_message) field.message = found;
      else field.enumeration = found;
      if (is_message && found >= 0 && schema->messages[found].map_entry) {
        if (field.type == FieldType::kGroup) field.type = FieldType::kMessage;  // a map field is never delimited
        field.is_map = field.label == Label::kRepeated;
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
