#include "gen/message_generator.h"

#include <google/protobuf/descriptor.pb.h>

#include <algorithm>
#include <string>

namespace wirelens::gen {
namespace {

using pb::io::Printer;
const char* const kCodecNs = "::wirelens::codec::";

std::string Hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08xu", v);
  return buf;
}

// Whether MergeFrom's pointer loop reads `f`: a tag of one or two bytes; a scalar (not a closed
// enum: its unknown values need the Reader's field bytes), string or message (not a group),
// singular or repeated (scalars packed or not).
bool ReadOnPointer(const FieldModel& f) {
  if (f.tag >= 0x4000 || f.closed_enum || f.is_group) return false;
  switch (f.shape) {
    case Shape::kScalar:
    case Shape::kString:
    case Shape::kMessage:
    case Shape::kRepeated: return true;
    default: return false;
  }
}

}  // namespace

MessageGenerator::MessageGenerator(const pb::Descriptor* message, const Options& options)
    : options_(options), model_(BuildMessageModel(message, options)) {}

MessageGenerator::Vars MessageGenerator::FieldVars(const FieldModel& f) const {
  Vars v;
  v["Class"] = model_.class_name;
  v["name"] = f.name;
  v["member"] = f.member;
  v["type"] = f.type;
  v["codec"] = f.codec;
  v["number"] = std::to_string(f.number);
  v["tag"] = std::to_string(f.tag) + "u";
  v["packed_tag"] = std::to_string(f.packed_tag) + "u";
  v["end_tag"] = std::to_string(f.end_tag) + "u";
  v["tag_size"] = std::to_string(f.tag_size);
  v["wire_type"] = WireTypeConstant(f.tag & 7);
  v["default"] = f.default_value.empty() ? f.type + "{}" : f.default_value;
  v["unknown"] = options_.keep_unknown_fields ? "&wl_unknown_" : "nullptr";
  v["is_valid"] = f.enum_is_valid;
  v["ns"] = kCodecNs;
  if (f.has_bit >= 0) {
    v["has_word"] = std::to_string(f.has_bit / 32);
    v["has_mask"] = Hex(1u << (f.has_bit % 32));
  }
  if (f.oneof >= 0) {
    const OneofModel& o = model_.oneofs[f.oneof];
    v["oneof"] = o.name;
    v["oneof_index"] = std::to_string(o.index);
    v["case"] = "wl_oneof_case_[" + std::to_string(o.index) + "]";
  }
  if (f.shape == Shape::kMap) {
    v["map_type"] = "std::map<" + f.key_type + ", " + f.value_type + ">";
    v["key_codec"] = f.key_codec;
    v["value_codec"] = f.value_codec;
  }
  return v;
}

// ---- class declaration ---------------------------------------------------------------------

