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
  for (File& file : other.files) {
    for (int& m : file.messages) m += message_base;
    for (int& e : file.enums) e += enum_base;
    for (Field& f : file.extensions) rebase(f);
    files.push_back(std::move(file));
  }
  for (const auto& [name, index] : other.message_by_name) message_by_name.emplace(name, index + message_base);
  for (const auto& [name, index] : other.enum_by_name) enum_by_name.emplace(name, index + enum_base);
}

}  // namespace wirelens::schema
