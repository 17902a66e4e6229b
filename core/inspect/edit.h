// Edits of a payload through its decode: a value replaced, a field deleted or added. The enclosing
// length prefixes (and frame headers) are rewritten for the new lengths; every other byte stays
// as it was, so unknown fields and field order survive.
#ifndef WIRELENS_CORE_INSPECT_EDIT_H_
#define WIRELENS_CORE_INSPECT_EDIT_H_

#include <cstdint>
#include <string>

#include "core/inspect/node.h"
#include "core/schema/schema.h"

namespace wirelens::inspect {

struct EditResult {
  bool ok = false;
  std::string bytes;    // the whole new payload (ok)
  uint32_t offset = 0;  // where the edited element starts in it (for a deletion: where it was)
  std::string error;    // why not ("out of range for int32", "a message: edit its fields")
};

// What the edit box starts with for node i: its value as a text-format literal ("150", "-2.5",
// "RED", "true", "\"text\"" quoted as text::QuoteTextString does). Empty for nodes without a value to edit.
std::string EditableValue(const NodeList& list, uint32_t i, const uint8_t* data, const schema::Schema* schema);

// The type node i's value is read as: its declared type, or by wire type without one (varint:
// int64, fixed32: fixed32 or float when `text` is not an integer, fixed64: fixed64 or double,
// length-delimited: bytes). False for messages, groups, frames, errors.
bool EditType(const NodeList& list, uint32_t i, const schema::Schema* schema, const std::string& text,
              schema::FieldType* type);

// Replaces the value of node i (a scalar, string or bytes field, or a packed element) with `text`
// read as EditType() says. `list` must be the decode of [data, data + size).
EditResult SetValue(const NodeList& list, const uint8_t* data, size_t size, const schema::Schema* schema, uint32_t i,
                    const std::string& text);

// Removes node i: a field (tag to end), a packed element, or a frame.
EditResult DeleteNode(const NodeList& list, const uint8_t* data, size_t size, uint32_t i);

// Appends field `number` of `type` with the value `text` at the end of the message that node
// `parent` holds (a sub-message, group, map entry or message frame; kNoNode: the bare payload).
// Messages and groups are added empty (text ignored); the field number must be 1..2^29-1.
EditResult AddField(const NodeList& list, const uint8_t* data, size_t size, const schema::Schema* schema,
                    uint32_t parent, uint32_t number, schema::FieldType type, const std::string& text);

}  // namespace wirelens::inspect

#endif  // WIRELENS_CORE_INSPECT_EDIT_H_
