// Unpacking captures: compression detected and inflated (bounded), base64 bodies decoded,
// compressed gRPC frames rewritten so that the inspector decodes their messages.
#include "core/inspect/unpack.h"

#include <gtest/gtest.h>

#include <string>

#include "core/inspect/framing.h"
#include "core/inspect/inspector.h"
#include "core/wire/test_util.h"
#include "tests/inspect/compress.h"
#include "tests/inspect/grpc_frame.h"
#include "tests/inspect/tiling.h"

namespace wirelens::inspect {
namespace {

const uint8_t* Data(const std::string& bytes) { return reinterpret_cast<const uint8_t*>(bytes.data()); }

using wirelens::testing::Compress;
std::string Gzip(const std::string& bytes) { return Compress(bytes, 31); }

using wirelens::testing::GrpcFrame;

const std::string kMessage = wirelens::testing::FromHex("0a 03 61 62 63 10 07");

TEST(Unpack, DetectsCompressionByItsHeader) {
  const std::string gzip = Gzip(kMessage), zlib = Compress(kMessage, 15), raw = Compress(kMessage, -15);
  EXPECT_EQ(DetectCompression(Data(gzip), gzip.size()), Compression::kGzip);
  EXPECT_EQ(DetectCompression(Data(zlib), zlib.size()), Compression::kZlib);
  EXPECT_EQ(DetectCompression(Data(kMessage), kMessage.size()), Compression::kNone);
  EXPECT_EQ(DetectCompression(Data(gzip), 3), Compression::kNone);
  std::string out;
  EXPECT_EQ(Inflate(Compression::kDeflate, Data(raw), raw.size(), 1000, &out), "");
  EXPECT_EQ(out, kMessage);
}

TEST(Unpack, InflatesInSlicesAsInOneGo) {
  std::string big;
  for (int i = 0; i < 300000; ++i) big += kMessage + std::to_string(i);
  const std::string packed = Gzip(big);
  Inflater inflater(Compression::kGzip, Data(packed), packed.size(), big.size());
  int steps = 0;
  double progress = 0;
  while (inflater.Step(64 << 10)) {
    ++steps;
    EXPECT_GE(inflater.progress(), progress);
    progress = inflater.progress();
    EXPECT_LT(progress, 1.0);
  }
  EXPECT_EQ(inflater.progress(), 1.0);
  EXPECT_EQ(inflater.error(), "");
  EXPECT_EQ(inflater.output(), big);
  EXPECT_GE(steps, static_cast<int>(big.size() / (1 << 20)));  // a budget: no more than 1 MiB per step

  // Truncated: the same error in slices as in one go, and what inflated before it.
  const std::string truncated = packed.substr(0, packed.size() / 2);
  std::string at_once;
  const std::string error = Inflate(Compression::kGzip, Data(truncated), truncated.size(), big.size(), &at_once);
  EXPECT_EQ(error, "gzip: ends before the end of its compressed stream");
  Inflater sliced(Compression::kGzip, Data(truncated), truncated.size(), big.size());
  while (sliced.Step(1000)) {}
  EXPECT_EQ(sliced.error(), error);
  EXPECT_EQ(sliced.output(), at_once);

  // A body unpacked in slices is what UnpackBody gives.
  BodyUnpacker unpacker(Data(packed), packed.size(), size_t{1} << 30);
  ASSERT_TRUE(unpacker.inflating());
  while (unpacker.Step(1 << 16)) {}
  const Unpacked sliced_body = unpacker.Finish(), whole_body = UnpackBody(Data(packed), packed.size(), size_t{1} << 30);
  EXPECT_TRUE(sliced_body.changed);
  EXPECT_EQ(sliced_body.bytes, big);
  ASSERT_EQ(sliced_body.steps.size(), 1u);
  EXPECT_EQ(sliced_body.steps[0].what, whole_body.steps[0].what);
  EXPECT_FALSE(BodyUnpacker(Data(kMessage), kMessage.size(), 1000).inflating());
}

TEST(Unpack, InflatesAndSaysWhyNot) {
  std::string big;
  for (int i = 0; i < 100000; ++i) big += kMessage;
  for (int bits : {31, 15}) {
    const std::string packed = Compress(big, bits);
    const Compression compression = DetectCompression(Data(packed), packed.size());
    std::string out;
    EXPECT_EQ(Inflate(compression, Data(packed), packed.size(), big.size(), &out), "");
    EXPECT_EQ(out, big);
    // Cut short, corrupted, followed by junk.
    EXPECT_EQ(Inflate(compression, Data(packed), packed.size() / 2, big.size(), &out),
              std::string(CompressionName(compression)) + ": ends before the end of its compressed stream");
    std::string corrupt = packed;
    corrupt[bits == 31 ? 10 : 2] = static_cast<char>(0xff);  // the first deflate block header
    EXPECT_NE(Inflate(compression, Data(corrupt), corrupt.size(), big.size(), &out).find(" at byte "),
              std::string::npos);
    const std::string junk = packed + "xy";
    EXPECT_EQ(Inflate(compression, Data(junk), junk.size(), big.size(), &out),
              std::string(CompressionName(compression)) + ": 2 bytes after the end of the compressed stream");
  }
}

TEST(Unpack, ADecompressionBombStopsAtTheLimit) {
  const std::string zeros(16 << 20, '\0');  // 16 MB of zeros: about 16 KB compressed
  const std::string bomb = Gzip(zeros);
  EXPECT_LT(bomb.size(), 20000u);
  std::string out;
  const std::string error = Inflate(Compression::kGzip, Data(bomb), bomb.size(), 1 << 20, &out);
  EXPECT_EQ(error, "gzip: inflates to more than 1,048,576 bytes (a decompression bomb?); stopped there");
  EXPECT_EQ(out.size(), 1u << 20);
}

TEST(Unpack, DecodesBase64InPaddedChunks) {
  std::string out;
  EXPECT_TRUE(text::DecodeBase64("CgNhYmM=", 8, &out));
  EXPECT_EQ(out,
            "\x0a\x03"
            "abc");
  EXPECT_TRUE(text::DecodeBase64("AQ==Ag==\n_-8", 12, &out));  // two padded chunks, then URL-safe symbols
  EXPECT_EQ(out, std::string("\x01\x02\xff\xef", 4));
  EXPECT_FALSE(text::DecodeBase64("AQ*=", 4, &out));
  EXPECT_FALSE(text::DecodeBase64("AQIDB", 5, &out));  // a dangling symbol
}

TEST(Unpack, BodiesAreDecodedAndInflated) {
  const std::string frames = GrpcFrame(0, kMessage) + GrpcFrame(0x80, "grpc-status: 0\r\n");
  // grpc-web-text: base64 of the frames (each padded, as servers send them).
  const std::string text = "AAAAAAcKA2FiYxAH" + std::string("gAAAABBncnBjLXN0YXR1czogMA0K");
  Unpacked unpacked = UnpackBody(Data(text), text.size(), 1 << 20);
  EXPECT_TRUE(unpacked.changed);
  EXPECT_EQ(unpacked.bytes, frames);
  ASSERT_EQ(unpacked.steps.size(), 1u);
  EXPECT_EQ(unpacked.steps[0].what, "grpc-web-text: 44 base64 characters decoded to 33 bytes");
  // A gzip'd body.
  const std::string gzip = Gzip(kMessage);
  unpacked = UnpackBody(Data(gzip), gzip.size(), 1 << 20);
  EXPECT_EQ(unpacked.bytes, kMessage);
  ASSERT_EQ(unpacked.steps.size(), 1u);
  EXPECT_EQ(unpacked.steps[0].what, "gzip: " + std::to_string(gzip.size()) + " bytes at 0 inflated to 7 bytes");
  // Text that is base64 but not gRPC, a plain message, and one that starts like a zlib header
  // (78 01: field 15 = 1) stay as they are.
  const std::string zlib_like = wirelens::testing::FromHex("78 01 08 01 10 02 18 03");
  for (const std::string& plain : {std::string("helloworld"), kMessage, zlib_like}) {
    unpacked = UnpackBody(Data(plain), plain.size(), 1 << 20);
    EXPECT_FALSE(unpacked.changed);
    EXPECT_TRUE(unpacked.bytes.empty());
    EXPECT_TRUE(unpacked.steps.empty());
  }
  // A broken gzip body is kept, and the step says why.
  const std::string cut = gzip.substr(0, gzip.size() - 4);
  unpacked = UnpackBody(Data(cut), cut.size(), 1 << 20);
  EXPECT_FALSE(unpacked.changed);
  ASSERT_EQ(unpacked.steps.size(), 1u);
  EXPECT_TRUE(unpacked.steps[0].failed);
}

TEST(Unpack, CompressedGrpcFramesAreInflatedInPlace) {
  const std::string other = wirelens::testing::FromHex("10 2a");
  const std::string input = GrpcFrame(kGrpcCompressedFlag, Gzip(kMessage)) + GrpcFrame(0, other) +
                            GrpcFrame(kGrpcCompressedFlag, Compress(kMessage, 15)) +
                            GrpcFrame(kGrpcCompressedFlag, "??");
  const Unpacked unpacked = InflateGrpcFrames(Data(input), input.size(), 1 << 20);
  EXPECT_TRUE(unpacked.changed);
  EXPECT_EQ(unpacked.bytes, GrpcFrame(0, kMessage) + GrpcFrame(0, other) + GrpcFrame(0, kMessage) +
                                GrpcFrame(kGrpcCompressedFlag, "??"));
  ASSERT_EQ(unpacked.steps.size(), 2u);  // the last body has no compression header: kept as bytes
  EXPECT_EQ(unpacked.steps[0].input_offset, 5u);
  EXPECT_NE(unpacked.steps[1].what.find("frame 3: zlib,"), std::string::npos);
  InspectOptions options;
  options.framing = Framing::kGrpc;
  const NodeList list = Inspect(Data(unpacked.bytes), unpacked.bytes.size(), nullptr, -1, options);
  EXPECT_TRUE(list.first_error.ok());
  EXPECT_TRUE(testing::TilesInput(list));
  EXPECT_EQ(list.nodes[0].end, 3u);  // frame 1's two fields
  const std::string plain = GrpcFrame(0, kMessage);
  EXPECT_FALSE(InflateGrpcFrames(Data(plain), plain.size(), 1 << 20).changed);
}

}  // namespace
}  // namespace wirelens::inspect
