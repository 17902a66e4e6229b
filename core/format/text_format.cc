#include "core/format/text_format.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <map>
#include <tuple>
#include <vector>

#include "core/inspect/inspector.h"
#include "core/inspect/values.h"
#include "core/wire/reader.h"

namespace wirelens::format {
namespace {

using inspect::CEscape;
using inspect::Interpretation;
using inspect::kNoNode;
using inspect::Node;
using inspect::NodeKind;
using schema::FieldType;

// protobuf's TextFormat prints unknown fields with a nesting budget of 10, and parses stdin for
// --decode_raw with the default recursion limit of 100.
constexpr int kUnknownFieldBudget = 10;
constexpr int kDefaultRecursionLimit = 100;

void Line(std::string* out, int indent, const std::string& text) {
  out->append(static_cast<size_t>(indent) * 2, ' ');
  out->append(text);
  out->push_back('\n');
}

std::string Hex32(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08" PRIx32, v);
  return buf;
}

std::string Hex64(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%016" PRIx64, v);
  return buf;
}

// protoc prints unknown fields (and --decode_raw everything) from libprotobuf's UnknownFieldSet
// parser, quirks included: tags and lengths are varints truncated to 32 bits; field number 0 and
// wire types 6/7 fail; a group must end with its own END_GROUP; groups nest at most `depth_left`.
const uint8_t* ReadVarint32Truncating(const uint8_t* p, const uint8_t* end, uint32_t* value) {
  uint64_t v;
  p = ReadVarint(p, end, &v);
  if (p != nullptr) *value = static_cast<uint32_t>(v);
  return p;
}

// Walks fields in [p, end) (a group's contents when group_number != 0), printing them when `out`
// is not null. Returns the position after them (after the END_GROUP), or nullptr when they do not
// parse.
const uint8_t* WalkProtocFields(const uint8_t* p, const uint8_t* end, int depth_left, uint32_t group_number,
                                std::string* out, int indent, int budget);

void PrintRawLengthDelimited(const std::string& prefix, const uint8_t* value, size_t size, std::string* out,
                             int indent, int budget) {
  const uint8_t* end = value + size;
  if (size > 0 && budget > 0 && WalkProtocFields(value, end, budget, 0, nullptr, 0, 0) == end) {
    Line(out, indent, prefix + " {");
    WalkProtocFields(value, end, budget, 0, out, indent + 1, budget - 1);
    Line(out, indent, "}");
  } else {
    Line(out, indent, prefix + ": \"" + CEscape(value, size) + "\"");
  }
}

const uint8_t* WalkProtocFields(const uint8_t* p, const uint8_t* end, int depth_left, uint32_t group_number,
                                std::string* out, int indent, int budget) {
  while (p < end) {
    uint32_t tag;
    p = ReadVarint32Truncating(p, end, &tag);
    if (p == nullptr) return nullptr;
    const uint32_t number = tag >> 3;
    if (number == 0) return nullptr;
    const std::string name = out != nullptr ? std::to_string(number) : std::string();
    switch (tag & 7) {
      case 0: {
        uint64_t v;
        p = ReadVarint(p, end, &v);
        if (p == nullptr) return nullptr;
        if (out != nullptr) Line(out, indent, name + ": " + std::to_string(v));
        break;
      }
      case 1:
        if (end - p < 8) return nullptr;
        if (out != nullptr) Line(out, indent, name + ": " + Hex64(LoadFixed64(p)));
        p += 8;
        break;
      case 5:
        if (end - p < 4) return nullptr;
        if (out != nullptr) Line(out, indent, name + ": " + Hex32(LoadFixed32(p)));
        p += 4;
        break;
      case 2: {
        uint32_t length;
        p = ReadVarint32Truncating(p, end, &length);
        if (p == nullptr || length > static_cast<size_t>(end - p)) return nullptr;
        if (out != nullptr) PrintRawLengthDelimited(name, p, length, out, indent, budget);
        p += length;
        break;
      }
      case 3: {
        if (depth_left <= 0) return nullptr;
        if (out != nullptr) Line(out, indent, name + " {");
        p = WalkProtocFields(p, end, depth_left - 1, number, out, indent + 1, budget - 1);
        if (p == nullptr) return nullptr;
        if (out != nullptr) Line(out, indent, "}");
        break;
      }
      case 4:
        return number == group_number ? p : nullptr;
      default:
        return nullptr;
    }
  }
  return group_number == 0 ? p : nullptr;
}

// Sort key of a map entry's key, ordered as libprotobuf's deterministic map printing orders them.
struct MapKey {
  int kind = 0;  // 0 signed, 1 unsigned, 2 bool, 3 string
  int64_t s = 0;
  uint64_t u = 0;
  std::string text;
  bool operator<(const MapKey& o) const { return std::tie(kind, s, u, text) < std::tie(o.kind, o.s, o.u, o.text); }
};

class SchemaPrinter {
 public:
  SchemaPrinter(const inspect::NodeList& list, const uint8_t* data, const schema::Schema& schema, std::string* out)
      : list_(list), data_(data), schema_(schema), out_(out) {}

