// Fuzz target: the capture reader (core/capture) on any file dropped in as a HAR, and any body
// under every protocol. Invariants: it never crashes, hangs or reads out of bounds; a file it
// refuses says where (an offset inside the file) and why; every message it returns is a copy it
// owns, and a body that did not read whole says why in an error note.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/capture/call.h"
#include "core/capture/har.h"
#include "core/schema/loader.h"

namespace {

const wirelens::schema::Schema& FuzzSchema() {
  static const wirelens::schema::LoadResult loaded = wirelens::schema::LoadProtoFiles({{"user.proto", R"(
syntax = "proto3";
package proto;
message WhoAmIRequest { string token = 1; }
message User { string name = 1; int64 id = 2; repeated User friends = 3; }
service UserService {
  rpc WhoAmI(WhoAmIRequest) returns (User);
  rpc Watch(WhoAmIRequest) returns (stream User);
}
)"}});
  if (!loaded.ok()) std::abort();
  return loaded.schema;
}

void CheckCall(const wirelens::capture::Call& call) {
  for (const wirelens::capture::CallMessage& m : call.messages) {
    if (m.index == 0 || m.bytes.size() > wirelens::capture::kMaxInflatedMessage) std::abort();
  }
  for (const wirelens::capture::CallNote& note : call.notes) {
    if (note.text.empty()) std::abort();
  }
}

constexpr const char* kContentTypes[] = {
    "application/grpc",  "application/grpc-web+proto", "application/grpc-web-text",
    "application/proto", "application/connect+proto",  "application/x-protobuf; messageType=proto.User",
    "application/json",
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const wirelens::schema::Schema& schema = FuzzSchema();
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  // A first byte below 14 picks a body under one protocol (and the HTTP status, 200 or 404); any
  // other input is a HAR file.
  if (size > 0 && data[0] < 2 * (sizeof kContentTypes / sizeof *kContentTypes)) {
    wirelens::capture::Exchange e;
    e.method = "POST";
    e.url = "https://h/proto.UserService/Watch?encoding=proto&base64=1&message=" + std::string(input.substr(1, 16));
    e.status = (data[0] & 1) ? 404 : 200;
    const std::string type = kContentTypes[data[0] / 2];
    e.request_headers = {{"content-type", type}, {"grpc-encoding", "gzip"}};
    e.response_headers = {{"content-type", type},
                          {"connect-content-encoding", "deflate"},
                          {"grpc-status", "3"},
                          {"grpc-status-details-bin", std::string(input.substr(1, 24))}};
    e.request.present = e.response.present = true;
    e.request.bytes = e.response.bytes = std::string(input.substr(1));
    CheckCall(wirelens::capture::ReadCall(e, &schema));
    return 0;
  }
  std::vector<wirelens::capture::Exchange> exchanges;
  wirelens::capture::HarError error;
  if (!wirelens::capture::ReadHar(input, &exchanges, &error)) {
    if (error.message.empty() || error.offset > size) std::abort();
    return 0;
  }
  for (const wirelens::capture::Exchange& e : exchanges) CheckCall(wirelens::capture::ReadCall(e, &schema));
  return 0;
}
