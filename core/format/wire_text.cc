#include "core/format/wire_text.h"

#include <algorithm>
#include <deque>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/format/sliced_print.h"
#include "core/format/wire_message.h"
#include "core/text/literal.h"
#include "core/text/scalar_text.h"
#include "core/wire/packed.h"
#include "core/wire/reader.h"
#include "core/wire/utf8.h"

namespace wirelens::format {
namespace {

using schema::FieldType;
using schema::Label;

struct Tag {
  uint32_t number = 0;
  uint32_t wire_type = 0;
};

// Reads a tag as the inspector does: nullptr for a varint that does not end, wire type 6 or 7, or a
// field number outside 1..kMaxFieldNumber.
const uint8_t* ReadTag(const uint8_t* p, const uint8_t* end, Tag* tag) {
  uint64_t v;
  p = ReadVarint(p, end, &v);
  if (p == nullptr) return nullptr;
  const uint64_t number = v >> 3;
  tag->wire_type = static_cast<uint32_t>(v & 7);
  if (tag->wire_type > 5 || number == 0 || number > kMaxFieldNumber) return nullptr;
  tag->number = static_cast<uint32_t>(number);
  return p;
}

// Reads a varint or fixed value of `wire_type` (0, 1 or 5) into *raw; nullptr when cut short.
const uint8_t* ReadNumber(const uint8_t* p, const uint8_t* end, uint32_t wire_type, uint64_t* raw) {
  if (wire_type == 0) return ReadVarint(p, end, raw);
  const ptrdiff_t width = wire_type == 5 ? 4 : 8;
  if (end - p < width) return nullptr;
  *raw = width == 4 ? LoadFixed32(p) : LoadFixed64(p);
  return p + width;
}

// Reads a length prefix and checks the value fits; nullptr when not. *value_end: past the value.
const uint8_t* ReadLength(const uint8_t* p, const uint8_t* end, const uint8_t** value_end) {
  uint64_t length;
  p = ReadVarint(p, end, &length);
  if (p == nullptr || length > static_cast<uint64_t>(end - p)) return nullptr;
  *value_end = p + length;
  return p;
}

// Calls f(raw) for each element of a packed run of `type`; false when the run does not parse.
template <typename F>
bool ForEachElement(FieldType type, const uint8_t* p, const uint8_t* end, F f) {
  return ForEachPackedElement(p, end, PackedWidth(schema::WireTypeOf(type)),
                              [&](uint64_t raw, const uint8_t*) { f(raw); });
}

// IsPlainMessage's walk. Also finds where an undeclared group ends, for the printer.
class PlainChecker {
 public:
  PlainChecker(const schema::Schema* schema, int depth_limit) : schema_(schema), max_depth_(depth_limit - 2) {
    if (schema == nullptr) return;
    is_any_.resize(schema->messages.size());
    for (size_t i = 0; i < is_any_.size(); ++i) is_any_[i] = schema->messages[i].full_name == "google.protobuf.Any";
  }

