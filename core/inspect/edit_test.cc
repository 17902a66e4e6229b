// Edits through a decode: values replaced (enclosing lengths and frame headers rewritten, every
// other byte kept), fields and frames deleted, fields added; typed input checked with clear messages.
#include "core/inspect/edit.h"

#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "core/inspect/inspector.h"
#include "core/inspect/values.h"
#include "core/schema/loader.h"
#include "core/text/literal.h"
#include "core/wire/test_util.h"

namespace wirelens::inspect {
namespace {

using schema::FieldType;
using wirelens::testing::FromHex;

// Lower-case hex without spaces.
std::string ToHex(const std::string& bytes) {
  static const char kDigits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out.push_back(kDigits[c >> 4]);
    out.push_back(kDigits[c & 15]);
  }
  return out;
}

const uint8_t* Data(const std::string& bytes) { return reinterpret_cast<const uint8_t*>(bytes.data()); }

const schema::Schema& TestSchema() {
  static const schema::LoadResult loaded = schema::LoadProtoFiles({{"e.proto", R"(
syntax = "proto2";
package e;
enum Kind { A = 1; B = 2; }
message Inner { optional int32 n = 1; optional string s = 2; optional Kind kind = 3; optional float f = 4;
                repeated int32 packed = 5 [packed = true]; optional bytes b = 6; optional sint64 z = 7; }
message Outer { optional Inner inner = 1; optional int32 id = 2; optional group G = 3 { optional int32 g = 4; } }
)"}});
  EXPECT_TRUE(loaded.ok());
  return loaded.schema;
}

struct Decoded {
  std::string bytes;
  NodeList list;
};

Decoded Decode(const std::string& hex, Framing framing = Framing::kBare, bool raw = false) {
  const schema::Schema& s = TestSchema();
  Decoded d{FromHex(hex.c_str()), {}};
  InspectOptions options;
  options.framing = framing;
  d.list = Inspect(Data(d.bytes), d.bytes.size(), raw ? nullptr : &s, raw ? -1 : s.FindMessage("e.Outer"), options);
  EXPECT_TRUE(d.list.first_error.ok());
  return d;
}

// The node at `path` ("inner.n", "inner.packed[1]", "frame 2").
uint32_t Find(const Decoded& d, const std::string& path, bool raw = false) {
  for (uint32_t i = 0; i < d.list.nodes.size(); ++i) {
    if (NodePath(d.list, i, raw ? nullptr : &TestSchema()) == path) return i;
  }
  ADD_FAILURE() << "no node " << path;
  return 0;
}

std::string Set(const Decoded& d, const std::string& path, const std::string& text) {
  const EditResult r = SetValue(d.list, Data(d.bytes), d.bytes.size(), &TestSchema(), Find(d, path), text);
  return r.ok ? ToHex(r.bytes) : "error: " + r.error;
}

// inner { n: 1 s: "hi" packed: [1, 2] } id: 7, an unknown field 99: 5 between them, G { g: 4 }
const char* kOuter = "0a 0a 08 01 12 02 68 69 2a 02 01 02 98 06 05 10 07 1b 20 04 1c";

TEST(Edit, ANumberGrowsAndTheEnclosingLengthFollows) {
  const Decoded d = Decode(kOuter);
  // n: 1 -> 300 (two bytes): inner's length 10 -> 11; the unknown field and the rest stay.
  EXPECT_EQ(Set(d, "inner.n", "300"),
            "0a0b08ac021202686"
            "92a020102980605100"
            "71b20041c");
  EXPECT_EQ(Set(d, "id", "-1"), "0a0a0801120268692a02010298060510ffffffffffffffffff011b20041c");
  EXPECT_EQ(Set(d, "g.g", "5"),
            "0a0a0801120268692a0201029806051007"
            "1b20051c");
}

TEST(Edit, AStringPastALengthByteWidensEveryPrefix) {
  const Decoded d = Decode(kOuter);
  const std::string long_text(200, 'x');
  const EditResult r =
      SetValue(d.list, Data(d.bytes), d.bytes.size(), &TestSchema(), Find(d, "inner.s"), "\"" + long_text + "\"");
  ASSERT_TRUE(r.ok) << r.error;
  // inner: 2 (n) + 3 + 200 (s) + 4 (packed) = 209 = d1 01; s: c8 01.
  EXPECT_EQ(ToHex(r.bytes.substr(0, 8)), "0ad101080112c801");
  EXPECT_EQ(r.bytes.substr(8, 200), long_text);
  EXPECT_EQ(ToHex(r.bytes.substr(208)),
            "2a020102980605100"
            "71b20041c");
  EXPECT_EQ(r.offset, 5u);  // s's tag
  const NodeList again = Inspect(Data(r.bytes), r.bytes.size(), &TestSchema(), TestSchema().FindMessage("e.Outer"));
  EXPECT_TRUE(again.first_error.ok());
}

TEST(Edit, TypedInputIsChecked) {
  const Decoded d = Decode(kOuter);
  EXPECT_EQ(Set(d, "id", "2147483648"), "error: out of range for int32");
  EXPECT_EQ(Set(d, "id", "1.5"), "error: not an integer: '.'");
  EXPECT_EQ(Set(d, "inner.s", "hi"), "error: a string must be quoted: \"...\"");
  EXPECT_EQ(Set(d, "inner.s", "\"\\377\""), "error: not valid UTF-8 (a string field; bytes would take it)");
  EXPECT_EQ(Set(d, "inner.s", "\"unterminated"), "error: a string without its closing quote");
  EXPECT_EQ(Set(d, "inner", "1"), "error: a message: edit its fields");
  EXPECT_EQ(Set(d, "inner.packed[0]", "-5"),
            "0a13080112026869"
            "2a0bfbffffffffffffffff0102980605100"
            "71b20041c");
}

TEST(Edit, EnumsFloatsBytesAndZigzag) {
  // inner { kind: A f: 0.5 b: "\x01" z: -2 }
  const Decoded d = Decode("0a 0c 18 01 25 00 00 00 3f 32 01 01 38 03");
  EXPECT_EQ(Set(d, "inner.kind", "B"),
            "0a0c180225"
            "0000003f320101"
            "3803");
  EXPECT_EQ(Set(d, "inner.kind", "2"),
            "0a0c180225"
            "0000003f320101"
            "3803");
  EXPECT_EQ(Set(d, "inner.kind", "C"), "error: no value C in enum e.Kind");
  EXPECT_EQ(Set(d, "inner.kind", "3"), "error: enum e.Kind has no value 3");  // closed (proto2)
  EXPECT_EQ(Set(d, "inner.f", "3.40282347e+38"),
            "0a0c180125"
            "ffff7f7f320101"
            "3803");  // FLT_MAX as printed
  EXPECT_EQ(Set(d, "inner.f", "3.4028236e+38"),
            "0a0c180125"
            "0000807f320101"
            "3803");  // past FLT_MAX's rounding: infinity, as libprotobuf's text parser
  EXPECT_EQ(Set(d, "inner.f", "012"), "error: not a decimal number (a leading 0 makes it octal): '012'");
  EXPECT_EQ(Set(d, "inner.f", "-inf"),
            "0a0c180125"
            "000080ff320101"
            "3803");
  EXPECT_EQ(Set(d, "inner.b", "\"\\x00\\001a\""),
            "0a0e1801250000003f3203"
            "000161"
            "3803");
  EXPECT_EQ(Set(d, "inner.z", "-3"),
            "0a0c1801250000003f320101"
            "3805");
  const schema::Schema* s = &TestSchema();
  EXPECT_EQ(EditableValue(d.list, Find(d, "inner.kind"), Data(d.bytes), s), "A");
  EXPECT_EQ(EditableValue(d.list, Find(d, "inner.f"), Data(d.bytes), s), "0.5");
  EXPECT_EQ(EditableValue(d.list, Find(d, "inner.b"), Data(d.bytes), s), "\"\\001\"");
  EXPECT_EQ(EditableValue(d.list, Find(d, "inner.z"), Data(d.bytes), s), "-2");
  EXPECT_EQ(EditableValue(d.list, Find(d, "inner"), Data(d.bytes), s), "");
}

TEST(Edit, RawValuesAreReadByWireType) {
  const Decoded d = Decode("08 ff ff ff ff ff ff ff ff ff 01 15 00 00 80 3f 1a 03 e2 82 ac", Framing::kBare, true);
  const auto set = [&](const char* path, const char* text) {
    const EditResult r = SetValue(d.list, Data(d.bytes), d.bytes.size(), nullptr, Find(d, path, true), text);
    return r.ok ? ToHex(r.bytes) : "error: " + r.error;
  };
  EXPECT_EQ(EditableValue(d.list, Find(d, "1", true), Data(d.bytes), nullptr), "-1");
  EXPECT_EQ(EditableValue(d.list, Find(d, "3", true), Data(d.bytes), nullptr), "\"\xe2\x82\xac\"");  // UTF-8 kept
  EXPECT_EQ(set("1", "18446744073709551615"), ToHex(d.bytes));
  EXPECT_EQ(set("2", "2.5"),
            "08ffffffffffffffffff01"
            "1500002040"
            "1a03e282ac");  // a float
  EXPECT_EQ(set("2", "7"),
            "08ffffffffffffffffff01"
            "1507000000"
            "1a03e282ac");  // a fixed32
  EXPECT_EQ(set("3", "\"\""), "08ffffffffffffffffff01150000803f1a00");
}

// A varint written longer than it needs (e6 00 = 102) keeps its bytes when set to its own value:
// shortened, its parent's 5 bytes would read as UTF-8 text, and raw mode would guess a string.
TEST(Edit, AVarintSetToItsOwnValueKeepsItsLength) {
  const Decoded d = Decode("72 06 e8 b0 b7 30 e6 00", Framing::kBare, true);
  const uint32_t inner = d.list.nodes[0].kind == NodeKind::kField ? 1 : 0;
  ASSERT_EQ(EditableValue(d.list, inner, Data(d.bytes), nullptr), "102");
  const EditResult same = SetValue(d.list, Data(d.bytes), d.bytes.size(), nullptr, inner, "102");
  ASSERT_TRUE(same.ok) << same.error;
  EXPECT_EQ(ToHex(same.bytes), ToHex(d.bytes));
  const EditResult other = SetValue(d.list, Data(d.bytes), d.bytes.size(), nullptr, inner, "103");
  ASSERT_TRUE(other.ok) << other.error;
  EXPECT_EQ(ToHex(other.bytes), "7205e8b0b73067");  // another value: written as short as it goes
}

TEST(Edit, AnOverlongLengthKeepsItsWidthSoTheFrameAroundItStaysRight) {
  // A frame of 5 bytes: field 1 with the overlong length 82 00 (2) around field 1 = 1.
  const Decoded d = Decode("05 0a 82 00 08 01", Framing::kDelimited, true);
  int edited = 0;
  for (uint32_t i = 0; i < d.list.nodes.size(); ++i) {
    const std::string text = EditableValue(d.list, i, Data(d.bytes), nullptr);
    if (text.empty()) continue;
    const EditResult same = SetValue(d.list, Data(d.bytes), d.bytes.size(), nullptr, i, text);
    ASSERT_TRUE(same.ok) << same.error;
    EXPECT_EQ(ToHex(same.bytes), ToHex(d.bytes)) << "node " << i;
    ++edited;
  }
  EXPECT_GT(edited, 0);
  const uint32_t inner = static_cast<uint32_t>(d.list.nodes.size() - 1);
  ASSERT_EQ(EditableValue(d.list, inner, Data(d.bytes), nullptr), "1");
  const EditResult grown = SetValue(d.list, Data(d.bytes), d.bytes.size(), nullptr, inner, "300");
  ASSERT_TRUE(grown.ok) << grown.error;
  EXPECT_EQ(ToHex(grown.bytes), "060a830008ac02");  // the prefix keeps two bytes; the frame grows by one
}

TEST(Edit, DeletingFieldsElementsAndFrames) {
  const Decoded d = Decode(kOuter);
  const auto del = [&](const Decoded& x, const char* path) {
    const EditResult r = DeleteNode(x.list, Data(x.bytes), x.bytes.size(), Find(x, path));
    return r.ok ? ToHex(r.bytes) : "error: " + r.error;
  };
  EXPECT_EQ(del(d, "inner.s"),
            "0a06080"
            "12a020102980605100"
            "71b20041c");
  EXPECT_EQ(del(d, "inner.packed[0]"),
            "0a09080112026869"
            "2a0102980605100"
            "71b20041c");
  EXPECT_EQ(del(d, "inner"),
            "980605100"
            "71b20041c");
  // Frames: a delimited stream of two Outers; a gRPC frame.
  const Decoded stream = Decode("02 10 01 02 10 02", Framing::kDelimited);
  EXPECT_EQ(del(stream, "frame 1"), "021002");
  EXPECT_EQ(del(stream, "frame 2.id"),
            "0210010"
            "0");
  const Decoded grpc = Decode("00 00 00 00 02 10 01", Framing::kGrpc);
  EXPECT_EQ(del(grpc, "frame 1.id"), "0000000000");
}

TEST(Edit, AddingFields) {
  const Decoded d = Decode(kOuter);
  const schema::Schema* s = &TestSchema();
  const auto add = [&](const Decoded& x, uint32_t parent, uint32_t number, FieldType type, const char* text) {
    const EditResult r = AddField(x.list, Data(x.bytes), x.bytes.size(), s, parent, number, type, text);
    return r.ok ? ToHex(r.bytes) : "error: " + r.error;
  };
  EXPECT_EQ(add(d, kNoNode, 100, FieldType::kString, "\"new\""), ToHex(d.bytes) + "a206036e6577");
  EXPECT_EQ(add(d, Find(d, "inner"), 3, FieldType::kEnum, "B"),
            "0a0c0801120268692a020102"
            "1802"
            "98060510071b20041c");
  EXPECT_EQ(add(d, Find(d, "g"), 9, FieldType::kMessage, ""),
            "0a0a0801120268692a02010298060510071b2004"
            "4a00"
            "1c");
  EXPECT_EQ(add(d, Find(d, "g"), 9, FieldType::kGroup, ""),
            "0a0a0801120268692a02010298060510071b2004"
            "4b4c"
            "1c");
  EXPECT_EQ(add(d, Find(d, "id"), 1, FieldType::kInt32, "1"),
            "error: fields are added to messages: choose a message, a group or a frame");
  EXPECT_EQ(add(d, kNoNode, 0, FieldType::kInt32, "1"), "error: field numbers go from 1 to 536870911");
  EXPECT_EQ(add(d, kNoNode, 5, FieldType::kInt32, "x"), "error: not an integer: 'x'");
  const Decoded grpc = Decode("00 00 00 00 02 10 01", Framing::kGrpc);
  EXPECT_EQ(add(grpc, kNoNode, 2, FieldType::kInt32, "1"),
            "error: a framed payload: add the field to one of its frames");
  EXPECT_EQ(add(grpc, Find(grpc, "frame 1"), 2, FieldType::kInt32, "3"),
            "00000000041001"
            "1003");
}

TEST(Edit, EveryValueSetToItsOwnTextGivesTheSameBytes) {
  for (const char* hex : {kOuter, "0a 0c 18 01 25 00 00 00 3f 32 01 01 38 03"}) {
    const Decoded d = Decode(hex);
    for (uint32_t i = 0; i < d.list.nodes.size(); ++i) {
      const std::string text = EditableValue(d.list, i, Data(d.bytes), &TestSchema());
      if (text.empty()) continue;
      const EditResult r = SetValue(d.list, Data(d.bytes), d.bytes.size(), &TestSchema(), i, text);
      ASSERT_TRUE(r.ok) << NodePath(d.list, i, &TestSchema()) << ": " << r.error;
      EXPECT_EQ(ToHex(r.bytes), ToHex(d.bytes)) << NodePath(d.list, i, &TestSchema()) << " = " << text;
    }
  }
}

TEST(TextLiteral, StringsIntegersAndFloats) {
  std::string out, error;
  ASSERT_TRUE(text::ParseTextString(R"("a\n\t\"\\\x41\101\u00e9" 'b')", &out, &error)) << error;
  EXPECT_EQ(out,
            "a\n\t\"\\AA\xc3\xa9"
            "b");
  EXPECT_FALSE(text::ParseTextString(R"("\q")", &out, &error));
  EXPECT_EQ(error, "unknown escape \\q");
  EXPECT_FALSE(text::ParseTextString(R"("\ud800")", &out, &error));
  bool negative = false;
  uint64_t magnitude = 0;
  ASSERT_TRUE(text::ParseTextInteger("-0x10", &negative, &magnitude, &error));
  EXPECT_TRUE(negative);
  EXPECT_EQ(magnitude, 16u);
  ASSERT_TRUE(text::ParseTextInteger("017", &negative, &magnitude, &error));
  EXPECT_EQ(magnitude, 15u);
  EXPECT_FALSE(text::ParseTextInteger("18446744073709551616", &negative, &magnitude, &error));
  EXPECT_EQ(error, "an integer beyond 64 bits");
  double value = 0;
  ASSERT_TRUE(text::ParseTextFloat("1.5e3f", &value, &error));
  EXPECT_EQ(value, 1500.0);
  ASSERT_TRUE(text::ParseTextFloat("-Infinity", &value, &error));
  EXPECT_EQ(value, -std::numeric_limits<double>::infinity());
  EXPECT_FALSE(text::ParseTextFloat("0x1p3", &value, &error));
  EXPECT_EQ(text::QuoteTextString(reinterpret_cast<const uint8_t*>("\xc3\xa9\n\""), 4), "\"\xc3\xa9\\n\\\"\"");
}

}  // namespace
}  // namespace wirelens::inspect
