// Serialized FileDescriptorProtos into the Schema model without libprotobuf: what generated code
// embeds for its JSON and text formats, and what a descriptor set from any protoc holds.
#ifndef WIRELENS_CORE_SCHEMA_DESCRIPTOR_READER_H_
#define WIRELENS_CORE_SCHEMA_DESCRIPTOR_READER_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/schema/schema.h"

namespace wirelens::schema {

// Adds the file in the serialized FileDescriptorProto [data, data + size) to *schema: its messages
// (nested ones and map entries included, in declaration order, depth first), enums and fields with
// the semantics libprotobuf derives (json_name from the name when the descriptor has none, packed,
// presence, maps, real oneofs without proto3 optional's synthetic ones, closed proto2 enums) and
// its extensions (in File::extensions) and services.
// Type references are full names and resolve only in ResolveTypes(). A file whose name is already
// in *schema is skipped. Returns false with a reason in *error on bytes that are not a
// FileDescriptorProto (wire errors, a field of the wrong wire type, no file name); *schema then
// holds nothing of this file.
bool AddFileDescriptor(const uint8_t* data, size_t size, Schema* schema, std::string* error);

// Adds the extensions to the messages they extend (Schema::AttachExtensions), points each method at
// its messages (Schema::ResolveMethods), then every message/enum field at its type (Field::message,
// Field::enumeration). Returns false with the first type named but not in *schema in *error (the others stay resolved).
bool ResolveTypes(Schema* schema, std::string* error);

// protoc's default JSON name of a field: underscores dropped, the letter after each upper-cased.
std::string DefaultJsonName(const std::string& name);

}  // namespace wirelens::schema

#endif  // WIRELENS_CORE_SCHEMA_DESCRIPTOR_READER_H_
