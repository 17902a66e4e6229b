// Semantics of code generated for editions files (tests/cli/editions/shapes{2023,2024}.proto, through
// protoc 36): one test per feature, byte for byte.
#include <gtest/gtest.h>

#include <string>
#include <type_traits>

#include "core/wire/test_util.h"
#include "tests/gen/decode_ok.h"
#include "shapes2023.wl.h"
#include "shapes2024.wl.h"

namespace {

using wirelens::ErrorKind;
using wirelens::testing::Hex;

std::string H(const char* hex) { return wirelens::testing::FromHex(hex); }

using wirelens::testing::DecodeOk;

// The message of tests/cli/editions/shapes2023.txtpb, as protoc 36 --encode writes it.
const char* const kShape2023 =
    "08 00 18 07 22 04 01 02 ac 02 28 04 28 05 33 08 01 12 01 78 34 3b 08 09 3c 40 02 4a 02 01 02 "
    "52 06 68 c3 a9 6c 6c 6f 5a 02 ff fe 62 07 0a 01 6b 12 02 08 02 72 02 08 03 78 01";

ed2023::Shape Shape2023() {
  ed2023::Shape m;
  m.set_explicit_zero(0);
  m.set_implicit_zero(0);
  m.set_required_id(7);
  *m.mutable_packed() = {1, 2, 300};
  *m.mutable_expanded() = {4, 5};
  m.mutable_delimited()->set_id(1);
  m.mutable_delimited()->set_name("x");
  m.mutable_child()->set_v(9);
  m.set_color(ed2023::Color::GREEN);
  *m.mutable_colors() = {ed2023::Color::RED, ed2023::Color::GREEN};
  m.set_checked("h\xc3\xa9llo");
  m.set_raw("\xff\xfe");
  (*m.mutable_items())["k"].set_id(2);
  m.mutable_b()->set_id(3);
  m.set_open(ed2023::OpenColor::BLUE);
  return m;
}

TEST(Editions, EveryFeatureOf2023WritesWhatProtocWrites) {
  const ed2023::Shape m = Shape2023();
  EXPECT_EQ(Hex(m.Encode()), Hex(H(kShape2023)));
  EXPECT_EQ(m.ComputeSize(), H(kShape2023).size());
  const ed2023::Shape back = DecodeOk<ed2023::Shape>(H(kShape2023));
  EXPECT_EQ(Hex(back.Encode()), Hex(H(kShape2023)));
  EXPECT_EQ(back.delimited().name(), "x");
  EXPECT_EQ(back.child().v(), 9);
  EXPECT_EQ(back.items().at("k").id(), 2);
}

TEST(Editions, PresenceExplicitImplicitAndLegacyRequired) {
  // EXPLICIT (the 2023 default) writes a zero that was set and has has_; IMPLICIT writes no zero
  // and has no has_ at all; LEGACY_REQUIRED is written as an explicit field.
  ed2023::Shape m;
  m.set_explicit_zero(0);
  m.set_implicit_zero(0);
  EXPECT_TRUE(m.has_explicit_zero());
  EXPECT_EQ(Hex(m.Encode()), "08 00");
  m.set_implicit_zero(5);
  EXPECT_EQ(Hex(m.Encode()), "08 00 10 05");
  m.set_required_id(0);
  EXPECT_TRUE(m.has_required_id());
  EXPECT_EQ(Hex(m.Encode()), "08 00 10 05 18 00");
  // 2024 with file-wide IMPLICIT: zeros are not written, a field set back to EXPLICIT is.
  ed2024::Node n;
  n.set_id(0);
  n.set_label("");
  n.set_explicit_id(0);
  EXPECT_EQ(Hex(n.Encode()), "40 00");
}

TEST(Editions, ClosedEnumNumbersItLacksBecomeUnknownFieldsOpenOnesAreKept) {
  // ed2023.Color is CLOSED (file option), OpenColor OPEN (enum option).
  const ed2023::Shape m = DecodeOk<ed2023::Shape>(H("40 05 4a 02 01 09 78 07"));
  EXPECT_FALSE(m.has_color());
  ASSERT_EQ(m.colors().size(), 1u);
  EXPECT_EQ(m.colors()[0], ed2023::Color::RED);
  EXPECT_EQ(static_cast<int>(m.open()), 7);
  EXPECT_EQ(Hex(m.unknown_fields()), "40 05 48 09");
  // 2024's enums are open by default.
  EXPECT_EQ(static_cast<int>(DecodeOk<ed2024::Node>(H("30 09")).kind()), 9);
}

TEST(Editions, PackedAndExpandedAreBothAcceptedAndEachWritesItsOwn) {
  const ed2023::Shape m = DecodeOk<ed2023::Shape>(H("20 01 20 02 2a 02 04 05"));
  EXPECT_EQ(m.packed(), (std::vector<int32_t>{1, 2}));
  EXPECT_EQ(m.expanded(), (std::vector<int32_t>{4, 5}));
  EXPECT_EQ(Hex(m.Encode()), "22 02 01 02 28 04 28 05");
  // 2024: PACKED by default (sint64 weights).
  ed2024::Node n;
  *n.mutable_weights() = {-1, 1};
  EXPECT_EQ(Hex(n.Encode()), "22 02 01 02");
}

TEST(Editions, DelimitedMessagesAreGroupsMapValuesStayLengthPrefixed) {
  // 2024, file-wide DELIMITED: next (2) and children (3) are groups; by_id's values are not.
  ed2024::Node n;
  n.mutable_next()->set_id(1);
  n.add_children()->set_id(2);
  (*n.mutable_by_id())[3].set_id(4);
  const std::string expected = "13 08 01 14 1b 08 02 1c 2a 06 08 03 12 02 08 04";
  EXPECT_EQ(Hex(n.Encode()), expected);
  EXPECT_EQ(n.ComputeSize(), H(expected.c_str()).size());
  const ed2024::Node back = DecodeOk<ed2024::Node>(H(expected.c_str()));
  EXPECT_EQ(back.next().id(), 1);
  EXPECT_EQ(back.children()[0].id(), 2);
  EXPECT_EQ(back.by_id().at(3).id(), 4);
  // A length-prefixed `next` is not a DELIMITED field's encoding: kept as an unknown field, or an
  // error when the caller asks for one.
  ed2024::Node lenient = DecodeOk<ed2024::Node>(H("12 02 08 01"));
  EXPECT_FALSE(lenient.has_next());
  EXPECT_EQ(Hex(lenient.unknown_fields()), "12 02 08 01");
  wirelens::DecodeOptions strict;
  strict.reject_wire_type_mismatch = true;
  EXPECT_EQ(lenient.Decode(H("12 02 08 01"), strict).kind, ErrorKind::kWireTypeMismatch);
}

TEST(Editions, Utf8VerifyRejectsBadStringsNoneKeepsTheBytes) {
  ed2023::Shape m;
  const wirelens::Status bad = m.Decode(H("52 02 ff fe"));  // checked (VERIFY, the default)
  EXPECT_EQ(bad.kind, ErrorKind::kInvalidUtf8);
  const ed2023::Shape raw = DecodeOk<ed2023::Shape>(H("5a 02 ff fe"));  // raw (NONE)
  EXPECT_EQ(raw.raw(), "\xff\xfe");
  // In a map key of a 2023 file (VERIFY inherited by the map entry).
  EXPECT_EQ(m.Decode(H("62 03 0a 01 ff")).kind, ErrorKind::kInvalidUtf8);
}

}  // namespace
