// The schema a generated .wl.cc embeds: its file's FileDescriptorProto, for the JSON and text
// formats (core/format/message_format.h). Plain constant data; unreferenced, the linker drops it.
#ifndef WIRELENS_CORE_WIRE_EMBEDDED_FILE_H_
#define WIRELENS_CORE_WIRE_EMBEDDED_FILE_H_

#include <cstddef>
#include <cstdint>

namespace wirelens {

struct EmbeddedFile {
  const char* name;           // the .proto file's name, e.g. "google/protobuf/any.proto"
  const uint8_t* descriptor;  // its serialized FileDescriptorProto (json_name filled in)
  size_t size;
  // The embedded files of the files whose messages and enums this file's fields use; ends with
  // nullptr. Imports nothing uses (e.g. for custom options) are not linked in, so not listed.
  const EmbeddedFile* const* uses;
};

}  // namespace wirelens

#endif  // WIRELENS_CORE_WIRE_EMBEDDED_FILE_H_
