// Byte-exact vectors for every encoding primitive at its edges.
#include "core/wire/varint.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>

#include "core/wire/test_util.h"

namespace wirelens {
namespace {

using testing::B;
using testing::Bytes;
using testing::Hex;

Bytes EncodeVarint(uint64_t value) {
  uint8_t buf[kMaxVarintBytes];
  uint8_t* end = WriteVarint(buf, value);
  return Bytes(buf, end);
}

struct VarintVector {
  uint64_t value;
  Bytes bytes;
};

TEST(Varint, EncodesEdgeValuesByteForByte) {
  const VarintVector vectors[] = {
      {0, B({0x00})},
      {1, B({0x01})},
      {127, B({0x7f})},
      {128, B({0x80, 0x01})},
      {300, B({0xac, 0x02})},
      {16383, B({0xff, 0x7f})},
      {16384, B({0x80, 0x80, 0x01})},
      {0x7fffffff, B({0xff, 0xff, 0xff, 0xff, 0x07})},
      {0xffffffff, B({0xff, 0xff, 0xff, 0xff, 0x0f})},
      // int32 -1 and INT64_MIN are sign-extended to 64 bits: always 10 bytes.
      {static_cast<uint64_t>(int64_t{-1}), B({0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01})},
      {static_cast<uint64_t>(std::numeric_limits<int64_t>::min()),
       B({0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01})},
      {std::numeric_limits<uint64_t>::max(), B({0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01})},
  };
  for (const VarintVector& v : vectors) {
    SCOPED_TRACE(v.value);
    EXPECT_EQ(Hex(EncodeVarint(v.value)), Hex(v.bytes));
    EXPECT_EQ(VarintSize(v.value), v.bytes.size());
    uint64_t decoded = 0;
    const uint8_t* end = v.bytes.data() + v.bytes.size();
    EXPECT_EQ(ReadVarint(v.bytes.data(), end, &decoded), end);
    EXPECT_EQ(decoded, v.value);
  }
}

TEST(Varint, SizeMatchesEncodingAtEveryBitLength) {
  for (int bits = 0; bits <= 64; ++bits) {
    const uint64_t low = bits == 0 ? 0 : uint64_t{1} << (bits - 1);
    const uint64_t high = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
    for (uint64_t value : {low, high}) { EXPECT_EQ(VarintSize(value), EncodeVarint(value).size()) << value; }
  }
}

TEST(Varint, Int32SizeSignExtendsNegatives) {
  EXPECT_EQ(Int32Size(0), 1u);
  EXPECT_EQ(Int32Size(127), 1u);
  EXPECT_EQ(Int32Size(std::numeric_limits<int32_t>::max()), 5u);
  EXPECT_EQ(Int32Size(-1), 10u);
  EXPECT_EQ(Int32Size(std::numeric_limits<int32_t>::min()), 10u);
}

TEST(Varint, TagAndLengthSizes) {
  EXPECT_EQ(TagSize(1), 1u);
  EXPECT_EQ(TagSize(15), 1u);
  EXPECT_EQ(TagSize(16), 2u);
  EXPECT_EQ(TagSize(kMaxFieldNumber), 5u);
  EXPECT_EQ(LengthDelimitedSize(0), 1u);
  EXPECT_EQ(LengthDelimitedSize(127), 128u);
  EXPECT_EQ(LengthDelimitedSize(128), 130u);
  EXPECT_EQ(MakeTag(1, WireType::kLengthDelimited), 0x0au);
}

TEST(Varint, ReadRejectsTruncationAndOverlength) {
  uint64_t value = 0;
  const Bytes truncated = B({0x80, 0x80});
  EXPECT_EQ(ReadVarint(truncated.data(), truncated.data() + truncated.size(), &value), nullptr);
  EXPECT_EQ(ReadVarintErrorKind(truncated.data(), truncated.data() + truncated.size()), ErrorKind::kTruncated);

  const Bytes empty;
  EXPECT_EQ(ReadVarint(empty.data(), empty.data(), &value), nullptr);
  EXPECT_EQ(ReadVarintErrorKind(empty.data(), empty.data()), ErrorKind::kTruncated);

  const Bytes eleven = B({0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01});
  EXPECT_EQ(ReadVarint(eleven.data(), eleven.data() + eleven.size(), &value), nullptr);
  EXPECT_EQ(ReadVarintErrorKind(eleven.data(), eleven.data() + eleven.size()), ErrorKind::kVarintTooLong);
}

TEST(Varint, TenthByteHighBitsAreDropped) {
  // libprotobuf accepts a 10th byte above 1 and keeps the low 64 bits; so do we.
  const Bytes bytes = B({0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f});
  uint64_t value = 0;
  EXPECT_EQ(ReadVarint(bytes.data(), bytes.data() + bytes.size(), &value), bytes.data() + bytes.size());
  EXPECT_EQ(value, std::numeric_limits<uint64_t>::max());
}

TEST(Varint, NonCanonicalEncodingsDecode) {
  const Bytes padded_zero = B({0x80, 0x80, 0x00});
  uint64_t value = 1;
  EXPECT_EQ(ReadVarint(padded_zero.data(), padded_zero.data() + 3, &value), padded_zero.data() + 3);
  EXPECT_EQ(value, 0u);
}

TEST(ZigZag, EdgeValues32) {
  EXPECT_EQ(ZigZagEncode32(0), 0u);
  EXPECT_EQ(ZigZagEncode32(-1), 1u);
  EXPECT_EQ(ZigZagEncode32(1), 2u);
  EXPECT_EQ(ZigZagEncode32(-2), 3u);
  EXPECT_EQ(ZigZagEncode32(std::numeric_limits<int32_t>::max()), 0xfffffffeu);
  EXPECT_EQ(ZigZagEncode32(std::numeric_limits<int32_t>::min()), 0xffffffffu);
  for (int32_t v : {0, -1, 1, -2, 2, std::numeric_limits<int32_t>::max(), std::numeric_limits<int32_t>::min()}) {
    EXPECT_EQ(ZigZagDecode32(ZigZagEncode32(v)), v);
  }
}

TEST(ZigZag, EdgeValues64) {
  EXPECT_EQ(ZigZagEncode64(0), 0u);
  EXPECT_EQ(ZigZagEncode64(-1), 1u);
  EXPECT_EQ(ZigZagEncode64(1), 2u);
  EXPECT_EQ(ZigZagEncode64(std::numeric_limits<int64_t>::max()), 0xfffffffffffffffeull);
  EXPECT_EQ(ZigZagEncode64(std::numeric_limits<int64_t>::min()), 0xffffffffffffffffull);
  for (int64_t v :
       {int64_t{0}, int64_t{-1}, std::numeric_limits<int64_t>::max(), std::numeric_limits<int64_t>::min()}) {
    EXPECT_EQ(ZigZagDecode64(ZigZagEncode64(v)), v);
  }
}

TEST(Fixed, LittleEndianByteOrder) {
  uint8_t buf[8];
  EXPECT_EQ(WriteFixed32(buf, 0x01020304u), buf + 4);
  EXPECT_EQ(Hex(buf, 4), "04 03 02 01");
  EXPECT_EQ(LoadFixed32(buf), 0x01020304u);
  EXPECT_EQ(WriteFixed64(buf, 0x0102030405060708ull), buf + 8);
  EXPECT_EQ(Hex(buf, 8), "08 07 06 05 04 03 02 01");
  EXPECT_EQ(LoadFixed64(buf), 0x0102030405060708ull);
}

TEST(Fixed, FloatAndDoubleSpecialValues) {
  uint8_t buf[8];
  WriteFixed32(buf, BitCast<uint32_t>(-0.0f));
  EXPECT_EQ(Hex(buf, 4), "00 00 00 80");
  WriteFixed32(buf, BitCast<uint32_t>(std::numeric_limits<float>::infinity()));
  EXPECT_EQ(Hex(buf, 4), "00 00 80 7f");
  WriteFixed32(buf, BitCast<uint32_t>(-std::numeric_limits<float>::infinity()));
  EXPECT_EQ(Hex(buf, 4), "00 00 80 ff");
  WriteFixed32(buf, BitCast<uint32_t>(std::numeric_limits<float>::quiet_NaN()));
  EXPECT_EQ(Hex(buf, 4), "00 00 c0 7f");
  WriteFixed32(buf, BitCast<uint32_t>(0.25f));
  EXPECT_EQ(Hex(buf, 4), "00 00 80 3e");
  WriteFixed64(buf, BitCast<uint64_t>(-0.0));
  EXPECT_EQ(Hex(buf, 8), "00 00 00 00 00 00 00 80");
  WriteFixed64(buf, BitCast<uint64_t>(std::numeric_limits<double>::infinity()));
  EXPECT_EQ(Hex(buf, 8), "00 00 00 00 00 00 f0 7f");
  WriteFixed64(buf, BitCast<uint64_t>(204.8));
  EXPECT_EQ(Hex(buf, 8), "9a 99 99 99 99 99 69 40");
  // A NaN payload survives the round trip bit for bit.
  const uint32_t signalling = 0x7fa00001u;
  EXPECT_EQ(BitCast<uint32_t>(BitCast<float>(signalling)), signalling);
  EXPECT_TRUE(std::isnan(BitCast<double>(0x7ff8000000000001ull)));
  EXPECT_TRUE(std::signbit(BitCast<double>(BitCast<uint64_t>(-0.0))));
}

TEST(WireFormat, Names) {
  EXPECT_STREQ(WireTypeName(WireType::kVarint), "varint");
  EXPECT_STREQ(WireTypeName(WireType::kLengthDelimited), "len");
  EXPECT_STREQ(WireTypeName(static_cast<WireType>(6)), "invalid");
  EXPECT_STREQ(ErrorKindName(ErrorKind::kVarintTooLong), "varint_too_long");
  EXPECT_STREQ(ErrorKindName(static_cast<ErrorKind>(200)), "unknown");
  EXPECT_STREQ(ErrorKindMessage(ErrorKind::kTruncated), "input ends inside a field");
}

}  // namespace
}  // namespace wirelens
