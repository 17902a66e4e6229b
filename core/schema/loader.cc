#include "core/schema/loader.h"

#include <google/protobuf/compiler/importer.h>
#include <google/protobuf/descriptor.h>
#include <google/protobuf/descriptor.pb.h>
#include <google/protobuf/descriptor_database.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include "core/schema/descriptor_reader.h"
#include "core/schema/editions_text.h"

#include <fstream>
#include <map>
#include <sstream>
#include <memory>
#include <set>

namespace wirelens::schema {

// Defined in the generated bundled_protos.cc: the well-known .proto files as text.
struct BundledProto {
  const char* name;
  const char* content;
};
extern const BundledProto kBundledProtos[];
extern const int kBundledProtoCount;

namespace {

namespace pb = google::protobuf;

class MemorySourceTree : public pb::compiler::SourceTree {
 public:
  explicit MemorySourceTree(const std::vector<SourceFile>& files, std::vector<std::string> import_dirs = {})
      : import_dirs_(std::move(import_dirs)) {
    for (int i = 0; i < kBundledProtoCount; ++i) files_[kBundledProtos[i].name] = kBundledProtos[i].content;
    for (const SourceFile& f : files) files_[f.name] = f.content;  // a user's file may shadow a bundled one
  }
  pb::io::ZeroCopyInputStream* Open(const std::string& filename) override {
    auto it = files_.find(filename);
    if (it == files_.end()) it = ReadFromImportDirs(filename);
    if (it == files_.end()) return nullptr;
    return new pb::io::ArrayInputStream(it->second.data(), static_cast<int>(it->second.size()));
  }
  std::string GetLastErrorMessage() override { return "File not found."; }

 private:
  std::map<std::string, std::string>::iterator ReadFromImportDirs(const std::string& filename) {
    if (filename.find("..") != std::string::npos) return files_.end();
    for (const std::string& dir : import_dirs_) {
      std::ifstream in(dir + "/" + filename, std::ios::binary);
      if (!in) continue;
      std::ostringstream content;
      content << in.rdbuf();
      return files_.emplace(filename, content.str()).first;
    }
    return files_.end();
  }

  std::vector<std::string> import_dirs_;
  std::map<std::string, std::string> files_;
};

class Collector : public pb::compiler::MultiFileErrorCollector {
 public:
  explicit Collector(std::vector<Diagnostic>* out) : out_(out) {}
  void AddError(const std::string& filename, int line, int column, const std::string& message) override {
    // The parser counts from 0; -1 means "no position". An `import "";` makes the importer report
    // the empty name itself (found by fuzz_proto_parser): say which import it was instead.
    out_->push_back(
        {filename.empty() ? "import \"\"" : filename, line < 0 ? 0 : line + 1, line < 0 ? 0 : column + 1, message});
  }

 private:
  std::vector<Diagnostic>* out_;
};

class PoolCollector : public pb::DescriptorPool::ErrorCollector {
 public:
  explicit PoolCollector(std::vector<Diagnostic>* out) : out_(out) {}
  void AddError(const std::string& filename, const std::string& element_name, const pb::Message*, ErrorLocation,
                const std::string& message) override {
    out_->push_back({filename, 0, 0, element_name.empty() ? message : element_name + ": " + message});
  }

 private:
  std::vector<Diagnostic>* out_;
};

// Copies descriptors into the Schema model (files in dependency order, each once).
class SchemaBuilder {
 public:
  explicit SchemaBuilder(LoadResult* result) : schema_(&result->schema), descriptor_files_(&result->descriptor_files) {}

