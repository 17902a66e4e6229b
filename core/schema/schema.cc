#include "core/schema/schema.h"

namespace wirelens::schema {

const char* FieldTypeName(FieldType type) {
  switch (type) {
    case FieldType::kDouble: return "double";
    case FieldType::kFloat: return "float";
    case FieldType::kInt64: return "int64";
    case FieldType::kUInt64: return "uint64";
    case FieldType::kInt32: return "int32";
    case FieldType::kFixed64: return "fixed64";
    case FieldType::kFixed32: return "fixed32";
    case FieldType::kBool: return "bool";
    case FieldType::kString: return "string";
    case FieldType::kGroup: return "group";
    case FieldType::kMessage: return "message";
    case FieldType::kBytes: return "bytes";
    case FieldType::kUInt32: return "uint32";
    case FieldType::kEnum: return "enum";
    case FieldType::kSFixed32: return "sfixed32";
    case FieldType::kSFixed64: return "sfixed64";
    case FieldType::kSInt32: return "sint32";
    case FieldType::kSInt64: return "sint64";
  }
  return "unknown";
}

const Field* Message::FindField(uint32_t number) const {
  const int index = FieldIndex(number);
  return index < 0 ? nullptr : &fields[index];
}

bool Message::IndexField(uint32_t number, int index) {
  if (!field_by_number.emplace(number, index).second) return false;
  if (number < kDenseNumbers) {
    if (dense_field_index.size() <= number) dense_field_index.resize(number + 1, -1);
    dense_field_index[number] = index;
  }
  return true;
}

const char* Enum::NameOf(int32_t number) const {
  for (const EnumValue& v : values) {
    if (v.number == number) return v.name.c_str();
  }
  return nullptr;
}

namespace {
std::string_view StripDot(std::string_view name) { return !name.empty() && name[0] == '.' ? name.substr(1) : name; }
}  // namespace

int Schema::FindMessage(std::string_view full_name) const {
  auto it = message_by_name.find(std::string(StripDot(full_name)));
  return it == message_by_name.end() ? -1 : it->second;
}

int Schema::FindMessageByTypeUrl(std::string_view type_url) const {
  const size_t slash = type_url.rfind('/');
  return slash == std::string_view::npos ? -1 : FindMessage(type_url.substr(slash + 1));
}

int Schema::FindEnum(std::string_view full_name) const {
  auto it = enum_by_name.find(std::string(StripDot(full_name)));
  return it == enum_by_name.end() ? -1 : it->second;
}

MethodRef Schema::FindMethod(std::string_view full_method) const {
  full_method = StripDot(full_method);
  if (!full_method.empty() && full_method[0] == '/') full_method.remove_prefix(1);
  size_t split = full_method.rfind('/');
  if (split == std::string_view::npos) split = full_method.rfind('.');
  if (split == std::string_view::npos) return {};
  const std::string_view service_name = full_method.substr(0, split);
  const std::string_view method_name = full_method.substr(split + 1);
  for (size_t s = 0; s < services.size(); ++s) {
    if (services[s].full_name != service_name) continue;
    const std::vector<Method>& methods = services[s].methods;
    for (size_t m = 0; m < methods.size(); ++m) {
      if (methods[m].name == method_name) return {static_cast<int>(s), static_cast<int>(m)};
    }
  }
  return {};
}

MethodRef Schema::FindMethodByPath(std::string_view path) const {
  const size_t query = path.find_first_of("?#");
  if (query != std::string_view::npos) path = path.substr(0, query);
  while (!path.empty() && path.back() == '/') path.remove_suffix(1);
  const size_t method_slash = path.rfind('/');
  if (method_slash == std::string_view::npos || method_slash == 0) return {};
  const size_t service_slash = path.rfind('/', method_slash - 1);
  const size_t service_start = service_slash == std::string_view::npos ? 0 : service_slash + 1;
  return FindMethod(path.substr(service_start));
}

void Schema::ResolveMethods() {
  for (Service& service : services) {
    for (Method& method : service.methods) {
      method.input = FindMessage(method.input_type);
      method.output = FindMessage(method.output_type);
    }
  }
}

void Schema::AttachExtensions() {
  for (const File& file : files) {
    for (const Field& extension : file.extensions) {
      const int extendee = FindMessage(extension.extendee);
      if (extendee < 0) continue;
      Message& m = messages[extendee];
      if (!m.IndexField(extension.number, static_cast<int>(m.fields.size()))) continue;
      m.fields.push_back(extension);
    }
  }
}

void Schema::Append(Schema&& other) {
  const int message_base = static_cast<int>(messages.size());
  const int enum_base = static_cast<int>(enums.size());
  auto rebase = [&](Field& f) {
    if (f.message >= 0) f.message += message_base;
    if (f.enumeration >= 0) f.enumeration += enum_base;
  };
  for (Message& m : other.messages) {
    for (Field& f : m.fields) rebase(f);
    messages.push_back(std::move(m));
  }
  for (Enum& e : other.enums) enums.push_back(std::move(e));
  const int service_base = static_cast<int>(services.size());
  for (Service& s : other.services) {
    for (Method& method : s.methods) {
      if (method.input >= 0) method.input += message_base;
      if (method.output >= 0) method.output += message_base;
    }
    services.push_back(std::move(s));
  }
  for (File& file : other.files) {
    for (int& m : file.messages) m += message_base;
    for (int& e : file.enums) e += enum_base;
    for (int& s : file.services) s += service_base;
    for (Field& f : file.extensions) rebase(f);
    files.push_back(std::move(file));
  }
  for (const auto& [name, index] : other.message_by_name) message_by_name.emplace(name, index + message_base);
  for (const auto& [name, index] : other.enum_by_name) enum_by_name.emplace(name, index + enum_base);
}

}  // namespace wirelens::schema
