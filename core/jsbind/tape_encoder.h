// The tape -> bytes encoder of the from-JS path: the bytes of a tape JS wrote, with no C++ message
// in between (no per-field allocation, no map trees), byte-identical to FromTape then Encode.
//
// Two passes over the tape, as generated code in NAME.wl.js.cc (TapeSize / TapeWrite per message):
// the size pass checks the tape, computes every message's encoded size and logs what the write
// pass needs ahead of writing (a message's size, a packed varint run's size, a map's entries in
// key order) in a SizeLog; the write pass then writes the exact-size output front to back,
// reading the log in the order the size pass wrote it. The tape holds fields in field-number order
// (TapeOrder), the order they are written in, so both passes read it front to back; only map
// entries are revisited, sorted by key and deduplicated (the last one wins) as std::map has them.
#ifndef WIRELENS_CORE_JSBIND_TAPE_ENCODER_H_
#define WIRELENS_CORE_JSBIND_TAPE_ENCODER_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/jsbind/tape.h"
#include "core/wire/varint.h"

namespace wirelens::jsbind {

// One entry of a map field, as the size pass met it.
struct MapEntrySpan {
  uint64_t key;         // integer keys, ordered as unsigned (signed ones with the sign bit flipped)
  uint32_t key_length;  // string keys: `key` is the offset in the byte area, this the length
  uint32_t tape_pos;    // where the entry's key starts on the tape
  uint32_t log_slot;    // message values: the value's slot in the log
  uint32_t size;        // bytes of the entry (key and value with their tags), without its length
};

// Words the size pass leaves for the write pass, read back in the same order.
class SizeLog {
 public:
  void Clear() {
    words_.clear();
    map_entries_.clear();
    next_ = 0;
  }
  // A slot filled in later (a message's size, known once its fields are sized); its index.
  size_t Reserve() {
    words_.push_back(0);
    return words_.size() - 1;
  }
  void Set(size_t slot, uint32_t word) { words_[slot] = word; }
  void Push(uint32_t word) { words_.push_back(word); }
  size_t size() const { return words_.size(); }

  // Write pass: the next word, without and with moving past it; a jump to a logged index.
  void Rewind() { next_ = 0; }
  uint32_t Peek() const { return words_[next_]; }
  uint32_t Next() { return words_[next_++]; }
  void JumpTo(size_t index) { next_ = index; }
  const uint32_t* At(size_t index) const { return words_.data() + index; }

  // Size pass: the entries of the map fields being sized, one stack for the call (a map inside a
  // map value stacks its entries above the outer ones), reused so that steady state allocates
  // nothing. A map's entries start at MapEntriesBegin(); FinishMap takes them off.
  size_t MapEntriesBegin() const { return map_entries_.size(); }
  void AddMapEntry(const MapEntrySpan& entry) { map_entries_.push_back(entry); }

 private:
  friend size_t FinishMap(SizeLog&, size_t, size_t, bool, size_t, size_t);
  std::vector<uint32_t> words_;
  std::vector<MapEntrySpan> map_entries_;
  size_t next_ = 0;
};

// Size pass, after the entries of a map field (added from `first` on): sorts them by key (string
// keys bytewise), keeps the last of equal keys, appends the list the write pass reads to the log,
// points `header` (a slot reserved before the entries) at it and takes the entries off the stack.
// Returns the field's encoded size.
// The list: count, tape position after the map, then (tape_pos, log_slot, size) per entry.
size_t FinishMap(SizeLog& log, size_t header, size_t first, bool string_keys, size_t tape_end, size_t tag_size);

// Largest encoded message the encoder writes (the output is handed to JS as one Uint8Array view).
inline constexpr size_t kMaxEncodedSize = 0x7fffffff;

// Each generated message type specialises these (in NAME.wl.js.cc). TapeSize reads one message
// (its mask and fields) and stores its encoded size in *size; false on a bad tape. TapeWrite
// writes it at `p`, moving `p` past it (it returns true: TapeSize has checked the tape).
// Precondition of TapeWrite: the log is the one TapeSize filled for this tape, positioned at this
// message's slot, and `p` has room for the size TapeSize logged.
template <typename M>
bool TapeSize(TapeReader& tape, SizeLog& log, size_t* size);
template <typename M>
bool TapeWrite(TapeReader& tape, SizeLog& log, uint8_t*& p);

// Writes a length prefix and `size` bytes; returns the position past them.
inline uint8_t* WriteLengthDelimited(uint8_t* p, const uint8_t* data, uint32_t size) {
  p = WriteVarint(p, size);
  if (size != 0) std::memcpy(p, data, size);
  return p + size;
}
// Writes `n` bytes as they are (fixed-width values whose tape words are their wire bytes).
inline uint8_t* WriteRaw(uint8_t* p, const void* data, size_t n) {
  if (n != 0) std::memcpy(p, data, n);
  return p + n;
}

// The log of the current call, reused so that steady-state encodes allocate nothing.
SizeLog& EncoderLog();

}  // namespace wirelens::jsbind

#endif  // WIRELENS_CORE_JSBIND_TAPE_ENCODER_H_
