#include "core/inspect/edit.h"

#include <vector>

#include "core/inspect/values.h"
#include "core/text/literal.h"
#include "core/text/scalar_text.h"
#include "core/wire/varint.h"
#include "core/wire/wire_format.h"

namespace wirelens::inspect {
namespace {

using schema::FieldType;
using text::AppendVarint;

EditResult Failed(std::string error) {
  EditResult result;
  result.error = std::move(error);
  return result;
}

// The payload with [begin, end) replaced by `replacement`, where `container` (kNoNode: none) is the
// innermost node around the range: its length prefix and those of its ancestors (frame headers
// included) are rewritten for the new length. `element_start` (<= begin, after every rewritten
// prefix) is where the edited element starts; the result's offset says where it lands.
EditResult Splice(const NodeList& list, const uint8_t* data, size_t size, uint32_t container, uint32_t element_start,
                  uint32_t begin, uint32_t end, const std::string& replacement) {
  // The prefixes to rewrite, innermost first: [from, to) of the input and its new bytes. A varint
  // prefix keeps its width when the new length fits it (an overlong one stays overlong), so an
  // ancestor's length changes only by what its content grew.
  struct Rewrite {
    uint32_t from, to;
    std::string bytes;
  };
  std::vector<Rewrite> rewrites;
  int64_t grown = static_cast<int64_t>(replacement.size()) - static_cast<int64_t>(end - begin);
  for (uint32_t n = container; n != kNoNode; n = list.nodes[n].parent) {
    const Node& node = list.nodes[n];
    const bool frame = node.kind == NodeKind::kFrame;
    if (!frame && (node.kind != NodeKind::kField || node.wire_type != WireType::kLengthDelimited)) continue;  // group
    if (frame && list.framing == Framing::kConfluent) continue;  // its message runs to the end: no length
    const uint64_t length = static_cast<uint64_t>(static_cast<int64_t>(node.value_length) + grown);
    Rewrite& rewrite = rewrites.emplace_back();
    rewrite.from = frame ? node.tag_offset : node.tag_offset + node.tag_length;
    rewrite.to = node.value_offset();
    std::string& out = rewrite.bytes;
    if (frame && list.framing == Framing::kGrpc) {
      if (length > UINT32_MAX) return Failed("a gRPC frame cannot hold more than 4 GB");
      out.push_back(static_cast<char>(data[node.tag_offset]));  // the flags
      for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<char>(length >> shift));
      continue;
    }
    const uint32_t width = rewrite.to - rewrite.from;
    text::AppendVarint(length, &out);
    if (out.size() < width) {  // pad to the old width: continuation bits, then a last 0x00
      out.back() = static_cast<char>(out.back() | 0x80);
      out.append(width - out.size() - 1, static_cast<char>(0x80));
      out.push_back('\0');
    }
    grown += static_cast<int64_t>(out.size()) - static_cast<int64_t>(width);
  }
  EditResult result;
  std::string& out = result.bytes;
  out.reserve(size + replacement.size() + 10 * rewrites.size());
  const char* bytes = reinterpret_cast<const char*>(data);
  uint32_t pos = 0;
  for (auto it = rewrites.rbegin(); it != rewrites.rend(); ++it) {
    out.append(bytes + pos, it->from - pos);
    out += it->bytes;
    pos = it->to;
  }
  out.append(bytes + pos, begin - pos);
  result.offset = static_cast<uint32_t>(out.size() - (begin - element_start));
  out += replacement;
  out.append(bytes + end, size - end);
  result.ok = true;
  return result;
}

// The schema field node i's value is declared as (a packed element: its run's), when the wire type
// fits it; else nullptr.
const schema::Field* DeclaredField(const NodeList& list, uint32_t i, const schema::Schema* schema) {
  const Node& node = list.nodes[i];
  const bool element = node.kind == NodeKind::kPackedElement;
  const schema::Field* field = FieldOf(list, element ? node.parent : i, schema);
  if (field == nullptr) return nullptr;
  const auto declared = schema::WireTypeOf(field->type);
  return element || declared == node.wire_type ? field : nullptr;
}

bool IsInteger(const std::string& text, bool* negative) {
  uint64_t magnitude = 0;
  std::string ignored;
  return text::ParseTextInteger(text, negative, &magnitude, &ignored);
}

const schema::Enum* EnumOf(const schema::Field* field, const schema::Schema* schema) {
  return field != nullptr && schema != nullptr && field->enumeration >= 0 ? &schema->enums[field->enumeration]
                                                                          : nullptr;
}

// Tag and value of a new field (a message or group empty).
bool EncodeField(uint32_t number, FieldType type, const std::string& text, const schema::Enum* enumeration,
                 std::string* out, std::string* error) {
  if (type == FieldType::kGroup) {
    text::AppendVarint(MakeTag(number, WireType::kStartGroup), out);
    text::AppendVarint(MakeTag(number, WireType::kEndGroup), out);
    return true;
  }
  const auto wire_type = schema::WireTypeOf(type);
  text::AppendVarint(MakeTag(number, wire_type), out);
  if (type == FieldType::kMessage) {
    out->push_back(0);
    return true;
  }
  std::string value;
  if (!text::EncodeTextScalar(type, text, enumeration, /*utf8=*/true, &value, error)) return false;
  if (wire_type == WireType::kLengthDelimited) text::AppendVarint(value.size(), out);
  *out += value;
  return true;
}

}  // namespace

