// A .proto inferred from raw payloads: for users who have bytes but no schema. Message shapes by
// field number, merged over every occurrence in every payload, with guessed types.
#ifndef WIRELENS_CORE_INSPECT_INFER_H_
#define WIRELENS_CORE_INSPECT_INFER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace wirelens::inspect {

struct InferInput {
  const uint8_t* data = nullptr;
  size_t size = 0;
};

struct InferOptions {
  std::string package = "inferred";
  std::string root_name = "Root";  // the payloads' message; nested ones are named Field<N>
};

// A proto2 file (proto2: it keeps groups and presence as seen) declaring the root message and its
// nested messages. Per field, in number order: the label (repeated when a message held it more
// than once, or it came both packed and unpacked), the type, and a comment with what was seen.
// Types: a length-delimited value is a nested message when every non-empty occurrence decoded as
// one, else string when every one is text, else bytes; a varint is bool (0/1 only), int32, uint32,
// int64 (negative values) or uint64 by its range; fixed32 / fixed64 are float / double when every
// value is a plausible one, else fixed32 / fixed64. The bytes up to the first error of a payload
// are used; zigzag (sint) encodings cannot be told apart from large varints and are not guessed.
// The result loads with the schema loader and decodes every input without a wire-type mismatch.
std::string InferProto(const std::vector<InferInput>& payloads, const InferOptions& options = {});

}  // namespace wirelens::inspect

#endif  // WIRELENS_CORE_INSPECT_INFER_H_
