#include "core/format/node_json.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <unordered_map>

#include "core/inspect/inspector.h"
#include "core/inspect/values.h"
#include "core/text/scalar_text.h"
#include "core/wire/packed.h"
#include "core/wire/reader.h"
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

}  // namespace

namespace {

template <typename Out>
void AppendJsonStringTo(std::string_view text, Out* out) {
  out->push_back('"');
  const auto* p = reinterpret_cast<const uint8_t*>(text.data());
  const size_t n = text.size();
  for (size_t i = 0; i < n;) {
    const uint8_t c = p[i];
    if (c < 0x80) {
      switch (c) {
        case '"': out->append(std::string_view("\\\"")); break;
        case '\\': out->append(std::string_view("\\\\")); break;
        case '\n': out->append(std::string_view("\\n")); break;
        case '\r': out->append(std::string_view("\\r")); break;
        case '\t': out->append(std::string_view("\\t")); break;
        default:
          if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out->append(std::string_view(buf));
          } else {
            out->push_back(static_cast<char>(c));
          }
      }
      ++i;
      continue;
    }
    const size_t length = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
    if (i + length <= n && IsValidUtf8(p + i, length)) {
      out->append(text.data() + i, length);
      i += length;
    } else {
      out->append(std::string_view("\xef\xbf\xbd"));  // U+FFFD
      ++i;
    }
  }
  out->push_back('"');
}

}  // namespace

void AppendJsonString(std::string_view text, std::string* out) { AppendJsonStringTo(text, out); }

std::string JsonString(const std::string& text) {
  std::string out;
  AppendJsonString(text, &out);
  return out;
}

namespace {

void AppendRange(uint64_t offset, uint32_t length, TextOutput* out) {
  out->push_back('[');
  text::AppendDecimal(offset, out);
  out->push_back(',');
  text::AppendDecimal(length, out);
  out->push_back(']');
}

// Writes the tree's lines or the JSON's node objects of lists that are a payload, or runs of its
// top-level fields each inspected on its own (offsets and indices then from the run's start). A
// node's name, type and value are those of inspect/values.h; for the nodes most payloads are made
// of (a declared field's number, a packed element) they are written without a string of their own.
class NodeWriter {
 public:
  NodeWriter(const schema::Schema* schema, TextOutput* out) : schema_(schema), out_(out) {}

  // The lines of `list` (of the bytes at `data`, which begin at byte `base_offset` of the payload).
  void Tree(const inspect::NodeList& list, const uint8_t* data, uint64_t base_offset) {
    run_ = inspect::kNoNode;
    TextOutput& out = *out_;
    for (uint32_t i = 0; i < list.nodes.size(); ++i) {
      const Node& n = list.nodes[i];
      LineStart(base_offset + n.tag_offset, n.depth);
      if (n.kind == NodeKind::kField || n.kind == NodeKind::kError) {
        text::AppendDecimal(n.field_number, &out);
        out.push_back(' ');
      }
      const schema::Field* field = FieldOf(list, i);
      if (const std::string* label = CommonLabel(list, i, field)) {  // "name (type): ", "] (type): "
        if (n.kind == NodeKind::kPackedElement) {
          out.push_back('[');
          text::AppendDecimal(i - n.parent - 1, &out);
        }
        out.append(*label);
      } else {
        Name(list, i, field, &out);
        out.append(" (");
        Type(list, i, field, &out);
        out.append("): ");
      }
      if (inspect::IsPacked(n.interpretation) && n.end == i + 1 && n.value_length > 0 && field != nullptr) {
        ElidedRun(list, i, *field, data, base_offset);
        continue;
      }
      Value(list, i, data, field, 80, &out);
      EndLine(n);
    }
  }

