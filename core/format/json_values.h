// Single JSON values of schema fields (scalars, strings, bytes, enums, map keys, member names),
// written as libprotobuf's JSON printer writes them; shared by the printer of wire bytes
// (json_format.cc) and the printer of the JS tape (core/jsbind/tape_json.h).
#ifndef WIRELENS_CORE_FORMAT_JSON_VALUES_H_
#define WIRELENS_CORE_FORMAT_JSON_VALUES_H_

#include <cstdint>
#include <string_view>

#include "core/format/json_format.h"
#include "core/format/string_sink.h"
#include "core/format/wire_message.h"
#include "core/schema/schema.h"

namespace wirelens::format {

// protobuf's JSON string escaping of `size` bytes of UTF-8 (quotes included), appended to *out.
void AppendEscaped(const uint8_t* data, size_t size, StringSink* out);

// Appends values to `out`; `schema` and `options` must outlive the writer.
class JsonValueWriter {
 public:
  JsonValueWriter(const schema::Schema& schema, const JsonWriteOptions& options, StringSink* out)
      : schema_(schema), options_(options), out_(*out) {}

  // A JSON string of UTF-8 text.
  void Quoted(std::string_view s) { AppendEscaped(reinterpret_cast<const uint8_t*>(s.data()), s.size(), &out_); }
  // `"name":` of field f, by the options' choice of name.
  void MemberName(const schema::Field& f) {
    Quoted(options_.preserve_proto_field_names ? f.name : f.json_name);
    out_ += ':';
  }
  // The value `v` (as the wire holds it: ReadWireMessage's WireValue) of a scalar, string, bytes or
  // enum field f.
  void Value(const schema::Field& f, const WireValue& v);
  // The value of an absent field (its type's zero).
  void DefaultValue(const schema::Field& f);
  // A map entry's key (as the wire holds it) as a JSON member name, quoted.
  void MapKeyName(const schema::Field& key_field, const WireValue& key);

 protected:
  // Integers as decimal digits, 64-bit ones quoted (JSON numbers lose precision past 2^53).
  void Integer(uint64_t magnitude, bool negative, bool quoted);
  void Signed(int64_t v, bool quoted) {
    Integer(v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v), v < 0, quoted);
  }
  void ScalarJson(const schema::Field& f, uint64_t raw);

  const schema::Schema& schema_;
  const JsonWriteOptions& options_;
  StringSink& out_;
};

}  // namespace wirelens::format

#endif  // WIRELENS_CORE_FORMAT_JSON_VALUES_H_