void MessageGenerator::DeclareClass(Printer& p) const {
  const pb::Descriptor* m = model_.message;
  Vars v{{"Class", model_.class_name}, {"full_name", m->full_name()}};
  p.Print(v, "// $full_name$\nclass $Class$ final : public ::wirelens::Message<$Class$> {\n public:\n");
  p.Indent();
  for (int i = 0; i < m->nested_type_count(); ++i) {
    const pb::Descriptor* nested = m->nested_type(i);
    if (nested->options().map_entry()) continue;
    p.Print("using $short$ = $long$;\n", "short", nested->name(), "long", ClassName(nested));
  }
  for (int i = 0; i < m->enum_type_count(); ++i) {
    p.Print("using $short$ = $long$;\n", "short", m->enum_type(i)->name(), "long", ClassName(m->enum_type(i)));
  }
  for (const OneofModel& o : model_.oneofs) {
    p.Print("enum $Case$ : uint32_t {\n", "Case", o.case_enum);
    for (const FieldModel* f : o.fields) {
      p.Print("  k$Camel$ = $number$,\n", "Camel", CamelCase(f->field->name()), "number", std::to_string(f->number));
    }
    p.Print("  $not_set$ = 0,\n};\n", "not_set", o.not_set);
  }
  p.Print(v, "\nstatic const $Class$& default_instance();\n");
  p.Print(
      "// This message's full name and the schema of its file (core/format/message_format.h reads them).\n"
      "static constexpr const char* wl_full_name = \"$full_name$\";\n"
      "static const ::wirelens::EmbeddedFile& wl_embedded_file() { return ::$embedded$; }\n\n",
      "full_name", m->full_name(), "embedded", EmbeddedFileSymbol(m->file()));
  for (const FieldModel& f : model_.fields) DeclareFieldAccessors(p, f);
  for (const OneofModel& o : model_.oneofs) {
    p.Print(
        "$Case$ $name$_case() const { return static_cast<$Case$>(wl_oneof_case_[$i$]); }\n"
        "void clear_$name$();\n",
        "Case", o.case_enum, "name", o.name, "i", std::to_string(o.index));
  }
  p.Print(
      "\n"
      "// Fields this schema does not define (and closed-enum values it does not know), as read.\n"
      "const std::string& unknown_fields() const { return wl_unknown_; }\n"
      "std::string* mutable_unknown_fields() { return &wl_unknown_; }\n"
      "\n"
      "// Codec interface, used by ::wirelens::Message and by enclosing messages.\n"
      "void Clear();\n"
      "// Encoded size in bytes; caches it and the sizes of sub-messages for EncodeWithCachedSizes().\n"
      "size_t ComputeSize() const;\n"
      "size_t cached_size() const { return wl_cached_size_; }\n"
      "// Precondition: ComputeSize() was called since the last change and p has that many bytes.\n"
      "uint8_t* EncodeWithCachedSizes(uint8_t* p) const;\n"
      "// Reads fields until the reader's end (or its END_GROUP); false on error (see reader.status()).\n"
      "bool MergeFrom(::wirelens::Reader& reader);\n");
  p.Outdent();
  p.Print("\n private:\n");
  p.Indent();
  p.Print("template <typename>\nfriend struct ::wirelens::MessageLayout;  // core/wire/layout.h\n\n");
  if (model_.has_bit_words > 0) {
    p.Print("uint32_t wl_has_bits_[$n$] = {};\n", "n", std::to_string(model_.has_bit_words));
  }
  if (!model_.oneofs.empty()) {
    p.Print("uint32_t wl_oneof_case_[$n$] = {};\n", "n", std::to_string(model_.oneofs.size()));
  }
  p.Print("mutable size_t wl_cached_size_ = 0;\n");
  for (const FieldModel& f : model_.fields) {
    Vars fv = FieldVars(f);
    switch (f.shape) {
      case Shape::kScalar: p.Print(fv, "$type$ $member$ = $default$;\n"); break;
      case Shape::kString:
        p.Print(fv, f.default_value.empty() ? "std::string $member$;\n" : "std::string $member$ = $default$;\n");
        break;
      case Shape::kMessage:
      case Shape::kGroup: p.Print(fv, "::wirelens::Box<$type$> $member$;\n"); break;
      case Shape::kRepeated:
        p.Print(fv, "std::vector<$type$> $member$;\n");
        if (f.packed) p.Print(fv, "mutable size_t wl_packed_size_$member$ = 0;\n");
        break;
      case Shape::kMap: p.Print(fv, "$map_type$ $member$;\n"); break;
    }
  }
  p.Print("std::string wl_unknown_;\n");
  p.Outdent();
  p.Print("};\n\n");
}

