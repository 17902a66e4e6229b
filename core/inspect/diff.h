// Diff of two decoded payloads: fields added, removed and changed, by path, with the nodes on
// each side (for highlighting both hex views).
#ifndef WIRELENS_CORE_INSPECT_DIFF_H_
#define WIRELENS_CORE_INSPECT_DIFF_H_

#include <cstdint>
#include <string>
#include <vector>

#include "core/inspect/node.h"
#include "core/schema/schema.h"

namespace wirelens::inspect {

struct DecodedPayload {
  const NodeList* list = nullptr;
  const uint8_t* data = nullptr;
};

enum class DiffKind : uint8_t { kRemoved, kAdded, kChanged };

struct DiffEntry {
  DiffKind kind = DiffKind::kChanged;
  std::string path;           // "inner.items[1].name", "frame 2.x", "3.1" (raw: field numbers)
  std::string before, after;  // value texts (empty on the side that lacks it)
  uint32_t before_node = kNoNode, after_node = kNoNode;
};

// Paths name fields by their schema name (else number); occurrences get "[i]" (i from 0) when
// the field is declared repeated or occurs more than once in that message, packed elements always. A sub-message
// present on one side only is one entry (its fields are not listed); one on both sides is compared field by field.
// Values compare as ValueText shows them (numbers by declared type, strings, bytes); errors and
// undecoded ranges compare as values too. Per message, entries come in `before`'s order, then what
// `after` adds, in its order. Memory follows the widest message, not the payload. `schema` may be
// null (raw); both lists must use the same schema.
std::vector<DiffEntry> DiffPayloads(const DecodedPayload& before, const DecodedPayload& after,
                                    const schema::Schema* schema);

// "- path: value", "+ path: value", "~ path: before -> after", one per line.
std::string DiffText(const std::vector<DiffEntry>& entries);

}  // namespace wirelens::inspect

#endif  // WIRELENS_CORE_INSPECT_DIFF_H_
