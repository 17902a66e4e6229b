// proto3 JSON straight from the tape JS wrote (toJson of a plain object): one pass over the tape,
// whose fields are in field-number order, the order JSON prints them in, with no wire bytes in
// between. The same text as encoding the tape and printing the bytes (format::WireToJson).
#ifndef WIRELENS_CORE_JSBIND_TAPE_JSON_H_
#define WIRELENS_CORE_JSBIND_TAPE_JSON_H_

#include <string>

#include "core/format/json_format.h"
#include "core/wire/embedded_file.h"

namespace wirelens::jsbind {

enum class TapeJsonResult {
  kPrinted,
  // Nothing printed: the type (or one it holds) is what only the printer of wire bytes prints (a
  // well-known type with a JSON form of its own, a group, an extension), or unknown fields hold
  // what JSON would print or what does not parse, or the options ask for absent fields, or the
  // embedded schema does not read. The caller encodes the tape and prints the bytes instead.
  kLeftToWire,
  kBadTape,  // the tape is inconsistent (a generator bug, never the user's data)
};

// Replaces *out with the JSON of the tape in GlobalState() (a message of type `full_name` of
// `file`, as generated code names it), when the result is kPrinted. `unknown_fields`: the codec
// keeps unknown fields (each message's mask has a bit for them).
TapeJsonResult TapeToJson(const EmbeddedFile& file, const char* full_name, bool unknown_fields,
                          const format::JsonWriteOptions& options, std::string* out);

}  // namespace wirelens::jsbind

#endif  // WIRELENS_CORE_JSBIND_TAPE_JSON_H_
