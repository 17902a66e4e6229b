// Wire bytes of one message from the field values a text or JSON reader collected, in the order
// libprotobuf serializes a parsed message.
#ifndef WIRELENS_CORE_FORMAT_MESSAGE_WRITER_H_
#define WIRELENS_CORE_FORMAT_MESSAGE_WRITER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "core/schema/schema.h"
#include "core/wire/wire_format.h"

namespace wirelens::format {

// What a reader that turns a format into wire bytes returns.
struct EncodeResult {
  bool ok = false;
  std::string bytes;  // the message's wire bytes (ok)
  std::string error;  // "3:7: ..." (line and column from 1) and what is wrong
};

// One field value as read, before the message is written.
struct FieldEntry {
  uint32_t number = 0;
  const schema::Field* field = nullptr;  // nullptr: a field the message does not declare
  WireType wire_type = WireType::kVarint;
  std::string value;  // scalar bytes, or the content of a length-delimited value or group
};

// Writes the entries of a message of type `message` (-1: no type) to *out: declared fields in
// field-number order (stable: repeated values in the order read, a packed field's values as one
// run), proto3 fields without presence left out at their default (except in map entries, which
// are written with key and value, missing ones added as defaults), groups between their start and
// end tags, then undeclared fields in the order read. Reorders *entries.
void WriteMessage(const schema::Schema& schema, int message, std::vector<FieldEntry>* entries, std::string* out);

}  // namespace wirelens::format

#endif  // WIRELENS_CORE_FORMAT_MESSAGE_WRITER_H_
