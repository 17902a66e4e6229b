#include "core/jsbind/tape_json.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "core/format/json_value.h"
#include "core/format/json_values.h"
#include "core/format/message_format.h"
#include "core/format/per_thread.h"
#include "core/format/string_sink.h"
#include "core/format/wire_message.h"
#include "core/jsbind/tape.h"
#include "core/jsbind/tape_kind.h"
#include "core/wire/reader.h"
#include "core/wire/varint.h"

namespace wirelens::jsbind {
namespace {

using format::WireValue;
using schema::FieldType;

// An enum's names as JSON prints them (quoted), by number; the first of aliases.
struct EnumNames {
  bool closed = false;           // numbers it lacks stay unknown fields, which JSON leaves out
  bool null_value = false;       // google.protobuf.NullValue: every value prints as null
  std::vector<int32_t> numbers;  // ascending
  std::vector<std::string> quoted;

  // The quoted name of `number`, or nullptr.
  const std::string* Find(int32_t number) const {
    const auto at = std::lower_bound(numbers.begin(), numbers.end(), number);
    return at != numbers.end() && *at == number ? &quoted[static_cast<size_t>(at - numbers.begin())] : nullptr;
  }
};

// What the printer needs of one schema beyond the schema itself.
struct TapePlan {
  struct Field {
    const schema::Field* field;
    TapeKind kind;
    bool wide;                         // two tape words per value
    bool skip_zero;                    // implicit presence: zero is not on the wire
    bool repeated;                     // a list (not a map)
    int message = -1;                  // kMessage: the type
    const EnumNames* names = nullptr;  // kEnum of a known enum
    // Maps: the plans of the entry's key and value fields.
    const Field* map_key = nullptr;
    const Field* map_value = nullptr;
    // Its member name as printed (`"jsonName":`, `"proto_name":`), escaped once here.
    std::string json_key;
    std::string proto_key;
  };
  struct Message {
    std::vector<Field> fields;  // in tape order (by number; extensions are not on the tape)
    int8_t printable = -1;      // 1: this printer prints it (and all it holds), 0: not, -1: not known yet
  };
  std::vector<Message> messages;
  std::vector<EnumNames> enums;  // as schema.enums
};

std::string MemberKey(const std::string& name) {
  std::string key;
  format::AppendJsonEscaped(reinterpret_cast<const uint8_t*>(name.data()), name.size(), &key);
  return key + ':';
}

EnumNames NamesOf(const schema::Enum& e) {
  EnumNames names;
  names.closed = e.closed;
  names.null_value = e.full_name == "google.protobuf.NullValue";
  std::vector<const schema::EnumValue*> values;
  for (const schema::EnumValue& v : e.values) values.push_back(&v);
  std::stable_sort(values.begin(), values.end(), [](auto* a, auto* b) { return a->number < b->number; });
  for (const schema::EnumValue* v : values) {
    if (!names.numbers.empty() && names.numbers.back() == v->number) continue;  // an alias
    names.numbers.push_back(v->number);
    names.quoted.push_back(MemberKey(v->name));
    names.quoted.back().pop_back();  // the ':'
  }
  return names;
}

std::unique_ptr<TapePlan> BuildPlan(const schema::Schema& schema) {
  auto plan = std::make_unique<TapePlan>();
  for (const schema::Enum& e : schema.enums) plan->enums.push_back(NamesOf(e));
  for (const schema::Message& m : schema.messages) {
    TapePlan::Message& p = plan->messages.emplace_back();
    for (const schema::Field& f : m.fields) {
      if (f.is_extension) continue;
      TapePlan::Field& field = p.fields.emplace_back();
      field.field = &f;
      field.kind = TapeKindOf(f.type);
      field.wide = IsWide(field.kind);
      field.skip_zero = !f.has_presence;
      field.repeated = f.label == schema::Label::kRepeated && !f.is_map;
      field.message = f.message;
      if (f.type == FieldType::kEnum && f.enumeration >= 0) field.names = &plan->enums[f.enumeration];
      field.json_key = MemberKey(f.json_name);
      field.proto_key = MemberKey(f.name);
    }
    std::stable_sort(p.fields.begin(), p.fields.end(), [](const TapePlan::Field& a, const TapePlan::Field& b) {
      return a.field->number < b.field->number;
    });
  }
  // Map fields point into the entries' plans, complete now.
  for (TapePlan::Message& p : plan->messages) {
    for (TapePlan::Field& field : p.fields) {
      if (!field.field->is_map || field.message < 0) continue;
      for (const TapePlan::Field& entry_field : plan->messages[field.message].fields) {
        if (entry_field.field->number == 1) field.map_key = &entry_field;
        if (entry_field.field->number == 2) field.map_value = &entry_field;
      }
    }
  }
  return plan;
}

// Whether the printer prints a message's own fields (the fields it holds are asked separately).
bool OwnFieldsPrintable(const schema::Message& m) {
  if (format::JsonWellKnownOf(m.full_name) != format::JsonWellKnown::kNone) return false;
  for (const schema::Field& f : m.fields) {
    if (f.type == FieldType::kGroup || f.is_extension) return false;
    if (f.type == FieldType::kMessage && f.message < 0) return false;
  }
  return true;
}

bool ClosurePrintable(const schema::Schema& schema, int root) {
  std::vector<bool> seen(schema.messages.size());
  std::vector<int> todo{root};
  seen[root] = true;
  while (!todo.empty()) {
    const schema::Message& m = schema.messages[todo.back()];
    todo.pop_back();
    if (!OwnFieldsPrintable(m)) return false;
    for (const schema::Field& f : m.fields) {
      if (f.type == FieldType::kMessage && !seen[f.message]) {
        seen[f.message] = true;
        todo.push_back(f.message);
      }
    }
  }
  return true;
}

// The plan of `schema`, or nullptr when the printer leaves `message` to the wire. Plans are kept by
// the schema's address: the schemas of FindEmbedded live for the process.
const TapePlan* PlanFor(const schema::Schema& schema, int message) {
  struct Last {
    const schema::Schema* schema = nullptr;
    int message = -1;
    const TapePlan* plan = nullptr;
  };
  static WIRELENS_PER_THREAD Last last;
  if (last.schema == &schema && last.message == message) return last.plan;

  static std::mutex mutex;
  static std::map<const schema::Schema*, std::unique_ptr<TapePlan>> plans;
  std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<TapePlan>& plan = plans[&schema];
  if (plan == nullptr) plan = BuildPlan(schema);
  int8_t& printable = plan->messages[message].printable;
  if (printable < 0) printable = ClosurePrintable(schema, message) ? 1 : 0;
  last = {&schema, message, printable ? plan.get() : nullptr};
  return last.plan;
}

// Orders map entries as the wire printer does: numbers by value (signed or unsigned as declared),
// false before true, strings bytewise.
uint64_t KeyOrder(const schema::Field& key_field, const WireValue& key) {
  const format::MapKey k = key_field.type == FieldType::kString ? format::MapKey{} : format::WireMapKey(key_field, key);
  return k.kind == 0 ? static_cast<uint64_t>(k.s) ^ (uint64_t{1} << 63) : k.u;
}

class TapeJsonPrinter : public format::JsonValueWriter {
 public:
  TapeJsonPrinter(const schema::Schema& schema, const TapePlan& plan, bool unknown_fields,
                  const format::JsonWriteOptions& options, format::StringSink* out)
      : JsonValueWriter(schema, options, out), plan_(plan), unknown_bit_(unknown_fields ? 1 : 0) {}