  // The fields of a message of type `message` (-1: undeclared) in [p, end), to the end or to the
  // END_GROUP of `group_number`: the position after them, or nullptr when they are not plain.
  const uint8_t* Fields(const uint8_t* p, const uint8_t* end, int message, uint32_t group_number, int depth) {
    if (message >= 0 && is_any_[message]) return nullptr;  // its value decodes as the type its URL names
    const schema::Message* m = message >= 0 ? &schema_->messages[message] : nullptr;
    uint32_t last_number = 0;
    uint64_t oneofs_set = 0;
    while (p < end) {
      const uint8_t* tag_at = p;
      Tag tag;
      p = ReadTag(p, end, &tag);
      if (p == nullptr) return nullptr;
      if (tag.wire_type == 4) {
        end_tag_ = tag_at;
        return tag.number == group_number ? p : nullptr;
      }
      const int index = m != nullptr ? m->FieldIndex(tag.number) : -1;
      const schema::Field* f = index >= 0 ? &m->fields[index] : nullptr;
      if (f != nullptr) {
        if (!schema::AcceptsWireType(*f, static_cast<WireType>(tag.wire_type))) return nullptr;  // the inspector warns
        if (tag.number < last_number || (tag.number == last_number && f->label != Label::kRepeated)) return nullptr;
        if (f->oneof >= 0) {
          if (f->oneof >= 64 || (oneofs_set >> f->oneof & 1) != 0) return nullptr;
          oneofs_set |= uint64_t{1} << f->oneof;
        }
        last_number = tag.number;
      }
      if (tag.wire_type == 3) {
        if (depth + 1 > max_depth_) return nullptr;
        p = Fields(p, end, f != nullptr ? f->message : -1, tag.number, depth + 1);
      } else if (tag.wire_type == 2) {
        const uint8_t* value_end = end;
        const uint8_t* value = ReadLength(p, end, &value_end);
        if (value == nullptr || (f != nullptr && !Value(*f, value, value_end, depth))) return nullptr;
        p = value_end;
      } else {
        uint64_t raw;
        p = ReadNumber(p, end, tag.wire_type, &raw);
      }
      if (p == nullptr) return nullptr;
    }
    return group_number == 0 ? p : nullptr;
  }

  // The END_GROUP tag of the last group Fields() returned from.
  const uint8_t* end_tag() const { return end_tag_; }

 private:
  // A length-delimited value of declared field `f` in a message at `depth`.
  bool Value(const schema::Field& f, const uint8_t* p, const uint8_t* end, int depth) {
    if (f.is_map) return MapEntry(f, p, end, depth);
    switch (f.type) {
      case FieldType::kMessage:
        return f.message >= 0 && depth + 1 <= max_depth_ && Fields(p, end, f.message, 0, depth + 1) == end;
      case FieldType::kString: return !f.validate_utf8 || IsValidUtf8(p, static_cast<size_t>(end - p));
      case FieldType::kBytes: return true;
      default: return ForEachElement(f.type, p, end, [](uint64_t) {});
    }
  }

  // A map entry: a key, then a value, each at most once, of their declared wire types; no closed
  // enum value its enum does not define (the parser would keep the entry unknown).
  bool MapEntry(const schema::Field& map, const uint8_t* p, const uint8_t* end, int depth) {
    if (map.message < 0 || depth + 2 > max_depth_) return false;
    const schema::Message& entry = schema_->messages[map.message];
    const schema::Field* key = entry.FindField(1);
    const schema::Field* value = entry.FindField(2);
    if (key == nullptr || value == nullptr) return false;
    uint32_t last_number = 0;
    while (p < end) {
      Tag tag;
      p = ReadTag(p, end, &tag);
      if (p == nullptr || (tag.number != 1 && tag.number != 2) || tag.number <= last_number) return false;
      last_number = tag.number;
      const schema::Field& f = tag.number == 1 ? *key : *value;
      if (static_cast<uint32_t>(schema::WireTypeOf(f.type)) != tag.wire_type) return false;
      if (tag.wire_type == 2) {
        const uint8_t* value_end = end;
        const uint8_t* bytes = ReadLength(p, end, &value_end);
        if (bytes == nullptr || !Value(f, bytes, value_end, depth + 1)) return false;
        p = value_end;
      } else {
        uint64_t raw;
        p = ReadNumber(p, end, tag.wire_type, &raw);  // 0, 1 or 5: a map's key and value are no groups
        if (p == nullptr || IsUndefinedClosedEnum(*schema_, f, raw)) return false;
      }
    }
    return true;
  }

