// A JSON document read into a tree (RFC 8259, strict: no comments, no trailing commas), each value
// with its byte offset, for the readers that need to look ahead (an Any's "@type" may come last).
#ifndef WIRELENS_CORE_FORMAT_JSON_VALUE_H_
#define WIRELENS_CORE_FORMAT_JSON_VALUE_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace wirelens::format {

struct JsonValue {
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject };
  Kind kind = Kind::kNull;
  size_t offset = 0;  // of the value's first byte in the document
  bool boolean = false;
  std::string text;                                      // kNumber: the literal as written; kString: the decoded UTF-8
  std::vector<JsonValue> items;                          // kArray
  std::vector<std::pair<JsonValue, JsonValue>> members;  // kObject: (key string, value) in order
};

// Parses `json` (one value, surrounded by optional whitespace) into *out. Strings must be UTF-8
// and their \u escapes well-formed surrogate pairs; nesting is bounded by `max_depth`. Returns
// false with the byte offset of the problem in *error_offset and what it is in *error.
bool ParseJson(std::string_view json, int max_depth, JsonValue* out, size_t* error_offset, std::string* error);

// The well-known types proto3 JSON writes in a form of their own rather than as an object of
// their fields (google.protobuf.Empty is a plain message).
enum class JsonWellKnown { kNone, kAny, kTimestamp, kDuration, kFieldMask, kStruct, kValue, kListValue, kWrapper };
JsonWellKnown JsonWellKnownOf(std::string_view full_name);

// "line:column" (both from 1) of a byte offset in `text`.
std::string LineColumn(std::string_view text, size_t offset);

}  // namespace wirelens::format

#endif  // WIRELENS_CORE_FORMAT_JSON_VALUE_H_