void MessageGenerator::DeclareFieldAccessors(Printer& p, const FieldModel& f) const {
  Vars v = FieldVars(f);
  p.Print(v, "// $number$: $name$\n");
  switch (f.shape) {
    case Shape::kScalar: p.Print(v, "$type$ $name$() const;\nvoid set_$name$($type$ value);\n"); break;
    case Shape::kString:
      p.Print(v,
              "const std::string& $name$() const;\nstd::string* mutable_$name$();\n"
              "void set_$name$(std::string value);\n");
      break;
    case Shape::kMessage:
    case Shape::kGroup: p.Print(v, "const $type$& $name$() const;\n$type$* mutable_$name$();\n"); break;
    case Shape::kRepeated:
      p.Print(v,
              "const std::vector<$type$>& $name$() const;\nstd::vector<$type$>* mutable_$name$();\n"
              "int $name$_size() const;\n");
      if (f.is_message || f.field->cpp_type() == pb::FieldDescriptor::CPPTYPE_STRING)
        p.Print(v, "$type$* add_$name$();\n");
      if (!f.is_message) p.Print(v, "void add_$name$($type$ value);\n");
      break;
    case Shape::kMap:
      p.Print(v, "const $map_type$& $name$() const;\n$map_type$* mutable_$name$();\nint $name$_size() const;\n");
      break;
  }
  if (f.shape != Shape::kRepeated && f.shape != Shape::kMap && !f.implicit_presence) {
    p.Print(v, "bool has_$name$() const;\n");
  }
  p.Print(v, "void clear_$name$();\n");
}

// ---- inline accessors (after all classes, so that every message type is complete) ---------

void MessageGenerator::DefineAccessors(Printer& p) const {
  for (const FieldModel& f : model_.fields) DefineFieldAccessors(p, f);
}

void MessageGenerator::DefineFieldAccessors(Printer& p, const FieldModel& f) const {
  Vars v = FieldVars(f);
  const bool in_oneof = f.oneof >= 0;
  // Makes this field the oneof's current member (clearing another one first).
  const std::string select = in_oneof ? "if ($case$ != $number$) { clear_$oneof$(); $case$ = $number$; }\n  " : "";
  const std::string set_has = f.has_bit >= 0 ? "wl_has_bits_[$has_word$] |= $has_mask$;\n  " : "";
  const std::string clear_has = f.has_bit >= 0 ? "\n  wl_has_bits_[$has_word$] &= ~$has_mask$;" : "";
  if (f.shape == Shape::kRepeated || f.shape == Shape::kMap) {
    v["container"] = f.shape == Shape::kMap ? v["map_type"] : "std::vector<" + f.type + ">";
    p.Print(v,
            "inline const $container$& $Class$::$name$() const { return $member$; }\n"
            "inline $container$* $Class$::mutable_$name$() { return &$member$; }\n"
            "inline int $Class$::$name$_size() const { return static_cast<int>($member$.size()); }\n"
            "inline void $Class$::clear_$name$() { $member$.clear(); }\n");
    if (f.shape == Shape::kRepeated && (f.is_message || f.field->cpp_type() == pb::FieldDescriptor::CPPTYPE_STRING)) {
      p.Print(v, "inline $type$* $Class$::add_$name$() { return &$member$.emplace_back(); }\n");
    }
    if (f.shape == Shape::kRepeated && !f.is_message) {
      p.Print(v, "inline void $Class$::add_$name$($type$ value) { $member$.push_back(std::move(value)); }\n");
    }
    return;
  }
  switch (f.shape) {
    case Shape::kScalar:
      p.Print(v, in_oneof
                     ? "inline $type$ $Class$::$name$() const { return $case$ == $number$ ? $member$ : $default$; }\n"
                     : "inline $type$ $Class$::$name$() const { return $member$; }\n");
      p.Print(v, ("inline void $Class$::set_$name$($type$ value) {\n  " + select + set_has + "$member$ = value;\n}\n")
                     .c_str());
      if (!in_oneof)
        p.Print(v, ("inline void $Class$::clear_$name$() {\n  $member$ = $default$;" + clear_has + "\n}\n").c_str());
      break;
    case Shape::kString:
      if (in_oneof) {
        p.Print(v,
                "inline const std::string& $Class$::$name$() const {\n"
                "  static const std::string kDefault = $default$;\n"
                "  return $case$ == $number$ ? $member$ : kDefault;\n}\n");
      } else {
        p.Print(v, "inline const std::string& $Class$::$name$() const { return $member$; }\n");
      }
      p.Print(v, ("inline std::string* $Class$::mutable_$name$() {\n  " + select + set_has + "return &$member$;\n}\n")
                     .c_str());
      p.Print(v, "inline void $Class$::set_$name$(std::string value) { *mutable_$name$() = std::move(value); }\n");
      if (!in_oneof) {
        p.Print(v, (std::string(f.default_value.empty()
                                    ? "inline void $Class$::clear_$name$() {\n  $member$.clear();"
                                    : "inline void $Class$::clear_$name$() {\n  $member$ = $default$;") +
                    clear_has + "\n}\n")
                       .c_str());
      }
      break;
    case Shape::kMessage:
    case Shape::kGroup:
      p.Print(v, in_oneof
                     ? "inline const $type$& $Class$::$name$() const {\n"
                       "  return $case$ == $number$ && $member$ ? *$member$.get() : $type$::default_instance();\n}\n"
                     : "inline const $type$& $Class$::$name$() const {\n"
                       "  return $member$ ? *$member$.get() : $type$::default_instance();\n}\n");
      p.Print(v,
              ("inline $type$* $Class$::mutable_$name$() {\n  " + select + "return $member$.Mutable();\n}\n").c_str());
      if (!in_oneof) {
        p.Print(v,
                "inline bool $Class$::has_$name$() const { return static_cast<bool>($member$); }\n"
                "inline void $Class$::clear_$name$() { $member$.Reset(); }\n");
      }
      break;
    default: break;
  }
  if (in_oneof) {
    p.Print(v,
            "inline bool $Class$::has_$name$() const { return $case$ == $number$; }\n"
            "inline void $Class$::clear_$name$() { if ($case$ == $number$) clear_$oneof$(); }\n");
  } else if (f.has_bit >= 0) {
    p.Print(v, "inline bool $Class$::has_$name$() const { return (wl_has_bits_[$has_word$] & $has_mask$) != 0; }\n");
  }
}

