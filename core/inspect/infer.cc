#include "core/inspect/infer.h"

#include <cmath>
#include <cstring>
#include <map>
#include <memory>

#include "core/inspect/inspector.h"

namespace wirelens::inspect {
namespace {

struct Shape;

// What one field number looked like across every message of one shape.
struct FieldStats {
  uint32_t by_wire_type[6] = {};
  uint32_t max_per_message = 0;
  // Varints.
  uint64_t max_varint = 0;
  bool only_bool = true;
  bool negative = false;  // a value >= 2^63: a negative int64 (or int32) as protobuf writes it
  // Fixed values.
  bool plausible_float = true, plausible_double = true;
  // Length-delimited values, by how the raw decode read them.
  uint32_t empty = 0, messages = 0, texts = 0, texts_parsing = 0, others = 0;
  std::unique_ptr<Shape> nested;  // sub-messages and groups, merged
};

struct Shape {
  std::map<uint32_t, FieldStats> fields;
};

bool PlausibleFloat(double v, double range) {
  return std::isfinite(v) && (v == 0 || (std::fabs(v) >= 1 / range && std::fabs(v) <= range));
}

class Inferrer {
 public:
  void Add(const NodeList& list, const uint8_t* data) {
    data_ = data;
    list_ = &list;
    Merge(&root_, kNoNode);
  }
  std::string Print(const InferOptions& options, size_t payloads, size_t bytes) {
    std::string out = "// Inferred by wirelens from " + std::to_string(payloads) + " payload" +
                      (payloads == 1 ? "" : "s") + " (" + std::to_string(bytes) +
                      " bytes). Names and types are guesses: rename and retype freely.\n";
    out += "syntax = \"proto2\";\n\npackage " + options.package + ";\n\n";
    PrintMessage(root_, options.root_name, 0, &out);
    return out;
  }

 private:
  void Merge(Shape* shape, uint32_t parent) {
    const std::vector<Node>& nodes = list_->nodes;
    const uint32_t begin = parent == kNoNode ? 0 : parent + 1;
    const uint32_t end = parent == kNoNode ? static_cast<uint32_t>(nodes.size()) : nodes[parent].end;
    std::map<uint32_t, uint32_t> seen_here;
    for (uint32_t c = begin; c < end; c = nodes[c].end) {
      const Node& node = nodes[c];
      if (node.kind != NodeKind::kField) continue;
      FieldStats& f = shape->fields[node.field_number];
      ++seen_here[node.field_number];
      const int wire_type = static_cast<int>(node.wire_type);
      if (wire_type < 6) ++f.by_wire_type[wire_type];
      switch (node.wire_type) {
        case WireType::kVarint: {
          const uint64_t v = RawValue(node, data_);
          f.only_bool &= v <= 1;
          f.negative |= v >= (uint64_t{1} << 63);
          if (v > f.max_varint) f.max_varint = v;
          break;
        }
        case WireType::kFixed32: {
          const auto bits = static_cast<uint32_t>(RawValue(node, data_));
          float v;
          std::memcpy(&v, &bits, sizeof v);
          f.plausible_float &= PlausibleFloat(v, 1e30);
          break;
        }
        case WireType::kFixed64: {
          const uint64_t bits = RawValue(node, data_);
          double v;
          std::memcpy(&v, &bits, sizeof v);
          f.plausible_double &= PlausibleFloat(v, 1e100);
          break;
        }
        case WireType::kLengthDelimited:
          if (node.value_length == 0) {
            ++f.empty;
          } else if (node.interpretation == Interpretation::kMessage) {
            ++f.messages;
            if (!f.nested) f.nested = std::make_unique<Shape>();
            Merge(f.nested.get(), c);
          } else if (node.interpretation == Interpretation::kString) {
            ++f.texts;
            const uint8_t* value = data_ + node.value_offset();
            if (ParsesAsMessage(value, value + node.value_length, kDefaultDepthLimit)) ++f.texts_parsing;
          } else {
            ++f.others;
          }
          break;
        case WireType::kStartGroup:
          if (!f.nested) f.nested = std::make_unique<Shape>();
          Merge(f.nested.get(), c);
          break;
        case WireType::kEndGroup: break;
      }
    }
    for (const auto& [number, count] : seen_here) {
      FieldStats& f = shape->fields[number];
      if (count > f.max_per_message) f.max_per_message = count;
    }
  }

