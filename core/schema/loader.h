// Loads schemas into the plain Schema model: .proto text parsed by libprotobuf's own parser
// (compiler::Importer over an in-memory source tree), or a serialized FileDescriptorSet.
// This layer is the only part of wirelens that includes libprotobuf headers.
#ifndef WIRELENS_CORE_SCHEMA_LOADER_H_
#define WIRELENS_CORE_SCHEMA_LOADER_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/schema/schema.h"

namespace wirelens::schema {

struct SourceFile {
  std::string name;     // the name imports use, e.g. "api/v1/user.proto"
  std::string content;  // .proto text
};

// One problem, positioned like protoc reports it (line and column from 1; 0 when unknown).
struct Diagnostic {
  std::string file;
  int line = 0;
  int column = 0;
  std::string message;
  // "file:line:col: message" (or "file: message" without a position).
  std::string ToString() const;
};

struct LoadResult {
  Schema schema;                   // every file that loaded, with its imports
  std::vector<Diagnostic> errors;  // every error of every file, not only the first
  // The files of `schema` as (name, serialized FileDescriptorProto), json names included: a
  // FileDescriptorSet of them is the schema for codecs that read one (the table codec's compile(),
  // @bufbuild/protobuf's registry).
  std::vector<std::pair<std::string, std::string>> descriptor_files;
  bool ok() const { return errors.empty(); }
};

// Parses the given files; imports resolve among them and the bundled well-known types
// (google/protobuf/*.proto), so `import "google/protobuf/timestamp.proto"` needs nothing else.
// A file with errors is left out of the schema; the others stay usable. Imports not among `files`
// are also looked up on disk under `import_dirs` (the CLI's -I; empty in the browser).
LoadResult LoadProtoFiles(const std::vector<SourceFile>& files, const std::vector<std::string>& import_dirs = {});

// Reads a serialized FileDescriptorSet (protoc --descriptor_set_out, with or without
// --include_imports; missing google/protobuf/* imports are taken from the bundled ones).
LoadResult LoadDescriptorSet(const uint8_t* data, size_t size);

// Names of the bundled well-known .proto files.
std::vector<std::string> BundledProtoNames();

}  // namespace wirelens::schema

#endif  // WIRELENS_CORE_SCHEMA_LOADER_H_
