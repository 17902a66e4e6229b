// The peer of `wirelens decode --format json` in tests/bench/cli_vs_protoc.mjs: libprotobuf's
// JsonUtil (MessageToJsonString, default options) over a payload parsed into a DynamicMessage of a
// type from a descriptor set, the JSON on stdout with a newline, as the CLI prints it.
// Usage: json_util_decode DESCRIPTOR_SET TYPE PAYLOAD
#include <google/protobuf/descriptor.h>
#include <google/protobuf/descriptor.pb.h>
#include <google/protobuf/dynamic_message.h>
#include <google/protobuf/util/json_util.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>

namespace pb = google::protobuf;

namespace {

bool ReadFile(const char* path, std::string* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  in.seekg(0, std::ios::end);
  out->resize(static_cast<size_t>(in.tellg()));
  in.seekg(0);
  return static_cast<bool>(in.read(out->data(), static_cast<std::streamsize>(out->size())));
}

int Fail(const std::string& why) {
  std::fprintf(stderr, "json_util_decode: %s\n", why.c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) return Fail("usage: json_util_decode DESCRIPTOR_SET TYPE PAYLOAD");
  std::string set_bytes, payload;
  if (!ReadFile(argv[1], &set_bytes) || !ReadFile(argv[3], &payload)) return Fail("cannot read the input files");
  pb::FileDescriptorSet set;
  if (!set.ParseFromString(set_bytes)) return Fail("not a FileDescriptorSet");
  pb::DescriptorPool pool;
  for (const pb::FileDescriptorProto& file : set.file()) {
    if (pool.BuildFile(file) == nullptr) return Fail("cannot build " + file.name());
  }
  const pb::Descriptor* type = pool.FindMessageTypeByName(argv[2]);
  if (type == nullptr) return Fail(std::string("no message type ") + argv[2]);
  pb::DynamicMessageFactory factory(&pool);
  std::unique_ptr<pb::Message> message(factory.GetPrototype(type)->New());
  if (!message->ParseFromString(payload)) return Fail("the payload does not parse");
  std::string json;
  const auto status = pb::util::MessageToJsonString(*message, &json);
  if (!status.ok()) return Fail(status.ToString());
  json += '\n';
  std::fwrite(json.data(), 1, json.size(), stdout);
  return 0;
}