  // Prints the message of type `message` at the tape's position; false on a bad tape.
  bool Message(int message) {
    if (!tape_.Enter()) return false;  // JS refuses deeper objects: only a bad tape nests deeper
    const std::vector<TapePlan::Field>& fields = plan_.messages[message].fields;
    const size_t mask_at = tape_.pos();
    const size_t mask_words = (fields.size() + unknown_bit_ + 31) / 32;
    if (!tape_.SkipWords(mask_words)) return false;
    out_ += '{';
    bool first = true;
    for (size_t word = 0; word < mask_words; ++word) {
      for (uint32_t bits = tape_.WordAt(mask_at + word); bits != 0; bits &= bits - 1) {
        const size_t i = word * 32 + static_cast<size_t>(__builtin_ctz(bits));
        if (i < fields.size()) {
          if (!Field(fields[i], &first)) return false;
        } else if (i == fields.size() && unknown_bit_) {
          if (!UnknownFields(schema_.messages[message])) return false;
        } else {
          return false;
        }
      }
    }
    out_ += '}';
    tape_.Leave();
    return true;
  }

  bool at_end() const { return tape_.at_end(); }
  // The message is one the wire printer prints otherwise (Message() then returned false).
  bool left_to_wire() const { return left_to_wire_; }

 private:
  // A message's unknown fields, which JSON leaves out; but bytes that hold a field the schema
  // knows (the wire printer prints it from the bytes), or that do not parse (it says so), leave
  // the whole message to the wire printer.
  bool UnknownFields(const schema::Message& m) {
    const uint8_t* data;
    uint32_t size;
    if (!tape_.View(&data, &size)) return false;
    Reader reader(data, size);
    while (reader.NextField()) {
      if (m.FieldIndex(reader.field_number()) >= 0 || !reader.SkipField()) return LeaveToWire();
    }
    return reader.done() || LeaveToWire();
  }

