// The decode engine: payload bytes (and optionally a schema and root type) -> NodeList.
// Never fails as a whole: an error becomes a kError node at its offset followed by a kUndecoded
// node for the rest of the enclosing length-delimited range; everything before stays decoded,
// and the parent of a length-delimited field goes on after it.
#ifndef WIRELENS_CORE_INSPECT_INSPECTOR_H_
#define WIRELENS_CORE_INSPECT_INSPECTOR_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <unordered_map>

#include "core/inspect/node.h"
#include "core/schema/schema.h"

namespace wirelens::inspect {

// Deepest nesting the inspector goes to (node depths are one byte).
inline constexpr int kMaxDepthLimit = 200;

struct InspectOptions {
  // How the payload divides into messages. Other than kBare, each frame is a kFrame node at depth 0:
  // gRPC bodies flagged as trailers (and Connect's end of stream) are text (kString), compressed ones
  // bytes, the rest messages of the root type. A frame longer than the bytes left decodes what is there, marked
  // kTruncated.
  Framing framing = Framing::kBare;
  int depth_limit = kDefaultDepthLimit;  // nesting of messages and groups (at most kMaxDepthLimit)
  size_t max_nodes = 32000000;           // 1 GB of nodes (32 bytes each); past it: kLimitExceeded
  // Per length-delimited field (keyed by its value_offset): the interpretation the user chose.
  // Ignored when it does not fit the bytes.
  std::unordered_map<uint32_t, Interpretation> overrides;
  // Sub-messages longer than this are decoded field by field across Inspection::Step() calls
  // instead of in one go (same nodes either way); SIZE_MAX turns it off.
  size_t slice_bytes = 64 * 1024;
  // False: a declared packed field's run that decodes whole gets no kPackedElement nodes (a printer
  // then reads its elements from its bytes; ValueText counts none); a run with an error keeps them.
  bool packed_elements = true;
  // True: the caller found the bytes of every declared string field that must be UTF-8 to be so
  // (IsPlainMessage does), and they are not checked again.
  bool utf8_checked = false;
};

// Largest input the inspector accepts (offsets are 32-bit).
inline constexpr size_t kMaxInputSize = size_t{1} << 31;

// Decodes [data, data + size). `schema` may be null (raw mode); `root_message` is an index into
// schema->messages or -1 (raw mode). Inputs above kMaxInputSize give a single kError node.
NodeList Inspect(const uint8_t* data, size_t size, const schema::Schema* schema, int root_message,
                 const InspectOptions& options = {});

// The first problem of `list` that is an error, where it starts (its tag; a cut-off frame: the
// input's end; bad UTF-8: the value). A field of a wire type its declared type cannot have is not
// one: protoc decodes it as an unknown field too.
Status FirstFatalError(const NodeList& list);

// The same decode in slices, so that a UI keeps drawing while a large payload decodes:
//   Inspection inspection(data, size, schema, root);
//   while (!inspection.Step(16 << 20)) DrawAFrame(inspection.progress());
//   NodeList list = inspection.Finish();
// Each Step() decodes whole top-level fields until `budget_bytes` of input are consumed (a single
// top-level field larger than the budget is decoded in one step). `data` must outlive it.
class Inspection {
 public:
  Inspection(const uint8_t* data, size_t size, const schema::Schema* schema, int root_message,
             InspectOptions options = {});
  ~Inspection();
  Inspection(const Inspection&) = delete;
  Inspection& operator=(const Inspection&) = delete;

  // Returns true when the whole input has been decoded.
  bool Step(size_t budget_bytes);
  // True once Step() has returned true: only Finish() is left.
  bool done() const;
  // Share of the input decoded so far, 0..1.
  double progress() const;
  // The NodeList; call once, after Step() returned true.
  NodeList Finish();

 private:
  struct State;
  std::unique_ptr<State> state_;
  bool too_large_ = false;
};

// Bit set (1 << Interpretation) of the interpretations that fit a length-delimited value:
// kBytes always; kString when valid UTF-8; kMessage when it parses to its exact end;
// kPacked* when the length fits whole elements.
uint32_t FittingInterpretations(const uint8_t* value, size_t size, int depth_limit = kDefaultDepthLimit);

// True when [p, end) is a complete message: every tag valid, every group closed, no stray END_GROUP,
// groups nested at most `depth_limit` deep (length-delimited contents are not looked into).
bool ParsesAsMessage(const uint8_t* p, const uint8_t* end, int depth_limit);

// True when the bytes are valid UTF-8 and look like text (no control characters but \t \n \r).
bool LooksLikeText(const uint8_t* p, size_t size);

}  // namespace wirelens::inspect

#endif  // WIRELENS_CORE_INSPECT_INSPECTOR_H_
