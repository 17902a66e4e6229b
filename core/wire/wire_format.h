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
