// Conformance testee of the table-driven codec (core/table): the test messages are not compiled in
// but loaded at start from a descriptor set (protoc --descriptor_set_out, built with this testee),
// as a user's schema would be; each binary payload is decoded to a tape by the tables and encoded
// back from it. JSON and text format are not the table codec's yet: those tests are skipped.
#include <cstdio>
#include <string>
#include <vector>

#include "conformance.wl.h"
#include "core/jsbind/tape.h"
#include "core/schema/loader.h"
#include "core/table/decode.h"
#include "core/table/encode.h"
#include "tests/conformance/testee_loop.h"

namespace {

using wirelens::conformance_testee::ConformanceRequest;
using wirelens::conformance_testee::ConformanceResponse;

struct Codec {
  wirelens::schema::Schema schema;
  wirelens::table::Tables tables;
  wirelens::table::Decoder* decoder = nullptr;
};
Codec* codec = nullptr;

ConformanceResponse Answer(const ConformanceRequest& request) {
  ConformanceResponse response;
  const std::string& type = request.message_type();
  if (type == "conformance.FailureSet") {
    response.set_protobuf_payload("");  // we expect no failures
    return response;
  }
  const int index = codec->schema.FindMessage(type);
  if (index < 0) {
    response.set_skipped("unknown message type " + type);
    return response;
  }
  if (request.payload_case() != ConformanceRequest::kProtobufPayload ||
      request.requested_output_format() != wl::conformance::WireFormat::PROTOBUF) {
    response.set_skipped("the table-driven codec reads and writes binary protobuf only");
    return response;
  }
  const std::string& payload = request.protobuf_payload();
  wirelens::jsbind::TapeWriter tape;
  const auto message = static_cast<uint32_t>(index);
  const wirelens::Status status =
      codec->decoder->Decode(message, reinterpret_cast<const uint8_t*>(payload.data()), payload.size(), tape);
  if (!status.ok()) {
    response.set_parse_error(std::string(wirelens::ErrorKindMessage(status.kind)) + " at byte " +
                             std::to_string(status.offset));
    return response;
  }
  if (!codec->decoder->ToEncodeTape(message, tape.size()) ||
      wirelens::table::EncodeTapeToOutput(codec->tables, message) != 0) {
    response.set_serialize_error("the decoded tape does not encode");
    return response;
  }
  const wirelens::jsbind::State& s = wirelens::jsbind::GlobalState();
  response.set_protobuf_payload(std::string(reinterpret_cast<const char*>(s.output), s.output_size));
  return response;
}

}  // namespace

int main() {
  FILE* file = std::fopen(WIRELENS_TABLE_DESCRIPTOR_SET, "rb");
  if (file == nullptr) {
    std::fprintf(stderr, "cannot open %s\n", WIRELENS_TABLE_DESCRIPTOR_SET);
    return 1;
  }
  std::vector<uint8_t> bytes;
  uint8_t buffer[65536];
  for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, file)) > 0;) bytes.insert(bytes.end(), buffer, buffer + n);
  std::fclose(file);
  wirelens::schema::LoadResult loaded = wirelens::schema::LoadDescriptorSet(bytes.data(), bytes.size());
  if (!loaded.ok()) {
    std::fprintf(stderr, "%s\n", loaded.errors[0].ToString().c_str());
    return 1;
  }
  codec = new Codec{std::move(loaded.schema), {}, nullptr};
  codec->tables = wirelens::table::BuildTables(codec->schema);
  codec->decoder = new wirelens::table::Decoder(codec->tables);
  codec->decoder->set_keep_strings(true);
  return wirelens::conformance_testee::AnswerRequests(Answer);
}
