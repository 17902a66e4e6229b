#include "core/table/encode.h"

#include "core/jsbind/exports.h"
#include "core/table/scalars.h"
#include "core/wire/varint.h"

namespace wirelens::table {
namespace {

using jsbind::SizeLog;
using jsbind::TapeKind;
using jsbind::TapeReader;

// One scalar of kind `kind` from the tape, as its bits; false when the tape is shorter.
bool ReadBits(TapeReader& t, TapeKind kind, uint64_t* bits) {
  if (jsbind::IsWide(kind)) return t.U64(bits);
  uint32_t word;
  if (!t.U32(&word)) return false;
  *bits = kind == TapeKind::kBool ? (word != 0 ? 1 : 0) : word;
  return true;
}

// Element i of a span of `wide` (two-word) or one-word values.
uint64_t SpanAt(const uint32_t* w, uint32_t i, bool wide, TapeKind kind) {
  if (wide) return w[2 * i] | (uint64_t{w[2 * i + 1]} << 32);
  return kind == TapeKind::kBool ? (w[i] != 0 ? 1 : 0) : w[i];
}

size_t FixedWidth(WireType wire_type) {
  return wire_type == WireType::kFixed32 ? 4 : wire_type == WireType::kFixed64 ? 8 : 0;
}

// Map keys ordered as std::map orders them: signed ones with the sign bit flipped.
uint64_t KeyOrder(TapeKind kind, uint64_t bits) {
  if (kind == TapeKind::kI32)
    return static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(bits))) ^ (uint64_t{1} << 63);
  if (kind == TapeKind::kI64) return bits ^ (uint64_t{1} << 63);
  return bits;
}

// A sub-message's size, one nesting level down.
bool SubSize(const Tables& tables, const FieldEntry& f, TapeReader& t, SizeLog& log, size_t* size) {
  if (!t.Enter() || !TapeSize(tables, tables.messages[static_cast<size_t>(f.sub)], t, log, size)) return false;
  t.Leave();
  return true;
}

bool SizeMap(const Tables& tables, const FieldEntry& f, TapeReader& t, SizeLog& log, size_t* size) {
  const MessageTable& entry = tables.messages[static_cast<size_t>(f.sub)];
  const FieldEntry& key = entry.fields[0];
  const FieldEntry& value = entry.fields[1];
  const bool text_key = jsbind::IsText(key.kind);
  uint32_t n = 0;
  if (!t.Count(&n, text_key || jsbind::IsWide(key.kind) ? 3 : 2)) return false;
  const size_t header = log.Reserve();
  const size_t first = log.MapEntriesBegin();
  for (uint32_t i = 0; i < n; ++i) {
    jsbind::MapEntrySpan e{};
    e.tape_pos = static_cast<uint32_t>(t.pos());
    size_t key_size, value_size;
    if (text_key) {
      const uint8_t* data = nullptr;
      if (!t.View(&data, &e.key_length)) return false;
      e.key = static_cast<uint64_t>(data - jsbind::GlobalState().bytes);
      key_size = LengthDelimitedSize(e.key_length);
    } else {
      uint64_t bits = 0;
      if (!ReadBits(t, key.kind, &bits)) return false;
      e.key = KeyOrder(key.kind, bits);
      key_size = ScalarSize(key.type, bits);
    }
    if (value.shape == Shape::kMessage) {
      e.log_slot = static_cast<uint32_t>(log.size());
      size_t sub;
      if (!SubSize(tables, value, t, log, &sub)) return false;
      value_size = LengthDelimitedSize(sub);
    } else if (jsbind::IsText(value.kind)) {
      const uint8_t* data = nullptr;
      uint32_t length = 0;
      if (!t.View(&data, &length)) return false;
      value_size = LengthDelimitedSize(length);
    } else {
      uint64_t bits = 0;
      if (!ReadBits(t, value.kind, &bits)) return false;
      value_size = ScalarSize(value.type, bits);
    }
    e.size = static_cast<uint32_t>(2 + key_size + value_size);
    log.AddMapEntry(e);
  }
  *size += jsbind::FinishMap(log, header, first, text_key, t.pos(), f.tag_size);
  return true;
}

