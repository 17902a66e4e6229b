// The JS half of the JS binding (NAME.wl.part.js, run inside web/codec/runtime.js's scope): per
// message a tape reader r_* and a tape writer w_*; the resident class R_* and its in-place reader
// o_* are resident.cc's, the JSON printer j_* json_printer.cc's, the TypeScript interfaces dts.cc's.
#include <google/protobuf/io/printer.h>
#include <google/protobuf/io/zero_copy_stream.h>

#include <algorithm>
#include <memory>

#include "gen/js/common.h"
#include "gen/js/generator.h"

namespace wirelens::gen::js {
namespace {

using pb::io::Printer;
using FD = pb::FieldDescriptor;
using Vars = std::map<std::string, std::string>;

std::string JsRead(const FD* f) { return Fill(InfoOf(f).js_read, KindVars(f)); }

std::string JsDefault(const FD* f) {
  if (KindOf(f) == Kind::kEnum) return std::to_string(f->enum_type()->value(0)->number());
  return InfoOf(f).js_default;
}

// Name of the function that reads repeated/map field `index` of `m` (emitted by EmitJsListReader).
std::string ListReader(const pb::Descriptor* m, size_t index) { return "rl_" + JsId(m) + "$" + std::to_string(index); }

// Expression reading the whole value of field `index` (its mask bit set) from the tape.
std::string JsValueExpr(const MessageModel& model, size_t index) {
  const FieldModel& f = model.fields[index];
  if (f.shape == Shape::kRepeated || f.shape == Shape::kMap) return ListReader(model.message, index) + "()";
  return JsRead(f.field);
}

// A single-word kind's tape access ("I32[P++] = cI32(v[i], null);") on local view `w` and cursor
// `q`, for list loops: V8 reloads module-scope views and cursors per element otherwise (a loop
// over 96,000 uint32 in Node 20: 251 -> 162 us writing, 246 -> 199 us reading). Empty for the
// kinds whose access goes through a helper (64-bit values, texts, messages).
struct LocalAccess {
  std::string view, code;
};
LocalAccess OnLocalCursor(const std::string& code) {
  const size_t at = code.find("[P++]");
  if (at == std::string::npos || at < 3 || code.find('(') < at) return {};
  return {code.substr(at - 3, 3), code.substr(0, at - 3) + "w[q++]" + code.substr(at + 5)};
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
      p.Print(v,
              "  let at = P >> 1;\n  for (let i = 0; i < n; i++) a[i] = F64[at++];\n  if (n) P = at << 1;\n  return "
              "a;\n}\n");
    } else if (const LocalAccess local = OnLocalCursor(v["r"]); !local.code.empty()) {
      v["view"] = local.view;
      v["r"] = local.code;
      p.Print(
          v,
          "  const w = $view$;\n  let q = P;\n  for (let i = 0; i < n; i++) a[i] = $r$;\n  P = q;\n  return a;\n}\n");
    } else {
      p.Print(v, "  for (let i = 0; i < n; i++) a[i] = $r$;\n  return a;\n}\n");
    }
    return;
  }
  const auto parts = MapParts(f.field);
  v["k"] = Fill(InfoOf(parts[0]).js_key_read, KindVars(parts[0]));
  v["v"] = JsRead(parts[1]);
  p.Print(v,
          "function $fn$() {\n  const n = U32[P++], entries = {};\n  for (let i = 0; i < n; i++) {\n"
          "    const k = $k$;\n    entries[k] = $v$;\n  }\n  return entries;\n}\n");
}

