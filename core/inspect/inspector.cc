#include "core/inspect/inspector.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <memory>
#include <string_view>

#include "core/wire/packed.h"
#include "core/wire/reader.h"
#include "core/wire/utf8.h"
#include "core/wire/varint.h"

namespace wirelens::inspect {
namespace {

using schema::Field;
using schema::FieldType;

uint32_t Bit(Interpretation i) { return 1u << static_cast<int>(i); }

Interpretation PackedInterpretationOf(FieldType type) {
  switch (schema::WireTypeOf(type)) {
    case WireType::kFixed64: return Interpretation::kPackedFixed64;
    case WireType::kFixed32: return Interpretation::kPackedFixed32;
    default: return Interpretation::kPackedVarint;
  }
}

bool PackedVarintsFit(const uint8_t* p, const uint8_t* end) {
  if (p == end) return false;
  while (p < end) {
    uint64_t v;
    p = ReadVarint(p, end, &v);
    if (p == nullptr) return false;
  }
  return true;
}

class Decoder {
 public:
  Decoder(const uint8_t* data, size_t size, const schema::Schema* schema, const InspectOptions& options)
      : data_(data), size_(size), schema_(schema), options_(options) {}

  void Begin(int root_message) {
    root_message_ = root_message;
    cursor_ = data_;
    // Typical payloads take 4 to 5 bytes a node: reserving that up front avoids copying the list
    // as it grows (untouched reserved pages cost no memory).
    nodes_.reserve(std::min(options_.max_nodes, size_ / 4 + 16));
  }

  // Decodes fields until `budget` more bytes are consumed; true when done. A sub-message larger
  // than options_.slice_bytes met by this loop is not decoded in one go: it is opened (an OpenMessage) and
  // its fields are decoded by the following iterations and steps, so that no single field, however
  // large, makes one step long (the app decodes in steps between frames).
  bool Step(size_t budget) {
    const uint8_t* data_end = data_ + size_;
    const uint8_t* stop = static_cast<size_t>(data_end - cursor_) > budget ? cursor_ + budget : data_end;
    for (;;) {
      while (!open_.empty() && cursor_ >= open_.back().end) CloseMessage(/*failed=*/false);
      if (open_.empty() && cursor_ >= data_end) return true;
      if (cursor_ >= stop) return false;
      if (open_.empty() && options_.framing != Framing::kBare) {
        if (!OpenFrame(data_end)) cursor_ = data_end;  // a bad header: the rest is undecoded
        continue;
      }
      const size_t opened = open_.size();
      const OpenMessage* in = opened ? &open_.back() : nullptr;
      slice_depth_ = in ? in->depth + 1 : 0;
      const Next next = DecodeField(&cursor_, in ? in->end : data_end, in ? in->node : kNoNode, slice_depth_,
                                    in ? in->message : root_message_, 0);
      slice_depth_ = -1;
      if (next != Next::kContinue) {
        if (opened) CloseMessage(/*failed=*/true);
        else cursor_ = data_end;  // stopped at an error: the rest is undecoded
      } else if (open_.size() > opened) {
        cursor_ = open_.back().value;  // a large sub-message was opened: decode its fields next
      }
    }
  }

  bool Done() const { return open_.empty() && cursor_ >= data_ + size_; }

  double Progress() const {
    return size_ == 0 ? 1.0 : static_cast<double>(cursor_ - data_) / static_cast<double>(size_);
  }

  NodeList Finish() {
    NodeList list;
    list.root_message = root_message_;
    list.framing = options_.framing;
    list.any_types = std::move(any_types_);
    list.input_size = static_cast<uint32_t>(size_);
    list.nodes = std::move(nodes_);
    list.first_error = first_error_;
    return list;
  }

 private:
  uint32_t Offset(const uint8_t* p) const { return static_cast<uint32_t>(p - data_); }

  uint32_t AddNode(uint32_t parent, int depth, NodeKind kind, const uint8_t* at) {
    Node node;
    node.parent = parent;
    node.depth = static_cast<uint8_t>(depth);
    node.kind = kind;
    node.tag_offset = Offset(at);
    nodes_.push_back(node);
    return static_cast<uint32_t>(nodes_.size() - 1);
  }

