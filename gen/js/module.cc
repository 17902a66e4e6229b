// The JS half of the JS binding: per message a tape reader r_*, a tape writer w_*, a resident
// class R_*, a plain-object reader o_* of a resident message in place and, with formats, a JSON
// printer j_* (json_printer.cc) (NAME.wl.part.js, run inside web/codec/runtime.js's scope); the
// TypeScript interfaces are dts.cc's.
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

// Statement writing JS value `v`; `label` is the field path segment for errors (or null).
std::string JsWrite(const FD* f, const std::string& v, const std::string& label) {
  auto vars = KindVars(f);
  vars["v"] = v;
  vars["label"] = label;
  return Fill(InfoOf(f).js_write, vars);
}

std::string JsDefault(const FD* f) {
  if (KindOf(f) == Kind::kEnum) return std::to_string(f->enum_type()->value(0)->number());
  return InfoOf(f).js_default;
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

// The JS mask of bit i inside its 32-bit word ("0x4"); the word itself is i / 32.
std::string JsMaskBit(size_t i) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%x", 1u << (i % 32));
  return buf;
}

// Resident getters read the C++ message in place: the offsets of its members are L_<id>
// (MessageLayout, loaded when the module starts: [size, has-bits, oneof cases, field 0, ...]).
std::string LayoutAt(const pb::Descriptor* m, size_t slot) { return "L_" + JsId(m) + "[" + std::to_string(slot) + "]"; }

// One value of field type `f` stored at byte address `a` (an identifier) of wasm memory.
std::string JsReadAt(const FD* f, const std::string& a) {
  auto vars = KindVars(f);
  vars["a"] = a;
  return Fill(InfoOf(f).js_read_at, vars);
}

// A JS condition, over the resident message at `p` and its member at `a`, that is true when field
// `f` (explicit presence) is present: as the generated C++ class's has_ (PresenceCondition).
std::string JsPresentAt(const MessageModel& model, const FieldModel& f) {
  std::string box;
  if (f.shape == Shape::kMessage || f.shape == Shape::kGroup) box = "U8[a + BOX_PRESENT] !== 0";
  if (f.oneof >= 0) {
    const std::string c = "U32[((p + " + LayoutAt(model.message, 2) + ") >> 2) + " + std::to_string(f.oneof) +
                          "] === " + std::to_string(f.number);
    return box.empty() ? c : c + " && " + box;
  }
  if (!box.empty()) return box;
  return "(U32[((p + " + LayoutAt(model.message, 1) + ") >> 2) + " + std::to_string(f.has_bit / 32) + "] & " +
         JsMaskBit(f.has_bit) + ") !== 0";
}

// Name of the function that reads repeated or map field `index` of `m` in place, plain (emitted by
// EmitInPlaceListReader): from the byte address of its std::vector or std::map.
std::string InPlaceListReader(const pb::Descriptor* m, size_t index) {
  return "ra_" + JsId(m) + "$" + std::to_string(index);
}

// One map key of field type `f` stored at byte address `a`, as a property name.
std::string JsKeyReadAt(const FD* f, const std::string& a) {
  auto vars = KindVars(f);
  vars["a"] = a;
  return Fill(InfoOf(f).js_key_read_at, vars);
}

// One value of field type `f` at byte address `a` as a plain value (a message as o_ reads it).
std::string JsPlainAt(const FD* f, const std::string& a) {
  if (KindOf(f) == Kind::kMessage) return "o_" + JsId(f->message_type()) + "(" + a + ")";
  return JsReadAt(f, a);
}

// The body of a function reading the std::vector at byte address `a` into a new array: `read`
// gives the element at byte address `e`, `stride` bytes apart.
void EmitVectorLoopAt(Printer& p, const std::string& stride, const std::string& read) {
  p.Print(
      "  const b = U32[a >> 2], n = (U32[(a >> 2) + 1] - b) / $stride$, v = new Array(n);\n"
      "  for (let i = 0, e = b; i < n; i++, e += $stride$) v[i] = $read$;\n  return v;\n}\n",
      "stride", stride, "read", read);
}

