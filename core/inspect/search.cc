#include "core/inspect/search.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "core/text/literal.h"
#include "core/wire/varint.h"

namespace wirelens::inspect {
namespace {

using schema::FieldType;

std::string Trim(const std::string& s) {
  const size_t begin = s.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos) return "";
  return s.substr(begin, s.find_last_not_of(" \t\r\n") - begin + 1);
}

bool IsDigits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool IsNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// `"..."` with \" \\ \n \r \t escapes (other backslashes stay as they are).
bool ParseQuoted(const std::string& text, std::string* out, std::string* error) {
  size_t i = 1;
  for (; i < text.size() && text[i] != '"'; ++i) {
    if (text[i] != '\\' || i + 1 == text.size()) {
      out->push_back(text[i]);
      continue;
    }
    const char c = text[++i];
    if (c == 'n' || c == 'r' || c == 't') {
      out->push_back(c == 'n' ? '\n' : c == 'r' ? '\r' : '\t');
    } else {
      if (c != '"' && c != '\\') out->push_back('\\');
      out->push_back(c);
    }
  }
  if (i >= text.size()) return *error = "unterminated string: a closing \" is missing", false;
  if (i + 1 != text.size()) return *error = "unexpected text after the closing \": " + text.substr(i + 1), false;
  if (out->empty()) return *error = "empty string: \"\" matches every value", false;
  return true;
}

// "0x0896", "hex:08 96": whitespace between digits is allowed.
bool ParseValue(const std::string& text, SearchQuery* query, std::string* error) {
  using Kind = SearchQuery::ValueKind;
  if (text.empty()) return *error = "no value after '='", false;
  if (text[0] == '"') {
    query->value_kind = Kind::kText;
    return ParseQuoted(text, &query->needle, error);
  }
  if (text.compare(0, 2, "0x") == 0 || text.compare(0, 2, "0X") == 0 || text.compare(0, 4, "hex:") == 0) {
    query->value_kind = Kind::kBytes;
    return text::ParseHex(std::string_view(text).substr(text[0] == 'h' ? 4 : 2), &query->needle, error);
  }
  query->needle = text;
  if (std::all_of(text.begin(), text.end(), IsNameChar) && !(text[0] >= '0' && text[0] <= '9')) {
    query->value_kind = Kind::kName;
    return true;
  }
  char* end = nullptr;
  query->number = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || std::isnan(query->number)) {
    return *error = "cannot read the value '" + text + "': a number, \"text\", 0xHEX or an enum name", false;
  }
  query->value_kind = Kind::kNumber;
  const bool minus = text[0] == '-';
  const std::string digits = text.substr(minus || text[0] == '+' ? 1 : 0);
  if (IsDigits(digits)) {
    errno = 0;
    query->magnitude = std::strtoull(digits.c_str(), nullptr, 10);
    query->integral = errno != ERANGE;
    query->negative = minus && query->magnitude != 0;
  }
  return true;
}

bool GlobMatches(const char* glob, const char* text) {
  for (; *glob != '\0'; ++glob, ++text) {
    if (*glob == '*') {
      for (const char* rest = text;; ++rest) {
        if (GlobMatches(glob + 1, rest)) return true;
        if (*rest == '\0') return false;
      }
    }
    if (*text != *glob) return false;
  }
  return *text == '\0';
}

bool IntegerEquals(const SearchQuery& q, int64_t v) {
  const bool negative = v < 0;
  const uint64_t magnitude = negative ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  return q.integral && q.negative == negative && q.magnitude == magnitude;
}
bool UnsignedEquals(const SearchQuery& q, uint64_t v) { return q.integral && !q.negative && q.magnitude == v; }

bool FloatEquals(const SearchQuery& q, uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, 4);
  return static_cast<float>(q.number) == f;
}
bool DoubleEquals(const SearchQuery& q, uint64_t bits) {
  double d;
  std::memcpy(&d, &bits, 8);
  return q.number == d;
}

bool IsNumberNode(const Node& node) {
  if (node.kind == NodeKind::kPackedElement) return true;
  return node.kind == NodeKind::kField &&
         (node.wire_type == WireType::kVarint || node.wire_type == WireType::kFixed32 ||
          node.wire_type == WireType::kFixed64);
}

}  // namespace

