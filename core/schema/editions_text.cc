#include "core/schema/editions_text.h"

#include <google/protobuf/compiler/parser.h>
#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/unknown_field_set.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <utility>

namespace wirelens::schema {
namespace {

namespace pb = google::protobuf;

constexpr int kEditionField = 14;  // FileDescriptorProto.edition, which 3.21's descriptor.proto lacks

// A token of .proto text outside comments: an identifier, a string literal or one other character.
struct Token {
  size_t begin = 0;
  size_t end = 0;
};

bool IsIdentifierChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The tokens of `text`, at most `limit` of them.
std::vector<Token> Tokens(const std::string& text, size_t limit = SIZE_MAX) {
  std::vector<Token> tokens;
  size_t i = 0;
  while (i < text.size() && tokens.size() < limit) {
    const char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (text.compare(i, 2, "//") == 0) {
      i = text.find('\n', i);
      if (i == std::string::npos) break;
    } else if (text.compare(i, 2, "/*") == 0) {
      const size_t end = text.find("*/", i + 2);
      i = end == std::string::npos ? text.size() : end + 2;
    } else if (c == '"' || c == '\'') {
      size_t end = i + 1;
      while (end < text.size() && text[end] != c && text[end] != '\n') end += text[end] == '\\' ? 2 : 1;
      end = std::min(end + 1, text.size());
      tokens.push_back({i, end});
      i = end;
    } else if (IsIdentifierChar(c)) {
      size_t end = i;
      while (end < text.size() && IsIdentifierChar(text[end])) ++end;
      tokens.push_back({i, end});
      i = end;
    } else {
      tokens.push_back({i, i + 1});
      ++i;
    }
  }
  return tokens;
}

// Overwrites [begin, end) with spaces, keeping line breaks (positions after it stay the same).
void Blank(std::string* text, size_t begin, size_t end) {
  for (size_t i = begin; i < end; ++i) {
    if ((*text)[i] != '\n') (*text)[i] = ' ';
  }
}

// Line and column (from 1) of byte `at`.
std::pair<int, int> Position(const std::string& text, size_t at) {
  int line = 1;
  size_t line_start = 0;
  for (size_t i = 0; i < at && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  return {line, static_cast<int>(at - line_start) + 1};
}

class ParserErrors : public pb::io::ErrorCollector {
 public:
  ParserErrors(const std::string& file, std::vector<Diagnostic>* out) : file_(file), out_(out) {}
  void AddError(int line, int column, const std::string& message) override {
    out_->push_back({file_, line + 1, column + 1, message});
  }

 private:
  const std::string& file_;
  std::vector<Diagnostic>* out_;
};

// The features of descriptor.proto's FeatureSet this reader writes (by field number and value
// number), and the 2024 ones it accepts and leaves out (nothing on the wire depends on them).
struct FeatureValues {
  const char* feature;
  int number;  // 0: accepted, not written
  std::vector<std::pair<const char*, int>> values;
};
const std::vector<FeatureValues>& Features() {
  static const std::vector<FeatureValues> features = {
      {"field_presence", 1, {{"EXPLICIT", 1}, {"IMPLICIT", 2}, {"LEGACY_REQUIRED", 3}}},
      {"enum_type", 2, {{"OPEN", 1}, {"CLOSED", 2}}},
      {"repeated_field_encoding", 3, {{"PACKED", 1}, {"EXPANDED", 2}}},
      {"utf8_validation", 4, {{"VERIFY", 2}, {"NONE", 3}}},
      {"message_encoding", 5, {{"LENGTH_PREFIXED", 1}, {"DELIMITED", 2}}},
      {"json_format", 6, {{"ALLOW", 1}, {"LEGACY_BEST_EFFORT", 2}}},
      {"enforce_naming_style", 0, {{"STYLE2024", 0}, {"STYLE_LEGACY", 0}}},
      {"default_symbol_visibility", 0, {{"EXPORT_ALL", 0}, {"EXPORT_TOP_LEVEL", 0}, {"LOCAL_ALL", 0}, {"STRICT", 0}}},
  };
  return features;
}

class Completer {
 public:
  Completer(const TypeTable& types, pb::FileDescriptorProto* proto, std::vector<Diagnostic>* errors)
      : types_(types), proto_(proto), errors_(errors) {}

  bool Complete() {
    const size_t before = errors_->size();
    if (proto_->has_options()) ConvertFeatures(proto_->mutable_options(), 50, proto_->name());
    const std::string scope = proto_->package();
    for (pb::DescriptorProto& message : *proto_->mutable_message_type()) Message(Join(scope, message.name()), &message);
    for (pb::EnumDescriptorProto& e : *proto_->mutable_enum_type()) Enum(Join(scope, e.name()), &e);
    for (pb::FieldDescriptorProto& field : *proto_->mutable_extension()) Field(scope, &field);
    for (pb::ServiceDescriptorProto& service : *proto_->mutable_service())
      Service(Join(scope, service.name()), &service);
    proto_->set_syntax("editions");
    return errors_->size() == before;
  }

 private:
  static std::string Join(const std::string& scope, const std::string& name) {
    return scope.empty() ? name : scope + "." + name;
  }

  void Message(const std::string& full_name, pb::DescriptorProto* message) {
    if (message->has_options()) ConvertFeatures(message->mutable_options(), 12, full_name);
    for (pb::FieldDescriptorProto& field : *message->mutable_field()) Field(full_name, &field);
    for (pb::FieldDescriptorProto& field : *message->mutable_extension()) Field(full_name, &field);
    for (pb::OneofDescriptorProto& oneof : *message->mutable_oneof_decl()) {
      if (oneof.has_options()) ConvertFeatures(oneof.mutable_options(), 1, Join(full_name, oneof.name()));
    }
    for (pb::DescriptorProto& nested : *message->mutable_nested_type())
      Message(Join(full_name, nested.name()), &nested);
    for (pb::EnumDescriptorProto& e : *message->mutable_enum_type()) Enum(Join(full_name, e.name()), &e);
  }

  // A method's types resolve from the service's scope, as protoc resolves them.
  void Service(const std::string& full_name, pb::ServiceDescriptorProto* service) {
    for (pb::MethodDescriptorProto& method : *service->mutable_method()) {
      const std::string where = Join(full_name, method.name());
      ResolveMessageName(method.mutable_input_type(), full_name, where);
      ResolveMessageName(method.mutable_output_type(), full_name, where);
    }
  }

  void ResolveMessageName(std::string* name, const std::string& scope, const std::string& where) {
    const auto found = Resolve(*name, scope);
    if (found == types_.end() || found->second) {
      Error(where + ": type " + *name + " is not a message");
    } else {
      *name = "." + found->first;
    }
  }

  void Enum(const std::string& full_name, pb::EnumDescriptorProto* e) {
    if (e->has_options()) ConvertFeatures(e->mutable_options(), 7, full_name);
  }

  // `scope`: the full name of the message the field is declared in (or the package).
  void Field(const std::string& scope, pb::FieldDescriptorProto* field) {
    const std::string where = Join(scope, field->name());
    if (field->has_options()) ConvertFeatures(field->mutable_options(), 21, where);
    if (field->has_type_name() && !field->has_type()) {
      const auto found = Resolve(field->type_name(), scope);
      if (found == types_.end()) {
        Error(where + ": type " + field->type_name() + " is not defined");
      } else {
        field->set_type_name("." + found->first);
        field->set_type(found->second ? pb::FieldDescriptorProto::TYPE_ENUM : pb::FieldDescriptorProto::TYPE_MESSAGE);
      }
    }
    if (field->has_extendee()) {
      const auto found = Resolve(field->extendee(), scope);
      if (found == types_.end() || found->second) {
        Error(where + ": extended type " + field->extendee() + " is not a message");
      } else {
        field->set_extendee("." + found->first);
      }
    }
  }

  // `name` as protobuf resolves it from inside `scope`: absolute with a leading '.', else looked
  // up in the scope, then each enclosing one.
  TypeTable::const_iterator Resolve(const std::string& name, std::string scope) const {
    if (!name.empty() && name[0] == '.') return types_.find(name.substr(1));
    for (;;) {
      const auto found = types_.find(Join(scope, name));
      if (found != types_.end() || scope.empty()) return found;
      const size_t dot = scope.rfind('.');
      scope = dot == std::string::npos ? "" : scope.substr(0, dot);
    }
  }

  // Moves the `features.NAME = VALUE` options of `options` into a FeatureSet (field `number` of
  // the options message, which 3.21's descriptor.proto lacks).
  template <typename Options>
  void ConvertFeatures(Options* options, int number, const std::string& where) {
    std::string features;
    auto* list = options->mutable_uninterpreted_option();
    for (int i = 0; i < list->size();) {
      const pb::UninterpretedOption& option = list->Get(i);
      if (option.name_size() == 0 || option.name(0).name_part() != "features" || option.name(0).is_extension()) {
        ++i;
        continue;
      }
      // A language's own features (features.(pb.cpp).string_type) change nothing here.
      if (option.name_size() == 2 && !option.name(1).is_extension()) AppendFeature(option, where, &features);
      list->DeleteSubrange(i, 1);
    }
    if (!features.empty())
      options->GetReflection()->MutableUnknownFields(options)->AddLengthDelimited(number, features);
  }

  void AppendFeature(const pb::UninterpretedOption& option, const std::string& where, std::string* features) {
    const std::string& name = option.name(1).name_part();
    for (const FeatureValues& feature : Features()) {
      if (name != feature.feature) continue;
      for (const auto& [value_name, value] : feature.values) {
        if (option.identifier_value() != value_name) continue;
        if (feature.number != 0) {
          features->push_back(static_cast<char>(feature.number << 3));
          features->push_back(static_cast<char>(value));
        }
        return;
      }
      Error(where + ": " + option.identifier_value() + " is not a value of features." + name);
      return;
    }
    Error(where + ": features." + name + " is not a feature");
  }

  void Error(const std::string& message) { errors_->push_back({proto_->name(), 0, 0, message}); }

  const TypeTable& types_;
  pb::FileDescriptorProto* proto_;
  std::vector<Diagnostic>* errors_;
};

void AddMessageTypes(const std::string& full_name, const pb::DescriptorProto& message, TypeTable* types) {
  (*types)[full_name] = false;
  for (const pb::DescriptorProto& nested : message.nested_type()) {
    AddMessageTypes(full_name + "." + nested.name(), nested, types);
  }
  for (const pb::EnumDescriptorProto& e : message.enum_type()) (*types)[full_name + "." + e.name()] = true;
}

}  // namespace

bool DeclaresEdition(const std::string& text) {
  const std::vector<Token> tokens = Tokens(text, 1);  // every loaded .proto is asked: its first token only
  return !tokens.empty() && text.compare(tokens[0].begin, tokens[0].end - tokens[0].begin, "edition") == 0;
}

bool ParseEditionsText(const SourceFile& file, pb::FileDescriptorProto* proto, std::vector<Diagnostic>* errors) {
  const std::string& original = file.content;
  const std::vector<Token> tokens = Tokens(original);
  auto is = [&](size_t i, const char* word) {
    return i < tokens.size() && original.compare(tokens[i].begin, tokens[i].end - tokens[i].begin, word) == 0;
  };
  // edition = "2023";  ->  syntax = "proto3"; (3.21 reads unlabeled fields in proto3 only)
  if (!is(0, "edition") || !is(1, "=") || tokens.size() < 4 || !is(3, ";")) {
    const auto [line, column] = Position(original, tokens.empty() ? 0 : tokens[0].begin);
    errors->push_back({file.name, line, column, "expected an edition statement: edition = \"2023\";"});
    return false;
  }
  const std::string edition = original.substr(tokens[2].begin, tokens[2].end - tokens[2].begin);
  const int number = edition == "\"2023\"" ? 1000 : edition == "\"2024\"" ? 1001 : 0;
  if (number == 0) {
    const auto [line, column] = Position(original, tokens[2].begin);
    errors->push_back({file.name, line, column, "edition " + edition + " is not supported (2023 and 2024 are)"});
    return false;
  }
  std::string text = original;
  const std::string syntax = "syntax = \"proto3\";";
  Blank(&text, tokens[0].begin, tokens[3].end);
  text.replace(tokens[0].begin, std::min(syntax.size(), tokens[3].end - tokens[0].begin), syntax);
  const size_t shift = text.size() - file.content.size();  // the replacement may be longer
  // 2024's symbol visibility (export/local before message or enum) and option-only imports.
  for (size_t i = 4; i + 1 < tokens.size(); ++i) {
    const size_t begin = tokens[i].begin + shift;
    if ((is(i, "export") || is(i, "local")) && (is(i + 1, "message") || is(i + 1, "enum"))) {
      Blank(&text, begin, tokens[i].end + shift);
    } else if (is(i, "import") && is(i + 1, "option")) {
      size_t end = i + 1;
      while (end < tokens.size() && !is(end, ";")) ++end;
      if (end < tokens.size()) Blank(&text, begin, tokens[end].end + shift);
    }
  }
  pb::io::ArrayInputStream input(text.data(), static_cast<int>(text.size()));
  ParserErrors collector(file.name, errors);
  pb::io::Tokenizer tokenizer(&input, &collector);
  pb::compiler::Parser parser;
  parser.RecordErrorsTo(&collector);
  const size_t before = errors->size();
  if (!parser.Parse(&tokenizer, proto) || errors->size() != before) return false;
  proto->set_name(file.name);
  proto->clear_source_code_info();
  proto->GetReflection()->MutableUnknownFields(proto)->AddVarint(kEditionField, number);
  return true;
}

void AddTypes(const pb::FileDescriptorProto& proto, TypeTable* types) {
  const std::string prefix = proto.package().empty() ? "" : proto.package() + ".";
  for (const pb::DescriptorProto& message : proto.message_type())
    AddMessageTypes(prefix + message.name(), message, types);
  for (const pb::EnumDescriptorProto& e : proto.enum_type()) (*types)[prefix + e.name()] = true;
}

bool CompleteEditionsProto(const TypeTable& types, pb::FileDescriptorProto* proto, std::vector<Diagnostic>* errors) {
  return Completer(types, proto, errors).Complete();
}

}  // namespace wirelens::schema
