// Text format in, wire bytes out, with a schema: what `protoc --encode=TYPE` does.
#ifndef WIRELENS_CORE_FORMAT_TEXT_READER_H_
#define WIRELENS_CORE_FORMAT_TEXT_READER_H_

#include <string>
#include <string_view>

#include "core/format/message_writer.h"
#include "core/schema/schema.h"

namespace wirelens::format {

// Reads `text` as message `message` (an index into schema.messages) and encodes it as libprotobuf
// serializes: known fields in field-number order (repeated ones in the order given, packed when
// declared so, map entries with key and value), proto3 fields without presence left out at their
// default, then fields named by number (unknown fields: integers as varints, 0x + 8 or 16 hex digits
// as fixed32 / fixed64, strings and { } as length-delimited) in the order given. Accepts what
// protoc's parser accepts: ':' optional before messages, { } or < >, [a, b] lists, ',' or ';'
// after a field, # comments, group fields by type name, enum values by name or number, an Any as
// [type.googleapis.com/pkg.Msg] { ... }. A singular field given twice, or two members of a oneof,
// is an error, as in protoc. Nesting is bounded (depth 100).
// Errors read as protoc's: "3:7: Message type \"pkg.M\" has no field named \"x\"."
EncodeResult EncodeTextFormat(std::string_view text, const schema::Schema& schema, int message);

}  // namespace wirelens::format

#endif  // WIRELENS_CORE_FORMAT_TEXT_READER_H_
