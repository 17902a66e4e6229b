#include "gen/js/kinds.h"

#include <array>

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

namespace {

// In Kind's order.
const std::array<KindInfo, 11> kKinds = {{
    {false, false, false, "U32[P++] !== 0", "U32[P++] = cBool($v$, $label$);", "U8[$a$] !== 0", "1", "false",
     "U32[P++] !== 0 ? \"true\" : \"false\"", "(U8[$a$] !== 0 ? \"true\" : \"false\")", "keyBool(k)", "boolean",
     "boolean", "t.Bool($v$);", "bool v;\nif (!t.Bool(&v)) return false;\n", "(w[i] != 0)", "jBool($v$)", "\"false\"",
     "bool"},
    {false, false, true, "I32[P++]", "I32[P++] = cI32($v$, $label$);", "I32[$a$ >> 2]", "4", "0", "I32[P++]",
     "I32[$a$ >> 2]", "keyNum(k)", "number", "number", "t.I32($v$);", "int32_t v;\nif (!t.I32(&v)) return false;\n",
     "static_cast<int32_t>(w[i])", "jI32($v$)", "\"0\"", "int32"},
    {false, false, true, "U32[P++]", "U32[P++] = cU32($v$, $label$);", "U32[$a$ >> 2]", "4", "0", "U32[P++]",
     "U32[$a$ >> 2]", "keyNum(k)", "number", "number", "t.U32($v$);", "uint32_t v;\nif (!t.U32(&v)) return false;\n",
     "w[i]", "jU32($v$)", "\"0\"", "uint32"},
    {false, false, true, "I32[P++]", "I32[P++] = cI32($v$, $label$);", "I32[$a$ >> 2]", "4", "", "I32[P++]", "",
     "keyNum(k)", "number", "number", "t.I32(static_cast<int32_t>($v$));",
     "int32_t raw;\nif (!t.I32(&raw)) return false;\nconst $type$ v = static_cast<$type$>(raw);\n",
     "static_cast<$type$>(static_cast<int32_t>(w[i]))", "jEnum($v$, $names$, $closed$, (f & ENUM_AS_INTEGER) !== 0)",
     "", ""},
    {false, false, true, "F32[P++]", "F32[P++] = cNum($v$, $label$);", "F32[$a$ >> 2]", "4", "0", "F32[P++]", "",
     "keyNum(k)", "number", "number", "t.F32($v$);", "float v;\nif (!t.F32(&v)) return false;\n", "", "jF32($v$)",
     "\"0\"", ""},
    {true, false, true, "rdF64()", "wrF64($v$, $label$);", "F64[$a$ >> 3]", "8", "0", "rdF64()", "", "keyNum(k)",
     "number", "number", "t.F64($v$);", "double v;\nif (!t.F64(&v)) return false;\n", "", "jF64($v$)", "\"0\"", ""},
    {true, false, true, "rdI64()", "wrI64($v$, $label$);", "i64At($a$)", "8", "I64_ZERO", "rdKeyI64()",
     "String(I64[($a$) >> 3])", "keyBig(k)", "L", "Int64Input", "t.I64($v$);",
     "int64_t v;\nif (!t.I64(&v)) return false;\n", "static_cast<int64_t>(w[2 * i] | (uint64_t{w[2 * i + 1]} << 32))",
     "jI64($v$)", "\"\\\"0\\\"\"", "int64"},
    {true, false, true, "rdU64()", "wrU64($v$, $label$);", "u64At($a$)", "8", "U64_ZERO", "rdKeyU64()",
     "String(U64[($a$) >> 3])", "keyBig(k)", "L", "Int64Input", "t.U64($v$);",
     "uint64_t v;\nif (!t.U64(&v)) return false;\n", "(w[2 * i] | (uint64_t{w[2 * i + 1]} << 32))", "jU64($v$)",
     "\"\\\"0\\\"\"", "uint64"},
    {false, true, false, "rdStr()", "wrStr($v$, $label$);", "strAt($a$)", "STRING_SIZE", "\"\"", "rdStr()",
     "strAt($a$)", "k", "string", "string", "t.Text($v$);", "if (!t.Bytes($dst$)) return false;\n", "", "jStr($v$)",
     "\"\\\"\\\"\"", "string"},
    {false, true, false, "rdBytes()", "wrBytes($v$, $label$);", "bytesAt($a$)", "STRING_SIZE", "EMPTY_BYTES",
     "rdBytes()", "", "keyNum(k)", "Uint8Array", "Uint8Array", "t.Bytes($v$);", "if (!t.Bytes($dst$)) return false;\n",
     "", "jBytes($v$)", "\"\\\"\\\"\"", ""},
    {false, false, false, "r_$id$()", "wm_$id$($v$, d, $label$);", "new R_$id$($a$, this)", "L_$id$[0]", "null",
     "r_$id$()", "", "keyNum(k)", "$T$<L>", "I$T$", "ToTape($v$, t);",
     "if (!t.Enter() || !FromTape($dst$, t)) return false;\nt.Leave();\n", "", "j_$id$(jObject($v$), d + 1, f)", "",
     ""},
}};

}  // namespace

const KindInfo& InfoOf(Kind kind) { return kKinds[static_cast<size_t>(kind)]; }

std::string Fill(std::string_view pattern, const std::map<std::string, std::string>& vars) {
  std::string out;
  size_t at = 0;
  while (true) {
    const size_t open = pattern.find('$', at);
    if (open == std::string_view::npos) break;
    const size_t close = pattern.find('$', open + 1);
    out.append(pattern.substr(at, open - at));
    out += vars.at(std::string(pattern.substr(open + 1, close - open - 1)));
    at = close + 1;
  }
  out.append(pattern.substr(at));
  return out;
}

}  // namespace wirelens::gen::js
