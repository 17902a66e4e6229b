#include "gen/js/generator.h"

#include "gen/js/common.h"

namespace wirelens::gen {

void GenerateJsBinding(const pb::FileDescriptor* file, const std::vector<const pb::Descriptor*>& messages,
                       const Options& options, pb::compiler::GeneratorContext* context) {
  std::vector<MessageModel> models;
  for (const pb::Descriptor* m : messages) models.push_back(BuildMessageModel(m, options));
  js::WriteCppGlue(file, models, options, context);
  js::WriteJsParts(file, models, options, context);
}

}  // namespace wirelens::gen
