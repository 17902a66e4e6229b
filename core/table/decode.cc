#include "core/table/decode.h"

#include <algorithm>
#include <cstring>

#include "core/jsbind/wire_to_tape.h"
#include "core/table/scalars.h"
#include "core/wire/utf8.h"

namespace wirelens::table {
namespace {

// Reads the current field's scalar value (its wire type checked by the caller) as tape bits.
bool ReadScalar(Reader& r, const FieldEntry& f, uint64_t* bits) {
  uint64_t raw;
  switch (f.wire_type) {
    case WireType::kFixed32: {
      uint32_t v;
      if (!r.ReadFixed32(&v)) return false;
      raw = v;
      break;
    }
    case WireType::kFixed64:
      if (!r.ReadFixed64(&raw)) return false;
      break;
    default:
      if (!r.ReadVarint(&raw)) return false;
  }
  *bits = TapeBits(f.type, raw);
  return true;
}

size_t WidthOf(WireType wire_type) { return wire_type == WireType::kFixed32 ? 4 : 8; }

// Values in a packed run the read pass checked.
uint32_t RunCount(WireType wire_type, const uint8_t* data, uint32_t size) {
  if (wire_type != WireType::kVarint) return static_cast<uint32_t>(size / WidthOf(wire_type));
  uint32_t n = 0;
  for (uint32_t i = 0; i < size; ++i) n += data[i] < 0x80;
  return n;
}

// The varints of [p, end), a run that ends with a varint's last byte (jsbind::ReadRunVarint), as
// tape words at w (two per value for 64-bit kinds); false when one is longer than 10 bytes. One loop per conversion,
// the type's switch outside it.
template <int kWords, typename Convert>
bool DecodeVarints(const uint8_t* p, const uint8_t* end, uint32_t* w, Convert convert) {
  while (p < end) {
    uint64_t raw;
    if ((p = jsbind::ReadRunVarint(p, &raw)) == nullptr) return false;
    const uint64_t bits = convert(raw);
    *w++ = static_cast<uint32_t>(bits);
    if (kWords == 2) *w++ = static_cast<uint32_t>(bits >> 32);
  }
  return true;
}

bool DecodeVarintRun(FieldType type, const uint8_t* p, const uint8_t* end, uint32_t* w) {
  switch (type) {
    case FieldType::kInt64:
    case FieldType::kUInt64: return DecodeVarints<2>(p, end, w, [](uint64_t raw) { return raw; });
    case FieldType::kSInt64:
      return DecodeVarints<2>(p, end, w, [](uint64_t raw) { return static_cast<uint64_t>(ZigZagDecode64(raw)); });
    case FieldType::kSInt32:
      return DecodeVarints<1>(p, end, w, [](uint64_t raw) {
        return uint64_t{static_cast<uint32_t>(ZigZagDecode32(static_cast<uint32_t>(raw)))};
      });
    case FieldType::kBool: return DecodeVarints<1>(p, end, w, [](uint64_t raw) { return uint64_t{raw != 0}; });
    default: return DecodeVarints<1>(p, end, w, [](uint64_t raw) { return raw; });  // truncated to 32 bits
  }
}

}  // namespace

uint32_t Decoder::NewNode() {
  nodes_.emplace_back();
  return static_cast<uint32_t>(nodes_.size() - 1);
}

Decoder::Item& Decoder::Add(uint32_t node, uint32_t slot) {
  const auto index = static_cast<uint32_t>(items_.size());
  items_.push_back(Item{slot, kNone, 0, nullptr, 0, false});
  Node& n = nodes_[node];
  if (n.last == kNone) n.first = index;
  else items_[n.last].next = index;
  n.last = index;
  return items_.back();
}

bool Decoder::SkipToUnknown(Reader& r, const MessageTable& table, uint32_t node) {
  const uint8_t* begin = r.field_begin();
  if (!r.SkipField()) return false;
  if (table.keep_unknown) {
    Item& item = Add(node, table.unknown_slot());
    item.data = begin;
    item.size = static_cast<uint32_t>(r.position() - begin);
  }
  return true;
}

void Decoder::UnknownVarint(const MessageTable& table, uint32_t node, uint32_t number, int32_t value) {
  if (!table.keep_unknown) return;
  uint8_t buffer[2 * kMaxVarintBytes];
  uint8_t* p = WriteVarint(buffer, MakeTag(number, WireType::kVarint));
  p = WriteVarint(p, static_cast<uint64_t>(static_cast<int64_t>(value)));
  const std::string& bytes = owned_.emplace_back(reinterpret_cast<const char*>(buffer), p - buffer);
  Item& item = Add(node, table.unknown_slot());
  item.data = reinterpret_cast<const uint8_t*>(bytes.data());
  item.size = static_cast<uint32_t>(bytes.size());
}

// A packed run of field `f`: checked as ReadPacked checks it, then one item for the whole run, or
// for a closed enum one per value (those it does not define go to the unknown fields).
bool Decoder::ReadPackedRun(Reader& r, const MessageTable& table, const FieldEntry& f, uint32_t slot, uint32_t node) {
  ByteView run;
  if (!r.ReadLengthDelimited(&run)) return false;
  const uint8_t* const end = run.data + run.size;
  for (const uint8_t* p = run.data; p < end;) {
    uint64_t raw = 0;
    const uint8_t* next = ReadRawScalar(p, end, f.wire_type, &raw);
    if (next == nullptr) {
      return r.Fail(f.wire_type == WireType::kVarint ? ReadVarintErrorKind(p, end) : ErrorKind::kTruncated, p);
    }
    p = next;
  }
  if (f.closed_enum < 0) {
    if (run.size == 0) return true;
    Item& item = Add(node, slot);
    item.data = run.data;
    item.size = static_cast<uint32_t>(run.size);
    item.run = true;
    return true;
  }
  for (const uint8_t* p = run.data; p < end;) {
    uint64_t raw = 0;
    p = ReadVarint(p, end, &raw);
    const auto value = static_cast<int32_t>(raw);
    if (tables_.EnumDefines(f.closed_enum, value)) Add(node, slot).value = static_cast<uint32_t>(value);
    else UnknownVarint(table, node, f.number, value);
  }
  return true;
}

// What a generated MergeFrom does field by field (message_generator.cc), with items for values.
bool Decoder::ReadMessage(Reader& r, const MessageTable& table, uint32_t node) {
  while (r.NextField()) {
    const uint32_t slot = table.SlotOf(r.field_number());
    if (slot == MessageTable::kNoSlot) {
      if (!SkipToUnknown(r, table, node)) return false;
      continue;
    }
    const FieldEntry& f = table.fields[slot];
    const WireType wire_type = r.wire_type();
    const bool scalar = f.shape == Shape::kScalar || (f.shape == Shape::kRepeated && f.packable);
    if (scalar && wire_type == f.wire_type) {
      uint64_t bits;
      if (!ReadScalar(r, f, &bits)) return false;
      // A map entry's value is checked once the entry is read (ReadMapEntry).
      if (f.closed_enum >= 0 && !table.map_entry && !tables_.EnumDefines(f.closed_enum, static_cast<int32_t>(bits))) {
        UnknownVarint(table, node, f.number, static_cast<int32_t>(bits));
      } else {
        Add(node, slot).value = bits;
      }
      continue;
    }
    if (f.shape == Shape::kRepeated && f.packable && wire_type == WireType::kLengthDelimited) {
      if (!ReadPackedRun(r, table, f, slot, node)) return false;
      continue;
    }
    if (scalar || wire_type != f.wire_type) {  // a wire type the field cannot have: an unknown field
      if (!SkipToUnknown(r, table, node)) return false;
      continue;
    }
    const uint8_t* const field_begin = r.field_begin();
    if (f.shape == Shape::kString || (f.shape == Shape::kRepeated && !f.element_is_message)) {
      ByteView bytes;
      if (!r.ReadLengthDelimited(&bytes)) return false;
      if (f.validate_utf8 && !IsValidUtf8(bytes.data, bytes.size)) return r.Fail(ErrorKind::kInvalidUtf8, field_begin);
      Item& item = Add(node, slot);
      item.data = bytes.data;
      item.size = static_cast<uint32_t>(bytes.size);
      continue;
    }
    const MessageTable& sub = tables_.messages[static_cast<size_t>(f.sub)];
    Reader child(nullptr, 0);
    if (wire_type == WireType::kStartGroup) {
      if (!r.EnterGroup(&child)) return false;
    } else if (!r.EnterMessage(&child)) {
      return false;
    }
    const uint32_t child_node = NewNode();
    if (!ReadMessage(child, sub, child_node)) return r.PropagateError(child);
    if (wire_type == WireType::kStartGroup && !r.LeaveGroup(child)) return false;
    if (f.shape == Shape::kMap && !sub.fields.empty() && sub.fields.back().closed_enum >= 0) {
      // A value its closed enum does not define: the whole entry is an unknown field.
      uint64_t value = 0;
      for (uint32_t i = nodes_[child_node].first; i != kNone; i = items_[i].next) {
        if (items_[i].slot == sub.fields.size() - 1) value = items_[i].value;
      }
      if (!tables_.EnumDefines(sub.fields.back().closed_enum, static_cast<int32_t>(value))) {
        if (table.keep_unknown) {
          Item& item = Add(node, table.unknown_slot());
          item.data = field_begin;
          item.size = static_cast<uint32_t>(r.position() - field_begin);
        }
        continue;
      }
    }
    Add(node, slot).value = child_node;
  }
  return r.status().ok();
}

Status Decoder::Decode(uint32_t message, const uint8_t* data, size_t size, jsbind::TapeWriter& tape, int depth_limit) {
  if (size > 0xffffffffu) return Status::Error(ErrorKind::kLimitExceeded, 0);
  items_.clear();
  nodes_.clear();
  owned_.clear();
  strings_.clear();
  tape_ = &tape;
  const MessageTable& table = tables_.messages[message];
  jsbind::State& state = jsbind::GlobalState();
  const size_t start = tape.size();
  const uint32_t text_start = state.text_size;
  const uint32_t wide_start = state.wide_units;
  if (Transcode(table, data, data + size, depth_limit, 0) == data + size) {
    return tape.ok() ? Status::Ok() : Status::Error(ErrorKind::kLimitExceeded, 0);
  }
  // Given up: the tape and its texts back to where they were, for the two passes.
  tape.Truncate(start);
  state.text_size = text_start;
  state.wide_units = wide_start;
  mask_.clear();
  strings_.clear();
  Reader r(data, size, depth_limit);
  const uint32_t root = NewNode();
  if (!ReadMessage(r, table, root)) return r.status();
  children_.assign(1, root);
  WriteMessage(table, 0, 1);
  children_.clear();
  if (!tape.ok()) return Status::Error(ErrorKind::kLimitExceeded, 0);
  return Status::Ok();
}

// ---- one pass -----------------------------------------------------------------------------------

const uint8_t* Decoder::Transcode(const MessageTable& table, const uint8_t* p, const uint8_t* end, int depth,
                                  uint32_t group) {
  jsbind::TapeWriter& t = *tape_;
  const size_t at = t.Skip(table.mask_words);
  // The mask: on the stack when it is small (most messages), else on mask_.
  uint32_t small[4] = {};
  const bool on_stack = table.mask_words <= 4;
  const size_t mask = mask_.size();
  if (!on_stack) mask_.resize(mask + table.mask_words, 0);
  const auto word = [&](uint32_t w) -> uint32_t& { return on_stack ? small[w] : mask_[mask + w]; };
  const auto set = [&](uint32_t slot) { word(slot / 32) |= 1u << (slot % 32); };
  // The field read last (fields must come in slot order), and the repeated field whose values are
  // being read: its count word is written when the next field starts.
  uint32_t last = MessageTable::kNoSlot, open = MessageTable::kNoSlot, count = 0;
  size_t count_at = 0;
  const auto close_run = [&] {
    if (open == MessageTable::kNoSlot) return;
    if (count == 0) {
      t.Truncate(count_at);  // an empty packed run: nothing on the tape
    } else {
      t.Set(count_at, count);
      set(open);
    }
    open = MessageTable::kNoSlot;
  };
  const auto single = [&](uint32_t slot) {
    if (last != MessageTable::kNoSlot && slot <= last) return false;
    close_run();
    last = slot;
    return true;
  };
  const auto run = [&](uint32_t slot, bool wide) {
    if (slot == open) return true;
    if (!single(slot)) return false;
    open = slot;
    count_at = t.Skip(1);
    count = 0;
    if (wide) t.Align();
    return true;
  };
  const uint8_t* unknown_begin = nullptr;
  const uint8_t* unknown_end = nullptr;
  for (;;) {
    if (p == end) {
      if (group != 0) return nullptr;  // a group without its END_GROUP
      break;
    }
    const uint8_t* const field = p;
    uint32_t tag;
    if ((p = jsbind::ReadTag(p, end, &tag)) == nullptr) return nullptr;
    const uint32_t number = tag >> 3;
    const auto wire_type = static_cast<WireType>(tag & 7);
    if (wire_type == WireType::kEndGroup) {
      if (group != 0 && number == group) break;
      return nullptr;
    }
    const uint32_t slot = number == 0 ? MessageTable::kNoSlot : table.SlotOf(number);
    if (slot == MessageTable::kNoSlot) {
      if (number == 0 || (p = jsbind::SkipUnknown(field, p, end, tag, depth)) == nullptr) return nullptr;
      if (!table.keep_unknown) continue;
      if (unknown_end != nullptr && unknown_end != field) return nullptr;  // unknown fields apart
      if (unknown_end == nullptr) unknown_begin = field;
      unknown_end = p;
      continue;
    }
    const FieldEntry& f = table.fields[slot];
    if (wire_type != f.wire_type) {
      if (!f.packable || wire_type != WireType::kLengthDelimited || !run(slot, jsbind::IsWide(f.kind))) return nullptr;
      if ((p = TranscodePacked(f, p, end, &count)) == nullptr) return nullptr;
      continue;
    }
    const MessageTable* sub = f.sub >= 0 ? &tables_.messages[static_cast<size_t>(f.sub)] : nullptr;
    const bool repeated = f.shape == Shape::kRepeated || f.shape == Shape::kMap;
    if (repeated ? !run(slot, jsbind::IsWide(f.kind) && !f.element_is_message) : !single(slot)) return nullptr;
    if (f.shape == Shape::kMap) {
      ByteView entry;
      if ((p = jsbind::ReadLength(p, end, &entry)) == nullptr || TranscodeMapEntry(*sub, entry.data, p, depth) != p) {
        return nullptr;
      }
      ++count;
    } else if (f.kind == jsbind::TapeKind::kMessage) {
      if (depth <= 0) return nullptr;
      if (wire_type == WireType::kStartGroup) {
        if ((p = Transcode(*sub, p, end, depth - 1, number)) == nullptr) return nullptr;
      } else {
        ByteView m;
        if ((p = jsbind::ReadLength(p, end, &m)) == nullptr || Transcode(*sub, m.data, p, depth - 1, 0) != p) {
          return nullptr;
        }
      }
      if (repeated) ++count;
      else set(slot);
    } else if (jsbind::IsText(f.kind)) {
      ByteView v;
      if ((p = jsbind::ReadLength(p, end, &v)) == nullptr) return nullptr;
      if (f.implicit_presence && v.size == 0) continue;
      if (!WriteBytes(v.data, v.size, f.kind == jsbind::TapeKind::kString) && f.validate_utf8) return nullptr;
      if (repeated) ++count;
      else set(slot);
    } else {
      uint64_t raw = 0;
      if ((p = ReadRawScalar(p, end, f.wire_type, &raw)) == nullptr) return nullptr;
      const uint64_t bits = TapeBits(f.type, raw);
      if (f.closed_enum >= 0 && !tables_.EnumDefines(f.closed_enum, static_cast<int32_t>(bits))) return nullptr;
      if (f.implicit_presence && bits == 0) continue;
      WriteBits(f.kind, bits);
      if (repeated) ++count;
      else set(slot);
    }
  }
  close_run();
  for (uint32_t o = 0; o < table.oneof_count; ++o) {  // the two-pass decode keeps the last member only
    int members = 0;
    for (uint32_t w = 0; w < table.mask_words; ++w) {
      members += __builtin_popcount(word(w) & table.oneof_bits[o * table.mask_words + w]);
    }
    if (members > 1) return nullptr;
  }
  if (unknown_end != nullptr) {
    set(table.unknown_slot());
    WriteBytes(unknown_begin, static_cast<size_t>(unknown_end - unknown_begin), false);
  }
  for (uint32_t w = 0; w < table.mask_words; ++w) t.Set(at + w, word(w));
  if (!on_stack) mask_.resize(mask);
  return p;
}

// A packed run of field `f` at p (after its tag) onto the open run; nullptr when it is malformed or
// holds a value its closed enum does not define.
const uint8_t* Decoder::TranscodePacked(const FieldEntry& f, const uint8_t* p, const uint8_t* end, uint32_t* count) {
  ByteView run;
  if ((p = jsbind::ReadLength(p, end, &run)) == nullptr) return nullptr;
  const uint8_t* q = run.data;
  const uint8_t* const run_end = run.data + run.size;
  const size_t words = jsbind::IsWide(f.kind) ? 2 : 1;
  if (f.wire_type != WireType::kVarint) {
    const size_t width = WidthOf(f.wire_type);
    if (run.size % width != 0) return nullptr;
    const size_t n = run.size / width;
    uint32_t* w = tape_->Room(n * words);
    if (w == nullptr) return nullptr;
    if (n != 0) std::memcpy(w, q, run.size);  // the tape's words are the little-endian wire bytes
    tape_->Advance(n * words);
    *count += static_cast<uint32_t>(n);
    return p;
  }
  if (run.size != 0 && run_end[-1] >= 0x80) return nullptr;
  const uint32_t n = RunCount(f.wire_type, q, static_cast<uint32_t>(run.size));
  uint32_t* w = tape_->Room(n * words);
  if (w == nullptr || !DecodeVarintRun(f.type, q, run_end, w)) return nullptr;
  if (f.closed_enum >= 0) {
    for (uint32_t i = 0; i < n; ++i) {
      if (!tables_.EnumDefines(f.closed_enum, static_cast<int32_t>(w[i]))) return nullptr;
    }
  }
  tape_->Advance(n * words);
  *count += n;
  return p;
}

// One map entry in [p, end): its key then its value, each at most once and in that order (what
// every encoder writes), else nullptr; a missing one is written as its default.
const uint8_t* Decoder::TranscodeMapEntry(const MessageTable& entry, const uint8_t* p, const uint8_t* end, int depth) {
  if (depth <= 0) return nullptr;
  for (uint32_t slot = 0; slot < 2; ++slot) {
    const FieldEntry& f = entry.fields[slot];
    uint32_t tag = 0;
    const uint8_t* q = p == end ? nullptr : jsbind::ReadTag(p, end, &tag);
    const bool here = q != nullptr && tag == f.tag;
    if (here) p = q;
    if (f.kind == jsbind::TapeKind::kMessage) {
      const MessageTable& sub = tables_.messages[static_cast<size_t>(f.sub)];
      ByteView m{p, 0};
      if (here && (depth <= 1 || (p = jsbind::ReadLength(p, end, &m)) == nullptr)) return nullptr;
      if (Transcode(sub, m.data, m.data + m.size, depth - 2, 0) != m.data + m.size) return nullptr;
    } else if (jsbind::IsText(f.kind)) {
      ByteView v;
      if (here && (p = jsbind::ReadLength(p, end, &v)) == nullptr) return nullptr;
      if (!WriteBytes(v.data, v.size, f.kind == jsbind::TapeKind::kString) && f.validate_utf8) return nullptr;
    } else {
      uint64_t raw = 0;
      if (here && (p = ReadRawScalar(p, end, f.wire_type, &raw)) == nullptr) return nullptr;
      const uint64_t bits = TapeBits(f.type, raw);
      if (f.closed_enum >= 0 && !tables_.EnumDefines(f.closed_enum, static_cast<int32_t>(bits))) return nullptr;
      WriteBits(f.kind, bits);
    }
  }
  return p == end ? p : nullptr;
}

// ---- write pass --------------------------------------------------------------------------------

void Decoder::WriteMessage(const MessageTable& table, size_t first, size_t count) {
  const size_t begin = gathered_.size();
  for (size_t c = first; c < first + count; ++c) {
    for (uint32_t i = nodes_[children_[c]].first; i != kNone; i = items_[i].next) gathered_.push_back(i);
  }
  if (table.oneof_count != 0) DropReplacedOneofMembers(table, begin);
  const auto by_slot = [this](uint32_t a, uint32_t b) { return items_[a].slot < items_[b].slot; };
  if (!std::is_sorted(gathered_.begin() + begin, gathered_.end(), by_slot)) {
    std::stable_sort(gathered_.begin() + begin, gathered_.end(), by_slot);
  }
  jsbind::TapeWriter& t = *tape_;
  const size_t at = t.Skip(table.mask_words);
  const size_t mask = mask_.size();
  mask_.resize(mask + table.mask_words, 0);
  const size_t end = gathered_.size();
  for (size_t k = begin; k < end;) {
    const uint32_t slot = items_[gathered_[k]].slot;
    size_t run_end = k + 1;
    while (run_end < end && items_[gathered_[run_end]].slot == slot) ++run_end;
    bool present = true;
    if (slot == table.unknown_slot()) WriteUnknown(k, run_end);
    else present = WriteField(table.fields[slot], k, run_end);
    if (present) mask_[mask + slot / 32] |= 1u << (slot % 32);
    k = run_end;
  }
  for (uint32_t w = 0; w < table.mask_words; ++w) t.Set(at + w, mask_[mask + w]);
  mask_.resize(mask);
  gathered_.resize(begin);
}

// Of each oneof, only the member read last stays, with the values read since another member was.
void Decoder::DropReplacedOneofMembers(const MessageTable& table, size_t begin) {
  std::vector<OneofWinner>& winners = winners_;
  winners.assign(table.oneof_count, OneofWinner{MessageTable::kNoSlot, 0});
  const size_t end = gathered_.size();
  for (size_t k = begin; k < end; ++k) {
    const uint32_t slot = items_[gathered_[k]].slot;
    const int32_t oneof = slot < table.fields.size() ? table.fields[slot].oneof : -1;
    if (oneof >= 0 && winners[oneof].slot != slot) winners[oneof] = {slot, k};
  }
  size_t kept = begin;
  for (size_t k = begin; k < end; ++k) {
    const uint32_t slot = items_[gathered_[k]].slot;
    const int32_t oneof = slot < table.fields.size() ? table.fields[slot].oneof : -1;
    if (oneof >= 0 && (winners[oneof].slot != slot || k < winners[oneof].since)) continue;
    gathered_[kept++] = gathered_[k];
  }
  gathered_.resize(kept);
}

bool Decoder::WriteBytes(const uint8_t* data, size_t size, bool text) {
  if (keep_strings_) strings_.push_back(ByteView{data, size});
  if (text && !strings_as_bytes_) return tape_->Text(data, size);
  tape_->Bytes(data, size);
  return !text || IsValidUtf8(data, size);
}

void Decoder::WriteBits(jsbind::TapeKind kind, uint64_t bits) {
  if (jsbind::IsWide(kind)) tape_->U64(bits);
  else tape_->U32(static_cast<uint32_t>(bits));
}

void Decoder::WriteValue(const FieldEntry& f, const Item& item) {
  if (jsbind::IsText(f.kind)) WriteBytes(item.data, item.size, f.kind == jsbind::TapeKind::kString);
  else WriteBits(f.kind, item.value);
}

void Decoder::WriteRun(const FieldEntry& f, const Item& item) {
  const uint8_t* const end = item.data + item.size;
  for (const uint8_t* p = item.data; p < end;) {
    uint64_t raw = 0;
    p = ReadRawScalar(p, end, f.wire_type, &raw);  // checked by the read pass
    const uint64_t bits = TapeBits(f.type, raw);
    if (jsbind::IsWide(f.kind)) tape_->U64(bits);
    else tape_->U32(static_cast<uint32_t>(bits));
  }
}

bool Decoder::WriteField(const FieldEntry& f, size_t begin, size_t end) {
  jsbind::TapeWriter& t = *tape_;
  const Item& last = items_[gathered_[end - 1]];
  switch (f.shape) {
    case Shape::kScalar:
      if (f.implicit_presence && last.value == 0) return false;
      WriteValue(f, last);
      return true;
    case Shape::kString:
      if (f.implicit_presence && last.size == 0) return false;
      WriteValue(f, last);
      return true;
    case Shape::kMessage:
    case Shape::kGroup: {
      const size_t first = children_.size();
      for (size_t k = begin; k < end; ++k) children_.push_back(static_cast<uint32_t>(items_[gathered_[k]].value));
      WriteMessage(tables_.messages[static_cast<size_t>(f.sub)], first, end - begin);
      children_.resize(first);
      return true;
    }
    case Shape::kRepeated: {
      uint32_t n = 0;
      for (size_t k = begin; k < end; ++k) {
        const Item& item = items_[gathered_[k]];
        n += item.run ? RunCount(f.wire_type, item.data, item.size) : 1;
      }
      if (n == 0) return false;
      t.U32(n);
      if (jsbind::IsWide(f.kind)) t.Align();
      for (size_t k = begin; k < end; ++k) {
        const Item& item = items_[gathered_[k]];
        if (item.run) {
          WriteRun(f, item);
        } else if (f.element_is_message) {
          const size_t first = children_.size();
          children_.push_back(static_cast<uint32_t>(item.value));
          WriteMessage(tables_.messages[static_cast<size_t>(f.sub)], first, 1);
          children_.resize(first);
        } else {
          WriteValue(f, item);
        }
      }
      return true;
    }
    case Shape::kMap:
      t.U32(static_cast<uint32_t>(end - begin));
      for (size_t k = begin; k < end; ++k) {
        WriteMapEntry(tables_.messages[static_cast<size_t>(f.sub)], static_cast<uint32_t>(items_[gathered_[k]].value));
      }
      return true;
  }
  return false;
}

// Key, then value, each the last read or its default; a message value the merge of all read.
void Decoder::WriteMapEntry(const MessageTable& entry, uint32_t node) {
  const Item none{0, kNone, 0, nullptr, 0, false};
  const Item* key = &none;
  const Item* value = &none;
  const size_t first = children_.size();
  for (uint32_t i = nodes_[node].first; i != kNone; i = items_[i].next) {
    const Item& item = items_[i];
    if (item.slot == 0) key = &item;
    else if (entry.fields[item.slot].shape == Shape::kMessage) children_.push_back(static_cast<uint32_t>(item.value));
    else value = &item;
  }
  WriteValue(entry.fields[0], *key);
  const FieldEntry& v = entry.fields[1];
  if (v.shape == Shape::kMessage)
    WriteMessage(tables_.messages[static_cast<size_t>(v.sub)], first, children_.size() - first);
  else WriteValue(v, *value);
  children_.resize(first);
}

void Decoder::WriteUnknown(size_t begin, size_t end) {
  if (end - begin == 1) {
    const Item& item = items_[gathered_[begin]];
    WriteBytes(item.data, item.size, false);
    return;
  }
  std::string& joined = owned_.emplace_back();
  for (size_t k = begin; k < end; ++k) {
    const Item& item = items_[gathered_[k]];
    joined.append(reinterpret_cast<const char*>(item.data), item.size);
  }
  WriteBytes(reinterpret_cast<const uint8_t*>(joined.data()), joined.size(), false);
}

// ---- back to a tape for the encoder --------------------------------------------------------------

bool Decoder::ToEncodeTape(uint32_t message, size_t words) {
  jsbind::State& s = jsbind::GlobalState();
  size_t total = 0;
  string_offsets_.clear();
  for (const ByteView& v : strings_) {
    string_offsets_.push_back(static_cast<uint32_t>(total));
    total += v.size;
  }
  if (total > 0x7fffffffu || !jsbind::GrowBuffer(&s.bytes, &s.bytes_capacity, total, 0)) return false;
  for (size_t i = 0; i < strings_.size(); ++i) {
    if (strings_[i].size != 0) std::memcpy(s.bytes + string_offsets_[i], strings_[i].data, strings_[i].size);
  }
  size_t pos = 0, next = 0;
  RenameStrings(tables_.messages[message], &pos, &next);
  s.tape_end = static_cast<uint32_t>(words);
  return pos == words && next == strings_.size();
}

void Decoder::RenameValue(const FieldEntry& f, size_t* pos, size_t* next) {
  if (jsbind::IsText(f.kind)) {
    uint32_t* pair = jsbind::GlobalState().tape + *pos;
    pair[0] = string_offsets_[*next];
    pair[1] = static_cast<uint32_t>(strings_[*next].size);
    *pos += 2;
    ++*next;
  } else if (f.kind == jsbind::TapeKind::kMessage) {
    RenameStrings(tables_.messages[static_cast<size_t>(f.sub)], pos, next);
  } else {
    *pos += jsbind::IsWide(f.kind) ? (*pos & 1) + 2 : 1;
  }
}

void Decoder::RenameStrings(const MessageTable& table, size_t* pos, size_t* next) {
  const uint32_t* tape = jsbind::GlobalState().tape;
  const size_t mask = *pos;
  *pos += table.mask_words;
  const auto present = [&](uint32_t slot) { return (tape[mask + slot / 32] >> (slot % 32)) & 1; };
  for (uint32_t slot = 0; slot < table.fields.size(); ++slot) {
    if (!present(slot)) continue;
    const FieldEntry& f = table.fields[slot];
    if (f.shape != Shape::kRepeated && f.shape != Shape::kMap) {
      RenameValue(f, pos, next);
      continue;
    }
    const uint32_t n = tape[(*pos)++];
    const MessageTable* entry = f.shape == Shape::kMap ? &tables_.messages[static_cast<size_t>(f.sub)] : nullptr;
    for (uint32_t i = 0; i < n; ++i) {
      if (entry != nullptr) {
        RenameValue(entry->fields[0], pos, next);
        RenameValue(entry->fields[1], pos, next);
      } else {
        RenameValue(f, pos, next);
      }
    }
  }
  if (table.keep_unknown && present(table.unknown_slot())) {
    FieldEntry unknown;
    unknown.kind = jsbind::TapeKind::kBytes;
    RenameValue(unknown, pos, next);
  }
}

}  // namespace wirelens::table