  void RecordError(ErrorKind kind, const uint8_t* at) {
    if (first_error_.ok()) first_error_ = Status::Error(kind, Offset(at));
  }

  // Adds the bytes [at, end) as one kUndecoded node, if there are any.
  void AddUndecoded(uint32_t parent, int depth, const uint8_t* at, const uint8_t* end) {
    if (at >= end) return;
    const uint32_t i = AddNode(parent, depth, NodeKind::kUndecoded, at);
    nodes_[i].value_length = static_cast<uint32_t>(end - at);
    nodes_[i].interpretation = Interpretation::kBytes;
    nodes_[i].end = i + 1;
  }

  // A new kError node at `at`, then the rest of the range as undecoded.
  void Fail(uint32_t parent, int depth, ErrorKind kind, const uint8_t* at, const uint8_t* end) {
    const uint32_t i = AddNode(parent, depth, NodeKind::kError, at);
    nodes_[i].error = kind;
    nodes_[i].end = i + 1;
    RecordError(kind, at);
    AddUndecoded(parent, depth, at, end);
  }

  // Field node `i` could not be read: it becomes the error node (keeping its tag), error at `at`.
  void FailField(uint32_t i, ErrorKind kind, const uint8_t* at, const uint8_t* end) {
    Node& node = nodes_[i];
    node.kind = NodeKind::kError;
    node.error = kind;
    // value_offset() is the error's offset: after the tag, or at the tag itself (then unmarked).
    const uint32_t tag_end = node.tag_offset + node.tag_length;
    if (Offset(at) >= tag_end) {
      node.length_prefix_length = static_cast<uint8_t>(Offset(at) - tag_end);
    } else {
      node.tag_offset = Offset(at);
      node.tag_length = 0;
      node.length_prefix_length = 0;
    }
    node.value_length = 0;
    nodes_.resize(i + 1);
    node.end = i + 1;
    RecordError(kind, at);
    AddUndecoded(node.parent, node.depth, at, end);
  }

  // Adds the frame at cursor_ as a kFrame node and opens a message body for Step() (or moves past
  // a text or bytes body). False when the header cannot be read: an error node, the rest undecoded.
  bool OpenFrame(const uint8_t* data_end) {
    if (nodes_.size() >= options_.max_nodes) {
      Fail(kNoNode, 0, ErrorKind::kLimitExceeded, cursor_, data_end);
      return false;
    }
    FrameHeader header;
    const ErrorKind bad_header = ReadFrameHeader(options_.framing, cursor_, data_end, &header);
    if (bad_header != ErrorKind::kOk) {
      Fail(kNoNode, 0, bad_header, cursor_, data_end);
      return false;
    }
    const uint8_t* body = cursor_ + header.header_size;
    const size_t available = static_cast<size_t>(data_end - body);
    const uint32_t i = AddNode(kNoNode, 0, NodeKind::kFrame, cursor_);
    Node& frame = nodes_[i];
    frame.field_number = ++frames_;
    frame.wire_type = WireType::kLengthDelimited;
    frame.tag_length = static_cast<uint8_t>(header.header_size);
    frame.value_length = static_cast<uint32_t>(std::min<uint64_t>(header.body_size, available));
    if (header.body_size > available) {
      frame.error = ErrorKind::kTruncated;  // the body decodes as far as it goes
      RecordError(ErrorKind::kTruncated, data_end);
    }
    const uint8_t* end = body + frame.value_length;
    if (header.flags == 0) {
      frame.interpretation = Interpretation::kMessage;
      open_.push_back({i, 0, root_message_, body, end, /*speculative=*/false, nodes_.size(), first_error_});
      cursor_ = body;
      return true;
    }
    const bool text =
        (header.flags & (kGrpcTrailerFlag | kConnectEndStreamFlag)) != 0 && LooksLikeText(body, frame.value_length);
    frame.interpretation = text ? Interpretation::kString : Interpretation::kBytes;
    frame.end = i + 1;
    cursor_ = end;
    return true;
  }

  const schema::Message* MessageAt(int index) const {
    return schema_ != nullptr && index >= 0 ? &schema_->messages[index] : nullptr;
  }

  enum class Next { kContinue, kStop, kGroupEnd };

