// Records: messages of a loaded schema held in memory in one fixed layout per table (as upb's
// messages are), which resident getters read in place and setters change a field at a time; filled
// from a tape and written back to one, so that the table decoder and encoder (decode.h, encode.h)
// stay the only code that knows the wire.
//
// A record: the mask words (bit i: slot i present, as on the tape), then one cell per slot at
// RecordLayout::offsets[slot]: bool/int32/uint32/enum/float 4 bytes; int64/uint64/double 8 (at an
// 8-byte offset); string/bytes and the unknown fields a Span; a message or group a pointer to its
// record (null until first set); a repeated field or map a List of its elements (4- or 8-byte
// scalars, Spans, record pointers; a map's entries as records of its entry table, keys unique).
// Every record and every value it points to lives in the arena of its root record; a root's
// record and arena go together (NewRoot, DeleteRoot), and a root read again from a tape (Replace)
// starts its arena afresh, so that the records and views of the earlier contents are gone.
#ifndef WIRELENS_CORE_TABLE_RECORD_H_
#define WIRELENS_CORE_TABLE_RECORD_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/table/table.h"
#include "core/wire/reader.h"

namespace wirelens::table {

struct Span {
  const uint8_t* data;
  uint32_t size;
};
struct List {
  void* data;
  uint32_t count;
  uint32_t capacity;
};

// Where a table's cells lie in its records.
struct RecordLayout {
  uint32_t size = 0;              // bytes, a multiple of 8
  std::vector<uint32_t> offsets;  // per slot (the fields, then the unknown fields where kept)
};

// Bump allocation in blocks, freed all at once.
class Arena {
 public:
  Arena() = default;
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;
  ~Arena() { Release(nullptr); }
  // `size` bytes, 8-byte aligned and zeroed; nullptr when memory runs out.
  void* Alloc(size_t size);
  // Frees every block but the largest, which the next allocations reuse.
  void Reset();

 private:
  struct Block {
    Block* previous;
    size_t size;
  };
  void Release(Block* keep);
  Block* head_ = nullptr;
  uint8_t* next_ = nullptr;
  uint8_t* end_ = nullptr;
};

// The records of one set of tables. Every function taking a record requires one made by this
// object (NewRoot, or reached from one) of table `message`, and `message` < tables.messages.size().
class Records {
 public:
  explicit Records(const Tables& tables);

  const RecordLayout& layout(uint32_t message) const { return layouts_[message]; }

  // A new empty root record of table `message`, or nullptr when memory runs out.
  uint8_t* NewRoot(uint32_t message) const;
  // Frees a root record and everything in its arena. Precondition: `record` came from NewRoot.
  static void DeleteRoot(uint8_t* record);

  // Replaces the contents of `record` with the message at the start of GlobalState()'s tape (up
  // to tape_end): one a Decoder wrote, its strings and bytes taken from `noted` (its strings(),
  // with set_keep_strings), or without `noted` one JS wrote (strings in GlobalState()'s byte area).
  // A root starts its arena afresh first. False on a bad tape or when memory runs out (the record
  // is then empty).
  bool Replace(uint32_t message, uint8_t* record, const std::vector<ByteView>* noted = nullptr) const;
  // Empties `record` (a root starts its arena afresh).
  void Empty(uint32_t message, uint8_t* record) const;
  // Sets slot `slot` to the value at the start of the tape (what one field of a message's tape
  // holds: a value, a message, a count and the elements; as JS writes it); clears the other
  // members of its oneof. False on a bad tape or when memory runs out (the slot is then clear).
  bool SetSlot(uint32_t message, uint8_t* record, uint32_t slot) const;
  // Clears slot `slot`.
  void ClearSlot(uint32_t message, uint8_t* record, uint32_t slot) const;
  // The record of message slot `slot`, made present (a singular message: its record, made when it
  // has none; a repeated one: a new element at the end); nullptr when memory runs out or the slot
  // holds no messages.
  uint8_t* MutableSlot(uint32_t message, uint8_t* record, uint32_t slot) const;

  // How ToTape writes strings and bytes: for JS to read, as the table decoder does (kText:
  // TapeWriter::Text, bytes by address: wasm32 only), or copied into the byte area, named by
  // offset (kByteArea: the tape the encoder reads, as JS writes it).
  enum class Strings { kText, kByteArea };
  // Writes the record to GlobalState()'s tape (tape_end set), its strings as `strings` says; with
  // `slot` < the slot count, only that field's value. False when memory runs out or the records
  // nest deeper than kTapeDepthLimit.
  bool ToTape(uint32_t message, const uint8_t* record, Strings strings, uint32_t slot = ~0u) const;

 private:
  class Filler;
  class Writer;
  // Clears the members of slot `slot`'s oneof other than it (none when it is in no oneof).
  void ClearOtherMembers(uint32_t message, uint8_t* record, uint32_t slot) const;
  // A new empty record of table `message` in `arena`, or nullptr when memory runs out.
  uint8_t* NewRecord(Arena& arena, uint32_t message) const;
  const Tables& tables_;
  std::vector<RecordLayout> layouts_;
};

}  // namespace wirelens::table

#endif  // WIRELENS_CORE_TABLE_RECORD_H_
