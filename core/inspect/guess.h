// Root type guess: ranks the schema's message types by how well they explain a payload.
#ifndef WIRELENS_CORE_INSPECT_GUESS_H_
#define WIRELENS_CORE_INSPECT_GUESS_H_

#include <cstdint>
#include <vector>

#include "core/schema/schema.h"

namespace wirelens::inspect {

struct TypeCandidate {
  int message = -1;                              // index into schema.messages
  double score = 0;                              // 0..100
  bool parses = false;                           // the whole payload parses (as this type's wire structure)
  uint32_t fields = 0, known = 0, matching = 0;  // fields seen, with a known number, with the right wire type
};

// The best `count` message types (map entries left out), best first. Score: half for parsing to
// the end, half for the share of fields (recursively, depth <= 8) whose number the type knows with
// a matching wire type. Looks at most at about 200,000 fields per type.
std::vector<TypeCandidate> RankRootTypes(const uint8_t* data, size_t size, const schema::Schema& schema,
                                         size_t count = 5);

// Whether [data, data + size) parses to its end as `message` (an index into schema.messages): its
// wire structure, with every known sub-message field parsed as its own type, at any depth up to
// kDefaultDepthLimit. A field whose wire type its declared type cannot have does not count against
// it (decoders keep such a field as an unknown one).
bool ParsesAsType(const uint8_t* data, size_t size, const schema::Schema& schema, int message);

}  // namespace wirelens::inspect

#endif  // WIRELENS_CORE_INSPECT_GUESS_H_
