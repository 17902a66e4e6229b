// The Traffic window's model: a HAR dropped in (at once and a slice per frame), typed by the
// service of a schema loaded before or after it, rules, the filter, and an exchange opened as payloads.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/model/actions.h"
#include "app/model/app_state.h"
#include "app/model/snapshot.h"
#include "core/text/base64.h"
#include "tests/capture/har_builder.h"
#include "tests/inspect/grpc_frame.h"

namespace wirelens::app {
namespace {

constexpr const char* kUserProto = R"(syntax = "proto3";
package proto;
message WhoAmIRequest { string token = 1; }
message User { string name = 1; int64 id = 2; }
service UserService { rpc WhoAmI(WhoAmIRequest) returns (User); rpc Watch(WhoAmIRequest) returns (stream User); }
)";
const std::string kRequest("\x0a\x01t", 3);
const std::string kUser(
    "\x0a\x03"
    "ada\x10\x07",
    7);

std::string Base64(const std::string& bytes) {
  return text::EncodeBase64(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
}

// A Firefox-like HAR: a gRPC-web unary call, a server stream, a bare protobuf GET and a page.
std::string Har(size_t padding_entries = 0) {
  using testing::GrpcFrame;
  std::vector<testing::HarEntry> entries(3);
  entries[0].request_headers = {{"Content-Type", "application/grpc-web+proto"}, {"Content-Length", "8"}};
  entries[0].request_text = testing::Latin1Text(GrpcFrame(0, kRequest));
  entries[0].response_headers = {{"content-type", "application/grpc-web+proto"}};
  entries[0].response_text = Base64(GrpcFrame(0, kUser) + GrpcFrame(0x80, "grpc-status:0"));
  entries[0].response_encoding = "base64";
  entries[1] = entries[0];
  entries[1].url = "https://api.example.com/proto.UserService/Watch";
  entries[1].response_text = Base64(GrpcFrame(0, kUser) + GrpcFrame(0, kUser) + GrpcFrame(0x80, "grpc-status:0"));
  entries[2].method = "GET";
  entries[2].url = "https://api.example.com/users/7";
  entries[2].response_headers = {{"content-type", "application/x-protobuf"}};
  entries[2].response_text = Base64(kUser);
  entries[2].response_encoding = "base64";
  for (size_t i = 0; i < padding_entries; ++i) {
    testing::HarEntry page;
    page.url = "https://example.com/page" + std::to_string(i);
    page.response_headers = {{"content-type", "text/html"}};
    page.response_text = std::string(1000, 'x');
    entries.push_back(page);
  }
  return testing::HarFile(entries);
}

TEST(Traffic, AHarTypedByTheServiceOfASchemaLoadedAfterIt) {
  AppState state;
  LoadFile(state, "capture.har", FileBytes::Copy(Har()));
  EXPECT_TRUE(state.show_traffic);
  EXPECT_FALSE(state.traffic.reader);
  ASSERT_EQ(state.traffic.rows.size(), 3u);
  EXPECT_EQ(state.traffic.rows[0].call.protocol, capture::Protocol::kGrpcWeb);
  EXPECT_EQ(state.traffic.rows[0].call.messages[1].type, -1);  // no schema yet
  LoadFile(state, "user.proto", FileBytes::Copy(kUserProto));
  const capture::Call& call = state.traffic.rows[1].call;
  ASSERT_EQ(call.messages.size(), 3u);
  EXPECT_EQ(call.messages[2].type, state.schema.FindMessage("proto.User"));
  EXPECT_EQ(call.messages[2].source, capture::TypeSource::kMethod);
  EXPECT_TRUE(state.traffic.rows[1].clean) << state.traffic.rows[1].problem;
  EXPECT_EQ(VisibleExchanges(state), (std::vector<int>{0, 1, 2}));

  SelectExchange(state, 1);  // the stream: its responses as gRPC frames
  const Payload* p = state.payload();
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->name, "#2 response");
  EXPECT_EQ(p->framing, inspect::Framing::kGrpc);
  EXPECT_EQ(p->type_name, "proto.User");
  EXPECT_EQ(p->unpacked[0], "from capture.har, entry 2 (gRPC-web), 2 messages as frames");
  EXPECT_TRUE(state.nodes.first_error.ok());
  ASSERT_GE(PayloadIndex(state, "#2 request"), 0);
  EXPECT_EQ(std::string(state.payloads[PayloadIndex(state, "#2 request")].bytes.view()), kRequest);
  EXPECT_NE(SnapshotJson(state).find("\"traffic\":{\"file\":\"capture.har\""), std::string::npos);
}

TEST(Traffic, RulesTheFilterAndTheGuess) {
  AppState state;
  LoadFile(state, "user.proto", FileBytes::Copy(kUserProto));
  LoadFile(state, "capture.har", FileBytes::Copy(Har(2)));
  ASSERT_EQ(state.traffic.rows.size(), 5u);
  EXPECT_EQ(VisibleExchanges(state), (std::vector<int>{0, 1, 2}));  // protobuf only
  EXPECT_EQ(state.traffic.rows[2].call.messages[0].source, capture::TypeSource::kGuess);
  SetTypeRule(state, "/users/", capture::Role::kResponse, "proto.WhoAmIRequest");
  EXPECT_EQ(state.traffic.rows[2].call.messages[0].source, capture::TypeSource::kRule);
  EXPECT_EQ(state.traffic.rows[2].call.messages[0].type, state.schema.FindMessage("proto.WhoAmIRequest"));
  state.traffic.filter = "WATCH";
  EXPECT_EQ(VisibleExchanges(state), (std::vector<int>{1}));
  state.traffic.filter = "proto.user";  // a type name
  EXPECT_EQ(VisibleExchanges(state), (std::vector<int>{0, 1}));
  state.traffic.filter.clear();
  state.traffic.protobuf_only = false;
  EXPECT_EQ(VisibleExchanges(state).size(), 5u);
  SetTypeRule(state, "/users/", capture::Role::kResponse, "");
  EXPECT_EQ(state.traffic.rows[2].call.messages[0].source, capture::TypeSource::kGuess);
}

TEST(Traffic, ALargeHarIsReadASliceOfEntriesPerFrameAndABrokenOneSaysWhere) {
  AppState state;
  const std::string har = Har(1200);
  ASSERT_GT(har.size(), kSyncHarBytes);
  LoadFile(state, "big.har", FileBytes::Copy(har));
  EXPECT_TRUE(state.traffic.reader);
  EXPECT_TRUE(state.traffic.rows.empty());  // nothing read in the frame that dropped it
  while (ContinueReadingHar(state)) {}
  EXPECT_EQ(state.traffic.rows.size(), 1203u);
  EXPECT_EQ(state.traffic.bytes.size(), 0u);  // the text is freed once read

  LoadFile(state, "cut.har", FileBytes::Copy(Har().substr(0, 300)));
  EXPECT_TRUE(state.traffic.rows.empty());
  EXPECT_NE(state.traffic.error.find("the file ends early (cut off?)"), std::string::npos) << state.traffic.error;
  EXPECT_TRUE(state.log.back().error);
}

}  // namespace
}  // namespace wirelens::app
