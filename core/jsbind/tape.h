// The tape: the flat stream of 32-bit words that carries one message between JS and wasm in a
// single call, so that encode and decode cross the boundary once instead of once per field.
//
// Layout of one message, its fields in field-number order (docs/JS_API.md has the full table):
//   mask words (bit i = field i present; bit N = unknown fields), then per present field:
//   bool/int32/uint32/enum/float: 1 word | double/int64/uint64: 2 words at an even word address
//   (lo, hi) | string/bytes: 2 words (pointer, length) | message: its own mask and fields, inline |
//   repeated: a count word, then the values (64-bit ones aligned once) | map: a count, then
//   key and value per entry.
// Strings read by JS point into the message's own memory (no copy); strings written by JS carry
// an offset into the JS-filled byte area instead, because that area may move when it grows.
#ifndef WIRELENS_CORE_JSBIND_TAPE_H_
#define WIRELENS_CORE_JSBIND_TAPE_H_

#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "core/jsbind/cold.h"
#include "core/wire/varint.h"
#include "core/wire/wire_format.h"

namespace wirelens::jsbind {

// Shared state the JS runtime reads and writes at fixed offsets (all fields 4 bytes in wasm32).
// web/codec/runtime.js finds the fields at the offsets wl_contract() gives.
struct State {
  uint32_t* tape;       // word buffer, 8-byte aligned
  uint32_t tape_words;  // capacity in words
  uint32_t tape_end;    // words written by C++ (decode) / by JS (encode), from `tape`
  uint8_t* bytes;       // string bytes written by JS
  uint32_t bytes_capacity;
  uint8_t* input;  // encoded bytes handed in by JS
  uint32_t input_capacity;
  uint8_t* output;  // encoded bytes handed out to JS
  uint32_t output_capacity;
  uint32_t output_size;
  uint32_t error_kind;  // last call's ErrorKind (0 = ok), or kTapeError
  uint32_t error_offset;
  // The strings of the last tape C++ wrote (TapeWriter::Text): ASCII ones here, one after the
  // other, and the others as UTF-16 code units in `wide`.
  uint8_t* text;
  uint32_t text_capacity;
  uint32_t text_size;
  uint8_t* wide;           // UTF-16 code units
  uint32_t wide_capacity;  // bytes
  uint32_t wide_units;
  void* scratch;  // the message a decode left for JS to read in place (kInScratch)
};

State& GlobalState();

// The buffers JS asks wasm to grow (wl_reserve).
enum Buffer : uint32_t { kTapeBuffer = 0, kBytesBuffer = 1, kInputBuffer = 2 };

// Error kind reported when the tape JS wrote is inconsistent (a bug in generated code, never
// caused by the user's data).
inline constexpr uint32_t kTapeError = 100;
// What a JSON / text format export returns when its input does not read or the message has no
// such form (format_exports.h); the output buffer then holds the message.
inline constexpr uint32_t kFormatError = 101;
// What the from-JS decode returns when it has decoded into a C++ message (State::scratch) instead
// of writing the tape (the transcoder gave up): JS reads that message in place, as it reads a
// resident message, until the next call.
inline constexpr uint32_t kInScratch = 102;
// Flags of the JSON / text format exports (format_exports.h); JS reads them from wl_contract.
inline constexpr uint32_t kFormatText = 1;              // text format (else JSON)
inline constexpr uint32_t kFormatUnknownFields = 2;     // out: print unknown fields; in: ignore unknown JSON names
inline constexpr uint32_t kJsonAlwaysEmitImplicit = 4;  // out: JsonWriteOptions, by @bufbuild/protobuf's names
inline constexpr uint32_t kJsonEnumAsInteger = 8;
inline constexpr uint32_t kJsonUseProtoFieldName = 16;
// Deepest message nesting a tape may hold (JS refuses deeper objects first).
inline constexpr int kTapeDepthLimit = kDefaultDepthLimit;
// Flags in a string's length word (TapeWriter::Text): a cut of the wide text, not of the ASCII
// text; (pointer, length) of UTF-8 bytes JS decodes on their own.
inline constexpr uint32_t kWideString = 0x40000000u;
inline constexpr uint32_t kRawString = 0x80000000u;
// Code units each text of one tape may gather; later strings travel raw (a JS string holds at
// most 2^29 units in V8, and one huge text would keep every cut of it alive).
inline constexpr size_t kTextLimit = size_t{1} << 26;

// Grows a buffer to at least `needed` bytes, keeping its contents; false when out of memory.
bool GrowBuffer(uint8_t** buffer, uint32_t* capacity, size_t needed, size_t keep);

// Appends values to GlobalState().tape (wasm -> JS direction).
class TapeWriter {
 public:
  TapeWriter() : state_(GlobalState()), words_(state_.tape), capacity_(state_.tape_words) {
    state_.text_size = 0;
    state_.wide_units = 0;
  }
  // Reserves `n` words and returns their index (for mask words filled in later).
  size_t Skip(size_t n) {
    Reserve(n);
    const size_t at = pos_;
    pos_ += n;
    return at;
  }
  void Set(size_t at, uint32_t word) {
    if (ok_) words_[at] = word;
  }
  void U32(uint32_t v) {
    Reserve(1);
    words_[pos_++] = v;
  }
  void I32(int32_t v) { U32(static_cast<uint32_t>(v)); }
  void Bool(bool v) { U32(v ? 1u : 0u); }
  void F32(float v) { U32(BitCast<uint32_t>(v)); }
  void U64(uint64_t v) {
    Align();
    Reserve(2);
    words_[pos_++] = static_cast<uint32_t>(v);
    words_[pos_++] = static_cast<uint32_t>(v >> 32);
  }
  void I64(int64_t v) { U64(static_cast<uint64_t>(v)); }
  void F64(double v) { U64(BitCast<uint64_t>(v)); }
  // bytes: (pointer, length), pointing into the message or the input, which JS reads before the
  // next call.
  void Bytes(const uint8_t* data, size_t size) {
    Reserve(2);
    words_[pos_++] = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(data));
    words_[pos_++] = static_cast<uint32_t>(size);
  }
  void Bytes(const std::string& s) { Bytes(reinterpret_cast<const uint8_t*>(s.data()), s.size()); }
  // string: appended to one of the two texts JS decodes once per tape (a decoder call costs more
  // than a short string), and the tape gets its cut (start, length in UTF-16 units): ASCII to
  // `text`, decoded as one-byte text; other well-formed UTF-8 converted to UTF-16 into `wide`
  // (kWideString set), which JS decodes without UTF-8 work. One that is not UTF-8 (proto2 does
  // not check), or past kTextLimit, or that memory cannot hold goes as Bytes with kRawString set.
  // Returns false when the bytes are not UTF-8 (the string is then on the tape raw).
  bool Text(const uint8_t* data, size_t size);
  void Text(const std::string& s) { Text(reinterpret_cast<const uint8_t*>(s.data()), s.size()); }
  // A repeated field of 4- or 8-byte values: the count, then the values' bytes (8-byte ones from
  // an even word, when there are any), as TapeReader::ReadWords reads them.
  template <typename Vector>
  void CopyWords(const Vector& values) {
    constexpr size_t kWords = sizeof(typename Vector::value_type) / 4;
    static_assert(kWords * 4 == sizeof(typename Vector::value_type) && (kWords == 1 || kWords == 2),
                  "an element is one or two tape words");
    U32(static_cast<uint32_t>(values.size()));
    if (values.empty()) return;
    if (kWords == 2) Align();
    const size_t n = values.size() * kWords;
    Reserve(n);
    if (!ok_) return;
    std::memcpy(words_ + pos_, values.data(), n * 4);
    pos_ += n;
  }
  // Aligns the next word to an 8-byte address (the tape itself is 8-byte aligned).
  void Align() {
    if (pos_ & 1) U32(0);
  }
  // Room for `n` more words, to be filled through the pointer and then passed with Advance(); nullptr
  // when memory ran out (the caller gives up: the tape is lost anyway).
  uint32_t* Room(size_t n) {
    Reserve(n);
    return ok_ ? words_ + pos_ : nullptr;
  }
  void Advance(size_t n) { pos_ += n; }
  // Drops the words from `pos` on. Precondition: `pos` came from size() and no string was written
  // since (the texts keep what Text() appended).
  void Truncate(size_t pos) {
    if (ok_) pos_ = pos;
  }
  // Words written; ok() is false if memory ran out (the words are then garbage).
  size_t size() const { return pos_; }
  bool ok() const { return ok_; }

