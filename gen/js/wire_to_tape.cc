// The wire -> tape transcoder per message (core/jsbind/wire_to_tape.h): WireToTape reads a
// message's bytes through a pointer, dispatching on whole tags, and writes what ToTape writes for
// the message the same bytes decode to, giving up (returning nullptr) wherever the two could differ.
#include <string>

#include "gen/js/common.h"

namespace wirelens::gen::js {
namespace {

using pb::io::Printer;
using FD = pb::FieldDescriptor;
using Vars = std::map<std::string, std::string>;

const char* kInt32Codec = "::wirelens::codec::Codec<::wirelens::codec::FieldType::kInt32>";

// A field's tag as the wire has it: (number << 3) | wire type.
std::string Tag(const FD* f, uint32_t wire_type) {
  return std::to_string((static_cast<uint32_t>(f->number()) << 3) | wire_type);
}

// Statement appending the string or bytes `view` (a ByteView) of field type `f` to the tape;
// a string that must be UTF-8 and is not gives up.
std::string TextWrite(const FD* f, const std::string& view, const Options& options) {
  const std::string args = "(" + view + ".data, " + view + ".size)";
  if (KindOf(f) == Kind::kBytes) return "t.Bytes" + args + ";";
  return ValidatesUtf8(f, options) ? "if (!t.Text" + args + ") return nullptr;" : "t.Text" + args + ";";
}

// Statements reading one scalar of field `f` (codec `codec`, C++ type `type`) at p into a new local
// `v`, giving up on a value a closed enum (`is_valid`) does not define.
std::string ScalarRead(const std::string& type, const std::string& codec, const std::string& is_valid) {
  std::string s = type + " v;\nif ((p = " + codec + "::ReadRaw(p, end, &v)) == nullptr) return nullptr;\n";
  if (!is_valid.empty()) s += "if (!" + is_valid + "(static_cast<int32_t>(v))) return nullptr;\n";
  return s;
}

// Statements appending the message at p (after its tag) as type `sub`: a length-delimited one, or
// a group of field `number` up to its END_GROUP.
std::string SubMessage(const std::string& sub, bool group, int number) {
  if (group) {
    return "if (depth <= 0 || (p = WireToTape<" + sub + ">(p, end, t, depth - 1, " + std::to_string(number) +
           ")) == nullptr) return nullptr;\n";
  }
  return "::wirelens::ByteView m;\nif ((p = ReadLength(p, end, &m)) == nullptr || depth <= 0 || WireToTape<" + sub +
         ">(m.data, p, t, depth - 1, 0) != p) return nullptr;\n";
}

// One entry of map field `f` onto its run: key and value read first (in either order; a second
// key or value gives up), then written as ToTape writes them; a message value is written where it
// is read, so its key must come first.
void EmitMapEntry(Printer& p, const FieldModel& f, const Options& options) {
  const auto parts = MapParts(f.field);
  const bool message_value = parts[1]->message_type() != nullptr;
  Vars v{{"KC", f.key_codec},
         {"VC", f.value_codec},
         {"KT", f.key_type},
         {"VT", f.value_type},
         {"kwt", WireTypeConstant(WireTypeOf(parts[0]))},
         {"vwt", WireTypeConstant(WireTypeOf(parts[1]))}};
  v["key_write"] = IsText(parts[0]) ? TextWrite(parts[0], "k", options) : CppWrite(parts[0], "k");
  p.Print(v, IsText(parts[0]) ? "::wirelens::ByteView k{};\n" : "$KT$ k{};\n");
  if (!message_value) p.Print(v, IsText(parts[1]) ? "::wirelens::ByteView v{};\n" : "$VT$ v{};\n");
  p.Print(v,
          "::wirelens::ByteView entry;\n"
          "if ((p = ReadLength(p, end, &entry)) == nullptr || depth <= 0) return nullptr;\n"
          "::wirelens::Reader e(entry.data, entry.size, depth - 1);\n"
          "bool has_key = false, has_value = false;\nwhile (e.NextField()) {\n"
          "  if (e.field_number() == 1 && e.wire_type() == $kwt$) {\n");
  p.Print(message_value ? "    if (has_key || has_value) return nullptr;\n" : "    if (has_key) return nullptr;\n");
  p.Print(v, IsText(parts[0]) ? "    has_key = true;\n    if (!e.ReadLengthDelimited(&k)) return nullptr;\n"
                              : "    has_key = true;\n    if (!$KC$::Read(e, &k)) return nullptr;\n");
  p.Print(v, "  } else if (e.field_number() == 2 && e.wire_type() == $vwt$) {\n    if (has_value) return nullptr;\n");
  p.Print("    has_value = true;\n");
  p.Indent();
  p.Indent();
  if (message_value) {
    v["V"] = QualifiedName(parts[1]->message_type(), options);
    p.Print(v, "$key_write$\n");
    p.Print(v,
            "::wirelens::ByteView m;\nif (!e.ReadLengthDelimited(&m) || depth <= 1 || "
            "WireToTape<$V$>(m.data, m.data + m.size, t, depth - 2, 0) != m.data + m.size) return nullptr;\n");
  } else if (IsText(parts[1])) {
    p.Print("if (!e.ReadLengthDelimited(&v)) return nullptr;\n");
  } else {
    p.Print(v, "if (!$VC$::Read(e, &v)) return nullptr;\n");
  }
  p.Outdent();
  p.Outdent();
  p.Print("  } else if (!e.SkipField()) {\n    return nullptr;\n  }\n}\nif (!e.status().ok()) return nullptr;\n");
  if (message_value) {
    p.Print(v,
            "if (!has_value) {\n  $key_write$\n"
            "  if (WireToTape<$V$>(entry.data, entry.data, t, depth - 2, 0) != entry.data) return nullptr;\n}\n");
  } else {
    if (f.value_closed_enum) p.Print("if (!$ok$(static_cast<int32_t>(v))) return nullptr;\n", "ok", f.enum_is_valid);
    p.Print(v, "$key_write$\n");
    p.Print("$w$\n", "w", IsText(parts[1]) ? TextWrite(parts[1], "v", options) : CppWrite(parts[1], "v"));
  }
  p.Print("fields.Add(1);\n");
}

// Sets the field's presence bit and writes its value `$w$`, when `condition` (if any) holds.
void EmitPresentValue(Printer& p, const Vars& v, const std::string& condition) {
  if (condition.empty()) {
    p.Print(v, "$word$ |= $bit$;\n$w$\n");
    return;
  }
  p.Print("if ($c$) {\n", "c", condition);
  p.Print(v, "  $word$ |= $bit$;\n  $w$\n}\n");
}

// The case (two for a packable field: unpacked and packed) of field `f` (tape slot `slot`) in the
// message's switch on the tag.
void EmitFieldCase(Printer& p, const FieldModel& f, size_t slot, const Options& options) {
  const bool closed = f.closed_enum;
  const uint32_t wire_type = WireTypeOf(f.field);
  Vars v{{"tag", Tag(f.field, wire_type)},
         {"name", f.name},
         {"slot", std::to_string(slot)},
         {"word", MaskWord(slot)},
         {"bit", MaskBit(slot)},
         {"wide", Is64(KindOf(f.field)) ? "true" : "false"},
         {"codec", closed ? kInt32Codec : f.codec},
         {"valid", closed ? ", &" + f.enum_is_valid : ""}};
  const std::string type = closed ? "int32_t" : f.type;
  const std::string sub = f.is_message ? QualifiedName(f.field->message_type(), options) : "";
  p.Print(v, "case $tag$: {  // $name$\n");
  p.Indent();
  switch (f.shape) {
    case Shape::kScalar:
      p.Print(v, "if (!fields.Single($slot$)) return nullptr;\n");
      p.Print(ScalarRead(type, v["codec"], closed ? f.enum_is_valid : "").c_str());
      v["w"] = CppWrite(f.field, "v");
      EmitPresentValue(p, v, f.implicit_presence ? "::wirelens::codec::IsNonDefault(v)" : "");
      break;
    case Shape::kString:
      p.Print(v,
              "if (!fields.Single($slot$)) return nullptr;\n::wirelens::ByteView v;\n"
              "if ((p = ReadLength(p, end, &v)) == nullptr) return nullptr;\n");
      v["w"] = TextWrite(f.field, "v", options);
      EmitPresentValue(p, v, f.implicit_presence ? "v.size != 0" : "");
      break;
    case Shape::kMessage:
    case Shape::kGroup:
      p.Print(v, "if (!fields.Single($slot$)) return nullptr;\n");
      p.Print(SubMessage(sub, f.shape == Shape::kGroup, f.number).c_str());
      p.Print(v, "$word$ |= $bit$;\n");
      break;
    case Shape::kRepeated:
      if (f.packable) {
        p.Print(v, "if (!fields.Run($slot$, $wide$)) return nullptr;\n");
        p.Print(ScalarRead(type, v["codec"], closed ? f.enum_is_valid : "").c_str());
        v["w"] = CppWrite(f.field, "v");
        p.Print(v, "$w$\nfields.Add(1);\ncontinue;\n");
        p.Outdent();
        v["packed_tag"] = Tag(f.field, 2);
        p.Print(v,
                "}\ncase $packed_tag$: {  // $name$, packed\n"
                "  ::wirelens::ByteView run;\n"
                "  if (!fields.Run($slot$, $wide$) || (p = ReadLength(p, end, &run)) == nullptr ||\n"
                "      !AppendPacked<$codec$>(run, t, fields$valid$)) {\n    return nullptr;\n  }\n");
        p.Indent();
        break;
      }
      p.Print(v, "if (!fields.Run($slot$, false)) return nullptr;\n");
      if (f.is_message) {
        p.Print(SubMessage(sub, f.is_group, f.number).c_str());
      } else {
        p.Print("::wirelens::ByteView v;\nif ((p = ReadLength(p, end, &v)) == nullptr) return nullptr;\n$w$\n", "w",
                TextWrite(f.field, "v", options));
      }
      p.Print("fields.Add(1);\n");
      break;
    case Shape::kMap:
      p.Print(v, "if (!fields.Run($slot$, false)) return nullptr;\n");
      EmitMapEntry(p, f, options);
      break;
  }
  p.Print("continue;\n");
  p.Outdent();
  p.Print("}\n");
}

}  // namespace

void EmitWireToTape(Printer& p, const MessageModel& model, const Options& options) {
  const int words = MaskWords(model, options);
  p.Print(
      "template <>\nconst uint8_t* WireToTape<$T$>(const uint8_t* p, const uint8_t* end, TapeWriter& t, int depth, "
      "uint32_t group) {\n"
      "  const size_t at = t.Skip($words$);\n  uint32_t mask[$words$] = {};\n  TapeFields fields(t, mask);\n"
      "  for (;;) {\n"
      "    if (p == end) {\n      if (group != 0) return nullptr;  // a group without its END_GROUP\n      break;\n"
      "    }\n"
      "    const uint8_t* const field = p;\n    uint32_t tag;\n"
      "    if ((p = ReadTag(p, end, &tag)) == nullptr) return nullptr;\n    switch (tag) {\n",
      "T", QualifiedName(model.message, options), "words", std::to_string(words));
  p.Indent();
  p.Indent();
  p.Indent();
  const std::vector<size_t> order = TapeOrder(model);
  for (size_t slot = 0; slot < order.size(); ++slot) EmitFieldCase(p, model.fields[order[slot]], slot, options);
  p.Print("default: break;\n");
  p.Outdent();
  p.Print("}\nif (group != 0 && tag == (group << 3 | 4)) break;\n");
  // A known field with another wire type (the C++ path decides what it is), field number 0 or an
  // END_GROUP that closes nothing: given up.
  p.Print("switch (tag >> 3) {\n  case 0:\n");
  for (const FieldModel& f : model.fields) p.Print("  case $n$:\n", "n", std::to_string(f.number));
  p.Print("    return nullptr;\n  default: break;\n}\n");
  p.Print(
      "if ((p = SkipUnknown(field, p, end, tag, depth)) == nullptr || !fields.Unknown(field, p, $keep$)) return "
      "nullptr;\n",
      "keep", options.keep_unknown_fields ? "true" : "false");
  p.Outdent();
  p.Print("}\nfields.Close();\n");
  const std::string conflict = OneofConflict(model);
  if (!conflict.empty())
    p.Print("if ($c$) return nullptr;  // the C++ message keeps the last member only\n", "c", conflict);
  if (options.keep_unknown_fields) {
    const size_t i = model.fields.size();
    p.Print(
        "if (fields.unknown_size() != 0) {\n  $word$ |= $bit$;\n  t.Bytes(fields.unknown_begin(), "
        "fields.unknown_size());\n}\n",
        "word", MaskWord(i), "bit", MaskBit(i));
  }
  p.Print("for (int i = 0; i < $words$; ++i) t.Set(at + i, mask[i]);\nreturn p;\n", "words", std::to_string(words));
  p.Outdent();
  p.Print("}\n\n");
}

}  // namespace wirelens::gen::js
