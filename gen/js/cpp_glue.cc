// The C++ half of the JS binding: per message, ToTape/FromTape over the generated class's public
// accessors, resident field access, and the extern "C" exports named "wl:<full name>:<op>".
#include <google/protobuf/io/printer.h>
#include <google/protobuf/io/zero_copy_stream.h>

#include <memory>
#include <set>

#include "gen/js/common.h"

namespace wirelens::gen::js {
namespace {

using pb::io::Printer;
using FD = pb::FieldDescriptor;
using Vars = std::map<std::string, std::string>;

// Repeated values whose tape words are the bytes of the C++ vector's elements (4 or 8 bytes,
// little-endian): not bool (std::vector<bool> packs bits) nor anything with a pointer.
bool CopiesWords(const FD* f) { return InfoOf(f).copies_words; }

bool ReadsIntoPointer(const FD* f) { return IsText(f) || KindOf(f) == Kind::kMessage; }

// Minimum tape words of one repeated element / map entry (bounds the count check).
int MinWords(const FD* f) { return Is64(KindOf(f)) || IsText(f) ? 2 : 1; }

std::string Present(const FieldModel& f) {
  switch (f.shape) {
    case Shape::kRepeated:
    case Shape::kMap: return "!m." + f.name + "().empty()";
    default:
      return f.implicit_presence ? "::wirelens::codec::IsNonDefault(m." + f.name + "())" : "m.has_" + f.name + "()";
  }
}

// Appends field `f` of `m` (present) to the tape.
void EmitCppFieldWrite(Printer& p, const FieldModel& f) {
  Vars v{{"name", f.name}};
  switch (f.shape) {
    case Shape::kRepeated:
      if (CopiesWords(f.field)) {
        p.Print(v, "t.CopyWords(m.$name$());\n");
        break;
      }
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
      if (CopiesWords(f.field)) {  // the tape's words are the vector's bytes: one copy
        p.Print(v, "if (!t.ReadWords(m->mutable_$name$())) return false;\n");
        break;
      }
      p.Print(v, "auto* values = m->mutable_$name$();\nvalues->clear();\nuint32_t n;\n");
      p.Print("if (!t.Count(&n, $w$)) return false;\nfor (uint32_t i = 0; i < n; ++i) {\n", "w",
              std::to_string(MinWords(f.field)));
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
      if (parts[1]->message_type() != nullptr) {  // a repeated key replaces the value, as on the wire
        p.Print("$r$", "r", CppRead(parts[1], f.value_type, "&((*entries)[key] = " + f.value_type + "())"));
      } else if (ReadsIntoPointer(parts[1])) {
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

void EmitCppMessage(Printer& p, const MessageModel& model, const Options& options) {
  const int words = MaskWords(model, options);
  Vars v{{"T", QualifiedName(model.message, options)},
         {"words", std::to_string(words)},
         {"id", CId(model.message)},
         {"full", model.message->full_name()}};
  // ToTape
  p.Print(v,
          "template <>\nWL_COLD void ToTape<$T$>(const $T$& m, TapeWriter& t) {\n"
          "  const size_t at = t.Skip($words$);\n  uint32_t mask[$words$] = {};\n");
  // A message without fields (and without kept unknown fields) has nothing to read or write.
  const bool no_fields = model.fields.empty() && !options.keep_unknown_fields;
  if (no_fields) p.Print("  (void)m;\n");
  p.Indent();
  const std::vector<size_t> order = TapeOrder(model);
  for (size_t i = 0; i < order.size(); ++i) {
    const FieldModel& f = model.fields[order[i]];
    p.Print("if ($present$) {\n  $word$ |= $bit$;\n", "present", Present(f), "word", MaskWord(i), "bit", MaskBit(i));
    p.Indent();
    EmitCppFieldWrite(p, f);
    p.Outdent();
    p.Print("}\n");
  }
  if (options.keep_unknown_fields) {
    const size_t i = model.fields.size();
    p.Print("if (!m.unknown_fields().empty()) {\n  $word$ |= $bit$;\n  t.Bytes(m.unknown_fields());\n}\n", "word",
            MaskWord(i), "bit", MaskBit(i));
  }
  p.Print(v, "for (int i = 0; i < $words$; ++i) t.Set(at + i, mask[i]);\n");
  p.Outdent();
  p.Print("}\n\n");
  // FromTape
  const std::vector<uint32_t> oneof_bits = OneofBits(model, words);
  std::string bits;
  for (const uint32_t word : oneof_bits) bits += (bits.empty() ? "" : ", ") + std::to_string(word) + "u";
  v["bits"] = bits;
  v["slots"] = std::to_string(Slots(model, options));
  v["oneofs"] = std::to_string(model.oneofs.size());
  v["oneof_bits"] = bits.empty() ? "nullptr" : "wl_oneofs_" + CId(model.message);
  if (!bits.empty()) p.Print(v, "static const uint32_t wl_oneofs_$id$[] = {$bits$};\n");
  p.Print(v, "static const TapeSlots wl_slots_$id$ = {$words$, $slots$, $oneofs$, $oneof_bits$, SetField_$id$};\n");
  p.Print(
      v,
      "template <>\nbool FromTape<$T$>($T$* m, TapeReader& t) {\n  return FromTapeSlots(m, t, wl_slots_$id$);\n}\n\n");
  // Resident field access.
  p.Print(v, "WL_COLD static uint32_t FieldOp_$id$($T$* mp, uint32_t index, uint32_t op) {\n");
  if (model.fields.empty())
    p.Print("  (void)mp;\n  (void)op;  // a message without fields has no field to operate on\n");
  p.Print("  switch (index) {\n");
  p.Indent();
  p.Indent();
  std::vector<size_t> slot_of(order.size());
  for (size_t slot = 0; slot < order.size(); ++slot) slot_of[order[slot]] = slot;
  for (size_t i = 0; i < model.fields.size(); ++i) {
    const FieldModel& f = model.fields[i];
    Vars fv{{"i", std::to_string(i)}, {"name", f.name}};
    p.Print(fv, "case $i$: {  // $name$\n");
    p.Indent();
    p.Print(fv, "if (op == kClear) {\n  mp->clear_$name$();\n  return 1;\n}\n");
    if (f.shape == Shape::kMessage || f.shape == Shape::kGroup) {
      p.Print(fv,
              "if (op == kMutable) return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(mp->mutable_$name$()));\n");
    } else if (f.shape == Shape::kRepeated && f.is_message) {
      p.Print(fv, "if (op == kMutable) return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(mp->add_$name$()));\n");
    }
    p.Print("if (op == kSet) return SetFromTape(mp, $slot$, SetField_$id$);\nreturn 0;\n", "id", CId(model.message),
            "slot", std::to_string(slot_of[i]));
    p.Outdent();
    p.Print("}\n");
  }
  p.Print("default: return 0;\n");
  p.Outdent();
  p.Print("}\n");
  p.Outdent();
  p.Print("}\n\n");
}

// The setter of every field of a message, by tape slot: reads the slot's value from the tape,
// replacing the field's (FromTape per set bit, FieldOp's kSet for one field).
void EmitCppSetters(Printer& p, const MessageModel& model, const Options& options) {
  const std::vector<size_t> order = TapeOrder(model);
  p.Print("WL_COLD static bool SetField_$id$(void* mp, uint32_t slot, TapeReader& t) {\n", "id", CId(model.message));
  p.Indent();
  if (Slots(model, options) == 0) {
    p.Print("(void)mp;\n(void)slot;\n(void)t;\nreturn false;  // a message without fields has nothing to set\n");
  } else {
    p.Print("$T$* m = static_cast<$T$*>(mp);\nswitch (slot) {\n", "T", QualifiedName(model.message, options));
    p.Indent();
    for (size_t slot = 0; slot < order.size(); ++slot) {
      const FieldModel& f = model.fields[order[slot]];
      p.Print("case $slot$: {  // $name$\n", "slot", std::to_string(slot), "name", f.name);
      p.Indent();
      if (f.shape == Shape::kMessage || f.shape == Shape::kGroup) p.Print("m->clear_$name$();\n", "name", f.name);
      EmitCppFieldRead(p, f);
      p.Print("return true;\n");
      p.Outdent();
      p.Print("}\n");
    }
    if (options.keep_unknown_fields) {
      p.Print("case $slot$: return t.Bytes(m->mutable_unknown_fields());\n", "slot", std::to_string(order.size()));
    }
    p.Print("default: return false;\n");
    p.Outdent();
    p.Print("}\n");
  }
  p.Outdent();
  p.Print("}\n\n");
}

// MessageLayout<T> (core/wire/layout.h): the byte offsets JS reads a resident T at, as one array:
// [count of what follows, sizeof(T), has-bits, oneof cases, a member per field in declaration
// order, the unknown fields, then per map field the key and value offsets in its std::map's
// nodes]; has-bits, oneof cases and unknown fields are 0 when T has none.
void EmitMessageLayout(Printer& p, const MessageModel& model, const Options& options) {
  Vars v{{"T", QualifiedName(model.message, options)}};
  v["has"] = model.has_bit_words > 0 ? "OffsetIn(&m, &m.wl_has_bits_)" : "0";
  v["cases"] = model.oneofs.empty() ? "0" : "OffsetIn(&m, &m.wl_oneof_case_)";
  v["count"] = std::to_string(LayoutSize(model));
  p.Print(v,
          "template <>\nstruct MessageLayout<$T$> {\n  WL_COLD static const uint32_t* Offsets() {\n"
          "    using jsbind::OffsetIn;\n    const $T$& m = $T$::default_instance();\n"
          "    static const uint32_t offsets[] = {\n        $count$, sizeof($T$), $has$, $cases$,\n");
  for (const FieldModel& f : model.fields) p.Print("        OffsetIn(&m, &m.$member$),\n", "member", f.member);
  p.Print("        $unknown$,\n", "unknown", options.keep_unknown_fields ? "OffsetIn(&m, &m.wl_unknown_)" : "0");
  for (const FieldModel& f : model.fields) {
    if (f.shape != Shape::kMap) continue;
    p.Print(
        "        jsbind::MapNodeLayout<decltype(m.$member$)>::KeyOffset(),\n"
        "        jsbind::MapNodeLayout<decltype(m.$member$)>::ValueOffset(),\n",
        "member", f.member);
  }
  p.Print("    };\n");
  if (model.fields.empty() && model.has_bit_words == 0 && model.oneofs.empty()) p.Print("    (void)m;\n");
  p.Print("    return offsets;\n  }\n};\n\n");
}

void EmitCppExports(Printer& p, const MessageModel& model, const Options& options) {
  Vars v{{"T", QualifiedName(model.message, options)},
         {"id", CId(model.message)},
         {"full", model.message->full_name()},
         {"unknown", options.keep_unknown_fields ? "true" : "false"}};
  p.Print(
      v,
      "#define WL_EXPORT(op) WL_EXPORT_NAME(\"wl:$full$:\" op)\n"
      "WL_EXPORT(\"decode_js\") uint32_t wl_$id$_decode_js(uint32_t size) { return DecodeToTape<$T$>(size); }\n"
      "WL_EXPORT(\"encode_js\") uint32_t wl_$id$_encode_js() { return EncodeFromTape<$T$>(); }\n"
      "WL_EXPORT(\"new\") void* wl_$id$_new() { return NewMessage<$T$>(); }\n"
      "WL_EXPORT(\"delete\") void wl_$id$_delete($T$* m) { DeleteMessage(m); }\n"
      "WL_EXPORT(\"decode\") uint32_t wl_$id$_decode($T$* m, uint32_t size) { return DecodeFromInput(m, size); }\n"
      "WL_EXPORT(\"encode\") uint32_t wl_$id$_encode(const $T$* m) { return EncodeToOutput(*m); }\n"
      "WL_EXPORT(\"from_tape\") uint32_t wl_$id$_from_tape($T$* m) { return ReadTape(m); }\n"
      "WL_EXPORT(\"layout\") const uint32_t* wl_$id$_layout() { return ::wirelens::MessageLayout<$T$>::Offsets(); }\n"
      "WL_EXPORT(\"field\") uint32_t wl_$id$_field($T$* m, uint32_t index, uint32_t op) {\n"
      "  return FieldOp_$id$(m, index, op);\n}\n");
  if (options.formats) {
    p.Print(
        v,
        "WL_EXPORT(\"format_out\") uint32_t wl_$id$_format_out(const uint8_t* at, uint32_t size, uint32_t flags) {\n"
        "  return FormatOut<$T$>(at, size, flags);\n}\n"
        "WL_EXPORT(\"format_tape\") uint32_t wl_$id$_format_tape(uint32_t flags) {\n"
        "  return FormatTape<$T$>(flags, $unknown$);\n}\n"
        "WL_EXPORT(\"format_in\") uint32_t wl_$id$_format_in(uint32_t size, uint32_t flags) {\n"
        "  return FormatIn<$T$>(size, flags);\n}\n");
  }
  p.Print("#undef WL_EXPORT\n\n");
}

}  // namespace

void WriteCppGlue(const pb::FileDescriptor* file, const std::vector<MessageModel>& models, const Options& options,
                  pb::compiler::GeneratorContext* context) {
  {
    std::unique_ptr<pb::io::ZeroCopyOutputStream> out(context->Open(JsFileName(file, ".wl.js.h")));
    Printer p(out.get(), '$');
    p.Print(
        "// Generated by protoc-gen-wirelens (js) from $file$. Do not edit.\n#pragma once\n\n"
        "#include \"$header$\"\n#include \"core/jsbind/tape.h\"\n#include \"core/jsbind/tape_encoder.h\"\n"
        "#include \"core/jsbind/wire_to_tape.h\"\n\n"
        "namespace wirelens::jsbind {\n",
        "file", file->name(), "header", HeaderName(file));
    for (const MessageModel& m : models) {
      p.Print(
          "template <> void ToTape<$T$>(const $T$& m, TapeWriter& t);\n"
          "template <> bool FromTape<$T$>($T$* m, TapeReader& t);\n"
          "template <> bool TapeSize<$T$>(TapeReader& t, SizeLog& log, size_t* size);\n"
          "template <> bool TapeWrite<$T$>(TapeReader& t, SizeLog& log, uint8_t*& p);\n"
          "template <> const uint8_t* WireToTape<$T$>(const uint8_t* p, const uint8_t* end, TapeWriter& t, int depth, "
          "uint32_t group);\n",
          "T", QualifiedName(m.message, options));
    }
    p.Print("}  // namespace wirelens::jsbind\n");
  }
  std::unique_ptr<pb::io::ZeroCopyOutputStream> out(context->Open(JsFileName(file, ".wl.js.cc")));
  Printer p(out.get(), '$');
  p.Print(
      "// Generated by protoc-gen-wirelens (js) from $file$. Do not edit.\n"
      "#include \"$self$\"\n\n#include \"core/jsbind/exports.h\"\n$formats$",
      "file", file->name(), "self", JsFileName(file, ".wl.js.h"), "formats",
      options.formats ? "#include \"core/jsbind/format_exports.h\"\n" : "");
  std::set<const pb::FileDescriptor*> deps;
  for (const MessageModel& m : models) {
    for (const FieldModel& f : m.fields) {
      for (const FD* part : f.shape == Shape::kMap ? MapParts(f.field) : std::vector<const FD*>{f.field}) {
        if (part->message_type() != nullptr && part->message_type()->file() != file)
          deps.insert(part->message_type()->file());
      }
    }
  }
  for (const pb::FileDescriptor* dep : deps) p.Print("#include \"$h$\"\n", "h", JsFileName(dep, ".wl.js.h"));
  p.Print("\nnamespace wirelens {\n\n");
  for (const MessageModel& m : models) EmitMessageLayout(p, m, options);
  p.Print("}  // namespace wirelens\n\nnamespace wirelens::jsbind {\n\n");
  for (const MessageModel& m : models) {
    EmitCppSetters(p, m, options);
    EmitCppMessage(p, m, options);
    EmitTapeEncoder(p, m, options);
    EmitWireToTape(p, m, options);
  }
  p.Print("}  // namespace wirelens::jsbind\n\nusing namespace wirelens::jsbind;\n\nextern \"C\" {\n\n");
  for (const MessageModel& m : models) EmitCppExports(p, m, options);
  p.Print("}  // extern \"C\"\n");
  if (options.formats) {
    p.Print(
        "\n// Every file of a codec built with formats is in the type registry of google.protobuf.Any\n"
        "// (core/format/message_format.h), registered when the module loads.\n"
        "static const bool wl_registered = (::wirelens::format::RegisterEmbeddedFile(::$symbol$), true);\n",
        "symbol", EmbeddedFileSymbol(file));
  }
}

}  // namespace wirelens::gen::js