// For repeated and map fields: a function returning the plain array / object of the member at
// byte address `a` (std::vector elements in order; std::map nodes in key order, walked by treeNext).
void EmitInPlaceListReader(Printer& p, const MessageModel& model, size_t index) {
  const FieldModel& f = model.fields[index];
  Vars v{{"fn", InPlaceListReader(model.message, index)}};
  if (f.shape == Shape::kMap) {
    const auto parts = MapParts(f.field);
    const size_t slot = LayoutMapNodeSlot(model, index);
    v["ko"] = LayoutAt(model.message, slot);
    v["vo"] = LayoutAt(model.message, slot + 1);
    v["k"] = JsKeyReadAt(parts[0], "n + ko");
    v["v"] = JsPlainAt(parts[1], "n + vo");
    p.Print(v,
            "function $fn$(a) {\n  const end = a + 4, ko = $ko$, vo = $vo$, o = {};\n"
            "  for (let n = U32[a >> 2]; n !== end; n = treeNext(n)) o[$k$] = $v$;\n  return o;\n}\n");
    return;
  }
  if (f.shape != Shape::kRepeated) return;
  if (KindOf(f.field) == Kind::kBool) {
    p.Print(v,
            "function $fn$(a) {\n  const b = U32[a >> 2] >> 2, n = U32[(a >> 2) + 1], v = new Array(n);\n"
            "  for (let i = 0; i < n; i++) v[i] = ((U32[b + (i >>> 5)] >>> (i & 31)) & 1) !== 0;\n  return v;\n}\n");
    return;
  }
  p.Print(v, "function $fn$(a) {\n");
  EmitVectorLoopAt(p, Fill(InfoOf(f.field).js_stride, KindVars(f.field)), JsPlainAt(f.field, "e"));
}

// o_<id>(p): the resident message at byte address p as a plain object, like r_<id> reads it from
// a tape (toObject(), and message values of maps).
void EmitInPlaceObjectReader(Printer& p, const MessageModel& model, const Options& options) {
  for (size_t i = 0; i < model.fields.size(); ++i) EmitInPlaceListReader(p, model, i);
  p.Print("function o_$id$(p) {\n", "id", JsId(model.message));
  p.Indent();
  if (!model.fields.empty()) p.Print("let a;\n");
  for (size_t i = 0; i < model.fields.size(); ++i) {
    const FieldModel& f = model.fields[i];
    Vars fv{{"i", std::to_string(i)}, {"at", LayoutAt(model.message, i + 3)}};
    if (f.shape == Shape::kRepeated || f.shape == Shape::kMap) {
      fv["read"] = InPlaceListReader(model.message, i) + "(a)";
    } else if (f.shape == Shape::kMessage || f.shape == Shape::kGroup) {
      fv["read"] = JsPlainAt(f.field, "U32[(a + BOX_POINTER) >> 2]");
    } else {
      fv["read"] = JsReadAt(f.field, "a");
    }
    if (ExplicitPresence(f)) fv["read"] = JsPresentAt(model, f) + " ? " + fv["read"] + " : null";
    p.Print(fv, "a = p + $at$;\nconst f$i$ = $read$;\n");
  }
  p.Print("const o = {\n");
  for (size_t i = 0; i < model.fields.size(); ++i) {
    p.Print("  $name$: f$i$,\n", "name", JsFieldName(model.fields[i].field->name()), "i", std::to_string(i));
  }
  p.Print("};\n");
  if (options.keep_unknown_fields) {
    p.Print("a = p + $at$;\nif (sizeAt(a) !== 0) o.$$unknown = bytesAt(a);\n", "at",
            LayoutAt(model.message, LayoutUnknownSlot(model)));
  }
  p.Print("return o;\n");
  p.Outdent();
  p.Print("}\n");
}

// The property of a resident class holding the view of its singular message field `index` last
// handed out ("$": no field name has one).
std::string CachedViewName(size_t index) { return "$v" + std::to_string(index); }

