#include "core/format/node_json.h"

#include <cstdio>

#include "core/inspect/values.h"
#include "core/wire/utf8.h"

namespace wirelens::format {
namespace {

using inspect::Node;
using inspect::NodeKind;

const char* KindName(NodeKind kind) {
  switch (kind) {
    case NodeKind::kField: return "field";
    case NodeKind::kPackedElement: return "packed_element";
    case NodeKind::kError: return "error";
    case NodeKind::kUndecoded: return "undecoded";
    case NodeKind::kFrame: return "frame";
  }
  return "unknown";
}

std::string Range(uint32_t offset, uint32_t length) {
  return "[" + std::to_string(offset) + "," + std::to_string(length) + "]";
}

}  // namespace

std::string JsonString(const std::string& text) {
  std::string out = "\"";
  const auto* p = reinterpret_cast<const uint8_t*>(text.data());
  const size_t n = text.size();
  for (size_t i = 0; i < n;) {
    const uint8_t c = p[i];
    if (c < 0x80) {
      switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
          if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
          } else {
            out += static_cast<char>(c);
          }
      }
      ++i;
      continue;
    }
    const size_t length = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
    if (i + length <= n && IsValidUtf8(p + i, length)) {
      out.append(text, i, length);
      i += length;
    } else {
      out += "\xef\xbf\xbd";  // U+FFFD
      ++i;
    }
  }
  return out + "\"";
}

std::string NodeJson(const inspect::NodeList& list, const uint8_t* data, const schema::Schema* schema) {
  std::string out = "{\"input_size\":" + std::to_string(list.input_size) + ",\"root\":";
  out +=
      schema != nullptr && list.root_message >= 0 ? JsonString(schema->messages[list.root_message].full_name) : "null";
  out += ",\"framing\":\"" + std::string(inspect::FramingName(list.framing)) + "\"";
  out += ",\"error\":";
  if (list.first_error.ok()) {
    out += "null";
  } else {
    out += "{\"kind\":" + JsonString(ErrorKindName(list.first_error.kind)) +
           ",\"offset\":" + std::to_string(list.first_error.offset) + "}";
  }
  out += ",\"nodes\":[";
  for (uint32_t i = 0; i < list.nodes.size(); ++i) {
    const Node& n = list.nodes[i];
    if (i > 0) out += ",\n";
    out += "{\"index\":" + std::to_string(i);
    out += ",\"parent\":" + (n.parent == inspect::kNoNode ? std::string("-1") : std::to_string(n.parent));
    out += ",\"depth\":" + std::to_string(n.depth);
    out += ",\"kind\":\"" + std::string(KindName(n.kind)) + "\"";
    out += ",\"field_number\":" + std::to_string(n.field_number);
    out += ",\"name\":" + JsonString(inspect::FieldLabel(list, i, schema));
    out += ",\"wire_type\":\"" + std::string(WireTypeName(n.wire_type)) + "\"";
    out += ",\"type\":" + JsonString(inspect::TypeLabel(list, i, schema));
    out += ",\"tag\":" + Range(n.tag_offset, n.tag_length);
    out += ",\"length_prefix\":" +
           Range(n.tag_offset + n.tag_length, n.wire_type == WireType::kLengthDelimited ? n.length_prefix_length : 0);
    out += ",\"value\":" + Range(n.value_offset(), n.value_length);
    out += ",\"raw\":\"" + std::to_string(inspect::RawValue(n, data)) + "\"";
    out += ",\"interpretation\":\"" + std::string(inspect::InterpretationName(n.interpretation)) + "\"";
    out += ",\"text\":" + JsonString(inspect::ValueText(list, i, data, schema));
    out += ",\"error\":" + (n.error == ErrorKind::kOk ? std::string("null") : JsonString(ErrorKindName(n.error)));
    out += "}";
  }
  out += "]}\n";
  return out;
}

std::string NodeTree(const inspect::NodeList& list, const uint8_t* data, const schema::Schema* schema) {
  std::string out;
  for (uint32_t i = 0; i < list.nodes.size(); ++i) {
    const Node& n = list.nodes[i];
    char offset[16];
    std::snprintf(offset, sizeof offset, "@%-8u", n.tag_offset);
    out += offset;
    out.append(static_cast<size_t>(n.depth) * 2, ' ');
    if (n.kind == NodeKind::kField || n.kind == NodeKind::kError) out += std::to_string(n.field_number) + " ";
    out += inspect::FieldLabel(list, i, schema) + " (" + inspect::TypeLabel(list, i, schema) + "): ";
    out += inspect::ValueText(list, i, data, schema, 80);
    if (n.error != ErrorKind::kOk && n.kind != NodeKind::kError)
      out += "  [" + std::string(ErrorKindMessage(n.error)) + "]";
    out += "\n";
  }
  return out;
}

}  // namespace wirelens::format