  // Decodes fields in [p, end) as children of `parent`. Returns the position after them (after the
  // END_GROUP when group_number != 0), or nullptr when it stopped at an error, whose nodes are added.
  const uint8_t* DecodeFields(const uint8_t* p, const uint8_t* end, uint32_t parent, int depth, int message_index,
                              uint32_t group_number) {
    while (p < end) {
      switch (DecodeField(&p, end, parent, depth, message_index, group_number)) {
        case Next::kStop: return nullptr;
        case Next::kGroupEnd: return p;
        case Next::kContinue: break;
      }
    }
    if (group_number != 0) {
      Fail(parent, depth, ErrorKind::kTruncated, end, end);  // the group never closed
      return nullptr;
    }
    return p;
  }

  // Decodes the one field at *p (and its subtree), advancing *p past it.
  Next DecodeField(const uint8_t** cursor, const uint8_t* end, uint32_t parent, int depth, int message_index,
                   uint32_t group_number) {
    const uint8_t* p = *cursor;
    const schema::Message* message = MessageAt(message_index);
    if (nodes_.size() >= options_.max_nodes) {
      Fail(parent, depth, ErrorKind::kLimitExceeded, p, end);
      return Next::kStop;
    }
    uint64_t tag;
    const uint8_t* q = ReadVarint(p, end, &tag);
    if (q == nullptr) {
      Fail(parent, depth, ReadVarintErrorKind(p, end), p, end);
      return Next::kStop;
    }
    const uint32_t type = static_cast<uint32_t>(tag & 7);
    const uint64_t number = tag >> 3;
    if (!IsValidWireType(type)) {
      Fail(parent, depth, ErrorKind::kBadWireType, p, end);
      return Next::kStop;
    }
    if (number == 0 || number > kMaxFieldNumber) {
      Fail(parent, depth, ErrorKind::kBadFieldNumber, p, end);
      return Next::kStop;
    }
    if (type == static_cast<uint32_t>(WireType::kEndGroup)) {
      if (number == group_number) {
        group_end_tag_ = p;
        *cursor = q;
        return Next::kGroupEnd;
      }
      Fail(parent, depth, ErrorKind::kUnmatchedGroupEnd, p, end);
      return Next::kStop;
    }
    const uint32_t i = AddNode(parent, depth, NodeKind::kField, p);
    nodes_[i].field_number = static_cast<uint32_t>(number);
    nodes_[i].wire_type = static_cast<WireType>(type);
    nodes_[i].tag_length = static_cast<uint8_t>(q - p);
    const Field* field = message != nullptr ? message->FindField(static_cast<uint32_t>(number)) : nullptr;
    if (field != nullptr) {
      if (!schema::AcceptsWireType(*field, static_cast<WireType>(type))) {
        nodes_[i].error = ErrorKind::kWireTypeMismatch;  // shown on the node; decoded as unknown
        RecordError(ErrorKind::kWireTypeMismatch, p);
        field = nullptr;
      } else {
        nodes_[i].field = message->field_by_number.at(static_cast<uint32_t>(number));
      }
    }
    p = q;
    switch (static_cast<WireType>(type)) {
      case WireType::kVarint: {
        uint64_t v;
        q = ReadVarint(p, end, &v);
        if (q == nullptr) {
          FailField(i, ReadVarintErrorKind(p, end), p, end);
          return Next::kStop;
        }
        nodes_[i].value_length = static_cast<uint32_t>(q - p);
        p = q;
        break;
      }
      case WireType::kFixed32:
      case WireType::kFixed64: {
        const int width = type == 5 ? 4 : 8;
        if (end - p < width) {
          FailField(i, ErrorKind::kTruncated, p, end);
          return Next::kStop;
        }
        nodes_[i].value_length = static_cast<uint32_t>(width);
        p += width;
        break;
      }
      case WireType::kLengthDelimited: {
        uint64_t length;
        q = ReadVarint(p, end, &length);
        if (q == nullptr) {
          FailField(i, ReadVarintErrorKind(p, end), p, end);
          return Next::kStop;
        }
        if (length > static_cast<uint64_t>(end - q)) {
          FailField(i, ErrorKind::kLengthPastEnd, p, end);
          return Next::kStop;
        }
        nodes_[i].length_prefix_length = static_cast<uint8_t>(q - p);
        nodes_[i].value_length = static_cast<uint32_t>(length);
        DecodeLengthDelimited(i, field, message, depth);
        p = q + length;
        break;
      }
      case WireType::kStartGroup: {
        if (depth + 1 > options_.depth_limit) {
          FailField(i, ErrorKind::kDepthExceeded, data_ + nodes_[i].tag_offset, end);
          return Next::kStop;
        }
        nodes_[i].interpretation = Interpretation::kGroup;
        const int group_message = field != nullptr ? field->message : -1;
        const uint8_t* after = DecodeFields(p, end, i, depth + 1, group_message, static_cast<uint32_t>(number));
        if (after == nullptr) {
          nodes_[i].value_length = static_cast<uint32_t>(end - p);
          nodes_[i].end = static_cast<uint32_t>(nodes_.size());
          return Next::kStop;
        }
        nodes_[i].value_length = static_cast<uint32_t>(group_end_tag_ - p);
        nodes_[i].end_tag_length = static_cast<uint8_t>(after - group_end_tag_);
        p = after;
        break;
      }
      case WireType::kEndGroup: break;  // handled above
    }
    nodes_[i].end = static_cast<uint32_t>(nodes_.size());
    *cursor = p;
    return Next::kContinue;
  }

