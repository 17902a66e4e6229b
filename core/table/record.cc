#include "core/table/record.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string_view>
#include <unordered_map>

#include "core/jsbind/tape.h"

namespace wirelens::table {
namespace {

using jsbind::TapeKind;

// Before every record: the arena of its root (Records::NewRoot places a root's arena before it).
constexpr size_t kHeader = 8;
static_assert(sizeof(Arena*) <= kHeader, "the header holds the arena's address");
constexpr size_t kArenaBytes = (sizeof(Arena) + 7) & ~size_t{7};
constexpr size_t kFirstBlock = 4096;
// Elements a tape may give a list whose elements take no tape words (empty messages): a bad tape
// must not make the filler loop for a long time.
constexpr uint32_t kMaxWordlessElements = 1u << 24;

Arena* ArenaOf(const uint8_t* record) {
  Arena* arena;
  std::memcpy(&arena, record - kHeader, sizeof arena);
  return arena;
}
bool IsRoot(const uint8_t* record) {
  return reinterpret_cast<const uint8_t*>(ArenaOf(record)) + kArenaBytes + kHeader == record;
}

bool Present(const uint8_t* record, uint32_t slot) {
  uint32_t word;
  std::memcpy(&word, record + slot / 32 * 4, 4);
  return (word >> (slot % 32)) & 1;
}
void Mark(uint8_t* record, uint32_t slot, bool present) {
  uint32_t word;
  std::memcpy(&word, record + slot / 32 * 4, 4);
  word = present ? word | (1u << (slot % 32)) : word & ~(1u << (slot % 32));
  std::memcpy(record + slot / 32 * 4, &word, 4);
}

// Bytes of one value of `f` in a cell or a list (a message: its record's address).
size_t ValueSize(const FieldEntry& f) {
  if (f.element_is_message || f.kind == TapeKind::kMessage) return sizeof(uint8_t*);
  if (jsbind::IsText(f.kind)) return sizeof(Span);
  return jsbind::IsWide(f.kind) ? 8 : 4;
}
// Bytes of field `f`'s cell: a List for a repeated field or map, else one value.
size_t CellSize(const FieldEntry& f) {
  return f.shape == Shape::kRepeated || f.shape == Shape::kMap ? sizeof(List) : ValueSize(f);
}
// Tape words each value of `f` takes at least.
uint32_t ValueWords(const FieldEntry& f, const Tables& tables) {
  if (f.kind == TapeKind::kMessage) return tables.messages[static_cast<size_t>(f.sub)].mask_words;
  return jsbind::IsText(f.kind) || jsbind::IsWide(f.kind) ? 2 : 1;
}

template <typename T>
T Load(const uint8_t* cell) {
  T v;
  std::memcpy(&v, cell, sizeof v);
  return v;
}
template <typename T>
void Store(uint8_t* cell, const T& v) {
  std::memcpy(cell, &v, sizeof v);
}

}  // namespace

// ---- Arena ----

void* Arena::Alloc(size_t size) {
  size = (size + 7) & ~size_t{7};
  if (size > static_cast<size_t>(end_ - next_)) {
    const size_t header = (sizeof(Block) + 7) & ~size_t{7};
    size_t block = std::max(kFirstBlock, head_ != nullptr ? head_->size * 2 : 0);
    if (block - header < size) block = size + header;
    if (block < size) return nullptr;  // overflow
    auto* b = static_cast<Block*>(std::malloc(block));
    if (b == nullptr) return nullptr;
    b->previous = head_;
    b->size = block;
    head_ = b;
    next_ = reinterpret_cast<uint8_t*>(b) + header;
    end_ = reinterpret_cast<uint8_t*>(b) + block;
  }
  void* p = next_;
  next_ += size;
  std::memset(p, 0, size);
  return p;
}

void Arena::Release(Block* keep) {
  for (Block* b = head_; b != nullptr;) {
    Block* previous = b->previous;
    if (b != keep) std::free(b);
    b = previous;
  }
  head_ = keep;
  if (keep == nullptr) {
    next_ = end_ = nullptr;
    return;
  }
  keep->previous = nullptr;
  next_ = reinterpret_cast<uint8_t*>(keep) + ((sizeof(Block) + 7) & ~size_t{7});
  end_ = reinterpret_cast<uint8_t*>(keep) + keep->size;
}

void Arena::Reset() {
  Block* largest = head_;
  for (Block* b = head_; b != nullptr; b = b->previous) {
    if (b->size > largest->size) largest = b;
  }
  Release(largest);
}

// ---- Records ----

Records::Records(const Tables& tables) : tables_(tables), layouts_(tables.messages.size()) {
  for (size_t m = 0; m < tables.messages.size(); ++m) {
    const MessageTable& table = tables.messages[m];
    RecordLayout& layout = layouts_[m];
    size_t at = size_t{table.mask_words} * 4;
    const auto place = [&](size_t size) {
      const size_t align = size >= 8 ? 8 : 4;
      at = (at + align - 1) & ~(align - 1);
      layout.offsets.push_back(static_cast<uint32_t>(at));
      at += size;
    };
    for (const FieldEntry& f : table.fields) place(CellSize(f));
    if (table.keep_unknown) place(sizeof(Span));
    layout.size = static_cast<uint32_t>((std::max<size_t>(at, 8) + 7) & ~size_t{7});
  }
}

uint8_t* Records::NewRoot(uint32_t message) const {
  void* memory = std::calloc(1, kArenaBytes + kHeader + layouts_[message].size);
  if (memory == nullptr) return nullptr;
  Arena* arena = new (memory) Arena();
  uint8_t* record = static_cast<uint8_t*>(memory) + kArenaBytes + kHeader;
  std::memcpy(record - kHeader, &arena, sizeof arena);
  return record;
}

void Records::DeleteRoot(uint8_t* record) {
  Arena* arena = ArenaOf(record);
  arena->~Arena();
  std::free(arena);
}

// Reads a tape (GlobalState()'s, up to tape_end) into records of one root's arena. Every read is
// bounds-checked, as TapeReader's are.
class Records::Filler {
 public:
  Filler(const Records& records, Arena& arena, const std::vector<ByteView>* noted)
      : records_(records),
        tables_(records.tables_),
        arena_(arena),
        state_(jsbind::GlobalState()),
        words_(state_.tape),
        end_(std::min(state_.tape_end, state_.tape_words)),
        noted_(noted) {}

