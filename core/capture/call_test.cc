// Exchanges read as RPCs: each protocol's framing, trailers and errors, and where each message's
// type comes from (the method, the Content-Type, a rule, a guess).
#include "core/capture/call.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/schema/loader.h"
#include "core/text/base64.h"
#include "tests/inspect/compress.h"
#include "tests/inspect/grpc_frame.h"

namespace wirelens::capture {
namespace {

using testing::GrpcFrame;

const char kUserProto[] = R"(syntax = "proto3";
package proto;
message WhoAmIRequest { string token = 1; }
message User { string name = 1; int64 id = 2; }
message Detail { string reason = 1; }
service UserService {
  rpc WhoAmI(WhoAmIRequest) returns (User);
  rpc Watch(WhoAmIRequest) returns (stream User);
}
)";
const char kStatusProto[] = R"(syntax = "proto3";
package google.rpc;
import "google/protobuf/any.proto";
message Status { int32 code = 1; string message = 2; repeated google.protobuf.Any details = 3; }
)";

const std::string kRequest("\x0a\x01t", 3);  // WhoAmIRequest { token: "t" }
const std::string kUser(
    "\x0a\x03"
    "ada\x10\x07",
    7);  // User { name: "ada" id: 7 }
const std::string kUser2(
    "\x0a\x03"
    "bob\x10\x08",
    7);  // User { name: "bob" id: 8 }

class CallTest : public ::testing::Test {
 protected:
  void SetUp() override {
    loaded_ = schema::LoadProtoFiles({{"user.proto", kUserProto}, {"google/rpc/status.proto", kStatusProto}});
    ASSERT_TRUE(loaded_.ok()) << loaded_.errors[0].ToString();
  }
  int Type(const char* name) const { return loaded_.schema.FindMessage(name); }
  const schema::Schema* schema() const { return &loaded_.schema; }

  static Exchange Post(const std::string& url, const std::string& content_type, std::string request,
                       std::string response, const std::string& response_type = "") {
    Exchange e;
    e.method = "POST";
    e.url = url;
    e.status = 200;
    e.request_headers = {{"Content-Type", content_type}};
    e.request.present = true;
    e.request.bytes = std::move(request);
    e.response_headers = {{"content-type", response_type.empty() ? content_type : response_type}};
    e.response.present = true;
    e.response.bytes = std::move(response);
    return e;
  }

  schema::LoadResult loaded_;
};

std::string Notes(const Call& call) {
  std::string out;
  for (const CallNote& note : call.notes) {
    out += std::string(RoleName(note.role)) + (note.kind == NoteKind::kError ? " error" : "") + " @" +
           std::to_string(note.offset) + ": " + note.text + "\n";
  }
  return out;
}

TEST_F(CallTest, GrpcWebUnaryTypedByItsMethodWithTrailers) {
  const Call call =
      ReadCall(Post("https://h/api/proto.UserService/WhoAmI", "application/grpc-web+proto", GrpcFrame(0, kRequest),
                    GrpcFrame(0, kUser) + GrpcFrame(0x80, "grpc-status:0\r\ngrpc-message:\r\n")),
               schema());
  EXPECT_EQ(call.protocol, Protocol::kGrpcWeb);
  EXPECT_EQ(call.path, "/api/proto.UserService/WhoAmI");
  ASSERT_TRUE(call.method.found());
  ASSERT_EQ(call.messages.size(), 2u);
  EXPECT_EQ(call.messages[0].role, Role::kRequest);
  EXPECT_EQ(call.messages[0].bytes, kRequest);
  EXPECT_EQ(call.messages[0].type, Type("proto.WhoAmIRequest"));
  EXPECT_EQ(call.messages[0].source, TypeSource::kMethod);
  EXPECT_EQ(call.messages[1].role, Role::kResponse);
  EXPECT_EQ(call.messages[1].index, 1u);
  EXPECT_EQ(call.messages[1].bytes, kUser);
  EXPECT_EQ(call.messages[1].type, Type("proto.User"));
  EXPECT_EQ(call.rpc_status, "0");
  EXPECT_EQ(Notes(call), "response @0: trailers: grpc-status: 0, grpc-message: \n");
  EXPECT_TRUE(call.clean());
}

TEST_F(CallTest, GrpcWebTextStreamInConcatenatedBase64Chunks) {
  auto b64 = [](const std::string& s) {
    return text::EncodeBase64(reinterpret_cast<const uint8_t*>(s.data()), s.size());
  };
  const std::string body =
      b64(GrpcFrame(0, kUser)) + b64(GrpcFrame(0, kUser2)) + b64(GrpcFrame(0x80, "grpc-status: 0"));
  const Call call = ReadCall(
      Post("https://h/proto.UserService/Watch", "application/grpc-web-text", b64(GrpcFrame(0, kRequest)), body),
      schema());
  EXPECT_EQ(call.protocol, Protocol::kGrpcWebText);
  ASSERT_EQ(call.messages.size(), 3u);
  EXPECT_EQ(call.messages[0].bytes, kRequest);
  EXPECT_EQ(call.messages[1].bytes, kUser);
  EXPECT_EQ(call.messages[2].bytes, kUser2);
  EXPECT_EQ(call.messages[2].index, 2u);
  EXPECT_EQ(call.messages[2].offset, 12u);  // in the decoded body
  EXPECT_EQ(call.messages[2].type, Type("proto.User"));
  EXPECT_EQ(call.rpc_status, "0");
}