  // Chooses the interpretation of length-delimited node i and adds its children.
  void DecodeLengthDelimited(uint32_t i, const Field* field, const schema::Message* message, int depth) {
    const uint8_t* value = data_ + nodes_[i].value_offset();
    const uint8_t* end = value + nodes_[i].value_length;
    auto chosen = options_.overrides.find(nodes_[i].value_offset());
    if (chosen != options_.overrides.end() &&
        (FittingInterpretations(value, end - value, options_.depth_limit - depth) & Bit(chosen->second)) != 0) {
      const int child_message = chosen->second == Interpretation::kMessage && field != nullptr ? field->message : -1;
      Build(i, chosen->second, depth, /*speculative=*/false, child_message);
      return;
    }
    if (field != nullptr) {
      const int packed_type = field->number == 2 && message->full_name == "google.protobuf.Any"
                                  ? AnyValueType(nodes_[i].parent, static_cast<uint32_t>(i))
                                  : -1;
      if (packed_type >= 0 && Build(i, Interpretation::kMessage, depth, /*speculative=*/true, packed_type)) {
        any_types_[i] = packed_type;
        return;
      }
      switch (field->type) {
        case FieldType::kMessage: Build(i, Interpretation::kMessage, depth, false, field->message); return;
        case FieldType::kString:
          nodes_[i].interpretation = Interpretation::kString;
          if (!(options_.utf8_checked && field->validate_utf8) && !IsValidUtf8(value, end - value)) {
            nodes_[i].interpretation = Interpretation::kBytes;
            if (field->validate_utf8) {                   // proto2 strings may hold any bytes, as in libprotobuf
              nodes_[i].error = ErrorKind::kInvalidUtf8;  // shown on the node; the bytes are kept
              RecordError(ErrorKind::kInvalidUtf8, value);
            }
          }
          return;
        case FieldType::kBytes: nodes_[i].interpretation = Interpretation::kBytes; return;
        default: {
          const Interpretation packed = PackedInterpretationOf(field->type);
          if (!options_.packed_elements && IsWholePackedRun(value, end, PackedWidth(schema::WireTypeOf(field->type)))) {
            nodes_[i].interpretation = packed;  // elements left to the printer
            return;
          }
          Build(i, packed, depth, false, -1);
          return;
        }
      }
    }
    // Raw: text, then a sub-message that parses to its exact end, then bytes.
    if (value == end || LooksLikeText(value, end - value)) {
      nodes_[i].interpretation = Interpretation::kString;
      return;
    }
    if (depth + 1 <= options_.depth_limit && Build(i, Interpretation::kMessage, depth, /*speculative=*/true, -1))
      return;
    nodes_[i].interpretation = Interpretation::kBytes;
  }

