#include "gen/js/kinds.h"

#include "core/jsbind/tape_kind_js.h"

#include <array>

namespace wirelens::gen::js {

using FD = pb::FieldDescriptor;

Kind KindOf(const FD* f) { return jsbind::TapeKindOf(static_cast<::wirelens::FieldType>(f->type())); }

namespace {

// In Kind's order; which kinds are wide or text is tape_kind.h's.
const std::array<KindInfo, jsbind::kTapeKindCount> kKinds = {{
    // Kind::kBool
    {
        .copies_words = false,
        .js_read = jsbind::kTapeKindJs[0].read,
        .js_write = jsbind::kTapeKindJs[0].write,
        .js_read_at = "U8[$a$] !== 0",
        .js_stride = "1",
        .js_default = jsbind::kTapeKindJs[0].zero,
        .js_key_read = jsbind::kTapeKindJs[0].key_read,
        .js_key_read_at = "(U8[$a$] !== 0 ? \"true\" : \"false\")",
        .js_key_from = jsbind::kTapeKindJs[0].key_from,
        .ts_type = "boolean",
        .ts_input = "boolean",
        .cpp_write = "t.Bool($v$);",
        .cpp_read = "bool v;\nif (!t.Bool(&v)) return false;\n",
        .cpp_span_at = "(w[i] != 0)",
        .js_json = "jBool($v$)",
        .js_json_zero = "\"false\"",
        .js_json_key = "bool",
        .js_json_read = "jpBool()",
    },
    // Kind::kI32
    {
        .copies_words = true,
        .js_read = jsbind::kTapeKindJs[1].read,
        .js_write = jsbind::kTapeKindJs[1].write,
        .js_read_at = "I32[$a$ >> 2]",
        .js_stride = "4",
        .js_default = jsbind::kTapeKindJs[1].zero,
        .js_key_read = jsbind::kTapeKindJs[1].key_read,
        .js_key_read_at = "I32[$a$ >> 2]",
        .js_key_from = jsbind::kTapeKindJs[1].key_from,
        .ts_type = "number",
        .ts_input = "number",
        .cpp_write = "t.I32($v$);",
        .cpp_read = "int32_t v;\nif (!t.I32(&v)) return false;\n",
        .cpp_span_at = "static_cast<int32_t>(w[i])",
        .js_json = "jI32($v$)",
        .js_json_zero = "\"0\"",
        .js_json_key = "int32",
        .js_json_read = "jpI32()",
    },
    // Kind::kU32
    {
        .copies_words = true,
        .js_read = jsbind::kTapeKindJs[2].read,
        .js_write = jsbind::kTapeKindJs[2].write,
        .js_read_at = "U32[$a$ >> 2]",
        .js_stride = "4",
        .js_default = jsbind::kTapeKindJs[2].zero,
        .js_key_read = jsbind::kTapeKindJs[2].key_read,
        .js_key_read_at = "U32[$a$ >> 2]",
        .js_key_from = jsbind::kTapeKindJs[2].key_from,
        .ts_type = "number",
        .ts_input = "number",
        .cpp_write = "t.U32($v$);",
        .cpp_read = "uint32_t v;\nif (!t.U32(&v)) return false;\n",
        .cpp_span_at = "w[i]",
        .js_json = "jU32($v$)",
        .js_json_zero = "\"0\"",
        .js_json_key = "uint32",
        .js_json_read = "jpU32()",
    },
    // Kind::kEnum
    {
        .copies_words = true,
        .js_read = jsbind::kTapeKindJs[3].read,
        .js_write = jsbind::kTapeKindJs[3].write,
        .js_read_at = "I32[$a$ >> 2]",
        .js_stride = "4",
        .js_default = jsbind::kTapeKindJs[3].zero,
        .js_key_read = jsbind::kTapeKindJs[3].key_read,
        .js_key_read_at = "",
        .js_key_from = jsbind::kTapeKindJs[3].key_from,
        .ts_type = "number",
        .ts_input = "number",
        .cpp_write = "t.I32(static_cast<int32_t>($v$));",
        .cpp_read = "int32_t raw;\nif (!t.I32(&raw)) return false;\nconst $type$ v = static_cast<$type$>(raw);\n",
        .cpp_span_at = "static_cast<$type$>(static_cast<int32_t>(w[i]))",
        .js_json = "jEnum($v$, $names$, $closed$, (f & ENUM_AS_INTEGER) !== 0)",
        .js_json_zero = "",
        .js_json_key = "",
        .js_json_read = "jpEnum($numbers$, $names$, $closed$)",
    },
    // Kind::kF32
    {
        .copies_words = true,
        .js_read = jsbind::kTapeKindJs[4].read,
        .js_write = jsbind::kTapeKindJs[4].write,
        .js_read_at = "F32[$a$ >> 2]",
        .js_stride = "4",
        .js_default = jsbind::kTapeKindJs[4].zero,
        .js_key_read = jsbind::kTapeKindJs[4].key_read,
        .js_key_read_at = "",
        .js_key_from = jsbind::kTapeKindJs[4].key_from,
        .ts_type = "number",
        .ts_input = "number",
        .cpp_write = "t.F32($v$);",
        .cpp_read = "float v;\nif (!t.F32(&v)) return false;\n",
        .cpp_span_at = "",
        .js_json = "jF32($v$)",
        .js_json_zero = "\"0\"",
        .js_json_key = "",
        .js_json_read = "jpF32()",
    },
    // Kind::kF64
    {
        .copies_words = true,
        .js_read = jsbind::kTapeKindJs[5].read,
        .js_write = jsbind::kTapeKindJs[5].write,
        .js_read_at = "F64[$a$ >> 3]",
        .js_stride = "8",
        .js_default = jsbind::kTapeKindJs[5].zero,
        .js_key_read = jsbind::kTapeKindJs[5].key_read,
        .js_key_read_at = "",
        .js_key_from = jsbind::kTapeKindJs[5].key_from,
        .ts_type = "number",
        .ts_input = "number",
        .cpp_write = "t.F64($v$);",
        .cpp_read = "double v;\nif (!t.F64(&v)) return false;\n",
        .cpp_span_at = "",
        .js_json = "jF64($v$)",
        .js_json_zero = "\"0\"",
        .js_json_key = "",
        .js_json_read = "jpF64()",
    },
    // Kind::kI64
    {
        .copies_words = true,
        .js_read = jsbind::kTapeKindJs[6].read,
        .js_write = jsbind::kTapeKindJs[6].write,
        .js_read_at = "i64At($a$)",
        .js_stride = "8",
        .js_default = jsbind::kTapeKindJs[6].zero,
        .js_key_read = jsbind::kTapeKindJs[6].key_read,
        .js_key_read_at = "String(I64[($a$) >> 3])",
        .js_key_from = jsbind::kTapeKindJs[6].key_from,
        .ts_type = "L",
        .ts_input = "Int64Input",
        .cpp_write = "t.I64($v$);",
        .cpp_read = "int64_t v;\nif (!t.I64(&v)) return false;\n",
        .cpp_span_at = "static_cast<int64_t>(w[2 * i] | (uint64_t{w[2 * i + 1]} << 32))",
        .js_json = "jI64($v$)",
        .js_json_zero = "\"\\\"0\\\"\"",
        .js_json_key = "int64",
        .js_json_read = "jpI64()",
    },
    // Kind::kU64
    {
        .copies_words = true,
        .js_read = jsbind::kTapeKindJs[7].read,
        .js_write = jsbind::kTapeKindJs[7].write,
        .js_read_at = "u64At($a$)",
        .js_stride = "8",
        .js_default = jsbind::kTapeKindJs[7].zero,
        .js_key_read = jsbind::kTapeKindJs[7].key_read,
        .js_key_read_at = "String(U64[($a$) >> 3])",
        .js_key_from = jsbind::kTapeKindJs[7].key_from,
        .ts_type = "L",
        .ts_input = "Int64Input",
        .cpp_write = "t.U64($v$);",
        .cpp_read = "uint64_t v;\nif (!t.U64(&v)) return false;\n",
        .cpp_span_at = "(w[2 * i] | (uint64_t{w[2 * i + 1]} << 32))",
        .js_json = "jU64($v$)",
        .js_json_zero = "\"\\\"0\\\"\"",
        .js_json_key = "uint64",
        .js_json_read = "jpU64()",
    },
    // Kind::kString
    {
        .copies_words = false,
        .js_read = jsbind::kTapeKindJs[8].read,
        .js_write = jsbind::kTapeKindJs[8].write,
        .js_read_at = "strAt($a$)",
        .js_stride = "STRING_SIZE",
        .js_default = jsbind::kTapeKindJs[8].zero,
        .js_key_read = jsbind::kTapeKindJs[8].key_read,
        .js_key_read_at = "strAt($a$)",
        .js_key_from = jsbind::kTapeKindJs[8].key_from,
        .ts_type = "string",
        .ts_input = "string",
        .cpp_write = "t.Text($v$);",
        .cpp_read = "if (!t.Bytes($dst$)) return false;\n",
        .cpp_span_at = "",
        .js_json = "jStr($v$)",
        .js_json_zero = "\"\\\"\\\"\"",
        .js_json_key = "string",
        .js_json_read = "jpStr()",
    },
    // Kind::kBytes
    {
        .copies_words = false,
        .js_read = jsbind::kTapeKindJs[9].read,
        .js_write = jsbind::kTapeKindJs[9].write,
        .js_read_at = "bytesAt($a$)",
        .js_stride = "STRING_SIZE",
        .js_default = jsbind::kTapeKindJs[9].zero,
        .js_key_read = jsbind::kTapeKindJs[9].key_read,
        .js_key_read_at = "",
        .js_key_from = jsbind::kTapeKindJs[9].key_from,
        .ts_type = "Uint8Array",
        .ts_input = "Uint8Array",
        .cpp_write = "t.Bytes($v$);",
        .cpp_read = "if (!t.Bytes($dst$)) return false;\n",
        .cpp_span_at = "",
        .js_json = "jBytes($v$)",
        .js_json_zero = "\"\\\"\\\"\"",
        .js_json_key = "",
        .js_json_read = "jpBytes()",
    },
    // Kind::kMessage
    {
        .copies_words = false,
        .js_read = jsbind::kTapeKindJs[10].read,
        .js_write = jsbind::kTapeKindJs[10].write,
        .js_read_at = "new R_$id$($a$, this)",
        .js_stride = "L_$id$[0]",
        .js_default = jsbind::kTapeKindJs[10].zero,
        .js_key_read = jsbind::kTapeKindJs[10].key_read,
        .js_key_read_at = "",
        .js_key_from = jsbind::kTapeKindJs[10].key_from,
        .ts_type = "$T$<L>",
        .ts_input = "I$T$",
        .cpp_write = "ToTape($v$, t);",
        .cpp_read = "if (!t.Enter() || !FromTape($dst$, t)) return false;\nt.Leave();\n",
        .cpp_span_at = "",
        .js_json = "j_$id$(jObject($v$), d + 1, f)",
        .js_json_zero = "",
        .js_json_key = "",
        .js_json_read = "p_$id$(d + 1)",
    },
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
