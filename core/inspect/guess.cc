#include "core/inspect/guess.h"

#include <algorithm>

#include "core/wire/reader.h"

namespace wirelens::inspect {
namespace {

// How far a walk looks: sub-messages to `max_depth` (deeper ones are skipped as bytes), and at
// most `field_budget` fields (then the evidence is enough: the walk counts as parsing).
struct WalkLimits {
  int max_depth;
  uint32_t field_budget;
};

// RankRootTypes compares every type, so it looks at a sample; ParsesAsType looks at everything.
constexpr WalkLimits kRankLimits = {8, 200000};
constexpr WalkLimits kWholeLimits = {kDefaultDepthLimit, UINT32_MAX};

// Walks the fields of `reader` as `message`, counting into `c`; false when the wire is malformed.
bool Walk(Reader& reader, const schema::Schema& schema, int message, int depth, const WalkLimits& limits,
          TypeCandidate& c) {
  const schema::Message* m = message >= 0 ? &schema.messages[message] : nullptr;
  while (reader.NextField()) {
    if (++c.fields > limits.field_budget) return true;  // enough evidence
    const schema::Field* f = m != nullptr ? m->FindField(reader.field_number()) : nullptr;
    if (f != nullptr) {
      ++c.known;
      const uint32_t type = static_cast<uint32_t>(reader.wire_type());
      if (schema::AcceptsWireType(*f, reader.wire_type())) ++c.matching;
      if (type == 2 && f->type == schema::FieldType::kMessage && depth < limits.max_depth) {
        Reader child(nullptr, 0);
        if (!reader.EnterMessage(&child)) return false;
        if (!Walk(child, schema, f->message, depth + 1, limits, c)) return false;
        continue;
      }
    }
    if (!reader.SkipField()) return false;
  }
  return reader.status().ok();
}

}  // namespace

std::vector<TypeCandidate> RankRootTypes(const uint8_t* data, size_t size, const schema::Schema& schema, size_t count) {
  std::vector<TypeCandidate> candidates;
  for (int i = 0; i < static_cast<int>(schema.messages.size()); ++i) {
    if (schema.messages[i].map_entry) continue;
    TypeCandidate c;
    c.message = i;
    Reader reader(data, size);
    c.parses = Walk(reader, schema, i, 0, kRankLimits, c);
    const double share = c.fields == 0 ? 0.0 : static_cast<double>(c.matching) / c.fields;
    c.score = 50.0 * (c.parses ? 1 : 0) + 50.0 * share;
    candidates.push_back(c);
  }
  std::stable_sort(candidates.begin(), candidates.end(), [](const TypeCandidate& a, const TypeCandidate& b) {
    if (a.score != b.score) return a.score > b.score;
    return a.matching > b.matching;  // more of the payload explained
  });
  if (candidates.size() > count) candidates.resize(count);
  return candidates;
}

bool ParsesAsType(const uint8_t* data, size_t size, const schema::Schema& schema, int message) {
  TypeCandidate counts;
  Reader reader(data, size);
  return Walk(reader, schema, message, 0, kWholeLimits, counts);
}

}  // namespace wirelens::inspect
