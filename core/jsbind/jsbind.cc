// The shared state and the generic exports of every generated JS codec (memory for the tape,
// the string bytes and the input, all owned by wasm and grown on request from JS).

#include <cstddef>
#include <cstdlib>
#include <cstring>

#include "core/jsbind/exports.h"
#include "core/wire/utf8.h"

namespace wirelens::jsbind {

State& GlobalState() {
  static State state{};
  return state;
}

WL_COLD bool GrowBuffer(uint8_t** buffer, uint32_t* capacity, size_t needed, size_t keep) {
  if (needed <= *capacity) return true;
  if (needed > 0x7fffffffu) return false;
  size_t grown = *capacity < 256 ? 256 : *capacity;
  while (grown < needed) grown *= 2;
  if (grown > 0x7fffffffu) grown = needed;
  if (keep == 0) {
    std::free(*buffer);
    *buffer = nullptr;
    *capacity = 0;
  }
  void* moved = std::realloc(*buffer, grown);
  if (moved == nullptr) return false;
  *buffer = static_cast<uint8_t*>(moved);
  *capacity = static_cast<uint32_t>(grown);
  return true;
}

uint32_t DecodeFromInput(void* message, uint32_t size, const MessageOps& ops) {
  State& s = GlobalState();
  if (size > s.input_capacity) return ReportTapeError();
  ops.clear(message);
  const DecodeOptions options;  // what Message::Decode uses
  Reader reader(s.input, size, options.depth_limit);
  reader.set_reject_wire_type_mismatch(options.reject_wire_type_mismatch);
  ops.merge_from(message, reader);
  return Report(reader.status().kind, reader.status().offset);
}

WL_COLD uint32_t ReadTape(void* message, const MessageOps& ops) {
  ops.clear(message);
  TapeReader tape;
  if (!ops.from_tape(message, tape) || !tape.at_end()) return ReportTapeError();
  return Report(ErrorKind::kOk, 0);
}

// Where the transcoder gives up: the bytes decoded into the scratch message, for JS to read.
WL_COLD static uint32_t DecodeThroughScratch(uint32_t size, const MessageOps& ops) {
  State& s = GlobalState();
  if (*ops.scratch == nullptr && (*ops.scratch = ops.create()) == nullptr) return Report(ErrorKind::kLimitExceeded, 0);
  s.scratch = *ops.scratch;
  const uint32_t kind = DecodeFromInput(s.scratch, size, ops);
  if (kind != 0) return kind;
  s.error_kind = kInScratch;
  return kInScratch;
}

uint32_t DecodeToTape(uint32_t size, const MessageOps& ops) {
  State& s = GlobalState();
  if (size > s.input_capacity) return ReportTapeError();
  if (ops.transcode_input(size)) return Report(ErrorKind::kOk, 0);
  return DecodeThroughScratch(size, ops);
}

uint32_t EncodeFromTape(const TapeEncoder& type) { return EncodeInTwoPasses(type.size, type.write); }

WL_COLD bool FromTapeSlots(void* message, TapeReader& t, const TapeSlots& type) {
  const size_t at = t.pos();
  if (!t.SkipWords(type.mask_words)) return false;
  for (uint32_t o = 0; o < type.oneof_count; ++o) {
    int members = 0;
    for (uint32_t w = 0; w < type.mask_words; ++w) {
      members += __builtin_popcount(t.WordAt(at + w) & type.oneof_bits[o * type.mask_words + w]);
    }
    if (members > 1) return false;
  }
  for (uint32_t w = 0; w < type.mask_words; ++w) {
    for (uint32_t bits = t.WordAt(at + w); bits != 0; bits &= bits - 1) {
      const uint32_t slot = w * 32 + static_cast<uint32_t>(__builtin_ctz(bits));
      if (slot < type.slots && !type.set(message, slot, t)) return false;
    }
  }
  return true;
}

WL_COLD uint32_t SetFromTape(void* message, uint32_t slot, bool (*set)(void*, uint32_t, TapeReader&)) {
  TapeReader tape;
  return set(message, slot, tape) && tape.at_end();
}

bool TapeWriter::Text(const uint8_t* data, size_t size) {
  Reserve(2);
  const size_t units = Utf16Length(data, size);
  if (units == size && size <= kTextLimit - state_.text_size &&
      GrowBuffer(&state_.text, &state_.text_capacity, state_.text_size + size, state_.text_size)) {
    if (size != 0) std::memcpy(state_.text + state_.text_size, data, size);
    words_[pos_++] = state_.text_size;
    words_[pos_++] = static_cast<uint32_t>(size);
    state_.text_size += static_cast<uint32_t>(size);
    return true;
  }
  if (units != kNotUtf8 && units <= kTextLimit - state_.wide_units &&
      GrowBuffer(&state_.wide, &state_.wide_capacity, (state_.wide_units + units) * 2, state_.wide_units * 2)) {
    Utf8ToUtf16(data, size, reinterpret_cast<uint16_t*>(state_.wide) + state_.wide_units);
    words_[pos_++] = state_.wide_units;
    words_[pos_++] = static_cast<uint32_t>(units) | kWideString;
    state_.wide_units += static_cast<uint32_t>(units);
    return true;
  }
  words_[pos_++] = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(data));
  words_[pos_++] = static_cast<uint32_t>(size) | kRawString;
  return units != kNotUtf8;
}

