#include "core/format/json_format.h"

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <ctime>

#include "core/format/json_value.h"
#include "core/format/merged_message.h"
#include "core/inspect/base64.h"
#include "core/inspect/inspector.h"
#include "core/inspect/values.h"

namespace wirelens::format {
namespace {

using inspect::kNoNode;
using inspect::Node;
using schema::FieldType;

// Decodes one UTF-8 sequence at p (valid input assumed; invalid bytes pass as one unit).
uint32_t NextCodePoint(const uint8_t* p, size_t n, size_t* length) {
  const uint8_t c = p[0];
  if (c < 0x80 || n < 2) {
    *length = 1;
    return c;
  }
  if (c < 0xe0) {
    *length = 2;
    return ((c & 0x1f) << 6) | (p[1] & 0x3f);
  }
  if (c < 0xf0 || n < 4) {
    *length = n < 3 ? 1 : 3;
    return *length == 1 ? c : ((c & 0x0f) << 12) | ((p[1] & 0x3f) << 6) | (p[2] & 0x3f);
  }
  *length = 4;
  return ((c & 0x07) << 18) | ((p[1] & 0x3f) << 12) | ((p[2] & 0x3f) << 6) | (p[3] & 0x3f);
}

bool NeedsHexEscape(uint32_t cp) {
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp == '<' || cp == '>') return true;
  switch (cp) {
    case 0xfeff:
    case 0xfff9:
    case 0xfffa:
    case 0xfffb:
    case 0x00ad:
    case 0x06dd:
    case 0x070f:
    case 0x17b4:
    case 0x17b5: return true;
    default:
      return (cp >= 0x0600 && cp <= 0x0603) || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x2028 && cp <= 0x202e) ||
             (cp >= 0x2060 && cp <= 0x2064) || (cp >= 0x206a && cp <= 0x206f) || cp == 0xe0001 ||
             (cp >= 0x1d173 && cp <= 0x1d17a) || (cp >= 0xe0020 && cp <= 0xe007f);
  }
}

std::string Quoted(const std::string& s) { return JsonEscape(reinterpret_cast<const uint8_t*>(s.data()), s.size()); }

// "foo_bar_baz" -> "fooBarBaz" (FieldMask paths). False for a path the JSON form cannot carry
// back (libprotobuf refuses the same): an upper-case letter, or '_' not followed by a-z.
bool CamelPath(const std::string& path, std::string* out) {
  bool upper = false;
  for (char c : path) {
    if (c >= 'A' && c <= 'Z') return false;
    if (c == '_') {
      if (upper) return false;
      upper = true;
      continue;
    }
    if (upper && !(c >= 'a' && c <= 'z')) return false;
    *out += upper ? static_cast<char>(c - 32) : c;
    upper = false;
  }
  return !upper;
}

class JsonPrinter {
 public:
  JsonPrinter(const inspect::NodeList& list, const uint8_t* data, const schema::Schema& schema,
              const JsonWriteOptions& options)
      : list_(list), data_(data), schema_(schema), options_(options) {}

  std::string error;

  // The JSON of the message made of `occurrences` (merged) of type `message`.
  std::string Message(const std::vector<uint32_t>& occurrences, int message) {
    const schema::Message& m = schema_.messages[message];
    const std::string& type = m.full_name;
    const MergedMessage merged = MergeMessage(list_, data_, schema_, occurrences, message);
    auto field_nodes = [&](uint32_t number) -> const std::vector<uint32_t>* {
      auto it = m.field_by_number.find(number);
      return it == m.field_by_number.end() ? nullptr : &merged.fields[it->second];
    };
    switch (JsonWellKnownOf(type)) {
      case JsonWellKnown::kTimestamp:
      case JsonWellKnown::kDuration:
        return TimeValue(type == "google.protobuf.Timestamp", Int(field_nodes(1)), Int(field_nodes(2)));
      case JsonWellKnown::kWrapper: {
        const std::vector<uint32_t>* v = field_nodes(1);
        const schema::Field* f = m.FindField(1);
        return v != nullptr && !v->empty() ? Value(*f, v->back()) : DefaultValue(*f);
      }
      case JsonWellKnown::kFieldMask: {
        std::string joined;
        if (const auto* paths = field_nodes(1)) {
          for (uint32_t p : *paths) {
            if (!joined.empty()) joined += ",";
            if (!CamelPath(Text(p), &joined))
              error = "google.protobuf.FieldMask path \"" + Text(p) + "\" has no JSON form";
          }
        }
        return Quoted(joined);
      }
      case JsonWellKnown::kStruct:
        return MapObject(*m.FindField(1), field_nodes(1) ? *field_nodes(1) : std::vector<uint32_t>{});
      case JsonWellKnown::kListValue:
        return List(*m.FindField(1), field_nodes(1) ? *field_nodes(1) : std::vector<uint32_t>{});
      case JsonWellKnown::kValue:
        for (int fi : merged.order) {
          if (merged.fields[fi].empty()) continue;
          std::string value = FieldValue(m.fields[fi], merged.fields[fi]);
          if (value[0] == '"' && m.fields[fi].type == FieldType::kDouble) {
            error = "google.protobuf.Value cannot hold " + value + " in JSON";
          }
          return value;
        }
        error = "google.protobuf.Value with no kind set";
        return "null";
      case JsonWellKnown::kAny: return AnyValue(field_nodes(1), field_nodes(2));
      case JsonWellKnown::kNone: break;
    }
    return Object(m, merged, "");
  }

