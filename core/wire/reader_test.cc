// Reader: values, skipping of every wire type, and every error kind at its exact offset.
#include "core/wire/reader.h"

#include <gtest/gtest.h>

#include <string>

#include "core/wire/test_util.h"

namespace wirelens {
namespace {

using testing::B;
using testing::Bytes;

// Reads every field of `bytes` with SkipField() and returns the final status.
Status SkipAll(const Bytes& bytes, int depth_limit = kDefaultDepthLimit) {
  Reader reader(bytes.data(), bytes.size(), depth_limit);
  while (reader.NextField()) {
    if (!reader.SkipField()) break;
  }
  return reader.status();
}

void ExpectError(const Bytes& bytes, ErrorKind kind, size_t offset) {
  const Status status = SkipAll(bytes);
  EXPECT_EQ(ErrorKindName(status.kind), std::string(ErrorKindName(kind)));
  EXPECT_EQ(status.offset, offset);
}

TEST(Reader, ReadsEveryWireType) {
  const Bytes bytes = B({
      0x08, 0x96, 0x01,                          // 1: varint 150
      0x11, 1,    2,    3,    4,    5, 6, 7, 8,  // 2: fixed64
      0x1a, 0x03, 'a',  'b',  'c',               // 3: "abc"
      0x25, 0x00, 0x00, 0x80, 0x3e,              // 4: fixed32 (float 0.25)
  });
  Reader reader(bytes.data(), bytes.size());
  ASSERT_TRUE(reader.NextField());
  EXPECT_EQ(reader.field_number(), 1u);
  EXPECT_EQ(reader.wire_type(), WireType::kVarint);
  EXPECT_EQ(reader.field_offset(), 0u);
  uint64_t varint = 0;
  ASSERT_TRUE(reader.ReadVarint(&varint));
  EXPECT_EQ(varint, 150u);

  ASSERT_TRUE(reader.NextField());
  EXPECT_EQ(reader.field_offset(), 3u);
  uint64_t fixed64 = 0;
  ASSERT_TRUE(reader.ReadFixed64(&fixed64));
  EXPECT_EQ(fixed64, 0x0807060504030201ull);

  ASSERT_TRUE(reader.NextField());
  ByteView text;
  ASSERT_TRUE(reader.ReadLengthDelimited(&text));
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(text.data), text.size), "abc");
  EXPECT_EQ(text.data - bytes.data(), 14);

  ASSERT_TRUE(reader.NextField());
  uint32_t fixed32 = 0;
  ASSERT_TRUE(reader.ReadFixed32(&fixed32));
  EXPECT_EQ(BitCast<float>(fixed32), 0.25f);

  EXPECT_FALSE(reader.NextField());
  EXPECT_TRUE(reader.status().ok());
  EXPECT_TRUE(reader.done());
}

TEST(Reader, EmptyInputIsAnEmptyMessage) {
  Reader reader(nullptr, 0);
  EXPECT_FALSE(reader.NextField());
  EXPECT_TRUE(reader.done());
}

TEST(Reader, SkipsEveryWireTypeIncludingNestedGroups) {
  const Bytes bytes = B({
      0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01,  // varint, 10 bytes
      0x11, 0,    0,    0,    0,    0,    0,    0,    0,                 // fixed64
      0x1a, 0x02, 0x08, 0x01,                                            // len
      0x23,                                                              // START_GROUP 4
      0x08, 0x01,                                                        //   varint
      0x2b, 0x0d, 0,    0,    0,    0,    0x2c,                          //   group 5 { fixed32 }
      0x24,                                                              // END_GROUP 4
      0x35, 0,    0,    0,    0,                                         // fixed32
  });
  Reader reader(bytes.data(), bytes.size());
  int fields = 0;
  while (reader.NextField()) {
    ++fields;
    ASSERT_TRUE(reader.SkipField());
  }
  EXPECT_TRUE(reader.done());
  EXPECT_EQ(fields, 5);
}

TEST(Reader, EntersSubMessagesWithAbsoluteOffsets) {
  const Bytes bytes = B({0x0a, 0x04, 0x12, 0x02, 0x08, 0x07, 0x10, 0x01});
  Reader reader(bytes.data(), bytes.size());
  ASSERT_TRUE(reader.NextField());
  Reader child(nullptr, 0);
  ASSERT_TRUE(reader.EnterMessage(&child));
  ASSERT_TRUE(child.NextField());
  EXPECT_EQ(child.field_number(), 2u);
  EXPECT_EQ(child.field_offset(), 2u);
  Reader grandchild(nullptr, 0);
  ASSERT_TRUE(child.EnterMessage(&grandchild));
  ASSERT_TRUE(grandchild.NextField());
  EXPECT_EQ(grandchild.field_offset(), 4u);
  uint64_t v = 0;
  ASSERT_TRUE(grandchild.ReadVarint(&v));
  EXPECT_EQ(v, 7u);
  EXPECT_FALSE(grandchild.NextField());
  EXPECT_TRUE(grandchild.done());
  EXPECT_FALSE(child.NextField());
  EXPECT_TRUE(child.done());
  ASSERT_TRUE(reader.NextField());
  EXPECT_EQ(reader.field_offset(), 6u);
  EXPECT_EQ(reader.offset(), 7u);
}

