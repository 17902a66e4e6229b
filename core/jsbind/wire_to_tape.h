// The wire -> tape transcoder of the from-JS decode: the tape of a message straight from its bytes,
// with no C++ message in between (no per-field allocation, no map trees, strings and bytes read
// where they lie in the input).
//
// Generated per message as WireToTape<M> (NAME.wl.js.cc). It takes the common shape of a payload,
// the one every protobuf encoder writes: fields in field-number order, each singular field once,
// a repeated field's elements together, unknown fields side by side. Anything else it gives up on
// (returns nullptr) and the caller decodes through the C++ message instead (DecodeToTape), which
// also reports every error: so a tape this transcoder writes is always the one the C++ message's
// ToTape would write for the same bytes (JS reads that message in place instead), except that map
// entries stay in wire order and repeated keys stay on it (JS assigns them in order, so the last
// one wins, as in the message).
#ifndef WIRELENS_CORE_JSBIND_WIRE_TO_TAPE_H_
#define WIRELENS_CORE_JSBIND_WIRE_TO_TAPE_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "core/jsbind/tape.h"
#include "core/wire/field_codec.h"
#include "core/wire/reader.h"
#include "core/wire/varint.h"
#include "core/wire/wire_format.h"

namespace wirelens::jsbind {

// Appends the message in [p, end) to the tape and returns `end`; a group's fields (`group`: its
// field number, 0 for a message) up to its END_GROUP, returning the pointer past that tag. nullptr
// when it gives up (see above). `depth`: the sub-messages and groups it may still enter, as a
// Reader's depth limit counts them. Each generated message type specialises it. The bytes are read
// through plain pointers rather than a Reader, so that the position stays in a register (a Reader's
// fields live in memory across its out-of-line calls: the transcoder took 1.3-1.8x as long in wasm).
template <typename M>
const uint8_t* WireToTape(const uint8_t* p, const uint8_t* end, TapeWriter& t, int depth, uint32_t group);

// Appends the message of type M that [data, data + size) holds to the tape; false when the
// transcoder gives up.
template <typename M>
bool TranscodeMessage(const uint8_t* data, size_t size, TapeWriter& t) {
  return WireToTape<M>(data, data + size, t, kDefaultDepthLimit, 0) == data + size && t.ok();
}

// The tag at p (*tag) and the pointer past it; nullptr when it is not a varint of at most 32 bits.
inline const uint8_t* ReadTag(const uint8_t* p, const uint8_t* end, uint32_t* tag) {
  if (p < end && *p < 0x80) {
    *tag = *p;
    return p + 1;
  }
  uint64_t v;
  p = ReadVarint(p, end, &v);
  if (p == nullptr || v > 0xffffffffu) return nullptr;
  *tag = static_cast<uint32_t>(v);
  return p;
}

// A length-delimited value at p (after its tag): *value and the pointer past it; nullptr when the
// length is malformed or runs past `end`.
inline const uint8_t* ReadLength(const uint8_t* p, const uint8_t* end, ByteView* value) {
  uint64_t size;
  if (p < end && *p < 0x80) {
    size = *p++;
  } else {
    p = ReadVarint(p, end, &size);
    if (p == nullptr) return nullptr;
  }
  if (size > static_cast<uint64_t>(end - p)) return nullptr;
  value->data = p;
  value->size = static_cast<size_t>(size);
  return p + size;
}

// Skips a value of wire type `wire_type` (varint, fixed or length-delimited) at p; nullptr when it is
// malformed or of another wire type (groups: SkipUnknown).
inline const uint8_t* SkipValue(const uint8_t* p, const uint8_t* end, uint32_t wire_type) {
  switch (wire_type) {
    case 0: {
      uint64_t v;
      return ReadVarint(p, end, &v);
    }
    case 1: return end - p >= 8 ? p + 8 : nullptr;
    case 2: {
      ByteView v;
      return ReadLength(p, end, &v);
    }
    case 5: return end - p >= 4 ? p + 4 : nullptr;
    default: return nullptr;
  }
}

// Skips the unknown field whose tag (`tag`) starts at `field` and ends at p: its value, or a group up
// to its END_GROUP with its nesting counted against `depth` as a Reader counts it. nullptr when it
// is malformed.
inline const uint8_t* SkipUnknown(const uint8_t* field, const uint8_t* p, const uint8_t* end, uint32_t tag, int depth) {
  if ((tag & 7) != 3) return SkipValue(p, end, tag & 7);
  Reader group(field, static_cast<size_t>(end - field), depth);  // rare: the Reader's own skipping
  if (!group.NextField() || !group.SkipField()) return nullptr;
  return group.position();
}

// The bookkeeping of one message's fields on the tape: that they come in tape order, the run of
// the repeated field being read (its count word is written when the run ends), and the span of
// unknown fields.
class TapeFields {
 public:
  // `mask`: the message's presence words, which Close() sets the bit of a finished run in.
  TapeFields(TapeWriter& t, uint32_t* mask) : t_(t), mask_(mask) {}

