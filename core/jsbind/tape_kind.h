// The kinds of value on the tape (tape.h) and which field type travels as which: one table for the
// JS generator (gen/js/kinds.h, the code of each kind) and the tape's JSON printer (tape_json.cc).
#ifndef WIRELENS_CORE_JSBIND_TAPE_KIND_H_
#define WIRELENS_CORE_JSBIND_TAPE_KIND_H_

#include <cstdint>

#include "core/wire/wire_format.h"

namespace wirelens::jsbind {

// How one value travels on the tape. Stable order: gen/js/kinds.cc's rows follow it.
enum class TapeKind : uint8_t { kBool, kI32, kU32, kEnum, kF32, kF64, kI64, kU64, kString, kBytes, kMessage };
inline constexpr int kTapeKindCount = 11;

// The kind values of `type` travel as: sint/sfixed as their signed kind, fixed as unsigned, groups
// as messages.
constexpr TapeKind TapeKindOf(FieldType type) {
  switch (type) {
    case FieldType::kBool: return TapeKind::kBool;
    case FieldType::kInt32:
    case FieldType::kSInt32:
    case FieldType::kSFixed32: return TapeKind::kI32;
    case FieldType::kUInt32:
    case FieldType::kFixed32: return TapeKind::kU32;
    case FieldType::kEnum: return TapeKind::kEnum;
    case FieldType::kFloat: return TapeKind::kF32;
    case FieldType::kDouble: return TapeKind::kF64;
    case FieldType::kInt64:
    case FieldType::kSInt64:
    case FieldType::kSFixed64: return TapeKind::kI64;
    case FieldType::kUInt64:
    case FieldType::kFixed64: return TapeKind::kU64;
    case FieldType::kString: return TapeKind::kString;
    case FieldType::kBytes: return TapeKind::kBytes;
    case FieldType::kMessage:
    case FieldType::kGroup: return TapeKind::kMessage;
  }
  return TapeKind::kI32;
}

// Two tape words, eight bytes in C++ (aligned on both).
constexpr bool IsWide(TapeKind kind) {
  return kind == TapeKind::kF64 || kind == TapeKind::kI64 || kind == TapeKind::kU64;
}

// A string or bytes: (cut or pointer, length) on the tape.
constexpr bool IsText(TapeKind kind) { return kind == TapeKind::kString || kind == TapeKind::kBytes; }

}  // namespace wirelens::jsbind

#endif  // WIRELENS_CORE_JSBIND_TAPE_KIND_H_