  // The message an Any's value holds: the one its type_url (a sibling before `value_node`, the
  // last one wins) names in the schema, or -1.
  int AnyValueType(uint32_t any_node, uint32_t value_node) const {
    const uint32_t first = any_node == kNoNode ? 0 : any_node + 1;
    int type = -1;
    for (uint32_t c = first; c < value_node; c = nodes_[c].end) {
      const Node& url = nodes_[c];
      if (url.kind != NodeKind::kField || url.field_number != 1 || url.wire_type != WireType::kLengthDelimited)
        continue;
      type = schema_->FindMessageByTypeUrl(
          std::string_view(reinterpret_cast<const char*>(data_ + url.value_offset()), url.value_length));
    }
    return type;
  }

  // Adds the children of node i for `interpretation`. Speculative: on any error the children are
  // dropped and false returned (the caller picks another interpretation).

  bool Build(uint32_t i, Interpretation interpretation, int depth, bool speculative, int child_message) {
    const uint8_t* value = data_ + nodes_[i].value_offset();
    const uint8_t* end = value + nodes_[i].value_length;
    nodes_[i].interpretation = interpretation;
    switch (interpretation) {
      case Interpretation::kMessage: {
        if (depth + 1 > options_.depth_limit) {
          nodes_[i].interpretation = Interpretation::kBytes;
          nodes_[i].error = ErrorKind::kDepthExceeded;
          RecordError(ErrorKind::kDepthExceeded, data_ + nodes_[i].tag_offset);
          return false;
        }
        const size_t saved_size = nodes_.size();
        const Status saved_error = first_error_;
        if (depth == slice_depth_ && static_cast<size_t>(end - value) > options_.slice_bytes) {
          open_.push_back({i, depth, child_message, value, end, speculative, saved_size, saved_error});
          return true;  // Step() decodes its fields
        }
        const uint8_t* after = DecodeFields(value, end, i, depth + 1, child_message, 0);
        if (after == nullptr && speculative) {
          AbandonGuess(i, saved_size, saved_error);
          return false;
        }
        return after != nullptr;
      }
      case Interpretation::kPackedVarint:
      case Interpretation::kPackedFixed32:
      case Interpretation::kPackedFixed64: {
        const int width = interpretation == Interpretation::kPackedFixed32   ? 4
                          : interpretation == Interpretation::kPackedFixed64 ? 8
                                                                             : 0;
        const uint8_t* p = value;
        while (p < end) {
          if (nodes_.size() >= options_.max_nodes) {
            Fail(i, depth + 1, ErrorKind::kLimitExceeded, p, end);
            return false;
          }
          uint64_t v = 0;
          const uint8_t* q;
          ErrorKind error = ErrorKind::kTruncated;
          if (width == 0) {
            q = ReadVarint(p, end, &v);
            if (q == nullptr) error = ReadVarintErrorKind(p, end);
          } else {
            q = end - p >= width ? p + width : nullptr;
            if (q != nullptr) v = width == 4 ? LoadFixed32(p) : LoadFixed64(p);
          }
          if (q == nullptr) {
            Fail(i, depth + 1, error, p, end);
            return false;
          }
          const uint32_t e = AddNode(i, depth + 1, NodeKind::kPackedElement, p);
          nodes_[e].field_number = nodes_[i].field_number;
          nodes_[e].field = nodes_[i].field;
          nodes_[e].wire_type = width == 0 ? WireType::kVarint : width == 4 ? WireType::kFixed32 : WireType::kFixed64;
          nodes_[e].value_length = static_cast<uint32_t>(q - p);
          nodes_[e].end = e + 1;
          p = q;
        }
        return true;
      }
      default: return true;  // strings and bytes have no children
    }
  }

  const uint8_t* data_;
  size_t size_;
  const schema::Schema* schema_;
  InspectOptions options_;
  std::vector<Node> nodes_;
  Status first_error_;
  const uint8_t* group_end_tag_ = nullptr;  // start of the END_GROUP tag DecodeFields stopped at
  const uint8_t* cursor_ = nullptr;         // next field to decode (incremental decoding)
  int root_message_ = -1;
  uint32_t frames_ = 0;                              // kFrame nodes added
  std::unordered_map<uint32_t, int32_t> any_types_;  // NodeList::any_types