  // The wire type most occurrences had; scalars win over length-delimited ones (packed runs).
  static int MainWireType(const FieldStats& f) {
    int best = -1;
    for (int w : {0, 1, 5, 3, 2}) {
      if (f.by_wire_type[w] > 0 && (best < 0 || f.by_wire_type[w] > f.by_wire_type[best])) best = w;
    }
    if (best == 2 && (f.by_wire_type[0] + f.by_wire_type[1] + f.by_wire_type[5]) > 0) {
      for (int w : {0, 1, 5}) {
        if (f.by_wire_type[w] > 0) return w;
      }
    }
    return best;
  }

  static std::string ScalarType(const FieldStats& f, int wire_type) {
    switch (wire_type) {
      case 0:
        if (f.only_bool) return "bool";
        if (f.negative) return "int64";
        if (f.max_varint <= INT32_MAX) return "int32";
        if (f.max_varint <= UINT32_MAX) return "uint32";
        return "uint64";
      case 1: return f.plausible_double ? "double" : "fixed64";
      default: return f.plausible_float ? "float" : "fixed32";
    }
  }

  static std::string Seen(const FieldStats& f) {
    static const char* const kWireNames[6] = {"varint", "fixed64", "len", "group", "", "fixed32"};
    std::string seen;
    for (int w : {0, 1, 2, 3, 5}) {
      if (f.by_wire_type[w] == 0) continue;
      seen += (seen.empty() ? "" : ", ") + std::string(kWireNames[w]) + " x" + std::to_string(f.by_wire_type[w]);
      if (w == 0 && !f.only_bool) seen += " (up to " + std::to_string(f.max_varint) + ")";
      if (w != 2) continue;
      const std::pair<uint32_t, const char*> kinds[] = {
          {f.messages, "message"}, {f.texts, "text"}, {f.others, "other"}, {f.empty, "empty"}};
      std::string split;
      for (const auto& [n, what] : kinds) {
        if (n > 0) split += (split.empty() ? "" : ", ") + std::to_string(n) + " " + what;
      }
      seen += " (" + split + ")";
    }
    if (f.max_per_message > 1) seen += "; up to " + std::to_string(f.max_per_message) + " in one message";
    return seen;
  }

  void PrintMessage(const Shape& shape, const std::string& name, int indent, std::string* out) {
    const std::string pad(static_cast<size_t>(indent) * 2, ' ');
    *out += pad + "message " + name + " {\n";
    PrintFields(shape, indent + 1, out);
    *out += pad + "}\n";
  }

  void PrintFields(const Shape& shape, int indent, std::string* out) {
    const std::string pad(static_cast<size_t>(indent) * 2, ' ');
    std::string nested;
    for (const auto& [number, f] : shape.fields) {
      const std::string n = std::to_string(number);
      const int wire_type = MainWireType(f);
      const bool mixed = f.by_wire_type[2] > 0 && wire_type != 2 && wire_type != 3;
      const std::string label = f.max_per_message > 1 || mixed ? "repeated" : "optional";
      const std::string comment = "  // " + Seen(f) + (mixed ? "; packed and unpacked" : "") + "\n";
      if (wire_type == 3) {
        *out += pad + label + " group Group" + n + " = " + n + " {" + comment;
        if (f.nested) PrintFields(*f.nested, indent + 1, out);
        *out += pad + "}\n";
        continue;
      }
      std::string type;
      if (wire_type == 2) {
        const bool message = f.messages > 0 && f.others == 0 && f.texts == f.texts_parsing;
        if (message && f.nested) {
          type = "Field" + n;
          PrintMessage(*f.nested, type, indent, &nested);
        } else {
          type = f.texts > 0 && f.messages == 0 && f.others == 0 ? "string" : "bytes";
        }
      } else {
        type = ScalarType(f, wire_type);
      }
      *out += pad + label + " " + type + " field_" + n + " = " + n + ";" + comment;
    }
    *out += nested;
  }

  Shape root_;
  const NodeList* list_ = nullptr;
  const uint8_t* data_ = nullptr;
};

}  // namespace

std::string InferProto(const std::vector<InferInput>& payloads, const InferOptions& options) {
  Inferrer inferrer;
  size_t bytes = 0;
  for (const InferInput& payload : payloads) {
    const NodeList list = Inspect(payload.data, payload.size, nullptr, -1);
    inferrer.Add(list, payload.data);
    bytes += payload.size;
  }
  return inferrer.Print(options, payloads.size(), bytes);
}

}  // namespace wirelens::inspect
