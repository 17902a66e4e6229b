// Differential test of core/wire against libprotobuf's CodedOutputStream / CodedInputStream:
// random values (fixed seed) of every primitive, encoded by both and decoded by both, byte for byte.
#include <gtest/gtest.h>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/wire_format_lite.h>

#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "core/wire/reader.h"
#include "core/wire/writer.h"

namespace wirelens {
namespace {

namespace pbio = google::protobuf::io;
using google::protobuf::internal::WireFormatLite;

enum class Kind { kUInt64, kInt32, kSInt32, kSInt64, kFixed32, kFixed64, kFloat, kDouble, kBytes, kCount };

struct Case {
  Kind kind;
  uint32_t field;
  uint64_t bits;      // the value's bits (int32 sign-extended, float/double bit patterns)
  std::string bytes;  // kBytes only
};

// Values spread over every varint length and the special float patterns, not just uniform noise.
Case RandomCase(std::mt19937_64& rng) {
  Case c;
  c.kind = static_cast<Kind>(rng() % static_cast<unsigned>(Kind::kCount));
  const uint32_t field_bits = 1 + rng() % 29;
  c.field = 1 + static_cast<uint32_t>(rng() & ((uint64_t{1} << field_bits) - 1)) % kMaxFieldNumber;
  const int value_bits = static_cast<int>(rng() % 65);
  c.bits = value_bits == 0 ? 0 : rng() >> (64 - value_bits);
  if (rng() % 8 == 0) {
    static const uint64_t kSpecial[] = {
        0x7ff8000000000000ull, 0xfff0000000000000ull, 0x8000000000000000ull, 0x7fc00000u,
        0xff800000u,           0x80000000u,           ~uint64_t{0},          1};
    c.bits = kSpecial[rng() % 8];
  }
  if (c.kind == Kind::kBytes) {
    const size_t length = rng() % 4 == 0 ? rng() % 20000 : rng() % 130;
    c.bytes.resize(length);
    for (char& ch : c.bytes) ch = static_cast<char>(rng());
  }
  return c;
}

size_t OurSize(const Case& c) {
  size_t tag = TagSize(c.field);
  switch (c.kind) {
    case Kind::kUInt64: return tag + VarintSize(c.bits);
    case Kind::kInt32: return tag + Int32Size(static_cast<int32_t>(c.bits));
    case Kind::kSInt32: return tag + VarintSize(ZigZagEncode32(static_cast<int32_t>(c.bits)));
    case Kind::kSInt64: return tag + VarintSize(ZigZagEncode64(static_cast<int64_t>(c.bits)));
    case Kind::kFixed32:
    case Kind::kFloat: return tag + 4;
    case Kind::kFixed64:
    case Kind::kDouble: return tag + 8;
    case Kind::kBytes: return tag + LengthDelimitedSize(c.bytes.size());
    case Kind::kCount: break;
  }
  return 0;
}

void OurWrite(Writer& w, const Case& c) {
  switch (c.kind) {
    case Kind::kUInt64: w.WriteUInt64Field(c.field, c.bits); break;
    case Kind::kInt32: w.WriteInt32Field(c.field, static_cast<int32_t>(c.bits)); break;
    case Kind::kSInt32: w.WriteSInt32Field(c.field, static_cast<int32_t>(c.bits)); break;
    case Kind::kSInt64: w.WriteSInt64Field(c.field, static_cast<int64_t>(c.bits)); break;
    case Kind::kFixed32: w.WriteFixed32Field(c.field, static_cast<uint32_t>(c.bits)); break;
    case Kind::kFixed64: w.WriteFixed64Field(c.field, c.bits); break;
    case Kind::kFloat: w.WriteFloatField(c.field, BitCast<float>(static_cast<uint32_t>(c.bits))); break;
    case Kind::kDouble: w.WriteDoubleField(c.field, BitCast<double>(c.bits)); break;
    case Kind::kBytes: w.WriteBytesField(c.field, c.bytes.data(), c.bytes.size()); break;
    case Kind::kCount: break;
  }
}

void TheirWrite(pbio::CodedOutputStream& out, const Case& c) {
  switch (c.kind) {
    case Kind::kUInt64: WireFormatLite::WriteUInt64(c.field, c.bits, &out); break;
    case Kind::kInt32: WireFormatLite::WriteInt32(c.field, static_cast<int32_t>(c.bits), &out); break;
    case Kind::kSInt32: WireFormatLite::WriteSInt32(c.field, static_cast<int32_t>(c.bits), &out); break;
    case Kind::kSInt64: WireFormatLite::WriteSInt64(c.field, static_cast<int64_t>(c.bits), &out); break;
    case Kind::kFixed32: WireFormatLite::WriteFixed32(c.field, static_cast<uint32_t>(c.bits), &out); break;
    case Kind::kFixed64: WireFormatLite::WriteFixed64(c.field, c.bits, &out); break;
    case Kind::kFloat: WireFormatLite::WriteFloat(c.field, BitCast<float>(static_cast<uint32_t>(c.bits)), &out); break;
    case Kind::kDouble: WireFormatLite::WriteDouble(c.field, BitCast<double>(c.bits), &out); break;
    case Kind::kBytes: WireFormatLite::WriteBytes(c.field, c.bytes, &out); break;
    case Kind::kCount: break;
  }
}

// Reads one field of `c`'s kind with our Reader; true when field number and value match.
bool OurReadMatches(Reader& r, const Case& c) {
  if (!r.NextField() || r.field_number() != c.field) return false;
  uint64_t v = 0;
  uint32_t v32 = 0;
  ByteView view;
  switch (c.kind) {
    case Kind::kUInt64: return r.ReadVarint(&v) && v == c.bits;
    case Kind::kInt32: return r.ReadVarint(&v) && static_cast<int32_t>(v) == static_cast<int32_t>(c.bits);
    case Kind::kSInt32:
      return r.ReadVarint(&v) && ZigZagDecode32(static_cast<uint32_t>(v)) == static_cast<int32_t>(c.bits);
    case Kind::kSInt64: return r.ReadVarint(&v) && ZigZagDecode64(v) == static_cast<int64_t>(c.bits);
    case Kind::kFixed32:
    case Kind::kFloat: return r.ReadFixed32(&v32) && v32 == static_cast<uint32_t>(c.bits);
    case Kind::kFixed64:
    case Kind::kDouble: return r.ReadFixed64(&v) && v == c.bits;
    case Kind::kBytes:
      return r.ReadLengthDelimited(&view) &&
             std::string(reinterpret_cast<const char*>(view.data), view.size) == c.bytes;
    case Kind::kCount: break;
  }
  return false;
}

// Reads one field of `c`'s kind with libprotobuf; true when field number and value match.
bool TheirReadMatches(pbio::CodedInputStream& in, const Case& c) {
  const uint32_t tag = in.ReadTag();
  if (WireFormatLite::GetTagFieldNumber(tag) != static_cast<int>(c.field)) return false;
  uint64_t v = 0;
  uint32_t v32 = 0;
  std::string s;
  switch (c.kind) {
    case Kind::kUInt64: return in.ReadVarint64(&v) && v == c.bits;
    case Kind::kInt32: return in.ReadVarint64(&v) && static_cast<int32_t>(v) == static_cast<int32_t>(c.bits);
    case Kind::kSInt32:
      return in.ReadVarint32(&v32) && WireFormatLite::ZigZagDecode32(v32) == static_cast<int32_t>(c.bits);
    case Kind::kSInt64: return in.ReadVarint64(&v) && WireFormatLite::ZigZagDecode64(v) == static_cast<int64_t>(c.bits);
    case Kind::kFixed32:
    case Kind::kFloat: return in.ReadLittleEndian32(&v32) && v32 == static_cast<uint32_t>(c.bits);
    case Kind::kFixed64:
    case Kind::kDouble: return in.ReadLittleEndian64(&v) && v == c.bits;
    case Kind::kBytes: return WireFormatLite::ReadBytes(&in, &s) && s == c.bytes;
    case Kind::kCount: break;
  }
  return false;
}

// The case count can be raised for longer runs: WIRELENS_DIFF_CASES=10000000.
long CaseCount() {
  const char* env = std::getenv("WIRELENS_DIFF_CASES");
  return env ? std::atol(env) : 1000000;
}

TEST(WireDifferential, MatchesLibprotobufCodedStreams) {
  std::mt19937_64 rng(20261130);
  constexpr int kCasesPerBatch = 1000;
  const long total = CaseCount();
  long checked = 0;
  std::vector<Case> batch;
  std::vector<uint8_t> ours;
  std::string theirs;
  while (checked < total) {
    batch.clear();
    size_t size = 0;
    for (int i = 0; i < kCasesPerBatch && checked + i < total; ++i) {
      batch.push_back(RandomCase(rng));
      size += OurSize(batch.back());
    }
    // Encode the batch with both, compare sizes and bytes.
    ours.assign(size, 0);
    Writer writer(ours.data(), ours.size());
    for (const Case& c : batch) OurWrite(writer, c);
    ASSERT_FALSE(writer.overflowed());
    ASSERT_EQ(writer.written(), size);
    theirs.clear();
    {
      pbio::StringOutputStream stream(&theirs);
      pbio::CodedOutputStream out(&stream);
      for (const Case& c : batch) TheirWrite(out, c);
    }
    ASSERT_EQ(theirs.size(), size) << "batch starting at case " << checked;
    ASSERT_EQ(0, std::memcmp(theirs.data(), ours.data(), size)) << "batch starting at case " << checked;

    // Decode libprotobuf's bytes with our Reader and ours with libprotobuf.
    const auto* their_bytes = reinterpret_cast<const uint8_t*>(theirs.data());
    Reader reader(their_bytes, theirs.size());
    pbio::CodedInputStream in(ours.data(), static_cast<int>(ours.size()));
    in.SetTotalBytesLimit(1 << 30);
    for (size_t i = 0; i < batch.size(); ++i) {
      ASSERT_TRUE(OurReadMatches(reader, batch[i])) << "case " << checked + static_cast<long>(i);
      ASSERT_TRUE(TheirReadMatches(in, batch[i])) << "case " << checked + static_cast<long>(i);
    }
    EXPECT_TRUE(reader.done());
    EXPECT_EQ(in.ReadTag(), 0u);
    checked += static_cast<long>(batch.size());
  }
  std::printf("[ wirelens ] differential cases checked: %ld\n", checked);
  RecordProperty("cases", std::to_string(checked));
  EXPECT_EQ(checked, total);
}

}  // namespace
}  // namespace wirelens
