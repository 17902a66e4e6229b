// Fuzz target: edits through the inspector's decode (core/inspect/edit.h), raw and with the
// TestAllTypesProto3 schema, bare or framed (the first byte picks, as in fuzz_inspect).
// Invariants: every value set to the text it is shown as gives a payload that decodes the same
// (DiffPayloads finds nothing; only a string field holding bytes that are not UTF-8 may be refused);
// deleting any node and adding a field give bytes the inspector decodes, tiled as always; a field
// added to a payload that decoded whole is its last top-level field, with the value given.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/inspect/diff.h"
#include "core/inspect/edit.h"
#include "core/inspect/inspector.h"
#include "core/inspect/values.h"
#include "tests/fuzz/test_schema.h"
#include "tests/inspect/tiling.h"

namespace {

using wirelens::inspect::NodeList;

// Nodes edited per input (spread over the list; each edit decodes and diffs the whole payload
// again, so fewer for large inputs).
constexpr uint32_t kEditsPerInput = 24;
constexpr uint32_t kEditsPerLargeInput = 4;
constexpr size_t kLargeInput = 64 * 1024;

const uint8_t* Bytes(const std::string& s) { return reinterpret_cast<const uint8_t*>(s.data()); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const bool typed = data[0] & 1;
  wirelens::inspect::InspectOptions options;
  options.framing = static_cast<wirelens::inspect::Framing>((data[0] >> 1) % wirelens::inspect::kFramingCount);
  const wirelens::schema::Schema* schema = typed ? &wirelens::testing::FuzzTestSchema() : nullptr;
  const int root = typed ? schema->FindMessage("protobuf_test_messages.proto3.TestAllTypesProto3") : -1;
  const uint8_t* payload = data + 1;
  const size_t payload_size = size - 1;
  const NodeList list = wirelens::inspect::Inspect(payload, payload_size, schema, root, options);
  auto decode = [&](const std::string& bytes) {
    const NodeList again = wirelens::inspect::Inspect(Bytes(bytes), bytes.size(), schema, root, options);
    if (!wirelens::testing::TilesInput(again)) std::abort();
    return again;
  };
  const uint32_t count = static_cast<uint32_t>(list.nodes.size());
  const uint32_t step = count / (size > kLargeInput ? kEditsPerLargeInput : kEditsPerInput) + 1;
  for (uint32_t i = 0; i < count; i += step) {
    const std::string text = wirelens::inspect::EditableValue(list, i, payload, schema);
    if (!text.empty()) {
      const wirelens::inspect::EditResult same =
          wirelens::inspect::SetValue(list, payload, payload_size, schema, i, text);
      if (!same.ok) {
        if (same.error.find("not valid UTF-8") == std::string::npos) std::abort();
      } else {
        const NodeList again = decode(same.bytes);
        if (!wirelens::inspect::DiffPayloads({&list, payload}, {&again, Bytes(same.bytes)}, schema).empty())
          std::abort();
      }
    }
    const wirelens::inspect::EditResult deleted = wirelens::inspect::DeleteNode(list, payload, payload_size, i);
    if (deleted.ok) decode(deleted.bytes);
  }
  const wirelens::inspect::EditResult added =
      wirelens::inspect::AddField(list, payload, payload_size, schema, wirelens::inspect::kNoNode, 12345,
                                  wirelens::schema::FieldType::kSInt64, "-7");
  if (added.ok != (options.framing == wirelens::inspect::Framing::kBare)) std::abort();
  if (added.ok) {
    const NodeList again = decode(added.bytes);
    if (list.first_error.ok()) {
      uint32_t last = 0;
      for (uint32_t n = 0; n < again.nodes.size(); n = again.nodes[n].end) last = n;
      const wirelens::inspect::Node& node = again.nodes[last];
      if (node.field_number != 12345 || wirelens::inspect::RawValue(node, Bytes(added.bytes)) != 13) std::abort();
    }
  }
  return 0;
}
