// The resident class R_* of the JS part (NAME.wl.part.js): a message in wasm memory whose getters
// read the C++ message in place and whose setters cross once; and o_*, the plain object of a
// resident message read in place (toObject(), and message values of maps).
#include <google/protobuf/io/printer.h>

#include <cstdio>

#include "gen/js/common.h"
#include "gen/js/generator.h"

namespace wirelens::gen::js {
namespace {

using pb::io::Printer;
using FD = pb::FieldDescriptor;
using Vars = std::map<std::string, std::string>;

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

}  // namespace

void EmitResidentClass(Printer& p, const MessageModel& model, const Options& options) {
  const size_t n = model.fields.size();
  Vars v{{"id", JsId(model.message)}, {"full", model.message->full_name()}};
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
}

}  // namespace wirelens::gen::js