  // Prints the message made of `occurrences` (nodes of one message field, merged in order;
  // kNoNode = the top level) of type `message`.
  void PrintMessage(const std::vector<uint32_t>& occurrences, int message, int indent) {
    const schema::Message& m = schema_.messages[message];
    std::vector<std::vector<uint32_t>> buckets(m.fields.size());
    std::vector<int> oneof_current(m.oneofs.size(), -1);
    std::vector<uint32_t> unknown;
    for (uint32_t occurrence : occurrences) {
      ForEachChild(occurrence, [&](uint32_t c) {
        const Node& node = list_.nodes[c];
        if (node.kind != NodeKind::kField) return;
        if (node.field < 0) {
          unknown.push_back(c);
          return;
        }
        const schema::Field& f = m.fields[node.field];
        auto add = [&](uint32_t v) {
          if (IsUndefinedClosedEnum(f, RawValue(list_.nodes[v], data_)) || IsEntryWithUndefinedClosedEnum(f, v)) {
            unknown.push_back(v);
            return;
          }
          if (f.oneof >= 0 && oneof_current[f.oneof] != node.field) {
            if (oneof_current[f.oneof] >= 0) buckets[oneof_current[f.oneof]].clear();  // a oneof keeps its last member
            buckets[node.field].clear();
            oneof_current[f.oneof] = node.field;
          }
          buckets[node.field].push_back(v);
        };
        if (IsPacked(node)) {
          ForEachChild(c, [&](uint32_t e) {
            if (list_.nodes[e].kind == NodeKind::kPackedElement) add(e);
          });
        } else {
          add(c);
        }
      });
    }
    std::vector<int> order(m.fields.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return m.fields[a].number < m.fields[b].number; });
    for (int fi : order) {
      const std::vector<uint32_t>& values = buckets[fi];
      if (values.empty()) continue;
      const schema::Field& f = m.fields[fi];
      const std::string name = f.type == FieldType::kGroup && f.message >= 0 ? schema_.messages[f.message].name : f.name;
      if (f.is_map) {
        PrintMap(name, f, values, indent);
      } else if (f.type == FieldType::kMessage || f.type == FieldType::kGroup) {
        if (f.label == schema::Label::kRepeated) {
          for (uint32_t v : values) PrintSubMessage(name, f.message, {v}, indent);
        } else {
          PrintSubMessage(name, f.message, values, indent);  // merged
        }
      } else if (f.label == schema::Label::kRepeated) {
        for (uint32_t v : values) PrintScalar(name, f, v, indent);
      } else {
        const uint32_t last = values.back();
        if (!f.has_presence && IsDefault(f, last)) continue;  // proto3 implicit presence
        PrintScalar(name, f, last, indent);
      }
    }
    for (uint32_t u : unknown) PrintUnknownNode(u, indent);
  }

 private:
  template <typename F>
  void ForEachChild(uint32_t parent, F f) const {
    const uint32_t begin = parent == kNoNode ? 0 : parent + 1;
    const uint32_t end = parent == kNoNode ? static_cast<uint32_t>(list_.nodes.size()) : list_.nodes[parent].end;
    for (uint32_t c = begin; c < end; c = list_.nodes[c].end) f(c);
  }

