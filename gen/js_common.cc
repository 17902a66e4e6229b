#include "gen/js_common.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <numeric>

namespace wirelens::gen::js {

using FD = pb::FieldDescriptor;

Kind KindOf(const FD* f) {
  switch (f->type()) {
    case FD::TYPE_BOOL: return Kind::kBool;
    case FD::TYPE_INT32:
    case FD::TYPE_SINT32:
    case FD::TYPE_SFIXED32: return Kind::kI32;
    case FD::TYPE_UINT32:
    case FD::TYPE_FIXED32: return Kind::kU32;
    case FD::TYPE_ENUM: return Kind::kEnum;
    case FD::TYPE_FLOAT: return Kind::kF32;
    case FD::TYPE_DOUBLE: return Kind::kF64;
    case FD::TYPE_INT64:
    case FD::TYPE_SINT64:
    case FD::TYPE_SFIXED64: return Kind::kI64;
    case FD::TYPE_UINT64:
    case FD::TYPE_FIXED64: return Kind::kU64;
    case FD::TYPE_STRING: return Kind::kString;
    case FD::TYPE_BYTES: return Kind::kBytes;
    case FD::TYPE_MESSAGE:
    case FD::TYPE_GROUP: return Kind::kMessage;
  }
  return Kind::kI32;
}

bool Is64(Kind k) { return k == Kind::kF64 || k == Kind::kI64 || k == Kind::kU64; }
bool IsText(const FD* f) { return KindOf(f) == Kind::kString || KindOf(f) == Kind::kBytes; }

std::string JsId(const pb::Descriptor* m) {
  std::string id = m->full_name();
  for (char& c : id)
    if (c == '.') c = '$';
  return id;
}
std::string CId(const pb::Descriptor* m) {
  std::string id = m->full_name();
  for (char& c : id)
    if (c == '.') c = '_';
  return id;
}
std::string TsName(const pb::Descriptor* m) {
  std::string name = m->name();
  for (const pb::Descriptor* p = m->containing_type(); p != nullptr; p = p->containing_type()) {
    name = p->name() + "_" + name;
  }
  return name;
}
std::string Quote(const std::string& s) { return "\"" + s + "\""; }

std::string JsFileName(const pb::FileDescriptor* file, const std::string& suffix) {
  std::string base = file->name();
  if (base.size() > 6 && base.compare(base.size() - 6, 6, ".proto") == 0) base.resize(base.size() - 6);
  return base + suffix;
}

std::vector<const FD*> MapParts(const FD* f) { return {f->message_type()->map_key(), f->message_type()->map_value()}; }

int MaskWords(const MessageModel& model, const Options& options) {
  return static_cast<int>(model.fields.size() + (options.keep_unknown_fields ? 1 : 0) + 31) / 32;
}

bool ReadsInPlace(const FieldModel& f) { return f.shape != Shape::kMap; }

std::string CppWrite(const FD* f, const std::string& v) {
  switch (KindOf(f)) {
    case Kind::kBool: return "t.Bool(" + v + ");";
    case Kind::kI32: return "t.I32(" + v + ");";
    case Kind::kEnum: return "t.I32(static_cast<int32_t>(" + v + "));";
    case Kind::kU32: return "t.U32(" + v + ");";
    case Kind::kF32: return "t.F32(" + v + ");";
    case Kind::kF64: return "t.F64(" + v + ");";
    case Kind::kI64: return "t.I64(" + v + ");";
    case Kind::kU64: return "t.U64(" + v + ");";
    case Kind::kString: return "t.Text(" + v + ");";
    case Kind::kBytes: return "t.Bytes(" + v + ");";
    case Kind::kMessage: return "ToTape(" + v + ", t);";
  }
  return "";
}

std::string CppRead(const FD* f, const std::string& type, const std::string& dst) {
  switch (KindOf(f)) {
    case Kind::kBool: return "bool v;\nif (!t.Bool(&v)) return false;\n";
    case Kind::kI32: return "int32_t v;\nif (!t.I32(&v)) return false;\n";
    case Kind::kEnum:
      return "int32_t raw;\nif (!t.I32(&raw)) return false;\nconst " + type + " v = static_cast<" + type + ">(raw);\n";
    case Kind::kU32: return "uint32_t v;\nif (!t.U32(&v)) return false;\n";
    case Kind::kF32: return "float v;\nif (!t.F32(&v)) return false;\n";
    case Kind::kF64: return "double v;\nif (!t.F64(&v)) return false;\n";
    case Kind::kI64: return "int64_t v;\nif (!t.I64(&v)) return false;\n";
    case Kind::kU64: return "uint64_t v;\nif (!t.U64(&v)) return false;\n";
    case Kind::kString:
    case Kind::kBytes: return "if (!t.Bytes(" + dst + ")) return false;\n";
    case Kind::kMessage: return "if (!t.Enter() || !FromTape(" + dst + ", t)) return false;\nt.Leave();\n";
  }
  return "";
}

std::string MaskWord(size_t i) { return "mask[" + std::to_string(i / 32) + "]"; }
std::string MaskBit(size_t i) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08xu", 1u << (i % 32));
  return buf;
}
std::string Bit(size_t i) { return MaskWord(i) + " & " + MaskBit(i); }

std::string OneofConflict(const MessageModel& model) {
  const std::vector<size_t> order = TapeOrder(model);
  std::string any;
  for (const OneofModel& oneof : model.oneofs) {
    std::map<size_t, uint32_t> bits;  // mask word -> the members' bits in it
    for (size_t i = 0; i < order.size(); ++i) {
      if (model.fields[order[i]].oneof == oneof.index) bits[i / 32] |= 1u << (i % 32);
    }
    std::string count;
    for (const auto& [word, mask] : bits) {
      char term[64];
      std::snprintf(term, sizeof term, "__builtin_popcount(mask[%zu] & 0x%08xu)", word, mask);
      count += (count.empty() ? "" : " + ") + std::string(term);
    }
    any += (any.empty() ? "" : " || ") + count + " > 1";
  }
  return any;
}

std::vector<size_t> TapeOrder(const MessageModel& model) {
  std::vector<size_t> order(model.fields.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::sort(order.begin(), order.end(),
            [&](size_t a, size_t b) { return model.fields[a].number < model.fields[b].number; });
  return order;
}

}  // namespace wirelens::gen::js
