#include "gen/js/generator.h"

#include "gen/js/common.h"

namespace wirelens::gen {

std::string JsFieldName(const std::string& proto_name) {
  if (proto_name.empty()) return proto_name;
  std::string out(1, proto_name[0]);
  for (size_t i = 1; i < proto_name.size(); ++i) {
    if (proto_name[i] == '_' && i + 1 < proto_name.size() && proto_name[i + 1] >= 'a' && proto_name[i + 1] <= 'z') {
      out += static_cast<char>(proto_name[i + 1] - 'a' + 'A');
      ++i;
    } else {
      out += proto_name[i];
    }
  }
  return out;
}

void GenerateJsBinding(const pb::FileDescriptor* file, const std::vector<const pb::Descriptor*>& messages,
                       const Options& options, pb::compiler::GeneratorContext* context) {
  std::vector<MessageModel> models;
  for (const pb::Descriptor* m : messages) models.push_back(BuildMessageModel(m, options));
  js::WriteCppGlue(file, models, options, context);
  js::WriteJsParts(file, models, options, context);
}

}  // namespace wirelens::gen