// ---- out-of-line methods -------------------------------------------------------------------

void MessageGenerator::DefineMethods(Printer& p) const {
  Vars v{{"Class", model_.class_name}};
  p.Print(v,
          "// ---- $Class$ ----\n\n"
          "const $Class$& $Class$::default_instance() {\n"
          "  static const $Class$* const instance = new $Class$();  // never destroyed\n"
          "  return *instance;\n"
          "}\n\n");
  for (const OneofModel& o : model_.oneofs) {
    p.Print("void $Class$::clear_$name$() {\n  switch (wl_oneof_case_[$i$]) {\n", "Class", model_.class_name, "name",
            o.name, "i", std::to_string(o.index));
    for (const FieldModel* f : o.fields) {
      p.Print("    case $number$: $clear$ break;\n", "number", std::to_string(f->number), "clear", ClearExpression(*f));
    }
    p.Print("    default: break;\n  }\n  wl_oneof_case_[$i$] = 0;\n}\n\n", "i", std::to_string(o.index));
  }
  DefineClear(p);
  DefineComputeSize(p);
  DefineEncode(p);
  DefineMergeFrom(p);
}

std::string MessageGenerator::ClearExpression(const FieldModel& f) const {
  switch (f.shape) {
    case Shape::kScalar: return f.member + " = " + (f.default_value.empty() ? f.type + "{}" : f.default_value) + ";";
    case Shape::kString:
      return f.default_value.empty() ? f.member + ".clear();" : f.member + " = " + f.default_value + ";";
    case Shape::kMessage:
    case Shape::kGroup: return f.member + ".Reset();";
    case Shape::kRepeated:
    case Shape::kMap: return f.member + ".clear();";
  }
  return "";
}

void MessageGenerator::DefineClear(Printer& p) const {
  p.Print("void $Class$::Clear() {\n", "Class", model_.class_name);
  p.Indent();
  for (const FieldModel& f : model_.fields) p.Print("$clear$\n", "clear", ClearExpression(f));
  if (model_.has_bit_words > 0) p.Print("for (uint32_t& word : wl_has_bits_) word = 0;\n");
  if (!model_.oneofs.empty()) p.Print("for (uint32_t& c : wl_oneof_case_) c = 0;\n");
  p.Print("wl_unknown_.clear();\n");
  p.Outdent();
  p.Print("}\n\n");
}

