// The inspector engine: raw and schema decoding, interpretations, offsets, and errors that keep
// everything before them.
#include "core/inspect/inspector.h"

#include <gtest/gtest.h>

#include "core/wire/test_util.h"

#include <string>

#include "core/format/node_json.h"
#include "core/inspect/guess.h"
#include "core/inspect/values.h"
#include "core/schema/loader.h"
#include "tests/inspect/tiling.h"

namespace wirelens::inspect {
namespace {

std::string H(const char* hex) { return wirelens::testing::FromHex(hex); }

struct Decoded {
  std::string bytes;
  NodeList list;
  const uint8_t* data() const { return reinterpret_cast<const uint8_t*>(bytes.data()); }
};

Decoded Raw(const char* hex, const InspectOptions& options = {}) {
  Decoded d{H(hex), {}};
  d.list = Inspect(d.data(), d.bytes.size(), nullptr, -1, options);
  return d;
}

const schema::Schema& TestSchema() {
  static const schema::LoadResult loaded = schema::LoadProtoFiles({{"t.proto", R"(
syntax = "proto3";
package t;
enum Kind { KIND_UNSPECIFIED = 0; BIG = 1; }
message B { int32 y = 1; }
message A {
  B b = 1;
  int32 x = 2;
  repeated int32 nums = 3;
  map<string, int32> m = 4;
  string s = 5;
  Kind kind = 6;
}
)"}});
  EXPECT_TRUE(loaded.ok());
  return loaded.schema;
}

Decoded Typed(const char* hex) {
  Decoded d{H(hex), {}};
  d.list = Inspect(d.data(), d.bytes.size(), &TestSchema(), TestSchema().FindMessage("t.A"));
  return d;
}

std::string Text(const Decoded& d, uint32_t i, const schema::Schema* schema = nullptr) {
  return ValueText(d.list, i, d.data(), schema);
}

TEST(Inspector, RawNumbersAndStringsWithOffsets) {
  const Decoded d = Raw("08 96 01 15 00 00 80 3e 1a 03 61 62 63");
  ASSERT_EQ(d.list.nodes.size(), 3u);
  EXPECT_TRUE(d.list.first_error.ok());
  const Node& varint = d.list.nodes[0];
  EXPECT_EQ(varint.field_number, 1u);
  EXPECT_EQ(varint.tag_offset, 0u);
  EXPECT_EQ(varint.tag_length, 1u);
  EXPECT_EQ(varint.value_offset(), 1u);
  EXPECT_EQ(varint.value_length, 2u);
  EXPECT_EQ(RawValue(varint, d.data()), 150u);
  EXPECT_EQ(Text(d, 0), "150 | zigzag 75");
  EXPECT_EQ(Text(d, 1), "0x3e800000 | 1048576000 | float 0.25");
  const Node& text = d.list.nodes[2];
  EXPECT_EQ(text.interpretation, Interpretation::kString);
  EXPECT_EQ(text.length_prefix_length, 1u);
  EXPECT_EQ(text.value_offset(), 10u);
  EXPECT_EQ(Text(d, 2), "\"abc\"");
}

TEST(Inspector, RawSubMessageWhenItParsesToTheEnd) {
  const Decoded d = Raw("0a 04 08 01 10 02");
  ASSERT_EQ(d.list.nodes.size(), 3u);
  EXPECT_EQ(d.list.nodes[0].interpretation, Interpretation::kMessage);
  EXPECT_EQ(d.list.nodes[0].end, 3u);
  EXPECT_EQ(d.list.nodes[1].parent, 0u);
  EXPECT_EQ(d.list.nodes[1].depth, 1u);
  EXPECT_EQ(d.list.nodes[2].tag_offset, 4u);
  EXPECT_EQ(Text(d, 0), "{2 fields}");
}

TEST(Inspector, RawPrefersTextAndKeepsTheAlternatives) {
  const Decoded d = Raw("0a 02 68 69");  // "hi" also parses as {13: 105}
  EXPECT_EQ(d.list.nodes[0].interpretation, Interpretation::kString);
  const uint32_t fits = FittingInterpretations(d.data() + 2, 2);
  EXPECT_NE(fits & (1u << static_cast<int>(Interpretation::kMessage)), 0u);
  EXPECT_NE(fits & (1u << static_cast<int>(Interpretation::kPackedVarint)), 0u);
  EXPECT_EQ(fits & (1u << static_cast<int>(Interpretation::kPackedFixed32)), 0u);

  InspectOptions options;
  options.overrides[2] = Interpretation::kMessage;  // the user switches the field to "message"
  const Decoded m = Raw("0a 02 68 69", options);
  ASSERT_EQ(m.list.nodes.size(), 2u);
  EXPECT_EQ(m.list.nodes[1].field_number, 13u);
  options.overrides[2] = Interpretation::kPackedFixed64;  // does not fit: ignored
  EXPECT_EQ(Raw("0a 02 68 69", options).list.nodes[0].interpretation, Interpretation::kString);
}

TEST(Inspector, RawBinaryThatIsNeitherTextNorMessageIsBytes) {
  const Decoded d = Raw("0a 03 ff 00 07");
  EXPECT_EQ(d.list.nodes[0].interpretation, Interpretation::kBytes);
  EXPECT_EQ(Text(d, 0), "\"\\377\\000\\007\" (3 bytes)");
}

TEST(Inspector, GroupsSpanTheirEndTag) {
  const Decoded d = Raw("0b 08 01 0c 10 02");
  ASSERT_EQ(d.list.nodes.size(), 3u);
  EXPECT_EQ(d.list.nodes[0].interpretation, Interpretation::kGroup);
  EXPECT_EQ(d.list.nodes[0].value_length, 2u);
  EXPECT_EQ(d.list.nodes[0].span_end(), 4u);
  EXPECT_EQ(d.list.nodes[2].tag_offset, 4u);
}

TEST(Inspector, ErrorKeepsWhatCameBeforeAndTheRestAsUndecoded) {
  const Decoded d = Raw("08 01 0f 08 02");
  ASSERT_EQ(d.list.nodes.size(), 3u);
  EXPECT_EQ(RawValue(d.list.nodes[0], d.data()), 1u);
  EXPECT_EQ(d.list.nodes[1].kind, NodeKind::kError);
  EXPECT_EQ(d.list.nodes[1].error, ErrorKind::kBadWireType);
  EXPECT_EQ(d.list.nodes[1].value_offset(), 2u);
  EXPECT_EQ(d.list.nodes[2].kind, NodeKind::kUndecoded);
  EXPECT_EQ(d.list.nodes[2].value_offset(), 2u);
  EXPECT_EQ(d.list.nodes[2].value_length, 3u);
  EXPECT_EQ(d.list.first_error.kind, ErrorKind::kBadWireType);
  EXPECT_EQ(d.list.first_error.offset, 2u);
}

TEST(Inspector, EveryErrorKindAtItsOffset) {
  struct Case {
    const char* hex;
    ErrorKind kind;
    size_t offset;
  };
  const Case cases[] = {
      {"08", ErrorKind::kTruncated, 1},           {"08 ff ff ff ff ff ff ff ff ff ff 01", ErrorKind::kVarintTooLong, 1},
      {"0e", ErrorKind::kBadWireType, 0},         {"00", ErrorKind::kBadFieldNumber, 0},
      {"0a 05 61", ErrorKind::kLengthPastEnd, 1}, {"0c", ErrorKind::kUnmatchedGroupEnd, 0},
      {"0b 08 01", ErrorKind::kTruncated, 3},     {"0d 01 02", ErrorKind::kTruncated, 1},
  };
  for (const Case& c : cases) {
    const Decoded d = Raw(c.hex);
    EXPECT_EQ(ErrorKindName(d.list.first_error.kind), std::string(ErrorKindName(c.kind))) << c.hex;
    EXPECT_EQ(d.list.first_error.offset, c.offset) << c.hex;
  }
}

TEST(Inspector, GroupDepthLimit) {
  std::string hex;
  for (int i = 0; i < 101; ++i) hex += "0b ";
  for (int i = 0; i < 101; ++i) hex += "0c ";
  const Decoded d = Raw(hex.c_str());
  EXPECT_EQ(d.list.first_error.kind, ErrorKind::kDepthExceeded);
  EXPECT_EQ(d.list.first_error.offset, 100u);
}

TEST(Inspector, NodeLimit) {
  InspectOptions options;
  options.max_nodes = 2;
  const Decoded d = Raw("08 01 08 02 08 03", options);
  EXPECT_EQ(d.list.first_error.kind, ErrorKind::kLimitExceeded);
  EXPECT_EQ(d.list.first_error.offset, 4u);
  EXPECT_EQ(d.list.nodes.back().kind, NodeKind::kUndecoded);
}

TEST(Inspector, SchemaNamesTypesAndEnums) {
  const schema::Schema& s = TestSchema();
  const Decoded d = Typed("10 2a 2a 02 68 69 30 01 30 07");
  EXPECT_TRUE(d.list.first_error.ok());
  EXPECT_EQ(FieldLabel(d.list, 0, &s), "x");
  EXPECT_EQ(TypeLabel(d.list, 0, &s), "int32");
  EXPECT_EQ(Text(d, 0, &s), "42");
  EXPECT_EQ(Text(d, 1, &s), "\"hi\"");
  EXPECT_EQ(TypeLabel(d.list, 2, &s), "t.Kind");
  EXPECT_EQ(Text(d, 2, &s), "BIG");
  EXPECT_EQ(Text(d, 3, &s), "7");  // open enum: unknown numbers stay numbers
}

TEST(Inspector, SchemaErrorInsideSubMessageLetsTheParentGoOn) {
  const schema::Schema& s = TestSchema();
  const Decoded d = Typed("0a 02 08 80 10 05");  // b { y: <truncated> }, x: 5
  EXPECT_EQ(d.list.first_error.kind, ErrorKind::kTruncated);
  EXPECT_EQ(d.list.first_error.offset, 3u);
  ASSERT_EQ(d.list.nodes.size(), 4u);
  EXPECT_EQ(d.list.nodes[1].kind, NodeKind::kError);  // y, cut short
  EXPECT_EQ(d.list.nodes[1].parent, 0u);
  EXPECT_EQ(d.list.nodes[2].kind, NodeKind::kUndecoded);  // the rest of b's bytes
  EXPECT_EQ(d.list.nodes[2].value_offset(), 3u);
  EXPECT_EQ(d.list.nodes[2].value_length, 1u);
  EXPECT_EQ(FieldLabel(d.list, 3, &s), "x");
  EXPECT_EQ(RawValue(d.list.nodes[3], d.data()), 5u);
}

TEST(Inspector, SchemaPackedElementsAndMapEntries) {
  const schema::Schema& s = TestSchema();
  const Decoded d = Typed("1a 03 01 96 01 22 05 0a 01 6b 10 07");
  ASSERT_EQ(d.list.nodes.size(), 6u);
  EXPECT_EQ(d.list.nodes[0].interpretation, Interpretation::kPackedVarint);
  EXPECT_EQ(d.list.nodes[1].kind, NodeKind::kPackedElement);
  EXPECT_EQ(d.list.nodes[2].value_offset(), 3u);
  EXPECT_EQ(d.list.nodes[2].value_length, 2u);
  EXPECT_EQ(FieldLabel(d.list, 2, &s), "[1]");
  EXPECT_EQ(Text(d, 2, &s), "150");
  EXPECT_EQ(TypeLabel(d.list, 3, &s), "map<string, int32>");
  EXPECT_EQ(Text(d, 3, &s), "\"k\" → 7");
}

TEST(Inspector, SchemaWireTypeMismatchIsFlaggedAndKept) {
  const Decoded d = Typed("15 01 00 00 00 10 01");
  EXPECT_EQ(d.list.nodes[0].error, ErrorKind::kWireTypeMismatch);
  EXPECT_EQ(d.list.nodes[0].field, -1);
  EXPECT_EQ(RawValue(d.list.nodes[1], d.data()), 1u);
  EXPECT_EQ(d.list.first_error.kind, ErrorKind::kWireTypeMismatch);
}

TEST(Inspector, SchemaInvalidUtf8InProto3StringIsFlagged) {
  const Decoded d = Typed("2a 02 c3 28");
  EXPECT_EQ(d.list.nodes[0].error, ErrorKind::kInvalidUtf8);
  EXPECT_EQ(d.list.nodes[0].interpretation, Interpretation::kBytes);
}

TEST(Inspector, NodeAtFindsTheDeepestNode) {
  const Decoded d = Raw("0a 04 08 01 10 02 18 03");
  EXPECT_EQ(d.list.NodeAt(0), 0u);
  EXPECT_EQ(d.list.NodeAt(3), 1u);
  EXPECT_EQ(d.list.NodeAt(5), 2u);
  EXPECT_EQ(d.list.NodeAt(7), 3u);
  EXPECT_EQ(d.list.NodeAt(8), kNoNode);
}

TEST(Inspector, NodeAtMatchesTheWalkAtEveryOffset) {
  // Nesting, a packed run, a group, a zero-length value, a wrong wire type, a cut-off length.
  for (const char* hex : {"0a 04 08 01 10 02 18 03", "1a 03 01 02 03 0b 08 01 0c 12 00 3a 05 0a 03 62 63",
                          "08 96 01 0a 07 12 05 0a 03 08 01", "08 01 12 09 0a 02 08", "0f 01"}) {
    const Decoded d = Raw(hex);
    for (uint32_t offset = 0; offset <= d.bytes.size(); ++offset) {
      EXPECT_EQ(d.list.NodeAt(offset), wirelens::testing::NodeAtByWalking(d.list, offset)) << hex << " @" << offset;
    }
  }
  const Decoded typed = Typed("0a 02 08 05 10 07 1a 03 01 02 03 22 05 0a 01 61 10 02 2a 02 c3 28");
  for (uint32_t offset = 0; offset <= typed.bytes.size(); ++offset) {
    EXPECT_EQ(typed.list.NodeAt(offset), wirelens::testing::NodeAtByWalking(typed.list, offset)) << offset;
  }
}

TEST(Inspector, PackedElementsAreLabelledByTheirPosition) {
  const Decoded d = Typed("1a 04 01 02 03 04");
  ASSERT_EQ(d.list.nodes.size(), 5u);
  EXPECT_EQ(FieldLabel(d.list, 1, &TestSchema()), "[0]");
  EXPECT_EQ(FieldLabel(d.list, 4, &TestSchema()), "[3]");
}

TEST(Inspector, GuessRanksTheRightTypeFirst) {
  const schema::Schema& s = TestSchema();
  const std::string bytes = H("0a 02 08 01 10 05 1a 02 01 02 2a 01 61");
  const auto ranked = RankRootTypes(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), s);
  ASSERT_FALSE(ranked.empty());
  EXPECT_EQ(s.messages[ranked[0].message].full_name, "t.A");
  EXPECT_TRUE(ranked[0].parses);
  EXPECT_DOUBLE_EQ(ranked[0].score, 100.0);
}

TEST(Inspector, DecodingInSlicesGivesTheSameNodes) {
  const std::string bytes = H("08 01 12 04 08 02 10 03 1a 02 68 69 20 04 0f 08 05");
  const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
  const NodeList whole = Inspect(data, bytes.size(), nullptr, -1);
  Inspection inspection(data, bytes.size(), nullptr, -1);
  int steps = 0;
  double last_progress = 0;
  while (!inspection.Step(3)) {
    EXPECT_FALSE(inspection.done());
    ++steps;
    EXPECT_GE(inspection.progress(), last_progress);
    last_progress = inspection.progress();
  }
  EXPECT_EQ(steps, 2);  // fields end at 2, 8, 12, 14: budgets of 3 stop after 8 and after 12
  EXPECT_TRUE(inspection.done());
  EXPECT_DOUBLE_EQ(inspection.progress(), 1.0);
  const NodeList sliced = inspection.Finish();
  EXPECT_EQ(format::NodeJson(sliced, data, nullptr), format::NodeJson(whole, data, nullptr));
  EXPECT_EQ(sliced.first_error.kind, ErrorKind::kBadWireType);
}

// A length-delimited field: tag, varint length, contents.
std::string Field(int number, const std::string& contents) {
  std::string out(1, static_cast<char>(number << 3 | 2));
  for (size_t n = contents.size();; n >>= 7) {
    out += static_cast<char>(n < 0x80 ? n : (n & 0x7f) | 0x80);
    if (n < 0x80) break;
  }
  return out + contents;
}

// Decodes `bytes` in one go without opening large sub-messages, and again in steps of 1,000 bytes
// with them opened (64 KB threshold): the nodes must be the same. Returns the number of steps.
int ExpectSlicedEqualsWhole(const std::string& bytes, const schema::Schema* schema, int root) {
  const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
  InspectOptions whole_options;
  whole_options.slice_bytes = SIZE_MAX;
  const NodeList whole = Inspect(data, bytes.size(), schema, root, whole_options);
  Inspection inspection(data, bytes.size(), schema, root);
  int steps = 1;
  while (!inspection.Step(1000)) {
    EXPECT_FALSE(inspection.done());
    ++steps;
  }
  EXPECT_TRUE(inspection.done());
  const NodeList sliced = inspection.Finish();
  EXPECT_EQ(sliced.nodes.size(), whole.nodes.size());
  EXPECT_EQ(format::NodeJson(sliced, data, schema), format::NodeJson(whole, data, schema));
  EXPECT_EQ(sliced.first_error.kind, whole.first_error.kind);
  EXPECT_EQ(sliced.first_error.offset, whole.first_error.offset);
  return steps;
}

TEST(Inspector, LargeSubMessagesDecodeAcrossStepsWithTheSameNodes) {
  std::string leaf;
  for (int i = 0; i < 20000; ++i) leaf += H("08 01 10 96 01");  // 100 KB of varint fields
  // Raw: nested large messages, decoded as sub-messages whether opened or not.
  const std::string nested = Field(1, Field(2, leaf) + Field(3, "text") + Field(2, leaf)) + H("18 05");
  EXPECT_GT(ExpectSlicedEqualsWhole(nested, nullptr, -1), 100);
  // Raw: a large field that turns out not to be a message (garbage at its end) is bytes.
  const std::string not_message = Field(1, leaf + H("0f")) + H("18 05");
  ExpectSlicedEqualsWhole(not_message, nullptr, -1);
  {
    const auto* data = reinterpret_cast<const uint8_t*>(not_message.data());
    const NodeList list = Inspect(data, not_message.size(), nullptr, -1);
    ASSERT_EQ(list.nodes.size(), 2u);
    EXPECT_EQ(list.nodes[0].interpretation, Interpretation::kBytes);
    EXPECT_TRUE(list.first_error.ok());
  }
  // Schema: an error deep inside a large sub-message; the parent goes on after its range.
  const schema::Schema& s = TestSchema();
  std::string b;
  for (int i = 0; i < 30000; ++i) b += H("08 01");
  const std::string broken = Field(1, b + H("08 80")) + H("10 05");
  ExpectSlicedEqualsWhole(broken, &s, s.FindMessage("t.A"));
}

TEST(Inspector, NodeJsonHasOffsetsAndErrors) {
  const Decoded d = Raw("08 01 0f");
  const std::string json = format::NodeJson(d.list, d.data(), nullptr);
  EXPECT_NE(json.find("\"error\":{\"kind\":\"bad_wire_type\",\"offset\":2}"), std::string::npos) << json;
  EXPECT_NE(json.find("\"tag\":[0,1]"), std::string::npos);
  EXPECT_EQ(format::JsonString("a\"\xff"), "\"a\\\"\xef\xbf\xbd\"");
}

}  // namespace
}  // namespace wirelens::inspect