  static bool IsPacked(const Node& node) {
    return node.interpretation == Interpretation::kPackedVarint || node.interpretation == Interpretation::kPackedFixed32 ||
           node.interpretation == Interpretation::kPackedFixed64;
  }

  bool IsUndefinedClosedEnum(const schema::Field& f, uint64_t raw) const {
    if (f.type != FieldType::kEnum || f.enumeration < 0) return false;
    const schema::Enum& e = schema_.enums[f.enumeration];
    return e.closed && e.NameOf(static_cast<int32_t>(raw)) == nullptr;
  }

  // A map entry whose value is a closed enum number the enum does not define (kept as unknown).
  bool IsEntryWithUndefinedClosedEnum(const schema::Field& f, uint32_t entry) const {
    if (!f.is_map || f.message < 0) return false;
    const schema::Field* value_field = schema_.messages[f.message].FindField(2);
    if (value_field == nullptr || value_field->type != FieldType::kEnum) return false;
    uint64_t raw = 0;
    ForEachChild(entry, [&](uint32_t c) {
      if (list_.nodes[c].field_number == 2 && list_.nodes[c].field >= 0) raw = RawValue(list_.nodes[c], data_);
    });
    return IsUndefinedClosedEnum(*value_field, raw);
  }

  bool IsDefault(const schema::Field& f, uint32_t v) const {
    const Node& node = list_.nodes[v];
    switch (f.type) {
      case FieldType::kString: case FieldType::kBytes: return node.value_length == 0;
      case FieldType::kInt64: case FieldType::kUInt64: case FieldType::kSInt64: case FieldType::kFixed64:
      case FieldType::kSFixed64: case FieldType::kDouble: case FieldType::kBool:
        return RawValue(node, data_) == 0;
      default: return static_cast<uint32_t>(RawValue(node, data_)) == 0;
    }
  }

  std::string ValueOf(const schema::Field& f, uint32_t v) const {
    const Node& node = list_.nodes[v];
    if (f.type == FieldType::kString || f.type == FieldType::kBytes) {
      return "\"" + CEscape(data_ + node.value_offset(), node.value_length) + "\"";
    }
    return inspect::ScalarText(RawValue(node, data_), f, schema_);
  }

  void PrintScalar(const std::string& name, const schema::Field& f, uint32_t v, int indent) {
    Line(out_, indent, name + ": " + ValueOf(f, v));
  }

  void PrintSubMessage(const std::string& name, int message, const std::vector<uint32_t>& occurrences, int indent) {
    Line(out_, indent, name + " {");
    if (message >= 0) PrintMessage(occurrences, message, indent + 1);
    Line(out_, indent, "}");
  }

  void PrintMap(const std::string& name, const schema::Field& f, const std::vector<uint32_t>& entries, int indent) {
    if (f.message < 0) return;
    const schema::Message& entry_type = schema_.messages[f.message];
    const schema::Field* key_field = entry_type.FindField(1);
    const schema::Field* value_field = entry_type.FindField(2);
    if (key_field == nullptr || value_field == nullptr) return;
    std::map<MapKey, uint32_t> sorted;  // a later entry with the same key wins
    for (uint32_t e : entries) sorted[KeyOf(*key_field, e)] = e;
    for (const auto& [key, e] : sorted) {
      uint32_t key_node = kNoNode;
      std::vector<uint32_t> value_nodes;
      ForEachChild(e, [&](uint32_t c) {
        const Node& node = list_.nodes[c];
        if (node.kind != NodeKind::kField || node.field < 0) return;
        if (node.field_number == 1) key_node = c;
        if (node.field_number == 2) value_nodes.push_back(c);
      });
      Line(out_, indent, name + " {");
      Line(out_, indent + 1, "key: " + (key_node == kNoNode ? DefaultText(*key_field) : ValueOf(*key_field, key_node)));
      if (value_field->type == FieldType::kMessage) {
        PrintSubMessage("value", value_field->message, value_nodes, indent + 1);
      } else {
        Line(out_, indent + 1, "value: " + (value_nodes.empty() ? DefaultText(*value_field)
                                                                : ValueOf(*value_field, value_nodes.back())));
      }
      Line(out_, indent, "}");
    }
  }

