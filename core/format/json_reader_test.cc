// The JSON reader: every accepted form of a value gives the bytes the text-format reader (checked
// against protoc --encode) gives for the same message; bad input is an error with line:column and
// the field's path. (tests/differential compares it with libprotobuf's JSON parser.)
#include "core/format/json_reader.h"

#include <gtest/gtest.h>

#include <string>

#include "core/format/text_reader.h"
#include "core/schema/loader.h"

namespace wirelens::format {
namespace {

const schema::Schema& TestSchema() {
  static const schema::LoadResult loaded = schema::LoadProtoFiles({{"j.proto", R"(
syntax = "proto3";
package j;
import "google/protobuf/any.proto";
import "google/protobuf/duration.proto";
import "google/protobuf/field_mask.proto";
import "google/protobuf/struct.proto";
import "google/protobuf/timestamp.proto";
import "google/protobuf/wrappers.proto";
enum Color { RED = 0; GREEN = 1; BLUE = 2; }
message Item { int32 id = 1; string label = 2; }
message All {
  int32 i32 = 1; int64 i64 = 2; uint64 u64 = 3; sint32 s32 = 4; fixed64 f64 = 5; sfixed32 sf32 = 6;
  float f = 7; double d = 8; bool b = 9; string s = 10; bytes by = 11; Color color = 12;
  repeated int32 packed = 13; repeated string names = 14; repeated Item items = 15;
  map<int32, string> by_id = 16; map<bool, Item> by_flag = 17; map<string, Color> colors = 18;
  optional int32 maybe = 19; Item item = 20;
  oneof choice { string word = 21; int64 count = 22; }
  google.protobuf.Timestamp when = 30; google.protobuf.Duration took = 31;
  google.protobuf.FieldMask mask = 32; google.protobuf.Struct meta = 33; google.protobuf.Value any_value = 34;
  google.protobuf.ListValue list = 35; google.protobuf.Int32Value wrapped = 36;
  google.protobuf.StringValue wrapped_text = 37; google.protobuf.Any payload = 38;
  repeated google.protobuf.Any payloads = 39; google.protobuf.NullValue nothing = 40;
}
)"},
                                                                   {"k.proto", R"(
syntax = "proto2";
package k;
enum Closed { ONE = 1; TWO = 2; }
message Old {
  optional int32 a = 1 [default = 5];
  optional Closed c = 2;
  optional group Part = 3 { optional string t = 4; }
  repeated Closed cs = 5;
}
)"}});
  EXPECT_TRUE(loaded.ok()) << (loaded.errors.empty() ? "" : loaded.errors[0].ToString());
  return loaded.schema;
}

// `json` encodes to what `text` encodes to.
void ExpectSameAsText(const std::string& type, const std::string& json, const std::string& text,
                      const JsonReadOptions& options = {}) {
  const int message = TestSchema().FindMessage(type);
  ASSERT_GE(message, 0);
  const EncodeResult from_text = EncodeTextFormat(text, TestSchema(), message);
  ASSERT_TRUE(from_text.ok) << from_text.error;
  const EncodeResult from_json = EncodeJson(json, TestSchema(), message, options);
  ASSERT_TRUE(from_json.ok) << from_json.error;
  EXPECT_EQ(from_json.bytes, from_text.bytes) << json;
}

std::string ErrorOf(const std::string& json, const std::string& type = "j.All", const JsonReadOptions& options = {}) {
  const EncodeResult result = EncodeJson(json, TestSchema(), TestSchema().FindMessage(type), options);
  EXPECT_FALSE(result.ok) << json;
  EXPECT_TRUE(result.bytes.empty());
  return result.error;
}

TEST(JsonReader, ScalarsInEveryForm) {
  ExpectSameAsText("j.All",
                   R"({"i32": "-12", "i64": 1e3, "u64": "18446744073709551615", "s32": -3.0, "f64": "7",
                       "sf32": -1, "f": "NaN", "d": "-Infinity", "b": true, "s": "h\u00e9\ud83d\ude00\n",
                       "by": "-_8", "color": "BLUE"})",
                   R"(i32: -12 i64: 1000 u64: 18446744073709551615 s32: -3 f64: 7 sf32: -1 f: nan d: -inf b: true
                      s: "h\303\251\360\237\230\200\n" by: "\373\377" color: BLUE)");
  ExpectSameAsText("j.All", R"({"by": "+/8=", "color": 2, "f": 3.4028235e38, "d": "1.5"})",
                   R"(by: "\373\377" color: BLUE f: 3.4028235e38 d: 1.5)");
  ExpectSameAsText("j.All", R"({"i32": 0, "s": "", "b": false, "maybe": 0})", "maybe: 0");
  ExpectSameAsText("j.All", R"({"d": -0, "f": -0.0})", "d: -0 f: -0");  // the sign kept, as protoc keeps it
}

TEST(JsonReader, NamesListsMapsOneofsAndNull) {
  ExpectSameAsText("j.All",
                   R"({"by_id": {"2": "b", "-1": "a"}, "byFlag": {"true": {"id": 1}}, "colors": {"x": "GREEN"},
                       "packed": [1, 2, 3], "names": ["a", "b"], "items": [{"id": 1}, {"label": "z"}],
                       "word": null, "count": "9", "item": null, "maybe": null, "s": null})",
                   R"(by_id { key: 2 value: "b" } by_id { key: -1 value: "a" } by_flag { key: true value { id: 1 } }
                      colors { key: "x" value: GREEN } packed: [1, 2, 3] names: ["a", "b"]
                      items { id: 1 } items { label: "z" } count: 9)");
}

