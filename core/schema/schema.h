// The schema model the rest of core/ uses: messages, fields and enums by full name, in plain
// structs (no libprotobuf types; core/schema/loader.h fills it from .proto text or descriptor sets).
#ifndef WIRELENS_CORE_SCHEMA_SCHEMA_H_
#define WIRELENS_CORE_SCHEMA_SCHEMA_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/wire/wire_format.h"

namespace wirelens::schema {

// The one FieldType (core/wire/wire_format.h), named here as the schema model's.
using ::wirelens::FieldType;
using ::wirelens::IsPackable;
using ::wirelens::WireTypeOf;

enum class Label : uint8_t { kOptional = 1, kRequired = 2, kRepeated = 3 };

// Lower-case type name as in .proto files ("int32", "message", "group", ...).
const char* FieldTypeName(FieldType type);

struct Field {
  std::string name;
  std::string json_name;
  uint32_t number = 0;
  FieldType type = FieldType::kInt32;
  Label label = Label::kOptional;
  bool packed = false;         // written packed (decoders accept both)
  bool has_presence = true;    // false: implicit presence (proto3, or the editions feature)
  bool validate_utf8 = false;  // a string whose bytes must be UTF-8 (proto3, editions' VERIFY)
  bool is_map = false;         // repeated map entries; `message` is the entry type
  // A proto2 group: libprotobuf 3.21's JSON, which the differential tests compare with, leaves it
  // out. Editions' DELIMITED fields, groups on the wire too, print as messages (the v33.2 runner).
  bool legacy_group = false;
  int32_t message = -1;      // index into Schema::messages (message, group, map entry)
  int32_t enumeration = -1;  // index into Schema::enums
  int32_t oneof = -1;        // index into Message::oneofs
  std::string type_name;     // full name of the message or enum type, or ""
  // An extension: named "[pkg.ext]" (name and json_name, as text format and JSON write it) and
  // listed among the fields of the message it extends, `extendee`.
  bool is_extension = false;
  std::string extendee;
};

// The type of `f` as a .proto names it: its message or enum type's full name, else the scalar's
// ("int32").
inline std::string FieldTypeLabel(const Field& f) { return f.type_name.empty() ? FieldTypeName(f.type) : f.type_name; }

// Whether a value of `f` arriving in `wire_type` is read as f's: its own wire type, or a packed
// run of a repeated scalar. Parsers keep any other as an unknown field (the inspector warns).
inline bool AcceptsWireType(const Field& f, WireType wire_type) {
  if (WireTypeOf(f.type) == wire_type) return true;
  return wire_type == WireType::kLengthDelimited && f.label == Label::kRepeated && IsPackable(f.type);
}

struct Message {
  std::string full_name;  // "pkg.Outer.Inner"
  std::string name;       // "Inner"
  std::string file;
  bool map_entry = false;
  std::vector<Field> fields;  // declaration order
  std::vector<std::string> oneofs;
  std::vector<std::string> reserved_names;            // field names taken out of use (text format skips them)
  std::unordered_map<uint32_t, int> field_by_number;  // filled by IndexField

  // The field with this number, or nullptr.
  const Field* FindField(uint32_t number) const;
  // The index in `fields` of the field with this number, or -1. Numbers below kDenseNumbers are
  // looked up in a table rather than hashed (the printers ask once per field read).
  int FieldIndex(uint32_t number) const {
    if (number < dense_field_index.size()) return dense_field_index[number];
    if (number < kDenseNumbers) return -1;
    const auto it = field_by_number.find(number);
    return it == field_by_number.end() ? -1 : it->second;
  }
  // Records that fields[index] has this number; false (nothing recorded) when the number is taken.
  bool IndexField(uint32_t number, int index);

  static constexpr uint32_t kDenseNumbers = 1024;
  std::vector<int> dense_field_index;  // by number below kDenseNumbers; -1 where none
};

struct EnumValue {
  std::string name;
  int32_t number = 0;
};

struct Enum {
  std::string full_name;
  std::string file;
  bool closed = false;  // proto2: numbers it does not define are unknown fields
  std::vector<EnumValue> values;

  // The first value's name with this number, or nullptr.
  const char* NameOf(int32_t number) const;
};

// An rpc of a service: what a call's request and response messages are.
struct Method {
  std::string name;         // "WhoAmI"
  std::string input_type;   // full name of the request message ("pkg.WhoAmIRequest")
  std::string output_type;  // full name of the response message
  int32_t input = -1;       // index into Schema::messages, or -1 while unresolved / not loaded
  int32_t output = -1;
  bool client_streaming = false;
  bool server_streaming = false;
};

struct Service {
  std::string full_name;  // "pkg.UserService"
  std::string file;
  std::vector<Method> methods;  // declaration order
};

// A method found by name or HTTP path.
struct MethodRef {
  int service = -1;  // index into Schema::services
  int method = -1;   // index into Service::methods
  bool found() const { return service >= 0; }
};

struct File {
  std::string name;
  std::string package;
  std::string syntax;   // "proto2", "proto3" or "editions"
  int32_t edition = 0;  // editions: descriptor.proto's Edition number (1000: 2023, 1001: 2024)
  std::vector<std::string> dependencies;
  std::vector<int> messages;  // top-level and nested, map entries included
  std::vector<int> enums;
  std::vector<int> services;      // index into Schema::services
  std::vector<Field> extensions;  // declared in the file (top level or in a message)
};

struct Schema {
  std::vector<File> files;
  std::vector<Message> messages;
  std::vector<Enum> enums;
  std::vector<Service> services;
  std::unordered_map<std::string, int> message_by_name;
  std::unordered_map<std::string, int> enum_by_name;

  // Index of the message with this full name (a leading '.' is accepted), or -1.
  int FindMessage(std::string_view full_name) const;
  int FindEnum(std::string_view full_name) const;
  // The method `full_method` names: "pkg.Service/Method" or "pkg.Service.Method" (a leading '.' or
  // '/' is accepted).
  MethodRef FindMethod(std::string_view full_method) const;
  // The method an HTTP request's path names, as gRPC, gRPC-web and Connect form it:
  // "/pkg.Service/Method", possibly after a route prefix ("/api/pkg.Service/Method") and before a
  // query string ("?encoding=proto..."). Not found when the last two segments name no method.
  MethodRef FindMethodByPath(std::string_view path) const;
  // Points each method at its input and output messages (Method::input/output; -1 for a type not
  // in the schema).
  void ResolveMethods();
  // The message a google.protobuf.Any type_url names (the full name after its last '/', which it
  // must have), or -1.
  int FindMessageByTypeUrl(std::string_view type_url) const;
  // Adds each file's extensions to the fields of the messages they extend (once; an extendee not
  // in the schema is left out, as is a number the extendee already has).
  void AttachExtensions();
  // Appends the files and types of `other`, a schema resolved on its own (another descriptor set),
  // after this one's. A full name both define keeps naming this schema's type; `other`'s fields keep
  // pointing at its own.
  void Append(Schema&& other);
};

}  // namespace wirelens::schema

#endif  // WIRELENS_CORE_SCHEMA_SCHEMA_H_
