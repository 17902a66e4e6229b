// How each kind of value travels between JS, the tape (core/jsbind/tape.h) and C++: one row per
// Kind, read by every generator of the JS binding in place of a switch each. Patterns are code
// with $name$ holes that Fill() fills: $v$ a value, $label$ its path for errors, $a$ a byte
// address, $dst$ a C++ pointer, $type$ the field's C++ type, $id$ / $T$ a message's JS id / name.
#ifndef WIRELENS_GEN_JS_KINDS_H_
#define WIRELENS_GEN_JS_KINDS_H_

#include <google/protobuf/descriptor.h>

#include <map>
#include <string>
#include <string_view>

#include "core/jsbind/tape_kind.h"
#include "gen/names.h"

namespace wirelens::gen::js {

// How one value travels on the tape (core/jsbind/tape_kind.h: which types, how many words).
using Kind = jsbind::TapeKind;

struct KindInfo {
  bool copies_words;           // a repeated field's tape words are its std::vector's bytes
  const char* js_read;         // JS: the value at tape cursor P (advances it)
  const char* js_write;        // JS statement: checks $v$ and writes it at P
  const char* js_read_at;      // JS: the value stored at byte address $a$ (a resident message's member)
  const char* js_stride;       // JS: bytes between a repeated field's std::vector elements
  const char* js_default;      // JS: the value of an absent implicit-presence field ("" for enums)
  const char* js_key_read;     // JS: a map key read from the tape, as a property name
  const char* js_key_read_at;  // JS: a map key stored at byte address $a$, as js_key_read gives it
  const char* js_key_from;     // JS: property name `k` as the value js_write takes
  const char* ts_type;         // TypeScript: a decoded value
  const char* ts_input;        // TypeScript: a value encode() accepts
  const char* cpp_write;       // C++ statement: appends $v$ to TapeWriter t
  const char* cpp_read;        // C++ statements: one value from TapeReader t (see CppRead)
  const char* cpp_span_at;     // C++: element i of a Span `w` of varint-typed values ("" if not one)
  const char* js_json;         // JS: the JSON text of $v$, or throws LEAVE (web/codec/runtime.js, j_* printers)
  const char* js_json_zero;    // JS: a string literal of js_json's text for zero ("" for enums: v === 0)
  const char* js_json_key;     // JS: the map key kind jMapKeys takes ("" for kinds that are no key)
  const char* js_json_read;    // JS: one value read from JSON text, or throws LEAVE (p_* readers)
};

Kind KindOf(const pb::FieldDescriptor* f);
const KindInfo& InfoOf(Kind kind);
inline const KindInfo& InfoOf(const pb::FieldDescriptor* f) { return InfoOf(KindOf(f)); }

// `pattern` with each $name$ replaced by vars[name] (a name it lacks is a generator bug: throws).
std::string Fill(std::string_view pattern, const std::map<std::string, std::string>& vars);

}  // namespace wirelens::gen::js

#endif  // WIRELENS_GEN_JS_KINDS_H_
