// Diff of two decoded payloads: removed, added and changed fields by path, nested messages
// compared field by field, repeated occurrences by index, raw payloads by field numbers.
#include "core/inspect/diff.h"

#include <gtest/gtest.h>

#include <string>

#include "core/inspect/inspector.h"
#include "core/schema/loader.h"
#include "core/wire/test_util.h"

namespace wirelens::inspect {
namespace {

std::string H(const char* hex) { return wirelens::testing::FromHex(hex); }
const uint8_t* Data(const std::string& bytes) { return reinterpret_cast<const uint8_t*>(bytes.data()); }

const schema::Schema& TestSchema() {
  static const schema::LoadResult loaded = schema::LoadProtoFiles({{"d.proto", R"(
syntax = "proto3";
package d;
message Item { string name = 1; int32 qty = 2; }
message Order { int32 id = 1; repeated Item items = 2; string note = 3; Item gift = 4; }
)"}});
  EXPECT_TRUE(loaded.ok());
  return loaded.schema;
}

std::string Diff(const std::string& a, const std::string& b, const schema::Schema* schema) {
  const int root = schema != nullptr ? schema->FindMessage("d.Order") : -1;
  const NodeList la = Inspect(Data(a), a.size(), schema, root);
  const NodeList lb = Inspect(Data(b), b.size(), schema, root);
  return DiffText(DiffPayloads({&la, Data(a)}, {&lb, Data(b)}, schema));
}

// id: 7, items { name: "ab" qty: 1 }, items { name: "cd" qty: 2 }, note: "x"
const std::string kBefore = H("08 07 12 06 0a 02 61 62 10 01 12 06 0a 02 63 64 10 02 1a 01 78");
// id: 8, items { name: "ab" qty: 3 }, gift { name: "g" }
const std::string kAfter = H("08 08 12 06 0a 02 61 62 10 03 22 03 0a 01 67");

TEST(Diff, ReportsChangesByPath) {
  EXPECT_EQ(Diff(kBefore, kAfter, &TestSchema()),
            "~ id: 7 -> 8\n"
            "~ items[0].qty: 1 -> 3\n"
            "- items[1]: {2 fields}\n"
            "- note: \"x\"\n"
            "+ gift: {1 field}\n");
  EXPECT_EQ(Diff(kBefore, kBefore, &TestSchema()), "");
}

TEST(Diff, RawPayloadsCompareByFieldNumber) {
  EXPECT_EQ(Diff(H("08 01 12 03 0a 01 61"), H("08 02 12 03 0a 01 62 18 05"), nullptr),
            "~ 1: 1 | zigzag -1 -> 2 | zigzag 1\n"
            "~ 2.1: \"a\" -> \"b\"\n"
            "+ 3: 5 | zigzag -3\n");
}

TEST(Diff, EntriesPointAtTheNodesOnBothSides) {
  const schema::Schema& s = TestSchema();
  const int root = s.FindMessage("d.Order");
  const NodeList la = Inspect(Data(kBefore), kBefore.size(), &s, root);
  const NodeList lb = Inspect(Data(kAfter), kAfter.size(), &s, root);
  const std::vector<DiffEntry> entries = DiffPayloads({&la, Data(kBefore)}, {&lb, Data(kAfter)}, &s);
  ASSERT_EQ(entries.size(), 5u);
  EXPECT_EQ(entries[1].kind, DiffKind::kChanged);
  EXPECT_EQ(la.nodes[entries[1].before_node].tag_offset, 8u);
  EXPECT_EQ(lb.nodes[entries[1].after_node].tag_offset, 8u);
  EXPECT_EQ(entries[4].kind, DiffKind::kAdded);
  EXPECT_EQ(entries[4].before_node, kNoNode);
  EXPECT_EQ(lb.nodes[entries[4].after_node].tag_offset, 10u);
}

TEST(Diff, GroupsAndPackedRunsCompareChildByChild) {
  // Raw: 3 (bytes) "\x01\x02" -> "\x01\x05"; 4: group { 1: 7 } -> group { 1: 8 }
  EXPECT_EQ(Diff(H("1a 02 01 02 23 08 07 24"), H("1a 02 01 05 23 08 08 24"), nullptr),
            "~ 3: \"\\001\\002\" (2 bytes) -> \"\\001\\005\" (2 bytes)\n"
            "~ 4.1: 7 | zigzag -4 -> 8 | zigzag 4\n");
  // With a schema the same field is a packed run: elements by index.
  static const schema::LoadResult packed = schema::LoadProtoFiles(
      {{"p.proto", "syntax = \"proto3\"; package d; message Order { repeated int32 nums = 3; }"}});
  ASSERT_TRUE(packed.ok());
  EXPECT_EQ(Diff(H("1a 02 01 02"), H("1a 02 01 05"), &packed.schema), "~ nums[0][1]: 2 -> 5\n");
}

TEST(Diff, ABrokenPayloadDiffsAsFarAsItDecodes) {
  const std::string cut = kBefore.substr(0, 14);  // inside items[1]
  const std::string diff = Diff(kBefore, cut, &TestSchema());
  EXPECT_NE(diff.find("- note: \"x\"\n"), std::string::npos) << diff;
  EXPECT_NE(diff.find("items[1]"), std::string::npos) << diff;
}

}  // namespace
}  // namespace wirelens::inspect
