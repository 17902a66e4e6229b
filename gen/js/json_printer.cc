// toJson of plain objects in JS: per message a printer j_<id>(o, d, f) that writes the JSON
// core/jsbind/tape_json.cc would print from the tape the object makes, with no tape and no call
// into wasm, and per enum the table N_<id> of its quoted names. Emitted for codecs built with
// formats; a printer throws LEAVE (web/codec/runtime.js) where only the C++ side prints a value.
#include <set>

#include "gen/js/common.h"
#include "gen/js/generator.h"

namespace wirelens::gen::js {
namespace {

using pb::io::Printer;
using FD = pb::FieldDescriptor;
using Vars = std::map<std::string, std::string>;

// Names that are JSON member names as they are (no escape), as every field name is.
bool PlainName(const std::string& name) {
  if (name.empty()) return false;
  for (char c : name) {
    const bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    if (!word) return false;
  }
  return true;
}

bool InWellKnownPackage(const pb::FileDescriptor* file) { return file->package() == "google.protobuf"; }

// Whether the JS printer prints a message's own fields: not a well-known type (their JSON forms
// are the C++ printer's), no extensions or groups (the tape printer leaves those to the wire
// printer), no google.protobuf enum (NullValue prints as null), member names without escapes.
bool OwnFieldsPrintedInJs(const pb::Descriptor* m) {
  if (InWellKnownPackage(m->file()) || m->extension_range_count() > 0) return false;
  for (int i = 0; i < m->field_count(); ++i) {
    const FD* f = m->field(i);
    if (f->type() == FD::TYPE_GROUP || !PlainName(f->json_name())) return false;
    if (f->enum_type() != nullptr && InWellKnownPackage(f->enum_type()->file())) return false;
  }
  return true;
}

// N_<id>: number -> quoted name, for printing; E_<id>: name -> number (every alias), for reading.
void EmitEnumTable(Printer& p, const pb::EnumDescriptor* e) {
  p.Print("const $table$ = {", "table", JsonEnumTable(e, 'N'));
  std::set<int> seen;  // of aliases, the first one declared prints
  for (int i = 0; i < e->value_count(); ++i) {
    const pb::EnumValueDescriptor* v = e->value(i);
    if (!seen.insert(v->number()).second) continue;
    p.Print(" \"$n$\": '\"$name$\"',", "n", std::to_string(v->number()), "name", v->name());
  }
  p.Print(" };\nconst $table$ = new Map([", "table", JsonEnumTable(e, 'E'));
  for (int i = 0; i < e->value_count(); ++i) {
    p.Print("[\"$name$\", $n$], ", "n", std::to_string(e->value(i)->number()), "name", e->value(i)->name());
  }
  p.Print("]);\n");
}

void EmitEnumTables(Printer& p, const pb::Descriptor* m) {
  for (int i = 0; i < m->enum_type_count(); ++i) EmitEnumTable(p, m->enum_type(i));
  for (int i = 0; i < m->nested_type_count(); ++i) EmitEnumTables(p, m->nested_type(i));
}

// The JSON text of value `v` of field type `f` (`closed`: a closed enum's).
std::string JsonOf(const FD* f, const std::string& v, bool closed) {
  auto vars = KindVars(f);
  vars["v"] = v;
  if (f->enum_type() != nullptr) {
    vars["names"] = JsonEnumTable(f->enum_type(), 'N');
    vars["closed"] = closed ? "true" : "false";
  }
  return Fill(InfoOf(f).js_json, vars);
}

// Appends `text` as the member `key` to the JSON `s` being written (which starts with '{').
std::string Member(const std::string& key, const std::string& text) {
  return "s += (s.length > 1 ? \",\" : \"\") + " + key + " + " + text + ";";
}

// A list or map as member `key`: `count` elements, element i's text `element`, in `open` and
// `close`; past JS_JSON_LIMIT characters the printer leaves.
void EmitElements(Printer& p, const std::string& key, const std::string& count, const std::string& element,
                  const char* open, const char* close) {
  p.Print(
      "if ($count$ > 0) {\n  x = \"$open$\";\n  for (let i = 0; i < $count$; i++) {\n"
      "    x += (i > 0 ? \",\" : \"\") + $element$;\n    if (x.length > JS_JSON_LIMIT) leave();\n  }\n  $member$\n}\n",
      "count", count, "open", open, "element", element, "member", Member(key, std::string("x + \"") + close + "\""));
}

void EmitMember(Printer& p, const FieldModel& f, const std::string& key) {
  switch (f.shape) {
    case Shape::kRepeated:
      p.Print("jList(v);\n");
      EmitElements(p, key, "v.length", JsonOf(f.field, "v[i]", f.closed_enum), "[", "]");
      return;
    case Shape::kMap: {
      const auto parts = MapParts(f.field);
      p.Print("const ks = jMapKeys(v, \"$kind$\");\n", "kind", InfoOf(parts[0]).js_json_key);
      const std::string value = JsonOf(parts[1], "v[ks[i][0]]", f.value_closed_enum);
      EmitElements(p, key, "ks.length", "ks[i][1] + \":\" + " + value, "{", "}");
      return;
    }
    default: break;
  }
  const std::string text = JsonOf(f.field, "v", f.closed_enum);
  if (!f.implicit_presence) {
    p.Print("$s$\n", "s", Member(key, text));
    return;
  }
  // Implicit presence: the tape holds zero, which the printer leaves out.
  const std::string zero = InfoOf(f.field).js_json_zero;
  p.Print("x = $text$;\nif ($nonzero$) $s$\n", "text", text, "nonzero", zero.empty() ? "v !== 0" : "x !== " + zero, "s",
          Member(key, "x"));
}

}  // namespace

std::string JsonEnumTable(const pb::EnumDescriptor* e, char which) {
  std::string id = e->full_name();
  for (char& c : id)
    if (c == '.') c = '$';
  return std::string(1, which) + "_" + id;
}

bool JsonPrintedInJs(const pb::Descriptor* root) {
  std::set<const pb::Descriptor*> seen{root};
  std::vector<const pb::Descriptor*> todo{root};
  while (!todo.empty()) {
    const pb::Descriptor* m = todo.back();
    todo.pop_back();
    if (!OwnFieldsPrintedInJs(m)) return false;
    for (int i = 0; i < m->field_count(); ++i) {
      const pb::Descriptor* sub = m->field(i)->message_type();
      if (sub != nullptr && seen.insert(sub).second) todo.push_back(sub);
    }
  }
  return true;
}

void EmitJsonEnumTables(Printer& p, const pb::FileDescriptor* file) {
  for (int i = 0; i < file->enum_type_count(); ++i) EmitEnumTable(p, file->enum_type(i));
  for (int i = 0; i < file->message_type_count(); ++i) EmitEnumTables(p, file->message_type(i));
}

void EmitJsonPrinter(Printer& p, const MessageModel& model, const Options& options) {
  const std::vector<size_t> order = TapeOrder(model);
  bool names_differ = false;
  for (const FieldModel& f : model.fields) names_differ |= f.field->json_name() != f.field->name();
  p.Print("function j_$id$(o, d, f) {\n  if (d > DEPTH_LIMIT) leave();\n", "id", JsId(model.message));
  p.Indent();
  if (names_differ) p.Print("const pn = (f & USE_PROTO_FIELD_NAME) !== 0;\n");
  p.Print(model.fields.empty() ? "let s = \"{\", v;\n" : "let s = \"{\", v, x;\n");
  for (size_t i = 0; i < order.size(); ++i) {
    const FieldModel& f = model.fields[order[i]];
    const std::string json = "'\"" + f.field->json_name() + "\":'";
    const std::string proto = "'\"" + f.field->name() + "\":'";
    // Of several members of a oneof set, the tape carries the last (as the tape writer w_*).
    std::string later;
    for (size_t j = i + 1; f.oneof >= 0 && j < order.size(); ++j) {
      const FieldModel& g = model.fields[order[j]];
      if (g.oneof == f.oneof) later += " && o." + JsFieldName(g.field->name()) + " == null";
    }
    p.Print("v = o.$name$;\nif (v != null$later$) {\n", "name", JsFieldName(f.field->name()), "later", later);
    p.Indent();
    EmitMember(p, f, json == proto ? json : "(pn ? " + proto + " : " + json + ")");
    p.Outdent();
    p.Print("}\n");
  }
  // Unknown fields may hold what JSON prints (a field this schema knows): the tape printer decides.
  if (options.keep_unknown_fields) p.Print("v = o.$$unknown;\nif (v != null && v.length > 0) leave();\n");
  p.Print("return s + \"}\";\n");
  p.Outdent();
  p.Print("}\n");
}

}  // namespace wirelens::gen::js