 private:
  std::string Object(const schema::Message& m, const MergedMessage& merged, std::string members) {
    const bool print_absent = options_.always_print_fields_with_no_presence;
    // Present fields in field-number order, as libprotobuf prints the wire; with absent ones, every
    // field in declaration order, as libprotobuf walks the descriptor then.
    for (int fi : print_absent ? EveryField(m) : merged.order) {
      const std::vector<uint32_t>& values = merged.fields[fi];
      const schema::Field& f = m.fields[fi];
      if (f.type == FieldType::kGroup) continue;  // libprotobuf's JSON leaves groups out
      const bool is_message = f.type == FieldType::kMessage;
      const bool repeated = f.is_map || f.label == schema::Label::kRepeated;
      const bool implicit = !repeated && !is_message && !f.has_presence;
      std::string value;
      if (values.empty()) {
        if (!print_absent || !(repeated || implicit)) continue;
        value = f.is_map ? "{}" : repeated ? "[]" : DefaultValue(f);
      } else if (implicit && !print_absent && IsZeroValue(f, list_.nodes[values.back()], data_)) {
        continue;  // proto3: zero is unset
      } else {
        value = FieldValue(f, values);
      }
      members += (members.empty() ? "" : ",") + Quoted(options_.preserve_proto_field_names ? f.name : f.json_name) +
                 ":" + value;
    }
    return "{" + members + "}";
  }