void EmitJsMessage(Printer& p, const MessageModel& model, const Options& options) {
  const std::string id = JsId(model.message);
  const size_t n = model.fields.size();
  const int words = MaskWords(model, options);
  Vars v{{"id", id}, {"full", model.message->full_name()}, {"words", std::to_string(words)}};
  // Reader: mask words, then one object literal with every field (one hidden class per type) in
  // declaration order; the tape holds the fields by number (TapeOrder), so where the two orders
  // differ the values are read into locals first.
  const std::vector<size_t> order = TapeOrder(model);
  const bool in_order = std::is_sorted(order.begin(), order.end());
  for (size_t i = 0; i < n; ++i) EmitJsListReader(p, model, i);
  p.Print(v, "function r_$id$() {\n");
  p.Indent();
  for (int w = 0; w < words; ++w) p.Print("const m$w$ = U32[P++];\n", "w", std::to_string(w));
  auto bit = [](size_t i) { return "m" + std::to_string(i / 32) + " & " + JsMaskBit(i); };
  auto set = [](size_t i) { return "m" + std::to_string(i / 32) + " |= " + JsMaskBit(i) + ";"; };
  auto value = [&](size_t tape_index) {
    const size_t i = order[tape_index];
    return bit(tape_index) + " ? " + JsValueExpr(model, i) + " : " + JsInitial(model.fields[i]);
  };
  if (!in_order) {
    for (size_t t = 0; t < n; ++t) p.Print("const f$i$ = $value$;\n", "i", std::to_string(order[t]), "value", value(t));
  }
  p.Print("const o = {\n");
  for (size_t i = 0; i < n; ++i) {  // in order, field i is tape slot i
    p.Print("  $name$: $value$,\n", "name", JsFieldName(model.fields[i].field->name()), "value",
            in_order ? value(i) : "f" + std::to_string(i));
  }
  p.Print("};\n");
  if (options.keep_unknown_fields) p.Print("if ($bit$) o.$$unknown = rdBytes();\n", "bit", bit(n));
  p.Print("return o;\n");
  p.Outdent();
  p.Print("}\n");
  // Writer: reserves the mask, writes present fields, fills the mask in.
  const bool in_parts = std::any_of(model.fields.begin(), model.fields.end(),
                                    [](const FieldModel& f) { return f.shape == Shape::kRepeated && f.is_message; });
  auto restart = [&](size_t tape_index) {
    std::string code;
    for (int w = 0; w < words; ++w)
      code += "U32[TAPE + at + " + std::to_string(w) + "] = m" + std::to_string(w) + ";\n";
    code += "c = restartRoot(" + std::to_string(words) + ");\nat = 0;\n";
    for (int w = 0; w < words; ++w) code += "m" + std::to_string(w) + " = 0;\n";
    return code + set(tape_index) + "\n";
  };
  v["decl"] = in_parts ? "let" : "const";
  p.Print(v, "function w_$id$(o, d) {\n");
  p.Indent();
  p.Print(v,
          "if (d > DEPTH_LIMIT) throw inputError(null, \"nesting of at most \" + DEPTH_LIMIT + \" messages (a "
          "cycle?)\", o);\n"
          "ensure($words$ + 3);\n$decl$ at = P - TAPE;\nP += $words$;\n");
  for (int w = 0; w < words; ++w) p.Print("let m$w$ = 0;\n", "w", std::to_string(w));
  p.Print("let v;\n");
  for (size_t i = 0; i < n; ++i) {
    const FieldModel& f = model.fields[order[i]];
    const std::string name = JsFieldName(f.field->name());
    // Of several members of a oneof set in `o`, the tape carries the last (as C++ setters would
    // leave it); the C++ side refuses a tape with two.
    std::string later;
    for (size_t j = i + 1; f.oneof >= 0 && j < n; ++j) {
      const FieldModel& g = model.fields[order[j]];
      if (g.oneof == f.oneof) later += " && o." + JsFieldName(g.field->name()) + " == null";
    }
    p.Print("v = o.$name$;\nif (v != null$later$) {\n  $set$\n", "name", name, "set", set(i), "later", later);
    p.Indent();
    EmitJsFieldWrite(p, f, name, restart(i));
    if (f.shape != Shape::kScalar && f.shape != Shape::kString) p.Print("ensure(3);\n");
    p.Outdent();
    p.Print("}\n");
    if (f.shape == Shape::kScalar || f.shape == Shape::kString) p.Print("ensure(3);\n");
  }
  if (options.keep_unknown_fields) {
    p.Print("v = o.$$unknown;\nif (v != null && v.length > 0) {\n  $set$\n  wrBytes(v, \"$$unknown\");\n}\n", "set",
            set(n));
  }
  for (int w = 0; w < words; ++w) p.Print("U32[TAPE + at + $w$] = m$w$;\n", "w", std::to_string(w));
  p.Outdent();
  p.Print("}\n");
  // Writer of a sub-message value: one per type, so that every call site of w_ is monomorphic
  // (a shared helper calling w_ through a parameter was a quarter of the strings case's encode).
  p.Print(v,
          "function wm_$id$(v, d, f) {\n  if (v == null || v.constructor !== Object) checkMessageObject(v, f);\n"
          "  try {\n    w_$id$(v, d + 1);\n  } catch (e) {\n    throw atPath(e, f);\n  }\n}\n");
  EmitResidentClass(p, model, options);
  v["ts"] = Quote(TsName(model.message));
  v["j"] = "null";
  v["p"] = "null";
  if (options.formats && JsonPrintedInJs(model.message)) {
    EmitJsonPrinter(p, model, options);
    EmitJsonReader(p, model);
    v["j"] = "j_" + id;
    v["p"] = "p_" + id;
  }
  p.Print(v, "defineType(\"$full$\", $ts$, r_$id$, w_$id$, R_$id$, o_$id$, $j$, $p$);\n");
}