TEST_F(CallTest, GrpcCompressedFramesAndATrailersOnlyErrorWithStatusDetails) {
  const std::string gzip = testing::Compress(kRequest, 31);
  // google.rpc.Status { code: 5 message: "no" }
  const std::string status("\x08\x05\x12\x02no", 6);
  Exchange e = Post("https://h/proto.UserService/WhoAmI", "application/grpc", GrpcFrame(1, gzip), "");
  e.request_headers.push_back({"grpc-encoding", "gzip"});
  e.response_headers.push_back({"grpc-status", "5"});
  e.response_headers.push_back({"grpc-message", "not%20found+gone"});     // '+' is itself here
  e.response_headers.push_back({"grpc-status-details-bin", "CAUSAm5v"});  // unpadded, as gRPC sends it
  const Call call = ReadCall(e, schema());
  ASSERT_EQ(call.messages.size(), 2u) << Notes(call);
  EXPECT_TRUE(call.messages[0].compressed);
  EXPECT_EQ(call.messages[0].bytes, kRequest);
  EXPECT_EQ(call.rpc_status, "5");
  EXPECT_EQ(call.rpc_message, "not found+gone");
  EXPECT_EQ(call.messages[1].role, Role::kDetail);
  EXPECT_EQ(call.messages[1].bytes, status);
  EXPECT_EQ(call.messages[1].type, Type("google.rpc.Status"));
  EXPECT_EQ(call.messages[1].source, TypeSource::kDetail);
  EXPECT_TRUE(call.clean()) << Notes(call);
}

TEST_F(CallTest, ConnectUnaryAndItsJsonErrorWithDetails) {
  const Call ok = ReadCall(Post("https://h/proto.UserService/WhoAmI", "application/proto", kRequest, kUser), schema());
  EXPECT_EQ(ok.protocol, Protocol::kConnect);
  ASSERT_EQ(ok.messages.size(), 2u);
  EXPECT_EQ(ok.messages[1].type, Type("proto.User"));

  // Detail { reason: "x" } as Connect writes a detail: its type's full name, unpadded base64.
  Exchange e = Post("https://h/proto.UserService/WhoAmI", "application/proto", kRequest,
                    R"({"code":"not_found","message":"who?","details":[{"type":"proto.Detail","value":"CgF4"},)"
                    R"({"type":"other.Missing","value":"CAE"}]})",
                    "application/json");
  e.status = 404;
  const Call error = ReadCall(e, schema());
  EXPECT_EQ(error.rpc_status, "not_found");
  EXPECT_EQ(error.rpc_message, "who?");
  ASSERT_EQ(error.messages.size(), 3u) << Notes(error);
  EXPECT_EQ(error.messages[1].role, Role::kDetail);
  EXPECT_EQ(error.messages[1].bytes, std::string("\x0a\x01x", 3));
  EXPECT_EQ(error.messages[1].type, Type("proto.Detail"));
  EXPECT_EQ(error.messages[2].type, -1);
  EXPECT_NE(Notes(error).find("detail 2 is a other.Missing, which the schema does not have: shown raw"),
            std::string::npos)
      << Notes(error);
  EXPECT_TRUE(error.clean());
}

TEST_F(CallTest, ConnectStreamingWithACompressedEnvelopeAndEndOfStream) {
  Exchange e = Post("https://h/proto.UserService/Watch", "application/connect+proto", GrpcFrame(0, kRequest),
                    GrpcFrame(0, kUser) + GrpcFrame(1, testing::Compress(kUser2, 31)) +
                        GrpcFrame(2, R"({"error":{"code":"internal","message":"boom"}})"));
  e.response_headers.push_back({"Connect-Content-Encoding", "gzip"});
  const Call call = ReadCall(e, schema());
  EXPECT_EQ(call.protocol, Protocol::kConnectStream);
  ASSERT_EQ(call.messages.size(), 3u) << Notes(call);
  EXPECT_EQ(call.messages[2].bytes, kUser2);
  EXPECT_TRUE(call.messages[2].compressed);
  EXPECT_EQ(call.rpc_status, "internal");
  EXPECT_EQ(call.rpc_message, "boom");
  EXPECT_EQ(Notes(call), "response @0: end of stream: {\"error\":{\"code\":\"internal\",\"message\":\"boom\"}}\n");
  EXPECT_EQ(call.notes[0].message, 2u);  // after the second response
}