  static std::vector<int> EveryField(const schema::Message& m) {
    std::vector<int> order(m.fields.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    return order;
  }

  std::string FieldValue(const schema::Field& f, const std::vector<uint32_t>& values) {
    if (f.is_map) return MapObject(f, values);
    if (f.label == schema::Label::kRepeated) return List(f, values);
    if (f.type == FieldType::kMessage || f.type == FieldType::kGroup) return Message(values, f.message);
    return Value(f, values.back());
  }

  std::string List(const schema::Field& f, const std::vector<uint32_t>& values) {
    std::string out = "[";
    for (size_t i = 0; i < values.size(); ++i) {
      out += i ? "," : "";
      out += f.type == FieldType::kMessage || f.type == FieldType::kGroup ? Message({values[i]}, f.message)
                                                                          : Value(f, values[i]);
    }
    return out + "]";
  }

  std::string MapObject(const schema::Field& f, const std::vector<uint32_t>& entries) {
    if (f.message < 0) return "{}";
    const schema::Message& entry_type = schema_.messages[f.message];
    const schema::Field* key_field = entry_type.FindField(1);
    const schema::Field* value_field = entry_type.FindField(2);
    if (key_field == nullptr || value_field == nullptr) return "{}";
    std::string out = "{";
    bool first = true;
    for (const auto& [key, e] : SortedMapEntries(list_, data_, *key_field, entries)) {
      uint32_t key_node;
      std::vector<uint32_t> value_nodes;
      MapEntryParts(list_, e, &key_node, &value_nodes);
      std::string key_text;
      if (key_field->type == FieldType::kString) {
        key_text = key_node == kNoNode ? "\"\"" : Quoted(Text(key_node));
      } else {
        const uint64_t raw = key_node == kNoNode ? 0 : inspect::RawValue(list_.nodes[key_node], data_);
        key_text = "\"" + inspect::ScalarText(raw, *key_field, schema_) + "\"";
      }
      std::string value;
      if (value_field->type == FieldType::kMessage) {
        value = Message(value_nodes, value_field->message);
      } else {
        value = value_nodes.empty() ? DefaultValue(*value_field) : Value(*value_field, value_nodes.back());
      }
      out += (first ? "" : ",") + key_text + ":" + value;
      first = false;
    }
    return out + "}";
  }

  std::string Text(uint32_t v) const {
    const Node& node = list_.nodes[v];
    return std::string(reinterpret_cast<const char*>(data_ + node.value_offset()), node.value_length);
  }

  static int64_t IntOf(const inspect::NodeList& list, const uint8_t* data, const std::vector<uint32_t>* nodes) {
    return nodes == nullptr || nodes->empty()
               ? 0
               : static_cast<int64_t>(inspect::RawValue(list.nodes[nodes->back()], data));
  }
  int64_t Int(const std::vector<uint32_t>* nodes) const { return IntOf(list_, data_, nodes); }

  std::string DefaultValue(const schema::Field& f) {
    switch (f.type) {
      case FieldType::kString:
      case FieldType::kBytes: return "\"\"";
      case FieldType::kEnum: return Value(f, kNoNode);
      default: return ScalarJson(f, 0);
    }
  }

  std::string Value(const schema::Field& f, uint32_t v) {
    if (f.type == FieldType::kString) return Quoted(Text(v));
    if (f.type == FieldType::kBytes) {
      const Node& node = list_.nodes[v];
      return "\"" + inspect::EncodeBase64(data_ + node.value_offset(), node.value_length) + "\"";
    }
    const uint64_t raw = v == kNoNode ? 0 : inspect::RawValue(list_.nodes[v], data_);
    if (f.type == FieldType::kEnum) {
      if (f.type_name == "google.protobuf.NullValue") return "null";
      if (options_.always_print_enums_as_ints) return std::to_string(static_cast<int32_t>(raw));
      const char* name = f.enumeration >= 0 ? schema_.enums[f.enumeration].NameOf(static_cast<int32_t>(raw)) : nullptr;
      return name != nullptr ? Quoted(name) : std::to_string(static_cast<int32_t>(raw));
    }
    return ScalarJson(f, raw);
  }

  std::string ScalarJson(const schema::Field& f, uint64_t raw) {
    const std::string text = inspect::ScalarText(raw, f, schema_);
    switch (f.type) {
      case FieldType::kInt64:
      case FieldType::kUInt64:
      case FieldType::kSInt64:
      case FieldType::kFixed64:
      case FieldType::kSFixed64: return "\"" + text + "\"";
      case FieldType::kFloat:
      case FieldType::kDouble:
        if (text == "nan") return "\"NaN\"";
        if (text == "inf") return "\"Infinity\"";
        if (text == "-inf") return "\"-Infinity\"";
        return text;
      default: return text;
    }
  }

  // RFC 3339 timestamps ("1972-01-01T10:00:20.021Z") and durations ("1.5s"), with 0, 3, 6 or 9
  // fractional digits as libprotobuf prints them.
  std::string TimeValue(bool timestamp, int64_t seconds, int64_t nanos) {
    auto fraction = [](int64_t n) {
      if (n == 0) return std::string();
      char buf[32];  // room for any int64, as the compiler cannot see n < 1e9
      if (n % 1000000 == 0) std::snprintf(buf, sizeof buf, ".%03" PRId64, n / 1000000);
      else if (n % 1000 == 0) std::snprintf(buf, sizeof buf, ".%06" PRId64, n / 1000);
      else std::snprintf(buf, sizeof buf, ".%09" PRId64, n);
      return std::string(buf);
    };
    if (!timestamp) {
      if (nanos <= -1000000000 || nanos >= 1000000000 || (seconds < 0 && nanos > 0) || (seconds > 0 && nanos < 0) ||
          seconds < -315576000000 || seconds > 315576000000) {
        error = "google.protobuf.Duration out of range";
      }
      const bool negative = seconds < 0 || nanos < 0;
      const int64_t s = seconds < 0 ? -seconds : seconds;
      const int64_t n = nanos < 0 ? -nanos : nanos;
      return "\"" + std::string(negative ? "-" : "") + std::to_string(s) + fraction(n) + "s\"";
    }
    if (seconds < -62135596800 || seconds > 253402300799 || nanos < 0 || nanos >= 1000000000) {
      error = "google.protobuf.Timestamp out of range";
      return "\"\"";
    }
    // Days from the civil calendar (Howard Hinnant's algorithm): no time zone, no libc dependence.
    int64_t days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400;
    const int64_t rest = seconds - days * 86400;
    days += 719468;
    const int64_t era = (days >= 0 ? days : days - 146096) / 146097;
    const int64_t doe = days - era * 146097;
    const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const int64_t mp = (5 * doy + 2) / 153;
    const int64_t d = doy - (153 * mp + 2) / 5 + 1;
    const int64_t m = mp < 10 ? mp + 3 : mp - 9;
    const int64_t y = yoe + era * 400 + (m <= 2);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%04" PRId64 "-%02" PRId64 "-%02" PRId64 "T%02" PRId64 ":%02" PRId64 ":%02" PRId64,
                  y, m, d, rest / 3600, rest % 3600 / 60, rest % 60);
    return "\"" + std::string(buf) + fraction(nanos) + "Z\"";
  }