 private:
  void Reserve(size_t n) {
    if (pos_ + n > capacity_) Grow(n);
  }
  // Grows the tape, or when memory is exhausted sets !ok() and lets the rest of the message go
  // round in a small sink, so that writers need no checks.
  void Grow(size_t n);

  State& state_;
  uint32_t* words_;
  size_t capacity_;
  size_t pos_ = 0;
  bool ok_ = true;
};

// Reads values from GlobalState().tape (JS -> wasm direction). Every read is bounds-checked:
// a bad tape fails the call, it never reads outside the tape.
class TapeReader {
 public:
  TapeReader()
      : state_(GlobalState()),
        words_(state_.tape),
        end_(state_.tape_end < state_.tape_words ? state_.tape_end : state_.tape_words) {}
  bool U32(uint32_t* v) {
    if (pos_ >= end_) return false;
    *v = words_[pos_++];
    return true;
  }
  bool I32(int32_t* v) {
    uint32_t w;
    if (!U32(&w)) return false;
    *v = static_cast<int32_t>(w);
    return true;
  }
  bool Bool(bool* v) {
    uint32_t w;
    if (!U32(&w)) return false;
    *v = w != 0;
    return true;
  }
  bool F32(float* v) {
    uint32_t w;
    if (!U32(&w)) return false;
    *v = BitCast<float>(w);
    return true;
  }
  bool U64(uint64_t* v) {
    pos_ += pos_ & 1;
    if (pos_ + 2 > end_) return false;
    *v = words_[pos_] | (static_cast<uint64_t>(words_[pos_ + 1]) << 32);
    pos_ += 2;
    return true;
  }
  bool I64(int64_t* v) {
    uint64_t w;
    if (!U64(&w)) return false;
    *v = static_cast<int64_t>(w);
    return true;
  }
  bool F64(double* v) {
    uint64_t w;
    if (!U64(&w)) return false;
    *v = BitCast<double>(w);
    return true;
  }
  bool Bytes(std::string* s) {
    uint32_t offset, size;
    if (!U32(&offset) || !U32(&size)) return false;
    if (offset > state_.bytes_capacity || size > state_.bytes_capacity - offset) return false;
    s->assign(reinterpret_cast<const char*>(state_.bytes) + offset, size);
    return true;
  }
  // A string or bytes value as (data, size) in the JS-filled byte area, without a copy.
  bool View(const uint8_t** data, uint32_t* size) {
    uint32_t offset;
    if (!U32(&offset) || !U32(size)) return false;
    if (offset > state_.bytes_capacity || *size > state_.bytes_capacity - offset) return false;
    *data = state_.bytes + offset;
    return true;
  }
  // What TapeWriter::CopyWords wrote for `kWords`-word values: their count and the first word of
  // the values, which are the values' little-endian bytes; false when the tape is shorter.
  template <size_t kWords>
  bool Span(uint32_t* n, const uint32_t** values) {
    static_assert(kWords == 1 || kWords == 2, "an element is one or two tape words");
    if (!Count(n, kWords)) return false;
    if (kWords == 2 && *n != 0) pos_ += pos_ & 1;
    if (pos_ > end_ || size_t{*n} * kWords > end_ - pos_) return false;
    *values = words_ + pos_;
    pos_ += size_t{*n} * kWords;
    return true;
  }
  // Replaces `values` (a vector of 4- or 8-byte values) with what TapeWriter::CopyWords wrote;
  // false when the tape is shorter.
  template <typename Vector>
  bool ReadWords(Vector* values) {
    constexpr size_t kWords = sizeof(typename Vector::value_type) / 4;
    static_assert(kWords * 4 == sizeof(typename Vector::value_type), "an element is one or two tape words");
    uint32_t n;
    const uint32_t* words;
    if (!Span<kWords>(&n, &words)) return false;
    values->resize(n);
    if (n != 0) std::memcpy(values->data(), words, size_t{n} * kWords * 4);
    return true;
  }
  // A count of following entries of at least `words_each` words; false if the tape is shorter.
  bool Count(uint32_t* n, uint32_t words_each) {
    if (!U32(n)) return false;
    return static_cast<uint64_t>(*n) * words_each <= end_ - pos_;
  }
  // Moves past `n` words (a message's mask, read later with WordAt); false if the tape is shorter.
  bool SkipWords(size_t n) {
    if (pos_ > end_ || n > end_ - pos_) return false;
    pos_ += n;
    return true;
  }
  // The word at `at`. Precondition: `at` < pos() (a word the reader has passed, so inside the tape).
  uint32_t WordAt(size_t at) const { return words_[at]; }
  bool Enter() { return ++depth_ <= kTapeDepthLimit; }
  void Leave() { --depth_; }
  bool at_end() const { return pos_ == end_; }
  // The read position in words, and a return to one (TapeEncoder's write pass visits map entries
  // in key order). Precondition of Seek: `pos` came from pos() on the same tape.
  size_t pos() const { return pos_; }
  void Seek(size_t pos) { pos_ = pos; }