TEST_F(CallTest, ConnectGetCarriesItsMessageInTheQuery) {
  Exchange e;
  e.method = "GET";
  e.url = "https://h/proto.UserService/WhoAmI?connect=v1&encoding=proto&base64=1&message=CgF0";
  e.status = 200;
  e.response_headers = {{"Content-Type", "application/proto"}};
  e.response.present = true;
  e.response.bytes = kUser;
  const Call call = ReadCall(e, schema());
  EXPECT_EQ(call.protocol, Protocol::kConnect);
  ASSERT_EQ(call.messages.size(), 2u) << Notes(call);
  EXPECT_EQ(call.messages[0].bytes, kRequest);
  EXPECT_EQ(call.messages[0].type, Type("proto.WhoAmIRequest"));
  e.url = "https://h/proto.UserService/WhoAmI?encoding=proto&message=%0A%01t";  // percent-encoded bytes
  e.response_headers.clear();
  EXPECT_EQ(ReadCall(e, schema()).messages[0].bytes, kRequest);
}

TEST_F(CallTest, BareProtobufTypedByContentTypeElseRuleElseGuess) {
  Exchange e = Post("https://h/users/1", "application/x-protobuf", "", kUser,
                    "application/x-protobuf; messageType=\"proto.User\"");
  e.request.present = false;
  Call call = ReadCall(e, schema());
  EXPECT_EQ(call.protocol, Protocol::kProtobuf);
  ASSERT_EQ(call.messages.size(), 1u);
  EXPECT_EQ(call.messages[0].type, Type("proto.User"));
  EXPECT_EQ(call.messages[0].source, TypeSource::kContentType);

  e.response_headers = {{"content-type", "application/octet-stream"}};
  call = ReadCall(e, schema(), {{"/users/", Role::kResponse, "proto.Detail"}});
  EXPECT_EQ(call.messages[0].type, Type("proto.Detail"));
  EXPECT_EQ(call.messages[0].source, TypeSource::kRule);

  call = ReadCall(e, schema());
  EXPECT_EQ(call.messages[0].source, TypeSource::kGuess);
  EXPECT_EQ(call.messages[0].type, Type("proto.User"));
  EXPECT_GT(call.messages[0].score, 50);

  call = ReadCall(e, nullptr);
  EXPECT_EQ(call.messages[0].type, -1);
  EXPECT_EQ(call.messages[0].source, TypeSource::kNone);
}

TEST_F(CallTest, BrokenBodiesAreErrorsThatSayWhereAndWhy) {
  const struct {
    std::string content_type;
    std::string response;
    const char* note;
  } cases[] = {
      {"application/grpc-web", GrpcFrame(0, kUser) + std::string("\x00\x00\x00\x01\x00\x0a", 6),
       "response error @12: a frame of 256 bytes runs past the body's end (1 bytes left)\n"},
      {"application/grpc-web", GrpcFrame(0, kUser) + std::string("\x00\x00", 2),
       "response error @12: a frame header cut off: 2 of its 5 bytes\n"},
      {"application/grpc-web", GrpcFrame(0x40, kUser),
       "response error @0: a frame with flags 0x40, which gRPC does not define\n"},
      {"application/grpc-web", GrpcFrame(1, kUser),
       "response error @0: a frame flagged compressed without a grpc-encoding header\n"},
      {"application/grpc-web-text", "AAAA*",
       "response error @0: gRPC-web-text body is not base64 (3 bytes decoded before the first bad character)\n"},
      {"application/connect+proto", GrpcFrame(2, "{oops"), "response error @6: not Connect's JSON: "},
  };
  for (const auto& c : cases) {
    const Call call = ReadCall(Post("https://h/x.Y/Z", c.content_type, "", c.response), schema());
    EXPECT_FALSE(call.clean()) << c.content_type;
    EXPECT_EQ(Notes(call).substr(0, std::string(c.note).size()), c.note) << c.content_type;
  }
  Exchange lossy = Post("https://h/proto.UserService/WhoAmI", "application/grpc-web", "", GrpcFrame(0, kUser));
  lossy.request.lossy = true;
  lossy.request.warning = "its bytes are lost";
  const Call call = ReadCall(lossy, schema());
  EXPECT_FALSE(call.clean());
  EXPECT_EQ(call.messages.size(), 1u);
  EXPECT_EQ(Notes(call), "request error @0: its bytes are lost\n");
}

TEST_F(CallTest, OtherTrafficIsListedNotDecoded) {
  const Call call = ReadCall(Post("https://h/index.html", "text/html", "", "<html>"), schema());
  EXPECT_EQ(call.protocol, Protocol::kOther);
  EXPECT_TRUE(call.messages.empty());
  EXPECT_EQ(std::string(ProtocolName(call.protocol)), "other");
}

}  // namespace
}  // namespace wirelens::capture