  // The node objects of `list`, after `written` objects already (a comma before each but the first).
  void Json(const inspect::NodeList& list, const uint8_t* data, uint64_t base_offset, uint64_t* written) {
    run_ = inspect::kNoNode;
    TextOutput& out = *out_;
    const uint64_t base_index = *written;
    for (uint32_t i = 0; i < list.nodes.size(); ++i) {
      const Node& n = list.nodes[i];
      if (*written > 0) out.append(",\n");
      ++*written;
      const schema::Field* field = FieldOf(list, i);
      out.append("{\"index\":");
      text::AppendDecimal(base_index + i, &out);
      out.append(",\"parent\":");
      if (n.parent == inspect::kNoNode) out.append("-1");
      else text::AppendDecimal(base_index + n.parent, &out);
      out.append(",\"depth\":");
      text::AppendDecimal(uint32_t{n.depth}, &out);
      out.append(",\"kind\":\"");
      out.append(KindName(n.kind));
      out.append("\",\"field_number\":");
      text::AppendDecimal(n.field_number, &out);
      out.append(",\"name\":");
      scratch_.clear();
      Name(list, i, field, &scratch_);
      AppendJsonStringTo(scratch_, &out);
      out.append(",\"wire_type\":\"");
      out.append(WireTypeName(n.wire_type));
      out.append("\",\"type\":");
      scratch_.clear();
      Type(list, i, field, &scratch_);
      AppendJsonStringTo(scratch_, &out);
      out.append(",\"tag\":");
      AppendRange(base_offset + n.tag_offset, n.tag_length, &out);
      out.append(",\"length_prefix\":");
      AppendRange(base_offset + n.tag_offset + n.tag_length,
                  n.wire_type == WireType::kLengthDelimited ? n.length_prefix_length : 0, &out);
      out.append(",\"value\":");
      AppendRange(base_offset + n.value_offset(), n.value_length, &out);
      out.append(",\"raw\":\"");
      text::AppendDecimal(inspect::RawValue(n, data), &out);
      out.append("\",\"interpretation\":\"");
      out.append(inspect::InterpretationName(n.interpretation));
      out.append("\",\"text\":");
      scratch_.clear();
      Value(list, i, data, field, 200, &scratch_);  // ValueText's default
      AppendJsonStringTo(scratch_, &out);
      out.append(",\"error\":");
      if (n.error == ErrorKind::kOk) out.append("null");
      else AppendJsonStringTo(ErrorKindName(n.error), &out);
      out.push_back('}');
      out_->MaybeFlush();
    }
  }

 private:
  // A tree line's offset column ("@%-8u") and its indent (two spaces a level), written in place.
  void LineStart(uint64_t offset, int depth) {
    const size_t indent = static_cast<size_t>(depth) * 2;
    char* line = out_->Reserve(1 + 20 + 8 + indent);
    line[0] = '@';
    char* digits_end = std::to_chars(line + 1, line + 21, offset).ptr;
    char* column_end = std::max(digits_end, line + 9);
    std::memset(digits_end, ' ', static_cast<size_t>(column_end - digits_end) + indent);
    out_->Commit(column_end + indent);
  }

  // Ends node `n`'s tree line, with its problem if it has one.
  void EndLine(const Node& n) {
    if (n.error != ErrorKind::kOk && n.kind != NodeKind::kError) {
      out_->append("  [");
      out_->append(ErrorKindMessage(n.error));
      out_->push_back(']');
    }
    out_->EndLine();
  }

  // The rest of the line of packed run i of declared field `field` whose elements Inspect() left
  // out (InspectOptions::packed_elements), then its elements' lines, as they would be were they
  // nodes: read from its bytes, which decode whole.
  void ElidedRun(const inspect::NodeList& list, uint32_t i, const schema::Field& field, const uint8_t* data,
                 uint64_t base_offset) {
    const Node& run = list.nodes[i];
    const uint8_t* p = data + run.value_offset();
    const uint8_t* end = p + run.value_length;
    const int width = run.interpretation == inspect::Interpretation::kPackedFixed32   ? 4
                      : run.interpretation == inspect::Interpretation::kPackedFixed64 ? 8
                                                                                      : 0;
    size_t count = run.value_length / static_cast<size_t>(std::max(width, 1));
    if (width == 0) count = static_cast<size_t>(std::count_if(p, end, [](uint8_t b) { return b < 0x80; }));
    out_->push_back('[');
    text::AppendDecimal(count, out_);
    out_->append(count == 1 ? std::string_view(" element, packed]") : std::string_view(" elements, packed]"));
    EndLine(run);
    if (&field != element_field_) {
      element_field_ = &field;
      element_label_ = "] (" + schema::FieldTypeLabel(field) + "): ";
    }
    size_t k = 0;
    ForEachPackedElement(p, end, width, [&](uint64_t raw, const uint8_t* at) {  // whole: the inspector checked
      LineStart(base_offset + static_cast<uint64_t>(at - data), run.depth + 1);
      out_->push_back('[');
      text::AppendDecimal(k++, out_);
      out_->append(element_label_);
      text::AppendScalarText(raw, field, *schema_, out_);
      out_->EndLine();
    });
  }

