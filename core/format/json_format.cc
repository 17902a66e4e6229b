#include "core/format/json_format.h"

#include <cinttypes>
#include <cstdio>
#include <ctime>
#include <map>
#include <memory>

#include "core/format/json_value.h"
#include "core/format/json_values.h"
#include "core/format/merged_message.h"
#include "core/format/per_thread.h"
#include "core/format/sliced_print.h"
#include "core/format/string_sink.h"
#include "core/format/wire_message.h"
#include "core/inspect/inspector.h"
#include "core/wire/wire_format.h"

namespace wirelens::format {
namespace {

using inspect::kNoNode;
using inspect::Node;
using schema::FieldType;

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

// Appends the JSON of messages, read straight from their wire bytes, to one string: no inspector
// nodes, nothing built and then copied into its parent.
class JsonPrinter : public JsonValueWriter {
 public:
  using JsonValueWriter::JsonValueWriter;

  std::string error;

  // Appends the JSON of the message made of `occurrences` (merged) of type `message`. False
  // when it stopped at bytes that do not parse or nest too deep (*error says which).
  bool Message(WireRun occurrences, int message) {
    if (depth_ >= kMaxNesting) return Stop("messages nested deeper than " + std::to_string(kMaxNesting));
    std::vector<std::unique_ptr<WireMessage>>& pool = FieldsPool();
    while (pool.size() <= depth_) pool.push_back(std::make_unique<WireMessage>());
    WireMessage* fields = pool[depth_].get();
    const uint8_t* error_at = nullptr;
    if (!ReadWireMessage(schema_, message, occurrences, fields, &error_at)) {
      return Stop("the bytes of a " + schema_.messages[message].full_name + " do not parse (at byte " +
                  std::to_string(ByteOffset(occurrences, error_at)) + " of it)");
    }
    ++depth_;
    const bool ok = PrintFields(schema_.messages[message], *fields);
    --depth_;
    return ok;
  }

  // Appends the members of a message of type `message` (no braces) after members already written.
  bool SpreadMembers(WireRun occurrences, int message) {
    WireMessage fields;
    const uint8_t* error_at = nullptr;
    if (!ReadWireMessage(schema_, message, occurrences, &fields, &error_at)) {
      return Stop("the bytes of a " + schema_.messages[message].full_name + " do not parse");
    }
    return Members(schema_.messages[message], fields, /*first=*/false);
  }

 private:
  friend class JsonLevels;  // SlicedPrint's JSON prints a level's members one by one
  static constexpr size_t kMaxNesting = kDefaultDepthLimit;

  bool Stop(const std::string& why) {
    error = "the message cannot be printed: " + why;
    return false;
  }

  static size_t ByteOffset(WireRun occurrences, const uint8_t* at) {
    size_t before = 0;
    for (const WireValue& o : occurrences) {
      if (at >= o.data && at <= o.data + o.size) return before + static_cast<size_t>(at - o.data);
      before += o.size;
    }
    return before;
  }

  bool PrintFields(const schema::Message& m, const WireMessage& fields) {
    const std::string& type = m.full_name;
    auto field_values = [&](uint32_t number) {
      const int index = m.FieldIndex(number);
      return index < 0 ? WireRun() : fields.field(index);
    };
    switch (JsonWellKnownOf(type)) {
      case JsonWellKnown::kTimestamp:
      case JsonWellKnown::kDuration:
        TimeValue(type == "google.protobuf.Timestamp", Int(field_values(1)), Int(field_values(2)));
        return true;
      case JsonWellKnown::kWrapper: {
        const WireRun v = field_values(1);
        const schema::Field* f = m.FindField(1);
        v.empty() ? DefaultValue(*f) : Value(*f, v.back());
        return true;
      }
      case JsonWellKnown::kFieldMask: {
        std::string joined;
        for (const WireValue& p : field_values(1)) {
          if (!joined.empty()) joined += ",";
          if (!CamelPath(Text(p), &joined))
            error = "google.protobuf.FieldMask path \"" + Text(p) + "\" has no JSON form";
        }
        Quoted(joined);
        return true;
      }
      case JsonWellKnown::kStruct: return MapObject(*m.FindField(1), field_values(1));
      case JsonWellKnown::kListValue: return List(*m.FindField(1), field_values(1));
      case JsonWellKnown::kValue:
        for (const WireMessage::Group& kind : fields.present()) {
          const bool number = m.fields[kind.index].type == FieldType::kDouble;
          const size_t at = out_.size();
          if (!FieldValue(m.fields[kind.index], kind.values)) return false;
          if (number && out_[at] == '"') {
            error = "google.protobuf.Value cannot hold " + out_.substr(at) + " in JSON";
          }
          return true;
        }
        error = "google.protobuf.Value with no kind set";
        out_ += "null";
        return true;
      case JsonWellKnown::kAny: return AnyValue(field_values(1), field_values(2));
      case JsonWellKnown::kNone: break;
    }
    out_ += '{';
    const bool ok = Members(m, fields, /*first=*/true);
    out_ += '}';
    return ok;
  }

