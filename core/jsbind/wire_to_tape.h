// The wire -> tape transcoder of the from-JS decode: the tape of a message straight from its bytes,
// with no C++ message in between (no per-field allocation, no map trees, strings and bytes read
// where they lie in the input).
//
// Generated per message as WireToTape<M> (NAME.wl.js.cc). It takes the common shape of a payload,
// the one every protobuf encoder writes: fields in field-number order, each singular field once,
// a repeated field's elements together, unknown fields side by side. Anything else it gives up on
// (returns false) and the caller decodes through the C++ message instead (DecodeToTape), which
// also reports every error: so a tape this transcoder writes is always the one the C++ message
// path would write for the same bytes, except that map entries stay in wire order and repeated
// keys stay on it (JS assigns them in order, so the last one wins, as in the message).
#ifndef WIRELENS_CORE_JSBIND_WIRE_TO_TAPE_H_
#define WIRELENS_CORE_JSBIND_WIRE_TO_TAPE_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "core/jsbind/tape.h"
#include "core/wire/field_codec.h"
#include "core/wire/reader.h"

namespace wirelens::jsbind {

// Appends the message `r` reads to the tape; false when it gives up (see above). Each generated
// message type specialises it.
template <typename M>
bool WireToTape(Reader& r, TapeWriter& t);

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
  // Skips the current (unknown) field, noting its bytes when `keep`; false on a malformed field
  // or one not adjacent to the unknown fields before it.
  bool Unknown(Reader& r, bool keep) {
    const uint8_t* begin = r.field_begin();
    if (!r.SkipField()) return false;
    if (!keep) return true;
    if (unknown_end_ != nullptr && unknown_end_ != begin) return false;
    if (unknown_end_ == nullptr) unknown_begin_ = begin;
    unknown_end_ = r.position();
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

// Appends the values of the current packed field, read with codec C, to the open run of `fields`.
// With `is_valid` (closed enums: varints), a value the enum does not define gives up. False on a malformed
// run (the C++ path reports it) or when memory ran out.
template <typename C>
bool AppendPacked(Reader& r, TapeWriter& t, TapeFields& fields, bool (*is_valid)(int32_t) = nullptr) {
  using T = typename C::Value;
  constexpr size_t kWords = sizeof(T) == 8 ? 2 : 1;
  ByteView run;
  if (!r.ReadLengthDelimited(&run)) return false;
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
      // The run ends with a varint's last byte, so every varint ends inside it: no bounds checks.
      // Longer than 10 bytes is an error, as ReadVarint has it.
      uint64_t raw = 0;
      for (int i = 0;; ++i) {
        if (i == kMaxVarintBytes) return false;
        const uint64_t byte = p[i];
        raw |= (byte & 0x7f) << (7 * i);
        if (byte < 0x80) {
          p += i + 1;
          break;
        }
      }
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