WL_COLD void TapeWriter::Grow(size_t n) {
  static uint32_t sink[4096];
  if (ok_) {
    uint8_t* bytes = reinterpret_cast<uint8_t*>(state_.tape);
    uint32_t capacity = state_.tape_words * 4;
    if (GrowBuffer(&bytes, &capacity, (pos_ + n) * 4, pos_ * 4)) {
      state_.tape = words_ = reinterpret_cast<uint32_t*>(bytes);
      state_.tape_words = capacity / 4;
      capacity_ = state_.tape_words;
      return;
    }
    ok_ = false;
    words_ = sink;
    capacity_ = sizeof sink / sizeof sink[0];
  }
  pos_ = 0;  // mask words are at most a few per message, far below the sink's size
}

}  // namespace wirelens::jsbind

using wirelens::jsbind::GlobalState;

extern "C" {

// The State struct's address; JS reads it once per memory growth.
WL_EXPORT_NAME("wl_state") wirelens::jsbind::State* wl_state() { return &GlobalState(); }

// Makes buffer `which` (a Buffer: tape, string bytes or input) hold at least `bytes` bytes, keeping the
// first `keep` bytes. Returns 1, or 0 when memory is exhausted.
WL_COLD WL_EXPORT_NAME("wl_reserve") uint32_t wl_reserve(uint32_t which, uint32_t bytes, uint32_t keep) {
  auto& s = GlobalState();
  switch (which) {
    case wirelens::jsbind::kTapeBuffer: {
      uint8_t* tape = reinterpret_cast<uint8_t*>(s.tape);
      uint32_t capacity = s.tape_words * 4;
      const bool ok = wirelens::jsbind::GrowBuffer(&tape, &capacity, bytes, keep);
      s.tape = reinterpret_cast<uint32_t*>(tape);
      s.tape_words = capacity / 4;
      return ok;
    }
    case wirelens::jsbind::kBytesBuffer: return wirelens::jsbind::GrowBuffer(&s.bytes, &s.bytes_capacity, bytes, keep);
    case wirelens::jsbind::kInputBuffer: return wirelens::jsbind::GrowBuffer(&s.input, &s.input_capacity, bytes, keep);
    default: return 0;
  }
}

// Hands the last encode's output buffer to JS (an encode in parts, runtime.js encodeInParts):
// returns its address, where its output_size bytes stay until wl_release(address), and lets the
// next encode allocate another.
WL_EXPORT_NAME("wl_take_output") uint8_t* wl_take_output() {
  auto& s = GlobalState();
  uint8_t* output = s.output;
  s.output = nullptr;
  s.output_capacity = 0;
  return output;
}
WL_EXPORT_NAME("wl_release") void wl_release(uint8_t* buffer) { std::free(buffer); }

}  // extern "C"