  // inspect::FieldOf; a packed element's is its run's, asked once per run.
  const schema::Field* FieldOf(const inspect::NodeList& list, uint32_t i) {
    const Node& n = list.nodes[i];
    if (n.kind != NodeKind::kPackedElement) return inspect::FieldOf(list, i, schema_);
    if (n.parent != run_) {
      run_ = n.parent;
      run_field_ = inspect::FieldOf(list, i, schema_);
    }
    return run_field_;
  }

  // inspect::FieldLabel.
  template <typename Out>
  void Name(const inspect::NodeList& list, uint32_t i, const schema::Field* field, Out* out) const {
    const Node& n = list.nodes[i];
    if (n.kind == NodeKind::kPackedElement) {
      out->push_back('[');
      text::AppendDecimal(i - n.parent - 1, out);
      out->push_back(']');
    } else if (n.kind == NodeKind::kField && field != nullptr) {
      out->append(field->name);
    } else {
      out->append(inspect::FieldLabel(list, i, schema_));
    }
  }

  // The texts of a field's nodes (a packed element's apart), made at its first node.
  struct FieldTexts {
    std::string type;   // inspect::TypeLabel
    std::string label;  // what a tree line has between the number or index and the value
  };

  // Whether node i's type label is its field's alone (not a map's, not an Any's value): kept then.
  static bool KeepsFieldTexts(const inspect::NodeList& list, uint32_t i, const schema::Field* field) {
    return field != nullptr && !field->is_map && (list.any_types.empty() || list.any_types.count(i) == 0);
  }

  // Precondition: KeepsFieldTexts(list, i, field).
  const FieldTexts& TextsOf(const inspect::NodeList& list, uint32_t i, const schema::Field* field) {
    const bool element = list.nodes[i].kind == NodeKind::kPackedElement;
    if (field != last_field_ || element != last_element_) {  // runs of one field's nodes are common
      FieldTexts& texts = texts_[element][field];
      if (texts.type.empty()) {
        texts.type = inspect::TypeLabel(list, i, schema_);
        texts.label = (element ? std::string("]") : field->name) + " (" + texts.type + "): ";
      }
      last_field_ = field;
      last_element_ = element;
      last_texts_ = &texts;
    }
    return *last_texts_;
  }

  // For the nodes payloads are mostly made of (a declared field, a packed element) whose texts are
  // kept: "name (type): " or "] (type): "; else null.
  const std::string* CommonLabel(const inspect::NodeList& list, uint32_t i, const schema::Field* field) {
    const NodeKind kind = list.nodes[i].kind;
    if ((kind != NodeKind::kField && kind != NodeKind::kPackedElement) || !KeepsFieldTexts(list, i, field)) {
      return nullptr;
    }
    return &TextsOf(list, i, field).label;
  }

  // inspect::TypeLabel, kept per field.
  template <typename Out>
  void Type(const inspect::NodeList& list, uint32_t i, const schema::Field* field, Out* out) {
    if (KeepsFieldTexts(list, i, field)) out->append(TextsOf(list, i, field).type);
    else out->append(inspect::TypeLabel(list, i, schema_));
  }

  // inspect::ValueText.
  template <typename Out>
  void Value(const inspect::NodeList& list, uint32_t i, const uint8_t* data, const schema::Field* field,
             size_t max_chars, Out* out) const {
    const Node& n = list.nodes[i];
    const bool declared = (n.kind == NodeKind::kField || n.kind == NodeKind::kPackedElement) && field != nullptr;
    if (declared && n.interpretation == inspect::Interpretation::kNumber &&
        schema::WireTypeOf(field->type) != WireType::kLengthDelimited) {
      text::AppendScalarText(inspect::RawValue(n, data), *field, *schema_, out);
    } else if (declared && (n.interpretation == inspect::Interpretation::kString ||
                            n.interpretation == inspect::Interpretation::kBytes)) {
      // inspect::ValueText's quoted text, the first max_chars bytes of it, written in place.
      out->push_back('"');
      text::AppendCEscaped(data + n.value_offset(), std::min<size_t>(n.value_length, max_chars), out);
      out->append(std::string_view(n.value_length > max_chars ? "\"…" : "\""));
      if (n.interpretation == inspect::Interpretation::kBytes) {
        out->append(std::string_view(" ("));
        text::AppendDecimal(n.value_length, out);
        out->append(std::string_view(" bytes)"));
      }
    } else if (declared && n.interpretation == inspect::Interpretation::kMessage && !field->is_map) {
      int children = 0;
      for (uint32_t c = i + 1; c < n.end; c = list.nodes[c].end) ++children;
      out->push_back('{');
      text::AppendDecimal(children, out);
      out->append(std::string_view(children == 1 ? " field}" : " fields}"));
    } else {
      out->append(inspect::ValueText(list, i, data, schema_, max_chars));
    }
  }

