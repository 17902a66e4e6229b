#include "core/format/text_format.h"

#include <algorithm>
#include <map>
#include <memory>
#include <tuple>
#include <vector>

#include "core/format/merged_message.h"
#include "core/format/raw_text.h"
#include "core/inspect/inspector.h"
#include "core/inspect/values.h"
#include "core/text/literal.h"
#include "core/text/scalar_text.h"
#include "core/wire/reader.h"
#include "core/wire/wire_format.h"

namespace wirelens::format {
namespace {

using inspect::Interpretation;

using inspect::kNoNode;
using inspect::Node;
using inspect::NodeKind;
using schema::FieldType;

class SchemaPrinter {
 public:
  SchemaPrinter(const inspect::NodeList& list, const uint8_t* data, const schema::Schema& schema, bool expand_any,
                bool print_unknown_fields, TextOutput* out)
      : list_(list),
        data_(data),
        schema_(schema),
        expand_any_(expand_any),
        print_unknown_fields_(print_unknown_fields),
        out_(out) {}

  // Prints the message made of `occurrences` (nodes of one message field, merged in order;
  // kNoNode = the top level) of type `message`.
  void PrintMessage(NodeRun occurrences, int message, int indent) {
    const schema::Message& m = schema_.messages[message];
    // One MergedMessage per nesting level, reused: no allocation per message once grown.
    if (depth_ == merged_.size()) merged_.push_back(std::make_unique<MergedMessage>());
    const MergedMessage& merged = *merged_[depth_];
    MergeMessage(list_, data_, schema_, occurrences, message, merged_[depth_].get());
    ++depth_;
    PrintFields(m, merged, indent);
    --depth_;
  }

 private:
  void PrintFields(const schema::Message& m, const MergedMessage& merged, int indent) {
    if (expand_any_ && m.full_name == "google.protobuf.Any" && PrintExpandedAny(m, merged, indent)) return;
    for (const MergedMessage::Group& present : merged.present()) {
      const NodeRun values = present.values;
      const schema::Field& f = m.fields[present.index];
      const std::string& name = text::GroupLike(schema_, m, f) ? schema_.messages[f.message].name : f.name;
      if (f.is_map) {
        PrintMap(name, f, values, indent);
      } else if (f.type == FieldType::kMessage || f.type == FieldType::kGroup) {
        if (f.label == schema::Label::kRepeated) {
          for (const uint32_t& v : values) PrintSubMessage(name, f.message, NodeRun::Of(v), indent);
        } else {
          PrintSubMessage(name, f.message, values, indent);  // merged
        }
      } else if (f.label == schema::Label::kRepeated) {
        for (uint32_t v : values) out_->Line(indent, name + ": " + ValueOf(f, v));
      } else {
        const uint32_t last = values.back();
        if (!f.has_presence && IsZeroValue(f, list_.nodes[last], data_)) continue;  // proto3 implicit presence
        out_->Line(indent, name + ": " + ValueOf(f, last));
      }
    }
    if (!print_unknown_fields_) return;
    for (uint32_t u : merged.unknown()) PrintUnknownNode(u, indent);
  }

  std::string ValueOf(const schema::Field& f, uint32_t v) const {
    const Node& node = list_.nodes[v];
    if (f.type == FieldType::kString || f.type == FieldType::kBytes) {
      return "\"" + text::CEscape(data_ + node.value_offset(), node.value_length) + "\"";
    }
    return text::ScalarText(RawValue(node, data_), f, schema_);
  }

  void PrintSubMessage(const std::string& name, int message, NodeRun occurrences, int indent) {
    out_->Line(indent, name + " {");
    if (message >= 0) PrintMessage(occurrences, message, indent + 1);
    out_->Line(indent, "}");
  }

  void PrintMap(const std::string& name, const schema::Field& f, NodeRun entries, int indent) {
    if (f.message < 0) return;
    const schema::Message& entry_type = schema_.messages[f.message];
    const schema::Field* key_field = entry_type.FindField(1);
    const schema::Field* value_field = entry_type.FindField(2);
    if (key_field == nullptr || value_field == nullptr) return;
    for (uint32_t e : PrintedMapEntries(list_, data_, *key_field, entries)) {
      uint32_t key_node;
      std::vector<uint32_t> value_nodes;
      MapEntryParts(list_, e, &key_node, &value_nodes);
      out_->Line(indent, name + " {");
      out_->Line(indent + 1, "key: " + (key_node == kNoNode ? DefaultText(*key_field) : ValueOf(*key_field, key_node)));
      if (value_field->type == FieldType::kMessage) {
        PrintSubMessage("value", value_field->message, value_nodes, indent + 1);
      } else {
        out_->Line(indent + 1, "value: " + (value_nodes.empty() ? DefaultText(*value_field)
                                                                : ValueOf(*value_field, value_nodes.back())));
      }
      ForEachChild(list_, e, [&](uint32_t c) {
        if (list_.nodes[c].kind == NodeKind::kField && list_.nodes[c].field < 0) PrintUnknownNode(c, indent + 1);
      });
      out_->Line(indent, "}");
    }
  }

