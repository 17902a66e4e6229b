#include "gen/js_generator.h"

#include <google/protobuf/io/printer.h>
#include <google/protobuf/io/zero_copy_stream.h>

#include <memory>
#include <set>

#include "gen/field_model.h"

namespace wirelens::gen {
namespace {

using pb::io::Printer;
using FD = pb::FieldDescriptor;
using Vars = std::map<std::string, std::string>;

// How one value travels on the tape.
enum class Kind { kBool, kI32, kU32, kEnum, kF32, kF64, kI64, kU64, kString, kBytes, kMessage };

Kind KindOf(const FD* f) {
  switch (f->type()) {
    case FD::TYPE_BOOL: return Kind::kBool;
    case FD::TYPE_INT32: case FD::TYPE_SINT32: case FD::TYPE_SFIXED32: return Kind::kI32;
    case FD::TYPE_UINT32: case FD::TYPE_FIXED32: return Kind::kU32;
    case FD::TYPE_ENUM: return Kind::kEnum;
    case FD::TYPE_FLOAT: return Kind::kF32;
    case FD::TYPE_DOUBLE: return Kind::kF64;
    case FD::TYPE_INT64: case FD::TYPE_SINT64: case FD::TYPE_SFIXED64: return Kind::kI64;
    case FD::TYPE_UINT64: case FD::TYPE_FIXED64: return Kind::kU64;
    case FD::TYPE_STRING: return Kind::kString;
    case FD::TYPE_BYTES: return Kind::kBytes;
    case FD::TYPE_MESSAGE: case FD::TYPE_GROUP: return Kind::kMessage;
  }
  return Kind::kI32;
}

bool Is64(Kind k) { return k == Kind::kF64 || k == Kind::kI64 || k == Kind::kU64; }

// Identifier part for a message: "pkg.Outer.Inner" -> "pkg$Outer$Inner".
std::string JsId(const pb::Descriptor* m) {
  std::string id = m->full_name();
  for (char& c : id) if (c == '.') c = '$';
  return id;
}
std::string CId(const pb::Descriptor* m) {
  std::string id = m->full_name();
  for (char& c : id) if (c == '.') c = '_';
  return id;
}
// TypeScript / codec name: nested names joined with '_', without the package.
std::string TsName(const pb::Descriptor* m) {
  std::string name = m->name();
  for (const pb::Descriptor* p = m->containing_type(); p != nullptr; p = p->containing_type()) {
    name = p->name() + "_" + name;
  }
  return name;
}
std::string Quote(const std::string& s) { return "\"" + s + "\""; }

std::string JsFileName(const pb::FileDescriptor* file, const std::string& suffix) {
  std::string base = file->name();
  if (base.size() > 6 && base.compare(base.size() - 6, 6, ".proto") == 0) base.resize(base.size() - 6);
  return base + suffix;
}

std::vector<const FD*> MapParts(const FD* f) {
  return {f->message_type()->map_key(), f->message_type()->map_value()};
}

// ---- C++ glue --------------------------------------------------------------------------------

// Statement appending value `v` (a C++ expression) of field type `f` to tape `t`.
std::string CppWrite(const FD* f, const std::string& v) {
  switch (KindOf(f)) {
    case Kind::kBool: return "t.Bool(" + v + ");";
    case Kind::kI32: return "t.I32(" + v + ");";
    case Kind::kEnum: return "t.I32(static_cast<int32_t>(" + v + "));";
    case Kind::kU32: return "t.U32(" + v + ");";
    case Kind::kF32: return "t.F32(" + v + ");";
    case Kind::kF64: return "t.F64(" + v + ");";
    case Kind::kI64: return "t.I64(" + v + ");";
    case Kind::kU64: return "t.U64(" + v + ");";
    case Kind::kString: case Kind::kBytes: return "t.Bytes(" + v + ");";
    case Kind::kMessage: return "ToTape(" + v + ", t);";
  }
  return "";
}

// Statements reading one value of field type `f`: scalars into a new local `v` of C++ type
// `type`; strings and messages straight into the pointer expression `dst`.
std::string CppRead(const FD* f, const std::string& type, const std::string& dst) {
  switch (KindOf(f)) {
    case Kind::kBool: return "bool v;\nif (!t.Bool(&v)) return false;\n";
    case Kind::kI32: return "int32_t v;\nif (!t.I32(&v)) return false;\n";
    case Kind::kEnum: return "int32_t raw;\nif (!t.I32(&raw)) return false;\nconst " + type + " v = static_cast<" + type + ">(raw);\n";
    case Kind::kU32: return "uint32_t v;\nif (!t.U32(&v)) return false;\n";
    case Kind::kF32: return "float v;\nif (!t.F32(&v)) return false;\n";
    case Kind::kF64: return "double v;\nif (!t.F64(&v)) return false;\n";
    case Kind::kI64: return "int64_t v;\nif (!t.I64(&v)) return false;\n";
    case Kind::kU64: return "uint64_t v;\nif (!t.U64(&v)) return false;\n";
    case Kind::kString: case Kind::kBytes: return "if (!t.Bytes(" + dst + ")) return false;\n";
    case Kind::kMessage: return "if (!t.Enter() || !FromTape(" + dst + ", t)) return false;\nt.Leave();\n";
  }
  return "";
}

bool ReadsIntoPointer(const FD* f) {
  const Kind k = KindOf(f);
  return k == Kind::kString || k == Kind::kBytes || k == Kind::kMessage;
}

// Minimum tape words of one repeated element / map entry (bounds the count check).
int MinWords(const FD* f) {
  const Kind k = KindOf(f);
  return Is64(k) || k == Kind::kString || k == Kind::kBytes ? 2 : 1;
}

std::string Present(const FieldModel& f) {
  switch (f.shape) {
    case Shape::kRepeated: case Shape::kMap: return "!m." + f.name + "().empty()";
    default:
      return f.implicit_presence ? "::wirelens::codec::IsNonDefault(m." + f.name + "())" : "m.has_" + f.name + "()";
  }
}

// Appends field `f` of `m` (present) to the tape.
void EmitCppFieldWrite(Printer& p, const FieldModel& f) {
  Vars v{{"name", f.name}};
  switch (f.shape) {
    case Shape::kRepeated:
      p.Print(v, "t.U32(static_cast<uint32_t>(m.$name$().size()));\nfor (const auto& value : m.$name$()) ");
      p.Print("$w$\n", "w", CppWrite(f.field, "value"));
      break;
    case Shape::kMap: {
      const auto parts = MapParts(f.field);
      p.Print(v, "t.U32(static_cast<uint32_t>(m.$name$().size()));\nfor (const auto& [key, value] : m.$name$()) {\n");
      p.Print("  $k$\n  $v$\n}\n", "k", CppWrite(parts[0], "key"), "v", CppWrite(parts[1], "value"));
      break;
    }
    default: p.Print("$w$\n", "w", CppWrite(f.field, "m." + f.name + "()")); break;
  }
}

// Reads field `f` from the tape into `*m` (replacing a repeated field's or map's contents).
void EmitCppFieldRead(Printer& p, const FieldModel& f) {
  Vars v{{"name", f.name}, {"type", f.type}};
  switch (f.shape) {
    case Shape::kRepeated:
      p.Print(v, "auto* values = m->mutable_$name$();\nvalues->clear();\nuint32_t n;\n");
      p.Print("if (!t.Count(&n, $w$)) return false;\nfor (uint32_t i = 0; i < n; ++i) {\n", "w", std::to_string(MinWords(f.field)));
      p.Indent();
      if (ReadsIntoPointer(f.field)) {
        p.Print("$r$", "r", CppRead(f.field, f.type, "&values->emplace_back()"));
      } else {
        p.Print("$r$values->push_back(v);\n", "r", CppRead(f.field, f.type, ""));
      }
      p.Outdent();
      p.Print("}\n");
      break;
    case Shape::kMap: {
      const auto parts = MapParts(f.field);
      v["key_type"] = f.key_type;
      p.Print(v, "auto* entries = m->mutable_$name$();\nentries->clear();\nuint32_t n;\n");
      p.Print("if (!t.Count(&n, $w$)) return false;\nfor (uint32_t i = 0; i < n; ++i) {\n", "w",
              std::to_string(MinWords(parts[0]) + 1));
      p.Indent();
      if (ReadsIntoPointer(parts[0])) {
        v["r"] = CppRead(parts[0], f.key_type, "&key");
        p.Print(v, "$key_type$ key;\n$r$");
      } else {
        p.Print("$r$const auto key = v;\n", "r", CppRead(parts[0], f.key_type, ""));
      }
      if (ReadsIntoPointer(parts[1])) {
        p.Print("$r$", "r", CppRead(parts[1], f.value_type, "&(*entries)[key]"));
      } else {
        p.Print("{\n$r$(*entries)[key] = v;\n}\n", "r", CppRead(parts[1], f.value_type, ""));
      }
      p.Outdent();
      p.Print("}\n");
      break;
    }
    default:
      if (ReadsIntoPointer(f.field)) {
        p.Print("$r$", "r", CppRead(f.field, f.type, "m->mutable_" + f.name + "()"));
      } else {
        v["r"] = CppRead(f.field, f.type, "");
        p.Print(v, "$r$m->set_$name$(v);\n");
      }
  }
}

int MaskWords(const MessageModel& model, const Options& options) {
  return static_cast<int>(model.fields.size() + (options.keep_unknown_fields ? 1 : 0) + 31) / 32;
}

// "mask[1]" and "0x00000004u": the mask word and bit of field (or unknown-fields slot) i.
std::string MaskWord(size_t i) { return "mask[" + std::to_string(i / 32) + "]"; }
std::string MaskBit(size_t i) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08xu", 1u << (i % 32));
  return buf;
}
std::string Bit(size_t i) { return MaskWord(i) + " & " + MaskBit(i); }

void EmitCppMessage(Printer& p, const MessageModel& model, const Options& options) {
  const int words = MaskWords(model, options);
  Vars v{{"T", QualifiedName(model.message, options)}, {"words", std::to_string(words)},
         {"id", CId(model.message)}, {"full", model.message->full_name()}};
  // ToTape
  p.Print(v, "template <>\nvoid ToTape<$T$>(const $T$& m, TapeWriter& t) {\n"
             "  const size_t at = t.Skip($words$);\n  uint32_t mask[$words$] = {};\n");
  p.Indent();
  for (size_t i = 0; i < model.fields.size(); ++i) {
    const FieldModel& f = model.fields[i];
    p.Print("if ($present$) {\n  $word$ |= $bit$;\n", "present", Present(f), "word", MaskWord(i), "bit", MaskBit(i));
    p.Indent();
    EmitCppFieldWrite(p, f);
    p.Outdent();
    p.Print("}\n");
  }
  if (options.keep_unknown_fields) {
    const size_t i = model.fields.size();
    p.Print("if (!m.unknown_fields().empty()) {\n  $word$ |= $bit$;\n  t.Bytes(m.unknown_fields());\n}\n",
            "word", MaskWord(i), "bit", MaskBit(i));
  }
  p.Print(v, "for (int i = 0; i < $words$; ++i) t.Set(at + i, mask[i]);\n");
  p.Outdent();
  p.Print("}\n\n");
  // FromTape
  p.Print(v, "template <>\nbool FromTape<$T$>($T$* m, TapeReader& t) {\n  uint32_t mask[$words$];\n"
             "  for (uint32_t& word : mask) {\n    if (!t.U32(&word)) return false;\n  }\n");
  p.Indent();
  for (size_t i = 0; i < model.fields.size(); ++i) {
    p.Print("if ($bit$) {\n", "bit", Bit(i));
    p.Indent();
    EmitCppFieldRead(p, model.fields[i]);
    p.Outdent();
    p.Print("}\n");
  }
  if (options.keep_unknown_fields) {
    p.Print("if ($bit$) {\n  if (!t.Bytes(m->mutable_unknown_fields())) return false;\n}\n", "bit", Bit(model.fields.size()));
  }
  p.Print("return true;\n");
  p.Outdent();
  p.Print("}\n\n");
  // Resident field access.
  p.Print(v, "static uint32_t FieldOp_$id$($T$* mp, uint32_t index, uint32_t op) {\n"
             "  TapeWriter t;\n  const $T$& m = *mp;\n  switch (index) {\n");
  p.Indent();
  p.Indent();
  for (size_t i = 0; i < model.fields.size(); ++i) {
    const FieldModel& f = model.fields[i];
    Vars fv{{"i", std::to_string(i)}, {"name", f.name}, {"present", Present(f)}};
    const bool always = f.implicit_presence || f.shape == Shape::kRepeated || f.shape == Shape::kMap;
    p.Print(fv, "case $i$: {  // $name$\n");
    p.Indent();
    p.Print(fv, always ? "if (op == kHas) return 1;\n" : "if (op == kHas) return ($present$) ? 1 : 0;\n");
    p.Print(fv, "if (op == kClear) {\n  mp->clear_$name$();\n  return 1;\n}\n");
    if (f.shape == Shape::kMessage || f.shape == Shape::kGroup) {
      p.Print(fv, "if (op == kMutable) return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(mp->mutable_$name$()));\n"
                  "if (op == kGet) {\n  if (!($present$)) return 0;\n"
                  "  t.U32(static_cast<uint32_t>(reinterpret_cast<uintptr_t>(&m.$name$())));\n  break;\n}\n");
    } else if (f.shape == Shape::kRepeated && f.is_message) {
      p.Print(fv, "if (op == kMutable) return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(mp->add_$name$()));\n"
                  "if (op == kGet) {\n  t.U32(static_cast<uint32_t>(m.$name$().size()));\n"
                  "  for (const auto& value : m.$name$()) t.U32(static_cast<uint32_t>(reinterpret_cast<uintptr_t>(&value)));\n"
                  "  break;\n}\n");
    } else {
      p.Print(fv, always ? "if (op == kGet) {\n" : "if (op == kGet) {\n  if (!($present$)) return 0;\n");
      p.Indent();
      EmitCppFieldWrite(p, f);
      p.Print("break;\n");
      p.Outdent();
      p.Print("}\n");
    }
    p.Print("if (op == kSet) {\n  TapeReader r;\n  if (!SetField_$id$_$i$(mp, r) || !r.at_end()) return 0;\n  return 1;\n}\nreturn 0;\n",
            "id", CId(model.message), "i", std::to_string(i));
    p.Outdent();
    p.Print("}\n");
  }
  p.Print("default: return 0;\n");
  p.Outdent();
  p.Print("}\n");
  p.Print("GlobalState().tape_end = static_cast<uint32_t>(t.size());\nreturn t.ok() ? 1 : 0;\n");
  p.Outdent();
  p.Print("}\n\n");
}

// One setter per field: reads its value from the tape (used by FieldOp's kSet).
void EmitCppSetters(Printer& p, const MessageModel& model, const Options& options) {
  for (size_t i = 0; i < model.fields.size(); ++i) {
    p.Print("static bool SetField_$id$_$i$($T$* m, TapeReader& t) {\n", "id", CId(model.message), "i", std::to_string(i),
            "T", QualifiedName(model.message, options));
    p.Indent();
    if (model.fields[i].shape == Shape::kMessage || model.fields[i].shape == Shape::kGroup) {
      p.Print("m->clear_$name$();\n", "name", model.fields[i].name);
    }
    EmitCppFieldRead(p, model.fields[i]);
    p.Print("return true;\n");
    p.Outdent();
    p.Print("}\n");
  }
  p.Print("\n");
}

void EmitCppExports(Printer& p, const MessageModel& model, const Options& options) {
  Vars v{{"T", QualifiedName(model.message, options)}, {"id", CId(model.message)}, {"full", model.message->full_name()}};
  p.Print(v,
          "#define WL_EXPORT(op) __attribute__((export_name(\"wl:$full$:\" op)))\n"
          "WL_EXPORT(\"decode_js\") uint32_t wl_$id$_decode_js(uint32_t size) { return DecodeToTape<$T$>(size); }\n"
          "WL_EXPORT(\"encode_js\") uint32_t wl_$id$_encode_js() { return EncodeFromTape<$T$>(); }\n"
          "WL_EXPORT(\"new\") $T$* wl_$id$_new() { return NewMessage<$T$>(); }\n"
          "WL_EXPORT(\"delete\") void wl_$id$_delete($T$* m) { DeleteMessage(m); }\n"
          "WL_EXPORT(\"decode\") uint32_t wl_$id$_decode($T$* m, uint32_t size) { return DecodeFromInput(m, size); }\n"
          "WL_EXPORT(\"encode\") uint32_t wl_$id$_encode(const $T$* m) { return EncodeToOutput(*m); }\n"
          "WL_EXPORT(\"to_tape\") uint32_t wl_$id$_to_tape(const $T$* m) { return WriteTape(*m); }\n"
          "WL_EXPORT(\"from_tape\") uint32_t wl_$id$_from_tape($T$* m) { return ReadTape(m); }\n"
          "WL_EXPORT(\"field\") uint32_t wl_$id$_field($T$* m, uint32_t index, uint32_t op) {\n"
          "  return FieldOp_$id$(m, index, op);\n}\n"
          "#undef WL_EXPORT\n\n");
}

void WriteCppGlue(const pb::FileDescriptor* file, const std::vector<MessageModel>& models, const Options& options,
                  pb::compiler::GeneratorContext* context) {
  {
    std::unique_ptr<pb::io::ZeroCopyOutputStream> out(context->Open(JsFileName(file, ".wl.js.h")));
    Printer p(out.get(), '$');
    p.Print("// Generated by protoc-gen-wirelens (js) from $file$. Do not edit.\n#pragma once\n\n"
            "#include \"$header$\"\n#include \"core/jsbind/tape.h\"\n\nnamespace wirelens::jsbind {\n",
            "file", file->name(), "header", HeaderName(file));
    for (const MessageModel& m : models) {
      p.Print("template <> void ToTape<$T$>(const $T$& m, TapeWriter& t);\n"
              "template <> bool FromTape<$T$>($T$* m, TapeReader& t);\n",
              "T", QualifiedName(m.message, options));
    }
    p.Print("}  // namespace wirelens::jsbind\n");
  }
  std::unique_ptr<pb::io::ZeroCopyOutputStream> out(context->Open(JsFileName(file, ".wl.js.cc")));
  Printer p(out.get(), '$');
  p.Print("// Generated by protoc-gen-wirelens (js) from $file$. Do not edit.\n"
          "#include \"$self$\"\n\n#include \"core/jsbind/exports.h\"\n",
          "file", file->name(), "self", JsFileName(file, ".wl.js.h"));
  std::set<const pb::FileDescriptor*> deps;
  for (const MessageModel& m : models) {
    for (const FieldModel& f : m.fields) {
      for (const FD* part : f.shape == Shape::kMap ? MapParts(f.field) : std::vector<const FD*>{f.field}) {
        if (part->message_type() != nullptr && part->message_type()->file() != file) deps.insert(part->message_type()->file());
      }
    }
  }
  for (const pb::FileDescriptor* dep : deps) p.Print("#include \"$h$\"\n", "h", JsFileName(dep, ".wl.js.h"));
  p.Print("\nnamespace wirelens::jsbind {\n\n");
  for (const MessageModel& m : models) {
    EmitCppSetters(p, m, options);
    EmitCppMessage(p, m, options);
  }
  p.Print("}  // namespace wirelens::jsbind\n\nusing namespace wirelens::jsbind;\n\nextern \"C\" {\n\n");
  for (const MessageModel& m : models) EmitCppExports(p, m, options);
  p.Print("}  // extern \"C\"\n");
}

// ---- JS ------------------------------------------------------------------------------------

std::string JsRead(const FD* f) {
  switch (KindOf(f)) {
    case Kind::kBool: return "U32[P++] !== 0";
    case Kind::kI32: case Kind::kEnum: return "I32[P++]";
    case Kind::kU32: return "U32[P++]";
    case Kind::kF32: return "F32[P++]";
    case Kind::kF64: return "rdF64()";
    case Kind::kI64: return "rdI64()";
    case Kind::kU64: return "rdU64()";
    case Kind::kString: return "rdStr()";
    case Kind::kBytes: return "rdBytes()";
    case Kind::kMessage: return "r_" + JsId(f->message_type()) + "()";
  }
  return "";
}

// Statement writing JS value `v`; `label` is the field path segment for errors (or null).
std::string JsWrite(const FD* f, const std::string& v, const std::string& label) {
  switch (KindOf(f)) {
    case Kind::kBool: return "U32[P++] = cBool(" + v + ", " + label + ");";
    case Kind::kI32: case Kind::kEnum: return "I32[P++] = cI32(" + v + ", " + label + ");";
    case Kind::kU32: return "U32[P++] = cU32(" + v + ", " + label + ");";
    case Kind::kF32: return "F32[P++] = cNum(" + v + ", " + label + ");";
    case Kind::kF64: return "wrF64(" + v + ", " + label + ");";
    case Kind::kI64: return "wrI64(" + v + ", " + label + ");";
    case Kind::kU64: return "wrU64(" + v + ", " + label + ");";
    case Kind::kString: return "wrStr(" + v + ", " + label + ");";
    case Kind::kBytes: return "wrBytes(" + v + ", " + label + ");";
    case Kind::kMessage: return "wMsg(w_" + JsId(f->message_type()) + ", " + v + ", d, " + label + ");";
  }
  return "";
}

// Map key from a JS property name (or a Map key) to the value the writer expects.
std::string JsKeyFrom(const FD* key) {
  switch (KindOf(key)) {
    case Kind::kBool: return "keyBool(k)";
    case Kind::kI64: case Kind::kU64: return "keyBig(k)";
    case Kind::kString: return "k";
    default: return "keyNum(k)";
  }
}

std::string JsDefault(const FD* f) {
  switch (KindOf(f)) {
    case Kind::kBool: return "false";
    case Kind::kEnum: return std::to_string(f->enum_type()->value(0)->number());
    case Kind::kI64: return "I64_ZERO";
    case Kind::kU64: return "U64_ZERO";
    case Kind::kString: return "\"\"";
    case Kind::kBytes: return "EMPTY_BYTES";
    case Kind::kMessage: return "null";
    default: return "0";
  }
}

std::string TsType(const FD* f, bool input) {
  switch (KindOf(f)) {
    case Kind::kBool: return "boolean";
    case Kind::kI64: case Kind::kU64: return input ? "Int64Input" : "L";
    case Kind::kString: return "string";
    case Kind::kBytes: return "Uint8Array";
    case Kind::kMessage: return input ? "I" + TsName(f->message_type()) : TsName(f->message_type()) + "<L>";
    default: return "number";
  }
}

bool ExplicitPresence(const FieldModel& f) {
  return !f.implicit_presence && f.shape != Shape::kRepeated && f.shape != Shape::kMap;
}

std::string JsInitial(const FieldModel& f) {
  if (f.shape == Shape::kRepeated) return "[]";
  if (f.shape == Shape::kMap) return "{}";
  return ExplicitPresence(f) ? "null" : JsDefault(f.field);
}

// Name of the function that reads repeated/map field `index` of `m` (emitted by EmitJsListReader).
std::string ListReader(const pb::Descriptor* m, size_t index) { return "rl_" + JsId(m) + "$" + std::to_string(index); }

// Expression reading the whole value of field `index` (its mask bit set) from the tape.
std::string JsValueExpr(const MessageModel& model, size_t index) {
  const FieldModel& f = model.fields[index];
  if (f.shape == Shape::kRepeated || f.shape == Shape::kMap) return ListReader(model.message, index) + "()";
  return JsRead(f.field);
}

// For repeated and map fields: a function returning the array / object read from the tape.
void EmitJsListReader(Printer& p, const MessageModel& model, size_t index) {
  const FieldModel& f = model.fields[index];
  if (f.shape != Shape::kRepeated && f.shape != Shape::kMap) return;
  Vars v{{"fn", ListReader(model.message, index)}};
  if (f.shape == Shape::kRepeated) {
    v["r"] = JsRead(f.field);
    p.Print(v, "function $fn$() {\n  const n = U32[P++], a = new Array(n);\n");
    if (Is64(KindOf(f.field))) p.Print("  if (n) P += P & 1;  // as the C++ side: aligned before the first value\n");
    if (KindOf(f.field) == Kind::kF64) {
      p.Print(v, "  let at = P >> 1;\n  for (let i = 0; i < n; i++) a[i] = F64[at++];\n  if (n) P = at << 1;\n  return a;\n}\n");
    } else {
      p.Print(v, "  for (let i = 0; i < n; i++) a[i] = $r$;\n  return a;\n}\n");
    }
    return;
  }
  const auto parts = MapParts(f.field);
  const Kind key = KindOf(parts[0]);
  v["k"] = key == Kind::kI64   ? "rdKeyI64()"
           : key == Kind::kU64 ? "rdKeyU64()"
           : key == Kind::kBool ? "U32[P++] !== 0 ? \"true\" : \"false\""
                                : JsRead(parts[0]);
  v["v"] = JsRead(parts[1]);
  p.Print(v, "function $fn$() {\n  const n = U32[P++], entries = {};\n  for (let i = 0; i < n; i++) {\n"
             "    const k = $k$;\n    entries[k] = $v$;\n  }\n  return entries;\n}\n");
}

// Writes the present JS value `v` of field `f` (the caller has checked v != null).
void EmitJsFieldWrite(Printer& p, const FieldModel& f, const std::string& js_name) {
  Vars v{{"q", Quote(js_name)}};
  switch (f.shape) {
    case Shape::kRepeated: {
      const Kind k = KindOf(f.field);
      v["w"] = JsWrite(f.field, "v[i]", "null");
      v["per"] = k == Kind::kMessage ? "1" : Is64(k) ? "2" : k == Kind::kString || k == Kind::kBytes ? "2" : "1";
      p.Print(v, "if (!isList(v)) throw inputError($q$, \"an array\", v);\nconst n = v.length;\n");
      p.Print(v, "ensure(n * $per$ + 2);\nU32[P++] = n;\n");
      if (Is64(k)) p.Print("if (n) P += P & 1;\n");
      if (k == Kind::kF64) {  // doubles straight into the Float64Array (BENCHMARKS.md: packedDoubles)
        p.Print(v, "let i = 0;\ntry {\n  let at = P >> 1;\n  for (; i < n; i++) F64[at++] = cNum(v[i], null);\n"
                   "  if (n) P = at << 1;\n} catch (e) { throw atPath(e, $q$, i); }\n");
      } else {
        p.Print(v, "let i = 0;\ntry {\n  for (; i < n; i++) $w$\n} catch (e) { throw atPath(e, $q$, i); }\n");
      }
      break;
    }
    case Shape::kMap: {
      const auto parts = MapParts(f.field);
      v["kw"] = JsWrite(parts[0], JsKeyFrom(parts[0]), "null");
      v["vw"] = JsWrite(parts[1], "e[1]", "null");
      p.Print(v, "const es = mapEntries(v, $q$);\nensure(1);\nU32[P++] = es.length;\n"
                 "let k;\ntry {\n  for (const e of es) {\n    k = e[0];\n    ensure(6);\n    $kw$\n    $vw$\n  }\n"
                 "} catch (e) { throw atPath(e, $q$, k); }\n");
      break;
    }
    default: p.Print("$w$\n", "w", JsWrite(f.field, "v", Quote(js_name))); break;
  }
}

void EmitJsMessage(Printer& p, const MessageModel& model, const Options& options) {
  const std::string id = JsId(model.message);
  const size_t n = model.fields.size();
  const int words = MaskWords(model, options);
  Vars v{{"id", id}, {"full", model.message->full_name()}, {"words", std::to_string(words)}};
  // Reader: mask words, then one object literal with every field (one hidden class per type);
  // the tape holds the fields in declaration order, which is the literal's evaluation order.
  for (size_t i = 0; i < n; ++i) EmitJsListReader(p, model, i);
  p.Print(v, "function r_$id$() {\n");
  p.Indent();
  for (int w = 0; w < words; ++w) p.Print("const m$w$ = U32[P++];\n", "w", std::to_string(w));
  p.Print("const o = {\n");
  auto bit = [](size_t i) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "m%zu & 0x%x", i / 32, 1u << (i % 32));
    return std::string(buf);
  };
  for (size_t i = 0; i < n; ++i) {
    p.Print("  $name$: $bit$ ? $read$ : $init$,\n", "name", JsFieldName(model.fields[i].field->name()), "bit", bit(i),
            "read", JsValueExpr(model, i), "init", JsInitial(model.fields[i]));
  }
  p.Print("};\n");
  if (options.keep_unknown_fields) p.Print("if ($bit$) o.$$unknown = rdBytes();\n", "bit", bit(n));
  p.Print("return o;\n");
  p.Outdent();
  p.Print("}\n");
  // Writer: reserves the mask, writes present fields, fills the mask in.
  p.Print(v, "function w_$id$(o, d) {\n");
  p.Indent();
  p.Print(v, "if (d > DEPTH_LIMIT) throw inputError(null, \"nesting of at most \" + DEPTH_LIMIT + \" messages (a cycle?)\", o);\n"
             "ensure($words$ + 3);\nconst at = P - TAPE;\nP += $words$;\n");
  for (int w = 0; w < words; ++w) p.Print("let m$w$ = 0;\n", "w", std::to_string(w));
  p.Print("let v;\n");
  for (size_t i = 0; i < n; ++i) {
    const FieldModel& f = model.fields[i];
    const std::string name = JsFieldName(f.field->name());
    char set[48];
    std::snprintf(set, sizeof set, "m%zu |= 0x%x;", i / 32, 1u << (i % 32));
    p.Print("v = o.$name$;\nif (v != null) {\n  $set$\n", "name", name, "set", set);
    p.Indent();
    EmitJsFieldWrite(p, f, name);
    if (f.shape != Shape::kScalar && f.shape != Shape::kString) p.Print("ensure(3);\n");
    p.Outdent();
    p.Print("}\n");
    if (f.shape == Shape::kScalar || f.shape == Shape::kString) p.Print("ensure(3);\n");
  }
  if (options.keep_unknown_fields) {
    char set[48];
    std::snprintf(set, sizeof set, "m%zu |= 0x%x;", n / 32, 1u << (n % 32));
    p.Print("v = o.$$unknown;\nif (v != null && v.length > 0) {\n  $set$\n  wrBytes(v, \"$$unknown\");\n}\n", "set", set);
  }
  for (int w = 0; w < words; ++w) p.Print("U32[TAPE + at + $w$] = m$w$;\n", "w", std::to_string(w));
  p.Outdent();
  p.Print("}\n");
  // Resident class: a message in wasm memory; accessors cross once per access.
  p.Print(v, "class R_$id$ extends Resident {\n");
  p.Indent();
  for (size_t i = 0; i < n; ++i) {
    const FieldModel& f = model.fields[i];
    const std::string name = JsFieldName(f.field->name());
    Vars fv{{"name", name}, {"q", Quote(name)}, {"i", std::to_string(i)}, {"Name", CamelCase(f.field->name())}};
    if (f.shape == Shape::kMessage || f.shape == Shape::kGroup) {
      fv["R"] = "R_" + JsId(f.field->message_type());
      fv["w"] = "w_" + JsId(f.field->message_type());
      p.Print(fv, "get $name$() { return fGet(this, $i$) ? new $R$(U32[P], this) : null; }\n"
                  "set $name$(v) { fSetMessage(this, $i$, $w$, v, $q$); }\n"
                  "mutable$Name$() { return new $R$(fMutable(this, $i$), this); }\n");
    } else if (f.shape == Shape::kRepeated && f.is_message) {
      fv["R"] = "R_" + JsId(f.field->message_type());
      p.Print(fv, "get $name$() { fGet(this, $i$); return rdViews($R$, this); }\n"
                  "add$Name$() { return new $R$(fMutable(this, $i$), this); }\n");
      p.Print(fv, "set $name$(v) {\n  if (v == null) return fClear(this, $i$);\n  v = plainList(v);\n"
                  "  fBegin(this);\n  const d = 0;\n");
      p.Indent();
      EmitJsFieldWrite(p, f, name);
      p.Outdent();
      p.Print(fv, "  fSet(this, $i$);\n}\n");
    } else {
      fv["read"] = JsValueExpr(model, i);
      fv["absent"] = ExplicitPresence(f) ? "null" : JsInitial(f);
      p.Print(fv, "get $name$() { return fGet(this, $i$) ? $read$ : $absent$; }\n");
      p.Print(fv, "set $name$(v) {\n  if (v == null) return fClear(this, $i$);\n  fBegin(this);\n  const d = 0;\n");
      p.Indent();
      if (f.shape == Shape::kRepeated || f.shape == Shape::kMap) {
        EmitJsFieldWrite(p, f, name);
      } else {
        p.Print("$w$\n", "w", JsWrite(f.field, "v", Quote(name)));
      }
      p.Print(fv, "fSet(this, $i$);\n");
      p.Outdent();
      p.Print("}\n");
    }
    if (ExplicitPresence(f)) p.Print(fv, "has$Name$() { return fHas(this, $i$); }\n");
  }
  p.Outdent();
  p.Print("}\n");
  v["ts"] = Quote(TsName(model.message));
  p.Print(v, "defineType(\"$full$\", $ts$, r_$id$, w_$id$, R_$id$);\n");
}

