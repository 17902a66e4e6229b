// Text format straight from a message's wire bytes, as protoc --decode prints it, written as it is
// read: no inspector nodes and no merged copy of a message, so the memory a print takes is its
// input and the output buffer. For messages in the form encoders write (fields in number order);
// the node-based printer (text_format.h) takes any other.
#ifndef WIRELENS_CORE_FORMAT_WIRE_TEXT_H_
#define WIRELENS_CORE_FORMAT_WIRE_TEXT_H_

#include <cstddef>
#include <cstdint>

#include "core/format/raw_text.h"
#include "core/schema/schema.h"
#include "core/wire/wire_format.h"

namespace wirelens::format {

// True when [data, data + size) decodes as a message of type `message` (an index into
// schema->messages; -1 with any schema: as --decode_raw reads it) without an error or a warning of
// the inspector's, in the form MessageText prints as it reads: in each message the declared fields
// in field-number order, a singular field and a oneof set at most once, map entries of one key
// and one value, no google.protobuf.Any, nesting at least 2 levels under `depth_limit`. Linear in
// size; allocates nothing but a flag per message type.
bool IsPlainMessage(const uint8_t* data, size_t size, const schema::Schema* schema, int message,
                    int depth_limit = kDefaultDepthLimit);

// Prints the message of type `message` (>= 0) to *out as TextFormat() prints Inspect()'s nodes of
// it, byte for byte (and so as protoc --decode does). Precondition: IsPlainMessage(data, size,
// &schema, message). Returns false, having printed a part, when that does not hold.
bool MessageText(const uint8_t* data, size_t size, const schema::Schema& schema, int message, TextOutput* out);

}  // namespace wirelens::format

#endif  // WIRELENS_CORE_FORMAT_WIRE_TEXT_H_
