// protoc-gen-wirelens's CodeGenerator: for each .proto writes NAME.wl.h and NAME.wl.cc.
#ifndef WIRELENS_GEN_FILE_GENERATOR_H_
#define WIRELENS_GEN_FILE_GENERATOR_H_

#include <google/protobuf/compiler/code_generator.h>

#include <string>

#include "gen/names.h"

namespace wirelens::gen {

// Parses "namespace_prefix=a::b,unknown_fields=drop". Returns false with *error on a bad parameter.
bool ParseOptions(const std::string& parameter, Options* options, std::string* error);

class FileGenerator : public pb::compiler::CodeGenerator {
 public:
  bool Generate(const pb::FileDescriptor* file, const std::string& parameter, pb::compiler::GeneratorContext* context,
                std::string* error) const override;
  uint64_t GetSupportedFeatures() const override { return FEATURE_PROTO3_OPTIONAL; }
};

}  // namespace wirelens::gen

#endif  // WIRELENS_GEN_FILE_GENERATOR_H_
