// The inspector's output: a flat, pre-order list of nodes, one per wire element, that drives the
// tree view, the hex view and every export. Offsets are absolute byte positions in the payload.
#ifndef WIRELENS_CORE_INSPECT_NODE_H_
#define WIRELENS_CORE_INSPECT_NODE_H_

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "core/inspect/framing.h"
#include "core/wire/status.h"
#include "core/wire/varint.h"
#include "core/wire/wire_format.h"

namespace wirelens::inspect {

inline constexpr uint32_t kNoNode = UINT32_MAX;

enum class NodeKind : uint8_t {
  kField,          // tag, optional length prefix, value
  kPackedElement,  // one element of a packed run: value only
  kError,          // decoding stopped here: `error` at value_offset
  kUndecoded,      // the bytes after an error, kept as one range
  kFrame,          // one frame of a framed payload: the frame header as the "tag" (tag_length
                   // bytes), the body as the value, a message body's fields as its children;
                   // field_number is the frame's ordinal, from 1
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
// Whether a length-delimited value read as `interpretation` is a packed run (its children elements).
inline bool IsPacked(Interpretation interpretation) {
  return interpretation == Interpretation::kPackedVarint || interpretation == Interpretation::kPackedFixed32 ||
         interpretation == Interpretation::kPackedFixed64;
}

// 32 bytes per node: what can be computed from the input (the raw value, where the value starts)
// or from the schema (the message type of a value) is not stored.
struct Node {
  uint32_t parent = kNoNode;
  uint32_t end = 0;         // index one past the last descendant
  uint32_t tag_offset = 0;  // first byte of the tag (of the value for packed elements, undecoded
                            // ranges and errors without a tag)
  uint32_t value_length = 0;
  uint32_t field_number = 0;
  int32_t field = -1;  // index into the owning message's schema fields, or -1 (unknown)
  uint8_t depth = 0;
  NodeKind kind = NodeKind::kField;
  WireType wire_type = WireType::kVarint;
  Interpretation interpretation = Interpretation::kNumber;
  ErrorKind error = ErrorKind::kOk;  // kError nodes; also non-fatal problems of a field
  uint8_t tag_length = 0;
  uint8_t length_prefix_length = 0;  // length-delimited fields; for kError nodes: up to the error
  uint8_t end_tag_length = 0;        // groups: the END_GROUP tag

  // First byte of the value (after tag and length prefix); for kError nodes, the error's offset.
  uint32_t value_offset() const { return tag_offset + tag_length + length_prefix_length; }
  // Byte just past this element (value, and the END_GROUP tag for groups).
  uint32_t span_end() const { return value_offset() + value_length + end_tag_length; }
};
static_assert(sizeof(Node) == 32, "Node is 32 bytes");

// The number a varint, fixed32 or fixed64 node (or packed element) holds, read from the input.
uint64_t RawValue(const Node& node, const uint8_t* data);

struct NodeList {
  std::vector<Node> nodes;
  Status first_error;                // ok when the whole input decoded
  int32_t root_message = -1;         // schema message of the payload, -1 in raw mode
  Framing framing = Framing::kBare;  // kBare: the nodes at depth 0 are fields; else kFrame nodes
  // google.protobuf.Any `value` nodes decoded as the message their type_url names: node -> message
  // index (the Node has no room for it; Any values are few).
  std::unordered_map<uint32_t, int32_t> any_types;
  uint32_t input_size = 0;

  // Index of the next sibling (or of the parent's end) after node i.
  uint32_t NextSibling(uint32_t i) const { return nodes[i].end; }
  // The deepest node whose bytes contain `offset`, or kNoNode.
  uint32_t NodeAt(uint32_t offset) const;
};

}  // namespace wirelens::inspect

#endif  // WIRELENS_CORE_INSPECT_NODE_H_
