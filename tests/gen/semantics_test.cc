// Semantics of the generated code, one test per rule, byte for byte where bytes matter.
#include <gtest/gtest.h>

#include "core/wire/test_util.h"
#include "tests/gen/decode_ok.h"

#include <cmath>
#include <initializer_list>
#include <limits>
#include <string>

#include "tests/gen/semantics_proto2.wl.h"
#include "tests/gen/semantics_proto3.wl.h"

namespace {

namespace p2 = wirelens::test::p2;
namespace p3 = wirelens::test::p3;
using wirelens::ErrorKind;

// "08 96 01" -> the bytes.
std::string H(const char* hex) { return wirelens::testing::FromHex(hex); }

using wirelens::testing::Hex;

using wirelens::testing::DecodeOk;

// Bytes whose decode fails, and the error's kind and offset.
struct Malformed {
  const char* hex;
  ErrorKind kind;
  size_t offset;
};
template <typename M>
void ExpectDecodeErrors(std::initializer_list<Malformed> cases) {
  for (const Malformed& c : cases) {
    M m;
    const wirelens::Status status = m.Decode(H(c.hex));
    EXPECT_EQ(wirelens::ErrorKindName(status.kind), std::string(wirelens::ErrorKindName(c.kind))) << c.hex;
    EXPECT_EQ(status.offset, c.offset) << c.hex;
  }
}

TEST(Semantics, AllFifteenScalarTypesAndAnEnum) {
  p3::Scalars m;
  m.set_f_int32(-1);
  m.set_f_int64(-2);
  m.set_f_uint32(300);
  m.set_f_uint64(std::numeric_limits<uint64_t>::max());
  m.set_f_sint32(-3);
  m.set_f_sint64(-4);
  m.set_f_fixed32(5);
  m.set_f_fixed64(6);
  m.set_f_sfixed32(-7);
  m.set_f_sfixed64(-8);
  m.set_f_float(0.25f);
  m.set_f_double(204.8);
  m.set_f_bool(true);
  m.set_f_string("hé");
  m.set_f_bytes(std::string("\0\xff", 2));
  m.set_color(p3::Color::GREEN);
  const std::string expected =
      H("08 ff ff ff ff ff ff ff ff ff 01 10 fe ff ff ff ff ff ff ff ff 01 18 ac 02 "
        "20 ff ff ff ff ff ff ff ff ff 01 28 05 30 07 3d 05 00 00 00 41 06 00 00 00 00 00 00 00 "
        "4d f9 ff ff ff 51 f8 ff ff ff ff ff ff ff 5d 00 00 80 3e 61 9a 99 99 99 99 99 69 40 "
        "68 01 72 03 68 c3 a9 7a 02 00 ff 80 01 02");
  EXPECT_EQ(Hex(m.Encode()), Hex(expected));
  EXPECT_EQ(m.ComputeSize(), expected.size());

  const p3::Scalars back = DecodeOk<p3::Scalars>(expected);
  EXPECT_EQ(back.f_int32(), -1);
  EXPECT_EQ(back.f_int64(), -2);
  EXPECT_EQ(back.f_uint32(), 300u);
  EXPECT_EQ(back.f_uint64(), std::numeric_limits<uint64_t>::max());
  EXPECT_EQ(back.f_sint32(), -3);
  EXPECT_EQ(back.f_sint64(), -4);
  EXPECT_EQ(back.f_fixed32(), 5u);
  EXPECT_EQ(back.f_fixed64(), 6u);
  EXPECT_EQ(back.f_sfixed32(), -7);
  EXPECT_EQ(back.f_sfixed64(), -8);
  EXPECT_EQ(back.f_float(), 0.25f);
  EXPECT_EQ(back.f_double(), 204.8);
  EXPECT_TRUE(back.f_bool());
  EXPECT_EQ(back.f_string(), "hé");
  EXPECT_EQ(back.f_bytes(), std::string("\0\xff", 2));
  EXPECT_EQ(back.color(), p3::Color::GREEN);
}

TEST(Semantics, Proto3ImplicitPresenceWritesNoZeros) {
  p3::Scalars m;
  m.set_f_int32(0);
  m.set_f_string("");
  m.set_f_bool(false);
  EXPECT_EQ(m.Encode(), "");
  m.set_f_double(-0.0);  // not zero by bits: written, as libprotobuf does
  EXPECT_EQ(Hex(m.Encode()), "61 00 00 00 00 00 00 00 80");
}

TEST(Semantics, Proto3OptionalTracksPresence) {
  p3::Optionals m;
  EXPECT_FALSE(m.has_a());
  m.set_a(0);
  m.set_s("");
  m.set_c(p3::Color::COLOR_UNSPECIFIED);
  EXPECT_TRUE(m.has_a());
  EXPECT_EQ(Hex(m.Encode()), "08 00 12 00 18 00");
  m.clear_a();
  EXPECT_FALSE(m.has_a());
  EXPECT_EQ(Hex(m.Encode()), "12 00 18 00");
  const p3::Optionals back = DecodeOk<p3::Optionals>(H("08 00"));
  EXPECT_TRUE(back.has_a());
  EXPECT_FALSE(back.has_s());
}

TEST(Semantics, Proto2Defaults) {
  p2::Defaults m;
  EXPECT_EQ(m.i(), -5);
  EXPECT_EQ(m.s(), "hi\"\n");
  EXPECT_EQ(m.b(), std::string("\0\1\xff", 3));
  EXPECT_TRUE(std::isnan(m.f_nan()));
  EXPECT_EQ(m.d_inf(), std::numeric_limits<double>::infinity());
  EXPECT_EQ(m.f_ninf(), -std::numeric_limits<float>::infinity());
  EXPECT_EQ(m.level(), p2::Level::HIGH);
  EXPECT_EQ(m.first(), p2::Level::LOW);  // no default: the enum's first value
  EXPECT_TRUE(m.flag());
  EXPECT_EQ(m.big(), std::numeric_limits<uint64_t>::max());
  EXPECT_EQ(m.min64(), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(m.min32(), std::numeric_limits<int32_t>::min());
  EXPECT_FALSE(m.has_i());
  EXPECT_EQ(m.Encode(), "");  // defaults are not presence

  m.set_i(7);
  m.set_s("x");
  m.Clear();
  EXPECT_EQ(m.i(), -5);
  EXPECT_EQ(m.s(), "hi\"\n");
  EXPECT_FALSE(m.has_s());
  m.set_i(-5);  // explicitly set to the default: present, so written
  EXPECT_EQ(Hex(m.Encode()), "08 fb ff ff ff ff ff ff ff ff 01");
}

TEST(Semantics, Proto2RequiredHasPresenceBits) {
  p2::Required m;
  EXPECT_FALSE(m.has_id());
  m.set_id(0);
  EXPECT_TRUE(m.has_id());
  EXPECT_EQ(Hex(m.Encode()), "08 00");
}

TEST(Semantics, Proto3EnumsAreOpen) {
  const p3::Scalars m = DecodeOk<p3::Scalars>(H("80 01 07"));
  EXPECT_EQ(static_cast<int32_t>(m.color()), 7);
  EXPECT_EQ(m.unknown_fields(), "");
  EXPECT_EQ(Hex(m.Encode()), "80 01 07");
}

TEST(Semantics, Proto2EnumsAreClosed) {
  // level = 5 (undefined), levels = [1, 5, 2] unpacked, packed_levels = [1, 9], by_id {1: 7}.
  const std::string input = H("08 05 10 01 10 05 10 02 1a 02 01 09 22 04 08 01 10 07");
  p2::Closed m = DecodeOk<p2::Closed>(input);
  EXPECT_FALSE(m.has_level());
  ASSERT_EQ(m.levels_size(), 2);
  EXPECT_EQ(m.levels()[1], p2::Level::HIGH);
  ASSERT_EQ(m.packed_levels_size(), 1);
  EXPECT_TRUE(m.by_id().empty());
  // Undefined values went to the unknown fields, packed ones one by one, the map entry whole.
  EXPECT_EQ(Hex(m.unknown_fields()), "08 05 10 05 18 09 22 04 08 01 10 07");
  EXPECT_EQ(Hex(m.Encode()), "10 01 10 02 1a 01 01 08 05 10 05 18 09 22 04 08 01 10 07");
}

TEST(Semantics, RecursiveMessagesAndDepthLimit) {
  p3::Node root;
  p3::Node* node = &root;
  for (int i = 0; i < 99; ++i) {
    node->set_value(i);
    node = node->mutable_next();
  }
  const std::string bytes = root.Encode();
  p3::Node back = DecodeOk<p3::Node>(bytes);
  EXPECT_EQ(back.next().next().value(), 2);
  EXPECT_EQ(back.Encode(), bytes);

  node->mutable_next()->mutable_next();  // 101 levels
  p3::Node deep;
  const wirelens::Status status = deep.Decode(root.Encode());
  EXPECT_EQ(status.kind, ErrorKind::kDepthExceeded);
  EXPECT_TRUE(deep.Decode(root.Encode(), wirelens::DecodeOptions{200}).ok());
}

TEST(Semantics, PackableFieldsAcceptBothEncodings) {
  // ints: unpacked 1, packed [2, 3], unpacked 4; encoded back packed (proto3 default).
  const p3::Packed m = DecodeOk<p3::Packed>(H("08 01 0a 02 02 03 08 04"));
  EXPECT_EQ(m.ints(), (std::vector<int32_t>{1, 2, 3, 4}));
  EXPECT_EQ(Hex(m.Encode()), "0a 04 01 02 03 04");
  // [packed = false]: packed input accepted, written unpacked.
  const p3::Unpacked u = DecodeOk<p3::Unpacked>(H("0a 02 05 06"));
  EXPECT_EQ(Hex(u.Encode()), "08 05 08 06");
}

TEST(Semantics, PackedOfEveryElementWidth) {
  p3::Packed m;
  *m.mutable_doubles() = {1.0, -2.5};
  *m.mutable_zigzags() = {-1, 1};
  *m.mutable_colors() = {p3::Color::RED, static_cast<p3::Color>(-1)};
  *m.mutable_flags() = {true, false};
  const std::string bytes = m.Encode();
  EXPECT_EQ(Hex(bytes),
            "12 10 00 00 00 00 00 00 f0 3f 00 00 00 00 00 00 04 c0 1a 02 01 02 "
            "22 0b 01 ff ff ff ff ff ff ff ff ff 01 2a 02 01 00");
  EXPECT_EQ(DecodeOk<p3::Packed>(bytes).Encode(), bytes);
  // Runs and single values of each width merge in order (doubles: 1.0, then -2.5 unpacked).
  const p3::Packed merged = DecodeOk<p3::Packed>(
      H("12 08 00 00 00 00 00 00 f0 3f 11 00 00 00 00 00 00 04 c0 2a 03 01 00 02 28 00 2a 00 1a 01 01 18 02"));
  EXPECT_EQ(merged.doubles(), (std::vector<double>{1.0, -2.5}));
  EXPECT_EQ(merged.flags(), (std::vector<bool>{true, false, true, false}));
  EXPECT_EQ(merged.zigzags(), (std::vector<int64_t>{-1, 1}));
}

// A packed run that is cut or malformed is an error at the element that breaks, whether the run
// is read on MergeFrom's pointer loop or by the Reader.
TEST(Semantics, PackedRunsReportTheBrokenElement) {
  ExpectDecodeErrors<p3::Packed>({
      {"0a 03 01 02 80", ErrorKind::kTruncated, 4},  // the run ends inside its last varint
      {"0a 0b 01 ff ff ff ff ff ff ff ff ff ff", ErrorKind::kVarintTooLong, 3},
      {"08 01 0a 05 01", ErrorKind::kLengthPastEnd, 3},
      {"12 03 00 00 00", ErrorKind::kTruncated, 2},  // less than one double
      {"12 09 00 00 00 00 00 00 f0 3f 01", ErrorKind::kTruncated, 10},
      {"0a 01 01 12 08 00 00 00 00 00 00 f0 3f 0a 01 80", ErrorKind::kTruncated, 15},
  });
}

TEST(Semantics, MapsOfEveryKeyType) {
  p3::Maps m;
  (*m.mutable_by_int32())[-1] = "a";
  (*m.mutable_by_int64())[1] = "b";
  (*m.mutable_by_uint32())[2] = "c";
  (*m.mutable_by_uint64())[3] = "d";
  (*m.mutable_by_sint32())[-2] = "e";
  (*m.mutable_by_sint64())[-3] = "f";
  (*m.mutable_by_fixed32())[4] = "g";
  (*m.mutable_by_fixed64())[5] = "h";
  (*m.mutable_by_sfixed32())[-6] = "i";
  (*m.mutable_by_sfixed64())[-7] = "j";
  (*m.mutable_by_bool())[true] = "k";
  (*m.mutable_by_string())["key"] = "l";
  (*m.mutable_nodes())["n"].set_value(9);
  (*m.mutable_colors())["c"] = p3::Color::RED;
  const std::string bytes = m.Encode();
  const p3::Maps back = DecodeOk<p3::Maps>(bytes);
  EXPECT_EQ(back.by_int32().at(-1), "a");
  EXPECT_EQ(back.by_sint64().at(-3), "f");
  EXPECT_EQ(back.by_sfixed64().at(-7), "j");
  EXPECT_EQ(back.by_bool().at(true), "k");
  EXPECT_EQ(back.nodes().at("n").value(), 9);
  EXPECT_EQ(back.colors().at("c"), p3::Color::RED);
  EXPECT_EQ(back.Encode(), bytes);
  // One entry byte for byte: key and value always written.
  p3::Maps one;
  (*one.mutable_by_int32())[0] = "";
  EXPECT_EQ(Hex(one.Encode()), "0a 04 08 00 12 00");
}

TEST(Semantics, MapEntriesWithMissingKeyOrValueAndDuplicateKeys) {
  // by_int32: {value "x"} (no key), {key 5} (no value), {5: "y"} -> {0: "x", 5: "y"}
  const p3::Maps m = DecodeOk<p3::Maps>(H("0a 03 12 01 78 0a 02 08 05 0a 05 08 05 12 01 79"));
  ASSERT_EQ(m.by_int32_size(), 2);
  EXPECT_EQ(m.by_int32().at(0), "x");
  EXPECT_EQ(m.by_int32().at(5), "y");
  // An entry with its fields in reverse order and an unknown field inside still counts.
  const p3::Maps r = DecodeOk<p3::Maps>(H("0a 07 12 01 7a 18 01 08 03"));
  EXPECT_EQ(r.by_int32().at(3), "z");
}

TEST(Semantics, MapEntriesInAnyKeyOrder) {
  // by_int32 entries 5: "a", 1: "b", 9: "c", 1: "d": out of key order, then a key again.
  const p3::Maps m =
      DecodeOk<p3::Maps>(H("0a 05 08 05 12 01 61 0a 05 08 01 12 01 62 0a 05 08 09 12 01 63 "
                           "0a 05 08 01 12 01 64"));
  ASSERT_EQ(m.by_int32_size(), 3);
  EXPECT_EQ(m.by_int32().at(1), "d");
  EXPECT_EQ(Hex(m.Encode()), "0a 05 08 01 12 01 64 0a 05 08 05 12 01 61 0a 05 08 09 12 01 63");
}

TEST(Semantics, OneofLastOneWins) {
  const p3::Choice m = DecodeOk<p3::Choice>(H("08 07 12 02 68 69"));
  EXPECT_EQ(m.pick_case(), p3::Choice::kText);
  EXPECT_FALSE(m.has_number());
  EXPECT_EQ(m.number(), 0);
  EXPECT_EQ(m.text(), "hi");
  EXPECT_EQ(Hex(m.Encode()), "12 02 68 69");

  p3::Choice c;
  c.set_number(0);  // a oneof member is present even when zero
  EXPECT_EQ(Hex(c.Encode()), "08 00");
  c.mutable_node()->set_value(1);
  EXPECT_EQ(c.pick_case(), p3::Choice::kNode);
  EXPECT_EQ(Hex(c.Encode()), "1a 02 08 01");
  c.clear_pick();
  EXPECT_EQ(c.pick_case(), p3::Choice::PICK_NOT_SET);
  EXPECT_EQ(c.Encode(), "");
}

TEST(Semantics, Proto2Groups) {
  p2::WithGroup m;
  m.mutable_g()->set_x(5);
  m.add_r()->set_s("a");
  m.add_r();
  const std::string bytes = m.Encode();
  EXPECT_EQ(Hex(bytes), "0b 10 05 0c 1b 22 01 61 1c 1b 1c");
  const p2::WithGroup back = DecodeOk<p2::WithGroup>(bytes);
  EXPECT_EQ(back.g().x(), 5);
  ASSERT_EQ(back.r_size(), 2);
  EXPECT_EQ(back.r()[0].s(), "a");

  p2::WithGroup bad;
  EXPECT_EQ(bad.Decode(H("0b 10 05 14")).kind, ErrorKind::kUnmatchedGroupEnd);  // END_GROUP 2 closes group 1
  EXPECT_EQ(bad.Decode(H("0b 10 05")).kind, ErrorKind::kTruncated);
}

TEST(Semantics, ExtensionsAndUnknownFieldsAreKeptByteExact) {
  // ext (100) = 3, field 150 "x", a group 160, field 1 = 2: known fields first on output.
  const std::string input = H("a0 06 03 b2 09 01 78 83 0a 08 01 84 0a 08 02");
  const p2::Extendable m = DecodeOk<p2::Extendable>(input);
  EXPECT_EQ(m.a(), 2);
  EXPECT_EQ(Hex(m.unknown_fields()), "a0 06 03 b2 09 01 78 83 0a 08 01 84 0a");
  EXPECT_EQ(Hex(m.Encode()), "08 02 a0 06 03 b2 09 01 78 83 0a 08 01 84 0a");
}

TEST(Semantics, UnknownFieldOfEveryWireTypeInProto3) {
  const std::string unknown = H("f8 01 01 f9 01 01 02 03 04 05 06 07 08 fa 01 00 fb 01 fc 01 fd 01 09 08 07 06");
  const p3::Scalars m = DecodeOk<p3::Scalars>(H("08 01") + unknown);
  EXPECT_EQ(Hex(m.unknown_fields()), Hex(unknown));
  EXPECT_EQ(Hex(m.Encode()), Hex(H("08 01") + unknown));
}

TEST(Semantics, KnownFieldWithAnotherWireTypeIsKeptAsUnknown) {
  // f_int32 (1) arriving as fixed32: not an int32, kept as an unknown field.
  const p3::Scalars m = DecodeOk<p3::Scalars>(H("0d 01 00 00 00"));
  EXPECT_EQ(m.f_int32(), 0);
  EXPECT_EQ(Hex(m.Encode()), "0d 01 00 00 00");
}

TEST(Semantics, WireTypeMismatchCanBeAnError) {
  p3::Node m;
  wirelens::DecodeOptions strict;
  strict.reject_wire_type_mismatch = true;
  const wirelens::Status status = m.Decode(H("08 01 12 02 08 01 15 01 00 00 00"), strict);  // next (2) as fixed32
  EXPECT_EQ(status.kind, ErrorKind::kWireTypeMismatch);
  EXPECT_EQ(status.offset, 6u);
  // Inside sub-messages too; unknown field numbers stay unknown fields.
  EXPECT_EQ(m.Decode(H("12 05 0d 01 00 00 00"), strict).kind, ErrorKind::kWireTypeMismatch);
  EXPECT_TRUE(m.Decode(H("f8 01 05"), strict).ok());
  EXPECT_TRUE(m.Decode(H("08 01 15 01 00 00 00")).ok());  // the default keeps it as unknown
}

TEST(Semantics, MessageFieldTwiceMerges) {
  // next {value 1}, next {label "b"} -> next {value 1, label "b"}
  const p3::Node m = DecodeOk<p3::Node>(H("12 02 08 01 12 03 22 01 62"));
  EXPECT_EQ(m.next().value(), 1);
  EXPECT_EQ(m.next().label(), "b");
}

TEST(Semantics, ScalarTwiceLastWins) {
  const p3::Scalars m = DecodeOk<p3::Scalars>(H("08 01 72 01 61 08 02 72 01 62"));
  EXPECT_EQ(m.f_int32(), 2);
  EXPECT_EQ(m.f_string(), "b");
}

TEST(Semantics, OutputInFieldNumberOrder) {
  p3::OutOfOrder m;
  m.set_third(3);
  m.set_first(1);
  m.set_second(2);
  EXPECT_EQ(Hex(m.Encode()), "08 01 10 02 18 03");
}

TEST(Semantics, WellKnownTypesAreOrdinaryMessages) {
  p3::WithTimestamp m;
  m.mutable_at()->set_seconds(1700000000);
  m.mutable_at()->set_nanos(5);
  const p3::WithTimestamp back = DecodeOk<p3::WithTimestamp>(m.Encode());
  EXPECT_EQ(back.at().seconds(), 1700000000);
  EXPECT_EQ(back.at().nanos(), 5);
  static_assert(std::is_same_v<decltype(back.at()), const google::protobuf::Timestamp&>);
}

TEST(Semantics, KeywordsAndMacrosAreMangled) {
  p3::Keywords m;
  m.set_class_(1);
  m.set_default_(2);
  m.set_namespace_("n");
  m.set_macro(p3::Keywords::Macro::EOF_);
  m.set_unknown_fields_(5);
  EXPECT_EQ(Hex(m.Encode()), "08 01 10 02 1a 01 6e 20 01 28 05");
  EXPECT_EQ(static_cast<int>(p3::Keywords_Macro::NULL_), 2);
}

TEST(Semantics, Proto3StringsMustBeUtf8) {
  p3::Scalars m;
  const wirelens::Status status = m.Decode(H("08 01 72 02 c3 28"));
  EXPECT_EQ(status.kind, ErrorKind::kInvalidUtf8);
  EXPECT_EQ(status.offset, 2u);
  // proto2 strings are not validated (as libprotobuf), bytes never are.
  EXPECT_TRUE(p2::Text().Decode(H("0a 02 c3 28")).ok());
  EXPECT_TRUE(p3::Scalars().Decode(H("7a 02 c3 28")).ok());
}

TEST(Semantics, MalformedInputReportsKindAndOffset) {
  ExpectDecodeErrors<p3::Node>({
      {"08", ErrorKind::kTruncated, 1},
      {"08 80", ErrorKind::kTruncated, 1},
      {"08 ff ff ff ff ff ff ff ff ff ff 01", ErrorKind::kVarintTooLong, 1},
      {"0f", ErrorKind::kBadWireType, 0},
      {"72 05 61", ErrorKind::kLengthPastEnd, 1},
      {"12 05 08 01 12 03 08", ErrorKind::kLengthPastEnd, 5},  // a nested length past its parent
      {"00", ErrorKind::kBadFieldNumber, 0},
      {"0c", ErrorKind::kUnmatchedGroupEnd, 0},
      // After, inside and around fields MergeFrom's pointer loop read (the Reader reports them).
      {"08 01 10 80", ErrorKind::kTruncated, 3},
      {"08 01 1a 05 08 01 08 80", ErrorKind::kLengthPastEnd, 3},  // child longer than its parent
      {"1a 04 08 01 08 80", ErrorKind::kTruncated, 5},            // varint cut at the child's end
      {"1a 04 22 02 c3 28", ErrorKind::kInvalidUtf8, 2},
      {"22 01 61 22 05 61", ErrorKind::kLengthPastEnd, 4},
  });
}

// MergeFrom reads most fields on a plain pointer and hands anything else to the Reader at the
// field's tag: values, merges and errors are the Reader's, wherever in the message they occur.
TEST(Semantics, FieldsReadOnThePointerLoopMergeAsTheReaderDoes) {
  // More errors around fields the loop read are in MalformedInputReportsKindAndOffset.
  p3::Node shallow;
  const wirelens::Status status = shallow.Decode(H("12 02 12 00"), wirelens::DecodeOptions{1});
  EXPECT_EQ(status.kind, ErrorKind::kDepthExceeded);
  EXPECT_EQ(status.offset, 2u);
  p3::Scalars scalars;
  EXPECT_EQ(scalars.Decode(H("08 01 3d 01 02")).kind, ErrorKind::kTruncated);  // fixed32 cut
  EXPECT_EQ(scalars.Decode(H("08 01 72 05 61")).offset, 3u);

  // Strings and messages around a field the Reader reads (field 2 as a varint: unknown, kept).
  const p3::Node node = DecodeOk<p3::Node>(H("22 01 61 1a 02 08 07 10 05 1a 00 08 09 22 01 62"));
  EXPECT_EQ(node.label(), "b");
  EXPECT_EQ(node.value(), 9);
  ASSERT_EQ(node.children_size(), 2);
  EXPECT_EQ(node.children()[0].value(), 7);
  EXPECT_EQ(Hex(node.unknown_fields()), "10 05");

  // Repeated strings and bytes (20: a two-byte tag), empty ones included.
  const p3::Words words = DecodeOk<p3::Words>(H("0a 01 61 a2 01 01 ff 0a 00 a2 01 00 0a 02 62 63"));
  ASSERT_EQ(words.words_size(), 3);
  EXPECT_EQ(words.words()[2], "bc");
  ASSERT_EQ(words.blobs_size(), 2);
  EXPECT_EQ(words.blobs()[0], "\xff");
  EXPECT_EQ(p3::Words().Decode(H("0a 01 61 0a 01 ff")).kind, ErrorKind::kInvalidUtf8);
}

TEST(Semantics, EncodeToNeedsEnoughRoom) {
  p3::Node m;
  m.set_label("hello");
  uint8_t small[4];
  EXPECT_EQ(m.EncodeTo(small, sizeof small), nullptr);
  uint8_t exact[7];
  EXPECT_EQ(m.EncodeTo(exact, sizeof exact), exact + 7);
}

TEST(Semantics, CopiesAreDeep) {
  p3::Node a;
  a.mutable_next()->set_value(1);
  p3::Node b = a;
  b.mutable_next()->set_value(2);
  EXPECT_EQ(a.next().value(), 1);
  EXPECT_EQ(b.next().value(), 2);
}

TEST(Semantics, DecodeIntoAReusedMessageStartsFresh) {
  p3::Node m;
  ASSERT_TRUE(m.Decode(H("12 04 08 01 22 00 08 05")).ok());  // next {value 1, label ""}, value 5
  EXPECT_TRUE(m.has_next());
  ASSERT_TRUE(m.Decode(H("08 06")).ok());
  EXPECT_FALSE(m.has_next());               // the kept allocation is not presence
  EXPECT_EQ(m.next().value(), 0);           // reads see the default instance
  EXPECT_EQ(m.mutable_next()->value(), 0);  // a recycled sub-message comes back cleared
  EXPECT_EQ(Hex(m.Encode()), "08 06 12 00");
}

TEST(Semantics, MovedFromMessagesAreEmpty) {
  p3::Node a;
  a.mutable_next()->set_value(3);
  p3::Node b = std::move(a);
  EXPECT_EQ(b.next().value(), 3);
  EXPECT_FALSE(a.has_next());  // NOLINT(bugprone-use-after-move): defined as empty
  EXPECT_EQ(a.ComputeSize(), 0u);
}

}  // namespace
