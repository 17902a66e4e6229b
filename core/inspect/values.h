// How node values read as text: the numbers' views, escaped strings, field and type names. Used by
// the UI, the CLI's tree format, node JSON and the text-format writer.
#ifndef WIRELENS_CORE_INSPECT_VALUES_H_
#define WIRELENS_CORE_INSPECT_VALUES_H_

#include <cstdint>
#include <string>

#include "core/inspect/node.h"
#include "core/schema/schema.h"

namespace wirelens::inspect {

// The schema field of node i, or nullptr (raw mode, unknown field).
const schema::Field* FieldOf(const NodeList& list, uint32_t i, const schema::Schema* schema);

// The schema message of node i's value (a sub-message, group or map entry), or -1.
int ValueMessage(const NodeList& list, uint32_t i, const schema::Schema* schema);

// The field's name, or its number for unknown fields.
std::string FieldLabel(const NodeList& list, uint32_t i, const schema::Schema* schema);

// The labels of node i and its ancestors: "layers.points.x", "layers.ids[1]", "frame 2.id".
std::string NodePath(const NodeList& list, uint32_t i, const schema::Schema* schema);

// Declared type ("int32", "pkg.Msg", "map<string, int32>") or, without a schema, the wire type.
std::string TypeLabel(const NodeList& list, uint32_t i, const schema::Schema* schema);

// One-line value: numbers by declared type (enums by name), otherwise every view
// ("150 | zigzag 75", "0x3e800000 | 1048576000 | float 0.25"); strings quoted; bytes escaped;
// messages as "{N fields}"; errors and undecoded ranges described. At most `max_chars` of content.
std::string ValueText(const NodeList& list, uint32_t i, const uint8_t* data, const schema::Schema* schema,
                      size_t max_chars = 200);

}  // namespace wirelens::inspect

#endif  // WIRELENS_CORE_INSPECT_VALUES_H_
