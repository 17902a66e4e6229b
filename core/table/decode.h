// Wire -> tape by interpreting codec tables (table.h): the tape a generated codec's decode writes
// for the same bytes and schema, with the same errors (kind and offset), from any loaded schema.
#ifndef WIRELENS_CORE_TABLE_DECODE_H_
#define WIRELENS_CORE_TABLE_DECODE_H_

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "core/jsbind/tape.h"
#include "core/table/table.h"
#include "core/wire/reader.h"
#include "core/wire/status.h"

namespace wirelens::table {

// Decodes messages of one set of tables; keeps its working memory from call to call, so that
// steady-state decodes allocate nothing.
//
// Most payloads take one pass: fields in field-number order, each singular field once, a repeated
// field's values together, unknown fields side by side (what every encoder writes) go straight to the
// tape, as a generated codec's transcoder (core/jsbind/wire_to_tape.h) takes them. Anything else
// (and every error) takes two passes. The read pass goes through the bytes in wire order with a Reader, checking
// them exactly as a generated message's MergeFrom does (so the first error is the same one, at the
// same offset), and notes each value as an item of its message (strings, bytes and unknown fields
// as views of the input). The write pass then writes each message's items in tape order: the last
// of a singular field's values, every value of a repeated one, the merge of every occurrence of a
// singular message, the last oneof member set, unknown fields in wire order.
class Decoder {
 public:
  explicit Decoder(const Tables& tables) : tables_(tables) {}

  // Appends the message of table `message` that [data, data + size) holds to `tape`. On error the
  // tape holds garbage. Strings and bytes on the tape point into `data` or into this decoder, valid
  // until the next call. Precondition: `message` indexes tables.messages.
  Status Decode(uint32_t message, const uint8_t* data, size_t size, jsbind::TapeWriter& tape,
                int depth_limit = kDefaultDepthLimit);

  // Makes Decode also note every string and bytes value it writes, for ToEncodeTape.
  void set_keep_strings(bool keep) { keep_strings_ = keep; }
  // With set_keep_strings: each string and bytes value the last Decode wrote, in tape order.
  const std::vector<ByteView>& strings() const { return strings_; }
  // Makes Decode write strings as it writes bytes instead of as cuts of the texts JS reads (for
  // Records::Replace, which takes them from strings()): no UTF-16 made for nothing.
  void set_strings_as_bytes(bool as_bytes) { strings_as_bytes_ = as_bytes; }

  // Rewrites the tape the last Decode wrote (GlobalState()'s first `words` words, a message of
  // table `message`) in place into the tape JS writes for an encode: every string and bytes value
  // copied into GlobalState()'s byte area and named by its offset there, tape_end set. Then
  // EncodeTapeToOutput writes the message's bytes again: a round trip in C++ alone (the conformance
  // testee). Preconditions: set_keep_strings(true) before that Decode, which succeeded, and the
  // byte area is not in use. False when memory runs out.
  bool ToEncodeTape(uint32_t message, size_t words);

 private:
  static constexpr uint32_t kNone = ~0u;
  // One value read: a scalar's tape bits, a string, bytes or unknown field as a view, a packed run
  // of scalars, or a sub-message (a node).
  struct Item {
    uint32_t slot;
    uint32_t next;   // the node's next item, or kNone
    uint64_t value;  // scalars: the tape's bits; messages: the node
    const uint8_t* data;
    uint32_t size;
    bool run;  // data/size is a packed run of the field's values
  };
  struct Node {
    uint32_t first = kNone;
    uint32_t last = kNone;
  };
  // Of one oneof, the member read last and where its values start counting.
  struct OneofWinner {
    uint32_t slot;
    size_t since;
  };

  // The one-pass decode of the message in [p, end) (a group's fields up to its END_GROUP, `group`
  // its field number, 0 for a message): the pointer past it, or nullptr where it gives up. `depth`:
  // the sub-messages and groups it may still enter, as a Reader counts them.
  const uint8_t* Transcode(const MessageTable& table, const uint8_t* p, const uint8_t* end, int depth, uint32_t group);
  const uint8_t* TranscodeMapEntry(const MessageTable& entry, const uint8_t* p, const uint8_t* end, int depth);
  const uint8_t* TranscodePacked(const FieldEntry& f, const uint8_t* p, const uint8_t* end, uint32_t* count);
  bool ReadMessage(Reader& r, const MessageTable& table, uint32_t node);
  bool ReadPackedRun(Reader& r, const MessageTable& table, const FieldEntry& f, uint32_t slot, uint32_t node);
  bool SkipToUnknown(Reader& r, const MessageTable& table, uint32_t node);
  void UnknownVarint(const MessageTable& table, uint32_t node, uint32_t number, int32_t value);
  uint32_t NewNode();
  Item& Add(uint32_t node, uint32_t slot);

  // Writes the merge of nodes children_[first, first + count) as one message of `table`.
  void WriteMessage(const MessageTable& table, size_t first, size_t count);
  void DropReplacedOneofMembers(const MessageTable& table, size_t begin);
  // Writes field `f` from items gathered_[begin, end) (all of its slot); false when it is absent.
  bool WriteField(const FieldEntry& f, size_t begin, size_t end);
  void WriteMapEntry(const MessageTable& entry, uint32_t node);
  void WriteValue(const FieldEntry& f, const Item& item);
  void WriteRun(const FieldEntry& f, const Item& item);
  void WriteUnknown(size_t begin, size_t end);
  // False when `text` bytes are not UTF-8 (they are then on the tape raw).
  bool WriteBytes(const uint8_t* data, size_t size, bool text);
  void WriteBits(jsbind::TapeKind kind, uint64_t bits);
  // ToEncodeTape's walk: the tape position of the next word, the next noted string.
  void RenameStrings(const MessageTable& table, size_t* pos, size_t* next);
  void RenameValue(const FieldEntry& f, size_t* pos, size_t* next);

  const Tables& tables_;
  jsbind::TapeWriter* tape_ = nullptr;
  std::vector<Item> items_;
  std::vector<Node> nodes_;
  std::vector<uint32_t> gathered_;  // the write pass's items of the messages being written, a stack
  std::vector<uint32_t> children_;  // the nodes merged into each message being written, a stack
  std::vector<uint32_t> mask_;      // the masks of the messages being written, a stack
  std::vector<OneofWinner> winners_;
  bool keep_strings_ = false;
  bool strings_as_bytes_ = false;
  std::vector<ByteView> strings_;  // with keep_strings_: each string and bytes value, in tape order
  std::vector<uint32_t> string_offsets_;
  std::deque<std::string> owned_;  // bytes made by the decode: closed-enum values, joined unknown fields
};

}  // namespace wirelens::table

#endif  // WIRELENS_CORE_TABLE_DECODE_H_