TEST(Reader, EntersGroupsAndContinuesAfterThem) {
  const Bytes bytes = B({0x0b, 0x10, 0x05, 0x0c, 0x18, 0x06});  // group 1 { 2: 5 } 3: 6
  Reader reader(bytes.data(), bytes.size());
  ASSERT_TRUE(reader.NextField());
  Reader group(nullptr, 0);
  ASSERT_TRUE(reader.EnterGroup(&group));
  ASSERT_TRUE(group.NextField());
  EXPECT_EQ(group.field_number(), 2u);
  uint64_t v = 0;
  ASSERT_TRUE(group.ReadVarint(&v));
  EXPECT_FALSE(group.NextField());
  EXPECT_TRUE(group.status().ok());
  ASSERT_TRUE(reader.LeaveGroup(group));
  ASSERT_TRUE(reader.NextField());
  EXPECT_EQ(reader.field_number(), 3u);
  ASSERT_TRUE(reader.ReadVarint(&v));
  EXPECT_EQ(v, 6u);
  EXPECT_FALSE(reader.NextField());
  EXPECT_TRUE(reader.done());
}

TEST(ReaderErrors, TruncatedTag) { ExpectError(B({0x08, 0x01, 0x80}), ErrorKind::kTruncated, 2); }
TEST(ReaderErrors, TruncatedVarintValue) { ExpectError(B({0x08, 0x80, 0x80}), ErrorKind::kTruncated, 1); }
TEST(ReaderErrors, MissingValue) { ExpectError(B({0x08}), ErrorKind::kTruncated, 1); }
TEST(ReaderErrors, VarintCutAfterItsFirstByte) { ExpectError(B({0x08, 0xac}), ErrorKind::kTruncated, 1); }

// Two-byte varints take the inlined path; at the very end of the input too.
TEST(Reader, ReadsTwoByteVarintsUpToTheEnd) {
  const Bytes bytes = B({0x08, 0xac, 0x02, 0x10, 0x80, 0x01, 0x18, 0xff, 0x7f});
  Reader reader(bytes.data(), bytes.size());
  for (uint64_t expected : {300u, 128u, 16383u}) {
    ASSERT_TRUE(reader.NextField());
    uint64_t value = 0;
    ASSERT_TRUE(reader.ReadVarint(&value));
    EXPECT_EQ(value, expected);
  }
  EXPECT_FALSE(reader.NextField());
  EXPECT_TRUE(reader.done());
}
TEST(ReaderErrors, TruncatedFixed32) { ExpectError(B({0x0d, 1, 2, 3}), ErrorKind::kTruncated, 1); }
TEST(ReaderErrors, TruncatedFixed64) { ExpectError(B({0x09, 1, 2, 3, 4, 5, 6, 7}), ErrorKind::kTruncated, 1); }
TEST(ReaderErrors, TruncatedLengthPrefix) { ExpectError(B({0x0a, 0x80}), ErrorKind::kTruncated, 1); }

TEST(ReaderErrors, VarintValueOverTenBytes) {
  ExpectError(B({0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}), ErrorKind::kVarintTooLong,
              1);
}

TEST(ReaderErrors, TagOverTenBytes) {
  ExpectError(B({0x08, 0x00, 0x88, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00}),
              ErrorKind::kVarintTooLong, 2);
}

TEST(ReaderErrors, WireTypes6And7) {
  ExpectError(B({0x08, 0x00, 0x0e}), ErrorKind::kBadWireType, 2);
  ExpectError(B({0x0f}), ErrorKind::kBadWireType, 0);
}

TEST(ReaderErrors, FieldNumberZero) { ExpectError(B({0x00, 0x00}), ErrorKind::kBadFieldNumber, 0); }

TEST(ReaderErrors, FieldNumberAboveMaximum) {
  // 2^29 << 3 = 2^32: the tag of field 536870912 (varint).
  ExpectError(B({0x08, 0x01, 0x80, 0x80, 0x80, 0x80, 0x10, 0x00}), ErrorKind::kBadFieldNumber, 2);
  // The largest valid number passes.
  EXPECT_TRUE(SkipAll(B({0xf8, 0xff, 0xff, 0xff, 0x0f, 0x00})).ok());
}

TEST(ReaderErrors, LengthPastEnd) { ExpectError(B({0x0a, 0x05, 'a', 'b'}), ErrorKind::kLengthPastEnd, 1); }

TEST(ReaderErrors, HugeLengthPastEnd) {
  ExpectError(B({0x0a, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}), ErrorKind::kLengthPastEnd, 1);
}

