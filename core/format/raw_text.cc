#include "core/format/raw_text.h"

#include "core/text/scalar_text.h"
#include "core/wire/reader.h"

namespace wirelens::format {
namespace {

const uint8_t* ReadVarint32Truncating(const uint8_t* p, const uint8_t* end, uint32_t* value) {
  uint64_t v;
  p = ReadVarint(p, end, &v);
  if (p != nullptr) *value = static_cast<uint32_t>(v);
  return p;
}

// "0x" and `digits` hex digits of v, zero-padded, as protoc prints fixed32/fixed64 unknown fields.
void AppendHex(uint64_t v, int digits, TextOutput* out) {
  static const char kHex[] = "0123456789abcdef";
  char buf[18] = {'0', 'x'};
  for (int i = 0; i < digits; ++i) buf[1 + digits - i] = kHex[(v >> (4 * i)) & 15];
  out->append(buf, static_cast<size_t>(digits) + 2);
}

// "N: " at `indent`.
void StartValueLine(uint32_t number, TextOutput* out, int indent) {
  out->Indent(indent);
  text::AppendDecimal(number, out);
  out->append(": ");
}

void PrintRawLengthDelimited(uint32_t number, const uint8_t* value, size_t size, TextOutput* out, int indent,
                             int budget) {
  const uint8_t* end = value + size;
  if (size > 0 && budget > 0 && WalkProtocFields(value, end, budget, 0, nullptr, 0, 0) == end) {
    out->Indent(indent);
    text::AppendDecimal(number, out);
    out->append(" {");
    out->EndLine();
    WalkProtocFields(value, end, budget, 0, out, indent + 1, budget - 1);
    out->Line(indent, "}");
  } else {
    StartValueLine(number, out, indent);
    out->push_back('"');
    text::AppendCEscaped(value, size, out);
    out->push_back('"');
    out->EndLine();
  }
}

}  // namespace

const uint8_t* WalkProtocFields(const uint8_t* p, const uint8_t* end, int depth_left, uint32_t group_number,
                                TextOutput* out, int indent, int budget) {
  while (p < end) {
    uint32_t tag;
    p = ReadVarint32Truncating(p, end, &tag);
    if (p == nullptr) return nullptr;
    const uint32_t number = tag >> 3;
    if (number == 0) return nullptr;
    switch (tag & 7) {
      case 0: {
        uint64_t v;
        p = ReadVarint(p, end, &v);
        if (p == nullptr) return nullptr;
        if (out != nullptr) PrintUnknownField(number, WireType::kVarint, nullptr, 0, v, out, indent);
        break;
      }
      case 1:
        if (end - p < 8) return nullptr;
        if (out != nullptr) PrintUnknownField(number, WireType::kFixed64, nullptr, 0, LoadFixed64(p), out, indent);
        p += 8;
        break;
      case 5:
        if (end - p < 4) return nullptr;
        if (out != nullptr) PrintUnknownField(number, WireType::kFixed32, nullptr, 0, LoadFixed32(p), out, indent);
        p += 4;
        break;
      case 2: {
        uint32_t length;
        p = ReadVarint32Truncating(p, end, &length);
        if (p == nullptr || length > static_cast<size_t>(end - p)) return nullptr;
        if (out != nullptr) PrintRawLengthDelimited(number, p, length, out, indent, budget);
        p += length;
        break;
      }
      case 3: {
        if (depth_left <= 0) return nullptr;
        if (out != nullptr) {
          out->Indent(indent);
          text::AppendDecimal(number, out);
          out->append(" {");
          out->EndLine();
        }
        p = WalkProtocFields(p, end, depth_left - 1, number, out, indent + 1, budget - 1);
        if (p == nullptr) return nullptr;
        if (out != nullptr) out->Line(indent, "}");
        break;
      }
      case 4: return number == group_number ? p : nullptr;
      default: return nullptr;
    }
  }
  return group_number == 0 ? p : nullptr;
}

void PrintUnknownField(uint32_t number, WireType wire_type, const uint8_t* value, size_t size, uint64_t raw,
                       TextOutput* out, int indent) {
  switch (wire_type) {
    case WireType::kVarint:
      StartValueLine(number, out, indent);
      text::AppendDecimal(raw, out);
      out->EndLine();
      break;
    case WireType::kFixed32:
    case WireType::kFixed64:
      StartValueLine(number, out, indent);
      AppendHex(raw, wire_type == WireType::kFixed32 ? 8 : 16, out);
      out->EndLine();
      break;
    case WireType::kLengthDelimited:
      PrintRawLengthDelimited(number, value, size, out, indent, kUnknownFieldBudget);
      break;
    case WireType::kStartGroup:
      out->Indent(indent);
      text::AppendDecimal(number, out);
      out->append(" {");
      out->EndLine();
      WalkProtocFields(value, value + size, kDefaultDepthLimit, 0, out, indent + 1, kUnknownFieldBudget - 1);
      out->Line(indent, "}");
      break;
    case WireType::kEndGroup: break;
  }
}

bool RawText(const uint8_t* data, size_t size, TextOutput* out) {
  const uint8_t* end = data + size;
  if (WalkProtocFields(data, end, kDefaultDepthLimit, 0, nullptr, 0, 0) != end) return false;
  WalkProtocFields(data, end, kDefaultDepthLimit, 0, out, 0, kUnknownFieldBudget);
  return true;
}

}  // namespace wirelens::format
