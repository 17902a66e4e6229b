// Framed payloads: frame headers read and guessed, each frame decoded as its own message with
// absolute offsets, trailers and compressed bodies kept, and broken frames decoded as far as they go.
#include "core/inspect/framing.h"

#include <gtest/gtest.h>

#include <string>

#include "core/format/json_format.h"
#include "core/format/node_json.h"
#include "core/format/text_format.h"
#include "core/inspect/guess.h"
#include "core/inspect/inspector.h"
#include "core/inspect/values.h"
#include "core/schema/loader.h"
#include "core/wire/test_util.h"
#include "tests/inspect/grpc_frame.h"
#include "tests/inspect/tiling.h"

namespace wirelens::inspect {
namespace {

std::string H(const char* hex) { return wirelens::testing::FromHex(hex); }

const uint8_t* Data(const std::string& bytes) { return reinterpret_cast<const uint8_t*>(bytes.data()); }

using wirelens::testing::GrpcFrame;

// A varint-delimited message (bodies under 128 bytes).
std::string Delimited(const std::string& body) { return std::string(1, static_cast<char>(body.size())) + body; }

const schema::Schema& TestSchema() {
  static const schema::LoadResult loaded = schema::LoadProtoFiles({{"t.proto", R"(
syntax = "proto3";
package t;
message Reply { string name = 1; int32 count = 2; }
)"}});
  EXPECT_TRUE(loaded.ok());
  return loaded.schema;
}

NodeList InspectFramed(const std::string& bytes, Framing framing, const schema::Schema* schema = nullptr,
                       size_t slice_bytes = 64 * 1024) {
  InspectOptions options;
  options.framing = framing;
  options.slice_bytes = slice_bytes;
  const int root = schema != nullptr ? schema->FindMessage("t.Reply") : -1;
  return Inspect(Data(bytes), bytes.size(), schema, root, options);
}

const std::string kReplyA = H("0a 03 61 62 63 10 07");  // name: "abc" count: 7
const std::string kReplyB = H("10 2a");                 // count: 42

TEST(Framing, NamesRoundTrip) {
  for (int i = 0; i < kFramingCount; ++i) {
    Framing parsed;
    ASSERT_TRUE(ParseFraming(FramingName(static_cast<Framing>(i)), &parsed));
    EXPECT_EQ(static_cast<int>(parsed), i);
  }
  Framing parsed;
  EXPECT_FALSE(ParseFraming("grpc-web-text", &parsed));
}

TEST(Framing, ReadsHeadersAndSaysWhyNot) {
  const std::string grpc = GrpcFrame(0x80, "grpc-status: 0\r\n");
  FrameHeader header;
  ASSERT_EQ(ReadFrameHeader(Framing::kGrpc, Data(grpc), Data(grpc) + grpc.size(), &header), ErrorKind::kOk);
  EXPECT_EQ(header.header_size, 5u);
  EXPECT_EQ(header.body_size, 16u);
  EXPECT_EQ(header.flags, kGrpcTrailerFlag);
  const std::string short_header = H("00 00 00");
  EXPECT_EQ(ReadFrameHeader(Framing::kGrpc, Data(short_header), Data(short_header) + 3, &header),
            ErrorKind::kTruncated);
  const std::string bad_flags = H("04 00 00 00 00");
  EXPECT_EQ(ReadFrameHeader(Framing::kGrpc, Data(bad_flags), Data(bad_flags) + 5, &header), ErrorKind::kBadFrameFlags);
  const std::string long_varint = H("ff ff ff ff ff ff ff ff ff ff 01");
  EXPECT_EQ(ReadFrameHeader(Framing::kDelimited, Data(long_varint), Data(long_varint) + 11, &header),
            ErrorKind::kVarintTooLong);
  const std::string delimited = H("96 01");
  ASSERT_EQ(ReadFrameHeader(Framing::kDelimited, Data(delimited), Data(delimited) + 2, &header), ErrorKind::kOk);
  EXPECT_EQ(header.header_size, 2u);
  EXPECT_EQ(header.body_size, 150u);  // more than is left: not the header's error
}

Framing Best(const std::string& bytes) { return RankFramings(Data(bytes), bytes.size()).front().framing; }

TEST(Framing, GuessesTheFramingThatExplainsThePayload) {
  EXPECT_EQ(Best(kReplyA), Framing::kBare);
  EXPECT_EQ(Best(""), Framing::kBare);
  EXPECT_EQ(Best(GrpcFrame(0, kReplyA)), Framing::kGrpc);
  // A gRPC-web body: two messages and the trailers; an empty message frame parses as delimited too.
  EXPECT_EQ(Best(GrpcFrame(0, kReplyA) + GrpcFrame(0, "") + GrpcFrame(0x80, "grpc-status: 0\r\n")), Framing::kGrpc);
  EXPECT_EQ(Best(Delimited(kReplyA) + Delimited(kReplyB) + Delimited(kReplyA)), Framing::kDelimited);
  const std::vector<FramingGuess> ranked = RankFramings(Data(GrpcFrame(0, kReplyA)), kReplyA.size() + 5);
  ASSERT_EQ(ranked.size(), static_cast<size_t>(kFramingCount));
  EXPECT_EQ(ranked[0].frames, 1u);
  EXPECT_TRUE(ranked[0].complete);
  EXPECT_DOUBLE_EQ(ranked[0].score, 100.0);
  // Read as delimited, a gRPC header is four empty messages and a length: the tie goes to gRPC.
  EXPECT_EQ(ranked[1].framing, Framing::kDelimited);
  // As a Confluent record (a gRPC header starts with 0 too) its "message" does not parse.
  EXPECT_EQ(ranked[2].framing, Framing::kConfluent);
  EXPECT_DOUBLE_EQ(ranked[2].score, 50.0);
  EXPECT_EQ(ranked[3].framing, Framing::kBare);
  EXPECT_DOUBLE_EQ(ranked[3].score, 25.0);
  // A stream cut inside its last frame still ranks delimited first, below a complete one.
  const std::string cut = Delimited(kReplyA) + Delimited(kReplyB) + Delimited(kReplyA).substr(0, 4);
  const FramingGuess guess = RankFramings(Data(cut), cut.size()).front();
  EXPECT_EQ(guess.framing, Framing::kDelimited);
  EXPECT_FALSE(guess.complete);
  EXPECT_EQ(guess.frames, 2u);
  // A cut-off bare message stays bare.
  const std::string cut_message = kReplyA.substr(0, 5);
  EXPECT_EQ(Best(cut_message), Framing::kBare);
}

// A Kafka record value as Confluent's Protobuf serializer writes it: magic 0, schema id 42, the
// message indexes ([0] as a lone 0, or a count and the path), then the message.
TEST(Framing, ConfluentRecordsAreOneMessageAfterTheirHeader) {
  const std::string first = H("00 00 00 00 2a 00") + kReplyA;
  const std::string nested = H("00 00 00 00 2a 04 02 06") + kReplyB;  // indexes [1, 3]
  for (const std::string& record : {first, nested}) {
    const FramingGuess best = RankFramings(Data(record), record.size()).front();
    EXPECT_EQ(best.framing, Framing::kConfluent);
    EXPECT_DOUBLE_EQ(best.score, 100.0);
  }
  FrameHeader header;
  ASSERT_EQ(ReadFrameHeader(Framing::kConfluent, Data(nested), Data(nested) + nested.size(), &header), ErrorKind::kOk);
  EXPECT_EQ(header.header_size, 8u);
  EXPECT_EQ(header.body_size, kReplyB.size());
  InspectOptions options;
  options.framing = Framing::kConfluent;
  const NodeList list = Inspect(Data(nested), nested.size(), nullptr, -1, options);
  ASSERT_TRUE(list.first_error.ok());
  EXPECT_EQ(list.nodes[0].kind, NodeKind::kFrame);
  EXPECT_EQ(list.nodes[0].tag_length, 8u);
  EXPECT_EQ(list.nodes[0].value_length, kReplyB.size());
  const std::string bad_magic = H("01 00 00 00 2a 00");
  EXPECT_EQ(ReadFrameHeader(Framing::kConfluent, Data(bad_magic), Data(bad_magic) + 6, &header),
            ErrorKind::kBadFrameFlags);
  const std::string too_many = H("00 00 00 00 2a ff 01");  // 128 indexes
  EXPECT_EQ(ReadFrameHeader(Framing::kConfluent, Data(too_many), Data(too_many) + 7, &header),
            ErrorKind::kBadFrameFlags);
  const std::string cut = H("00 00 00 00 2a 04 02");  // two indexes said, one there
  EXPECT_EQ(ReadFrameHeader(Framing::kConfluent, Data(cut), Data(cut) + 7, &header), ErrorKind::kTruncated);
  EXPECT_EQ(ReadFrameHeader(Framing::kConfluent, Data(cut), Data(cut) + 5, &header), ErrorKind::kTruncated);
}

// Two varint-delimited frames whose bytes also parse as one message when no type is known (the
// first length, 0x12, reads as the tag of a length-delimited field 2): only the root type tells
// them apart, since as t.Frame, field 2 is an Inner that does not parse (an END_GROUP at its start).
TEST(Framing, AKnownRootTypeTellsAStreamFromOneMessage) {
  static const schema::LoadResult loaded = schema::LoadProtoFiles({{"f.proto", R"(
syntax = "proto3";
package t;
message Inner { int32 x = 1; }
message Frame { bytes name = 1; Inner inner = 2; }
)"}});
  ASSERT_TRUE(loaded.ok());
  const int frame = loaded.schema.FindMessage("t.Frame");
  // name: 16 bytes; their first 9 end the bare reading's field 2, the other 7 read as two fields.
  const std::string body = H("0a 10 01 0c 61 61 61 61 61 61 61 0d 41 42 43 44 08 01");
  const std::string stream = Delimited(body) + Delimited(body);
  ASSERT_EQ(stream[0], '\x12');
  EXPECT_TRUE(ParsesAsMessage(Data(stream), Data(stream) + stream.size(), kDefaultDepthLimit));
  EXPECT_FALSE(ParsesAsType(Data(stream), stream.size(), loaded.schema, frame));
  EXPECT_TRUE(ParsesAsType(Data(body), body.size(), loaded.schema, frame));

  // Without the type the tie goes to bare; with it, only the delimited reading parses.
  EXPECT_EQ(RankFramings(Data(stream), stream.size()).front().framing, Framing::kBare);
  const std::vector<FramingGuess> typed = RankFramings(Data(stream), stream.size(), loaded.schema, frame);
  EXPECT_EQ(typed.front().framing, Framing::kDelimited);
  EXPECT_EQ(typed.front().frames, 2u);
  EXPECT_EQ(typed.front().parsing, 2u);
  const FramingGuess* other = OtherFramingThatParses(typed, Framing::kBare);
  ASSERT_NE(other, nullptr);
  EXPECT_EQ(other->framing, Framing::kDelimited);
  EXPECT_EQ(OtherFramingThatParses(typed, Framing::kDelimited), nullptr);

  // A bare message of the type: bare still wins, and the stream's frames are no alternative.
  const std::vector<FramingGuess> one = RankFramings(Data(body), body.size(), loaded.schema, frame);
  EXPECT_EQ(one.front().framing, Framing::kBare);
  EXPECT_EQ(OtherFramingThatParses(one, Framing::kBare), nullptr);
}

TEST(Framing, EachGrpcFrameIsAMessageWithAbsoluteOffsets) {
  const std::string trailers = "grpc-status: 0\r\ngrpc-message: ok\r\n";
  const std::string bytes = GrpcFrame(0, kReplyA) + GrpcFrame(0, kReplyB) + GrpcFrame(0x80, trailers);
  const schema::Schema& s = TestSchema();
  const NodeList list = InspectFramed(bytes, Framing::kGrpc, &s);
  EXPECT_TRUE(list.first_error.ok());
  EXPECT_TRUE(testing::TilesInput(list));
  EXPECT_EQ(list.framing, Framing::kGrpc);
  // frame 1 (name, count), frame 2 (count), frame 3 (trailers)
  ASSERT_EQ(list.nodes.size(), 6u);
  const Node& first = list.nodes[0];
  EXPECT_EQ(first.kind, NodeKind::kFrame);
  EXPECT_EQ(first.depth, 0);
  EXPECT_EQ(first.tag_length, 5);
  EXPECT_EQ(first.value_offset(), 5u);
  EXPECT_EQ(first.value_length, kReplyA.size());
  EXPECT_EQ(first.end, 3u);
  EXPECT_EQ(FieldLabel(list, 0, &s), "frame 1");
  EXPECT_EQ(TypeLabel(list, 0, &s), "grpc t.Reply");
  EXPECT_EQ(FieldLabel(list, 1, &s), "name");
  EXPECT_EQ(list.nodes[1].tag_offset, 5u);
  EXPECT_EQ(ValueText(list, 1, Data(bytes), &s), "\"abc\"");
  EXPECT_EQ(FieldLabel(list, 4, &s), "count");
  EXPECT_EQ(list.nodes[4].tag_offset, 5 + kReplyA.size() + 5);
  EXPECT_EQ(ValueText(list, 4, Data(bytes), &s), "42");
  EXPECT_EQ(list.nodes[5].interpretation, Interpretation::kString);
  EXPECT_EQ(TypeLabel(list, 5, &s), "grpc trailers");
  EXPECT_EQ(list.NodeAt(static_cast<uint32_t>(5 + kReplyA.size() + 1)), 3u);  // inside frame 2's header

  EXPECT_EQ(format::TextFormat(list, Data(bytes), s),
            "# frame 1 at byte 0, 7 bytes\nname: \"abc\"\ncount: 7\n"
            "# frame 2 at byte 12, 2 bytes\ncount: 42\n"
            "# frame 3 at byte 19, 34 bytes\n# grpc-status: 0\n# grpc-message: ok\n");
  std::string json, error;
  EXPECT_TRUE(format::JsonFormat(list, Data(bytes), s, &json, &error)) << error;
  EXPECT_EQ(json, "[{\"name\":\"abc\",\"count\":7},{\"count\":42}]");
  EXPECT_NE(format::NodeJson(list, Data(bytes), &s).find("\"framing\":\"grpc\""), std::string::npos);
}

TEST(Framing, CompressedBodiesStayBytes) {
  const std::string bytes = GrpcFrame(kGrpcCompressedFlag, H("1f 8b 08 00")) + GrpcFrame(0, kReplyB);
  const NodeList list = InspectFramed(bytes, Framing::kGrpc);
  EXPECT_TRUE(testing::TilesInput(list));
  ASSERT_EQ(list.nodes.size(), 3u);
  EXPECT_EQ(list.nodes[0].interpretation, Interpretation::kBytes);
  EXPECT_EQ(ValueText(list, 0, Data(bytes), nullptr), "4 compressed bytes (grpc-encoding)");
  EXPECT_EQ(list.nodes[1].interpretation, Interpretation::kMessage);
  EXPECT_EQ(list.nodes[2].field_number, 2u);
}

// Connect streaming envelopes share gRPC's layout; the end-of-stream one (flag 0x02) holds JSON.
TEST(Framing, ConnectEnvelopesAreGrpcFramesWithTheirEndOfStreamAsText) {
  const std::string stream = GrpcFrame(0, kReplyA) + GrpcFrame(kConnectEndStreamFlag, "{}");
  EXPECT_EQ(Best(stream), Framing::kGrpc);
  InspectOptions options;
  options.framing = Framing::kGrpc;
  const NodeList list = Inspect(Data(stream), stream.size(), nullptr, -1, options);
  ASSERT_TRUE(list.first_error.ok());
  const Node& end = list.nodes[list.nodes.size() - 1];
  EXPECT_EQ(end.kind, NodeKind::kFrame);
  EXPECT_EQ(end.interpretation, Interpretation::kString);
}

TEST(Framing, ATruncatedLastFrameDecodesAsFarAsItGoes) {
  const std::string whole = Delimited(kReplyB) + Delimited(kReplyA);
  const std::string bytes = whole.substr(0, whole.size() - 2);  // cut inside "count: 7"
  const schema::Schema& s = TestSchema();
  const NodeList list = InspectFramed(bytes, Framing::kDelimited, &s);
  EXPECT_TRUE(testing::TilesInput(list));
  EXPECT_EQ(list.first_error.kind, ErrorKind::kTruncated);
  EXPECT_EQ(list.first_error.offset, bytes.size());
  const uint32_t second = list.nodes[0].end;
  EXPECT_EQ(list.nodes[second].kind, NodeKind::kFrame);
  EXPECT_EQ(list.nodes[second].error, ErrorKind::kTruncated);
  EXPECT_EQ(list.nodes[second].value_length, kReplyA.size() - 2);
  EXPECT_EQ(FieldLabel(list, second + 1, &s), "name");  // decoded before the cut
  EXPECT_EQ(format::TextFormat(list, Data(bytes), s),
            "# frame 1 at byte 0, 2 bytes\ncount: 42\n# frame 2 at byte 3, 5 bytes (truncated)\nname: \"abc\"\n");
}

TEST(Framing, ABadHeaderLeavesTheRestUndecoded) {
  const std::string bytes = GrpcFrame(0, kReplyB) + H("42 00 00 00 01 08");
  const NodeList list = InspectFramed(bytes, Framing::kGrpc);
  EXPECT_TRUE(testing::TilesInput(list));
  EXPECT_EQ(list.first_error.kind, ErrorKind::kBadFrameFlags);
  EXPECT_EQ(list.first_error.offset, 7u);
  ASSERT_EQ(list.nodes.size(), 4u);
  EXPECT_EQ(list.nodes[2].kind, NodeKind::kError);
  EXPECT_EQ(list.nodes[3].kind, NodeKind::kUndecoded);
  EXPECT_EQ(list.nodes[3].value_length, 6u);
}

TEST(Framing, RawFramesDecodeAndPrintAsDecodeRaw) {
  const std::string bytes = Delimited(kReplyA) + Delimited("") + Delimited(H("0f"));
  const NodeList list = InspectFramed(bytes, Framing::kDelimited);
  EXPECT_TRUE(testing::TilesInput(list));
  EXPECT_EQ(list.first_error.kind, ErrorKind::kBadWireType);  // frame 3's body
  EXPECT_EQ(format::TextFormat(list, Data(bytes), schema::Schema{}),
            "# frame 1 at byte 0, 7 bytes\n1: \"abc\"\n2: 7\n# frame 2 at byte 8, 0 bytes\n"
            "# frame 3 at byte 9, 1 bytes\n# (does not parse as a message)\n");
}

TEST(Framing, ManyFramesDecodeInStepsWithTheSameNodes) {
  std::string bytes;
  for (int i = 0; i < 5000; ++i) bytes += GrpcFrame(0, i % 2 ? kReplyA : kReplyB);
  bytes += GrpcFrame(0, kReplyA).substr(0, 9);
  const schema::Schema& s = TestSchema();
  const NodeList whole = InspectFramed(bytes, Framing::kGrpc, &s, SIZE_MAX);
  InspectOptions options;
  options.framing = Framing::kGrpc;
  Inspection inspection(Data(bytes), bytes.size(), &s, s.FindMessage("t.Reply"), options);
  int steps = 1;
  while (!inspection.Step(1000)) ++steps;
  EXPECT_GT(steps, 40);
  const NodeList sliced = inspection.Finish();
  EXPECT_EQ(format::NodeJson(sliced, Data(bytes), &s), format::NodeJson(whole, Data(bytes), &s));
  EXPECT_EQ(whole.nodes.size(), 5000 + 2500 * 2 + 2500 * 1 + 3u);  // frames, fields, the cut frame + error + rest
  EXPECT_TRUE(testing::TilesInput(whole));
}

}  // namespace
}  // namespace wirelens::inspect
