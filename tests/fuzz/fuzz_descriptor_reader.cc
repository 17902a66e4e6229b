// Fuzz target: the descriptor reader (core/schema/descriptor_reader.h) that builds the schema
// generated code embeds, on any bytes and on the embedded descriptors of TestAllTypesProto2/3
// and TestAllTypesEdition2023 (features at every level) with a window of the input written over
// them (so that the mutations start from real files).
// Invariants: it never crashes; what it accepts resolves or says which type is missing; every
// message of an accepted schema prints as JSON when empty (its fields' types are consistent).
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/format/json_format.h"
#include "core/inspect/inspector.h"
#include "core/schema/descriptor_reader.h"
#include "google/protobuf/test_messages_proto2.wl.h"
#include "google/protobuf/test_messages_proto3.wl.h"
#ifdef WIRELENS_FUZZ_EDITIONS
#include "google/protobuf/test_messages_edition2023.wl.h"
#endif

namespace {

void Read(const std::string& bytes) {
  wirelens::schema::Schema schema;
  std::string error;
  if (!wirelens::schema::AddFileDescriptor(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), &schema,
                                           &error)) {
    if (error.empty()) __builtin_trap();
    return;
  }
  if (!wirelens::schema::ResolveTypes(&schema, &error)) {
    if (error.empty()) __builtin_trap();
    return;
  }
  for (int m = 0; m < static_cast<int>(schema.messages.size()); ++m) {
    const wirelens::inspect::NodeList list = wirelens::inspect::Inspect(nullptr, 0, &schema, m);
    std::string json;
    (void)wirelens::format::JsonFormat(list, nullptr, schema, &json, &error);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Read(std::string(reinterpret_cast<const char*>(data), size));
  if (size < 3) return 0;
  // Byte 0: which file; bytes 1-2: where the rest of the input is written over it.
  const wirelens::EmbeddedFile* file =
      data[0] & 1 ? &wl::protobuf_test_messages::proto3::TestAllTypesProto3::wl_embedded_file()
                  : &wl::protobuf_test_messages::proto2::TestAllTypesProto2::wl_embedded_file();
#ifdef WIRELENS_FUZZ_EDITIONS
  if (data[0] & 2) file = &wl::protobuf_test_messages::editions::TestAllTypesEdition2023::wl_embedded_file();
#endif
  std::string bytes(reinterpret_cast<const char*>(file->descriptor), file->size);
  const size_t at = (static_cast<size_t>(data[1]) << 8 | data[2]) % bytes.size();
  for (size_t i = 3; i < size && at + i - 3 < bytes.size(); ++i) bytes[at + i - 3] = static_cast<char>(data[i]);
  Read(bytes);
  return 0;
}
