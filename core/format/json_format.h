// Canonical proto3 JSON of a schema-mode NodeList, as libprotobuf's MessageToJsonString prints it
// with default options: lowerCamel names, 64-bit integers as strings, bytes as base64, enums by
// name, well-known types in their special forms (Timestamp, Duration, wrappers, Struct/Value/
// ListValue, FieldMask, Any, Empty), unknown fields left out, fields in field-number order, map
// keys sorted. A framed payload is a JSON array of its message frames (trailers left out).
#ifndef WIRELENS_CORE_FORMAT_JSON_FORMAT_H_
#define WIRELENS_CORE_FORMAT_JSON_FORMAT_H_

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "core/inspect/node.h"
#include "core/schema/schema.h"

namespace wirelens::format {

// libprotobuf's JsonPrintOptions of the same names; the defaults print as above.
struct JsonWriteOptions {
  bool always_print_fields_with_no_presence = false;  // repeated [], maps {}, proto3 scalars at 0
  bool preserve_proto_field_names = false;            // "optional_int32", not "optionalInt32"
  bool always_print_enums_as_ints = false;            // 2, not "BAZ"
};

// Returns false (with a reason in *error) when the message cannot be JSON: raw mode, or a
// well-known type with a value JSON cannot hold (e.g. an Any whose type is not in the schema).
// *out then holds what could be printed.
bool JsonFormat(const inspect::NodeList& list, const uint8_t* data, const schema::Schema& schema, std::string* out,
                std::string* error, const JsonWriteOptions& options = {});

// The JSON of one message's wire bytes, of schema type `message` (an index into schema.messages),
// read straight from the bytes. Returns false with *error when the message has no JSON form (as
// above), or when its bytes do not parse or nest deeper than 100 ("the message cannot be printed:
// ..."); *out then holds what was printed.
bool MessageJson(const uint8_t* data, size_t size, const schema::Schema& schema, int message, std::string* out,
                 std::string* error, const JsonWriteOptions& options = {});

// MessageJson, the JSON leaving through `write` in pieces of about 256 KB as it is printed: memory
// holds a piece, not the document.
bool MessageJson(const uint8_t* data, size_t size, const schema::Schema& schema, int message,
                 const std::function<void(std::string_view)>& write, std::string* error,
                 const JsonWriteOptions& options = {});

// Appends protobuf's JSON string escaping (quotes included) to *out: ", \\, controls, <, >,
// U+007F..U+009F and a few invisible code points as \uXXXX; other UTF-8 as is.
void AppendJsonEscaped(const uint8_t* data, size_t size, std::string* out);

}  // namespace wirelens::format

#endif  // WIRELENS_CORE_FORMAT_JSON_FORMAT_H_