  // The mask and then each slot it marks, into the empty record.
  bool Message(uint32_t message, uint8_t* record) {
    const MessageTable& table = tables_.messages[message];
    if (++depth_ > jsbind::kTapeDepthLimit || end_ - pos_ < table.mask_words) return false;
    std::memcpy(record, words_ + pos_, size_t{table.mask_words} * 4);
    pos_ += table.mask_words;
    const uint32_t slots = static_cast<uint32_t>(table.fields.size()) + (table.keep_unknown ? 1 : 0);
    if (slots % 32 != 0) {  // no bits past the last slot
      uint8_t* last = record + (table.mask_words - 1) * 4;
      Store(last, Load<uint32_t>(last) & ((1u << (slots % 32)) - 1));
    }
    for (uint32_t slot = 0; slot < slots; ++slot) {
      if (Present(record, slot) && !Slot(message, record, slot)) return false;
    }
    --depth_;
    return true;
  }

  // One slot's value into its cell, replacing what the cell held.
  bool Slot(uint32_t message, uint8_t* record, uint32_t slot) {
    const MessageTable& table = tables_.messages[message];
    uint8_t* cell = record + records_.layouts_[message].offsets[slot];
    if (slot == table.fields.size()) return Text(reinterpret_cast<Span*>(cell));
    const FieldEntry& f = table.fields[slot];
    if (f.shape == Shape::kMap) return Map(f, reinterpret_cast<List*>(cell));
    if (f.shape != Shape::kRepeated) {
      if (f.kind != TapeKind::kMessage) return Value(f, cell);
      uint8_t* sub = Load<uint8_t*>(cell);
      if (sub != nullptr) {
        std::memset(sub, 0, records_.layouts_[static_cast<size_t>(f.sub)].size);
        return Message(static_cast<uint32_t>(f.sub), sub);
      }
      return Value(f, cell);
    }
    uint32_t n;
    if (!Word(&n)) return false;
    const uint32_t words = ValueWords(f, tables_);
    if (words == 0 ? n > kMaxWordlessElements : uint64_t{n} * words > end_ - pos_) return false;
    const size_t size = ValueSize(f);
    auto* list = reinterpret_cast<List*>(cell);
    *list = List{nullptr, 0, 0};
    if (n == 0) return true;
    auto* data = static_cast<uint8_t*>(arena_.Alloc(size_t{n} * size));
    if (data == nullptr) return false;
    *list = List{data, n, n};
    if (f.kind == TapeKind::kMessage || jsbind::IsText(f.kind)) {
      for (uint32_t i = 0; i < n; ++i) {
        if (!Value(f, data + i * size)) return false;
      }
      return true;
    }
    if (jsbind::IsWide(f.kind)) pos_ += pos_ & 1;
    if (pos_ > end_ || n * size > (end_ - pos_) * size_t{4}) return false;
    std::memcpy(data, words_ + pos_, n * size);
    pos_ += n * size / 4;
    return true;
  }

