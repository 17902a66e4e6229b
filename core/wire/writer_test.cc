// Writer: every field type byte for byte, exact sizes, and overflow that never writes past the end.
#include "core/wire/writer.h"

#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "core/wire/reader.h"
#include "core/wire/test_util.h"

namespace wirelens {
namespace {

using testing::B;
using testing::Bytes;
using testing::Hex;

template <typename WriteFn>
Bytes WriteAll(size_t capacity, WriteFn write) {
  Bytes out(capacity);
  Writer writer(out.data(), out.size());
  write(writer);
  EXPECT_FALSE(writer.overflowed());
  out.resize(writer.written());
  return out;
}

TEST(Writer, EveryFieldTypeByteForByte) {
  const Bytes out = WriteAll(128, [](Writer& w) {
    w.WriteInt32Field(1, -1);
    w.WriteInt64Field(2, std::numeric_limits<int64_t>::min());
    w.WriteUInt32Field(3, 300);
    w.WriteUInt64Field(4, std::numeric_limits<uint64_t>::max());
    w.WriteSInt32Field(5, -42);
    w.WriteSInt64Field(6, -1);
    w.WriteBoolField(7, true);
    w.WriteFixed32Field(8, 0xdeadbeef);
    w.WriteFixed64Field(9, 1);
    w.WriteFloatField(10, 0.25f);
    w.WriteDoubleField(11, -0.0);
    w.WriteBytesField(12, "hi", 2);
    w.WriteBytesField(16, "", 0);
  });
  EXPECT_EQ(Hex(out),
            "08 ff ff ff ff ff ff ff ff ff 01 "
            "10 80 80 80 80 80 80 80 80 80 01 "
            "18 ac 02 "
            "20 ff ff ff ff ff ff ff ff ff 01 "
            "28 53 "
            "30 01 "
            "38 01 "
            "45 ef be ad de "
            "49 01 00 00 00 00 00 00 00 "
            "55 00 00 80 3e "
            "59 00 00 00 00 00 00 00 80 "
            "62 02 68 69 "
            "82 01 00");
}

TEST(Writer, OneMegabyteStringRoundTrips) {
  const std::string big(1 << 20, 'x');
  const size_t size = TagSize(1) + LengthDelimitedSize(big.size());
  Bytes out(size);
  Writer writer(out.data(), out.size());
  writer.WriteBytesField(1, big.data(), big.size());
  ASSERT_FALSE(writer.overflowed());
  ASSERT_EQ(writer.written(), size);
  EXPECT_EQ(Hex(out.data(), 4), "0a 80 80 40");

  Reader reader(out.data(), out.size());
  ASSERT_TRUE(reader.NextField());
  ByteView view;
  ASSERT_TRUE(reader.ReadLengthDelimited(&view));
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(view.data), view.size), big);
  EXPECT_FALSE(reader.NextField());
  EXPECT_TRUE(reader.done());
}

TEST(Writer, OverflowNeverWritesPastTheEnd) {
  // Capacity 4 inside a larger guarded buffer: the 10-byte varint must not touch the guard.
  Bytes buffer(16, 0xee);
  Writer writer(buffer.data(), 4);
  writer.WriteVarint(std::numeric_limits<uint64_t>::max());
  EXPECT_TRUE(writer.overflowed());
  EXPECT_EQ(writer.written(), 0u);
  writer.WriteFixed32(1);  // dropped: the writer stays overflowed
  EXPECT_EQ(writer.written(), 0u);
  for (size_t i = 4; i < buffer.size(); ++i) EXPECT_EQ(buffer[i], 0xee) << i;
}

TEST(Writer, ExactCapacityIsEnough) {
  // A 10-byte varint into exactly 10 bytes, and a string that ends exactly at the end.
  Bytes buffer(10);
  Writer writer(buffer.data(), buffer.size());
  writer.WriteVarint(std::numeric_limits<uint64_t>::max());
  EXPECT_FALSE(writer.overflowed());
  EXPECT_EQ(writer.remaining(), 0u);

  Bytes text(4);
  Writer text_writer(text.data(), text.size());
  text_writer.WriteBytesField(1, "ab", 2);
  EXPECT_FALSE(text_writer.overflowed());
  EXPECT_EQ(Hex(text), "0a 02 61 62");
}

TEST(Writer, OverflowInsideStringPayload) {
  Bytes buffer(8, 0xee);
  Writer writer(buffer.data(), 5);
  writer.WriteBytesField(1, "abcdef", 6);
  EXPECT_TRUE(writer.overflowed());
  EXPECT_EQ(writer.written(), 2u);  // tag and length fit, the payload did not
  for (size_t i = 5; i < buffer.size(); ++i) EXPECT_EQ(buffer[i], 0xee);
}

}  // namespace
}  // namespace wirelens
