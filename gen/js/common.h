// Shared by the generators of the JS binding (gen/js/generator.h): how each field type travels
// on the tape (core/jsbind/tape.h) and the names that the C++ glue, the JS and the .d.ts agree on.
#ifndef WIRELENS_GEN_JS_COMMON_H_
#define WIRELENS_GEN_JS_COMMON_H_

#include <google/protobuf/compiler/code_generator.h>
#include <google/protobuf/descriptor.h>
#include <google/protobuf/io/printer.h>

#include <map>
#include <string>
#include <vector>

#include "gen/field_model.h"
#include "gen/js/kinds.h"

namespace wirelens::gen::js {

// A 64-bit value (two tape words); a string or bytes value (text on the tape: a cut, or pointer
// and length).
inline bool Is64(Kind k) { return jsbind::IsWide(k); }
inline bool IsText(const pb::FieldDescriptor* f) { return jsbind::IsText(KindOf(f)); }
// The holes of a KindInfo pattern that depend on the field: $id$ and $T$ (message values) and
// $type$ (`type`: its C++ type, where a pattern needs it).
std::map<std::string, std::string> KindVars(const pb::FieldDescriptor* f, const std::string& type = "");
// Identifier part for a message: "pkg.Outer.Inner" -> "pkg$Outer$Inner" (JS), "pkg_Outer_Inner" (C).
std::string JsId(const pb::Descriptor* m);
std::string CId(const pb::Descriptor* m);
// TypeScript / codec name: nested names joined with '_', without the package; with the package
// first ("pkg_sub_Outer_Inner") for a message QualifyCollidingTsNames() named.
std::string TsName(const pb::Descriptor* m);
// Makes TsName() qualify the messages of `files` (one codec module's, which names every codec in
// one object) whose unqualified names two of them share, e.g. the same message name in two
// packages. Call once, before generating any of them.
void QualifyCollidingTsNames(const std::vector<const pb::FileDescriptor*>& files);
std::string Quote(const std::string& s);
// "dir/a.proto" + ".wl.js.cc" -> "dir/a.wl.js.cc"
std::string JsFileName(const pb::FileDescriptor* file, const std::string& suffix);
// Key and value fields of a map field.
std::vector<const pb::FieldDescriptor*> MapParts(const pb::FieldDescriptor* f);
// Tape slots of a message (bits of its presence mask): its fields, then the unknown fields where
// kept; and the mask words that hold them.
size_t Slots(const MessageModel& model, const Options& options);
int MaskWords(const MessageModel& model, const Options& options);
// The order a message's fields travel on the tape, as indices into model.fields: by field number,
// the order C++ encodes them in, so that wasm can write a tape's bytes in one pass over it. Bit i
// of the presence mask belongs to the i-th field of this order.
std::vector<size_t> TapeOrder(const MessageModel& model);

// Slots of a message's MessageLayout array (core/wire/layout.h, emitted by the C++ glue), read by
// the JS that reads a resident message in place: their count (after the count itself), the
// unknown fields' slot, and the slot of the node key offset of map field `index` (its value
// offset follows).
size_t LayoutSize(const MessageModel& model);
size_t LayoutUnknownSlot(const MessageModel& model);
size_t LayoutMapNodeSlot(const MessageModel& model, size_t index);

// Statement appending value `v` (a C++ expression) of field type `f` to TapeWriter `t`.
std::string CppWrite(const pb::FieldDescriptor* f, const std::string& v);
// Statements reading one value of field type `f` from TapeReader `t` (`return false` on a short
// tape): scalars into a new local `v` of C++ type `type`; strings and messages straight into the
// pointer expression `dst`.
std::string CppRead(const pb::FieldDescriptor* f, const std::string& type, const std::string& dst);
// "mask[1]", "0x00000004u" and "mask[1] & 0x00000004u": the mask word and bit of tape slot i.
std::string MaskWord(size_t i);
std::string MaskBit(size_t i);
std::string Bit(size_t i);
// A C++ condition that is true when the tape holds more than one member of a oneof (`mask` read):
// generated JS writes one at most, so such a tape is refused; "" for a message without oneofs.
std::string OneofConflict(const MessageModel& model);
// Per oneof, `words` mask words with its members' bits.
std::vector<uint32_t> OneofBits(const MessageModel& model, int words);

// The size and write passes of core/jsbind/tape_encoder.h for one message (into NAME.wl.js.cc).
void EmitTapeEncoder(pb::io::Printer& p, const MessageModel& model, const Options& options);

// WireToTape for one message (core/jsbind/wire_to_tape.h, into NAME.wl.js.cc).
void EmitWireToTape(pb::io::Printer& p, const MessageModel& model, const Options& options);

// toJson of plain objects in JS (gen/js/json_printer.cc, codecs built with formats): whether the
// printer j_<id> prints `m` and every message it holds; the enum name tables N_<id> of `file`'s
// enums; j_<id> of one message.
bool JsonPrintedInJs(const pb::Descriptor* m);
void EmitJsonEnumTables(pb::io::Printer& p, const pb::FileDescriptor* file);
void EmitJsonPrinter(pb::io::Printer& p, const MessageModel& model, const Options& options);
// The JSON tables of enum `e`: 'N' (number -> quoted name) or 'E' (name -> number), "N_pkg$Enum".
std::string JsonEnumTable(const pb::EnumDescriptor* e, char which);
// fromJson in JS (gen/js/json_reader.cc, for the messages JsonPrintedInJs takes): p_<id>(d) reads
// the JSON object at the cursor of web/codec/runtime_json_read.js into the plain object r_<id>
// would give, or throws LEAVE.
void EmitJsonReader(pb::io::Printer& p, const MessageModel& model);
// The JS value of absent field `f` in a decoded object ("[]", "{}", "null" or its default).
std::string JsInitial(const FieldModel& f);

// NAME.wl.js.h / NAME.wl.js.cc: ToTape/FromTape specialisations and the extern "C" exports.
void WriteCppGlue(const pb::FileDescriptor* file, const std::vector<MessageModel>& models, const Options& options,
                  pb::compiler::GeneratorContext* context);
// Whether field `f` is null in a decoded object when absent (explicit presence, not a list or map).
inline bool ExplicitPresence(const FieldModel& f) {
  return !f.implicit_presence && f.shape != Shape::kRepeated && f.shape != Shape::kMap;
}

// The JS part's pieces shared by its message code (module.cc) and resident classes (resident.cc):
// the statement writing JS value `v` of field type `f` to the tape (`label`: the field path segment
// for errors, or null); the JS mask of bit i inside its 32-bit word ("0x4"; the word is i / 32).
std::string JsWrite(const pb::FieldDescriptor* f, const std::string& v, const std::string& label);
std::string JsMaskBit(size_t i);
// Writes the present JS value `v` of field `f` (the caller has checked v != null). In a message
// writer, `restart` (for a repeated message field) is the code that ends the root's tape after
// element i and starts the next part's (runtime.js, restartRoot): encode() then hands the tape to
// wasm in parts of about SEGMENT_WORDS words.
void EmitJsFieldWrite(pb::io::Printer& p, const FieldModel& f, const std::string& js_name,
                      const std::string& restart = "");
// The resident class R_<id> of a message and its in-place plain reader o_<id> (resident.cc).
void EmitResidentClass(pb::io::Printer& p, const MessageModel& model, const Options& options);

// NAME.wl.part.d.ts (dts.cc).
void WriteDts(const pb::FileDescriptor* file, const std::vector<MessageModel>& models,
              pb::compiler::GeneratorContext* context);
// NAME.wl.part.js and NAME.wl.part.d.ts.
void WriteJsParts(const pb::FileDescriptor* file, const std::vector<MessageModel>& models, const Options& options,
                  pb::compiler::GeneratorContext* context);

}  // namespace wirelens::gen::js

#endif  // WIRELENS_GEN_JS_COMMON_H_