  std::string DefaultText(const schema::Field& f) const {
    if (f.type == FieldType::kString || f.type == FieldType::kBytes) return "\"\"";
    return inspect::ScalarText(0, f, schema_);
  }

  MapKey KeyOf(const schema::Field& key_field, uint32_t entry) const {
    MapKey key;
    ForEachChild(entry, [&](uint32_t c) {
      const Node& node = list_.nodes[c];
      if (node.kind != NodeKind::kField || node.field_number != 1 || node.field < 0) return;
      switch (key_field.type) {
        case FieldType::kString:
          key.kind = 3;
          key.text.assign(reinterpret_cast<const char*>(data_ + node.value_offset()), node.value_length);
          break;
        case FieldType::kBool: key.kind = 2; key.u = RawValue(node, data_) != 0; break;
        case FieldType::kUInt32: case FieldType::kFixed32: key.kind = 1; key.u = static_cast<uint32_t>(RawValue(node, data_)); break;
        case FieldType::kUInt64: case FieldType::kFixed64: key.kind = 1; key.u = RawValue(node, data_); break;
        case FieldType::kSInt32: key.s = ZigZagDecode32(static_cast<uint32_t>(RawValue(node, data_))); break;
        case FieldType::kSInt64: key.s = ZigZagDecode64(RawValue(node, data_)); break;
        case FieldType::kInt32: case FieldType::kSFixed32: key.s = static_cast<int32_t>(RawValue(node, data_)); break;
        default: key.s = static_cast<int64_t>(RawValue(node, data_)); break;
      }
    });
    if (key_field.type == FieldType::kString) key.kind = 3;
    if (key_field.type == FieldType::kBool) key.kind = 2;
    return key;
  }

  void PrintUnknownNode(uint32_t u, int indent) {
    const Node& node = list_.nodes[u];
    const std::string number = std::to_string(node.field_number);
    if (node.kind == NodeKind::kPackedElement || (node.field >= 0 && node.wire_type == WireType::kVarint)) {
      // A closed enum's undefined number: libprotobuf keeps it as an int32 varint.
      Line(out_, indent, number + ": " + std::to_string(static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(RawValue(node, data_))))));
      return;
    }
    const uint8_t* value = data_ + node.value_offset();
    switch (node.wire_type) {
      case WireType::kVarint: Line(out_, indent, number + ": " + std::to_string(RawValue(node, data_))); break;
      case WireType::kFixed32: Line(out_, indent, number + ": " + Hex32(static_cast<uint32_t>(RawValue(node, data_)))); break;
      case WireType::kFixed64: Line(out_, indent, number + ": " + Hex64(RawValue(node, data_))); break;
      case WireType::kLengthDelimited:
        PrintRawLengthDelimited(number, value, node.value_length, out_, indent, kUnknownFieldBudget);
        break;
      case WireType::kStartGroup:
        Line(out_, indent, number + " {");
        WalkProtocFields(value, value + node.value_length, kDefaultRecursionLimit, 0, out_, indent + 1,
                         kUnknownFieldBudget - 1);
        Line(out_, indent, "}");
        break;
      case WireType::kEndGroup: break;
    }
  }

  const inspect::NodeList& list_;
  const uint8_t* data_;
  const schema::Schema& schema_;
  std::string* out_;
};

}  // namespace

bool RawTextFormat(const uint8_t* data, size_t size, std::string* out) {
  out->clear();
  const uint8_t* end = data + size;
  if (WalkProtocFields(data, end, kDefaultRecursionLimit, 0, nullptr, 0, 0) != end) return false;
  WalkProtocFields(data, end, kDefaultRecursionLimit, 0, out, 0, kUnknownFieldBudget);
  return true;
}

std::string TextFormat(const inspect::NodeList& list, const uint8_t* data, const schema::Schema& schema) {
  std::string out;
  if (list.root_message < 0) {
    RawTextFormat(data, list.input_size, &out);
    return out;
  }
  SchemaPrinter(list, data, schema, &out).PrintMessage({kNoNode}, list.root_message, 0);
  return out;
}

}  // namespace wirelens::format