std::string MessageGenerator::PresenceCondition(const FieldModel& f) const {
  if (f.oneof >= 0) {
    const std::string c = "wl_oneof_case_[" + std::to_string(f.oneof) + "] == " + std::to_string(f.number);
    return f.is_message ? c + " && " + f.member : c;
  }
  if (f.is_message) return "static_cast<bool>(" + f.member + ")";
  if (f.has_bit >= 0) {
    return "(wl_has_bits_[" + std::to_string(f.has_bit / 32) + "] & " + Hex(1u << (f.has_bit % 32)) + ") != 0";
  }
  return std::string(kCodecNs) + "IsNonDefault(" + f.member + ")";
}

void MessageGenerator::DefineComputeSize(Printer& p) const {
  p.Print("size_t $Class$::ComputeSize() const {\n  size_t size = 0;\n", "Class", model_.class_name);
  p.Indent();
  for (const FieldModel* f : model_.by_number) EmitFieldSize(p, *f);
  p.Print("size += wl_unknown_.size();\nwl_cached_size_ = size;\nreturn size;\n");
  p.Outdent();
  p.Print("}\n\n");
}

void MessageGenerator::EmitFieldSize(Printer& p, const FieldModel& f) const {
  Vars v = FieldVars(f);
  v["present"] = PresenceCondition(f);
  switch (f.shape) {
    case Shape::kScalar:
    case Shape::kString: p.Print(v, "if ($present$) size += $tag_size$ + $codec$::Size($member$);\n"); break;
    case Shape::kMessage: p.Print(v, "if ($present$) size += $tag_size$ + $codec$::Size(*$member$.get());\n"); break;
    case Shape::kGroup: p.Print(v, "if ($present$) size += 2 * $tag_size$ + $member$.get()->ComputeSize();\n"); break;
    case Shape::kRepeated:
      if (f.packed) {
        p.Print(v,
                "if (!$member$.empty()) {\n"
                "  wl_packed_size_$member$ = $ns$PackedDataSize<$codec$>($member$);\n"
                "  size += $tag_size$ + ::wirelens::LengthDelimitedSize(wl_packed_size_$member$);\n}\n");
      } else if (f.is_group) {
        p.Print(v, "for (const auto& value : $member$) size += 2 * $tag_size$ + value.ComputeSize();\n");
      } else {
        p.Print(v, "size += $ns$RepeatedSize<$codec$>($tag_size$, $member$);\n");
      }
      break;
    case Shape::kMap: p.Print(v, "size += $ns$MapSize<$key_codec$, $value_codec$>($tag_size$, $member$);\n"); break;
  }
}

void MessageGenerator::DefineEncode(Printer& p) const {
  p.Print("uint8_t* $Class$::EncodeWithCachedSizes(uint8_t* p) const {\n", "Class", model_.class_name);
  p.Indent();
  for (const FieldModel* f : model_.by_number) EmitFieldWrite(p, *f);
  p.Print(
      "if (!wl_unknown_.empty()) {\n"
      "  std::memcpy(p, wl_unknown_.data(), wl_unknown_.size());\n"
      "  p += wl_unknown_.size();\n}\n"
      "return p;\n");
  p.Outdent();
  p.Print("}\n\n");
}

void MessageGenerator::EmitFieldWrite(Printer& p, const FieldModel& f) const {
  Vars v = FieldVars(f);
  v["present"] = PresenceCondition(f);
  switch (f.shape) {
    case Shape::kScalar:
    case Shape::kString:
      p.Print(v, "if ($present$) {\n  p = ::wirelens::WriteVarint(p, $tag$);\n  p = $codec$::Write(p, $member$);\n}\n");
      break;
    case Shape::kMessage:
      p.Print(
          v,
          "if ($present$) {\n  p = ::wirelens::WriteVarint(p, $tag$);\n  p = $codec$::Write(p, *$member$.get());\n}\n");
      break;
    case Shape::kGroup:
      p.Print(v,
              "if ($present$) {\n  p = ::wirelens::WriteVarint(p, $tag$);\n"
              "  p = $member$.get()->EncodeWithCachedSizes(p);\n  p = ::wirelens::WriteVarint(p, $end_tag$);\n}\n");
      break;
    case Shape::kRepeated:
      if (f.packed) {
        p.Print(v,
                "if (!$member$.empty()) p = $ns$WritePacked<$codec$>(p, $packed_tag$, wl_packed_size_$member$, "
                "$member$);\n");
      } else if (f.is_group) {
        p.Print(v,
                "for (const auto& value : $member$) {\n  p = ::wirelens::WriteVarint(p, $tag$);\n"
                "  p = value.EncodeWithCachedSizes(p);\n  p = ::wirelens::WriteVarint(p, $end_tag$);\n}\n");
      } else {
        p.Print(v, "p = $ns$WriteRepeated<$codec$>(p, $tag$, $member$);\n");
      }
      break;
    case Shape::kMap: p.Print(v, "p = $ns$WriteMap<$key_codec$, $value_codec$>(p, $tag$, $member$);\n"); break;
  }
}