 private:
  bool Word(uint32_t* v) {
    if (pos_ >= end_) return false;
    *v = words_[pos_++];
    return true;
  }
  // A string or bytes value, copied into the arena.
  bool Text(Span* span) {
    uint32_t where, size;
    if (!Word(&where) || !Word(&size)) return false;
    const uint8_t* from;
    if (noted_ != nullptr) {
      if (next_noted_ >= noted_->size()) return false;
      const ByteView& v = (*noted_)[next_noted_++];
      from = v.data;
      size = static_cast<uint32_t>(v.size);
    } else {
      if (where > state_.bytes_capacity || size > state_.bytes_capacity - where) return false;
      from = state_.bytes + where;
    }
    auto* copy = static_cast<uint8_t*>(size != 0 ? arena_.Alloc(size) : nullptr);
    if (size != 0 && copy == nullptr) return false;
    if (size != 0) std::memcpy(copy, from, size);
    *span = Span{copy, size};
    return true;
  }
  // One value of `f`'s kind into `cell` (a message: a new record whose address the cell holds).
  bool Value(const FieldEntry& f, uint8_t* cell) {
    if (f.kind == TapeKind::kMessage) {
      uint8_t* sub = records_.NewRecord(arena_, static_cast<uint32_t>(f.sub));
      if (sub == nullptr) return false;
      Store(cell, sub);
      return Message(static_cast<uint32_t>(f.sub), sub);
    }
    if (jsbind::IsText(f.kind)) return Text(reinterpret_cast<Span*>(cell));
    if (jsbind::IsWide(f.kind)) {
      pos_ += pos_ & 1;
      if (pos_ > end_ || end_ - pos_ < 2) return false;
      std::memcpy(cell, words_ + pos_, 8);
      pos_ += 2;
      return true;
    }
    uint32_t w;
    if (!Word(&w)) return false;
    Store(cell, w);
    return true;
  }
  // A map's entries as records of its entry table; of entries with equal keys, the first's place
  // and the last's value (as decode() gives them in JS).
  bool Map(const FieldEntry& f, List* list) {
    const auto entry = static_cast<uint32_t>(f.sub);
    const MessageTable& table = tables_.messages[entry];
    const RecordLayout& layout = records_.layouts_[entry];
    uint32_t n;
    if (!Word(&n) || uint64_t{n} * 2 > end_ - pos_) return false;
    *list = List{nullptr, 0, 0};
    if (n == 0) return true;
    auto** data = static_cast<uint8_t**>(arena_.Alloc(size_t{n} * sizeof(uint8_t*)));
    if (data == nullptr) return false;
    std::unordered_map<uint64_t, uint32_t> by_number;
    std::unordered_map<std::string_view, uint32_t> by_text;
    uint32_t kept = 0;
    for (uint32_t i = 0; i < n; ++i) {
      uint8_t* e = records_.NewRecord(arena_, entry);
      if (e == nullptr) return false;
      Mark(e, 0, true);
      Mark(e, 1, true);
      if (!Value(table.fields[0], e + layout.offsets[0]) || !Value(table.fields[1], e + layout.offsets[1]))
        return false;
      uint32_t at = kept;
      if (jsbind::IsText(table.fields[0].kind)) {
        const Span key = Load<Span>(e + layout.offsets[0]);
        at = by_text.emplace(std::string_view(reinterpret_cast<const char*>(key.data), key.size), kept).first->second;
      } else {
        const uint8_t* key = e + layout.offsets[0];
        const uint64_t bits = jsbind::IsWide(table.fields[0].kind) ? Load<uint64_t>(key) : Load<uint32_t>(key);
        at = by_number.emplace(bits, kept).first->second;
      }
      data[at] = e;
      if (at == kept) ++kept;
    }
    *list = List{data, kept, n};
    return true;
  }

  const Records& records_;
  const Tables& tables_;
  Arena& arena_;
  jsbind::State& state_;
  const uint32_t* words_;
  size_t end_;
  size_t pos_ = 0;
  int depth_ = 0;
  const std::vector<ByteView>* noted_;
  size_t next_noted_ = 0;
};

// Writes records to GlobalState()'s tape, as the table decoder writes a message (kAddresses) or
// as JS writes one for the encoder (kByteArea).
class Records::Writer {
 public:
  Writer(const Records& records, Strings strings)
      : records_(records),
        tables_(records.tables_),
        state_(jsbind::GlobalState()),
        for_js_(strings == Strings::kText) {}