  // Starts singular field `slot` (its tape slot); false when it is not after the last field read.
  bool Single(int slot) {
    if (slot <= last_) return false;
    Close();
    last_ = slot;
    return true;
  }
  // Starts or continues repeated field `slot`; `wide`: its values are 64-bit (aligned after the
  // count). False when it is neither the open run nor after the last field read.
  bool Run(int slot, bool wide) {
    if (slot == open_) return true;
    if (!Single(slot)) return false;
    open_ = slot;
    start_ = t_.size();
    count_at_ = t_.Skip(1);
    count_ = 0;
    if (wide) t_.Align();
    return true;
  }
  void Add(uint32_t n) { count_ += n; }
  // Ends the open run: its count and presence bit, or nothing on the tape when it had no values.
  void Close() {
    if (open_ < 0) return;
    if (count_ == 0) {
      t_.Truncate(start_);
    } else {
      t_.Set(count_at_, count_);
      mask_[open_ >> 5] |= 1u << (open_ & 31);
    }
    open_ = -1;
  }
  // Notes the unknown field [begin, end) (tag to end of value) when `keep`; false when it is not
  // adjacent to the unknown fields before it.
  bool Unknown(const uint8_t* begin, const uint8_t* end, bool keep) {
    if (!keep) return true;
    if (unknown_end_ != nullptr && unknown_end_ != begin) return false;
    if (unknown_end_ == nullptr) unknown_begin_ = begin;
    unknown_end_ = end;
    return true;
  }
  const uint8_t* unknown_begin() const { return unknown_begin_; }
  size_t unknown_size() const { return static_cast<size_t>(unknown_end_ - unknown_begin_); }

 private:
  TapeWriter& t_;
  uint32_t* mask_;
  int last_ = -1;
  int open_ = -1;
  size_t start_ = 0;
  size_t count_at_ = 0;
  uint32_t count_ = 0;
  const uint8_t* unknown_begin_ = nullptr;
  const uint8_t* unknown_end_ = nullptr;
};

// A value's tape words (TapeWriter's U32/U64 layout) at `w`; returns the word after them.
template <typename T>
inline uint32_t* PutWords(uint32_t* w, T v) {
  if constexpr (sizeof(T) == 8) {
    const uint64_t bits = BitCast<uint64_t>(v);
    w[0] = static_cast<uint32_t>(bits);
    w[1] = static_cast<uint32_t>(bits >> 32);
    return w + 2;
  } else if constexpr (std::is_same_v<T, float>) {
    *w = BitCast<uint32_t>(v);
    return w + 1;
  } else {
    *w = static_cast<uint32_t>(static_cast<int32_t>(v));  // bool 0/1, enums and int32 as they are
    return w + 1;
  }
}

// The varint at p inside a packed run that ends with a varint's last byte (so every varint ends
// inside it: no bounds checks), and the pointer past it; nullptr when it is longer than 10 bytes,
// an error as ReadVarint has it.
inline const uint8_t* ReadRunVarint(const uint8_t* p, uint64_t* raw) {
  uint64_t value = 0;
  for (int i = 0; i < kMaxVarintBytes; ++i) {
    const uint64_t byte = p[i];
    value |= (byte & 0x7f) << (7 * i);
    if (byte < 0x80) {
      *raw = value;
      return p + i + 1;
    }
  }
  return nullptr;
}

// Appends the values of packed field content `run`, read with codec C, to the open run of `fields`.
// With `is_valid` (closed enums: varints), a value the enum does not define gives up. False on a malformed
// run (the C++ path reports it) or when memory ran out.
template <typename C>
bool AppendPacked(const ByteView& run, TapeWriter& t, TapeFields& fields, bool (*is_valid)(int32_t) = nullptr) {
  using T = typename C::Value;
  constexpr size_t kWords = sizeof(T) == 8 ? 2 : 1;
  const uint8_t* p = run.data;
  const uint8_t* end = run.data + run.size;
  size_t n;
  if constexpr (C::kWireType == WireType::kVarint) {
    n = 0;  // a varint ends at each byte below 0x80
    for (const uint8_t* q = p; q < end; ++q) n += *q < 0x80;
    if (run.size != 0 && end[-1] >= 0x80) return false;
  } else {
    if (run.size % C::kWidth != 0) return false;
    n = run.size / C::kWidth;
  }
  uint32_t* w = t.Room(n * kWords);
  if (w == nullptr) return false;
  if constexpr (C::kWireType != WireType::kVarint) {
    if (n != 0) std::memcpy(w, p, run.size);  // the tape's words are the little-endian wire bytes
  } else {
    while (p < end) {
      uint64_t raw;
      if ((p = ReadRunVarint(p, &raw)) == nullptr) return false;
      const T v = C::FromRaw(raw);
      if constexpr (std::is_enum_v<T> || std::is_same_v<T, int32_t>) {
        if (is_valid != nullptr && !is_valid(static_cast<int32_t>(v))) return false;
      }
      w = PutWords(w, v);
    }
  }
  t.Advance(n * kWords);
  fields.Add(static_cast<uint32_t>(n));
  return true;
}

}  // namespace wirelens::jsbind

#endif  // WIRELENS_CORE_JSBIND_WIRE_TO_TAPE_H_
