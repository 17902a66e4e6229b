// Wire types, tags and the limits of the protobuf binary format.
#ifndef WIRELENS_CORE_WIRE_WIRE_FORMAT_H_
#define WIRELENS_CORE_WIRE_WIRE_FORMAT_H_

#include <cstdint>

namespace wirelens {

enum class WireType : uint8_t {
  kVarint = 0,
  kFixed64 = 1,
  kLengthDelimited = 2,
  kStartGroup = 3,
  kEndGroup = 4,
  kFixed32 = 5,
};

// The field types of descriptor.proto, with FieldDescriptorProto.Type's numbers: what the schema
// model declares and what generated code picks its Codec<FieldType, V> by (field_codec.h).
enum class FieldType : uint8_t {
  kDouble = 1,
  kFloat = 2,
  kInt64 = 3,
  kUInt64 = 4,
  kInt32 = 5,
  kFixed64 = 6,
  kFixed32 = 7,
  kBool = 8,
  kString = 9,
  kGroup = 10,
  kMessage = 11,
  kBytes = 12,
  kUInt32 = 13,
  kEnum = 14,
  kSFixed32 = 15,
  kSFixed64 = 16,
  kSInt32 = 17,
  kSInt64 = 18,
};

// The wire type one value of `type` has (groups: START_GROUP).
constexpr WireType WireTypeOf(FieldType type) {
  switch (type) {
    case FieldType::kDouble:
    case FieldType::kFixed64:
    case FieldType::kSFixed64: return WireType::kFixed64;
    case FieldType::kFloat:
    case FieldType::kFixed32:
    case FieldType::kSFixed32: return WireType::kFixed32;
    case FieldType::kString:
    case FieldType::kBytes:
    case FieldType::kMessage: return WireType::kLengthDelimited;
    case FieldType::kGroup: return WireType::kStartGroup;
    default: return WireType::kVarint;
  }
}

// True for the scalar numeric types that can be packed.
constexpr bool IsPackable(FieldType type) {
  return WireTypeOf(type) != WireType::kLengthDelimited && type != FieldType::kGroup;
}

inline constexpr uint32_t kMaxFieldNumber = (1u << 29) - 1;
inline constexpr int kMaxVarintBytes = 10;
inline constexpr int kDefaultDepthLimit = 100;

// The tag of a field: (number << 3) | wire type. Precondition: 1 <= number <= kMaxFieldNumber.
constexpr uint32_t MakeTag(uint32_t field_number, WireType type) {
  return (field_number << 3) | static_cast<uint32_t>(type);
}

// True for the wire types 0..5; 6 and 7 are invalid.
constexpr bool IsValidWireType(uint32_t type) { return type <= 5; }

// Short name of a wire type as protoc and the inspector print it ("varint", "i64", "len", ...).
const char* WireTypeName(WireType type);

}  // namespace wirelens

#endif  // WIRELENS_CORE_WIRE_WIRE_FORMAT_H_