  bool Message(uint32_t message, const uint8_t* record) {
    const MessageTable& table = tables_.messages[message];
    if (++depth_ > jsbind::kTapeDepthLimit) return false;
    const size_t mask = tape_.Skip(table.mask_words);
    for (uint32_t w = 0; w < table.mask_words; ++w) {
      tape_.Set(mask + w, record != nullptr ? Load<uint32_t>(record + w * 4) : 0);
    }
    const uint32_t slots = static_cast<uint32_t>(table.fields.size()) + (table.keep_unknown ? 1 : 0);
    for (uint32_t slot = 0; record != nullptr && slot < slots; ++slot) {
      if (Present(record, slot) && !Slot(message, record, slot)) return false;
    }
    --depth_;
    return true;
  }

  bool Slot(uint32_t message, const uint8_t* record, uint32_t slot) {
    const MessageTable& table = tables_.messages[message];
    const uint8_t* cell = record + records_.layouts_[message].offsets[slot];
    if (slot == table.fields.size()) return Text(Load<Span>(cell), false);
    const FieldEntry& f = table.fields[slot];
    if (f.shape != Shape::kRepeated && f.shape != Shape::kMap) return Value(f, cell);
    const List list = Load<List>(cell);
    tape_.U32(list.count);
    const auto* data = static_cast<const uint8_t*>(list.data);
    if (f.shape == Shape::kMap) {
      const auto entry = static_cast<uint32_t>(f.sub);
      const MessageTable& e = tables_.messages[entry];
      const RecordLayout& layout = records_.layouts_[entry];
      for (uint32_t i = 0; i < list.count; ++i) {
        const uint8_t* r = Load<const uint8_t*>(data + i * sizeof(uint8_t*));
        if (!Value(e.fields[0], r + layout.offsets[0]) || !Value(e.fields[1], r + layout.offsets[1])) return false;
      }
      return tape_.ok();
    }
    const size_t size = ValueSize(f);
    if (f.kind == TapeKind::kMessage || jsbind::IsText(f.kind)) {
      for (uint32_t i = 0; i < list.count; ++i) {
        if (!Value(f, data + i * size)) return false;
      }
      return tape_.ok();
    }
    if (list.count == 0) return tape_.ok();
    if (jsbind::IsWide(f.kind)) tape_.Align();
    const size_t words = list.count * size / 4;
    uint32_t* room = tape_.Room(words);
    if (room == nullptr) return false;
    std::memcpy(room, data, words * 4);
    tape_.Advance(words);
    return true;
  }

  bool Finish() {
    state_.tape_end = static_cast<uint32_t>(tape_.size());
    return tape_.ok();
  }

 private:
  bool Value(const FieldEntry& f, const uint8_t* cell) {
    if (f.kind == TapeKind::kMessage) {
      return Message(static_cast<uint32_t>(f.sub), Load<const uint8_t*>(cell));  // null: an empty message
    }
    if (jsbind::IsText(f.kind)) return Text(Load<Span>(cell), f.kind == TapeKind::kString);
    if (jsbind::IsWide(f.kind)) tape_.U64(Load<uint64_t>(cell));
    else tape_.U32(Load<uint32_t>(cell));
    return true;
  }
  bool Text(Span s, bool string) {
    if (for_js_) {
      if (string) tape_.Text(s.data, s.size);
      else tape_.Bytes(s.data, s.size);
      return true;
    }
    if (!jsbind::GrowBuffer(&state_.bytes, &state_.bytes_capacity, size_t{bytes_used_} + s.size, bytes_used_)) {
      return false;
    }
    if (s.size != 0) std::memcpy(state_.bytes + bytes_used_, s.data, s.size);
    tape_.U32(bytes_used_);
    tape_.U32(s.size);
    bytes_used_ += s.size;
    return true;
  }