  std::string AnyValue(const std::vector<uint32_t>* url_nodes, const std::vector<uint32_t>* value_nodes) {
    if (url_nodes == nullptr || url_nodes->empty()) {
      if (value_nodes == nullptr || value_nodes->empty()) return "{}";
      error = "google.protobuf.Any with a value but no type_url";
      return "{}";
    }
    const std::string url = Text(url_nodes->back());
    const int type = schema_.FindMessage(url.substr(url.rfind('/') + 1));
    if (type < 0) {
      error = "google.protobuf.Any of a type not in the schema: " + url;
      return "{\"@type\":" + Quoted(url) + "}";
    }
    // The packed message is bytes inside the value field: decode them with the schema.
    std::string bytes;
    if (value_nodes != nullptr && !value_nodes->empty()) {
      const Node& v = list_.nodes[value_nodes->back()];
      bytes.assign(reinterpret_cast<const char*>(data_ + v.value_offset()), v.value_length);
    }
    const auto* packed = reinterpret_cast<const uint8_t*>(bytes.data());
    const inspect::NodeList inner = inspect::Inspect(packed, bytes.size(), &schema_, type);
    JsonPrinter printer(inner, packed, schema_, options_);
    const std::string body = printer.Message({kNoNode}, type);
    if (!printer.error.empty()) error = printer.error;
    // Types with a JSON form of their own go under "value"; others spread their fields.
    if (JsonWellKnownOf(schema_.messages[type].full_name) != JsonWellKnown::kNone) {
      return "{\"@type\":" + Quoted(url) + ",\"value\":" + body + "}";
    }
    return "{\"@type\":" + Quoted(url) + (body.size() > 2 ? "," + body.substr(1) : "}");
  }

  const inspect::NodeList& list_;
  const uint8_t* data_;
  const schema::Schema& schema_;
  const JsonWriteOptions& options_;
};

}  // namespace

std::string JsonEscape(const uint8_t* data, size_t size) {
  std::string out = "\"";
  for (size_t i = 0; i < size;) {
    size_t length;
    const uint32_t cp = NextCodePoint(data + i, size - i, &length);
    if (cp == '"') {
      out += "\\\"";
    } else if (cp == '\\') {
      out += "\\\\";
    } else if (cp == '\b') {
      out += "\\b";
    } else if (cp == '\t') {
      out += "\\t";
    } else if (cp == '\n') {
      out += "\\n";
    } else if (cp == '\f') {
      out += "\\f";
    } else if (cp == '\r') {
      out += "\\r";
    } else if (NeedsHexEscape(cp)) {
      char buf[16];
      if (cp >= 0x10000) {
        const uint32_t v = cp - 0x10000;
        std::snprintf(buf, sizeof buf, "\\u%04x\\u%04x", 0xd800 + (v >> 10), 0xdc00 + (v & 0x3ff));
      } else {
        std::snprintf(buf, sizeof buf, "\\u%04x", cp);
      }
      out += buf;
    } else {
      out.append(reinterpret_cast<const char*>(data + i), length);
    }
    i += length;
  }
  return out + "\"";
}

bool JsonFormat(const inspect::NodeList& list, const uint8_t* data, const schema::Schema& schema, std::string* out,
                std::string* error, const JsonWriteOptions& options) {
  if (list.root_message < 0) {
    *error = "JSON needs a message type (a schema)";
    out->clear();
    return false;
  }
  JsonPrinter printer(list, data, schema, options);
  if (list.framing == inspect::Framing::kBare) {
    *out = printer.Message({kNoNode}, list.root_message);
  } else {
    *out = "[";
    ForEachChild(list, kNoNode, [&](uint32_t i) {
      const Node& frame = list.nodes[i];
      if (frame.kind != inspect::NodeKind::kFrame || frame.interpretation != inspect::Interpretation::kMessage) return;
      if (out->size() > 1) *out += ",";
      *out += printer.Message({i}, list.root_message);
    });
    *out += "]";
  }
  *error = printer.error;
  return error->empty();
}

}  // namespace wirelens::format
