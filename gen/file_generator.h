// protoc-gen-wirelens's CodeGenerator: for each .proto writes NAME.wl.h and NAME.wl.cc.
#ifndef WIRELENS_GEN_FILE_GENERATOR_H_
#define WIRELENS_GEN_FILE_GENERATOR_H_

#include <google/protobuf/compiler/code_generator.h>

#include <string>

#include "gen/names.h"

namespace wirelens::gen {

// Parses "namespace_prefix=a::b,unknown_fields=drop". Returns false with *error on a bad parameter.
bool ParseOptions(const std::string& parameter, Options* options, std::string* error);

class EditionsFiles;

class FileGenerator : public pb::compiler::CodeGenerator {
 public:
  // `editions`: the request's lowered editions files (gen/editions.h); nullptr when there are none.
  explicit FileGenerator(const EditionsFiles* editions = nullptr) : editions_(editions) {}

  bool Generate(const pb::FileDescriptor* file, const std::string& parameter, pb::compiler::GeneratorContext* context,
                std::string* error) const override;
  // Generates each of `files`, after naming the JS codecs whose names they share apart
  // (js::QualifyCollidingTsNames): one protoc run is one codec module.
  bool GenerateAll(const std::vector<const pb::FileDescriptor*>& files, const std::string& parameter,
                   pb::compiler::GeneratorContext* context, std::string* error) const override;
  // FEATURE_PROTO3_OPTIONAL and FEATURE_SUPPORTS_EDITIONS (2, which libprotoc 3.21's enum lacks).
  uint64_t GetSupportedFeatures() const override { return FEATURE_PROTO3_OPTIONAL | 2; }

 private:
  const EditionsFiles* editions_;
};

}  // namespace wirelens::gen

#endif  // WIRELENS_GEN_FILE_GENERATOR_H_
