#include "gen/field_model.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "gen/editions.h"

namespace wirelens::gen {
namespace {

using FD = pb::FieldDescriptor;

bool IsProto3(const pb::FileDescriptor* file) { return file->syntax() == pb::FileDescriptor::SYNTAX_PROTO3; }

// The features of an editions field as core/schema resolved them, or nullptr (proto2, proto3).
const schema::Field* EditionsField(const FD* field, const Options& options) {
  return options.editions == nullptr ? nullptr : options.editions->Find(field);
}

// True for an enum field (or map value) whose enum keeps numbers it does not define out of the
// field, as unknown fields: proto2's enums, editions' CLOSED ones.
bool IsClosedEnum(const FD* field, const Options& options) {
  if (field->type() != FD::TYPE_ENUM) return false;
  if (const schema::Field* resolved = EditionsField(field, options)) {
    const schema::Enum* enumeration = options.editions->EnumOf(*resolved);
    return enumeration != nullptr && enumeration->closed;
  }
  return !IsProto3(field->file());
}

int VarintSize(uint64_t v) {
  int n = 1;
  while (v >= 0x80) {
    v >>= 7;
    ++n;
  }
  return n;
}

// C++ value type and codec of one value of `field`.
void TypeAndCodec(const FD* field, const Options& options, std::string* type, std::string* codec) {
  const std::string c = "::wirelens::codec::Codec<::wirelens::codec::FieldType::";
  switch (field->type()) {
    case FD::TYPE_INT32:
      *type = "int32_t";
      *codec = c + "kInt32>";
      return;
    case FD::TYPE_INT64:
      *type = "int64_t";
      *codec = c + "kInt64>";
      return;
    case FD::TYPE_UINT32:
      *type = "uint32_t";
      *codec = c + "kUInt32>";
      return;
    case FD::TYPE_UINT64:
      *type = "uint64_t";
      *codec = c + "kUInt64>";
      return;
    case FD::TYPE_SINT32:
      *type = "int32_t";
      *codec = c + "kSInt32>";
      return;
    case FD::TYPE_SINT64:
      *type = "int64_t";
      *codec = c + "kSInt64>";
      return;
    case FD::TYPE_FIXED32:
      *type = "uint32_t";
      *codec = c + "kFixed32>";
      return;
    case FD::TYPE_FIXED64:
      *type = "uint64_t";
      *codec = c + "kFixed64>";
      return;
    case FD::TYPE_SFIXED32:
      *type = "int32_t";
      *codec = c + "kSFixed32>";
      return;
    case FD::TYPE_SFIXED64:
      *type = "int64_t";
      *codec = c + "kSFixed64>";
      return;
    case FD::TYPE_FLOAT:
      *type = "float";
      *codec = c + "kFloat>";
      return;
    case FD::TYPE_DOUBLE:
      *type = "double";
      *codec = c + "kDouble>";
      return;
    case FD::TYPE_BOOL:
      *type = "bool";
      *codec = c + "kBool>";
      return;
    case FD::TYPE_STRING:
      *type = "std::string";
      *codec = c + (ValidatesUtf8(field, options) ? "kString>" : "kBytes>");
      return;
    case FD::TYPE_BYTES:
      *type = "std::string";
      *codec = c + "kBytes>";
      return;
    case FD::TYPE_ENUM:
      *type = QualifiedName(field->enum_type(), options);
      *codec = c + "kEnum, " + *type + ">";
      return;
    case FD::TYPE_MESSAGE:
    case FD::TYPE_GROUP:
      *type = QualifiedName(field->message_type(), options);
      *codec = c + "kMessage, " + *type + ">";
      return;
  }
}

std::string EscapeBytes(const std::string& bytes) {
  std::string out = "std::string(\"";
  for (unsigned char ch : bytes) {
    if (ch >= 0x20 && ch < 0x7f && ch != '"' && ch != '\\' && ch != '?') {
      out += static_cast<char>(ch);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\%03o", ch);
      out += buf;
    }
  }
  return out + "\", " + std::to_string(bytes.size()) + ")";
}

template <typename T>
std::string FloatLiteral(T value, const char* type) {
  if (std::isnan(value)) return std::string("std::numeric_limits<") + type + ">::quiet_NaN()";
  if (std::isinf(value)) return std::string(value > 0 ? "" : "-") + "std::numeric_limits<" + type + ">::infinity()";
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", static_cast<double>(value));
  return std::string("static_cast<") + type + ">(" + buf + ")";
}

std::string DefaultValue(const FD* field, const Options& options) {
  switch (field->cpp_type()) {
    case FD::CPPTYPE_INT32: {
      const int32_t v = field->default_value_int32();
      return v == std::numeric_limits<int32_t>::min() ? "std::numeric_limits<int32_t>::min()"
                                                      : "int32_t{" + std::to_string(v) + "}";
    }
    case FD::CPPTYPE_INT64: {
      const int64_t v = field->default_value_int64();
      return v == std::numeric_limits<int64_t>::min() ? "std::numeric_limits<int64_t>::min()"
                                                      : "int64_t{" + std::to_string(v) + "LL}";
    }
    case FD::CPPTYPE_UINT32: return "uint32_t{" + std::to_string(field->default_value_uint32()) + "u}";
    case FD::CPPTYPE_UINT64: return "uint64_t{" + std::to_string(field->default_value_uint64()) + "ull}";
    case FD::CPPTYPE_FLOAT: return FloatLiteral(field->default_value_float(), "float");
    case FD::CPPTYPE_DOUBLE: return FloatLiteral(field->default_value_double(), "double");
    case FD::CPPTYPE_BOOL: return field->default_value_bool() ? "true" : "false";
    case FD::CPPTYPE_STRING: return field->has_default_value() ? EscapeBytes(field->default_value_string()) : "";
    case FD::CPPTYPE_ENUM:
      return QualifiedName(field->enum_type(), options) + "::" + EnumValueName(field->default_value_enum());
    case FD::CPPTYPE_MESSAGE: return "";
  }
  return "";
}

}  // namespace

uint32_t WireTypeOf(const FD* field) {
  switch (field->type()) {
    case FD::TYPE_DOUBLE:
    case FD::TYPE_FIXED64:
    case FD::TYPE_SFIXED64: return 1;
    case FD::TYPE_FLOAT:
    case FD::TYPE_FIXED32:
    case FD::TYPE_SFIXED32: return 5;
    case FD::TYPE_STRING:
    case FD::TYPE_BYTES:
    case FD::TYPE_MESSAGE: return 2;
    case FD::TYPE_GROUP: return 3;
    default: return 0;
  }
}

const char* WireTypeConstant(uint32_t wire_type) {
  switch (wire_type) {
    case 0: return "::wirelens::WireType::kVarint";
    case 1: return "::wirelens::WireType::kFixed64";
    case 3: return "::wirelens::WireType::kStartGroup";
    case 5: return "::wirelens::WireType::kFixed32";
    default: return "::wirelens::WireType::kLengthDelimited";
  }
}

bool ValidatesUtf8(const FD* field, const Options& options) {
  if (field->type() != FD::TYPE_STRING) return false;
  const schema::Field* resolved = EditionsField(field, options);
  return resolved != nullptr ? resolved->validate_utf8 : IsProto3(field->file());
}

MessageModel BuildMessageModel(const pb::Descriptor* message, const Options& options) {
  MessageModel model;
  model.message = message;
  model.class_name = ClassName(message);
  model.fields.reserve(message->field_count());
  int has_bits = 0;
  for (int i = 0; i < message->field_count(); ++i) {
    const FD* field = message->field(i);
    FieldModel f;
    f.field = field;
    f.name = FieldName(field);
    f.member = f.name + "_";
    f.number = static_cast<uint32_t>(field->number());
    f.is_group = field->type() == FD::TYPE_GROUP;
    f.is_message = field->cpp_type() == FD::CPPTYPE_MESSAGE;
    f.tag = (f.number << 3) | WireTypeOf(field);
    f.packed_tag = (f.number << 3) | 2;
    f.end_tag = (f.number << 3) | 4;
    f.tag_size = VarintSize(f.tag);
    f.default_value = DefaultValue(field, options);
    TypeAndCodec(field, options, &f.type, &f.codec);
    if (IsClosedEnum(field, options)) {
      f.closed_enum = true;
      f.enum_is_valid = QualifiedName(field->enum_type(), options) + "_IsValid";
    }
    if (field->is_map()) {
      f.shape = Shape::kMap;
      const FD* key = field->message_type()->map_key();
      const FD* value = field->message_type()->map_value();
      TypeAndCodec(key, options, &f.key_type, &f.key_codec);
      TypeAndCodec(value, options, &f.value_type, &f.value_codec);
      if (IsClosedEnum(value, options)) {
        f.value_closed_enum = true;
        f.enum_is_valid = QualifiedName(value->enum_type(), options) + "_IsValid";
      }
    } else if (field->is_repeated()) {
      f.shape = Shape::kRepeated;
      f.packable = field->is_packable();
      f.packed = field->is_packed();
    } else if (f.is_group) {
      f.shape = Shape::kGroup;
    } else if (f.is_message) {
      f.shape = Shape::kMessage;
    } else {
      f.shape = field->cpp_type() == FD::CPPTYPE_STRING ? Shape::kString : Shape::kScalar;
    }
    const pb::OneofDescriptor* oneof = field->real_containing_oneof();
    if (oneof != nullptr) {
      f.oneof = oneof->index();
    } else if (!field->is_repeated() && !f.is_message) {
      const schema::Field* resolved = EditionsField(field, options);
      if (resolved != nullptr ? resolved->has_presence : field->has_presence()) {
        f.has_bit = has_bits++;
      } else {
        f.implicit_presence = true;
      }
    }
    model.fields.push_back(f);
  }
  model.has_bit_words = (has_bits + 31) / 32;
  for (const FieldModel& f : model.fields) model.by_number.push_back(&f);
  std::sort(model.by_number.begin(), model.by_number.end(),
            [](const FieldModel* a, const FieldModel* b) { return a->number < b->number; });
  for (int i = 0; i < message->real_oneof_decl_count(); ++i) {
    const pb::OneofDescriptor* oneof = message->oneof_decl(i);
    OneofModel o;
    o.name = oneof->name();
    o.case_enum = CamelCase(oneof->name()) + "Case";
    o.not_set = oneof->name() + "_NOT_SET";
    for (char& c : o.not_set) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    o.index = i;
    for (const FieldModel& f : model.fields) {
      if (f.oneof == i) o.fields.push_back(&f);
    }
    model.oneofs.push_back(o);
  }
  return model;
}

}  // namespace wirelens::gen
