// FieldModel: everything the code generator needs to know about one field, derived once from its
// descriptor (C++ types, codec, tags, presence, packing, defaults).
#ifndef WIRELENS_GEN_FIELD_MODEL_H_
#define WIRELENS_GEN_FIELD_MODEL_H_

#include <google/protobuf/descriptor.h>

#include <map>
#include <string>
#include <vector>

#include "gen/names.h"

namespace wirelens::gen {

enum class Shape {
  kScalar,    // numbers, bool, enum
  kString,    // string, bytes
  kMessage,   // sub-message (length-delimited)
  kGroup,     // sub-message (START_GROUP ... END_GROUP)
  kRepeated,  // repeated scalar, string, message or group
  kMap,
};

struct FieldModel {
  const pb::FieldDescriptor* field = nullptr;
  Shape shape = Shape::kScalar;
  std::string name;    // accessor name
  std::string member;  // storage member name
  std::string type;    // C++ type of one value
  std::string codec;   // codec of one value
  uint32_t number = 0;
  uint32_t tag = 0;         // tag of one (unpacked) value
  uint32_t packed_tag = 0;  // tag with wire type LEN, for packable fields
  uint32_t end_tag = 0;     // groups: the END_GROUP tag
  int tag_size = 1;
  int has_bit = -1;                // index into the has-bits, or -1
  int oneof = -1;                  // index of the real oneof it belongs to, or -1
  bool implicit_presence = false;  // proto3 singular without `optional`, editions' IMPLICIT: written unless zero
  bool packed = false;             // written packed
  bool packable = false;           // decoder accepts packed and unpacked
  bool is_message = false;         // value type is a message (message, group, repeated message/group)
  bool is_group = false;
  bool closed_enum = false;   // proto2 or editions' CLOSED enum: values it does not define become unknown fields
  std::string enum_is_valid;  // closed enums: the IsValid function
  std::string default_value;  // C++ expression of the default value (scalars, strings)
  // Maps only.
  std::string key_type, key_codec, value_type, value_codec;
  bool value_closed_enum = false;
};

struct OneofModel {
  std::string name;       // accessor name (lower case)
  std::string case_enum;  // "OneofFieldCase"
  std::string not_set;    // "ONEOF_FIELD_NOT_SET"
  int index = 0;
  std::vector<const FieldModel*> fields;
};

struct MessageModel {
  const pb::Descriptor* message = nullptr;
  std::string class_name;
  std::vector<FieldModel> fields;            // declaration order
  std::vector<const FieldModel*> by_number;  // sorted by field number (encode order)
  std::vector<OneofModel> oneofs;
  int has_bit_words = 0;
};

// The wire type of one (unpacked) value of `field`, as a number (0, 1, 2, 3 or 5).
uint32_t WireTypeOf(const pb::FieldDescriptor* field);

// The C++ spelling of wire type `wire_type` (0, 1, 2, 3 or 5) in generated code.
const char* WireTypeConstant(uint32_t wire_type);

// True for a string field whose bytes must be UTF-8 (proto3 `string`, editions' utf8_validation
// VERIFY; proto2 does not check).
bool ValidatesUtf8(const pb::FieldDescriptor* field, const Options& options);

// Builds the model of a message's fields. Precondition: `message` is not a map entry.
MessageModel BuildMessageModel(const pb::Descriptor* message, const Options& options);

}  // namespace wirelens::gen

#endif  // WIRELENS_GEN_FIELD_MODEL_H_
