// The inspector's output: a flat, pre-order list of nodes, one per wire element, that drives the
// tree view, the hex view and every export. Offsets are absolute byte positions in the payload.
#ifndef WIRELENS_CORE_INSPECT_NODE_H_
#define WIRELENS_CORE_INSPECT_NODE_H_

#include <cstdint>
#include <vector>

#include "core/wire/status.h"
#include "core/wire/wire_format.h"

namespace wirelens::inspect {

inline constexpr uint32_t kNoNode = UINT32_MAX;

enum class NodeKind : uint8_t {
  kField,          // tag, optional length prefix, value
  kPackedElement,  // one element of a packed run: value only
  kError,          // decoding stopped here: `error` at value_offset
  kUndecoded,      // the bytes after an error, kept as one range
};

// How a value is shown. Varints and fixed values are numbers (with their signed, zigzag and
// float views); length-delimited values take the schema's type or, without one, the best of the
// interpretations that fit.
enum class Interpretation : uint8_t {
  kNumber,         // varint, fixed32, fixed64
  kMessage,        // length-delimited sub-message (its fields are the children)
  kGroup,          // START_GROUP ... END_GROUP (children)
  kString,         // UTF-8 text
  kBytes,          // raw bytes
  kPackedVarint,   // children: kPackedElement varints
  kPackedFixed32,  // children: 4-byte elements
  kPackedFixed64,  // children: 8-byte elements
};
inline constexpr int kInterpretationCount = 8;
const char* InterpretationName(Interpretation interpretation);

// 48 bytes per node.
struct Node {
  uint32_t parent = kNoNode;
  uint32_t end = 0;            // index one past the last descendant
  uint32_t tag_offset = 0;     // first byte of the tag (of the value for packed elements)
  uint32_t value_offset = 0;   // first byte of the value (after tag and length prefix)
  uint32_t value_length = 0;
  uint32_t field_number = 0;
  uint64_t raw = 0;            // varint value or fixed bits; packed elements too
  int32_t field = -1;          // index into the parent message's schema fields, or -1 (unknown)
  int32_t message = -1;        // schema message of this node's value (sub-message, group, map entry)
  uint16_t depth = 0;
  NodeKind kind = NodeKind::kField;
  WireType wire_type = WireType::kVarint;
  Interpretation interpretation = Interpretation::kNumber;
  ErrorKind error = ErrorKind::kOk;  // kError nodes; also non-fatal problems of a field
  uint8_t tag_length = 0;
  uint8_t length_prefix_length = 0;  // length-delimited fields; groups: the END_GROUP tag's length

  // Byte just past this element (value, and the END_GROUP tag for groups).
  uint32_t span_end() const {
    return value_offset + value_length + (wire_type == WireType::kStartGroup ? length_prefix_length : 0);
  }
};

struct NodeList {
  std::vector<Node> nodes;
  Status first_error;        // ok when the whole input decoded
  int32_t root_message = -1; // schema message of the payload, -1 in raw mode
  uint32_t input_size = 0;

  // Index of the next sibling (or of the parent's end) after node i.
  uint32_t NextSibling(uint32_t i) const { return nodes[i].end; }
  // The deepest node whose bytes contain `offset`, or kNoNode.
  uint32_t NodeAt(uint32_t offset) const;
};

}  // namespace wirelens::inspect

#endif  // WIRELENS_CORE_INSPECT_NODE_H_