  const schema::Schema* schema_;
  int max_depth_;
  std::vector<bool> is_any_;
  const uint8_t* end_tag_ = nullptr;
};

// A field a message's text prints after its declared fields, in wire order.
struct UnknownField {
  uint32_t number;
  WireType wire_type;
  const uint8_t* value;  // length-delimited bytes or a group's contents
  size_t size;
  uint64_t raw;  // a varint's or fixed value's number
};

struct MapEntryValues {
  WireValue key;
  WireValue value;
};

// Per nesting level, reused from message to message.
struct Level {
  std::vector<UnknownField> unknown;
  std::vector<WireValue> entries;  // the entries of the map being read
  std::vector<MapEntryValues> parsed;
  std::vector<std::pair<MapKey, uint32_t>> keys;
};

class TextPrinter {
 public:
  TextPrinter(const schema::Schema& schema, TextOutput* out)
      : schema_(schema), out_(out), skipper_(nullptr, kDefaultDepthLimit + 2) {}

  // Prints the fields of a message of type `message` in [p, end), to the end or to the END_GROUP of
  // `group_number`. Returns the position after them, or nullptr at bytes that are not plain.
  const uint8_t* Fields(const uint8_t* p, const uint8_t* end, int message, uint32_t group_number, int depth,
                        int indent) {
    if (depth > kDefaultDepthLimit) return nullptr;
    const schema::Message& m = schema_.messages[message];
    while (levels_.size() <= static_cast<size_t>(depth)) levels_.emplace_back();
    Level& level = levels_[depth];  // a deque: deeper levels added later leave it in place
    level.unknown.clear();
    level.entries.clear();
    const schema::Field* map = nullptr;  // the map whose entries are being collected
    bool closed = group_number == 0;     // a group's END_GROUP was read
    while (p < end && !(closed && group_number != 0)) {
      out_->reading = p;
      Tag tag;
      p = ReadTag(p, end, &tag);
      if (p == nullptr) return nullptr;
      if (tag.wire_type == 4) {
        if (tag.number != group_number) return nullptr;
        closed = true;
        continue;
      }
      const int index = m.FieldIndex(tag.number);
      const schema::Field* f =
          index >= 0 && schema::AcceptsWireType(m.fields[index], static_cast<WireType>(tag.wire_type))
              ? &m.fields[index]
              : nullptr;
      if (map != nullptr && f != nullptr && f != map) {
        PrintMap(*map, &level, depth, indent);
        map = nullptr;
      }
      if (tag.wire_type == 3) {
        const uint8_t* after = f != nullptr ? SubMessage(m, *f, p, end, tag.number, depth, indent)
                                            : skipper_.Fields(p, end, -1, tag.number, depth + 1);
        if (after == nullptr) return nullptr;
        if (f == nullptr) {
          level.unknown.push_back(
              {tag.number, WireType::kStartGroup, p, static_cast<size_t>(skipper_.end_tag() - p), 0});
        }
        p = after;
      } else if (tag.wire_type == 2) {
        const uint8_t* value_end = end;
        const uint8_t* value = ReadLength(p, end, &value_end);
        if (value == nullptr) return nullptr;
        const size_t size = static_cast<size_t>(value_end - value);
        p = value_end;
        if (f == nullptr) {
          level.unknown.push_back({tag.number, WireType::kLengthDelimited, value, size, 0});
        } else if (f->is_map) {
          map = f;
          level.entries.push_back({value, static_cast<uint32_t>(size), 0});
        } else if (!LengthDelimited(m, *f, value, value_end, &level, depth, indent)) {
          return nullptr;
        }
      } else {
        uint64_t raw;
        p = ReadNumber(p, end, tag.wire_type, &raw);
        if (p == nullptr) return nullptr;
        if (f != nullptr) {
          Scalar(m, *f, raw, &level, indent);
        } else {
          level.unknown.push_back({tag.number, static_cast<WireType>(tag.wire_type), nullptr, 0, raw});
        }
      }
    }
    if (!closed) return nullptr;
    if (map != nullptr) PrintMap(*map, &level, depth, indent);
    for (const UnknownField& u : level.unknown)
      PrintUnknownField(u.number, u.wire_type, u.value, u.size, u.raw, out_, indent);
    return p;
  }

