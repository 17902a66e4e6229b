// fromJson of plain objects in JS: per message a reader p_<id>(d) that reads the JSON object at the
// cursor of web/codec/runtime_json_read.js into the object r_<id> (module.cc) would read from the
// tape the C++ JSON reader makes of it, with no tape and no call into wasm. A member it does not
// know, a field given twice or two members of a oneof make it throw LEAVE (as does any value its
// reader leaves), and fromJson reads the text in wasm, which answers with the value or the error.
#include <string>
#include <vector>

#include "gen/js/common.h"
#include "gen/js/generator.h"

namespace wirelens::gen::js {
namespace {

using pb::io::Printer;
using FD = pb::FieldDescriptor;

// The expression reading one value of field type `f` (a map value, a list element or the field).
std::string ReadOf(const FD* f, bool closed_enum) {
  auto vars = KindVars(f);
  if (f->enum_type() != nullptr) {
    vars["numbers"] = JsonEnumTable(f->enum_type(), 'E');
    vars["names"] = JsonEnumTable(f->enum_type(), 'N');
    vars["closed"] = closed_enum ? "true" : "false";
  }
  return Fill(InfoOf(f).js_json_read, vars);
}

// The next member's name read as a key of map key type `key`, named as the tape reader names it.
std::string KeyOf(const FD* key) {
  const std::string kind = InfoOf(key).js_json_key;
  if (kind == "string") return "jKey()";
  if (kind == "bool") return "jKeyBool(jKey())";
  return "jKeyInt(jKey(), \"" + kind + "\")";
}

// Statements that read field `f`'s value into local `local` (the cursor after the member's ':').
void EmitValue(Printer& p, const FieldModel& f, const std::string& local) {
  switch (f.shape) {
    case Shape::kRepeated:
      p.Print("if (jArray()) do $local$.push($read$); while (jNextElement());\n", "local", local, "read",
              ReadOf(f.field, f.closed_enum));
      return;
    case Shape::kMap: {
      const auto parts = MapParts(f.field);
      p.Print("if (jOpen()) do { const k = $key$; $local$[k] = $read$; } while (jNext());\n", "local", local, "key",
              KeyOf(parts[0]), "read", ReadOf(parts[1], f.value_closed_enum));
      return;
    }
    default: p.Print("$local$ = $read$;\n", "local", local, "read", ReadOf(f.field, f.closed_enum));
  }
}

}  // namespace

void EmitJsonReader(Printer& p, const MessageModel& model) {
  const std::string id = JsId(model.message);
  const size_t n = model.fields.size();
  // The member names (JSON name, then the field's own where it differs) and each field's indices.
  std::vector<std::string> names;
  std::vector<std::vector<size_t>> labels(n);
  for (size_t i = 0; i < n; ++i) {
    for (const std::string* name : {&model.fields[i].field->json_name(), &model.fields[i].field->name()}) {
      if (!labels[i].empty() && *name == names.back()) continue;
      labels[i].push_back(names.size());
      names.push_back(*name);
    }
  }
  p.Print("const K_$id$ = [", "id", id);
  for (const std::string& name : names) p.Print("$q$, ", "q", Quote(name));
  p.Print("];\nfunction p_$id$(d) {\n  if (d >= DEPTH_LIMIT) leave();\n", "id", id);
  p.Indent();
  for (size_t w = 0; w * 32 < n; ++w) p.Print("let s$w$ = 0;\n", "w", std::to_string(w));
  for (size_t o = 0; o < model.oneofs.size(); ++o) p.Print("let o$o$ = false;\n", "o", std::to_string(o));
  for (size_t i = 0; i < n; ++i) {
    p.Print("let f$i$ = $init$;\n", "i", std::to_string(i), "init", JsInitial(model.fields[i]));
  }
  if (n > 0) {
    p.Print("let h = -1;\nif (jOpen()) do {\n");
    p.Indent();
    p.Print("switch ((h = jField(K_$id$, h + 1))) {\n", "id", id);
    for (size_t i = 0; i < n; ++i) {
      const FieldModel& f = model.fields[i];
      const std::string seen = "s" + std::to_string(i / 32), bit = JsMaskBit(i);
      for (size_t k : labels[i]) p.Print("case $k$: // $name$\n", "k", std::to_string(k), "name", names[k]);
      p.Indent();
      p.Print("if ($seen$ & $bit$) leave();\n$seen$ |= $bit$;\nif (jNull()) break;\n", "seen", seen, "bit", bit);
      if (f.oneof >= 0) { p.Print("if (o$o$) leave();\no$o$ = true;\n", "o", std::to_string(f.oneof)); }
      EmitValue(p, f, "f" + std::to_string(i));
      p.Print("break;\n");
      p.Outdent();
    }
    p.Print("default:\n  leave();\n}\n");
    p.Outdent();
    p.Print("} while (jNext());\n");
  } else {
    p.Print("if (jOpen()) leave();\n");
  }
  p.Print("return {");
  for (size_t i = 0; i < n; ++i) {
    p.Print(" $name$: f$i$,", "name", JsFieldName(model.fields[i].field->name()), "i", std::to_string(i));
  }
  p.Print(" };\n");
  p.Outdent();
  p.Print("}\n");
}

}  // namespace wirelens::gen::js
