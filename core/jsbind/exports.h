// The operations a generated codec exports to JS for each message type, as templates: the
// generated NAME.wl.js.cc instantiates them behind extern "C" functions. Every function returns
// an ErrorKind value (0 = ok; kTapeError for a bad tape) and leaves the offset of a decode error
// in GlobalState().error_offset.
#ifndef WIRELENS_CORE_JSBIND_EXPORTS_H_
#define WIRELENS_CORE_JSBIND_EXPORTS_H_

#include <array>
#include <new>

#include "core/jsbind/tape.h"
#include "core/jsbind/tape_encoder.h"
#include "core/jsbind/wire_to_tape.h"
#include "core/wire/reader.h"
#include "core/wire/status.h"

// The name a function is exported under from the wasm module; native builds (the fuzz target of
// the tape) have no exports.
#if defined(__wasm__)
#define WL_EXPORT_NAME(name) __attribute__((export_name(name)))
#else
#define WL_EXPORT_NAME(name)
#endif

namespace wirelens::jsbind {

inline uint32_t Report(ErrorKind kind, size_t offset) {
  State& s = GlobalState();
  s.error_kind = static_cast<uint32_t>(kind);
  s.error_offset = static_cast<uint32_t>(offset);
  return s.error_kind;
}

inline uint32_t ReportTapeError() {
  GlobalState().error_kind = kTapeError;
  GlobalState().error_offset = 0;
  return kTapeError;
}

// Encodes `message` into GlobalState().output (grown as needed); output_size is its length.
template <typename M>
uint32_t EncodeToOutput(const M& message) {
  State& s = GlobalState();
  const size_t size = message.ComputeSize();
  if (size > 0x7fffffffu || !GrowBuffer(&s.output, &s.output_capacity, size, 0)) {
    return Report(ErrorKind::kLimitExceeded, 0);
  }
  message.EncodeWithCachedSizes(s.output);
  s.output_size = static_cast<uint32_t>(size);
  return Report(ErrorKind::kOk, 0);
}

// The operations of one message type that the shared entry points (jsbind.cc) call: one
// out-of-line copy of those serves every type of a module, which keeps its wasm small
// (BENCHMARKS.md, "The bench codec's size").
struct MessageOps {
  // The tape of GlobalState().input[0, size) by the transcoder (TranscodeInput); false when it
  // gives up.
  bool (*transcode_input)(uint32_t size);
  void* (*create)();  // a new message (NewMessage): nullptr when memory is exhausted
  // The message the from-JS decode decodes into where the transcoder gives up, created on first
  // use and reused, so that steady-state calls allocate nothing. JS reads it in place until the
  // next call.
  void** scratch;
  void (*clear)(void* message);
  bool (*merge_from)(void* message, Reader& reader);
  bool (*from_tape)(void* message, TapeReader& tape);
};

// The tape of GlobalState().input[0, size) by the transcoder, per type so that its writer can
// stay in registers (shared like the rest, the from-JS decode of bench took 1.12x the time);
// false when it gives up.
template <typename M>
bool TranscodeInput(uint32_t size) {
  State& s = GlobalState();
  TapeWriter tape;
  if (!TranscodeMessage<M>(s.input, size, tape)) return false;
  s.tape_end = static_cast<uint32_t>(tape.size());
  return true;
}

// Resident messages: allocated in wasm memory, owned by a JS handle. Not inlined: the `new`
// export and MessageOps::create share it.
template <typename M>
__attribute__((noinline)) void* NewMessage() {
  return new (std::nothrow) M();
}
template <typename M>
void DeleteMessage(M* message) {
  delete message;
}

template <typename M>
inline void* scratch_message = nullptr;  // MessageOps::scratch

// MessageOps's functions for type M.
template <typename M>
struct OpsOf {
  static void Clear(void* m) { static_cast<M*>(m)->Clear(); }
  static bool MergeFrom(void* m, Reader& reader) { return static_cast<M*>(m)->MergeFrom(reader); }
  static bool FromTapeOf(void* m, TapeReader& tape) { return FromTape(static_cast<M*>(m), tape); }
};
template <typename M>
inline constexpr MessageOps kMessageOps = {TranscodeInput<M>, NewMessage<M>,       &scratch_message<M>,
                                           OpsOf<M>::Clear,   OpsOf<M>::MergeFrom, OpsOf<M>::FromTapeOf};

// Decodes GlobalState().input[0, size) into `message` of type `ops` (replacing its contents).
uint32_t DecodeFromInput(void* message, uint32_t size, const MessageOps& ops);
template <typename M>
uint32_t DecodeFromInput(M* message, uint32_t size) {
  return DecodeFromInput(message, size, kMessageOps<M>);
}

// A resident message from the tape JS wrote (replacing its contents).
uint32_t ReadTape(void* message, const MessageOps& ops);
template <typename M>
uint32_t ReadTape(M* message) {
  return ReadTape(message, kMessageOps<M>);
}

// bytes (input) -> tape: one call per JS decode. The transcoder writes the tape straight from the
// bytes (wire_to_tape.h); where it gives up, the bytes are decoded into the scratch message, which
// reports the error or is left for JS to read in place (kInScratch).
uint32_t DecodeToTape(uint32_t size, const MessageOps& ops);
template <typename M>
uint32_t DecodeToTape(uint32_t size) {
  return DecodeToTape(size, kMessageOps<M>);
}

// tape -> bytes (output): one call per JS encode, with no C++ message in between
// (tape_encoder.h); `type` is the message's TapeSize and TapeWrite.
struct TapeEncoder {
  bool (*size)(TapeReader& tape, SizeLog& log, size_t* size);
  bool (*write)(TapeReader& tape, SizeLog& log, uint8_t*& p);
};
template <typename M>
inline constexpr TapeEncoder kTapeEncoder = {TapeSize<M>, TapeWrite<M>};
uint32_t EncodeFromTape(const TapeEncoder& type);

// The driver of EncodeFromTape, for any pair of passes (the table-driven codec's too):
// `size_pass(tape, log, &size)` reads GlobalState()'s tape and logs sizes (false: a bad tape),
// `write_pass(tape, log, p)` writes the bytes at p, moving it (false: a bad tape). The bytes go to
// GlobalState().output; returns an ErrorKind value, or kTapeError for a bad tape or passes that
// disagree on the size.
template <typename SizePass, typename WritePass>
uint32_t EncodeInTwoPasses(SizePass size_pass, WritePass write_pass) {
  State& s = GlobalState();
  SizeLog& log = EncoderLog();
  log.Clear();
  TapeReader sizing;
  size_t size;
  if (!size_pass(sizing, log, &size) || !sizing.at_end()) return ReportTapeError();
  if (!GrowBuffer(&s.output, &s.output_capacity, size, 0)) return Report(ErrorKind::kLimitExceeded, 0);
  log.Rewind();
  TapeReader writing;
  uint8_t* p = s.output;
  // The size pass has read this tape and logged every size: a mismatch would be a bug of the passes.
  if (!write_pass(writing, log, p) || p != s.output + size) return ReportTapeError();
  s.output_size = static_cast<uint32_t>(size);
  return Report(ErrorKind::kOk, 0);
}
template <typename M>
uint32_t EncodeFromTape() {
  return EncodeFromTape(kTapeEncoder<M>);
}

// What a resident field accessor asks for (the generated FieldOp switch); getters read every
// field in place (MessageLayout, below), so there is no operation to get one.
enum FieldOp : uint32_t {
  kSet = 1,  // value from the tape
  kClear = 2,
  kMutable = 4,  // message fields: pointer of the (created) sub-message; repeated: appends one
};

// FieldOp's kSet: the value of slot `slot` of `message`, alone on the tape, through `set`
// (TapeSlots::set). Returns 1, or 0 on a bad tape.
uint32_t SetFromTape(void* message, uint32_t slot, bool (*set)(void* message, uint32_t slot, TapeReader& tape));

// The byte offset of `member` inside `object` (for MessageLayout specialisations, which list a
// generated message's members for JS to read in place: offsetof is not defined on such classes).
inline uint32_t OffsetIn(const void* object, const void* member) {
  return static_cast<uint32_t>(static_cast<const char*>(member) - static_cast<const char*>(object));
}

// Where a node of std::map type `Map` keeps its key and its value, as byte offsets from the node's
// start (libc++ puts the tree links first; JS walks the tree through them to read a map in
// place). Measured once, on a map of one entry.
template <typename Map>
struct MapNodeLayout {
  static uint32_t KeyOffset() { return Offsets()[0]; }
  static uint32_t ValueOffset() { return Offsets()[1]; }

 private:
  static const std::array<uint32_t, 2>& Offsets() {
    static const std::array<uint32_t, 2> offsets = [] {
      Map probe;
      probe.emplace();
      const void* node = *reinterpret_cast<void* const*>(&probe);  // libc++: the first node's address comes first
      return std::array<uint32_t, 2>{OffsetIn(node, &probe.begin()->first), OffsetIn(node, &probe.begin()->second)};
    }();
    return offsets;
  }
};

}  // namespace wirelens::jsbind

#endif  // WIRELENS_CORE_JSBIND_EXPORTS_H_