bool ParseSearchQuery(const std::string& raw_text, SearchQuery* query, std::string* error) {
  *query = SearchQuery();
  const std::string text = Trim(raw_text);
  if (text.empty()) return *error = "empty query", false;
  const bool value_only = text[0] == '"' || text.compare(0, 2, "0x") == 0 || text.compare(0, 4, "hex:") == 0;
  const size_t equals = value_only ? 0 : text.find('=');
  if (value_only || equals != std::string::npos) {
    if (!ParseValue(Trim(value_only ? text : text.substr(equals + 1)), query, error)) return false;
  }
  const std::string path = value_only ? "" : Trim(text.substr(0, equals));
  if (path.empty()) return true;
  size_t begin = 0;
  for (;;) {
    const size_t dot = path.find('.', begin);
    const std::string segment = path.substr(begin, dot == std::string::npos ? std::string::npos : dot - begin);
    const bool valid = !segment.empty() &&
                       std::all_of(segment.begin(), segment.end(), [](char c) { return IsNameChar(c) || c == '*'; });
    if (!valid)
      return *error = "bad path segment '" + segment + "': a field name (* matches any text) or number", false;
    query->path.push_back(segment);
    if (dot == std::string::npos) return true;
    begin = dot + 1;
  }
}

Search::Search(const NodeList& list, const uint8_t* data, const schema::Schema* schema, SearchQuery query,
               size_t max_results)
    : list_(list), data_(data), schema_(schema), query_(std::move(query)), max_results_(max_results) {
  for (const std::string& s : query_.path) {
    Segment segment;
    if (IsDigits(s) && s.size() <= 10) {
      segment.kind = Segment::Kind::kNumber;
      segment.number = static_cast<uint32_t>(std::min<uint64_t>(std::strtoull(s.c_str(), nullptr, 10), UINT32_MAX));
    } else if (s != "*") {
      segment.kind = s.find('*') == std::string::npos ? Segment::Kind::kName : Segment::Kind::kGlob;
      segment.name = s;
    }
    segments_.push_back(std::move(segment));
  }
}

double Search::progress() const {
  return list_.nodes.empty() ? 1.0 : static_cast<double>(next_) / static_cast<double>(list_.nodes.size());
}

const schema::Field* Search::FieldIn(int owner, const Node& node) const {
  if (owner < 0 || node.field < 0) return nullptr;
  const schema::Message& m = schema_->messages[owner];
  return node.field < static_cast<int>(m.fields.size()) ? &m.fields[node.field] : nullptr;
}

bool Search::Step(size_t max_nodes) {
  const size_t size = list_.nodes.size();
  const size_t end = max_nodes >= size - next_ ? size : next_ + max_nodes;
  for (uint32_t i = next_; i < end; ++i) {
    while (!open_.empty() && list_.nodes[open_.back().node].end <= i) open_.pop_back();
    const Node& node = list_.nodes[i];
    // A packed element's field is its run's.
    const int owner = node.kind == NodeKind::kFrame           ? -1
                      : open_.empty()                         ? list_.root_message
                      : node.kind == NodeKind::kPackedElement ? open_.back().owner
                                                              : open_.back().message;
    if (Matches(i, owner)) {
      if (results_.size() < max_results_) results_.push_back(i);
      ++match_count_;
    }
    if (node.end > i + 1) {
      int message = -1;
      if (node.kind == NodeKind::kFrame) {
        message = node.interpretation == Interpretation::kMessage ? list_.root_message : -1;
      } else if (const auto any = list_.any_types.empty() ? list_.any_types.end() : list_.any_types.find(i);
                 any != list_.any_types.end()) {
        message = any->second;
      } else if (const schema::Field* field = FieldIn(owner, node);
                 field != nullptr && (field->type == FieldType::kMessage || field->type == FieldType::kGroup)) {
        message = field->message;
      }
      open_.push_back({i, owner, message});
    }
  }
  next_ = static_cast<uint32_t>(end);
  return done();
}

bool Search::Matches(uint32_t i, int owner) const {
  const Node& node = list_.nodes[i];
  if (node.kind != NodeKind::kField && node.kind != NodeKind::kPackedElement) return false;
  if (query_.value_kind == SearchQuery::ValueKind::kNone) {
    return node.kind == NodeKind::kField && PathMatches(i, owner);
  }
  if (node.end != i + 1) return false;  // messages, groups, packed runs: their elements are the values
  if (!segments_.empty() && !PathMatches(i, owner)) return false;
  const Node& field_node = node.kind == NodeKind::kPackedElement ? list_.nodes[node.parent] : node;
  return ValueMatches(i, schema_ != nullptr ? FieldIn(owner, field_node) : nullptr);
}

