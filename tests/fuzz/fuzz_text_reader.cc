// Fuzz target: the text-format reader (core/format/text_reader.h) on any text, as
// TestAllTypesProto3. Invariants: it never crashes; what it accepts is a message that decodes whole;
// and the reader and the printer agree: decoding the bytes, printing them as text and reading that
// back gives bytes that, printed and read again, give the same bytes (the first round only sorts map
// entries by key and keeps the last of repeated keys).
// (A proto3 string that is not UTF-8 is accepted and written, as protoc --encode does.)
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/format/text_format.h"
#include "core/format/text_reader.h"
#include "core/inspect/inspector.h"
#include "tests/fuzz/test_schema.h"

namespace {

// Decodes `bytes` and prints them as text format; aborts when they do not decode whole. Excepted,
// as the reader writes them as protoc --encode does: a proto3 string that is not UTF-8, and an
// Any's `value` bytes whose fields have wire types their schema's fields cannot have (the
// inspector's warning; they decode as unknown fields).
std::string Print(const std::string& bytes, int root) {
  const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
  const wirelens::inspect::NodeList list =
      wirelens::inspect::Inspect(data, bytes.size(), &wirelens::testing::FuzzTestSchema(), root);
  const wirelens::ErrorKind kind = list.first_error.kind;
  if (kind != wirelens::ErrorKind::kOk && kind != wirelens::ErrorKind::kInvalidUtf8 &&
      kind != wirelens::ErrorKind::kWireTypeMismatch) {
    std::abort();
  }
  return wirelens::format::TextFormat(list, data, wirelens::testing::FuzzTestSchema());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const wirelens::schema::Schema& schema = wirelens::testing::FuzzTestSchema();
  const int root = schema.FindMessage("protobuf_test_messages.proto3.TestAllTypesProto3");
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const wirelens::format::EncodeResult first = wirelens::format::EncodeTextFormat(text, schema, root);
  if (!first.ok) {
    if (first.error.empty()) std::abort();
    return 0;
  }
  const wirelens::format::EncodeResult second =
      wirelens::format::EncodeTextFormat(Print(first.bytes, root), schema, root);
  if (!second.ok) std::abort();
  const wirelens::format::EncodeResult third =
      wirelens::format::EncodeTextFormat(Print(second.bytes, root), schema, root);
  if (!third.ok || third.bytes != second.bytes) std::abort();
  return 0;
}