bool SizeRepeated(const Tables& tables, const FieldEntry& f, TapeReader& t, SizeLog& log, size_t* size) {
  uint32_t n = 0;
  if (f.element_is_message) {
    if (!t.Count(&n, 1)) return false;
    for (uint32_t i = 0; i < n; ++i) {
      size_t sub;
      if (!SubSize(tables, f, t, log, &sub)) return false;
      *size += f.element_is_group ? 2 * f.tag_size + sub : f.tag_size + LengthDelimitedSize(sub);
    }
    return true;
  }
  if (jsbind::IsText(f.kind)) {
    if (!t.Count(&n, 2)) return false;
    for (uint32_t i = 0; i < n; ++i) {
      const uint8_t* data = nullptr;
      uint32_t length = 0;
      if (!t.View(&data, &length)) return false;
      *size += f.tag_size + LengthDelimitedSize(length);
    }
    return true;
  }
  const bool wide = jsbind::IsWide(f.kind);
  const uint32_t* w = nullptr;
  if (!(wide ? t.Span<2>(&n, &w) : t.Span<1>(&n, &w))) return false;
  if (const size_t width = FixedWidth(f.wire_type); width != 0) {
    if (!f.packed) *size += size_t{n} * (f.tag_size + width);
    else if (n != 0) *size += f.tag_size + LengthDelimitedSize(size_t{n} * width);
    return true;
  }
  size_t data = 0;
  for (uint32_t i = 0; i < n; ++i) data += ScalarSize(f.type, SpanAt(w, i, wide, f.kind));
  if (!f.packed) {
    *size += size_t{n} * f.tag_size + data;
  } else if (n != 0) {
    log.Push(static_cast<uint32_t>(data));
    *size += f.tag_size + LengthDelimitedSize(data);
  }
  return true;
}

bool SizeField(const Tables& tables, const FieldEntry& f, TapeReader& t, SizeLog& log, size_t* size) {
  switch (f.shape) {
    case Shape::kScalar: {
      uint64_t bits = 0;
      if (!ReadBits(t, f.kind, &bits)) return false;
      if (!f.implicit_presence || bits != 0) *size += f.tag_size + ScalarSize(f.type, bits);
      return true;
    }
    case Shape::kString: {
      const uint8_t* data = nullptr;
      uint32_t length = 0;
      if (!t.View(&data, &length)) return false;
      if (!f.implicit_presence || length != 0) *size += f.tag_size + LengthDelimitedSize(length);
      return true;
    }
    case Shape::kMessage:
    case Shape::kGroup: {
      size_t sub;
      if (!SubSize(tables, f, t, log, &sub)) return false;
      *size += f.shape == Shape::kGroup ? 2 * f.tag_size + sub : f.tag_size + LengthDelimitedSize(sub);
      return true;
    }
    case Shape::kRepeated: return SizeRepeated(tables, f, t, log, size);
    case Shape::kMap: return SizeMap(tables, f, t, log, size);
  }
  return false;
}

void WriteText(TapeReader& t, uint8_t*& p) {
  const uint8_t* data = nullptr;
  uint32_t length = 0;
  t.View(&data, &length);
  p = jsbind::WriteLengthDelimited(p, data, length);
}

void WriteMap(const Tables& tables, const FieldEntry& f, TapeReader& t, SizeLog& log, uint8_t*& p) {
  const MessageTable& entry = tables.messages[static_cast<size_t>(f.sub)];
  const FieldEntry& key = entry.fields[0];
  const FieldEntry& value = entry.fields[1];
  const size_t list_at = log.Next();  // the entries in key order; the tape is left at list[1]
  const uint32_t* list = log.At(list_at);
  for (uint32_t k = 0; k < list[0]; ++k) {
    const uint32_t* e = list + 2 + 3 * k;
    t.Seek(e[0]);
    p = WriteVarint(p, f.tag);
    p = WriteVarint(p, e[2]);
    p = WriteVarint(p, key.tag);
    uint64_t bits = 0;
    if (jsbind::IsText(key.kind)) {
      WriteText(t, p);
    } else {
      ReadBits(t, key.kind, &bits);
      p = WriteScalar(p, key.type, bits);
    }
    p = WriteVarint(p, value.tag);
    if (value.shape == Shape::kMessage) {
      log.JumpTo(e[1]);
      p = WriteVarint(p, log.Peek());
      TapeWrite(tables, tables.messages[static_cast<size_t>(value.sub)], t, log, p);
    } else if (jsbind::IsText(value.kind)) {
      WriteText(t, p);
    } else {
      ReadBits(t, value.kind, &bits);
      p = WriteScalar(p, value.type, bits);
    }
  }
  t.Seek(list[1]);
  log.JumpTo(list_at + 2 + 3 * size_t{list[0]});
}

void WriteRepeated(const Tables& tables, const FieldEntry& f, TapeReader& t, SizeLog& log, uint8_t*& p) {
  uint32_t n = 0;
  if (f.element_is_message || jsbind::IsText(f.kind)) {
    t.U32(&n);
    const MessageTable* sub = f.element_is_message ? &tables.messages[static_cast<size_t>(f.sub)] : nullptr;
    for (uint32_t i = 0; i < n; ++i) {
      p = WriteVarint(p, f.tag);
      if (sub == nullptr) {
        WriteText(t, p);
      } else if (f.element_is_group) {
        TapeWrite(tables, *sub, t, log, p);
        p = WriteVarint(p, f.end_tag);
      } else {
        p = WriteVarint(p, log.Peek());
        TapeWrite(tables, *sub, t, log, p);
      }
    }
    return;
  }
  const bool wide = jsbind::IsWide(f.kind);
  const uint32_t* w = nullptr;
  if (wide) t.Span<2>(&n, &w);
  else t.Span<1>(&n, &w);
  const size_t width = FixedWidth(f.wire_type);
  if (f.packed) {
    if (n == 0) return;
    p = WriteVarint(p, f.packed_tag);
    if (width != 0) {
      p = WriteVarint(p, size_t{n} * width);
      p = jsbind::WriteRaw(p, w, size_t{n} * width);
      return;
    }
    p = WriteVarint(p, log.Next());
    for (uint32_t i = 0; i < n; ++i) p = WriteScalar(p, f.type, SpanAt(w, i, wide, f.kind));
    return;
  }
  for (uint32_t i = 0; i < n; ++i) {
    p = WriteVarint(p, f.tag);
    p = width != 0 ? jsbind::WriteRaw(p, w + i * (wide ? 2 : 1), width)
                   : WriteScalar(p, f.type, SpanAt(w, i, wide, f.kind));
  }
}

