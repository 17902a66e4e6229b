// Fuzz target: the JSON reader (core/format/json_reader.h) on any text, as TestAllTypesProto3.
// Invariants: it never crashes; a refusal says why; what it accepts is a message that decodes
// whole; and the reader and the JSON printer agree: printing the bytes as JSON and reading that
// back gives bytes that, printed and read again, give the same bytes (the first round may only
// sort map entries by key, keep the last of repeated keys, and drop values at their default).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/format/json_format.h"
#include "core/format/json_reader.h"
#include "core/inspect/inspector.h"
#include "tests/fuzz/test_schema.h"

namespace {

// Decodes `bytes` and prints them as JSON; aborts when they do not decode whole. False when the
// printer finds no JSON form for them (what the reader wrote should always have one; the second
// round checks that).
bool Print(const std::string& bytes, int root, std::string* json) {
  const wirelens::schema::Schema& schema = wirelens::testing::FuzzTestSchema();
  const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
  const wirelens::inspect::NodeList list = wirelens::inspect::Inspect(data, bytes.size(), &schema, root);
  if (!list.first_error.ok()) std::abort();
  std::string error;
  return wirelens::format::JsonFormat(list, data, schema, json, &error);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const wirelens::schema::Schema& schema = wirelens::testing::FuzzTestSchema();
  const int root = schema.FindMessage("protobuf_test_messages.proto3.TestAllTypesProto3");
  wirelens::format::JsonReadOptions options;
  options.ignore_unknown_fields = size > 0 && data[0] == ' ';  // a leading space: both modes fuzzed
  const std::string_view json(reinterpret_cast<const char*>(data), size);
  const wirelens::format::EncodeResult first = wirelens::format::EncodeJson(json, schema, root, options);
  if (!first.ok) {
    if (first.error.empty() || !first.bytes.empty()) std::abort();
    return 0;
  }
  std::string printed;
  if (!Print(first.bytes, root, &printed)) return 0;
  const wirelens::format::EncodeResult second = wirelens::format::EncodeJson(printed, schema, root);
  if (!second.ok || !Print(second.bytes, root, &printed)) std::abort();
  const wirelens::format::EncodeResult third = wirelens::format::EncodeJson(printed, schema, root);
  if (!third.ok || third.bytes != second.bytes) std::abort();
  return 0;
}