  // The fields of an object (after a first member already written unless `first`).
  bool Members(const schema::Message& m, const WireMessage& fields, bool first) {
    if (options_.always_print_fields_with_no_presence) {
      // Every field in declaration order, as libprotobuf walks the descriptor then.
      for (int fi = 0; fi < static_cast<int>(m.fields.size()); ++fi) {
        if (!Member(m.fields[fi], fields.field(fi), &first)) return false;
      }
      return true;
    }
    // Present fields in field-number order, as libprotobuf prints the wire.
    for (const WireMessage::Group& present : fields.present()) {
      if (!Member(m.fields[present.index], present.values, &first)) return false;
      out_.MaybeFlush();
    }
    return true;
  }

  // One member of an object, unless the field is left out (a proto2 group, an unset implicit field).
  bool Member(const schema::Field& f, WireRun values, bool* first) {
    if (f.legacy_group) return true;
    const bool repeated = f.is_map || f.label == schema::Label::kRepeated;
    const bool implicit = !repeated && f.type != FieldType::kMessage && !f.has_presence;
    const bool print_absent = options_.always_print_fields_with_no_presence;
    if (values.empty()) {
      if (!print_absent || !(repeated || implicit)) return true;
    } else if (implicit && !print_absent && IsZeroWireValue(f, values.back())) {
      return true;  // proto3: zero is unset
    }
    if (!*first) out_ += ',';
    *first = false;
    MemberName(f);
    if (!values.empty()) return FieldValue(f, values);
    if (repeated) {
      out_ += f.is_map ? "{}" : "[]";
    } else {
      DefaultValue(f);
    }
    return true;
  }

  bool FieldValue(const schema::Field& f, WireRun values) {
    if (f.is_map) return MapObject(f, values);
    if (f.label == schema::Label::kRepeated) return List(f, values);
    if (f.type == FieldType::kMessage || f.type == FieldType::kGroup) return Message(values, f.message);
    Value(f, values.back());
    return true;
  }

  bool List(const schema::Field& f, WireRun values) {
    out_ += '[';
    for (size_t i = 0; i < values.size(); ++i) {
      if (i) out_ += ',';
      if (f.type != FieldType::kMessage && f.type != FieldType::kGroup) Value(f, values[i]);
      else if (!Message(WireRun::Of(values[i]), f.message)) return false;
      out_.MaybeFlush();
    }
    out_ += ']';
    return true;
  }

  bool MapObject(const schema::Field& f, WireRun entries) {
    const schema::Message* entry_type = f.message < 0 ? nullptr : &schema_.messages[f.message];
    const schema::Field* key_field = entry_type ? entry_type->FindField(1) : nullptr;
    const schema::Field* value_field = entry_type ? entry_type->FindField(2) : nullptr;
    if (key_field == nullptr || value_field == nullptr) {
      out_ += "{}";
      return true;
    }
    // By key, sorted; of entries with the same key the last one wins.
    std::map<MapKey, WireMapEntry> sorted;
    for (const WireValue& e : entries) {
      WireMapEntry entry;
      const uint8_t* error_at = nullptr;
      if (!ReadWireMapEntry(schema_, f, e, &entry, &error_at)) return Stop("a map entry does not parse");
      sorted[WireMapKey(*key_field, entry.key)] = std::move(entry);
    }
    out_ += '{';
    bool first = true;
    for (const auto& [key, entry] : sorted) {
      if (!first) out_ += ',';
      first = false;
      MapKeyName(*key_field, entry.key);
      out_ += ':';
      if (value_field->type == FieldType::kMessage) {
        if (!Message(entry.message_values, value_field->message)) return false;
      } else if (entry.has_value) {
        Value(*value_field, entry.value);
      } else {
        DefaultValue(*value_field);
      }
    }
    out_ += '}';
    return true;
  }

  static std::string Text(const WireValue& v) { return std::string(reinterpret_cast<const char*>(v.data), v.size); }

  static int64_t Int(WireRun values) { return values.empty() ? 0 : static_cast<int64_t>(values.back().raw); }

