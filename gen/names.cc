#include "gen/names.h"

#include <cctype>
#include <set>

namespace wirelens::gen {
namespace {

const std::set<std::string>& Reserved() {
  static const std::set<std::string> words = {
      // C++ keywords
      "alignas",
      "alignof",
      "and",
      "and_eq",
      "asm",
      "auto",
      "bitand",
      "bitor",
      "bool",
      "break",
      "case",
      "catch",
      "char",
      "char8_t",
      "char16_t",
      "char32_t",
      "class",
      "compl",
      "concept",
      "const",
      "consteval",
      "constexpr",
      "constinit",
      "const_cast",
      "continue",
      "co_await",
      "co_return",
      "co_yield",
      "decltype",
      "default",
      "delete",
      "do",
      "double",
      "dynamic_cast",
      "else",
      "enum",
      "explicit",
      "export",
      "extern",
      "false",
      "float",
      "for",
      "friend",
      "goto",
      "if",
      "inline",
      "int",
      "long",
      "mutable",
      "namespace",
      "new",
      "noexcept",
      "not",
      "not_eq",
      "nullptr",
      "operator",
      "or",
      "or_eq",
      "private",
      "protected",
      "public",
      "register",
      "reinterpret_cast",
      "requires",
      "return",
      "short",
      "signed",
      "sizeof",
      "static",
      "static_assert",
      "static_cast",
      "struct",
      "switch",
      "template",
      "this",
      "thread_local",
      "throw",
      "true",
      "try",
      "typedef",
      "typeid",
      "typename",
      "union",
      "unsigned",
      "using",
      "virtual",
      "void",
      "volatile",
      "wchar_t",
      "while",
      "xor",
      "xor_eq",
      // macros of common system headers
      "NULL",
      "EOF",
      "TRUE",
      "FALSE",
      "DOMAIN",
      "OVERFLOW",
      "UNDERFLOW",
      "linux",
      "unix",
      "errno",
      "major",
      "minor",
      "stdin",
      "stdout",
      "stderr",
      "assert",
      "BIG_ENDIAN",
      "LITTLE_ENDIAN",
      "PDP_ENDIAN",
      "BYTE_ORDER",
      "INT_MAX",
      "INT_MIN",
      "UINT_MAX",
      "CHAR_BIT",
      "EXIT_SUCCESS",
      "EXIT_FAILURE",
      "NAN",
      "INFINITY",
      "SIG_DFL",
      "SIG_IGN",
  };
  return words;
}

// Members every generated class has; a field accessor must not take these names.
const std::set<std::string>& GeneratedMembers() {
  static const std::set<std::string> names = {
      "default_instance", "unknown_fields", "mutable_unknown_fields", "cached_size", "swap",
      "wl_embedded_file", "wl_full_name",
  };
  return names;
}

std::string Mangle(std::string name) {
  if (Reserved().count(name) != 0) name += '_';
  return name;
}

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string ScopedName(const std::string& full_name, const std::string& package) {
  std::string name = package.empty() ? full_name : full_name.substr(package.size() + 1);
  for (char& c : name) {
    if (c == '.') c = '_';
  }
  return Mangle(name);
}

}  // namespace

std::string NamespaceOf(const pb::FileDescriptor* file, const Options& options) {
  std::string ns = options.namespace_prefix;
  std::string part;
  for (size_t i = 0; i <= file->package().size(); ++i) {
    if (i == file->package().size() || file->package()[i] == '.') {
      if (!part.empty()) ns += (ns.empty() ? "" : "::") + Mangle(part);
      part.clear();
    } else {
      part += file->package()[i];
    }
  }
  return ns;
}

std::string ClassName(const pb::Descriptor* message) {
  return ScopedName(message->full_name(), message->file()->package());
}

std::string ClassName(const pb::EnumDescriptor* enumeration) {
  return ScopedName(enumeration->full_name(), enumeration->file()->package());
}

std::string QualifiedName(const pb::Descriptor* message, const Options& options) {
  const std::string ns = NamespaceOf(message->file(), options);
  return (ns.empty() ? "::" : "::" + ns + "::") + ClassName(message);
}

std::string QualifiedName(const pb::EnumDescriptor* enumeration, const Options& options) {
  const std::string ns = NamespaceOf(enumeration->file(), options);
  return (ns.empty() ? "::" : "::" + ns + "::") + ClassName(enumeration);
}

std::string EmbeddedFileSymbol(const pb::FileDescriptor* file) {
  static const char kHex[] = "0123456789abcdef";
  std::string symbol = "wirelens_embedded_";
  for (const char c : file->name()) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (std::isalnum(u)) {
      symbol += c;
    } else if (c == '_' || c == '/' || c == '.' || c == '-') {
      symbol += '_';
      symbol += c == '_' ? 'u' : c == '/' ? 's' : c == '.' ? 'd' : 'h';
    } else {
      symbol += "_x";
      symbol += kHex[u >> 4];
      symbol += kHex[u & 15];
    }
  }
  return symbol;
}

std::string FieldName(const pb::FieldDescriptor* field) {
  std::string name = Lower(field->name());
  if (Reserved().count(name) != 0 || GeneratedMembers().count(name) != 0) return name + '_';
  // A field "has_x" (or set_/clear_/mutable_/add_) next to a field "x" would clash with x's accessors.
  const pb::Descriptor* parent = field->containing_type();
  for (const char* prefix : {"has_", "set_", "clear_", "mutable_", "add_"}) {
    const std::string p = prefix;
    if (name.size() > p.size() && name.compare(0, p.size(), p) == 0) {
      for (int i = 0; i < parent->field_count(); ++i) {
        if (Lower(parent->field(i)->name()) == name.substr(p.size())) return name + '_';
      }
    }
  }
  // "x_size" clashes with the size accessor of a repeated field "x".
  const std::string suffix = "_size";
  if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
    for (int i = 0; i < parent->field_count(); ++i) {
      const pb::FieldDescriptor* other = parent->field(i);
      if (other->is_repeated() && Lower(other->name()) == name.substr(0, name.size() - suffix.size())) {
        return name + '_';
      }
    }
  }
  return name;
}

std::string EnumValueName(const pb::EnumValueDescriptor* value) { return Mangle(value->name()); }

std::string CamelCase(const std::string& snake) {
  std::string out;
  bool upper = true;
  for (char c : snake) {
    if (c == '_') {
      upper = true;
    } else {
      out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
      upper = false;
    }
  }
  return out;
}

namespace {
std::string StripProto(const std::string& name) {
  const std::string ext = ".proto";
  if (name.size() > ext.size() && name.compare(name.size() - ext.size(), ext.size(), ext) == 0) {
    return name.substr(0, name.size() - ext.size());
  }
  return name;
}
}  // namespace

std::string HeaderName(const pb::FileDescriptor* file) { return StripProto(file->name()) + ".wl.h"; }
std::string SourceName(const pb::FileDescriptor* file) { return StripProto(file->name()) + ".wl.cc"; }

}  // namespace wirelens::gen
