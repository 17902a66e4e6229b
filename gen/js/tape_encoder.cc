// The tape -> bytes encoder per message (core/jsbind/tape_encoder.h): TapeSize and TapeWrite,
// reading the tape in TapeOrder and writing what the generated C++ class's Encode writes for the
// same values (the same presence rules, tags, packing and codecs).
#include <string>

#include "gen/js/common.h"

namespace wirelens::gen::js {
namespace {

using pb::io::Printer;
using FD = pb::FieldDescriptor;
using Vars = std::map<std::string, std::string>;

// Bytes of one value of a fixed-width wire type (whose tape words are its wire bytes), else 0.
int FixedWidth(const FD* f) {
  const uint32_t wire_type = WireTypeOf(f);
  return wire_type == 1 ? 8 : wire_type == 5 ? 4 : 0;
}

// Element i of a Span of repeated varint-typed values `w`, as C++ type `type`.
std::string SpanElement(const FD* f, const std::string& type) { return Fill(InfoOf(f).cpp_span_at, KindVars(f, type)); }

int SpanWords(const FD* f) { return Is64(KindOf(f)) ? 2 : 1; }

// The fields' variables shared by both passes.
Vars FieldVars(const FieldModel& f, const Options& options) {
  Vars v{{"tag", std::to_string(f.tag)},
         {"packed_tag", std::to_string(f.packed_tag)},
         {"end_tag", std::to_string(f.end_tag)},
         {"ts", std::to_string(f.tag_size)},
         {"C", f.codec},
         {"type", f.type},
         {"width", std::to_string(FixedWidth(f.field))},
         {"words", std::to_string(SpanWords(f.field))},
         {"el", SpanElement(f.field, f.type)}};
  if (f.field->message_type() != nullptr && f.shape != Shape::kMap) {
    v["Sub"] = QualifiedName(f.field->message_type(), options);
  }
  return v;
}

// ---- size pass: adds field `f`'s encoded size to `size` ------------------------------------

void EmitSizeMap(Printer& p, const FieldModel& f, const Options& options) {
  const auto parts = MapParts(f.field);
  Vars v = FieldVars(f, options);
  v["KC"] = f.key_codec;
  v["VC"] = f.value_codec;
  v["min"] = std::to_string(IsText(parts[0]) || Is64(KindOf(parts[0])) ? 3 : 2);
  p.Print(v,
          "uint32_t n;\nif (!t.Count(&n, $min$)) return false;\nconst size_t header = log.Reserve();\n"
          "const size_t first = log.MapEntriesBegin();\nfor (uint32_t i = 0; i < n; ++i) {\n"
          "  MapEntrySpan e{};\n  e.tape_pos = static_cast<uint32_t>(t.pos());\n  size_t key_size, value_size;\n");
  p.Indent();
  if (IsText(parts[0])) {
    p.Print(
        "const uint8_t* key;\nif (!t.View(&key, &e.key_length)) return false;\n"
        "e.key = static_cast<uint64_t>(key - GlobalState().bytes);\nkey_size = LengthDelimitedSize(e.key_length);\n");
  } else {
    const Kind k = KindOf(parts[0]);
    const bool is_signed = k == Kind::kI32 || k == Kind::kI64;
    v["order"] =
        is_signed ? "static_cast<uint64_t>(static_cast<int64_t>(v)) ^ (uint64_t{1} << 63)" : "static_cast<uint64_t>(v)";
    v["r"] = CppRead(parts[0], f.key_type, "");
    p.Print(v, "{\n  $r$  e.key = $order$;\n  key_size = $KC$::Size(v);\n}\n");
  }
  if (parts[1]->message_type() != nullptr) {
    v["V"] = QualifiedName(parts[1]->message_type(), options);
    p.Print(v,
            "e.log_slot = static_cast<uint32_t>(log.size());\nsize_t sub;\n"
            "if (!t.Enter() || !TapeSize<$V$>(t, log, &sub)) return false;\nt.Leave();\n"
            "value_size = LengthDelimitedSize(sub);\n");
  } else if (IsText(parts[1])) {
    p.Print(
        "const uint8_t* data;\nuint32_t length;\nif (!t.View(&data, &length)) return false;\n"
        "value_size = LengthDelimitedSize(length);\n");
  } else {
    v["r"] = CppRead(parts[1], f.value_type, "");
    p.Print(v, "{\n  $r$  value_size = $VC$::Size(v);\n}\n");
  }
  p.Print("e.size = static_cast<uint32_t>(2 + key_size + value_size);\nlog.AddMapEntry(e);\n");
  p.Outdent();
  v["strings"] = IsText(parts[0]) ? "true" : "false";
  p.Print(v, "}\nsize += FinishMap(log, header, first, $strings$, t.pos(), $ts$);\n");
}

void EmitSizeRepeated(Printer& p, const FieldModel& f, const Options& options) {
  Vars v = FieldVars(f, options);
  if (f.is_message) {
    p.Print(v,
            "uint32_t n;\nif (!t.Count(&n, 1)) return false;\nfor (uint32_t i = 0; i < n; ++i) {\n  size_t sub;\n"
            "  if (!t.Enter() || !TapeSize<$Sub$>(t, log, &sub)) return false;\n  t.Leave();\n");
    p.Print(v, f.is_group ? "  size += 2 * $ts$ + sub;\n}\n" : "  size += $ts$ + LengthDelimitedSize(sub);\n}\n");
  } else if (IsText(f.field)) {
    p.Print(v,
            "uint32_t n;\nif (!t.Count(&n, 2)) return false;\nfor (uint32_t i = 0; i < n; ++i) {\n"
            "  const uint8_t* data;\n  uint32_t length;\n  if (!t.View(&data, &length)) return false;\n"
            "  size += $ts$ + LengthDelimitedSize(length);\n}\n");
  } else if (FixedWidth(f.field) != 0) {
    p.Print(v, "uint32_t n;\nconst uint32_t* w;\nif (!t.Span<$words$>(&n, &w)) return false;\n");
    p.Print(v, f.packed ? "if (n != 0) size += $ts$ + LengthDelimitedSize(size_t{n} * $width$);\n"
                        : "size += size_t{n} * ($ts$ + $width$);\n");
  } else {
    p.Print(v, "uint32_t n;\nconst uint32_t* w;\nif (!t.Span<$words$>(&n, &w)) return false;\n");
    if (f.packed) {
      p.Print(v,
              "if (n != 0) {\n  size_t data = 0;\n  for (uint32_t i = 0; i < n; ++i) data += $C$::Size($el$);\n"
              "  log.Push(static_cast<uint32_t>(data));\n  size += $ts$ + LengthDelimitedSize(data);\n}\n");
    } else {
      p.Print(v, "for (uint32_t i = 0; i < n; ++i) size += $ts$ + $C$::Size($el$);\n");
    }
  }
}

void EmitSizeField(Printer& p, const FieldModel& f, const Options& options) {
  Vars v = FieldVars(f, options);
  switch (f.shape) {
    case Shape::kScalar:
      v["r"] = CppRead(f.field, f.type, "");
      p.Print(v, f.implicit_presence ? "$r$if (::wirelens::codec::IsNonDefault(v)) size += $ts$ + $C$::Size(v);\n"
                                     : "$r$size += $ts$ + $C$::Size(v);\n");
      break;
    case Shape::kString:
      p.Print("const uint8_t* data;\nuint32_t length;\nif (!t.View(&data, &length)) return false;\n");
      p.Print(v, f.implicit_presence ? "if (length != 0) size += $ts$ + LengthDelimitedSize(length);\n"
                                     : "size += $ts$ + LengthDelimitedSize(length);\n");
      break;
    case Shape::kMessage:
    case Shape::kGroup:
      p.Print(v, "size_t sub;\nif (!t.Enter() || !TapeSize<$Sub$>(t, log, &sub)) return false;\nt.Leave();\n");
      p.Print(v, f.shape == Shape::kGroup ? "size += 2 * $ts$ + sub;\n" : "size += $ts$ + LengthDelimitedSize(sub);\n");
      break;
    case Shape::kRepeated: EmitSizeRepeated(p, f, options); break;
    case Shape::kMap: EmitSizeMap(p, f, options); break;
  }
}

// ---- write pass: writes field `f` at `p` -----------------------------------------------------

void EmitWriteMap(Printer& p, const FieldModel& f, const Options& options) {
  const auto parts = MapParts(f.field);
  Vars v = FieldVars(f, options);
  v["KC"] = f.key_codec;
  v["VC"] = f.value_codec;
  p.Print(v,
          "const size_t list_at = log.Next();  // the entries in key order; the tape is left at list[1]\n"
          "const uint32_t* list = log.At(list_at);\nfor (uint32_t k = 0; k < list[0]; ++k) {\n"
          "  const uint32_t* e = list + 2 + 3 * k;\n  t.Seek(e[0]);\n"
          "  p = WriteVarint(p, $tag$);\n  p = WriteVarint(p, e[2]);\n"
          "  p = WriteVarint(p, ::wirelens::MakeTag(1, $KC$::kWireType));\n");
  p.Indent();
  if (IsText(parts[0])) {
    p.Print(
        "const uint8_t* key;\nuint32_t key_length;\nif (!t.View(&key, &key_length)) return false;\n"
        "p = WriteLengthDelimited(p, key, key_length);\n");
  } else {
    v["r"] = CppRead(parts[0], f.key_type, "");
    p.Print(v, "{\n  $r$  p = $KC$::Write(p, v);\n}\n");
  }
  p.Print(v, "p = WriteVarint(p, ::wirelens::MakeTag(2, $VC$::kWireType));\n");
  if (parts[1]->message_type() != nullptr) {
    v["V"] = QualifiedName(parts[1]->message_type(), options);
    p.Print(v, "log.JumpTo(e[1]);\np = WriteVarint(p, log.Peek());\nif (!TapeWrite<$V$>(t, log, p)) return false;\n");
  } else if (IsText(parts[1])) {
    p.Print(
        "const uint8_t* data;\nuint32_t length;\nif (!t.View(&data, &length)) return false;\n"
        "p = WriteLengthDelimited(p, data, length);\n");
  } else {
    v["r"] = CppRead(parts[1], f.value_type, "");
    p.Print(v, "{\n  $r$  p = $VC$::Write(p, v);\n}\n");
  }
  p.Outdent();
  p.Print("}\nt.Seek(list[1]);\nlog.JumpTo(list_at + 2 + 3 * size_t{list[0]});\n");
}

void EmitWriteRepeated(Printer& p, const FieldModel& f, const Options& options) {
  Vars v = FieldVars(f, options);
  if (f.is_message) {
    p.Print(v, "uint32_t n;\nif (!t.U32(&n)) return false;\nfor (uint32_t i = 0; i < n; ++i) {\n");
    p.Print(v, f.is_group ? "  p = WriteVarint(p, $tag$);\n  if (!TapeWrite<$Sub$>(t, log, p)) return false;\n"
                            "  p = WriteVarint(p, $end_tag$);\n}\n"
                          : "  p = WriteVarint(p, $tag$);\n  p = WriteVarint(p, log.Peek());\n"
                            "  if (!TapeWrite<$Sub$>(t, log, p)) return false;\n}\n");
  } else if (IsText(f.field)) {
    p.Print(v,
            "uint32_t n;\nif (!t.U32(&n)) return false;\nfor (uint32_t i = 0; i < n; ++i) {\n"
            "  const uint8_t* data;\n  uint32_t length;\n  if (!t.View(&data, &length)) return false;\n"
            "  p = WriteVarint(p, $tag$);\n  p = WriteLengthDelimited(p, data, length);\n}\n");
  } else if (FixedWidth(f.field) != 0) {
    p.Print(v, "uint32_t n;\nconst uint32_t* w;\nif (!t.Span<$words$>(&n, &w)) return false;\n");
    if (f.packed) {
      p.Print(v,
              "if (n != 0) {\n  p = WriteVarint(p, $packed_tag$);\n  p = WriteVarint(p, size_t{n} * $width$);\n"
              "  p = WriteRaw(p, w, size_t{n} * $width$);\n}\n");
    } else {
      p.Print(v,
              "for (uint32_t i = 0; i < n; ++i) {\n  p = WriteVarint(p, $tag$);\n"
              "  p = WriteRaw(p, w + i * $words$, $width$);\n}\n");
    }
  } else {
    p.Print(v, "uint32_t n;\nconst uint32_t* w;\nif (!t.Span<$words$>(&n, &w)) return false;\n");
    if (f.packed) {
      p.Print(v,
              "if (n != 0) {\n  p = WriteVarint(p, $packed_tag$);\n  p = WriteVarint(p, log.Next());\n"
              "  for (uint32_t i = 0; i < n; ++i) p = $C$::Write(p, $el$);\n}\n");
    } else {
      p.Print(v, "for (uint32_t i = 0; i < n; ++i) {\n  p = WriteVarint(p, $tag$);\n  p = $C$::Write(p, $el$);\n}\n");
    }
  }
}

void EmitWriteField(Printer& p, const FieldModel& f, const Options& options) {
  Vars v = FieldVars(f, options);
  switch (f.shape) {
    case Shape::kScalar:
      v["r"] = CppRead(f.field, f.type, "");
      p.Print(v, f.implicit_presence ? "$r$if (::wirelens::codec::IsNonDefault(v)) {\n"
                                       "  p = WriteVarint(p, $tag$);\n  p = $C$::Write(p, v);\n}\n"
                                     : "$r$p = WriteVarint(p, $tag$);\np = $C$::Write(p, v);\n");
      break;
    case Shape::kString:
      p.Print("const uint8_t* data;\nuint32_t length;\nif (!t.View(&data, &length)) return false;\n");
      p.Print(v, f.implicit_presence ? "if (length != 0) {\n  p = WriteVarint(p, $tag$);\n"
                                       "  p = WriteLengthDelimited(p, data, length);\n}\n"
                                     : "p = WriteVarint(p, $tag$);\np = WriteLengthDelimited(p, data, length);\n");
      break;
    case Shape::kMessage:
      p.Print(v,
              "p = WriteVarint(p, $tag$);\np = WriteVarint(p, log.Peek());\n"
              "if (!TapeWrite<$Sub$>(t, log, p)) return false;\n");
      break;
    case Shape::kGroup:
      p.Print(v,
              "p = WriteVarint(p, $tag$);\nif (!TapeWrite<$Sub$>(t, log, p)) return false;\n"
              "p = WriteVarint(p, $end_tag$);\n");
      break;
    case Shape::kRepeated: EmitWriteRepeated(p, f, options); break;
    case Shape::kMap: EmitWriteMap(p, f, options); break;
  }
}

}  // namespace

void EmitTapeEncoder(Printer& p, const MessageModel& model, const Options& options) {
  const std::vector<size_t> order = TapeOrder(model);
  const int words = MaskWords(model, options);
  const std::string conflict = OneofConflict(model);
  Vars v{{"T", QualifiedName(model.message, options)}, {"words", std::to_string(words)}};
  const char* read_mask =
      "  uint32_t mask[$words$];\n  for (uint32_t& word : mask) {\n    if (!t.U32(&word)) return false;\n  }\n";
  // Size pass.
  p.Print(v, "template <>\nbool TapeSize<$T$>(TapeReader& t, SizeLog& log, size_t* out) {\n");
  p.Print(v, read_mask);
  if (!conflict.empty()) p.Print("  if ($c$) return false;\n", "c", conflict);
  p.Print("  const size_t slot = log.Reserve();\n  size_t size = 0;\n");
  p.Indent();
  for (size_t i = 0; i < order.size(); ++i) {
    p.Print("if ($bit$) {\n", "bit", Bit(i));
    p.Indent();
    EmitSizeField(p, model.fields[order[i]], options);
    p.Outdent();
    p.Print("}\n");
  }
  if (options.keep_unknown_fields) {
    p.Print(
        "if ($bit$) {\n  const uint8_t* data;\n  uint32_t length;\n  if (!t.View(&data, &length)) return false;\n"
        "  size += length;\n}\n",
        "bit", Bit(order.size()));
  }
  p.Print("if (size > kMaxEncodedSize) return false;\nlog.Set(slot, static_cast<uint32_t>(size));\n*out = size;\n");
  p.Print("return true;\n");
  p.Outdent();
  p.Print("}\n\n");
  // Write pass.
  p.Print(v, "template <>\nbool TapeWrite<$T$>(TapeReader& t, SizeLog& log, uint8_t*& p) {\n");
  p.Print(v, read_mask);
  p.Print("  log.Next();  // this message's size: its caller wrote it\n");
  if (model.fields.empty() && !options.keep_unknown_fields) p.Print("  (void)p;  // nothing of its own to write\n");
  p.Indent();
  for (size_t i = 0; i < order.size(); ++i) {
    p.Print("if ($bit$) {\n", "bit", Bit(i));
    p.Indent();
    EmitWriteField(p, model.fields[order[i]], options);
    p.Outdent();
    p.Print("}\n");
  }
  if (options.keep_unknown_fields) {
    p.Print(
        "if ($bit$) {\n  const uint8_t* data;\n  uint32_t length;\n  if (!t.View(&data, &length)) return false;\n"
        "  p = WriteRaw(p, data, length);\n}\n",
        "bit", Bit(order.size()));
  }
  p.Print("return true;\n");
  p.Outdent();
  p.Print("}\n\n");
}

}  // namespace wirelens::gen::js