  // RFC 3339 timestamps ("1972-01-01T10:00:20.021Z") and durations ("1.5s"), with 0, 3, 6 or 9
  // fractional digits as libprotobuf prints them.
  void TimeValue(bool timestamp, int64_t seconds, int64_t nanos) {
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
      out_ += "\"" + std::string(negative ? "-" : "") + std::to_string(s) + fraction(n) + "s\"";
      return;
    }
    if (seconds < -62135596800 || seconds > 253402300799 || nanos < 0 || nanos >= 1000000000) {
      error = "google.protobuf.Timestamp out of range";
      out_ += "\"\"";
      return;
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
    out_ += "\"" + std::string(buf) + fraction(nanos) + "Z\"";
  }

  bool AnyValue(WireRun url_values, WireRun packed_values) {
    if (url_values.empty()) {
      if (!packed_values.empty()) error = "google.protobuf.Any with a value but no type_url";
      out_ += "{}";
      return true;
    }
    const std::string url = Text(url_values.back());
    const int type = schema_.FindMessage(url.substr(url.rfind('/') + 1));
    out_ += "{\"@type\":";
    Quoted(url);
    if (type < 0) {
      error = "google.protobuf.Any of a type not in the schema: " + url;
      out_ += '}';
      return true;
    }
    // The packed message is the bytes of the value field (the last one: bytes do not merge).
    const WireValue packed = packed_values.empty() ? WireValue{} : packed_values.back();
    // Types with a JSON form of their own go under "value"; others spread their fields.
    bool ok;
    if (JsonWellKnownOf(schema_.messages[type].full_name) != JsonWellKnown::kNone) {
      out_ += ",\"value\":";
      ok = Message(WireRun::Of(packed), type);
    } else {
      ++depth_;
      ok = SpreadMembers(WireRun::Of(packed), type);
      --depth_;
    }
    out_ += '}';
    return ok;
  }

  // One WireMessage per nesting level, kept by the thread for the next message too: no
  // allocation per message once grown. (One printer at a time per thread uses it.)
  static std::vector<std::unique_ptr<WireMessage>>& FieldsPool() {
    static WIRELENS_PER_THREAD std::vector<std::unique_ptr<WireMessage>> pool;
    return pool;
  }
  size_t depth_ = 0;
};

// JSON leaves the printers in pieces of about this size (MessageJson with `write`, JsonLevels).
constexpr size_t kJsonPiece = size_t{1} << 18;

void FlushToWrite(const void* write, const char* piece, size_t n) {
  (*static_cast<const WritePiece*>(write))({piece, n});
}

// SlicedPrint's JSON: a level's members as JsonPrinter::Member prints them; a repeated message
// field's array stays open across pieces, its elements printed or entered one by one.
class JsonLevels : public LevelPrinter {
 public:
  JsonLevels(const schema::Schema& schema, WritePiece write)
      : schema_(schema),
        write_(std::move(write)),
        sink_(&buffer_, kJsonPiece + kJsonPiece / 2),
        printer_(schema, options_, &sink_) {
    sink_.FlushThrough(FlushToWrite, &write_, kJsonPiece);
  }

  bool Splits(const schema::Message& m) const override { return JsonWellKnownOf(m.full_name) == JsonWellKnown::kNone; }
  bool SplitsAround(const schema::Field&) const override { return true; }
  bool Whole(const PrintLevel& top) override {
    const WireValue message{top.at, static_cast<uint32_t>(top.end - top.at), 0};
    return Printed(printer_.Message(WireRun::Of(message), top.message));
  }
  void Begin(const PrintLevel&) override { sink_ += '{'; }
  void Enter(PrintLevel& parent, const schema::Field& f) override {
    if (f.label == schema::Label::kRepeated) {
      Element(parent, f);
    } else {
      CloseArray(parent);
      Member(parent, f);
    }
    sink_ += '{';
  }
  void Leave(PrintLevel& level) override {
    CloseArray(level);
    sink_ += '}';
    sink_.MaybeFlush();
  }
  bool Print(PrintLevel& level, const uint8_t* from, const uint8_t* to) override {
    const schema::Message& m = schema_.messages[level.message];
    const uint8_t* error_at = nullptr;
    const WireValue piece{from, static_cast<uint32_t>(to - from), 0};
    if (!ReadWireMessage(schema_, level.message, WireRun::Of(piece), &fields_, &error_at)) return false;
    printer_.depth_ = static_cast<size_t>(level.depth) + 1;  // as inside the level's own Message()
    for (const WireMessage::Group& group : fields_.present()) {
      const schema::Field& f = m.fields[group.index];
      if (f.type == FieldType::kMessage && f.label == schema::Label::kRepeated && !f.is_map) {
        for (const WireValue& element : group.values) {
          Element(level, f);
          if (!Printed(printer_.Message(WireRun::Of(element), f.message))) return false;
          sink_.MaybeFlush();
        }
      } else {
        CloseArray(level);
        if (!Printed(printer_.Member(f, group.values, &level.first))) return false;
        sink_.MaybeFlush();
      }
    }
    return true;
  }
  void Finish() override {
    if (error.empty()) error = printer_.error;
    sink_.Finish();
    write_(buffer_);
  }