  void AddFile(const pb::FileDescriptor* file) {
    if (!seen_.insert(file).second) return;
    for (int i = 0; i < file->dependency_count(); ++i) AddFile(file->dependency(i));
    pb::FileDescriptorProto proto;
    file->CopyTo(&proto);
    file->CopyJsonNameTo(&proto);
    descriptor_files_->emplace_back(file->name(), proto.SerializeAsString());
    File f;
    f.name = file->name();
    f.package = file->package();
    f.syntax = file->syntax() == pb::FileDescriptor::SYNTAX_PROTO3 ? "proto3" : "proto2";
    for (int i = 0; i < file->dependency_count(); ++i) f.dependencies.push_back(file->dependency(i)->name());
    for (int i = 0; i < file->enum_type_count(); ++i) f.enums.push_back(AddEnum(file->enum_type(i)));
    for (int i = 0; i < file->message_type_count(); ++i) AddMessage(file->message_type(i), &f);
    for (int i = 0; i < file->extension_count(); ++i) f.extensions.push_back(FieldOf(file->extension(i)));
    for (int i = 0; i < file->service_count(); ++i) f.services.push_back(AddService(file->service(i)));
    schema_->files.push_back(std::move(f));
    pending_.push_back(file);
  }

  // Resolves message/enum references once every file is in (types may come from any file).
  void ResolveReferences() {
    schema_->AttachExtensions();
    schema_->ResolveMethods();
    for (Message& m : schema_->messages) {
      for (Field& field : m.fields) {
        if (field.type == FieldType::kMessage || field.type == FieldType::kGroup) {
          field.message = schema_->FindMessage(field.type_name);
        } else if (field.type == FieldType::kEnum) {
          field.enumeration = schema_->FindEnum(field.type_name);
        }
      }
    }
  }

 private:
  int AddService(const pb::ServiceDescriptor* s) {
    Service out;
    out.full_name = s->full_name();
    out.file = s->file()->name();
    for (int i = 0; i < s->method_count(); ++i) {
      const pb::MethodDescriptor* m = s->method(i);
      out.methods.push_back({m->name(), m->input_type()->full_name(), m->output_type()->full_name(), -1, -1,
                             m->client_streaming(), m->server_streaming()});
    }
    schema_->services.push_back(std::move(out));
    return static_cast<int>(schema_->services.size()) - 1;
  }

  int AddEnum(const pb::EnumDescriptor* e) {
    Enum out;
    out.full_name = e->full_name();
    out.file = e->file()->name();
    out.closed = e->file()->syntax() != pb::FileDescriptor::SYNTAX_PROTO3;
    for (int i = 0; i < e->value_count(); ++i) out.values.push_back({e->value(i)->name(), e->value(i)->number()});
    schema_->enum_by_name[out.full_name] = static_cast<int>(schema_->enums.size());
    schema_->enums.push_back(std::move(out));
    return static_cast<int>(schema_->enums.size()) - 1;
  }

  void AddMessage(const pb::Descriptor* d, File* file) {
    const int index = static_cast<int>(schema_->messages.size());
    schema_->messages.emplace_back();
    schema_->message_by_name[d->full_name()] = index;
    file->messages.push_back(index);
    {
      Message& m = schema_->messages[index];
      m.full_name = d->full_name();
      m.name = d->name();
      m.file = d->file()->name();
      m.map_entry = d->options().map_entry();
      for (int i = 0; i < d->reserved_name_count(); ++i) m.reserved_names.push_back(d->reserved_name(i));
      for (int i = 0; i < d->real_oneof_decl_count(); ++i) m.oneofs.push_back(d->oneof_decl(i)->name());
      for (int i = 0; i < d->field_count(); ++i) {
        m.IndexField(static_cast<uint32_t>(d->field(i)->number()), static_cast<int>(m.fields.size()));
        m.fields.push_back(FieldOf(d->field(i)));
      }
    }
    for (int i = 0; i < d->enum_type_count(); ++i) file->enums.push_back(AddEnum(d->enum_type(i)));
    for (int i = 0; i < d->nested_type_count(); ++i) AddMessage(d->nested_type(i), file);
    for (int i = 0; i < d->extension_count(); ++i) file->extensions.push_back(FieldOf(d->extension(i)));
  }

