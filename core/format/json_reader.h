// proto3 JSON in, wire bytes out, with a schema: what libprotobuf's JsonStringToMessage followed
// by serialization gives.
#ifndef WIRELENS_CORE_FORMAT_JSON_READER_H_
#define WIRELENS_CORE_FORMAT_JSON_READER_H_

#include <string_view>

#include "core/format/message_writer.h"
#include "core/schema/schema.h"

namespace wirelens::format {

struct JsonReadOptions {
  // Members naming no field of their message, and enum names the enum does not have, are left out
  // instead of being errors (libprotobuf's and @bufbuild/protobuf's option of the same meaning).
  bool ignore_unknown_fields = false;
};

// Reads `json` as message `message` (an index into schema.messages) with the proto3 JSON mapping:
// members by JSON name or field name; integers as numbers or strings (an exponent or fraction only
// when the value is whole), 64-bit ones too; floats as numbers or "NaN", "Infinity", "-Infinity";
// bytes as base64 (standard or URL-safe, padding optional); enums by name or number; null as unset
// (google.protobuf.Value and NullValue excepted); lists, maps with keys as strings; the
// well-known types in their own forms (Any with "@type", Timestamp, Duration, FieldMask, Struct,
// Value, ListValue, wrappers). Written as the text reader writes (message_writer.h). A field given
// twice (by either name) or two members of a oneof is an error; nesting is bounded (depth 100).
// Errors: "line:column: field path: what is wrong", e.g. `1:12: items[2].id: out of range for int32`.
EncodeResult EncodeJson(std::string_view json, const schema::Schema& schema, int message,
                        const JsonReadOptions& options = {});

}  // namespace wirelens::format

#endif  // WIRELENS_CORE_FORMAT_JSON_READER_H_