 private:
  State& state_;
  const uint32_t* words_;
  size_t end_;
  size_t pos_ = 0;
  int depth_ = 0;
};

// What FromTapeSlots needs of one message type (generated, in NAME.wl.js.cc).
struct TapeSlots {
  uint32_t mask_words;
  uint32_t slots;  // its fields, and one more for the unknown fields where kept
  uint32_t oneof_count;
  const uint32_t* oneof_bits;  // per oneof, `mask_words` words: its members' bits
  // Reads slot `slot` (bit `slot` of the mask: the field at that place in field-number order) from
  // the tape into `message`, replacing its value; false on a bad tape.
  bool (*set)(void* message, uint32_t slot, TapeReader& tape);
};

// Reads a message's mask and then each slot it marks, in order, into `message` (through
// type.set); false on a bad tape, one that marks two members of a oneof (generated JS writes one
// at most) included.
bool FromTapeSlots(void* message, TapeReader& tape, const TapeSlots& type);

// Each generated message type specialises these (in NAME.wl.js.cc, declared in NAME.wl.js.h).
// ToTape appends the message (the oracle of the transcoder's fuzz target: the codec modules do
// not link it); FromTape fills a cleared message, false on a bad tape.
template <typename M>
void ToTape(const M& message, TapeWriter& tape);
template <typename M>
bool FromTape(M* message, TapeReader& tape);

}  // namespace wirelens::jsbind

#endif  // WIRELENS_CORE_JSBIND_TAPE_H_