TEST(JsonReader, WellKnownTypes) {
  ExpectSameAsText("j.All",
                   R"({"when": "1972-01-01T11:00:20.021+01:00", "took": "-1.500s", "mask": "fooBar,x.yZ",
          "meta": {"n": 1.5, "s": "t", "l": [null, true, {}], "o": {"k": false}}, "anyValue": "v",
          "list": [1, "a"], "wrapped": 0, "wrappedText": "w", "nothing": null,
          "payload": {"id": 4, "@type": "type.googleapis.com/j.Item"},
          "payloads": [{"@type": "type.googleapis.com/google.protobuf.Duration", "value": "2s"}, {}]})",
                   R"(when { seconds: 63108020 nanos: 21000000 } took { seconds: -1 nanos: -500000000 }
         mask { paths: "foo_bar" paths: "x.y_z" }
         meta {
           fields { key: "n" value { number_value: 1.5 } } fields { key: "s" value { string_value: "t" } }
           fields { key: "l" value { list_value { values { null_value: NULL_VALUE } values { bool_value: true }
                                                  values { struct_value {} } } } }
           fields { key: "o" value { struct_value { fields { key: "k" value { bool_value: false } } } } }
         }
         any_value { string_value: "v" } list { values { number_value: 1 } values { string_value: "a" } }
         wrapped {} wrapped_text { value: "w" }
         payload { [type.googleapis.com/j.Item] { id: 4 } }
         payloads { [type.googleapis.com/google.protobuf.Duration] { seconds: 2 } } payloads {})");
}

TEST(JsonReader, FieldOrderAndLengthsOfAnySize) {
  // Members in any order give field-number order; a value of 128 bytes or more (here nested three
  // deep) gets a longer length than the one byte the reader first gives it.
  const std::string l200(200, 'x'), l20000(20000, 'y');
  ExpectSameAsText("j.All",
                   R"({"payload": {"label": ")" + l200 + R"(", "id": 4, "@type": "type.googleapis.com/j.Item"},
                       "items": [{"label": ")" +
                       l20000 + R"(", "id": 1}, {"id": 2}], "colors": {"b": 1, "a": 2},
                       "word": "w", "item": {"label": ")" +
                       l200 + R"("}, "i32": 7, "packed": [1, 300, 70000]})",
                   R"(i32: 7 packed: [1, 300, 70000] items { id: 1 label: ")" + l20000 + R"(" } items { id: 2 }
                      colors { key: "b" value: GREEN } colors { key: "a" value: BLUE }
                      item { label: ")" +
                       l200 + R"(" } word: "w"
                      payload { [type.googleapis.com/j.Item] { id: 4 label: ")" +
                       l200 + R"(" } })");
  ExpectSameAsText("j.All", R"({"packed": [], "names": [], "byId": {}, "payload": {}, "list": []})",
                   "payload {} list {}");
}

TEST(JsonReader, Proto2GroupsAndClosedEnums) {
  ExpectSameAsText("k.Old", R"({"a": 5, "c": "TWO", "part": {"t": "x"}, "cs": [1, "TWO"]})",
                   R"(a: 5 c: TWO Part { t: "x" } cs: [ONE, TWO])");
  EXPECT_EQ(ErrorOf(R"({"c": 3})", "k.Old"), "1:7: c: enum k.Closed has no value 3");
  JsonReadOptions ignore;
  ignore.ignore_unknown_fields = true;
  ExpectSameAsText("k.Old", R"({"c": 3, "cs": ["THREE", 2], "zzz": {"deep": [1]}})", "cs: TWO", ignore);
  ExpectSameAsText("j.All", R"({"color": "PURPLE", "i32": 1})", "i32: 1", ignore);
}

