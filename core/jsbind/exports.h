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

// Decodes GlobalState().input[0, size) into `message` (replacing its contents).
template <typename M>
uint32_t DecodeFromInput(M* message, uint32_t size) {
  State& s = GlobalState();
  if (size > s.input_capacity) return ReportTapeError();
  const Status status = message->Decode(s.input, size);
  return Report(status.kind, status.offset);
}

template <typename M>
uint32_t WriteTape(const M& message) {
  TapeWriter tape;
  ToTape(message, tape);
  GlobalState().tape_end = static_cast<uint32_t>(tape.size());
  return tape.ok() ? Report(ErrorKind::kOk, 0) : Report(ErrorKind::kLimitExceeded, 0);
}

template <typename M>
uint32_t ReadTape(M* message) {
  message->Clear();
  TapeReader tape;
  if (!FromTape(message, tape) || !tape.at_end()) return ReportTapeError();
  return Report(ErrorKind::kOk, 0);
}

// The message the from-JS decode decodes into; reused, so that steady-state calls allocate
// nothing. Bytes on the tape after DecodeToTape point into it until the next call.
template <typename M>
M& Scratch() {
  static M* scratch = new M();
  return *scratch;
}

// What the shared from-JS entry points (jsbind.cc) call for one message type: one out-of-line
// copy of them serves every type of a module, which keeps its wasm small (BENCHMARKS.md).
struct FromJsOps {
  bool (*transcode_input)(uint32_t size);        // TranscodeInput
  uint32_t (*decode_to_scratch)(uint32_t size);  // DecodeFromInput into Scratch(), then WriteTape
  bool (*tape_size)(TapeReader& tape, SizeLog& log, size_t* size);
  bool (*tape_write)(TapeReader& tape, SizeLog& log, uint8_t*& p);
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

template <typename M>
WL_COLD uint32_t DecodeThroughScratch(uint32_t size) {
  M& m = Scratch<M>();
  const uint32_t kind = DecodeFromInput(&m, size);
  if (kind != 0) return kind;
  return WriteTape(m);
}

template <typename M>
inline constexpr FromJsOps kFromJsOps = {TranscodeInput<M>, DecodeThroughScratch<M>, TapeSize<M>, TapeWrite<M>};

// bytes (input) -> tape: one call per JS decode. The transcoder writes the tape straight from the
// bytes (wire_to_tape.h); where it gives up, the bytes are decoded into a C++ message, which
// writes the tape or reports the error.
uint32_t DecodeToTape(uint32_t size, const FromJsOps& ops);
template <typename M>
uint32_t DecodeToTape(uint32_t size) {
  return DecodeToTape(size, kFromJsOps<M>);
}

// tape -> bytes (output): one call per JS encode, with no C++ message in between
// (tape_encoder.h).
uint32_t EncodeFromTape(const FromJsOps& ops);
template <typename M>
uint32_t EncodeFromTape() {
  return EncodeFromTape(kFromJsOps<M>);
}

// Resident messages: allocated in wasm memory, owned by a JS handle.
template <typename M>
M* NewMessage() {
  return new (std::nothrow) M();
}
template <typename M>
void DeleteMessage(M* message) {
  delete message;
}

// What a resident field accessor asks for (the generated FieldOp switch); getters read every
// field in place (MessageLayout, below), so there is no operation to get one.
enum FieldOp : uint32_t {
  kSet = 1,  // value from the tape
  kClear = 2,
  kMutable = 4,  // message fields: pointer of the (created) sub-message; repeated: appends one
};

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