// The getter (and has$Name$) of field `index`, which reads it in place.
void EmitInPlaceGetter(Printer& p, const MessageModel& model, size_t index, Vars fv) {
  const FieldModel& f = model.fields[index];
  fv["at"] = LayoutAt(model.message, index + 3);
  if ((f.shape == Shape::kRepeated && !f.is_message) || f.shape == Shape::kMap) {
    fv["fn"] = InPlaceListReader(model.message, index);
    p.Print(fv, "get $name$() {\n  return $fn$(this.$$at() + $at$);\n}\n");
    return;
  }
  if (f.shape == Shape::kRepeated) {  // resident views of the elements
    p.Print(fv, "get $name$() {\n  const a = this.$$at() + $at$;\n");
    EmitVectorLoopAt(p, Fill(InfoOf(f.field).js_stride, KindVars(f.field)), JsReadAt(f.field, "e"));
    return;
  }
  const bool is_message = f.shape == Shape::kMessage || f.shape == Shape::kGroup;
  if (!is_message && !ExplicitPresence(f)) {
    fv["read"] = JsReadAt(f.field, "a");
    p.Print(fv, "get $name$() {\n  const a = this.$$at() + $at$;\n  return $read$;\n}\n");
    return;
  }
  fv["present"] = JsPresentAt(model, f);
  if (is_message) {
    // The view is kept and handed out again while the Box holds the same allocation (it keeps it
    // when cleared): a walk over a reused message makes no objects, and m.sub === m.sub.
    fv["R"] = "R_" + JsId(f.field->message_type());
    fv["cache"] = CachedViewName(index);
    p.Print(fv,
            "get $name$() {\n  const p = this.$$at(), a = p + $at$;\n  if (!($present$)) return null;\n"
            "  const q = U32[(a + BOX_POINTER) >> 2], c = this.$cache$;\n"
            "  return c !== null && c.ptr_ === q ? c : (this.$cache$ = new $R$(q, this));\n}\n");
  } else {
    fv["read"] = JsReadAt(f.field, "a");
    p.Print(fv, "get $name$() {\n  const p = this.$$at(), a = p + $at$;\n  return $present$ ? $read$ : null;\n}\n");
  }
  p.Print(fv, "has$Name$() {\n  const p = this.$$at(), a = p + $at$;\n  return $present$;\n}\n");
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

// Writes the present JS value `v` of field `f` (the caller has checked v != null). In a message
// writer, `restart` (for a repeated message field) is the code that ends the root's tape after
// element i and starts the next part's (runtime.js, restartRoot): encode() then hands the tape to
// wasm in parts of about SEGMENT_WORDS words.
void EmitJsFieldWrite(Printer& p, const FieldModel& f, const std::string& js_name, const std::string& restart = "") {
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
  // Resident class: a message in wasm memory; getters read it in place, setters cross once.
  v["count"] = std::to_string(LayoutSize(model));
  p.Print(v, "const L_$id$ = layout(\"$full$\", $count$);\nclass R_$id$ extends Resident {\n");
  p.Indent();
  std::vector<size_t> viewed;  // singular message fields, whose views the instance keeps
  for (size_t i = 0; i < n; ++i) {
    if (model.fields[i].shape == Shape::kMessage || model.fields[i].shape == Shape::kGroup) viewed.push_back(i);
  }
  if (!viewed.empty()) {
    p.Print("constructor(ptr, parent) {\n  super(ptr, parent);\n");
    for (size_t i : viewed) p.Print("  this.$v$ = null;\n", "v", CachedViewName(i));
    p.Print("}\n");
  }
  for (size_t i = 0; i < n; ++i) {
    const FieldModel& f = model.fields[i];
    const std::string name = JsFieldName(f.field->name());
    Vars fv{{"name", name}, {"q", Quote(name)}, {"i", std::to_string(i)}, {"Name", CamelCase(f.field->name())}};
    EmitInPlaceGetter(p, model, i, fv);
    if (f.shape == Shape::kMessage || f.shape == Shape::kGroup) {
      fv["R"] = "R_" + JsId(f.field->message_type());
      fv["w"] = "wm_" + JsId(f.field->message_type());
      p.Print(fv,
              "set $name$(v) { fSetMessage(this, $i$, $w$, v, $q$); }\n"
              "mutable$Name$() { return new $R$(fMutable(this, $i$), this); }\n");
    } else if (f.shape == Shape::kRepeated && f.is_message) {
      fv["R"] = "R_" + JsId(f.field->message_type());
      p.Print(fv, "add$Name$() { return new $R$(fMutable(this, $i$), this); }\n");
      p.Print(fv,
              "set $name$(v) {\n  if (v == null) return fClear(this, $i$);\n  v = plainList(v);\n"
              "  fBegin(this);\n  const d = 0;\n");
      p.Indent();
      EmitJsFieldWrite(p, f, name);
      p.Outdent();
      p.Print(fv, "  fSet(this, $i$);\n}\n");
    } else {
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
  }
  p.Outdent();
  p.Print("}\n");
  EmitInPlaceObjectReader(p, model, options);
  v["ts"] = Quote(TsName(model.message));
  v["j"] = "null";
  if (options.formats && JsonPrintedInJs(model.message)) {
    EmitJsonPrinter(p, model, options);
    v["j"] = "j_" + id;
  }
  p.Print(v, "defineType(\"$full$\", $ts$, r_$id$, w_$id$, R_$id$, o_$id$, $j$);\n");
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

void WriteJsParts(const pb::FileDescriptor* file, const std::vector<MessageModel>& models, const Options& options,
                  pb::compiler::GeneratorContext* context) {
  WriteJs(file, models, options, context);
  WriteDts(file, models, context);
}

}  // namespace wirelens::gen::js
