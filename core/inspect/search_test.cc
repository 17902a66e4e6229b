// Search of a decoded payload: queries by name, number and path pattern, values by declared type
// and by every raw view, strings and bytes, framed payloads, slices, and bad queries.
#include "core/inspect/search.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/inspect/inspector.h"
#include "core/inspect/values.h"
#include "core/schema/loader.h"
#include "core/wire/test_util.h"

namespace wirelens::inspect {
namespace {

const uint8_t* Data(const std::string& bytes) { return reinterpret_cast<const uint8_t*>(bytes.data()); }

const schema::Schema& TestSchema() {
  static const schema::LoadResult loaded = schema::LoadProtoFiles({{"s.proto", R"(
syntax = "proto3";
package s;
enum Color { RED = 0; GREEN = 1; }
message Point { sint32 x = 1; float w = 2; Color color = 3; bool on = 4; }
message Layer { string name = 1; repeated Point points = 2; repeated int32 ids = 3; bytes blob = 4; }
message Tile { repeated Layer layers = 1; int64 id = 2; }
)"}});
  EXPECT_TRUE(loaded.ok());
  return loaded.schema;
}

// layers { name: "roads" points { x: -3 w: 2.5 color: GREEN on: true } ids: [7, 150] blob: "\x08\x96x" }
// layers { name: "water" ids: [7] }  id: -1
const std::string kTile = wirelens::testing::FromHex(
    "0a 1e 0a 05 72 6f 61 64 73 12 0b 08 05 15 00 00 20 40 18 01 20 01 1a 03 07 96 01 22 03 08 96 78"
    "0a 0a 0a 05 77 61 74 65 72 1a 01 07"
    "10 ff ff ff ff ff ff ff ff ff 01");

// The matches' paths ("layers.points.x", "layers.ids[1]"), in order.
std::string Find(const std::string& query_text, bool with_schema = true, const std::string& payload = kTile,
                 Framing framing = Framing::kBare) {
  const schema::Schema* schema = with_schema ? &TestSchema() : nullptr;
  InspectOptions options;
  options.framing = framing;
  const NodeList list =
      Inspect(Data(payload), payload.size(), schema, with_schema ? schema->FindMessage("s.Tile") : -1, options);
  SearchQuery query;
  std::string error;
  if (!ParseSearchQuery(query_text, &query, &error)) return "error: " + error;
  std::string out;
  for (uint32_t i : SearchAll(list, Data(payload), schema, query)) {
    out += (out.empty() ? "" : " ") + NodePath(list, i, schema);
  }
  return out;
}

TEST(Search, FindsFieldsByNameNumberAndPath) {
  EXPECT_EQ(Find("name"), "layers.name layers.name");
  EXPECT_EQ(Find("na*"), "layers.name layers.name");
  EXPECT_EQ(Find("points.x"), "layers.points.x");
  EXPECT_EQ(Find("layers.*.x"), "layers.points.x");
  EXPECT_EQ(Find("layers.x"), "");                                    // the path's segments are consecutive
  EXPECT_EQ(Find("3"), "layers.points.color layers.ids layers.ids");  // by number: any field 3
  EXPECT_EQ(Find("1.2.1", false), "1.2.1");
  EXPECT_EQ(Find("Tile.id"), "");  // type names are not part of paths
}

TEST(Search, NumbersCompareAsTheirDeclaredType) {
  EXPECT_EQ(Find("=7"), "layers.ids[0] layers.ids[0]");
  EXPECT_EQ(Find("ids=150"), "layers.ids[1]");
  EXPECT_EQ(Find("=-3"), "layers.points.x");  // sint32
  EXPECT_EQ(Find("=5"), "");                  // x's raw varint is 5, but x is a sint32
  EXPECT_EQ(Find("=-1"), "id");
  EXPECT_EQ(Find("=2.5"), "layers.points.w");
  EXPECT_EQ(Find("=GREEN"), "layers.points.color");
  EXPECT_EQ(Find("=RED"), "");
  EXPECT_EQ(Find("on=true"), "layers.points.on");
  EXPECT_EQ(Find("=18446744073709551615"), "");  // id is an int64
}

TEST(Search, RawNumbersMatchAnyOfTheirViews) {
  EXPECT_EQ(Find("=5", false), "1.2.1");                 // unsigned
  EXPECT_EQ(Find("=-3", false), "1.2.1");                // zigzag
  EXPECT_EQ(Find("=-1", false), "1.2.3 1.2.4 2");        // zigzag of 1 (twice), int64 -1
  EXPECT_EQ(Find("=18446744073709551615", false), "2");  // uint64
  EXPECT_EQ(Find("=2.5", false), "1.2.2");               // float bits
  EXPECT_EQ(Find("=1075838976", false), "1.2.2");        // the same fixed32 as an integer
  EXPECT_EQ(Find("=GREEN", false), "");                  // names need a schema
}

TEST(Search, FindsTextAndBytesInsideValues) {
  EXPECT_EQ(Find("\"oad\""), "layers.name");
  EXPECT_EQ(Find("name=\"wat\""), "layers.name");
  EXPECT_EQ(Find("blob=\"wat\""), "");
  EXPECT_EQ(Find("0x0896"), "layers.blob");
  EXPECT_EQ(Find("=hex:96 78"), "layers.blob");
  EXPECT_EQ(Find("\"x\\\"\""), "");  // escapes: x"
}

TEST(Search, FramedPayloadsSearchEveryFrame) {
  // Two delimited Tiles: { id: 1 } { id: 2 layers { name: "a" } }
  const std::string stream = wirelens::testing::FromHex("02 10 01 07 10 02 0a 03 0a 01 61");
  EXPECT_EQ(Find("id", true, stream, Framing::kDelimited), "frame 1.id frame 2.id");
  EXPECT_EQ(Find("=2", true, stream, Framing::kDelimited), "frame 2.id");
  EXPECT_EQ(Find("layers.name", true, stream, Framing::kDelimited), "frame 2.layers.name");
}

TEST(Search, StepsGiveTheSameResultsAsOneGo) {
  const schema::Schema& s = TestSchema();
  const NodeList list = Inspect(Data(kTile), kTile.size(), &s, s.FindMessage("s.Tile"));
  SearchQuery query;
  std::string error;
  ASSERT_TRUE(ParseSearchQuery("=7", &query, &error));
  Search search(list, Data(kTile), &s, query, /*max_results=*/1);
  int steps = 0;
  while (!search.Step(1)) {
    EXPECT_LT(search.progress(), 1.0);
    ++steps;
  }
  EXPECT_EQ(steps + 1, static_cast<int>(list.nodes.size()));
  EXPECT_EQ(search.progress(), 1.0);
  EXPECT_EQ(search.match_count(), 2u);
  ASSERT_EQ(search.results().size(), 1u);  // capped
  EXPECT_EQ(search.results()[0], SearchAll(list, Data(kTile), &s, query)[0]);
}

TEST(Search, BadQueriesSayWhy) {
  EXPECT_EQ(Find(""), "error: empty query");
  EXPECT_EQ(Find("\"abc"), "error: unterminated string: a closing \" is missing");
  EXPECT_EQ(Find("\"a\"b"), "error: unexpected text after the closing \": b");
  EXPECT_EQ(Find("0x123"), "error: an odd number of hex digits (two per byte)");
  EXPECT_EQ(Find("0xzz"), "error: not a hex digit: 'z'");
  EXPECT_EQ(Find("a..b"), "error: bad path segment '': a field name (* matches any text) or number");
  EXPECT_EQ(Find("a-b"), "error: bad path segment 'a-b': a field name (* matches any text) or number");
  EXPECT_EQ(Find("x="), "error: no value after '='");
  EXPECT_EQ(Find("=1.2.3"), "error: cannot read the value '1.2.3': a number, \"text\", 0xHEX or an enum name");
}

}  // namespace
}  // namespace wirelens::inspect
