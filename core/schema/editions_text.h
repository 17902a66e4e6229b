// Editions .proto text (edition 2023, 2024) through libprotobuf 3.21's parser, which knows only
// proto2 and proto3: the text is rewritten to a form it parses (the edition statement, 2024's
// `export`/`local` and `import option`), then the FileDescriptorProto it gives is made what protoc
// 27+ writes: type names resolved, `features` options as FeatureSets, the edition recorded.
#ifndef WIRELENS_CORE_SCHEMA_EDITIONS_TEXT_H_
#define WIRELENS_CORE_SCHEMA_EDITIONS_TEXT_H_

#include <google/protobuf/descriptor.pb.h>

#include <map>
#include <string>
#include <vector>

#include "core/schema/loader.h"

namespace wirelens::schema {

// Full names of message and enum types ("pkg.Outer.Inner") -> true for an enum.
using TypeTable = std::map<std::string, bool>;

// Whether .proto text opens (after blanks and comments) with an `edition` declaration.
bool DeclaresEdition(const std::string& text);

// Parses editions text `file` into *proto (name set, types not yet resolved). Returns false with
// the parser's errors (positions in the original text) in *errors.
bool ParseEditionsText(const SourceFile& file, google::protobuf::FileDescriptorProto* proto,
                       std::vector<Diagnostic>* errors);

// Adds the message and enum types `proto` declares to *types.
void AddTypes(const google::protobuf::FileDescriptorProto& proto, TypeTable* types);

// Makes parsed *proto a descriptor as protoc writes it: field types and extendees resolved among
// `types` by protobuf's scope rules, `features` options turned into FeatureSet fields, syntax
// "editions" and the edition number. Returns false with an error per unresolved name or unknown
// feature in *errors.
bool CompleteEditionsProto(const TypeTable& types, google::protobuf::FileDescriptorProto* proto,
                           std::vector<Diagnostic>* errors);

}  // namespace wirelens::schema

#endif  // WIRELENS_CORE_SCHEMA_EDITIONS_TEXT_H_