  const std::string& NameOf(const schema::Message& m, const schema::Field& f) const {
    return f.type == FieldType::kGroup && text::GroupLike(schema_, m, f) ? schema_.messages[f.message].name : f.name;
  }

  // "name {" at `indent`.
  void Open(const std::string& name, int indent) {
    out_->Indent(indent);
    out_->append(name);
    out_->append(" {");
    out_->EndLine();
  }

 private:
  // "name: " at `indent`.
  void StartValue(const std::string& name, int indent) {
    out_->Indent(indent);
    out_->append(name);
    out_->append(": ");
  }

  // A message or group value: "name {", its fields, "}".
  const uint8_t* SubMessage(const schema::Message& m, const schema::Field& f, const uint8_t* p, const uint8_t* end,
                            uint32_t group_number, int depth, int indent) {
    if (f.message < 0) return nullptr;
    Open(NameOf(m, f), indent);
    const uint8_t* after = Fields(p, end, f.message, group_number, depth + 1, indent + 1);
    out_->Line(indent, "}");
    return after;
  }

  bool LengthDelimited(const schema::Message& m, const schema::Field& f, const uint8_t* value, const uint8_t* end,
                       Level* level, int depth, int indent) {
    switch (f.type) {
      case FieldType::kMessage: return SubMessage(m, f, value, end, 0, depth, indent) == end;
      case FieldType::kString:
      case FieldType::kBytes:
        if (value == end && f.label != Label::kRepeated && !f.has_presence) return true;  // implicit presence
        StartValue(NameOf(m, f), indent);
        AppendQuoted(value, static_cast<size_t>(end - value));
        out_->EndLine();
        return true;
      default: return ForEachElement(f.type, value, end, [&](uint64_t raw) { Scalar(m, f, raw, level, indent); });
    }
  }

  void Scalar(const schema::Message& m, const schema::Field& f, uint64_t raw, Level* level, int indent) {
    if (IsUndefinedClosedEnum(schema_, f, raw)) {  // the parser keeps it as an unknown int32 varint
      const uint64_t as_int32 = static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(raw)));
      level->unknown.push_back({f.number, WireType::kVarint, nullptr, 0, as_int32});
      return;
    }
    if (f.label != Label::kRepeated && !f.has_presence && IsZeroWireValue(f, {nullptr, 0, raw})) return;
    StartValue(NameOf(m, f), indent);
    text::AppendScalarText(raw, f, schema_, out_);
    out_->EndLine();
  }

  void AppendQuoted(const uint8_t* data, size_t size) {
    out_->push_back('"');
    text::AppendCEscaped(data, size, out_);
    out_->push_back('"');
  }

  // The value of a map entry's key or value field as text ("" and 0 for an absent one).
  void AppendMapValue(const schema::Field& f, const WireValue& v) {
    if (f.type == FieldType::kString || f.type == FieldType::kBytes) {
      AppendQuoted(v.data, v.size);
    } else {
      text::AppendScalarText(v.raw, f, schema_, out_);
    }
  }

