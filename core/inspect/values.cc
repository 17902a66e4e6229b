#include "core/inspect/values.h"

#include <cinttypes>
#include <cstdio>

#include "core/text/scalar_text.h"
#include "core/wire/varint.h"

namespace wirelens::inspect {
namespace {

using schema::FieldType;
using text::Format;

int ChildCount(const NodeList& list, uint32_t i) {
  int count = 0;
  for (uint32_t c = i + 1; c < list.nodes[i].end; c = list.nodes[c].end) ++count;
  return count;
}

std::string Quoted(const uint8_t* p, size_t size, size_t max_chars) {
  std::string escaped = text::CEscape(p, size < max_chars ? size : max_chars);
  return "\"" + escaped + (size > max_chars ? "\"…" : "\"");
}

}  // namespace

// The schema message that declares node i's field (for a packed element: its run's field).
static int OwnerMessage(const NodeList& list, uint32_t i, const schema::Schema* schema) {
  const uint32_t n = list.nodes[i].kind == NodeKind::kPackedElement ? list.nodes[i].parent : i;
  const uint32_t parent = list.nodes[n].parent;
  return parent == kNoNode ? list.root_message : ValueMessage(list, parent, schema);
}

int ValueMessage(const NodeList& list, uint32_t i, const schema::Schema* schema) {
  const Node& node = list.nodes[i];
  if (node.kind == NodeKind::kFrame) return node.interpretation == Interpretation::kMessage ? list.root_message : -1;
  if (!list.any_types.empty()) {
    const auto any = list.any_types.find(i);
    if (any != list.any_types.end()) return any->second;
  }
  const schema::Field* field = FieldOf(list, i, schema);
  return field != nullptr && (field->type == FieldType::kMessage || field->type == FieldType::kGroup) ? field->message
                                                                                                      : -1;
}

const schema::Field* FieldOf(const NodeList& list, uint32_t i, const schema::Schema* schema) {
  const int owner = schema != nullptr && list.nodes[i].field >= 0 ? OwnerMessage(list, i, schema) : -1;
  if (owner < 0) return nullptr;
  const schema::Message& m = schema->messages[owner];
  return list.nodes[i].field < static_cast<int>(m.fields.size()) ? &m.fields[list.nodes[i].field] : nullptr;
}

std::string FieldLabel(const NodeList& list, uint32_t i, const schema::Schema* schema) {
  const Node& node = list.nodes[i];
  if (node.kind == NodeKind::kUndecoded) return "(undecoded)";
  if (node.kind == NodeKind::kError && node.field_number == 0) return "(error)";
  if (node.kind == NodeKind::kFrame) return "frame " + std::to_string(node.field_number);
  const schema::Field* field = FieldOf(list, i, schema);
  if (node.kind == NodeKind::kPackedElement) {
    // Position inside the run: packed elements have no children, so one node each.
    return "[" + std::to_string(i - node.parent - 1) + "]";
  }
  return field != nullptr ? field->name : std::to_string(node.field_number);
}

std::string NodePath(const NodeList& list, uint32_t i, const schema::Schema* schema) {
  std::string path;
  for (uint32_t n = i; n != kNoNode; n = list.nodes[n].parent) {
    const std::string label = FieldLabel(list, n, schema);
    path = path.empty() || path[0] == '[' ? label + path : label + "." + path;
  }
  return path;
}

std::string TypeLabel(const NodeList& list, uint32_t i, const schema::Schema* schema) {
  const Node& node = list.nodes[i];
  const schema::Field* field = FieldOf(list, i, schema);
  if (field != nullptr) {
    if (field->is_map && field->message >= 0) {
      const schema::Message& entry = schema->messages[field->message];
      const schema::Field* k = entry.FindField(1);
      const schema::Field* v = entry.FindField(2);
      auto name = [](const schema::Field* f) { return f == nullptr ? std::string("?") : schema::FieldTypeLabel(*f); };
      return "map<" + name(k) + ", " + name(v) + ">";
    }
    std::string type = schema::FieldTypeLabel(*field);
    const auto any = list.any_types.find(i);
    if (any != list.any_types.end()) type += " (" + schema->messages[any->second].full_name + ")";
    return field->label == schema::Label::kRepeated && node.kind != NodeKind::kPackedElement ? "repeated " + type
                                                                                             : type;
  }
  if (node.kind == NodeKind::kUndecoded) return "bytes";
  if (node.kind == NodeKind::kError) return "error";
  if (node.kind == NodeKind::kFrame) {
    const std::string framing = FramingName(list.framing);
    if (node.interpretation == Interpretation::kMessage) {
      return list.root_message >= 0 && schema != nullptr ? framing + " " + schema->messages[list.root_message].full_name
                                                         : framing + " message";
    }
    return node.interpretation == Interpretation::kString ? framing + " trailers" : framing + " body";
  }
  return WireTypeName(node.wire_type);
}

std::string ValueText(const NodeList& list, uint32_t i, const uint8_t* data, const schema::Schema* schema,
                      size_t max_chars) {
  const Node& node = list.nodes[i];
  const uint8_t* value = data + node.value_offset();
  if (node.kind == NodeKind::kError) {
    return Format("%s at byte %u", ErrorKindMessage(node.error), node.value_offset());
  }
  if (node.kind == NodeKind::kUndecoded) return Format("%u undecoded bytes", node.value_length);
  if (node.kind == NodeKind::kFrame && node.interpretation == Interpretation::kBytes &&
      list.framing == Framing::kGrpc && (data[node.tag_offset] & kGrpcCompressedFlag) != 0) {
    return Format("%u compressed bytes (grpc-encoding)", node.value_length);
  }
  const schema::Field* field = FieldOf(list, i, schema);
  switch (node.interpretation) {
    case Interpretation::kNumber: {
      const uint64_t raw = RawValue(node, data);
      if (field != nullptr && schema::WireTypeOf(field->type) != WireType::kLengthDelimited)
        return text::ScalarText(raw, *field, *schema);
      if (node.wire_type == WireType::kFixed32) {
        const uint32_t bits = static_cast<uint32_t>(raw);
        return Format("0x%08" PRIx32 " | %" PRId32 " | float %s", bits, static_cast<int32_t>(bits),
                      text::SimpleFtoa(BitCast<float>(bits)).c_str());
      }
      if (node.wire_type == WireType::kFixed64) {
        return Format("0x%016" PRIx64 " | %" PRId64 " | double %s", raw, static_cast<int64_t>(raw),
                      text::SimpleDtoa(BitCast<double>(raw)).c_str());
      }
      if (raw > static_cast<uint64_t>(INT64_MAX)) {
        return Format("%" PRIu64 " | signed %" PRId64 " | zigzag %" PRId64, raw, static_cast<int64_t>(raw),
                      ZigZagDecode64(raw));
      }
      return Format("%" PRIu64 " | zigzag %" PRId64, raw, ZigZagDecode64(raw));
    }
    case Interpretation::kString: return Quoted(value, node.value_length, max_chars);
    case Interpretation::kBytes:
      return Quoted(value, node.value_length, max_chars) + Format(" (%u bytes)", node.value_length);
    case Interpretation::kMessage:
    case Interpretation::kGroup: {
      const int children = ChildCount(list, i);
      if (field != nullptr && field->is_map && children > 0) {
        // key → value, from the entry's fields 1 and 2
        std::string key = "?", val = "?";
        for (uint32_t c = i + 1; c < node.end; c = list.nodes[c].end) {
          if (list.nodes[c].field_number == 1) key = ValueText(list, c, data, schema, max_chars);
          if (list.nodes[c].field_number == 2) val = ValueText(list, c, data, schema, max_chars);
        }
        return key + " → " + val;
      }
      return Format("{%d field%s}", children, children == 1 ? "" : "s");
    }
    case Interpretation::kPackedVarint:
    case Interpretation::kPackedFixed32:
    case Interpretation::kPackedFixed64: {
      const int children = ChildCount(list, i);
      return Format("[%d element%s, packed]", children, children == 1 ? "" : "s");
    }
  }
  return "";
}

}  // namespace wirelens::inspect