  // Large sub-messages being decoded across Step() calls, innermost last.
  struct OpenMessage {
    uint32_t node;
    int depth;    // of the node
    int message;  // schema message of its fields, or -1
    const uint8_t* value;
    const uint8_t* end;
    bool speculative;  // raw guess: on an error the node becomes bytes, its children dropped
    size_t saved_size;
    Status saved_error;
  };
  std::vector<OpenMessage> open_;
  int slice_depth_ = -1;  // depth of the field Step() is decoding: its sub-message may be opened

  // A raw field guessed to be a message was not one: its children and their error are dropped
  // (nodes back to `saved_size`, the first error back to `saved_error`) and it shows as bytes.
  void AbandonGuess(uint32_t node, size_t saved_size, const Status& saved_error) {
    nodes_.resize(saved_size);
    for (auto it = any_types_.begin(); it != any_types_.end();) {
      it = it->first >= saved_size || it->first == node ? any_types_.erase(it) : std::next(it);
    }
    first_error_ = saved_error;
    nodes_[node].interpretation = Interpretation::kBytes;
  }

  // Ends the innermost open message: complete, or stopped at an error (whose nodes are in place,
  // unless the message was a speculative guess: then it is abandoned, as in Build()).
  void CloseMessage(bool failed) {
    const OpenMessage m = open_.back();
    open_.pop_back();
    if (failed && m.speculative) AbandonGuess(m.node, m.saved_size, m.saved_error);
    nodes_[m.node].end = static_cast<uint32_t>(nodes_.size());
    cursor_ = m.end;
  }
};

}  // namespace

const char* InterpretationName(Interpretation interpretation) {
  switch (interpretation) {
    case Interpretation::kNumber: return "number";
    case Interpretation::kMessage: return "message";
    case Interpretation::kGroup: return "group";
    case Interpretation::kString: return "string";
    case Interpretation::kBytes: return "bytes";
    case Interpretation::kPackedVarint: return "packed_varint";
    case Interpretation::kPackedFixed32: return "packed_fixed32";
    case Interpretation::kPackedFixed64: return "packed_fixed64";
  }
  return "unknown";
}

uint64_t RawValue(const Node& node, const uint8_t* data) {
  const uint8_t* value = data + node.value_offset();
  switch (node.wire_type) {
    case WireType::kVarint: {
      uint64_t v = 0;
      ReadVarint(value, value + node.value_length, &v);
      return v;
    }
    case WireType::kFixed32: return node.value_length == 4 ? LoadFixed32(value) : 0;
    case WireType::kFixed64: return node.value_length == 8 ? LoadFixed64(value) : 0;
    default: return 0;
  }
}

namespace {

// A node's bytes as NodeAt sees them: at least one byte, so that an error without bytes can be found.
bool Contains(const Node& node, uint32_t offset) {
  return offset >= node.tag_offset && offset < std::max(node.span_end(), node.tag_offset + 1);
}

// NodeAt by its definition: down from the top level, the first sibling containing `offset` at each level.
uint32_t WalkDownTo(const std::vector<Node>& nodes, uint32_t offset) {
  uint32_t found = kNoNode;
  uint32_t i = 0, end = static_cast<uint32_t>(nodes.size());
  while (i < end) {
    if (Contains(nodes[i], offset)) {
      found = i;
      end = nodes[i].end;
      ++i;
    } else {
      i = nodes[i].end;
    }
  }
  return found;
}

}  // namespace

// Nodes tile their parent's bytes in order (tests/inspect/tiling.h), so tag offsets never decrease
// in pre-order: the deepest node containing `offset` is the last node starting at or before it,
// or one of its ancestors. O(log n + depth), so the hex view can ask every frame.
uint32_t NodeList::NodeAt(uint32_t offset) const {
  const auto after = std::upper_bound(nodes.begin(), nodes.end(), offset,
                                      [](uint32_t at, const Node& node) { return at < node.tag_offset; });
  if (after == nodes.begin()) return kNoNode;
  uint32_t found = static_cast<uint32_t>(after - nodes.begin()) - 1;
  while (found != kNoNode && !Contains(nodes[found], offset)) found = nodes[found].parent;
  // An error without bytes and the range after it start at the same offset: the error comes first.
  while (found != kNoNode && found > 0 && nodes[found - 1].parent == nodes[found].parent &&
         nodes[found - 1].tag_offset == nodes[found].tag_offset && Contains(nodes[found - 1], offset)) {
    --found;
  }
  // The walk down only enters nodes that contain `offset`; an error without bytes at the very end of
  // its parent is found by the search but not by the walk: then walk (rare, and still correct).
  for (uint32_t a = found == kNoNode ? kNoNode : nodes[found].parent; a != kNoNode; a = nodes[a].parent) {
    if (!Contains(nodes[a], offset)) return WalkDownTo(nodes, offset);
  }
  return found;
}

bool ParsesAsMessage(const uint8_t* p, const uint8_t* end, int depth_limit) {
  Reader reader(p, static_cast<size_t>(end - p), depth_limit);
  while (reader.NextField()) {
    if (!reader.SkipField()) break;
  }
  return reader.done();
}

bool LooksLikeText(const uint8_t* p, size_t size) {
  for (size_t i = 0; i < size; ++i) {
    if (p[i] < 0x20 && p[i] != '\t' && p[i] != '\n' && p[i] != '\r') return false;
    if (p[i] == 0x7f) return false;
  }
  return IsValidUtf8(p, size);
}

uint32_t FittingInterpretations(const uint8_t* value, size_t size, int depth_limit) {
  uint32_t fits = Bit(Interpretation::kBytes);
  const uint8_t* end = value + size;
  if (IsValidUtf8(value, size)) fits |= Bit(Interpretation::kString);
  if (depth_limit > 0 && ParsesAsMessage(value, end, depth_limit - 1)) fits |= Bit(Interpretation::kMessage);
  if (PackedVarintsFit(value, end)) fits |= Bit(Interpretation::kPackedVarint);
  if (size > 0 && size % 4 == 0) fits |= Bit(Interpretation::kPackedFixed32);
  if (size > 0 && size % 8 == 0) fits |= Bit(Interpretation::kPackedFixed64);
  return fits;
}

NodeList Inspect(const uint8_t* data, size_t size, const schema::Schema* schema, int root_message,
                 const InspectOptions& options) {
  Inspection inspection(data, size, schema, root_message, options);
  while (!inspection.Step(SIZE_MAX)) {}
  return inspection.Finish();
}

struct Inspection::State {
  explicit State(const uint8_t* data, size_t size, const schema::Schema* schema, const InspectOptions& options)
      : decoder(data, size, schema, options) {}
  Decoder decoder;
};

Inspection::Inspection(const uint8_t* data, size_t size, const schema::Schema* schema, int root_message,
                       InspectOptions options) {
  if (schema == nullptr || root_message < 0 || root_message >= static_cast<int>(schema->messages.size())) {
    root_message = -1;
  }
  options.depth_limit = std::min(options.depth_limit, kMaxDepthLimit);
  too_large_ = size > kMaxInputSize;
  state_ = std::make_unique<State>(data, too_large_ ? 0 : size, schema, options);
  state_->decoder.Begin(root_message);
}

Inspection::~Inspection() = default;

bool Inspection::Step(size_t budget_bytes) { return too_large_ || state_->decoder.Step(budget_bytes); }

bool Inspection::done() const { return too_large_ || state_->decoder.Done(); }

double Inspection::progress() const { return too_large_ ? 1.0 : state_->decoder.Progress(); }

NodeList Inspection::Finish() {
  NodeList list = state_->decoder.Finish();
  if (too_large_) {
    Node error;
    error.kind = NodeKind::kError;
    error.error = ErrorKind::kLimitExceeded;
    error.end = 1;
    list.nodes.assign(1, error);
    list.first_error = Status::Error(ErrorKind::kLimitExceeded, 0);
  }
  return list;
}

Status FirstFatalError(const NodeList& list) {
  if (list.first_error.kind != ErrorKind::kWireTypeMismatch) return list.first_error;
  for (const Node& node : list.nodes) {
    if (node.kind == NodeKind::kError) return Status::Error(node.error, node.value_offset());
    if (node.error == ErrorKind::kOk || node.error == ErrorKind::kWireTypeMismatch) continue;
    const size_t at = node.kind == NodeKind::kFrame           ? list.input_size
                      : node.error == ErrorKind::kInvalidUtf8 ? node.value_offset()
                                                              : node.tag_offset;
    return Status::Error(node.error, at);
  }
  return Status::Ok();
}

}  // namespace wirelens::inspect