 private:
  bool Printed(bool ok) {
    if (!ok && error.empty()) error = printer_.error;
    return ok;
  }
  // `"name":` after a comma unless it is the level's first member.
  void Member(PrintLevel& level, const schema::Field& f) {
    if (!level.first) sink_ += ',';
    level.first = false;
    printer_.MemberName(f);
  }
  // Where an element of repeated message field `f` goes: after a comma in its open array, or in a
  // new one.
  void Element(PrintLevel& level, const schema::Field& f) {
    if (level.open_array == f.number) {
      sink_ += ',';
      return;
    }
    CloseArray(level);
    Member(level, f);
    sink_ += '[';
    level.open_array = f.number;
  }
  void CloseArray(PrintLevel& level) {
    if (level.open_array == 0) return;
    sink_ += ']';
    level.open_array = 0;
  }

  const schema::Schema& schema_;
  WritePiece write_;
  JsonWriteOptions options_;
  std::string buffer_;
  StringSink sink_;
  JsonPrinter printer_;
  WireMessage fields_;
};

}  // namespace

std::unique_ptr<LevelPrinter> JsonLevelPrinter(const schema::Schema& schema, WritePiece write) {
  return std::make_unique<JsonLevels>(schema, std::move(write));
}

void AppendJsonEscaped(const uint8_t* data, size_t size, std::string* out) {
  StringSink sink(out);
  AppendEscaped(data, size, &sink);
  sink.Finish();
}

namespace {

// Both MessageJson: the message's JSON into `sink`, finished.
bool PrintMessageJson(const uint8_t* data, size_t size, const schema::Schema& schema, int message, StringSink* sink,
                      std::string* error, const JsonWriteOptions& options) {
  JsonPrinter printer(schema, options, sink);
  const WireValue top{data, static_cast<uint32_t>(size), 0};
  printer.Message(WireRun::Of(top), message);
  sink->Finish();
  *error = printer.error;
  return error->empty();
}

}  // namespace

bool MessageJson(const uint8_t* data, size_t size, const schema::Schema& schema, int message, std::string* out,
                 std::string* error, const JsonWriteOptions& options) {
  out->clear();
  // JSON is about twice the size of its wire bytes: growing by doubling from there copies little.
  StringSink sink(out, 2 * size + 16);
  return PrintMessageJson(data, size, schema, message, &sink, error, options);
}

bool MessageJson(const uint8_t* data, size_t size, const schema::Schema& schema, int message,
                 const std::function<void(std::string_view)>& write, std::string* error,
                 const JsonWriteOptions& options) {
  std::string buffer;
  StringSink sink(&buffer, kJsonPiece + kJsonPiece / 2);
  sink.FlushThrough(FlushToWrite, &write, kJsonPiece);
  const bool ok = PrintMessageJson(data, size, schema, message, &sink, error, options);
  write(buffer);  // the last piece
  return ok;
}

bool JsonFormat(const inspect::NodeList& list, const uint8_t* data, const schema::Schema& schema, std::string* out,
                std::string* error, const JsonWriteOptions& options) {
  out->clear();
  if (list.root_message < 0) {
    *error = "JSON needs a message type (a schema)";
    return false;
  }
  if (list.framing == inspect::Framing::kBare) {
    return MessageJson(data, list.input_size, schema, list.root_message, out, error, options);
  }
  StringSink sink(out);
  JsonPrinter printer(schema, options, &sink);
  sink += '[';
  ForEachChild(list, kNoNode, [&](uint32_t i) {
    const Node& frame = list.nodes[i];
    if (frame.kind != inspect::NodeKind::kFrame || frame.interpretation != inspect::Interpretation::kMessage) return;
    if (sink.size() > 1) sink += ',';
    const WireValue body{data + frame.value_offset(), frame.value_length, 0};
    printer.Message(WireRun::Of(body), list.root_message);
  });
  sink += ']';
  sink.Finish();
  *error = printer.error;
  return error->empty();
}

}  // namespace wirelens::format