void WriteJs(const pb::FileDescriptor* file, const std::vector<MessageModel>& models, const Options& options,
             pb::compiler::GeneratorContext* context) {
  std::unique_ptr<pb::io::ZeroCopyOutputStream> out(context->Open(JsFileName(file, ".wl.part.js")));
  Printer p(out.get(), '$');
  p.Print("// Generated by protoc-gen-wirelens (js) from $file$. Do not edit.\n", "file", file->name());
  for (const MessageModel& m : models) EmitJsMessage(p, m, options);
}

void WriteTs(const pb::FileDescriptor* file, const std::vector<MessageModel>& models,
             pb::compiler::GeneratorContext* context) {
  std::unique_ptr<pb::io::ZeroCopyOutputStream> out(context->Open(JsFileName(file, ".wl.part.d.ts")));
  Printer p(out.get(), '$');
  p.Print("// Generated by protoc-gen-wirelens (js) from $file$. Do not edit.\n", "file", file->name());
  for (const MessageModel& m : models) {
    const std::string name = TsName(m.message);
    Vars v{{"T", name}, {"full", m.message->full_name()}};
    // Input objects: every field optional; null and undefined mean absent.
    p.Print(v, "/** $full$ as accepted by encode(). */\nexport interface I$T$ {\n");
    for (const FieldModel& f : m.fields) {
      std::string type = TsType(f.shape == Shape::kMap ? MapParts(f.field)[1] : f.field, true);
      if (f.shape == Shape::kRepeated) type = "readonly " + type + "[]";
      if (f.shape == Shape::kMap) type = "{ readonly [key: string]: " + type + " } | ReadonlyMap<unknown, " + type + ">";
      p.Print("  $n$?: $t$ | null;\n", "n", JsFieldName(f.field->name()), "t", type);
    }
    p.Print("  $$unknown?: Uint8Array | null;\n}\n");
    // Decoded objects: every field present.
    p.Print(v, "/** $full$ as decode() returns it (L: the int64 type chosen at load). */\nexport interface $T$<L = bigint> {\n");
    for (const FieldModel& f : m.fields) {
      std::string type = TsType(f.shape == Shape::kMap ? MapParts(f.field)[1] : f.field, false);
      if (f.shape == Shape::kRepeated) type += "[]";
      if (f.shape == Shape::kMap) type = "{ [key: string]: " + type + " }";
      if (ExplicitPresence(f)) type += " | null";
      p.Print("  $n$: $t$;\n", "n", JsFieldName(f.field->name()), "t", type);
    }
    p.Print("  $$unknown?: Uint8Array;\n}\n");
    // Resident messages.
    p.Print(v, "/** $full$ living in wasm memory (see README: resident mode). */\n"
               "export interface $T$Resident<L = bigint> extends ResidentMessage<$T$<L>, I$T$> {\n");
    for (const FieldModel& f : m.fields) {
      const std::string n = JsFieldName(f.field->name());
      const std::string camel = CamelCase(f.field->name());
      if (f.shape == Shape::kMessage || f.shape == Shape::kGroup) {
        const std::string t = TsName(f.field->message_type());
        p.Print("  get $n$(): $t$Resident<L> | null;\n  set $n$(value: I$t$ | null);\n  mutable$c$(): $t$Resident<L>;\n",
                "n", n, "t", t, "c", camel);
      } else if (f.shape == Shape::kRepeated && f.is_message) {
        const std::string t = TsName(f.field->message_type());
        p.Print("  get $n$(): $t$Resident<L>[];\n  set $n$(value: readonly I$t$[] | null);\n  add$c$(): $t$Resident<L>;\n",
                "n", n, "t", t, "c", camel);
      } else {
        std::string out_type = TsType(f.shape == Shape::kMap ? MapParts(f.field)[1] : f.field, false);
        std::string in_type = TsType(f.shape == Shape::kMap ? MapParts(f.field)[1] : f.field, true);
        if (f.shape == Shape::kRepeated) { out_type += "[]"; in_type = "readonly " + in_type + "[]"; }
        if (f.shape == Shape::kMap) { out_type = "{ [key: string]: " + out_type + " }"; in_type = "{ readonly [key: string]: " + in_type + " }"; }
        p.Print("  get $n$(): $o$$null$;\n  set $n$(value: $i$ | null);\n", "n", n, "o", out_type, "i", in_type,
                "null", ExplicitPresence(f) ? " | null" : "");
      }
      if (ExplicitPresence(f)) p.Print("  has$c$(): boolean;\n", "c", camel);
    }
    p.Print("}\n");
    p.Print(v, "//+codec $T$: MessageCodec<$T$<L>, I$T$, $T$Resident<L>>;\n");
  }
}

}  // namespace

std::string JsFieldName(const std::string& proto_name) {
  if (proto_name.empty()) return proto_name;
  std::string out(1, proto_name[0]);
  for (size_t i = 1; i < proto_name.size(); ++i) {
    if (proto_name[i] == '_' && i + 1 < proto_name.size() && proto_name[i + 1] >= 'a' && proto_name[i + 1] <= 'z') {
      out += static_cast<char>(proto_name[i + 1] - 'a' + 'A');
      ++i;
    } else {
      out += proto_name[i];
    }
  }
  return out;
}

void GenerateJsBinding(const pb::FileDescriptor* file, const std::vector<const pb::Descriptor*>& messages,
                       const Options& options, pb::compiler::GeneratorContext* context) {
  std::vector<MessageModel> models;
  for (const pb::Descriptor* m : messages) models.push_back(BuildMessageModel(m, options));
  WriteCppGlue(file, models, options, context);
  WriteJs(file, models, options, context);
  WriteTs(file, models, context);
}

}  // namespace wirelens::gen