  bool LeaveToWire() {
    left_to_wire_ = true;
    return false;
  }

  // One present field: its member, unless the wire would not hold it (an implicit field at zero,
  // an empty list or map, a closed enum number the enum does not define).
  bool Field(const TapePlan::Field& p, bool* first) {
    const size_t before = out_.size();
    if (!*first) out_ += ',';
    out_ += options_.preserve_proto_field_names ? p.proto_key : p.json_key;
    bool printed = true;
    if (p.field->is_map) {
      if (!Map(p, &printed)) return false;
    } else if (p.repeated) {
      if (!List(p, &printed)) return false;
    } else if (p.kind == TapeKind::kMessage) {
      if (!Message(p.message)) return false;
    } else if (!Single(p, p.skip_zero, &printed)) {
      return false;
    }
    if (printed) *first = false;
    else out_.Truncate(before);
    return true;
  }

  // Prints the value of tape bits `bits` (a word, or two for wide kinds) of a number, bool or enum
  // field; false (nothing printed) for a number of a closed enum that the enum does not define.
  bool Bits(const TapePlan::Field& p, uint64_t bits) {
    switch (p.kind) {
      case TapeKind::kI32: Signed(static_cast<int32_t>(bits), false); return true;
      case TapeKind::kU32: Integer(static_cast<uint32_t>(bits), false, false); return true;
      case TapeKind::kI64: Signed(static_cast<int64_t>(bits), true); return true;
      case TapeKind::kU64: Integer(bits, false, true); return true;
      case TapeKind::kBool: out_ += bits != 0 ? std::string_view("true") : std::string_view("false"); return true;
      case TapeKind::kEnum: return Enum(p, static_cast<int32_t>(bits));
      default: ScalarJson(*p.field, bits); return true;  // floats and doubles: their bits as the wire has them
    }
  }

  bool Enum(const TapePlan::Field& p, int32_t number) {
    const std::string* name = p.names != nullptr ? p.names->Find(number) : nullptr;
    if (name == nullptr && p.names != nullptr && p.names->closed) return false;  // the wire keeps it unknown
    if (p.names != nullptr && p.names->null_value) out_ += "null";
    else if (name != nullptr && !options_.always_print_enums_as_ints) out_ += *name;
    else Signed(number, false);
    return true;
  }