  // An Any whose type_url names a message of the schema, and whose value decoded as it, as
  // "[type_url] { fields }" (libprotobuf's expanded form; nothing else of the Any). False when this
  // one does not qualify.
  bool PrintExpandedAny(const schema::Message& any, const MergedMessage& merged, int indent) {
    const auto url_at = any.field_by_number.find(1);
    const auto value_at = any.field_by_number.find(2);
    if (url_at == any.field_by_number.end() || value_at == any.field_by_number.end()) return false;
    const NodeRun url = merged.field(url_at->second);
    const NodeRun value = merged.field(value_at->second);
    if (url.empty()) return false;
    const Node& url_node = list_.nodes[url.back()];
    const std::string text(reinterpret_cast<const char*>(data_ + url_node.value_offset()), url_node.value_length);
    const int type = schema_.FindMessageByTypeUrl(text);
    if (type < 0) return false;
    if (!value.empty()) {
      const auto decoded = list_.any_types.find(value.back());
      if (decoded == list_.any_types.end() || decoded->second != type) return false;
    }
    out_->Line(indent, "[" + text + "] {");
    if (!value.empty()) PrintMessage(NodeRun::Of(value.end()[-1]), type, indent + 1);
    out_->Line(indent, "}");
    return true;
  }

  std::string DefaultText(const schema::Field& f) const {
    if (f.type == FieldType::kString || f.type == FieldType::kBytes) return "\"\"";
    return text::ScalarText(0, f, schema_);
  }

  void PrintUnknownNode(uint32_t u, int indent) {
    const Node& node = list_.nodes[u];
    uint64_t raw = node.wire_type == WireType::kLengthDelimited || node.wire_type == WireType::kStartGroup
                       ? 0
                       : RawValue(node, data_);
    if (node.kind == NodeKind::kPackedElement || (node.field >= 0 && node.wire_type == WireType::kVarint)) {
      // A closed enum's undefined number: libprotobuf keeps it as an int32 varint.
      PrintUnknownField(node.field_number, WireType::kVarint, nullptr, 0,
                        static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(raw))), out_, indent);
      return;
    }
    PrintUnknownField(node.field_number, node.wire_type, data_ + node.value_offset(), node.value_length, raw, out_,
                      indent);
  }

  const inspect::NodeList& list_;
  const uint8_t* data_;
  const schema::Schema& schema_;
  bool expand_any_;
  bool print_unknown_fields_;
  TextOutput* out_;
  std::vector<std::unique_ptr<MergedMessage>> merged_;
  size_t depth_ = 0;
};

}  // namespace

bool RawTextFormat(const uint8_t* data, size_t size, std::string* out) {
  TextOutput text;
  const bool ok = RawText(data, size, &text);
  *out = text.Take();
  return ok;
}

namespace {

// A framed payload: each frame after a comment line naming it; trailers as comment lines.
std::string FramedTextFormat(const inspect::NodeList& list, const uint8_t* data, const schema::Schema& schema,
                             bool expand_any, bool print_unknown_fields) {
  TextOutput out;
  ForEachChild(list, kNoNode, [&](uint32_t i) {
    const Node& frame = list.nodes[i];
    if (frame.kind != NodeKind::kFrame) return;  // a header that could not be read
    out.append("# frame " + std::to_string(frame.field_number) + " at byte " + std::to_string(frame.tag_offset) + ", " +
               std::to_string(frame.value_length) + " bytes" +
               (frame.error == ErrorKind::kTruncated ? " (truncated)" : "") + "\n");
    const uint8_t* body = data + frame.value_offset();
    if (frame.interpretation == Interpretation::kMessage) {
      if (list.root_message >= 0) {
        SchemaPrinter(list, data, schema, expand_any, print_unknown_fields, &out)
            .PrintMessage(NodeRun::Of(i), list.root_message, 0);
      } else if (!RawText(body, frame.value_length, &out)) {
        out.append("# (does not parse as a message)\n");
      }
    } else if (frame.interpretation == Interpretation::kString) {
      size_t start = 0;
      const std::string trailers(reinterpret_cast<const char*>(body), frame.value_length);
      while (start < trailers.size()) {
        size_t stop = trailers.find('\n', start);
        if (stop == std::string::npos) stop = trailers.size();
        std::string line = trailers.substr(start, stop - start);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!line.empty()) out.append("# " + line + "\n");
        start = stop + 1;
      }
    } else {
      out.append("# " + inspect::ValueText(list, i, data, &schema) + "\n");
    }
  });
  return out.Take();
}

}  // namespace

std::string RawTextBeforeError(const inspect::NodeList& list, const uint8_t* data) {
  uint32_t good = static_cast<uint32_t>(list.input_size);
  for (uint32_t i = 0; i < list.nodes.size(); i = list.nodes[i].end) {
    if (list.nodes[i].kind == inspect::NodeKind::kError) {
      good = list.nodes[i].tag_offset;
      break;
    }
  }
  std::string out;
  if (!RawTextFormat(data, good, &out)) out.clear();
  return out;
}

std::string TextFormat(const inspect::NodeList& list, const uint8_t* data, const schema::Schema& schema,
                       bool expand_any, bool print_unknown_fields) {
  if (list.framing != inspect::Framing::kBare) {
    return FramedTextFormat(list, data, schema, expand_any, print_unknown_fields);
  }
  TextOutput out;
  if (list.root_message < 0) {
    RawText(data, list.input_size, &out);
    return out.Take();
  }
  const uint32_t top = kNoNode;
  SchemaPrinter(list, data, schema, expand_any, print_unknown_fields, &out)
      .PrintMessage(NodeRun::Of(top), list.root_message, 0);
  return out.Take();
}

}  // namespace wirelens::format