  const Records& records_;
  const Tables& tables_;
  jsbind::State& state_;
  jsbind::TapeWriter tape_;
  bool for_js_;
  uint32_t bytes_used_ = 0;
  int depth_ = 0;
};

uint8_t* Records::NewRecord(Arena& arena, uint32_t message) const {
  auto* memory = static_cast<uint8_t*>(arena.Alloc(kHeader + layouts_[message].size));
  if (memory == nullptr) return nullptr;
  Arena* owner = &arena;
  std::memcpy(memory, &owner, sizeof owner);
  return memory + kHeader;
}

void Records::Empty(uint32_t message, uint8_t* record) const {
  if (IsRoot(record)) ArenaOf(record)->Reset();
  std::memset(record, 0, layouts_[message].size);
}

bool Records::Replace(uint32_t message, uint8_t* record, const std::vector<ByteView>* noted) const {
  Empty(message, record);
  Filler filler(*this, *ArenaOf(record), noted);
  if (filler.Message(message, record)) return true;
  std::memset(record, 0, layouts_[message].size);
  return false;
}

bool Records::SetSlot(uint32_t message, uint8_t* record, uint32_t slot) const {
  const MessageTable& table = tables_.messages[message];
  if (slot >= table.fields.size()) return false;
  ClearSlot(message, record, slot);
  ClearOtherMembers(message, record, slot);
  Filler filler(*this, *ArenaOf(record), nullptr);
  if (!filler.Slot(message, record, slot)) {
    ClearSlot(message, record, slot);
    return false;
  }
  Mark(record, slot, true);
  return true;
}

void Records::ClearSlot(uint32_t message, uint8_t* record, uint32_t slot) const {
  const MessageTable& table = tables_.messages[message];
  if (slot > table.fields.size() || (slot == table.fields.size() && !table.keep_unknown)) return;
  Mark(record, slot, false);
  uint8_t* cell = record + layouts_[message].offsets[slot];
  const FieldEntry* f = slot < table.fields.size() ? &table.fields[slot] : nullptr;
  if (f != nullptr && f->shape != Shape::kRepeated && f->kind == TapeKind::kMessage) {
    // The record stays, emptied, for the next set (a view of it reads the field as cleared).
    uint8_t* sub = Load<uint8_t*>(cell);
    if (sub != nullptr) std::memset(sub, 0, layouts_[static_cast<size_t>(f->sub)].size);
    return;
  }
  std::memset(cell, 0, f == nullptr ? sizeof(Span) : CellSize(*f));
}

void Records::ClearOtherMembers(uint32_t message, uint8_t* record, uint32_t slot) const {
  const MessageTable& table = tables_.messages[message];
  const int32_t oneof = table.fields[slot].oneof;
  for (uint32_t s = 0; oneof >= 0 && s < table.fields.size(); ++s) {
    if (s != slot && table.fields[s].oneof == oneof) ClearSlot(message, record, s);
  }
}

uint8_t* Records::MutableSlot(uint32_t message, uint8_t* record, uint32_t slot) const {
  const MessageTable& table = tables_.messages[message];
  if (slot >= table.fields.size()) return nullptr;
  const FieldEntry& f = table.fields[slot];
  if (f.shape == Shape::kMap || f.kind != TapeKind::kMessage) return nullptr;
  Arena& arena = *ArenaOf(record);
  uint8_t* cell = record + layouts_[message].offsets[slot];
  const auto sub = static_cast<uint32_t>(f.sub);
  if (f.shape != Shape::kRepeated) {
    uint8_t* r = Load<uint8_t*>(cell);
    if (!Present(record, slot)) ClearOtherMembers(message, record, slot);
    if (r == nullptr && (r = NewRecord(arena, sub)) == nullptr) return nullptr;
    Store(cell, r);
    Mark(record, slot, true);
    return r;
  }
  List list = Load<List>(cell);
  if (list.count == list.capacity) {
    const uint32_t capacity = list.capacity < 4 ? 4 : list.capacity * 2;
    void* grown = arena.Alloc(size_t{capacity} * sizeof(uint8_t*));
    if (grown == nullptr || capacity < list.capacity) return nullptr;
    if (list.count != 0) std::memcpy(grown, list.data, size_t{list.count} * sizeof(uint8_t*));
    list.data = grown;
    list.capacity = capacity;
  }
  uint8_t* r = NewRecord(arena, sub);
  if (r == nullptr) return nullptr;
  Store(static_cast<uint8_t*>(list.data) + size_t{list.count} * sizeof(uint8_t*), r);
  ++list.count;
  Store(cell, list);
  Mark(record, slot, true);
  return r;
}

bool Records::ToTape(uint32_t message, const uint8_t* record, Strings strings, uint32_t slot) const {
  Writer writer(*this, strings);
  const MessageTable& table = tables_.messages[message];
  const uint32_t slots = static_cast<uint32_t>(table.fields.size()) + (table.keep_unknown ? 1 : 0);
  if (slot < slots ? !writer.Slot(message, record, slot) : !writer.Message(message, record)) return false;
  return writer.Finish();
}

}  // namespace wirelens::table
