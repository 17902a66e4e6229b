// Node JSON: the whole NodeList (offsets, kinds, names, types, interpretations, values, errors) as
// JSON, for tools and tests. Also the indented text tree the CLI prints.
#ifndef WIRELENS_CORE_FORMAT_NODE_JSON_H_
#define WIRELENS_CORE_FORMAT_NODE_JSON_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "core/format/raw_text.h"

#include "core/inspect/node.h"
#include "core/schema/schema.h"

namespace wirelens::format {

// {"input_size", "root", "error": {kind, offset} | null, "nodes": [{index, parent, depth, kind,
//  field_number, name, wire_type, type, tag: [offset, length], length_prefix: [offset, length],
//  value: [offset, length], raw, interpretation, text, error}]}. `schema` may be null.
std::string NodeJson(const inspect::NodeList& list, const uint8_t* data, const schema::Schema* schema);

// One line per node: "@offset  indent number name (type): value".
std::string NodeTree(const inspect::NodeList& list, const uint8_t* data, const schema::Schema* schema);

// NodeTree and NodeJson of a payload that IsPlainMessage (wire_text.h) accepts, written to *out as
// they are made: the payload is inspected a run of top-level fields (about 1 MB) at a time, so
// memory holds one run's nodes, not the payload's. The same bytes as NodeTree / NodeJson of
// Inspect(data, size, schema, root).
void PlainPayloadTree(const uint8_t* data, size_t size, const schema::Schema* schema, int root, TextOutput* out);
void PlainPayloadNodeJson(const uint8_t* data, size_t size, const schema::Schema* schema, int root, TextOutput* out);

// A JSON string literal (quotes included) of UTF-8 text; invalid bytes become U+FFFD.
std::string JsonString(const std::string& text);
// JsonString, appended to *out.
void AppendJsonString(std::string_view text, std::string* out);

}  // namespace wirelens::format

#endif  // WIRELENS_CORE_FORMAT_NODE_JSON_H_
