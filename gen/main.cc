// protoc-gen-wirelens: protoc plugin that generates C++ codecs over core/wire.
// Usage: protoc --plugin=protoc-gen-wirelens=PATH --wirelens_out=[PARAMS:]DIR [-I...] file.proto
// Its own main rather than libprotoc's PluginMain: editions files are lowered before libprotoc 3.21
// builds them (gen/editions.h), and the response declares the editions it takes, in fields
// (minimum_edition, maximum_edition) that 3.21's plugin.proto does not have.
#include <google/protobuf/compiler/plugin.h>
#include <google/protobuf/compiler/plugin.pb.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <iterator>
#include <string>

#include "core/wire/varint.h"
#include "core/wire/wire_format.h"
#include "gen/editions.h"
#include "gen/file_generator.h"

namespace {

// Appends field `number` (a varint) to serialized protobuf bytes.
void AppendVarintField(uint32_t number, uint64_t value, std::string* bytes) {
  uint8_t buffer[2 * wirelens::kMaxVarintBytes];
  uint8_t* end = wirelens::WriteVarint(wirelens::WriteVarint(buffer, number << 3), value);
  bytes->append(reinterpret_cast<const char*>(buffer), static_cast<size_t>(end - buffer));
}

}  // namespace

int main(int argc, char* argv[]) {
  if (argc > 1 || isatty(STDIN_FILENO)) {
    std::fprintf(stderr, "%s: a protoc plugin; run it as protoc --plugin=protoc-gen-wirelens=%s --wirelens_out=DIR\n",
                 argv[0], argv[0]);
    return 1;
  }
  std::cin >> std::noskipws;
  const std::string input{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
  google::protobuf::compiler::CodeGeneratorRequest request;
  if (!request.ParseFromString(input)) {
    std::fprintf(stderr, "%s: stdin is not a CodeGeneratorRequest\n", argv[0]);
    return 1;
  }
  google::protobuf::compiler::CodeGeneratorResponse response;
  wirelens::gen::EditionsFiles editions;
  wirelens::gen::FileGenerator generator(&editions);
  std::string error;
  if (!editions.Lower(&request, &error)) {
    response.set_error(error);
    response.set_supported_features(generator.GetSupportedFeatures());  // else protoc blames the plugin
  } else if (!google::protobuf::compiler::GenerateCode(request, generator, &response, &error)) {
    std::fprintf(stderr, "%s: %s\n", argv[0], error.c_str());
    return 1;
  }
  std::string output;
  response.SerializeToString(&output);
  AppendVarintField(3, static_cast<uint64_t>(wirelens::gen::kMinimumEdition), &output);  // minimum_edition
  AppendVarintField(4, static_cast<uint64_t>(wirelens::gen::kMaximumEdition), &output);  // maximum_edition
  std::cout.write(output.data(), static_cast<std::streamsize>(output.size()));
  return std::cout.flush() ? 0 : 1;
}