TEST(ReaderErrors, LengthPastEndOfEnclosingMessage) {
  // The inner length (3) fits the buffer but not the outer message (2 bytes).
  const Bytes bytes = B({0x0a, 0x02, 0x0a, 0x03, 'x', 'y', 'z'});
  Reader reader(bytes.data(), bytes.size());
  ASSERT_TRUE(reader.NextField());
  Reader child(nullptr, 0);
  ASSERT_TRUE(reader.EnterMessage(&child));
  ASSERT_TRUE(child.NextField());
  EXPECT_FALSE(child.SkipField());
  EXPECT_EQ(child.status().kind, ErrorKind::kLengthPastEnd);
  EXPECT_EQ(child.status().offset, 3u);
}

TEST(ReaderErrors, EndGroupOutsideAnyGroup) { ExpectError(B({0x08, 0x01, 0x0c}), ErrorKind::kUnmatchedGroupEnd, 2); }

TEST(ReaderErrors, EndGroupWithOtherNumber) {
  ExpectError(B({0x0b, 0x08, 0x01, 0x14}), ErrorKind::kUnmatchedGroupEnd, 3);
}

TEST(ReaderErrors, GroupNeverClosed) { ExpectError(B({0x0b, 0x08, 0x01}), ErrorKind::kTruncated, 3); }

TEST(ReaderErrors, NestedMessagesDeeperThanLimit) {
  // depth+1 nested messages: field 1 { field 1 { ... } }, built from the inside out.
  constexpr int kLimit = 5;
  Bytes bytes;
  for (int i = 0; i <= kLimit; ++i) {
    Bytes outer = B({0x0a, static_cast<int>(bytes.size())});
    outer.insert(outer.end(), bytes.begin(), bytes.end());
    bytes = outer;
  }
  // Descending level by level: entering the (kLimit+1)-th message fails at its tag.
  Reader readers[kLimit + 2] = {Reader(bytes.data(), bytes.size(), kLimit),
                                Reader(nullptr, 0),
                                Reader(nullptr, 0),
                                Reader(nullptr, 0),
                                Reader(nullptr, 0),
                                Reader(nullptr, 0),
                                Reader(nullptr, 0)};
  int level = 0;
  while (readers[level].NextField() && readers[level].EnterMessage(&readers[level + 1])) ++level;
  EXPECT_EQ(level, kLimit);
  EXPECT_EQ(readers[level].status().kind, ErrorKind::kDepthExceeded);
  EXPECT_EQ(readers[level].status().offset, static_cast<size_t>(2 * kLimit));
}

TEST(ReaderErrors, NestedGroupsDeeperThanLimitWhenSkipping) {
  Bytes bytes;
  for (int i = 0; i < 101; ++i) bytes.push_back(0x0b);
  for (int i = 0; i < 101; ++i) bytes.push_back(0x0c);
  ExpectError(bytes, ErrorKind::kDepthExceeded, 100);
  // 100 levels are allowed.
  bytes.erase(bytes.begin());
  bytes.pop_back();
  EXPECT_TRUE(SkipAll(bytes).ok());
}

TEST(ReaderErrors, WireTypeMismatchOnTypedRead) {
  const Bytes bytes = B({0x0d, 0, 0, 0, 0});
  Reader reader(bytes.data(), bytes.size());
  ASSERT_TRUE(reader.NextField());
  uint64_t v = 0;
  EXPECT_FALSE(reader.ReadVarint(&v));
  EXPECT_EQ(reader.status().kind, ErrorKind::kWireTypeMismatch);
  EXPECT_EQ(reader.status().offset, 0u);
}

TEST(ReaderErrors, ErrorsAreSticky) {
  const Bytes bytes = B({0x0f, 0x08, 0x01});
  Reader reader(bytes.data(), bytes.size());
  EXPECT_FALSE(reader.NextField());
  EXPECT_FALSE(reader.NextField());
  uint64_t v = 0;
  EXPECT_FALSE(reader.ReadVarint(&v));
  EXPECT_FALSE(reader.SkipField());
  EXPECT_EQ(reader.status().kind, ErrorKind::kBadWireType);
  EXPECT_EQ(reader.status().offset, 0u);
  EXPECT_FALSE(reader.done());
}

TEST(ReaderErrors, EveryTruncationOfAValidMessageFailsInBounds) {
  const Bytes bytes = B({0x08, 0x96, 0x01, 0x11, 1,    2,    3,    4,    5,    6, 7, 8,    0x1a,
                         0x03, 'a',  'b',  'c',  0x23, 0x08, 0x01, 0x24, 0x2d, 0, 0, 0x80, 0x3e});
  for (size_t cut = 1; cut < bytes.size(); ++cut) {
    const Bytes prefix(bytes.begin(), bytes.begin() + cut);
    const Status status = SkipAll(prefix);
    // A cut between two fields leaves a valid shorter message; any other cut is an error.
    if (!status.ok()) {
      EXPECT_TRUE(status.kind == ErrorKind::kTruncated || status.kind == ErrorKind::kLengthPastEnd) << cut;
      EXPECT_LE(status.offset, cut);
    }
  }
}

}  // namespace
}  // namespace wirelens
