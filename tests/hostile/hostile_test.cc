// Hostile inputs through the generated codecs and the inspector (natively and in wasm under Node):
// more than 10,000 malformed payloads made from real ones (every truncation, bit flips, overlong
// varints, huge lengths, wrong wire types, deep nests), and malformed .proto files. Nothing may
// abort; every failure carries an error kind and an offset inside the input.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bench.wl.h"
#include "bench_cases/partialSketch/generator.h"
#include "core/inspect/inspector.h"
#include "core/schema/loader.h"
#include "core/wire/test_util.h"
#include "tests/inspect/tiling.h"

namespace {

using wirelens::ErrorKind;
using wirelens::Status;

std::string BenchPayload() {
  wl::Test m;
  m.set_string("Lorem ipsum dolor sit amet.");
  m.set_uint32(9000);
  m.set_float_(0.25f);
  m.mutable_inner()->set_int32(20161110);
  m.mutable_inner()->mutable_innerinner()->set_long_(649545084044315);
  m.mutable_inner()->mutable_innerinner()->set_enum_(wl::Enum::TWO);
  m.mutable_inner()->mutable_innerinner()->set_sint32(-42);
  *m.mutable_inner()->mutable_outer()->mutable_bool_() = {true, false, true};
  m.mutable_inner()->mutable_outer()->set_double_(204.8);
  return m.Encode();
}

const wirelens::schema::Schema& SketchSchema() {
  static const wirelens::schema::LoadResult loaded = wirelens::schema::LoadProtoFiles(
      {{"partialSketch.proto", wirelens::testing::ReadFile(std::string(WIRELENS_SOURCE_DIR) +
                                                           "/bench_cases/partialSketch/partialSketch.proto")}});
  return loaded.schema;
}

// Runs one payload through everything; returns true when it was malformed for the codec.
template <typename M>
bool Check(const std::string& bytes, const wirelens::schema::Schema& schema, int root) {
  M message;
  const Status status = message.Decode(bytes);
  if (!status.ok()) {
    EXPECT_LE(status.offset, bytes.size());
    EXPECT_NE(status.kind, ErrorKind::kOk);
  } else {
    M again;
    EXPECT_TRUE(again.Decode(message.Encode()).ok());
  }
  const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
  for (const bool typed : {false, true}) {
    const auto list = wirelens::inspect::Inspect(data, bytes.size(), typed ? &schema : nullptr, typed ? root : -1);
    EXPECT_TRUE(wirelens::testing::TilesInput(list)) << "tiling broken";
    if (!list.first_error.ok()) { EXPECT_LE(list.first_error.offset, bytes.size()); }
  }
  return !status.ok();
}

// The mutations of `base` the corpus uses, at every `stride`-th offset.
std::vector<std::string> Mutations(const std::string& base, size_t stride = 1) {
  std::vector<std::string> out;
  for (size_t cut = 0; cut < base.size(); cut += stride) out.push_back(base.substr(0, cut));  // truncations
  for (size_t i = 0; i < base.size(); i += stride) {
    for (int bit = 0; bit < 8; bit += 3) {  // bit flips 0, 3, 6 at every byte
      std::string m = base;
      m[i] = static_cast<char>(m[i] ^ (1 << bit));
      out.push_back(m);
    }
    std::string overlong = base;  // an overlong varint: 11 continuation bytes inserted
    overlong.insert(i, std::string(11, '\x80'));
    out.push_back(overlong);
    std::string huge = base;  // a huge declared length
    huge.insert(i, "\xff\xff\xff\xff\x0f");
    out.push_back(huge);
    std::string wire = base;  // another wire type on the same tag byte
    wire[i] = static_cast<char>((wire[i] & ~7) | ((wire[i] + 1) & 7));
    out.push_back(wire);
  }
  // Deep nests: 150 levels of length-delimited field 1, and of groups.
  std::string nest = "\x08\x01";
  for (int i = 0; i < 150; ++i)
    nest = std::string("\x0a", 1) + static_cast<char>(nest.size() < 128 ? nest.size() : 0) + nest;
  out.push_back(nest);
  out.push_back(std::string(150, '\x0b') + std::string(150, '\x0c'));
  out.push_back(std::string(150, '\x0b'));
  return out;
}

TEST(Hostile, TenThousandMalformedPayloads) {
  const std::string bench = BenchPayload();
  const std::string sketch = wirelens::bench_cases::GeneratePartialSketch(7, nullptr, 2).Encode();
  const wirelens::schema::Schema& schema = SketchSchema();
  const int layer = schema.FindMessage("partialsketch.Layer");
  ASSERT_GE(layer, 0);
  size_t cases = 0, malformed = 0;
  for (const std::string& m : Mutations(bench)) {
    malformed += Check<wl::Test>(m, schema, -1);
    ++cases;
  }
  // The whole sketch sample (two layers, a few hundred fills), mutated at about 2,000 offsets.
  for (const std::string& m : Mutations(sketch, sketch.size() / 2000 + 1)) {
    malformed += Check<wl::partialsketch::Layer>(m, schema, layer);
    ++cases;
  }
  std::printf("[ wirelens ] %zu hostile payloads (bench %zu bytes, sketch %zu bytes), %zu malformed for the codec\n",
              cases, bench.size(), sketch.size(), malformed);
  EXPECT_GE(cases, 10000u);
  EXPECT_GE(malformed, 5000u);
}

TEST(Hostile, MalformedProtoFilesReportPositions) {
  const std::string base = R"(syntax = "proto3";
package p;
import "google/protobuf/timestamp.proto";
enum E { E_UNSPECIFIED = 0; ONE = 1; }
message M {
  string name = 1;
  repeated int32 ids = 2 [packed = true];
  map<string, M> children = 3;
  oneof pick { E e = 4; google.protobuf.Timestamp at = 5; }
}
)";
  const std::vector<std::pair<std::string, std::string>> edits = {{"= 1;", "= ;"},
                                                                  {"message M {", "message M"},
                                                                  {"repeated", "repeatd"},
                                                                  {"map<string, M>", "map<M, string>"},
                                                                  {"oneof pick {", "oneof {"},
                                                                  {"}\n", "}}\n"},
                                                                  {"syntax = \"proto3\";", "syntax = \"proto9\";"},
                                                                  {"= 2", "= -2"},
                                                                  {"E e = 4", "E e = 1"},
                                                                  {"import", "imprt"},
                                                                  {"timestamp.proto", "nothere.proto"},
                                                                  {"int32", "int33"},
                                                                  {"name", "1name"},
                                                                  {"\"proto3\"", "proto3"},
                                                                  {";", ""}};
  size_t with_errors = 0;
  for (const auto& [from, to] : edits) {
    std::string text = base;
    text.replace(text.find(from), from.size(), to);
    const auto result = wirelens::schema::LoadProtoFiles({{"m.proto", text}});
    ASSERT_FALSE(result.ok()) << "still valid after '" << from << "' -> '" << to << "'";
    ++with_errors;
    // At least one error points into the file (a missing import also gets "<name>: File not found.").
    bool positioned = false;
    for (const auto& d : result.errors) positioned |= d.file == "m.proto" && d.line >= 1 && d.column >= 1;
    EXPECT_TRUE(positioned) << result.errors[0].ToString();
  }
  for (size_t cut = 1; cut < base.size(); cut += 3) {  // truncations: never a crash
    const auto result = wirelens::schema::LoadProtoFiles({{"m.proto", base.substr(0, cut)}});
    for (const auto& d : result.errors) EXPECT_FALSE(d.ToString().empty());
  }
  EXPECT_EQ(with_errors, edits.size());
}

}  // namespace
