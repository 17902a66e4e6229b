// Search of a decoded payload by field name, number, path or value, in slices like the decode.
#ifndef WIRELENS_CORE_INSPECT_SEARCH_H_
#define WIRELENS_CORE_INSPECT_SEARCH_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/inspect/node.h"
#include "core/schema/schema.h"

namespace wirelens::inspect {

// A parsed query. Text form (see ParseSearchQuery):
//   name, 12, outer.inner.name, layers.*.id, *_id   fields by path: segments are names (glob with
//                                    `*`) or field numbers, matched against the end of the path
//   ="text"                          string or bytes values containing text
//   =0x0896, =hex:08 96              values whose bytes contain these bytes
//   =150, =-2.5                      numbers equal to it (by declared type; raw: any of the views:
//                                    unsigned, signed, zigzag, float / double)
//   =NAME                            enum values named NAME, bools true / false
//   path=value                       both: `id=7`, `label="a"` (packed elements as their field)
//   "text", 0x0896                   short for ="text", =0x0896
struct SearchQuery {
  std::vector<std::string> path;  // segments, outermost first; empty: any field
  enum class ValueKind : uint8_t { kNone, kText, kBytes, kNumber, kName } value_kind = ValueKind::kNone;
  std::string needle;  // kText, kBytes: bytes to find; kName: the name; kNumber: the number as typed
  // kNumber: the number (integral ones also exactly, with their sign).
  double number = 0;
  bool integral = false, negative = false;
  uint64_t magnitude = 0;
};

// Parses `text` into *query; false with a message in *error ("unterminated string", ...).
bool ParseSearchQuery(const std::string& text, SearchQuery* query, std::string* error);

// A search over a NodeList, a few nodes per Step(), so a UI stays responsive on 26M nodes:
//   Search search(list, data, schema, query);
//   while (!search.Step(1 << 16)) DrawAFrame(search.progress());
// `list`, `data` and `schema` (null: raw) must outlive it and not change meanwhile.
class Search {
 public:
  Search(const NodeList& list, const uint8_t* data, const schema::Schema* schema, SearchQuery query,
         size_t max_results = 1000000);

  // Tests up to `max_nodes` more nodes; returns true when every node has been tested.
  bool Step(size_t max_nodes);
  bool done() const { return next_ >= list_.nodes.size(); }
  double progress() const;
  // Matching nodes in pre-order, at most max_results; match_count() counts all of them.
  const std::vector<uint32_t>& results() const { return results_; }
  size_t match_count() const { return match_count_; }

 private:
  struct Open {  // an ancestor of the next node
    uint32_t node;
    int owner;    // the message declaring its field, or -1
    int message;  // the message its value is, or -1
  };
  struct Segment {
    enum class Kind : uint8_t { kNumber, kAny, kName, kGlob } kind = Kind::kAny;
    std::string name;  // kName: the name; kGlob: the pattern
    uint32_t number = 0;
  };
  bool Matches(uint32_t i, int owner) const;
  bool PathMatches(uint32_t i, int owner) const;
  bool SegmentMatches(const Segment& segment, uint32_t i, int owner) const;
  bool ValueMatches(uint32_t i, const schema::Field* field) const;
  bool NumberMatches(uint64_t raw, const Node& node, const schema::Field* field) const;
  const schema::Field* FieldIn(int owner, const Node& node) const;

  const NodeList& list_;
  const uint8_t* data_;
  const schema::Schema* schema_;
  SearchQuery query_;
  std::vector<Segment> segments_;
  size_t max_results_;
  uint32_t next_ = 0;
  std::vector<Open> open_;
  std::vector<uint32_t> results_;
  size_t match_count_ = 0;
};

// Every match at once (the CLI's `wirelens search`, tests).
std::vector<uint32_t> SearchAll(const NodeList& list, const uint8_t* data, const schema::Schema* schema,
                                const SearchQuery& query, size_t max_results = SIZE_MAX);

}  // namespace wirelens::inspect

#endif  // WIRELENS_CORE_INSPECT_SEARCH_H_