// The path's segments, last first, against the node (a packed element: its run) and its ancestors,
// which are the open entries (frames are not part of paths).
bool Search::PathMatches(uint32_t i, int owner) const {
  size_t open = open_.size();
  uint32_t n = i;
  if (list_.nodes[i].kind == NodeKind::kPackedElement) {
    n = open_[--open].node;
    owner = open_[open].owner;
  }
  for (size_t s = segments_.size(); s-- > 0;) {
    if (list_.nodes[n].kind == NodeKind::kFrame || !SegmentMatches(segments_[s], n, owner)) return false;
    if (s == 0) break;
    if (open == 0) return false;
    --open;
    n = open_[open].node;
    owner = open_[open].owner;
  }
  return true;
}

bool Search::SegmentMatches(const Segment& segment, uint32_t i, int owner) const {
  const Node& node = list_.nodes[i];
  if (segment.kind == Segment::Kind::kNumber) return node.field_number == segment.number;
  if (segment.kind == Segment::Kind::kAny) return true;
  const schema::Field* field = schema_ != nullptr ? FieldIn(owner, node) : nullptr;
  if (field == nullptr) return false;  // a name never matches an unknown field (a number does)
  return segment.kind == Segment::Kind::kName ? field->name == segment.name
                                              : GlobMatches(segment.name.c_str(), field->name.c_str());
}

bool Search::ValueMatches(uint32_t i, const schema::Field* field) const {
  using Kind = SearchQuery::ValueKind;
  const Node& node = list_.nodes[i];
  if (query_.value_kind == Kind::kText || query_.value_kind == Kind::kBytes) {
    if (node.wire_type != WireType::kLengthDelimited || node.kind != NodeKind::kField) return false;
    const std::string_view value(reinterpret_cast<const char*>(data_ + node.value_offset()), node.value_length);
    return value.find(query_.needle) != std::string_view::npos;
  }
  return IsNumberNode(node) && NumberMatches(RawValue(node, data_), node, field);
}

bool Search::NumberMatches(uint64_t raw, const Node& node, const schema::Field* field) const {
  const SearchQuery& q = query_;
  const bool by_name = q.value_kind == SearchQuery::ValueKind::kName;
  const bool declared = field != nullptr && field->type != FieldType::kMessage && field->type != FieldType::kGroup &&
                        field->type != FieldType::kString && field->type != FieldType::kBytes &&
                        schema::WireTypeOf(field->type) == node.wire_type;
  if (!declared) {
    if (by_name) return false;
    switch (node.wire_type) {
      case WireType::kFixed32:
        return UnsignedEquals(q, raw) || IntegerEquals(q, static_cast<int32_t>(raw)) ||
               FloatEquals(q, static_cast<uint32_t>(raw));
      case WireType::kFixed64:
        return UnsignedEquals(q, raw) || IntegerEquals(q, static_cast<int64_t>(raw)) || DoubleEquals(q, raw);
      default:
        return UnsignedEquals(q, raw) || IntegerEquals(q, static_cast<int64_t>(raw)) ||
               IntegerEquals(q, ZigZagDecode64(raw));
    }
  }
  switch (field->type) {
    case FieldType::kBool:
      return by_name ? q.needle == (raw != 0 ? "true" : "false") : UnsignedEquals(q, raw != 0 ? 1 : 0);
    case FieldType::kEnum: {
      const int32_t number = static_cast<int32_t>(raw);
      if (!by_name) return IntegerEquals(q, number);
      const char* name = field->enumeration >= 0 ? schema_->enums[field->enumeration].NameOf(number) : nullptr;
      return name != nullptr && q.needle == name;
    }
    default: break;
  }
  if (by_name) return false;
  switch (field->type) {
    case FieldType::kFloat: return FloatEquals(q, static_cast<uint32_t>(raw));
    case FieldType::kDouble: return DoubleEquals(q, raw);
    case FieldType::kInt32:
    case FieldType::kSFixed32: return IntegerEquals(q, static_cast<int32_t>(raw));
    case FieldType::kUInt32:
    case FieldType::kFixed32: return UnsignedEquals(q, static_cast<uint32_t>(raw));
    case FieldType::kSInt32: return IntegerEquals(q, ZigZagDecode32(static_cast<uint32_t>(raw)));
    case FieldType::kSInt64: return IntegerEquals(q, ZigZagDecode64(raw));
    case FieldType::kInt64:
    case FieldType::kSFixed64: return IntegerEquals(q, static_cast<int64_t>(raw));
    default: return UnsignedEquals(q, raw);  // uint64, fixed64
  }
}

std::vector<uint32_t> SearchAll(const NodeList& list, const uint8_t* data, const schema::Schema* schema,
                                const SearchQuery& query, size_t max_results) {
  Search search(list, data, schema, query, max_results);
  search.Step(SIZE_MAX);
  return search.results();
}

}  // namespace wirelens::inspect
