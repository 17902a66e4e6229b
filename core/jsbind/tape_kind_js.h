// How JS code reads and writes each tape kind's values (tape_kind.h): one table for the JS generator
// (gen/js/kinds.cc) and for the table-driven codec, whose JS half builds the same code at run time
// (core/table/exports.cc hands it over). Patterns are JS with holes: $v$ a value, $label$ its path
// for errors, $id$ a message's JS id.
#ifndef WIRELENS_CORE_JSBIND_TAPE_KIND_JS_H_
#define WIRELENS_CORE_JSBIND_TAPE_KIND_JS_H_

#include <string>
#include <string_view>

#include "core/jsbind/tape_kind.h"

namespace wirelens::jsbind {

struct TapeKindJs {
  const char* read;      // the value at tape cursor P (advances it)
  const char* write;     // statement: checks $v$ and writes it at P
  const char* zero;      // the value of an absent implicit-presence field ("" for enums: their first value)
  const char* key_read;  // a map key read from the tape, as a property name
  const char* key_from;  // property name `k` as the value `write` takes
};

// In TapeKind's order.
inline constexpr TapeKindJs kTapeKindJs[kTapeKindCount] = {
    {"U32[P++] !== 0", "U32[P++] = cBool($v$, $label$);", "false", "U32[P++] !== 0 ? \"true\" : \"false\"",
     "keyBool(k)"},
    {"I32[P++]", "I32[P++] = cI32($v$, $label$);", "0", "I32[P++]", "keyNum(k)"},
    {"U32[P++]", "U32[P++] = cU32($v$, $label$);", "0", "U32[P++]", "keyNum(k)"},
    {"I32[P++]", "I32[P++] = cI32($v$, $label$);", "", "I32[P++]", "keyNum(k)"},
    {"F32[P++]", "F32[P++] = cNum($v$, $label$);", "0", "F32[P++]", "keyNum(k)"},
    {"rdF64()", "wrF64($v$, $label$);", "0", "rdF64()", "keyNum(k)"},
    {"rdI64()", "wrI64($v$, $label$);", "I64_ZERO", "rdKeyI64()", "keyBig(k)"},
    {"rdU64()", "wrU64($v$, $label$);", "U64_ZERO", "rdKeyU64()", "keyBig(k)"},
    {"rdStr()", "wrStr($v$, $label$);", "\"\"", "rdStr()", "k"},
    {"rdBytes()", "wrBytes($v$, $label$);", "EMPTY_BYTES", "rdBytes()", "keyNum(k)"},
    {"r_$id$()", "wm_$id$($v$, d, $label$);", "null", "r_$id$()", "keyNum(k)"},
};

// The property a field's values have in JS objects: its .proto name with each "_x" (a lower-case
// letter after an underscore) as "X", as protobuf.js names them ("optional_int32" -> "optionalInt32").
inline std::string JsFieldName(std::string_view proto_name) {
  std::string out;
  for (size_t i = 0; i < proto_name.size(); ++i) {
    const char next = i + 1 < proto_name.size() ? proto_name[i + 1] : '\0';
    if (i > 0 && proto_name[i] == '_' && next >= 'a' && next <= 'z') {
      out += static_cast<char>(next - 'a' + 'A');
      ++i;
    } else {
      out += proto_name[i];
    }
  }
  return out;
}

}  // namespace wirelens::jsbind

#endif  // WIRELENS_CORE_JSBIND_TAPE_KIND_JS_H_