  // The collected entries of `map`, by key, the last of equal keys winning.
  void PrintMap(const schema::Field& map, Level* level, int depth, int indent) {
    const schema::Message& entry_type = schema_.messages[map.message];
    const schema::Field& key_field = *entry_type.FindField(1);
    const schema::Field& value_field = *entry_type.FindField(2);
    level->parsed.clear();
    level->keys.clear();
    for (const WireValue& entry : level->entries) {
      MapEntryValues parsed;
      const uint8_t* p = entry.data;
      const uint8_t* end = p + entry.size;
      while (p < end) {  // a key and a value at most, as the checker found
        Tag tag;
        p = ReadTag(p, end, &tag);
        if (p == nullptr) break;
        WireValue& v = tag.number == 1 ? parsed.key : parsed.value;
        if (tag.wire_type == 2) {
          const uint8_t* value_end = end;
          v.data = ReadLength(p, end, &value_end);
          if (v.data == nullptr) break;
          v.size = static_cast<uint32_t>(value_end - v.data);
          p = value_end;
        } else {
          p = ReadNumber(p, end, tag.wire_type, &v.raw);
        }
      }
      level->keys.emplace_back(WireMapKey(key_field, parsed.key), static_cast<uint32_t>(level->parsed.size()));
      level->parsed.push_back(parsed);
    }
    std::stable_sort(level->keys.begin(), level->keys.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (size_t k = 0; k < level->keys.size(); ++k) {
      if (k + 1 < level->keys.size() && !(level->keys[k].first < level->keys[k + 1].first))
        continue;  // a later one wins
      const MapEntryValues& entry = level->parsed[level->keys[k].second];
      Open(map.name, indent);
      StartValue("key", indent + 1);
      AppendMapValue(key_field, entry.key);
      out_->EndLine();
      if (value_field.type == FieldType::kMessage) {
        Open("value", indent + 1);
        if (entry.value.data != nullptr)
          Fields(entry.value.data, entry.value.data + entry.value.size, value_field.message, 0, depth + 2, indent + 2);
        out_->Line(indent + 1, "}");
      } else {
        StartValue("value", indent + 1);
        AppendMapValue(value_field, entry.value);
        out_->EndLine();
      }
      out_->Line(indent, "}");
    }
    level->entries.clear();
  }

  const schema::Schema& schema_;
  TextOutput* out_;
  PlainChecker skipper_;  // without a schema: finds where undeclared groups end
  std::deque<Level> levels_;
};

// SlicedPrint's text format: a level's fields as TextPrinter::Fields prints them, at the level's
// indent; an entered value between "name {" and "}".
class TextLevels : public LevelPrinter {
 public:
  TextLevels(const schema::Schema& schema, WritePiece write)
      : schema_(schema), write_(std::move(write)), printer_(schema, &out_) {
    out_.flush = [this](std::string_view piece) { write_(piece); };
  }

  bool Splits(const schema::Message&) const override { return true; }
  // A closed enum's unknown numbers print at the end of their message: not apart from it.
  bool SplitsAround(const schema::Field& f) const override {
    return f.type != FieldType::kEnum || f.enumeration < 0 || !schema_.enums[f.enumeration].closed;
  }
  bool Whole(const PrintLevel& top) override {
    return printer_.Fields(top.at, top.end, top.message, 0, 0, 0) == top.end;
  }
  void Begin(const PrintLevel&) override {}
  void Enter(PrintLevel& parent, const schema::Field& f) override {
    printer_.Open(printer_.NameOf(schema_.messages[parent.message], f), parent.depth);
  }
  void Leave(PrintLevel& level) override {
    if (level.depth > 0) out_.Line(level.depth - 1, "}");
  }
  bool Print(PrintLevel& level, const uint8_t* from, const uint8_t* to) override {
    return printer_.Fields(from, to, level.message, 0, level.depth, level.depth) == to;
  }
  void Finish() override {
    write_(out_.held());
    out_.Take();
  }

 private:
  const schema::Schema& schema_;
  WritePiece write_;
  TextOutput out_;
  TextPrinter printer_;
};

}  // namespace

std::unique_ptr<LevelPrinter> TextLevelPrinter(const schema::Schema& schema, WritePiece write) {
  return std::make_unique<TextLevels>(schema, std::move(write));
}

bool IsPlainMessage(const uint8_t* data, size_t size, const schema::Schema* schema, int message, int depth_limit) {
  if (schema == nullptr && message >= 0) return false;
  PlainChecker checker(schema, depth_limit);
  return checker.Fields(data, data + size, message, 0, 0) == data + size;
}

bool MessageText(const uint8_t* data, size_t size, const schema::Schema& schema, int message, TextOutput* out) {
  TextPrinter printer(schema, out);
  return printer.Fields(data, data + size, message, 0, 0, 0) == data + size;
}

}  // namespace wirelens::format