  const schema::Schema* schema_;
  TextOutput* out_;
  std::unordered_map<const schema::Field*, FieldTexts> texts_[2];  // [a packed element's]
  const schema::Field* last_field_ = nullptr;                      // TextsOf's last answer
  bool last_element_ = false;
  const FieldTexts* last_texts_ = nullptr;
  uint32_t run_ = inspect::kNoNode;  // the packed run FieldOf() saw last, in the list being written
  const schema::Field* run_field_ = nullptr;
  std::string scratch_;
  const schema::Field* element_field_ = nullptr;  // whose elements' "] (type): " element_label_ is
  std::string element_label_;
};

// NodeJson's members before the nodes.
void JsonHead(size_t input_size, const schema::Schema* schema, int root, inspect::Framing framing, Status error,
              TextOutput* out) {
  out->append("{\"input_size\":");
  text::AppendDecimal(input_size, out);
  out->append(",\"root\":");
  if (schema != nullptr && root >= 0) AppendJsonStringTo(schema->messages[root].full_name, out);
  else out->append("null");
  out->append(",\"framing\":\"");
  out->append(inspect::FramingName(framing));
  out->append("\",\"error\":");
  if (error.ok()) {
    out->append("null");
  } else {
    out->append("{\"kind\":");
    AppendJsonStringTo(ErrorKindName(error.kind), out);
    out->append(",\"offset\":");
    text::AppendDecimal(error.offset, out);
    out->push_back('}');
  }
  out->append(",\"nodes\":[");
}

// Calls f(list, run) for runs of about 64 KB of the payload's top-level fields, each inspected on
// its own with `options`. Precondition: the payload is plain (IsPlainMessage), so the runs' nodes
// are the whole payload's.
template <typename F>
void ForEachRun(const uint8_t* data, size_t size, const schema::Schema* schema, int root,
                const inspect::InspectOptions& options, F f) {
  constexpr size_t kRunBytes = size_t{64} << 10;
  const uint8_t* end = data + size;
  for (const uint8_t* run = data; run < end;) {
    Reader reader(run, static_cast<size_t>(end - run));
    while (static_cast<size_t>(reader.position() - run) < kRunBytes && reader.NextField() && reader.SkipField()) {}
    const uint8_t* run_end = reader.status().ok() && reader.position() > run ? reader.position() : end;
    f(inspect::Inspect(run, static_cast<size_t>(run_end - run), schema, root, options), run);
    run = run_end;
  }
}

}  // namespace

std::string NodeJson(const inspect::NodeList& list, const uint8_t* data, const schema::Schema* schema) {
  TextOutput out;
  JsonHead(list.input_size, schema, list.root_message, list.framing, list.first_error, &out);
  uint64_t written = 0;
  NodeWriter(schema, &out).Json(list, data, 0, &written);
  out.append("]}\n");
  return out.Take();
}

std::string NodeTree(const inspect::NodeList& list, const uint8_t* data, const schema::Schema* schema) {
  TextOutput out;
  NodeWriter(schema, &out).Tree(list, data, 0);
  return out.Take();
}

void PlainPayloadTree(const uint8_t* data, size_t size, const schema::Schema* schema, int root, TextOutput* out) {
  NodeWriter writer(schema, out);
  inspect::InspectOptions options;
  options.packed_elements = false;  // the tree reads them from the bytes
  options.utf8_checked = true;      // IsPlainMessage did
  ForEachRun(data, size, schema, root, options, [&](const inspect::NodeList& list, const uint8_t* run) {
    out->reading = run;
    writer.Tree(list, run, run - data);
  });
}

void PlainPayloadNodeJson(const uint8_t* data, size_t size, const schema::Schema* schema, int root, TextOutput* out) {
  JsonHead(size, schema, root, inspect::Framing::kBare, Status::Ok(), out);
  NodeWriter writer(schema, out);
  uint64_t written = 0;
  inspect::InspectOptions options;
  options.utf8_checked = true;  // IsPlainMessage did
  ForEachRun(data, size, schema, root, options, [&](const inspect::NodeList& list, const uint8_t* run) {
    out->reading = run;
    writer.Json(list, run, run - data, &written);
  });
  out->append("]}\n");
}

}  // namespace wirelens::format