std::string EditableValue(const NodeList& list, uint32_t i, const uint8_t* data, const schema::Schema* schema) {
  const Node& node = list.nodes[i];
  if (node.kind != NodeKind::kField && node.kind != NodeKind::kPackedElement) return "";
  if (node.end != i + 1) return "";
  const schema::Field* field = DeclaredField(list, i, schema);
  const uint8_t* value = data + node.value_offset();
  if (node.wire_type == WireType::kLengthDelimited) {
    if (field != nullptr && field->type == FieldType::kBytes)
      return "\"" + text::CEscape(value, node.value_length) + "\"";
    if (field != nullptr && field->type != FieldType::kString) return "";  // an empty message
    return text::QuoteTextString(value, node.value_length);
  }
  if (node.wire_type == WireType::kStartGroup) return "";
  const uint64_t raw = RawValue(node, data);
  if (field != nullptr) return text::ScalarText(raw, *field, *schema);
  if (node.wire_type == WireType::kVarint && static_cast<int64_t>(raw) < 0) {
    return std::to_string(static_cast<int64_t>(raw));
  }
  return std::to_string(raw);
}

bool EditType(const NodeList& list, uint32_t i, const schema::Schema* schema, const std::string& text,
              FieldType* type) {
  const Node& node = list.nodes[i];
  if ((node.kind != NodeKind::kField && node.kind != NodeKind::kPackedElement) || node.end != i + 1) return false;
  if (const schema::Field* field = DeclaredField(list, i, schema)) {
    if (field->type == FieldType::kMessage || field->type == FieldType::kGroup) return false;
    *type = field->type;
    return true;
  }
  bool negative = false;
  const bool integer = IsInteger(text, &negative);
  switch (node.wire_type) {
    case WireType::kVarint: *type = negative ? FieldType::kInt64 : FieldType::kUInt64; return true;
    case WireType::kFixed32:
      *type = !integer ? FieldType::kFloat : negative ? FieldType::kSFixed32 : FieldType::kFixed32;
      return true;
    case WireType::kFixed64:
      *type = !integer ? FieldType::kDouble : negative ? FieldType::kSFixed64 : FieldType::kFixed64;
      return true;
    case WireType::kLengthDelimited: *type = FieldType::kBytes; return true;
    default: return false;
  }
}