  static Field FieldOf(const pb::FieldDescriptor* fd) {
    Field f;
    f.name = fd->is_extension() ? "[" + fd->full_name() + "]" : fd->name();
    f.json_name = fd->is_extension() ? f.name : fd->json_name();
    f.number = static_cast<uint32_t>(fd->number());
    f.type = static_cast<FieldType>(fd->type());
    f.legacy_group = f.type == FieldType::kGroup;  // libprotobuf 3.21 builds proto2 and proto3 only
    f.label = static_cast<Label>(fd->label());
    f.packed = fd->is_packed();
    f.has_presence = fd->has_presence();
    f.validate_utf8 =
        fd->type() == pb::FieldDescriptor::TYPE_STRING && fd->file()->syntax() == pb::FileDescriptor::SYNTAX_PROTO3;
    f.is_map = fd->is_map();
    f.oneof = fd->real_containing_oneof() ? fd->real_containing_oneof()->index() : -1;
    if (fd->message_type() != nullptr) f.type_name = fd->message_type()->full_name();
    if (fd->enum_type() != nullptr) f.type_name = fd->enum_type()->full_name();
    f.is_extension = fd->is_extension();
    if (fd->is_extension()) f.extendee = fd->containing_type()->full_name();
    return f;
  }

  Schema* schema_;
  std::vector<std::pair<std::string, std::string>>* descriptor_files_;
  std::set<const pb::FileDescriptor*> seen_;
  std::vector<const pb::FileDescriptor*> pending_;
};

}  // namespace

std::string Diagnostic::ToString() const {
  if (line == 0) return file + ": " + message;
  return file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + message;
}

std::vector<std::string> BundledProtoNames() {
  std::vector<std::string> names;
  for (int i = 0; i < kBundledProtoCount; ++i) names.push_back(kBundledProtos[i].name);
  return names;
}

// libprotobuf logs warnings (e.g. "No syntax specified") to stderr, which in the browser is the
// console; errors come back through the collectors, so its log is silenced.
static void SilenceLibprotobufLog() {
  static const bool silenced = (pb::SetLogHandler(nullptr), true);
  (void)silenced;
}

namespace {

// Adds the message and enum types of `file` and of the files it imports to *types, each file once
// (`visited`), however many import it.
void AddPoolTypes(const pb::FileDescriptor* file, std::set<const pb::FileDescriptor*>* visited, TypeTable* types) {
  if (!visited->insert(file).second) return;
  pb::FileDescriptorProto proto;
  file->CopyTo(&proto);
  AddTypes(proto, types);
  for (int i = 0; i < file->dependency_count(); ++i) AddPoolTypes(file->dependency(i), visited, types);
}

}  // namespace

LoadResult LoadProtoFiles(const std::vector<SourceFile>& files, const std::vector<std::string>& import_dirs) {
  SilenceLibprotobufLog();
  LoadResult result;
  MemorySourceTree tree(files, import_dirs);
  Collector collector(&result.errors);
  pb::compiler::Importer importer(&tree, &collector);
  SchemaBuilder builder(&result);
  std::vector<pb::FileDescriptorProto> editions;  // editions files, parsed (editions_text.h)
  for (const SourceFile& f : files) {
    if (DeclaresEdition(f.content)) {
      pb::FileDescriptorProto proto;
      if (ParseEditionsText(f, &proto, &result.errors)) editions.push_back(std::move(proto));
      continue;
    }
    const pb::FileDescriptor* file = importer.Import(f.name);
    if (file != nullptr) builder.AddFile(file);
  }
  if (editions.empty()) {
    builder.ResolveReferences();
    return result;
  }
  // The types editions files may name: their own, and those of the proto2/proto3 files they import
  // (user files or bundled ones), which libprotobuf builds.
  TypeTable types;
  std::set<const pb::FileDescriptor*> visited;
  std::set<std::string> editions_names;
  for (const pb::FileDescriptorProto& proto : editions) {
    AddTypes(proto, &types);
    editions_names.insert(proto.name());
  }
  for (const pb::FileDescriptorProto& proto : editions) {
    for (const std::string& import : proto.dependency()) {
      if (editions_names.count(import) != 0) continue;
      const pb::FileDescriptor* file = importer.Import(import);
      if (file == nullptr) continue;  // the importer said why
      builder.AddFile(file);
      AddPoolTypes(file, &visited, &types);
    }
  }
  for (pb::FileDescriptorProto& proto : editions) {
    if (!CompleteEditionsProto(types, &proto, &result.errors)) continue;
    const std::string bytes = proto.SerializeAsString();
    result.descriptor_files.emplace_back(proto.name(), bytes);
    std::string error;
    if (!AddFileDescriptor(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), &result.schema, &error)) {
      result.errors.push_back({proto.name(), 0, 0, error});
    }
  }
  std::string error;  // also points map fields of DELIMITED files back at length-prefixed entries
  if (!ResolveTypes(&result.schema, &error)) result.errors.push_back({"", 0, 0, error});
  return result;
}

