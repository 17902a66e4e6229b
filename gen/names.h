// C++ names for protobuf elements in generated code: namespaces, classes, fields, enum values,
// with keyword and macro mangling.
#ifndef WIRELENS_GEN_NAMES_H_
#define WIRELENS_GEN_NAMES_H_

#include <google/protobuf/descriptor.h>

#include <string>

namespace wirelens::gen {

namespace pb = google::protobuf;

class EditionsFiles;

// Generator options, from the plugin parameter "key=value,key=value".
struct Options {
  std::string namespace_prefix;  // "a::b": prepended to every package namespace
  bool keep_unknown_fields = true;
  bool js = false;       // also write the JS binding (gen/js/generator.h)
  bool formats = false;  // the JS binding also exports JSON and text format (core/jsbind/format_exports.h)
  const EditionsFiles* editions = nullptr;  // the request's editions files (gen/editions.h), if any
};

// "a.b" with prefix "x" -> "x::a::b"; "" when both are empty.
std::string NamespaceOf(const pb::FileDescriptor* file, const Options& options);

// Class name of a message or enum inside its namespace: nested names joined with '_'
// ("Outer_Inner"), mangled if it is a C++ keyword.
std::string ClassName(const pb::Descriptor* message);
std::string ClassName(const pb::EnumDescriptor* enumeration);

// Fully qualified C++ type: "::ns::Outer_Inner".
std::string QualifiedName(const pb::Descriptor* message, const Options& options);
std::string QualifiedName(const pb::EnumDescriptor* enumeration, const Options& options);

// Accessor name of a field: its name in lower case (as libprotobuf), mangled when it is a C++
// keyword or clashes with a generated member or with another field's accessor.
std::string FieldName(const pb::FieldDescriptor* field);

// Enum value name, mangled when it is a keyword or a common macro (NULL, EOF, TRUE, ...).
std::string EnumValueName(const pb::EnumValueDescriptor* value);

// "Outer_Inner" -> "OuterInner"-style CamelCase of a snake name: "oneof_field" -> "OneofField".
std::string CamelCase(const std::string& snake);

// The global symbol of a file's embedded schema (core/wire/embedded_file.h), unique per file name:
// "a/b_c.proto" -> "wirelens_embedded_a_sb_uc_dproto".
std::string EmbeddedFileSymbol(const pb::FileDescriptor* file);

// Output file names: "dir/a.proto" -> "dir/a.wl.h" / "dir/a.wl.cc".
std::string HeaderName(const pb::FileDescriptor* file);
std::string SourceName(const pb::FileDescriptor* file);

}  // namespace wirelens::gen

#endif  // WIRELENS_GEN_NAMES_H_
