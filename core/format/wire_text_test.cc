// The text printer over wire bytes (wire_text.h): on every payload IsPlainMessage accepts it prints
// what the node-based printer prints of the inspector's nodes (the differential and fuzz tests
// compare both with libprotobuf and on random bytes); every payload it refuses is one the node-based
// printer must take (out of order, merged, broken, an Any); output leaves in whole lines.
#include "core/format/wire_text.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "core/format/json_format.h"
#include "core/format/node_json.h"
#include "core/format/sliced_print.h"
#include "core/format/text_format.h"
#include "core/inspect/inspector.h"
#include "core/inspect/values.h"
#include "core/schema/loader.h"

namespace wirelens::format {
namespace {

const schema::Schema& TestSchema() {
  static const schema::LoadResult loaded = schema::LoadProtoFiles({{"w.proto", R"(
syntax = "proto3";
package w;
import "google/protobuf/any.proto";
enum Color { RED = 0; GREEN = 1; }
message Item { int32 id = 1; string label = 2; }
message All {
  int32 i32 = 1; sint64 s64 = 2; double d = 3; string s = 4; bytes by = 5; Color color = 6;
  repeated int32 packed = 7; repeated Item items = 8; map<string, int32> counts = 9;
  map<int32, Item> by_id = 10; Item item = 11; optional int32 maybe = 12;
  oneof choice { string word = 13; int64 count = 14; }
  google.protobuf.Any any = 15; fixed32 f32 = 16;
  repeated double ds = 17; repeated sint32 zs = 18; repeated Color colors = 19; repeated fixed64 f64s = 20;
  repeated bool flags = 21;
}
)"},
                                                                   {"v.proto", R"(
syntax = "proto2";
package v;
enum Closed { ONE = 1; TWO = 2; }
message Old {
  optional int32 a = 1;
  optional Closed c = 2;
  optional group Part = 3 { optional string t = 4; }
  repeated Closed cs = 5 [packed = true];
  optional string raw = 6;
  repeated Old olds = 7;
}
)"},
                                                                   {"s.proto", R"(
syntax = "proto3";
package s;
import "google/protobuf/timestamp.proto";
import "google/protobuf/struct.proto";
message Leaf { int32 id = 1; string name = 2; repeated int32 xs = 3; }
message Layer {
  string name = 1; repeated Leaf leaves = 2; map<string, int32> counts = 3; google.protobuf.Timestamp at = 4;
  repeated uint32 packed = 5;
}
message Top {
  int32 version = 1; repeated Layer layers = 2; Layer main = 3; repeated string tags = 4;
  google.protobuf.Struct meta = 5; Leaf last = 6;
}
)"}});
  EXPECT_TRUE(loaded.ok()) << (loaded.errors.empty() ? "" : loaded.errors[0].ToString());
  return loaded.schema;
}

// Wire bytes, written by hand so that they can be out of order, merged or broken.
std::string Varint(uint64_t v) {
  std::string out;
  for (; v >= 0x80; v >>= 7) out.push_back(static_cast<char>(v | 0x80));
  out.push_back(static_cast<char>(v));
  return out;
}
std::string Field(uint32_t number, uint64_t v) { return Varint(number << 3) + Varint(v); }
std::string Bytes(uint32_t number, const std::string& v) { return Varint(number << 3 | 2) + Varint(v.size()) + v; }
std::string Group(uint32_t number, const std::string& v) {
  return Varint(number << 3 | 3) + v + Varint(number << 3 | 4);
}
std::string Fixed32(uint32_t number, uint32_t v) {
  return Varint(number << 3 | 5) + std::string(reinterpret_cast<const char*>(&v), 4);  // little-endian host
}

const uint8_t* Data(const std::string& bytes) { return reinterpret_cast<const uint8_t*>(bytes.data()); }

bool Plain(const std::string& type, const std::string& bytes) {
  return IsPlainMessage(Data(bytes), bytes.size(), &TestSchema(), TestSchema().FindMessage(type));
}

// The payload is plain, and MessageText prints it as TextFormat prints the inspector's nodes.
std::string ExpectPrintsAsNodes(const std::string& type, const std::string& bytes) {
  const int message = TestSchema().FindMessage(type);
  EXPECT_TRUE(Plain(type, bytes));
  TextOutput out;
  EXPECT_TRUE(MessageText(Data(bytes), bytes.size(), TestSchema(), message, &out));
  const inspect::NodeList list = inspect::Inspect(Data(bytes), bytes.size(), &TestSchema(), message);
  EXPECT_TRUE(list.first_error.ok());
  EXPECT_EQ(out.held(), TextFormat(list, Data(bytes), TestSchema()));
  return std::string(out.held());
}

TEST(WireText, PrintsFieldsAsTheyComeWithUnknownFieldsLast) {
  const std::string item = Field(1, 7) + Bytes(2, "it's\n");
  const std::string bytes = Field(1, 5) + Field(99, 3) + Field(2, 3) + Bytes(4, "") + Field(6, 1) +
                            Bytes(7, Varint(1) + Varint(300)) + Field(7, 2) + Bytes(8, item) + Bytes(8, "") +
                            Bytes(11, "") + Field(12, 0) + Bytes(13, "w") + Fixed32(16, 0xabcdef) + Bytes(98, item);
  EXPECT_EQ(ExpectPrintsAsNodes("w.All", bytes),
            "i32: 5\ns64: -2\ncolor: GREEN\npacked: 1\npacked: 300\npacked: 2\nitems {\n  id: 7\n  label: "
            "\"it\\'s\\n\"\n}\nitems {\n}\nitem {\n}\nmaybe: 0\nword: \"w\"\nf32: 11259375\n99: 3\n98 {\n  1: "
            "7\n  2: \"it\\'s\\n\"\n}\n");
}

TEST(WireText, MapsBySortedKeyTheLastOfEqualKeysWinning) {
  const auto entry = [](const std::string& key, int32_t value) { return Bytes(1, key) + Field(2, value); };
  const std::string bytes = Bytes(9, entry("b", 1)) + Bytes(9, entry("a", 2)) + Bytes(9, entry("b", 3)) +
                            Bytes(9, Field(2, 4)) + Bytes(10, Field(1, 2) + Bytes(2, Field(1, 9))) +
                            Bytes(10, Field(1, 1));
  EXPECT_EQ(ExpectPrintsAsNodes("w.All", bytes),
            "counts {\n  key: \"\"\n  value: 4\n}\ncounts {\n  key: \"a\"\n  value: 2\n}\ncounts {\n  key: \"b\"\n  "
            "value: 3\n}\nby_id {\n  key: 1\n  value {\n  }\n}\nby_id {\n  key: 2\n  value {\n    id: 9\n  }\n}\n");
}

TEST(WireText, Proto2GroupsClosedEnumsAndUnknownGroups) {
  const std::string bytes = Field(1, 0) + Field(2, 7) + Group(3, Bytes(4, "t")) + Bytes(5, Varint(1) + Varint(9)) +
                            Group(20, Field(1, 1) + Group(2, "")) + Bytes(6, "\xff");
  EXPECT_EQ(ExpectPrintsAsNodes("v.Old", bytes),
            "a: 0\nPart {\n  t: \"t\"\n}\ncs: ONE\nraw: \"\\377\"\n2: 7\n5: 9\n20 {\n  1: 1\n  2 {\n  }\n}\n");
}

TEST(WireText, RefusesWhatTheNodeBasedPrinterMustTake) {
  EXPECT_FALSE(Plain("w.All", Field(2, 1) + Field(1, 1)));                          // out of order
  EXPECT_FALSE(Plain("w.All", Field(1, 1) + Field(1, 2)));                          // a singular field twice
  EXPECT_FALSE(Plain("w.All", Bytes(11, "") + Bytes(11, Field(1, 1))));             // a message to merge
  EXPECT_FALSE(Plain("w.All", Bytes(13, "w") + Field(14, 1)));                      // two members of a oneof
  EXPECT_FALSE(Plain("w.All", Bytes(15, "")));                                      // an Any
  EXPECT_FALSE(Plain("w.All", Bytes(4, "\xff")));                                   // a proto3 string not UTF-8
  EXPECT_FALSE(Plain("w.All", Field(4, 1)));                                        // a wire type the field cannot have
  EXPECT_FALSE(Plain("w.All", Bytes(9, Field(2, 1) + Bytes(1, "k"))));              // a map value before its key
  EXPECT_FALSE(Plain("w.All", Bytes(9, Bytes(1, "k") + Field(3, 1))));              // a map entry's unknown field
  EXPECT_FALSE(Plain("v.Old", Bytes(5, Varint(1)) + Bytes(99, "") + Field(1, 1)));  // out of order past unknown
  EXPECT_FALSE(Plain("w.All", Field(1, 1).substr(0, 1)));                           // cut short
  EXPECT_FALSE(Plain("w.All", Bytes(7, "\x80")));                                   // a packed run cut short
  EXPECT_FALSE(Plain("w.All", Varint(1 << 3 | 4)));                                 // an END_GROUP with no group
  EXPECT_FALSE(Plain("v.Old", Group(3, "").substr(0, 1)));                          // a group never closed
  std::string deep;
  for (int i = 0; i < 99; ++i) deep = Group(7, deep);
  EXPECT_FALSE(Plain("w.All", deep));  // within 2 levels of the inspector's depth limit
  EXPECT_TRUE(Plain("w.All", ""));
}

// The raw form: IsPlainMessage without a type accepts what the inspector decodes without an error.
TEST(WireText, RawPayloads) {
  const std::string bytes = Field(1, 1) + Bytes(2, Field(3, 4)) + Group(5, Fixed32(6, 7));
  EXPECT_TRUE(IsPlainMessage(Data(bytes), bytes.size(), nullptr, -1));
  TextOutput out;
  ASSERT_TRUE(RawText(Data(bytes), bytes.size(), &out));
  const inspect::NodeList list = inspect::Inspect(Data(bytes), bytes.size(), nullptr, -1);
  EXPECT_EQ(out.held(), TextFormat(list, Data(bytes), TestSchema()));
  const std::string broken = bytes + Varint(0);
  EXPECT_FALSE(IsPlainMessage(Data(broken), broken.size(), nullptr, -1));
}

// Output leaves in whole lines once a piece reaches flush_bytes; the pieces make the whole text.
TEST(WireText, FlushesWholeLines) {
  std::string bytes;
  for (int i = 0; i < 2000; ++i) bytes += Bytes(8, Field(1, i) + Bytes(2, "label " + std::to_string(i)));
  const int message = TestSchema().FindMessage("w.All");
  TextOutput whole;
  ASSERT_TRUE(MessageText(Data(bytes), bytes.size(), TestSchema(), message, &whole));
  std::vector<std::string> pieces;
  TextOutput out;
  out.flush_bytes = 1000;
  out.flush = [&](std::string_view piece) { pieces.emplace_back(piece); };
  ASSERT_TRUE(MessageText(Data(bytes), bytes.size(), TestSchema(), message, &out));
  std::string joined;
  for (const std::string& piece : pieces) {
    EXPECT_GE(piece.size(), 1000u);
    EXPECT_LT(piece.size(), 1100u);
    EXPECT_EQ(piece.back(), '\n');
    joined += piece;
  }
  EXPECT_GT(pieces.size(), 50u);
  EXPECT_EQ(joined + std::string(out.held()), whole.held());

  // JSON through a writer: the pieces make the JSON MessageJson returns whole.
  std::string json, streamed, error;
  ASSERT_TRUE(MessageJson(Data(bytes), bytes.size(), TestSchema(), message, &json, &error)) << error;
  ASSERT_TRUE(MessageJson(
      Data(bytes), bytes.size(), TestSchema(), message, [&](std::string_view piece) { streamed += piece; }, &error));
  EXPECT_EQ(streamed, json);
}

// NodeTree's lines as inspect/values.h names, types and values each node, written the plain way.
std::string ReferenceTree(const inspect::NodeList& list, const uint8_t* data, const schema::Schema* schema) {
  std::string out;
  for (uint32_t i = 0; i < list.nodes.size(); ++i) {
    const inspect::Node& n = list.nodes[i];
    char offset[16];
    std::snprintf(offset, sizeof offset, "@%-8u", n.tag_offset);
    out += offset + std::string(static_cast<size_t>(n.depth) * 2, ' ');
    if (n.kind == inspect::NodeKind::kField || n.kind == inspect::NodeKind::kError) {
      out += std::to_string(n.field_number) + " ";
    }
    out += inspect::FieldLabel(list, i, schema) + " (" + inspect::TypeLabel(list, i, schema) +
           "): " + inspect::ValueText(list, i, data, schema, 80);
    if (n.error != ErrorKind::kOk && n.kind != inspect::NodeKind::kError) {
      out += "  [" + std::string(ErrorKindMessage(n.error)) + "]";
    }
    out += "\n";
  }
  return out;
}

// The tree and node JSON of a plain payload, inspected a run of top-level fields at a time, are
// those of the whole payload's nodes; the tree's lines are inspect/values.h's texts.
void ExpectTreeAndNodeJsonRunByRun(const std::string& type, const std::string& bytes) {
  const schema::Schema& schema = TestSchema();
  const int message = schema.FindMessage(type);
  ASSERT_TRUE(Plain(type, bytes));
  for (const schema::Schema* with : {&schema, static_cast<const schema::Schema*>(nullptr)}) {
    const int root = with != nullptr ? message : -1;
    const inspect::NodeList list = inspect::Inspect(Data(bytes), bytes.size(), with, root);
    ASSERT_TRUE(list.first_error.ok());
    EXPECT_EQ(NodeTree(list, Data(bytes), with), ReferenceTree(list, Data(bytes), with));
    std::string tree, json;
    TextOutput out;
    out.flush_bytes = 4096;
    out.flush = [&](std::string_view piece) { tree += piece; };
    PlainPayloadTree(Data(bytes), bytes.size(), with, root, &out);
    EXPECT_EQ(tree + std::string(out.held()), NodeTree(list, Data(bytes), with));
    TextOutput json_out;
    json_out.flush = [&](std::string_view piece) { json += piece; };
    json_out.flush_bytes = 4096;
    PlainPayloadNodeJson(Data(bytes), bytes.size(), with, root, &json_out);
    EXPECT_EQ(json + std::string(json_out.held()), NodeJson(list, Data(bytes), with));
  }
}

TEST(WireText, TreeAndNodeJsonRunByRun) {
  // A long string (cut at 80 bytes in the tree), bytes, a message of one field.
  std::string bytes = Field(1, 5) + Field(2, 3) + Bytes(4, std::string(90, 'a') + "\xe2\x82\xac") +
                      Bytes(5, std::string("\0\xff\"", 3)) + Bytes(7, Varint(1) + Varint(300));
  for (int i = 0; i < 3000; ++i) {  // 150 KB of items: three runs
    bytes += Bytes(8, Field(1, i) + Bytes(2, "label \xe2\x82\xac " + std::to_string(i)) + Bytes(7, "x"));
  }
  bytes += Bytes(9, Bytes(1, "k") + Field(2, 4)) + Bytes(11, Field(1, 2)) + Fixed32(16, 9);
  // Packed runs of each element width and text (their elements not nodes in PlainPayloadTree's
  // inspection): doubles, zigzag, enum names and a number no name has, one element, bools, none.
  const double ds[] = {1.5, -0.25};
  const uint64_t f64 = 1ull << 40;
  bytes += Bytes(17, std::string(reinterpret_cast<const char*>(ds), sizeof ds)) + Bytes(18, Varint(3) + Varint(300));
  bytes +=
      Bytes(19, Varint(1) + Varint(0) + Varint(5)) + Bytes(20, std::string(reinterpret_cast<const char*>(&f64), 8));
  bytes += Bytes(21, Varint(1) + Varint(0)) + Bytes(21, "") + Field(99, 1);
  ExpectTreeAndNodeJsonRunByRun("w.All", bytes);
}

// proto2: a string that is not UTF-8 is shown as bytes, with no error (as libprotobuf keeps it).
TEST(WireText, TreeAndNodeJsonRunByRunProto2) {
  ExpectTreeAndNodeJsonRunByRun("v.Old", Field(1, 3) + Bytes(5, Varint(1) + Varint(2)) + Bytes(6, "\xff\xfe"));
}

}  // namespace
}  // namespace wirelens::format

namespace wirelens::format {
namespace {

// SlicedPrint prints what MessageText and MessageJson print, asked to stop after every piece.
// Returns the pieces (steps) the text and the JSON took.
std::pair<int, int> ExpectSlicedAsWhole(const std::string& type, const std::string& bytes, SlicedPrint::Limits limits) {
  const schema::Schema& schema = TestSchema();
  const int message = schema.FindMessage(type);
  EXPECT_TRUE(Plain(type, bytes));
  TextOutput text;
  EXPECT_TRUE(MessageText(Data(bytes), bytes.size(), schema, message, &text));
  std::string json, error;
  EXPECT_TRUE(MessageJson(Data(bytes), bytes.size(), schema, message, &json, &error)) << error;
  int steps[2] = {0, 0};
  for (const bool as_json : {false, true}) {
    std::string out;
    WritePiece write = [&](std::string_view piece) { out += piece; };
    SlicedPrint print(Data(bytes), bytes.size(), schema, message,
                      as_json ? JsonLevelPrinter(schema, write) : TextLevelPrinter(schema, write), limits);
    size_t position = 0;
    int& n = steps[as_json];
    for (; !print.Step([] { return false; }) && n < 100000; ++n) {
      EXPECT_GE(print.position(), position);
      position = print.position();
    }
    EXPECT_TRUE(print.done());
    EXPECT_EQ(print.position(), bytes.size());
    EXPECT_EQ(print.error(), "");
    EXPECT_EQ(out, as_json ? json : std::string(text.held())) << (as_json ? "JSON" : "text");
  }
  return {steps[0], steps[1]};
}

std::string Leaf(int id) {
  return Field(1, id) + Bytes(2, "leaf " + std::to_string(id)) + Bytes(3, Varint(id) + Varint(id * 1000));
}

// Layers of 40 leaves (~1 KB): with pieces of 200 bytes each layer is entered and printed a few
// leaves at a time; a layer holding a map or a Timestamp too; the singular `main` entered as well.
TEST(SlicedPrint, EntersLargeMessagesAndPrintsTheirFieldsInPieces) {
  auto layer = [](int n, bool extras) {
    std::string leaves;
    for (int i = 0; i < 40; ++i) leaves += Bytes(2, Leaf(n * 100 + i));
    std::string l = Bytes(1, "layer " + std::to_string(n)) + leaves;
    if (extras) l += Bytes(3, Bytes(1, "b") + Field(2, 2)) + Bytes(3, Bytes(1, "a") + Field(2, 1));
    if (extras) l += Bytes(4, Field(1, 1700000000) + Field(2, 5000000));
    return l + Bytes(5, Varint(1) + Varint(2) + Varint(3));
  };
  const std::string meta = Bytes(1, Bytes(1, "k") + Bytes(2, Bytes(3, "v")));  // {"k": "v"}
  const std::string bytes = Field(1, 3) + Bytes(2, layer(1, false)) + Bytes(2, layer(2, true)) + Bytes(2, "") +
                            Bytes(2, layer(3, false)) + Bytes(3, layer(4, false)) + Bytes(4, "t1") + Bytes(4, "t2") +
                            Bytes(5, meta) + Bytes(6, Leaf(9));
  const auto [text_steps, json_steps] = ExpectSlicedAsWhole("s.Top", bytes, {100, 200});
  EXPECT_GT(text_steps, 20);
  EXPECT_GT(json_steps, 20);
  // Entered only past split_bytes: with the defaults the whole message is one piece (then the step
  // that leaves it).
  EXPECT_EQ(ExpectSlicedAsWhole("s.Top", bytes, {}), std::make_pair(1, 1));
}

// Text leaves a message with a closed enum whole (its unknown numbers print at its end); JSON
// enters it (they are left out). A top level that does not split (a map, a well-known type) is
// printed whole.
TEST(SlicedPrint, ClosedEnumsMapsAndUnsplitTops) {
  std::string olds;
  for (int i = 0; i < 30; ++i) {
    std::string inner;
    for (int k = 0; k < 20; ++k) inner += Bytes(7, Field(1, k) + Field(2, k % 3 == 0 ? 7 : 1));
    olds += Bytes(7, Field(1, i) + Field(2, i % 2 == 0 ? 2 : 9) + Bytes(6, "raw") + inner);
  }
  const auto [text_steps, json_steps] = ExpectSlicedAsWhole("v.Old", Field(1, 5) + olds, {100, 60});
  EXPECT_GT(text_steps, 10);
  EXPECT_GT(json_steps, text_steps);
  std::string map_top;
  for (int i = 0; i < 200; ++i) map_top += Bytes(9, Bytes(1, "k" + std::to_string(i)) + Field(2, i));
  EXPECT_EQ(ExpectSlicedAsWhole("w.All", map_top, {100, 100}), std::make_pair(0, 0));
  EXPECT_EQ(ExpectSlicedAsWhole("s.Top", "", {100, 100}), std::make_pair(0, 0));
  // A well-known type has a JSON form of its own: never a field at a time ("1970-01-01T00:00:00Z").
  EXPECT_EQ(ExpectSlicedAsWhole("google.protobuf.Timestamp", "", {100, 100}), std::make_pair(0, 0));
}

}  // namespace
}  // namespace wirelens::format
