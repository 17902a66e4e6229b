#include "core/wire/status.h"

namespace wirelens {
namespace {

struct KindText {
  const char* name;
  const char* message;
};

constexpr KindText kKindTexts[kErrorKindCount] = {
    {"ok", "no error"},
    {"truncated", "input ends inside a field"},
    {"varint_too_long", "varint longer than 10 bytes"},
    {"bad_wire_type", "invalid wire type (6 or 7)"},
    {"bad_field_number", "field number 0 or above 536870911"},
    {"length_past_end", "length prefix reaches past the end of the enclosing message"},
    {"unmatched_group_end", "END_GROUP without a matching START_GROUP"},
    {"depth_exceeded", "nesting deeper than the depth limit"},
    {"wire_type_mismatch", "wire type does not match the field's declared type"},
    {"invalid_utf8", "string field is not valid UTF-8"},
    {"limit_exceeded", "size or count limit exceeded"},
    {"bad_frame_flags", "gRPC frame flags other than compressed (0x01) and trailer (0x80)"},
};

const KindText* Lookup(ErrorKind kind) {
  const auto index = static_cast<unsigned>(kind);
  return index < static_cast<unsigned>(kErrorKindCount) ? &kKindTexts[index] : nullptr;
}

}  // namespace

const char* ErrorKindName(ErrorKind kind) {
  const KindText* text = Lookup(kind);
  return text ? text->name : "unknown";
}

const char* ErrorKindMessage(ErrorKind kind) {
  const KindText* text = Lookup(kind);
  return text ? text->message : "unknown error";
}

}  // namespace wirelens