void MessageGenerator::DefineMergeFrom(Printer& p) const {
  p.Print("bool $Class$::MergeFrom(::wirelens::Reader& r) {\n", "Class", model_.class_name);
  p.Indent();
  // First a loop on a local pointer (no Reader state in memory per field) over the fields that
  // ReadOnPointer; any other field, and any value that is cut or malformed, goes to the Reader at
  // its tag, which reads it or reports the error.
  if (std::none_of(model_.fields.begin(), model_.fields.end(), ReadOnPointer)) {
    p.Print("while (r.NextField()) {\n");
  } else {
    p.Print(
        "for (;;) {\n"
        "  const uint8_t* p = r.position();\n"
        "  for (const uint8_t* const end = r.limit(); p < end;) {\n"
        "    uint64_t tag;\n"
        "    const uint8_t* const at = ::wirelens::ReadShortVarint(p, end, &tag);\n"
        "    if (at == nullptr) break;\n"
        "    const uint8_t* next = nullptr;\n"
        "    switch (static_cast<uint32_t>(tag)) {\n");
    p.Indent();
    p.Indent();
    p.Indent();
    for (const FieldModel& f : model_.fields) {
      if (ReadOnPointer(f)) EmitFastFieldRead(p, f);
    }
    p.Print("default: break;\n");
    p.Outdent();
    p.Print("}\nif (next == nullptr) break;\np = next;\n");
    p.Outdent();
    p.Print("}\nr.AdvanceTo(p);\nif (!r.NextField()) break;\n");
    p.Outdent();
  }
  p.Indent();
  p.Print("switch (r.field_number()) {\n");
  p.Indent();
  for (const FieldModel& f : model_.fields) EmitFieldRead(p, f);
  p.Print("default: break;\n");
  p.Outdent();
  p.Print("}\n");
  p.Print(
      "// Unknown field: kept as is.\n"
      "if (!::wirelens::codec::SkipToUnknown(r, $unknown$)) return false;\n",
      "unknown", options_.keep_unknown_fields ? "&wl_unknown_" : "nullptr");
  p.Outdent();
  p.Print("}\nreturn r.status().ok();\n");
  p.Outdent();
  p.Print("}\n\n");
}

void MessageGenerator::EmitFastFieldRead(Printer& p, const FieldModel& f) const {
  Vars v = FieldVars(f);
  v["tag"] = std::to_string(f.tag);
  if (f.shape == Shape::kScalar) {
    p.Print(v,
            "case $tag$: {  // $name$\n  $type$ value;\n"
            "  if ((next = $codec$::ReadRaw(at, end, &value)) != nullptr) set_$name$(value);\n  break;\n}\n");
    return;
  }
  if (f.shape == Shape::kRepeated && f.packable) {
    v["packed_tag"] = std::to_string(f.packed_tag);
    p.Print(v,
            "case $packed_tag$:  // $name$, packed\n"
            "  next = $ns$ReadPackedRaw<$codec$>(at, end, &$member$);\n  break;\n"
            "case $tag$: {  // $name$, one value\n  $type$ value;\n"
            "  if ((next = $codec$::ReadRaw(at, end, &value)) != nullptr) $member$.push_back(value);\n  break;\n}\n");
    return;
  }
  // Messages are read on a child of r (an error inside one is recorded in r).
  v["from"] = f.is_message ? "r, at" : "at";
  if (f.shape == Shape::kRepeated) {
    p.Print(v,
            "case $tag$:  // $name$\n"
            "  if ((next = $codec$::ReadRaw($from$, end, &$member$.emplace_back())) == nullptr) $member$.pop_back();\n"
            "  break;\n");
  } else {
    p.Print(v, "case $tag$:  // $name$\n  next = $codec$::ReadRaw($from$, end, mutable_$name$());\n  break;\n");
  }
}