namespace {

// A set that holds editions files, which libprotobuf 3.21 cannot build: every file read by
// core/schema's own descriptor reader (features resolved there), imports the set leaves out taken
// from the bundled well-known types.
LoadResult LoadEditionsDescriptorSet(const pb::FileDescriptorSet& set) {
  LoadResult result;
  std::set<std::string> names;
  for (const pb::FileDescriptorProto& file : set.file()) names.insert(file.name());
  MemorySourceTree bundled({});
  pb::compiler::SourceTreeDescriptorDatabase bundled_database(&bundled);
  pb::DescriptorPool bundled_pool(&bundled_database);  // resolves the bundled files' type names
  std::vector<pb::FileDescriptorProto> files(set.file().begin(), set.file().end());
  for (size_t i = 0; i < files.size(); ++i) {  // grows by the bundled imports found
    const std::vector<std::string> imports(files[i].dependency().begin(), files[i].dependency().end());
    for (const std::string& import : imports) {
      const pb::FileDescriptor* found = names.insert(import).second ? bundled_pool.FindFileByName(import) : nullptr;
      if (found == nullptr) continue;
      pb::FileDescriptorProto proto;
      found->CopyTo(&proto);
      found->CopyJsonNameTo(&proto);
      files.push_back(std::move(proto));
    }
  }
  for (const pb::FileDescriptorProto& file : files) {
    const std::string bytes = file.SerializeAsString();  // keeps what 3.21 does not know (features)
    result.descriptor_files.emplace_back(file.name(), bytes);
    std::string error;
    if (!AddFileDescriptor(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), &result.schema, &error)) {
      result.errors.push_back({"<descriptor set>", 0, 0, error});
    }
  }
  std::string error;
  if (!ResolveTypes(&result.schema, &error)) result.errors.push_back({"<descriptor set>", 0, 0, error});
  return result;
}

}  // namespace

LoadResult LoadDescriptorSet(const uint8_t* data, size_t size) {
  SilenceLibprotobufLog();
  LoadResult result;
  pb::FileDescriptorSet set;
  if (size > static_cast<size_t>(INT32_MAX) || !set.ParseFromArray(data, static_cast<int>(size))) {
    result.errors.push_back({"<descriptor set>", 0, 0, "not a serialized FileDescriptorSet"});
    return result;
  }
  for (const pb::FileDescriptorProto& file : set.file()) {
    if (file.syntax() == "editions") return LoadEditionsDescriptorSet(set);
  }
  pb::SimpleDescriptorDatabase database;
  std::set<std::string> names;
  for (const pb::FileDescriptorProto& file : set.file()) {
    if (names.insert(file.name()).second) database.Add(file);
  }
  // Imports the set leaves out (no --include_imports) may be bundled well-known types.
  MemorySourceTree bundled({});
  pb::compiler::SourceTreeDescriptorDatabase bundled_database(&bundled);
  pb::MergedDescriptorDatabase merged(&database, &bundled_database);
  PoolCollector collector(&result.errors);
  pb::DescriptorPool pool(&merged, &collector);
  SchemaBuilder builder(&result);
  for (const pb::FileDescriptorProto& file : set.file()) {
    const pb::FileDescriptor* fd = pool.FindFileByName(file.name());
    if (fd != nullptr) builder.AddFile(fd);
  }
  builder.ResolveReferences();
  return result;
}

}  // namespace wirelens::schema
