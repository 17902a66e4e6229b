// Text-format output: what `protoc --decode=TYPE` and `protoc --decode_raw` print, byte for byte,
// for input protoc accepts.
#ifndef WIRELENS_CORE_FORMAT_TEXT_FORMAT_H_
#define WIRELENS_CORE_FORMAT_TEXT_FORMAT_H_

#include <cstdint>
#include <string>

#include "core/inspect/node.h"
#include "core/schema/schema.h"

namespace wirelens::format {

// protoc --decode_raw: every field by number; a length-delimited value is printed as a nested
// message when it parses as one (and the nesting budget of 10 allows), else as an escaped string.
// Returns false (and leaves *out empty) when the input does not parse as a message.
bool RawTextFormat(const uint8_t* data, size_t size, std::string* out);

// protoc --decode_raw of a raw-mode NodeList's payload `data` (list.input_size bytes); of broken
// input, of the fields before the first error. "" when even those do not parse.
std::string RawTextBeforeError(const inspect::NodeList& list, const uint8_t* data);

// protoc --decode=TYPE, from a schema-mode NodeList: known fields in field-number order (last value
// wins for singular fields, sub-messages merged, oneofs keep their last member, map entries by
// key), then unknown fields in wire order. Error nodes are skipped (partial input prints what decoded).
// A framed payload prints each frame after a "# frame N at byte B, L bytes" comment line (message
// bodies as above, or as --decode_raw without a schema; gRPC-web trailers as comment lines).
// With `expand_any`, a google.protobuf.Any whose type_url names a message in the schema (and whose
// value decoded as it) prints as "[type_url] { fields }", the form protoc --encode reads (protoc
// --decode itself prints type_url and value).
// Without `print_unknown_fields`, fields the schema does not declare are left out (the output then
// parses with a schema, as libprotobuf's Printer::SetHideUnknownFields(true) gives).
std::string TextFormat(const inspect::NodeList& list, const uint8_t* data, const schema::Schema& schema,
                       bool expand_any = false, bool print_unknown_fields = true);

}  // namespace wirelens::format

#endif  // WIRELENS_CORE_FORMAT_TEXT_FORMAT_H_