void MessageGenerator::EmitFieldRead(Printer& p, const FieldModel& f) const {
  Vars v = FieldVars(f);
  p.Print(v, "case $number$: {  // $name$\n");
  p.Indent();
  if (f.shape == Shape::kRepeated && f.closed_enum) {
    p.Print(v,
            "bool handled;\n"
            "if (!$ns$ReadClosedEnum<$type$>(r, &$is_valid$, $unknown$, [this]($type$ value) { "
            "$member$.push_back(value); }, &handled)) return false;\n"
            "if (handled) continue;\nif (!$ns$OnWireTypeMismatch(r, $unknown$)) return false;\ncontinue;\n");
  } else if (f.shape == Shape::kRepeated && f.packable) {
    p.Print(v,
            "bool handled;\n"
            "if (!$ns$ReadRepeatedScalar<$codec$>(r, &$member$, &handled)) return false;\n"
            "if (handled) continue;\nif (!$ns$OnWireTypeMismatch(r, $unknown$)) return false;\ncontinue;\n");
  } else {
    p.Print(v,
            "if (r.wire_type() != $wire_type$) {\n"
            "  if (!$ns$OnWireTypeMismatch(r, $unknown$)) return false;\n"
            "  continue;\n"
            "}\n");
    switch (f.shape) {
      case Shape::kScalar:
        if (f.closed_enum) {
          p.Print(v,
                  "int32_t value;\n"
                  "if (!$ns$Codec<$ns$FieldType::kInt32>::Read(r, &value)) return false;\n"
                  "if ($is_valid$(value)) set_$name$(static_cast<$type$>(value));\n"
                  "else $ns$AppendUnknownVarint($unknown$, $number$, value);\n");
        } else {
          p.Print(v, "$type$ value;\nif (!$codec$::Read(r, &value)) return false;\nset_$name$(value);\n");
        }
        break;
      case Shape::kString:
      case Shape::kMessage: p.Print(v, "if (!$codec$::Read(r, mutable_$name$())) return false;\n"); break;
      case Shape::kGroup:
        p.Print(v,
                "::wirelens::Reader group(nullptr, 0);\n"
                "if (!r.EnterGroup(&group)) return false;\n"
                "if (!mutable_$name$()->MergeFrom(group)) return r.PropagateError(group);\n"
                "if (!r.LeaveGroup(group)) return false;\n");
        break;
      case Shape::kRepeated:
        if (f.is_group) {
          p.Print(v,
                  "::wirelens::Reader group(nullptr, 0);\n"
                  "if (!r.EnterGroup(&group)) return false;\n"
                  "if (!$member$.emplace_back().MergeFrom(group)) return r.PropagateError(group);\n"
                  "if (!r.LeaveGroup(group)) return false;\n");
        } else {
          p.Print(v, "if (!$codec$::Read(r, &$member$.emplace_back())) return false;\n");
        }
        break;
      case Shape::kMap:
        if (f.value_closed_enum) {
          p.Print(v,
                  "if (!$ns$ReadMapEntry<$key_codec$, $value_codec$>(r, &$member$, $unknown$, &$is_valid$)) return "
                  "false;\n");
        } else {
          p.Print(v, "if (!$ns$ReadMapEntry<$key_codec$, $value_codec$>(r, &$member$)) return false;\n");
        }
        break;
    }
    p.Print("continue;\n");
  }
  p.Outdent();
  p.Print("}\n");
}

}  // namespace wirelens::gen