  // Reads one value of a singular field or a map value and prints it; *printed is false when the
  // wire would not hold it (zero when `skip_zero`, or a closed enum's undefined number).
  bool Single(const TapePlan::Field& p, bool skip_zero, bool* printed) {
    if (p.kind == TapeKind::kString || p.kind == TapeKind::kBytes) {
      WireValue v;
      if (!tape_.View(&v.data, &v.size)) return false;
      *printed = !skip_zero || v.size != 0;
      if (!*printed) return true;
      if (p.kind == TapeKind::kString) AppendEscaped(v.data, v.size, &out_);
      else Value(*p.field, v);
      return true;
    }
    uint64_t bits;
    if (p.wide) {
      if (!tape_.U64(&bits)) return false;
    } else {
      uint32_t word;
      if (!tape_.U32(&word)) return false;
      bits = word;
    }
    *printed = !(skip_zero && bits == 0) && Bits(p, bits);
    return true;
  }

  // A scalar's tape value as the wire holds it: ReadWireMessage's WireValue::raw.
  static uint64_t WireRaw(FieldType type, uint64_t tape_value) {
    switch (type) {
      case FieldType::kInt32:
      case FieldType::kEnum: return static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(tape_value)));
      case FieldType::kSInt32: return ZigZagEncode32(static_cast<int32_t>(tape_value));
      case FieldType::kSInt64: return ZigZagEncode64(static_cast<int64_t>(tape_value));
      case FieldType::kBool: return tape_value != 0;
      default: return tape_value;  // the others' tape words are their wire bits
    }
  }

  // A map key as the wire holds it.
  bool ReadKey(const TapePlan::Field& key, WireValue* v) {
    if (key.kind == TapeKind::kString) return tape_.View(&v->data, &v->size);
    uint64_t tape_value;
    if (key.wide) {
      if (!tape_.U64(&tape_value)) return false;
    } else {
      uint32_t word;
      if (!tape_.U32(&word)) return false;
      tape_value = word;
    }
    v->raw = WireRaw(key.field->type, tape_value);
    return true;
  }

  // A list; empty (or of closed enum numbers the enum does not define only), the wire has no field.
  bool List(const TapePlan::Field& p, bool* printed) {
    out_ += '[';
    const size_t open = out_.size();
    uint32_t n;
    if (p.kind == TapeKind::kMessage) {
      if (!tape_.Count(&n, 1)) return false;
      for (uint32_t i = 0; i < n; ++i) {
        if (i != 0) out_ += ',';
        if (!Message(p.message)) return false;
      }
    } else if (p.kind == TapeKind::kString || p.kind == TapeKind::kBytes) {
      if (!tape_.Count(&n, 2)) return false;
      for (uint32_t i = 0; i < n; ++i) {
        WireValue v;
        if (!tape_.View(&v.data, &v.size)) return false;
        if (i != 0) out_ += ',';
        if (p.kind == TapeKind::kString) AppendEscaped(v.data, v.size, &out_);
        else Value(*p.field, v);
      }
    } else {
      const uint32_t* words;
      if (!(p.wide ? tape_.Span<2>(&n, &words) : tape_.Span<1>(&n, &words))) return false;
      for (uint32_t i = 0; i < n; ++i) {
        const size_t comma = out_.size();
        if (comma != open) out_ += ',';
        if (!Bits(p, p.wide ? words[2 * i] | uint64_t{words[2 * i + 1]} << 32 : words[i])) out_.Truncate(comma);
      }
    }
    out_ += ']';
    *printed = out_.size() != open + 1;
    return true;
  }