void WriteField(const Tables& tables, const FieldEntry& f, TapeReader& t, SizeLog& log, uint8_t*& p) {
  switch (f.shape) {
    case Shape::kScalar: {
      uint64_t bits = 0;
      ReadBits(t, f.kind, &bits);
      if (f.implicit_presence && bits == 0) return;
      p = WriteVarint(p, f.tag);
      p = WriteScalar(p, f.type, bits);
      return;
    }
    case Shape::kString: {
      const uint8_t* data = nullptr;
      uint32_t length = 0;
      t.View(&data, &length);
      if (f.implicit_presence && length == 0) return;
      p = WriteVarint(p, f.tag);
      p = jsbind::WriteLengthDelimited(p, data, length);
      return;
    }
    case Shape::kMessage:
      p = WriteVarint(p, f.tag);
      p = WriteVarint(p, log.Peek());
      TapeWrite(tables, tables.messages[static_cast<size_t>(f.sub)], t, log, p);
      return;
    case Shape::kGroup:
      p = WriteVarint(p, f.tag);
      TapeWrite(tables, tables.messages[static_cast<size_t>(f.sub)], t, log, p);
      p = WriteVarint(p, f.end_tag);
      return;
    case Shape::kRepeated: WriteRepeated(tables, f, t, log, p); return;
    case Shape::kMap: WriteMap(tables, f, t, log, p); return;
  }
}

// Whether slot `slot` is set in the mask whose first word is at `mask` (a word the tape has passed).
bool Present(const TapeReader& t, size_t mask, uint32_t slot) {
  return (t.WordAt(mask + slot / 32) >> (slot % 32)) & 1;
}

}  // namespace

bool TapeSize(const Tables& tables, const MessageTable& table, TapeReader& t, SizeLog& log, size_t* out) {
  const size_t mask = t.pos();
  if (!t.SkipWords(table.mask_words)) return false;
  for (uint32_t o = 0; o < table.oneof_count; ++o) {
    int members = 0;
    for (uint32_t w = 0; w < table.mask_words; ++w) {
      members += __builtin_popcount(t.WordAt(mask + w) & table.oneof_bits[o * table.mask_words + w]);
    }
    if (members > 1) return false;  // generated JS writes one member at most
  }
  const size_t slot = log.Reserve();
  size_t size = 0;
  for (uint32_t i = 0; i < table.fields.size(); ++i) {
    if (Present(t, mask, i) && !SizeField(tables, table.fields[i], t, log, &size)) return false;
  }
  if (table.keep_unknown && Present(t, mask, table.unknown_slot())) {
    const uint8_t* data = nullptr;
    uint32_t length = 0;
    if (!t.View(&data, &length)) return false;
    size += length;
  }
  if (size > jsbind::kMaxEncodedSize) return false;
  log.Set(slot, static_cast<uint32_t>(size));
  *out = size;
  return true;
}

void TapeWrite(const Tables& tables, const MessageTable& table, TapeReader& t, SizeLog& log, uint8_t*& p) {
  const size_t mask = t.pos();
  t.SkipWords(table.mask_words);
  log.Next();  // this message's size: its caller wrote it
  for (uint32_t i = 0; i < table.fields.size(); ++i) {
    if (Present(t, mask, i)) WriteField(tables, table.fields[i], t, log, p);
  }
  if (table.keep_unknown && Present(t, mask, table.unknown_slot())) {
    const uint8_t* data = nullptr;
    uint32_t length = 0;
    t.View(&data, &length);
    p = jsbind::WriteRaw(p, data, length);
  }
}

uint32_t EncodeTapeToOutput(const Tables& tables, uint32_t message) {
  const MessageTable& table = tables.messages[message];
  return jsbind::EncodeInTwoPasses(
      [&](TapeReader& tape, SizeLog& log, size_t* size) { return TapeSize(tables, table, tape, log, size); },
      [&](TapeReader& tape, SizeLog& log, uint8_t*& p) {
        TapeWrite(tables, table, tape, log, p);
        return true;
      });
}

}  // namespace wirelens::table