TEST(JsonReader, ErrorsSayWhereAndWhy) {
  EXPECT_EQ(ErrorOf("{\"items\": [{\"id\": 1},\n {\"id\": 3000000000}]}"),
            "2:9: items[1].id: out of range for int32: 3000000000");
  EXPECT_EQ(ErrorOf(R"({"i32": 1.5})"), "1:9: i32: not an integer: 1.5");
  EXPECT_EQ(ErrorOf(R"({"nope": 1})"), "1:2: message type \"j.All\" has no field named \"nope\"");
  EXPECT_EQ(ErrorOf(R"({"byId": {}, "by_id": {}})"), "1:14: field \"by_id\" is given more than once");
  EXPECT_EQ(ErrorOf(R"({"word": "a", "count": 1})"),
            "1:15: field \"count\" is given along with \"word\", another member of oneof \"choice\"");
  EXPECT_EQ(ErrorOf(R"({"b": "true"})"), "1:7: b: expected true or false");
  EXPECT_EQ(ErrorOf(R"({"by": "a*b"})"), "1:8: by: not base64");
  EXPECT_EQ(ErrorOf(R"({"d": 1e400})"), "1:7: d: out of range for double: 1e400");
  EXPECT_EQ(ErrorOf(R"({"f": -1e39})"), "1:7: f: out of range for float: -1e39");
  EXPECT_EQ(ErrorOf(R"({"i64": " 1"})"), "1:9: i64: expected an integer");
  EXPECT_EQ(ErrorOf(R"({"packed": [1, null]})"), "1:16: packed[1]: null in a repeated field");
  EXPECT_EQ(ErrorOf(R"({"byId": {"x": "a"}})"), "1:11: byId[x]: map key \"x\" is not an integer");
  EXPECT_EQ(ErrorOf(R"({"when": "1972-01-01t00:00:00Z"})"),
            "1:10: when: expected an RFC 3339 time from 0001 to 9999, e.g. \"1972-01-01T10:00:20.021Z\"");
  EXPECT_EQ(ErrorOf(R"({"when": "2023-02-29T00:00:00Z"})").substr(0, 13), "1:10: when: e");
  ExpectSameAsText("j.All", R"({"when": "2024-02-29T00:00:00-00:30"})", "when { seconds: 1709166600 }");
  EXPECT_EQ(ErrorOf(R"({"took": "315576000001s"})"),
            "1:10: took: expected a duration within 10,000 years, e.g. \"-1.5s\"");
  EXPECT_EQ(ErrorOf(R"({"mask": "a_b"})"), "1:10: mask: a field mask path in JSON is lowerCamelCase (no '_')");
  EXPECT_EQ(ErrorOf(R"({"payload": {"id": 1}})"), "1:13: payload: google.protobuf.Any needs a \"@type\" string");
  EXPECT_EQ(ErrorOf(R"({"payload": {"@type": "x/y.Z"}})"),
            "1:23: payload: type \"x/y.Z\" of a google.protobuf.Any is not in the schema");
  EXPECT_EQ(ErrorOf("null"), "1:1: the message is null");
  EXPECT_EQ(ErrorOf("[]"), "1:1: expected an object for j.All");
}

TEST(JsonReader, MalformedJson) {
  EXPECT_EQ(ErrorOf(R"({"i32": 1,})"), "1:11: expected a member name in quotes");
  EXPECT_EQ(ErrorOf(R"({"s": "\q"})"), "1:8: unknown escape \\q");
  EXPECT_EQ(ErrorOf(R"({"s": "\ud800x"})"), "1:8: a high surrogate without a low one after it");
  EXPECT_EQ(ErrorOf("{\"s\": \"\xff\"}"), "1:7: a string that is not UTF-8");
  EXPECT_EQ(ErrorOf(R"({"i32": 01})"), "1:10: a number with a leading 0");
  EXPECT_EQ(ErrorOf(R"({"s": "abc)"), "1:7: a string without its closing quote");
  EXPECT_EQ(ErrorOf(R"({} x)"), "1:4: unexpected text after the JSON value");
  // Bounded nesting: of the messages the JSON fills (a ListValue or Struct is two per level), and
  // of JSON text skipped unread.
  const std::string lists = ErrorOf("{\"list\": " + std::string(1000, '['));
  EXPECT_EQ(lists.substr(0, 16), "1:60: list[0][0]") << lists;
  EXPECT_EQ(lists.substr(lists.size() - 33), ": messages nested deeper than 100") << lists;
  JsonReadOptions ignore;
  ignore.ignore_unknown_fields = true;
  EXPECT_EQ(ErrorOf("{\"zzz\": " + std::string(1000, '['), "j.All", ignore), "1:312: JSON nested deeper than 304");
  std::string nested = "{\"meta\": ";
  for (int i = 0; i < 60; ++i) nested += "{\"a\": ";
  nested += "1" + std::string(61, '}');
  const std::string error = ErrorOf(nested);
  EXPECT_EQ(error.substr(0, 22), "1:310: meta[a][a][a][a") << error;
  EXPECT_EQ(error.substr(error.size() - 33), ": messages nested deeper than 100") << error;
}

}  // namespace
}  // namespace wirelens::format