  // Entries are printed in tape order, each as `,"key":value`, then put in key order (the last of
  // equal keys kept) when the tape did not have them so; the first entry's comma becomes the '{'.
  bool Map(const TapePlan::Field& p, bool* printed) {
    if (p.map_key == nullptr || p.map_value == nullptr) return false;
    const schema::Field& key_field = *p.map_key->field;
    const TapePlan::Field& value_field = *p.map_value;
    uint32_t n;
    if (!tape_.Count(&n, 2)) return false;
    const size_t begin = out_.size();
    const size_t base = entries_.size();
    bool in_order = true;
    for (uint32_t i = 0; i < n; ++i) {
      Entry e;
      WireValue key;
      if (!ReadKey(*p.map_key, &key)) return false;
      e.begin = static_cast<uint32_t>(out_.size());
      out_ += ',';
      MapKeyName(key_field, key);
      out_ += ':';
      if (value_field.kind == TapeKind::kMessage) {
        if (!Message(value_field.message)) return false;
      } else {
        bool value_printed;
        if (!Single(value_field, false, &value_printed)) return false;
        if (!value_printed) {  // a closed enum's undefined number: the wire keeps the entry unknown
          out_.Truncate(e.begin);
          continue;
        }
      }
      e.end = static_cast<uint32_t>(out_.size());
      e.order = KeyOrder(key_field, key);
      e.text = key.data;
      e.text_size = key.size;
      if (entries_.size() != base && !Before(entries_.back(), e, key_field)) in_order = false;
      entries_.push_back(e);
    }
    *printed = entries_.size() != base;
    if (*printed && !in_order) SortEntries(base, begin, key_field);
    entries_.resize(base);
    if (*printed) {
      out_.data()[begin] = '{';
      out_ += '}';
    }
    return true;
  }

  struct Entry {
    uint64_t order = 0;
    const uint8_t* text = nullptr;  // string keys
    uint32_t text_size = 0;
    uint32_t begin = 0;  // the entry's output: [begin, end)
    uint32_t end = 0;
  };

  static bool Before(const Entry& a, const Entry& b, const schema::Field& key_field) {
    if (key_field.type != FieldType::kString) return a.order < b.order;
    const int c = std::memcmp(a.text, b.text, std::min(a.text_size, b.text_size));
    return c != 0 ? c < 0 : a.text_size < b.text_size;
  }

  // Rewrites the entries from `base` on (whose output starts at `begin`) in key order, the last of
  // equal keys kept.
  void SortEntries(size_t base, size_t begin, const schema::Field& key_field) {
    const auto first = entries_.begin() + static_cast<std::ptrdiff_t>(base);
    std::stable_sort(first, entries_.end(), [&](const Entry& a, const Entry& b) { return Before(a, b, key_field); });
    scratch_.assign(out_.data() + begin, out_.size() - begin);
    out_.Truncate(begin);
    for (auto e = first; e != entries_.end(); ++e) {
      if (e + 1 != entries_.end() && !Before(*e, e[1], key_field)) continue;  // a later one has the same key
      out_.Append(scratch_.data() + (e->begin - begin), e->end - e->begin);
    }
  }

  const TapePlan& plan_;
  const size_t unknown_bit_;  // 1 when each mask has a bit for unknown fields
  bool left_to_wire_ = false;
  TapeReader tape_;
  std::vector<Entry> entries_;  // the map entries being printed, a stack across nested maps
  std::string scratch_;
};

}  // namespace

TapeJsonResult TapeToJson(const EmbeddedFile& file, const char* full_name, bool unknown_fields,
                          const format::JsonWriteOptions& options, std::string* out) {
  const schema::Schema* schema;
  int message;
  if (options.always_print_fields_with_no_presence || !format::FindEmbedded(file, full_name, &schema, &message).ok()) {
    return TapeJsonResult::kLeftToWire;
  }
  const TapePlan* plan = PlanFor(*schema, message);
  if (plan == nullptr) return TapeJsonResult::kLeftToWire;
  out->clear();
  format::StringSink sink(out, 256);
  TapeJsonPrinter printer(*schema, *plan, unknown_fields, options, &sink);
  const bool ok = printer.Message(message) && printer.at_end();
  sink.Finish();
  if (printer.left_to_wire()) return TapeJsonResult::kLeftToWire;
  return ok ? TapeJsonResult::kPrinted : TapeJsonResult::kBadTape;
}

}  // namespace wirelens::jsbind
