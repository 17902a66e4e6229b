#include "core/wire/status.h"

namespace wirelens {
namespace {

struct KindText {
  const char* name;
  const char* message;
};

constexpr KindText kKindTexts[kErrorKindCount] = {
#define WIRELENS_ERROR_KIND_TEXT(kind, name, message) {name, message},
    WIRELENS_ERROR_KINDS(WIRELENS_ERROR_KIND_TEXT)
#undef WIRELENS_ERROR_KIND_TEXT
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
