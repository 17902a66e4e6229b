// Editions files (2023, 2024) for a generator built on libprotoc 3.21, which knows only proto2 and
// proto3: each editions FileDescriptorProto of a CodeGeneratorRequest is lowered to a proto2 one
// libprotoc builds, and what proto2 cannot say is answered from core/schema's own resolution of
// the original descriptor's features.
#ifndef WIRELENS_GEN_EDITIONS_H_
#define WIRELENS_GEN_EDITIONS_H_

#include <google/protobuf/compiler/plugin.pb.h>
#include <google/protobuf/descriptor.h>

#include <map>
#include <string>

#include "core/schema/schema.h"

namespace wirelens::gen {

namespace pb = google::protobuf;

// descriptor.proto's Edition numbers of the oldest and newest syntax the plugin generates for.
constexpr int32_t kMinimumEdition = 998;   // EDITION_PROTO2
constexpr int32_t kMaximumEdition = 1001;  // EDITION_2024

class EditionsFiles {
 public:
  // Reads every file of `request` with core/schema (features resolved from each edition's
  // defaults), then rewrites each editions file in place as proto2: LEGACY_REQUIRED fields as
  // required, DELIMITED ones as groups, repeated scalars with an explicit `packed` option; proto2
  // and proto3 files are left as they are. Returns false with a message in *error when a file's
  // bytes or edition cannot be read (e.g. an edition newer than kMaximumEdition).
  bool Lower(pb::compiler::CodeGeneratorRequest* request, std::string* error);

  // The features of `field` (a field of a message in a lowered editions file, map entries
  // included) as core/schema resolved them, or nullptr for a field of a proto2 or proto3 file,
  // whose libprotoc descriptor says it all.
  const schema::Field* Find(const pb::FieldDescriptor* field) const;

  // The enum of an editions field's type as core/schema resolved it (Enum::closed), or nullptr.
  const schema::Enum* EnumOf(const schema::Field& field) const;

  // The original (editions) FileDescriptorProto bytes of a lowered file, or nullptr for a proto2
  // or proto3 file. Generated code embeds these, so that its JSON and text formats see the features.
  const std::string* OriginalBytes(const std::string& file_name) const;

 private:
  schema::Schema schema_;
  std::map<std::string, std::string> originals_;  // by file name, editions files only
};

}  // namespace wirelens::gen

#endif  // WIRELENS_GEN_EDITIONS_H_