void WriteJs(const pb::FileDescriptor* file, const std::vector<MessageModel>& models, const Options& options,
             pb::compiler::GeneratorContext* context) {
  std::unique_ptr<pb::io::ZeroCopyOutputStream> out(context->Open(JsFileName(file, ".wl.part.js")));
  Printer p(out.get(), '$');
  p.Print("// Generated by protoc-gen-wirelens (js) from $file$. Do not edit.\n", "file", file->name());
  if (options.formats) EmitJsonEnumTables(p, file);
  for (const MessageModel& m : models) EmitJsMessage(p, m, options);
}

}  // namespace

std::string JsInitial(const FieldModel& f) {
  if (f.shape == Shape::kRepeated) return "[]";
  if (f.shape == Shape::kMap) return "{}";
  return ExplicitPresence(f) ? "null" : JsDefault(f.field);
}

std::string JsWrite(const FD* f, const std::string& v, const std::string& label) {
  auto vars = KindVars(f);
  vars["v"] = v;
  vars["label"] = label;
  return Fill(InfoOf(f).js_write, vars);
}

std::string JsMaskBit(size_t i) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%x", 1u << (i % 32));
  return buf;
}

void EmitJsFieldWrite(Printer& p, const FieldModel& f, const std::string& js_name, const std::string& restart) {
  Vars v{{"q", Quote(js_name)}};
  switch (f.shape) {
    case Shape::kRepeated: {
      const Kind k = KindOf(f.field);
      v["w"] = JsWrite(f.field, "v[i]", "null");
      v["per"] = Is64(k) || jsbind::IsText(k) ? "2" : "1";
      p.Print(v, "if (!isList(v)) throw inputError($q$, \"an array\", v);\nconst n = v.length;\n");
      p.Print(v, "ensure(n * $per$ + 2);\nU32[P++] = n;\n");
      if (Is64(k)) p.Print("if (n) P += P & 1;\n");
      if (k == Kind::kF64) {  // doubles straight into the Float64Array (BENCHMARKS.md: packedDoubles)
        p.Print(v,
                "let i = 0;\ntry {\n  let at = P >> 1;\n  for (; i < n; i++) F64[at++] = cNum(v[i], null);\n"
                "  if (n) P = at << 1;\n} catch (e) { throw atPath(e, $q$, i); }\n");
      } else if (const LocalAccess local = OnLocalCursor(v["w"]); !local.code.empty()) {
        v["view"] = local.view;
        v["w"] = local.code;
        p.Print(v,
                "let i = 0;\ntry {\n  const w = $view$;\n  let q = P;\n  for (; i < n; i++) $w$\n  P = q;\n"
                "} catch (e) { throw atPath(e, $q$, i); }\n");
      } else if (f.is_message && !restart.empty()) {
        p.Print(v,
                "let i = 0,\n  c = P - 1 - TAPE,\n  first = 0;\ntry {\n  for (; i < n; i++) {\n    $w$\n"
                "    if (P - TAPE > SEGMENT_WORDS && d === 0 && segmenting !== null && i + 1 < n) {\n"
                "      U32[TAPE + c] = i + 1 - first;\n");
        for (int level = 0; level < 3; ++level) p.Indent();
        p.Print(restart.c_str());
        p.Print("first = i + 1;\n");
        for (int level = 0; level < 3; ++level) p.Outdent();
        p.Print(v, "    }\n  }\n  U32[TAPE + c] = n - first;\n} catch (e) { throw atPath(e, $q$, i); }\n");
      } else {
        p.Print(v, "let i = 0;\ntry {\n  for (; i < n; i++) $w$\n} catch (e) { throw atPath(e, $q$, i); }\n");
      }
      break;
    }
    case Shape::kMap: {
      const auto parts = MapParts(f.field);
      v["kw"] = JsWrite(parts[0], InfoOf(parts[0]).js_key_from, "null");
      v["vw"] = JsWrite(parts[1], "e", "null");
      // Object.keys and a read per key: Object.entries' pair arrays were a third of an encode.
      p.Print(v,
              "const isMap = v instanceof Map, ks = mapKeys(v, $q$), n = ks.length;\nensure(1);\nU32[P++] = n;\n"
              "let k;\ntry {\n  for (let j = 0; j < n; j++) {\n    k = ks[j];\n    const e = isMap ? v.get(k) : v[k];\n"
              "    ensure(6);\n    $kw$\n    $vw$\n  }\n} catch (e) { throw atPath(e, $q$, k); }\n");
      break;
    }
    default: p.Print("$w$\n", "w", JsWrite(f.field, "v", Quote(js_name))); break;
  }
}

void WriteJsParts(const pb::FileDescriptor* file, const std::vector<MessageModel>& models, const Options& options,
                  pb::compiler::GeneratorContext* context) {
  WriteJs(file, models, options, context);
  WriteDts(file, models, context);
}

}  // namespace wirelens::gen::js
