// protoc-gen-wirelens: protoc plugin that generates C++ codecs over core/wire.
// Usage: protoc --plugin=protoc-gen-wirelens=PATH --wirelens_out=[PARAMS:]DIR [-I...] file.proto
#include <google/protobuf/compiler/plugin.h>

#include "gen/file_generator.h"

int main(int argc, char* argv[]) {
  wirelens::gen::FileGenerator generator;
  return google::protobuf::compiler::PluginMain(argc, argv, &generator);
}
