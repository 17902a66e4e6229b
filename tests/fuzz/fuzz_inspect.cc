// Fuzz target: the inspector, raw and with the TestAllTypesProto3 schema, bare or framed, on the
// bytes as they are or unpacked first (the first byte picks; framings are also ranked).
// Invariants: every byte of the input is covered by exactly one node or undecoded range at each
// level (children tile their parent's value, top-level nodes tile the input), offsets are in
// bounds, the text/JSON/node-JSON writers never crash on what it produced, and a payload the text
// printer over wire bytes accepts prints as the node-based printer prints it (text and tree), and
// the sliced printer, entering every message it can and stopping after every piece, prints that
// text and MessageJson's JSON.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/format/json_format.h"
#include "core/format/node_json.h"
#include "core/format/sliced_print.h"
#include "core/format/text_format.h"
#include "core/format/wire_text.h"
#include "core/inspect/diff.h"
#include "core/inspect/framing.h"
#include "core/inspect/inspector.h"
#include "core/inspect/unpack.h"
#include "tests/fuzz/test_schema.h"
#include "tests/inspect/tiling.h"

using wirelens::inspect::NodeList;

namespace {

void ExpectSlicedAsWhole(const uint8_t* data, size_t size, const wirelens::schema::Schema& schema, int root,
                         std::string_view text) {
  std::string json, error;
  wirelens::format::MessageJson(data, size, schema, root, &json, &error);
  for (const bool as_json : {false, true}) {
    std::string out;
    wirelens::format::WritePiece write = [&](std::string_view piece) { out += piece; };
    wirelens::format::SlicedPrint print(
        data, size, schema, root,
        as_json ? wirelens::format::JsonLevelPrinter(schema, write) : wirelens::format::TextLevelPrinter(schema, write),
        {8, 8});
    while (!print.Step([] { return false; })) {}
    if (out != (as_json ? std::string_view(json) : text) || print.error() != (as_json ? error : "")) std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  // Unpacked: the inspector then runs on the unpacked bytes (bounded at 1 MB), the first byte kept.
  if ((data[0] & 0x10) != 0) {
    const uint8_t first = data[0] & ~0x10;
    wirelens::inspect::Unpacked unpacked = wirelens::inspect::UnpackBody(data + 1, size - 1, 1 << 20);
    if (!unpacked.changed) unpacked.bytes.assign(reinterpret_cast<const char*>(data + 1), size - 1);
    const wirelens::inspect::Unpacked frames = wirelens::inspect::InflateGrpcFrames(
        reinterpret_cast<const uint8_t*>(unpacked.bytes.data()), unpacked.bytes.size(), 1 << 20);
    if (frames.bytes.size() > (2u << 20) || unpacked.bytes.size() > (1u << 20) + size) std::abort();
    const std::string input =
        std::string(1, static_cast<char>(first)) + (frames.changed ? frames.bytes : unpacked.bytes);
    return LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(input.data()), input.size());
  }
  const bool typed = data[0] & 1;
  wirelens::inspect::InspectOptions options;
  options.framing = static_cast<wirelens::inspect::Framing>((data[0] >> 1) % wirelens::inspect::kFramingCount);
  const wirelens::schema::Schema& schema = wirelens::testing::FuzzTestSchema();
  const int root = typed ? schema.FindMessage("protobuf_test_messages.proto3.TestAllTypesProto3") : -1;
  const NodeList list = wirelens::inspect::Inspect(data + 1, size - 1, typed ? &schema : nullptr, root, options);
  const auto ranked = wirelens::inspect::RankFramings(data + 1, size - 1);
  if (ranked.size() != static_cast<size_t>(wirelens::inspect::kFramingCount)) std::abort();
  if (!wirelens::testing::TilesInput(list)) std::abort();
  if (!list.first_error.ok() && list.first_error.offset > size - 1) std::abort();
  // NodeAt against its definition: every offset of a small input, 4,096 spread over a large one.
  const size_t stride = std::max<size_t>(1, size / 4096);
  for (size_t offset = 0; offset <= size - 1; offset += stride) {
    const auto at = static_cast<uint32_t>(offset);
    if (list.NodeAt(at) != wirelens::testing::NodeAtByWalking(list, at)) std::abort();
  }
  std::string out, error;
  if (typed || options.framing != wirelens::inspect::Framing::kBare) {
    (void)wirelens::format::TextFormat(list, data + 1, schema);
    (void)wirelens::format::TextFormat(list, data + 1, schema, /*expand_any=*/true);
    (void)wirelens::format::JsonFormat(list, data + 1, schema, &out, &error);
  } else {
    (void)wirelens::format::RawTextFormat(data + 1, size - 1, &out);
  }
  // A payload the CLI prints straight from its bytes: the inspector found no problem in it, and the
  // text is the node-based printer's, byte for byte.
  if (options.framing == wirelens::inspect::Framing::kBare &&
      wirelens::format::IsPlainMessage(data + 1, size - 1, typed ? &schema : nullptr, root)) {
    if (!list.first_error.ok()) std::abort();
    wirelens::format::TextOutput streamed;
    const bool printed = typed ? wirelens::format::MessageText(data + 1, size - 1, schema, root, &streamed)
                               : wirelens::format::RawText(data + 1, size - 1, &streamed);
    if (printed && streamed.held() != wirelens::format::TextFormat(list, data + 1, schema)) std::abort();
    if (typed && !printed) std::abort();
    wirelens::format::TextOutput tree;
    wirelens::format::PlainPayloadTree(data + 1, size - 1, typed ? &schema : nullptr, root, &tree);
    if (tree.held() != wirelens::format::NodeTree(list, data + 1, typed ? &schema : nullptr)) std::abort();
    if (typed) ExpectSlicedAsWhole(data + 1, size - 1, schema, root, streamed.held());
  }
  (void)wirelens::format::NodeJson(list, data + 1, typed ? &schema : nullptr);
  // A payload differs from nothing in itself.
  const wirelens::inspect::DecodedPayload self{&list, data + 1};
  if (!wirelens::inspect::DiffPayloads(self, self, typed ? &schema : nullptr).empty()) std::abort();
  return 0;
}