EditResult SetValue(const NodeList& list, const uint8_t* data, size_t size, const schema::Schema* schema, uint32_t i,
                    const std::string& text) {
  if (i >= list.nodes.size()) return Failed("no such node");
  FieldType type;
  if (!EditType(list, i, schema, text, &type)) {
    const Node& node = list.nodes[i];
    return Failed(node.kind == NodeKind::kField ? "a message: edit its fields" : "not a value that can be edited");
  }
  std::string value, error;
  if (!text::EncodeTextScalar(type, text, EnumOf(DeclaredField(list, i, schema), schema), /*utf8=*/true, &value,
                              &error)) {
    return Failed(error);
  }
  const Node& node = list.nodes[i];
  if (node.wire_type == WireType::kVarint) {
    // The value it holds already keeps its bytes: a varint written longer than it needs stays so,
    // since the shorter form could change how raw mode guesses the bytes around it.
    const auto* begin = reinterpret_cast<const uint8_t*>(value.data());
    uint64_t v;
    if (ReadVarint(begin, begin + value.size(), &v) != nullptr && v == RawValue(node, data)) {
      value.assign(reinterpret_cast<const char*>(data + node.value_offset()), node.value_length);
    }
  }
  if (node.wire_type != WireType::kLengthDelimited) {
    return Splice(list, data, size, node.parent, node.tag_offset, node.value_offset(),
                  node.value_offset() + node.value_length, value);
  }
  std::string prefixed;
  text::AppendVarint(value.size(), &prefixed);
  prefixed += value;
  return Splice(list, data, size, node.parent, node.tag_offset, node.tag_offset + node.tag_length,
                node.value_offset() + node.value_length, prefixed);
}

EditResult DeleteNode(const NodeList& list, const uint8_t* data, size_t size, uint32_t i) {
  if (i >= list.nodes.size()) return Failed("no such node");
  const Node& node = list.nodes[i];
  switch (node.kind) {
    case NodeKind::kPackedElement:
      return Splice(list, data, size, node.parent, node.value_offset(), node.value_offset(),
                    node.value_offset() + node.value_length, "");
    case NodeKind::kField:
    case NodeKind::kFrame:
    case NodeKind::kUndecoded:
      return Splice(list, data, size, node.parent, node.tag_offset, node.tag_offset, node.span_end(), "");
    default: return Failed("an error marks where decoding stopped: delete the field or the bytes after it");
  }
}

EditResult AddField(const NodeList& list, const uint8_t* data, size_t size, const schema::Schema* schema,
                    uint32_t parent, uint32_t number, FieldType type, const std::string& text) {
  if (number < 1 || number > kMaxFieldNumber) return Failed("field numbers go from 1 to 536870911");
  uint32_t at = static_cast<uint32_t>(size);
  int message = list.root_message;
  if (parent == kNoNode) {
    if (list.framing != Framing::kBare) return Failed("a framed payload: add the field to one of its frames");
  } else {
    if (parent >= list.nodes.size()) return Failed("no such node");
    const Node& node = list.nodes[parent];
    const bool holds_message =
        node.interpretation == Interpretation::kMessage || node.interpretation == Interpretation::kGroup;
    if ((node.kind != NodeKind::kField && node.kind != NodeKind::kFrame) || !holds_message) {
      return Failed("fields are added to messages: choose a message, a group or a frame");
    }
    at = node.value_offset() + node.value_length;
    message = ValueMessage(list, parent, schema);
  }
  const schema::Field* declared =
      schema != nullptr && message >= 0 ? schema->messages[message].FindField(number) : nullptr;
  std::string field, error;
  if (!EncodeField(number, type, text,
                   declared != nullptr && declared->type == type ? EnumOf(declared, schema) : nullptr, &field,
                   &error)) {
    return Failed(error);
  }
  return Splice(list, data, size, parent, at, at, at, field);
}

}  // namespace wirelens::inspect
