// Fuzz target: the inspector, raw and with the TestAllTypesProto3 schema (the first byte picks).
// Invariants: every byte of the input is covered by exactly one node or undecoded range at each
// level (children tile their parent's value, top-level nodes tile the input), offsets are in
// bounds, and the text/JSON/node-JSON writers never crash on what it produced.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "core/format/json_format.h"
#include "core/format/node_json.h"
#include "core/format/text_format.h"
#include "core/inspect/inspector.h"
#include "core/schema/loader.h"

namespace {

using wirelens::inspect::Interpretation;
using wirelens::inspect::Node;
using wirelens::inspect::NodeKind;
using wirelens::inspect::NodeList;

const wirelens::schema::Schema& TestSchema() {
  static const wirelens::schema::LoadResult loaded = [] {
    std::ifstream in(std::string(WIRELENS_PROTOBUF_SRC_DIR) + "/src/google/protobuf/test_messages_proto3.proto");
    std::ostringstream text;
    text << in.rdbuf();
    return wirelens::schema::LoadProtoFiles({{"google/protobuf/test_messages_proto3.proto", text.str()}});
  }();
  return loaded.schema;
}

// Checks that the children of `parent` (kNoNode: the top level) tile [begin, end).
void CheckTiling(const NodeList& list, uint32_t parent, uint32_t begin, uint32_t end) {
  uint32_t cursor = begin;
  const uint32_t first = parent == wirelens::inspect::kNoNode ? 0 : parent + 1;
  const uint32_t last = parent == wirelens::inspect::kNoNode ? static_cast<uint32_t>(list.nodes.size()) : list.nodes[parent].end;
  for (uint32_t c = first; c < last; c = list.nodes[c].end) {
    const Node& n = list.nodes[c];
    if (n.parent != parent || n.end <= c || n.end > last) std::abort();
    if (n.tag_offset != cursor) std::abort();
    if (n.kind == NodeKind::kError) {
      cursor = n.value_offset();
      if (cursor < n.tag_offset || cursor > end) std::abort();
      continue;
    }
    if (n.span_end() > end) std::abort();
    const bool has_children = n.end > c + 1;
    if (has_children) {
      if (n.interpretation != Interpretation::kMessage && n.interpretation != Interpretation::kGroup &&
          n.interpretation != Interpretation::kPackedVarint && n.interpretation != Interpretation::kPackedFixed32 &&
          n.interpretation != Interpretation::kPackedFixed64) {
        std::abort();
      }
      CheckTiling(list, c, n.value_offset(), n.value_offset() + n.value_length);
    }
    cursor = n.span_end();
  }
  if (cursor != end) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const bool typed = data[0] & 1;
  const wirelens::schema::Schema& schema = TestSchema();
  const int root = typed ? schema.FindMessage("protobuf_test_messages.proto3.TestAllTypesProto3") : -1;
  const NodeList list = wirelens::inspect::Inspect(data + 1, size - 1, typed ? &schema : nullptr, root);
  CheckTiling(list, wirelens::inspect::kNoNode, 0, static_cast<uint32_t>(size - 1));
  if (!list.first_error.ok() && list.first_error.offset > size - 1) std::abort();
  std::string out, error;
  if (typed) {
    (void)wirelens::format::TextFormat(list, data + 1, schema);
    (void)wirelens::format::JsonFormat(list, data + 1, schema, &out, &error);
  } else {
    (void)wirelens::format::RawTextFormat(data + 1, size - 1, &out);
  }
  (void)wirelens::format::NodeJson(list, data + 1, typed ? &schema : nullptr);
  return 0;
}
