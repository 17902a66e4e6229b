// The wire -> tape transcoder per message (core/jsbind/wire_to_tape.h): WireToTape reads a
// message's bytes with the Reader and writes what ToTape writes for the message the same bytes
// decode to, giving up (returning false) wherever the two could differ.
#include <string>

#include "gen/js/common.h"

namespace wirelens::gen::js {
namespace {

using pb::io::Printer;
using FD = pb::FieldDescriptor;
using Vars = std::map<std::string, std::string>;

const char* kInt32Codec = "::wirelens::codec::Codec<::wirelens::codec::FieldType::kInt32>";

// Statement appending the string or bytes `view` (a ByteView) of field type `f` to the tape;
// a string that must be UTF-8 and is not gives up.
std::string TextWrite(const FD* f, const std::string& view, const Options& options) {
  const std::string args = "(" + view + ".data, " + view + ".size)";
  if (KindOf(f) == Kind::kBytes) return "t.Bytes" + args + ";";
  return ValidatesUtf8(f, options) ? "if (!t.Text" + args + ") return false;" : "t.Text" + args + ";";
}

// Statements reading one scalar of field `f` (codec `codec`, C++ type `type`) from reader `r`
// into a new local `v`, giving up on a value a closed enum (`is_valid`) does not define.
std::string ScalarRead(const std::string& r, const std::string& type, const std::string& codec,
                       const std::string& is_valid) {
  std::string s = type + " v;\nif (!" + codec + "::Read(" + r + ", &v)) return false;\n";
  if (!is_valid.empty()) s += "if (!" + is_valid + "(static_cast<int32_t>(v))) return false;\n";
  return s;
}

// Statements appending the message reader `r` is at (length-delimited, or a group) as type `Sub`.
std::string SubMessage(const std::string& r, const std::string& sub, bool group) {
  if (group) {
    return "::wirelens::Reader group(nullptr, 0);\nif (!" + r + ".EnterGroup(&group) || !WireToTape<" + sub +
           ">(group, t) || !" + r + ".LeaveGroup(group)) return false;\n";
  }
  return "::wirelens::Reader child(nullptr, 0);\nif (!" + r + ".EnterMessage(&child) || !WireToTape<" + sub +
         ">(child, t)) return false;\n";
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
          "::wirelens::Reader e(nullptr, 0);\nif (!r.EnterMessage(&e)) return false;\n"
          "bool has_key = false, has_value = false;\nwhile (e.NextField()) {\n"
          "  if (e.field_number() == 1 && e.wire_type() == $kwt$) {\n");
  p.Print(message_value ? "    if (has_key || has_value) return false;\n" : "    if (has_key) return false;\n");
  p.Print(v, IsText(parts[0]) ? "    has_key = true;\n    if (!e.ReadLengthDelimited(&k)) return false;\n"
                              : "    has_key = true;\n    if (!$KC$::Read(e, &k)) return false;\n");
  p.Print(v, "  } else if (e.field_number() == 2 && e.wire_type() == $vwt$) {\n    if (has_value) return false;\n");
  p.Print("    has_value = true;\n");
  p.Indent();
  p.Indent();
  if (message_value) {
    p.Print(v, "$key_write$\n");
    p.Print(SubMessage("e", QualifiedName(parts[1]->message_type(), options), false).c_str());
  } else if (IsText(parts[1])) {
    p.Print("if (!e.ReadLengthDelimited(&v)) return false;\n");
  } else {
    p.Print(v, "if (!$VC$::Read(e, &v)) return false;\n");
  }
  p.Outdent();
  p.Outdent();
  p.Print("  } else if (!e.SkipField()) {\n    return false;\n  }\n}\nif (!e.status().ok()) return false;\n");
  if (message_value) {
    v["V"] = QualifiedName(parts[1]->message_type(), options);
    p.Print(v,
            "if (!has_value) {\n  $key_write$\n  ::wirelens::Reader empty(nullptr, 0);\n"
            "  if (!WireToTape<$V$>(empty, t)) return false;\n}\n");
  } else {
    if (f.value_closed_enum) p.Print("if (!$ok$(static_cast<int32_t>(v))) return false;\n", "ok", f.enum_is_valid);
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

// The case of field `f` (tape slot `slot`) in the message's field switch.
void EmitFieldCase(Printer& p, const FieldModel& f, size_t slot, const Options& options) {
  const bool closed = f.closed_enum;
  Vars v{{"number", std::to_string(f.number)},
         {"name", f.name},
         {"slot", std::to_string(slot)},
         {"word", MaskWord(slot)},
         {"bit", MaskBit(slot)},
         {"wt", WireTypeConstant(WireTypeOf(f.field))},
         {"wide", Is64(KindOf(f.field)) ? "true" : "false"},
         {"codec", closed ? kInt32Codec : f.codec},
         {"valid", closed ? ", &" + f.enum_is_valid : ""}};
  const std::string type = closed ? "int32_t" : f.type;
  const std::string sub = f.is_message ? QualifiedName(f.field->message_type(), options) : "";
  p.Print(v, "case $number$: {  // $name$\n");
  p.Indent();
  switch (f.shape) {
    case Shape::kScalar:
      p.Print(v, "if (r.wire_type() != $wt$ || !fields.Single($slot$)) return false;\n");
      p.Print(ScalarRead("r", type, v["codec"], closed ? f.enum_is_valid : "").c_str());
      v["w"] = CppWrite(f.field, "v");
      EmitPresentValue(p, v, f.implicit_presence ? "::wirelens::codec::IsNonDefault(v)" : "");
      break;
    case Shape::kString:
      p.Print(v,
              "if (r.wire_type() != $wt$ || !fields.Single($slot$)) return false;\n::wirelens::ByteView v;\n"
              "if (!r.ReadLengthDelimited(&v)) return false;\n");
      v["w"] = TextWrite(f.field, "v", options);
      EmitPresentValue(p, v, f.implicit_presence ? "v.size != 0" : "");
      break;
    case Shape::kMessage:
    case Shape::kGroup:
      p.Print(v, "if (r.wire_type() != $wt$ || !fields.Single($slot$)) return false;\n");
      p.Print(SubMessage("r", sub, f.shape == Shape::kGroup).c_str());
      p.Print(v, "$word$ |= $bit$;\n");
      break;
    case Shape::kRepeated:
      if (f.packable) {
        p.Print(v, "if (!fields.Run($slot$, $wide$)) return false;\nif (r.wire_type() == $wt$) {\n");
        p.Indent();
        p.Print(ScalarRead("r", type, v["codec"], closed ? f.enum_is_valid : "").c_str());
        v["w"] = CppWrite(f.field, "v");
        p.Print(v, "$w$\nfields.Add(1);\n");
        p.Outdent();
        p.Print(v,
                "} else if (r.wire_type() != ::wirelens::WireType::kLengthDelimited || "
                "!AppendPacked<$codec$>(r, t, fields$valid$)) {\n  return false;\n}\n");
        break;
      }
      p.Print(v, "if (r.wire_type() != $wt$ || !fields.Run($slot$, false)) return false;\n");
      if (f.is_message) {
        p.Print(SubMessage("r", sub, f.is_group).c_str());
      } else {
        p.Print("::wirelens::ByteView v;\nif (!r.ReadLengthDelimited(&v)) return false;\n$w$\n", "w",
                TextWrite(f.field, "v", options));
      }
      p.Print("fields.Add(1);\n");
      break;
    case Shape::kMap:
      p.Print(v, "if (r.wire_type() != $wt$ || !fields.Run($slot$, false)) return false;\n");
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
      "template <>\nbool WireToTape<$T$>(::wirelens::Reader& r, TapeWriter& t) {\n"
      "  const size_t at = t.Skip($words$);\n  uint32_t mask[$words$] = {};\n  TapeFields fields(t, mask);\n"
      "  while (r.NextField()) {\n    switch (r.field_number()) {\n",
      "T", QualifiedName(model.message, options), "words", std::to_string(words));
  p.Indent();
  p.Indent();
  p.Indent();
  const std::vector<size_t> order = TapeOrder(model);
  for (size_t slot = 0; slot < order.size(); ++slot) EmitFieldCase(p, model.fields[order[slot]], slot, options);
  p.Print("default: break;\n");
  p.Outdent();
  p.Print("}\nif (!fields.Unknown(r, $keep$)) return false;\n", "keep", options.keep_unknown_fields ? "true" : "false");
  p.Outdent();
  p.Print("}\nfields.Close();\nif (!r.status().ok()) return false;\n");
  const std::string conflict = OneofConflict(model);
  if (!conflict.empty())
    p.Print("if ($c$) return false;  // the C++ message keeps the last member only\n", "c", conflict);
  if (options.keep_unknown_fields) {
    const size_t i = model.fields.size();
    p.Print(
        "if (fields.unknown_size() != 0) {\n  $word$ |= $bit$;\n  t.Bytes(fields.unknown_begin(), "
        "fields.unknown_size());\n}\n",
        "word", MaskWord(i), "bit", MaskBit(i));
  }
  p.Print("for (int i = 0; i < $words$; ++i) t.Set(at + i, mask[i]);\nreturn true;\n", "words", std::to_string(words));
  p.Outdent();
  p.Print("}\n\n");
}

}  // namespace wirelens::gen::js
