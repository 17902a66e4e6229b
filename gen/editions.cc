#include "gen/editions.h"

#include <google/protobuf/descriptor.pb.h>

#include "core/schema/descriptor_reader.h"

namespace wirelens::gen {
namespace {

using FDP = pb::FieldDescriptorProto;

// Rewrites the fields of `message` (full name `full_name`) and of its nested messages as proto2
// says what `schema` resolved for them.
void LowerMessage(const schema::Schema& schema, const std::string& full_name, pb::DescriptorProto* message) {
  const int index = schema.FindMessage(full_name);
  for (FDP& field : *message->mutable_field()) {
    const schema::Field* resolved = index < 0 ? nullptr : schema.messages[index].FindField(field.number());
    if (resolved == nullptr) continue;
    if (resolved->label == schema::Label::kRequired) field.set_label(FDP::LABEL_REQUIRED);
    if (resolved->type == schema::FieldType::kGroup) field.set_type(FDP::TYPE_GROUP);
    if (field.label() == FDP::LABEL_REPEATED && schema::IsPackable(resolved->type)) {
      field.mutable_options()->set_packed(resolved->packed);
    }
  }
  for (pb::DescriptorProto& nested : *message->mutable_nested_type()) {
    LowerMessage(schema, full_name + "." + nested.name(), &nested);
  }
}

}  // namespace

bool EditionsFiles::Lower(pb::compiler::CodeGeneratorRequest* request, std::string* error) {
  for (const pb::FileDescriptorProto& file : request->proto_file()) {
    pb::FileDescriptorProto without_comments = file;  // what generated code embeds needs no source info
    without_comments.clear_source_code_info();
    std::string bytes;
    without_comments.SerializeToString(&bytes);  // with what libprotoc 3.21 does not know (edition, features)
    if (!schema::AddFileDescriptor(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), &schema_, error)) {
      return false;  // the error names the file
    }
    if (file.syntax() == "editions") originals_[file.name()] = std::move(bytes);
  }
  if (!schema::ResolveTypes(&schema_, error)) return false;
  for (pb::FileDescriptorProto& file : *request->mutable_proto_file()) {
    if (file.syntax() != "editions") continue;
    file.set_syntax("proto2");
    const std::string prefix = file.package().empty() ? "" : file.package() + ".";
    for (pb::DescriptorProto& message : *file.mutable_message_type()) {
      LowerMessage(schema_, prefix + message.name(), &message);
    }
  }
  return true;
}

const schema::Field* EditionsFiles::Find(const pb::FieldDescriptor* field) const {
  if (field->is_extension() || originals_.count(field->file()->name()) == 0) return nullptr;
  const int index = schema_.FindMessage(field->containing_type()->full_name());
  return index < 0 ? nullptr : schema_.messages[index].FindField(static_cast<uint32_t>(field->number()));
}

const schema::Enum* EditionsFiles::EnumOf(const schema::Field& field) const {
  return field.enumeration < 0 ? nullptr : &schema_.enums[field.enumeration];
}

const std::string* EditionsFiles::OriginalBytes(const std::string& file_name) const {
  const auto it = originals_.find(file_name);
  return it == originals_.end() ? nullptr : &it->second;
}

}  // namespace wirelens::gen
