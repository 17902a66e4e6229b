// JSON and text format for the JS binding: the exports a codec built with the plugin's "formats"
// parameter adds per message type (core/format/message_format.h over the embedded schema).
// Each returns 0 (ok) or kFormatError; either way the output buffer holds UTF-8 text: the JSON or
// text format, or the error message. Linking them brings the inspector's printers and readers
// (link wirelens::jsbind_json).
#ifndef WIRELENS_CORE_JSBIND_FORMAT_EXPORTS_H_
#define WIRELENS_CORE_JSBIND_FORMAT_EXPORTS_H_

#include <algorithm>
#include <string>

#include "core/format/message_format.h"
#include "core/jsbind/exports.h"
#include "core/jsbind/tape_json.h"

namespace wirelens::jsbind {

// Puts `text` into the output buffer; returns `code`, or kLimitExceeded when memory cannot hold it.
inline uint32_t OutputText(const std::string& text, uint32_t code) {
  State& s = GlobalState();
  if (!GrowBuffer(&s.output, &s.output_capacity, text.size(), 0)) return Report(ErrorKind::kLimitExceeded, 0);
  std::copy(text.begin(), text.end(), s.output);
  s.output_size = static_cast<uint32_t>(text.size());
  s.error_kind = code;
  return code;
}

inline format::JsonWriteOptions JsonOptionsOf(uint32_t flags) {
  format::JsonWriteOptions options;
  options.always_print_fields_with_no_presence = flags & kJsonAlwaysEmitImplicit;
  options.always_print_enums_as_ints = flags & kJsonEnumAsInteger;
  options.preserve_proto_field_names = flags & kJsonUseProtoFieldName;
  return options;
}

// Message `message` of `schema` in the wire bytes [at, at + size) of wasm memory (e.g. the output
// of an encode) -> JSON or text in the output buffer.
inline uint32_t FormatWire(const schema::Schema& schema, int message, const uint8_t* at, uint32_t size,
                           uint32_t flags) {
  const std::string_view wire(reinterpret_cast<const char*>(at), size);
  std::string out;
  format::TextWriteOptions options;
  options.print_unknown_fields = flags & kFormatUnknownFields;
  const format::FormatStatus status = flags & kFormatText
                                          ? format::WireToText(schema, message, wire, options, &out)
                                          : format::WireToJson(schema, message, wire, JsonOptionsOf(flags), &out);
  return status.ok() ? OutputText(out, 0) : OutputText(status.error, kFormatError);
}

// UTF-8 JSON or text of message `message` of `schema` in input[0, size) -> its wire bytes, left in
// the input buffer with their size in *wire_size: 0, or kFormatError (the message in the output
// buffer) or a reported error kind.
inline uint32_t ParseToInput(const schema::Schema& schema, int message, uint32_t size, uint32_t flags,
                             uint32_t* wire_size) {
  State& s = GlobalState();
  if (size > s.input_capacity) return ReportTapeError();
  const std::string_view source(reinterpret_cast<const char*>(s.input), size);
  std::string wire;
  format::FormatStatus status;
  if (flags & kFormatText) {
    status = format::TextToWire(schema, message, source, &wire);
  } else {
    format::JsonReadOptions options;
    options.ignore_unknown_fields = flags & kFormatUnknownFields;
    status = format::JsonToWire(schema, message, source, options, &wire);
  }
  if (!status.ok()) return OutputText(status.error, kFormatError);
  if (!GrowBuffer(&s.input, &s.input_capacity, wire.size(), 0)) return Report(ErrorKind::kLimitExceeded, 0);
  std::copy(wire.begin(), wire.end(), s.input);
  *wire_size = static_cast<uint32_t>(wire.size());
  return 0;
}

// The embedded schema of generated message M and M's index in it; false with the error in the
// output buffer (kFormatError) when it does not read.
template <typename M>
bool EmbeddedSchema(const schema::Schema** schema, int* message, uint32_t* error) {
  const format::FormatStatus status = format::FindEmbedded(M::wl_embedded_file(), M::wl_full_name, schema, message);
  if (!status.ok()) *error = OutputText(status.error, kFormatError);
  return status.ok();
}

// The wire bytes [at, at + size) of a message M -> JSON or text.
template <typename M>
uint32_t FormatOut(const uint8_t* at, uint32_t size, uint32_t flags) {
  const schema::Schema* schema;
  int message;
  uint32_t error;
  return EmbeddedSchema<M>(&schema, &message, &error) ? FormatWire(*schema, message, at, size, flags) : error;
}

// The JSON or text of the tape JS wrote (a plain object): JSON straight from the tape where
// tape_json.h prints it, else the tape encoded (EncodeFromTape) and the bytes printed.
// `unknown_fields`: the codec keeps unknown fields (the tape has their bit and words).
template <typename M>
uint32_t FormatTape(uint32_t flags, bool unknown_fields) {
  if (!(flags & kFormatText)) {
    static std::string json;  // kept: its capacity serves the next call
    switch (TapeToJson(M::wl_embedded_file(), M::wl_full_name, unknown_fields, JsonOptionsOf(flags), &json)) {
      case TapeJsonResult::kPrinted: return OutputText(json, 0);
      case TapeJsonResult::kBadTape: return ReportTapeError();
      case TapeJsonResult::kLeftToWire: break;
    }
  }
  const uint32_t kind = EncodeFromTape<M>();
  if (kind != 0) return kind;
  const State& s = GlobalState();
  return FormatOut<M>(s.output, s.output_size, flags);
}

// UTF-8 JSON or text in input[0, size) -> the message's tape (as DecodeToTape leaves it).
template <typename M>
uint32_t FormatIn(uint32_t size, uint32_t flags) {
  const schema::Schema* schema;
  int message;
  uint32_t result, wire_size;
  if (!EmbeddedSchema<M>(&schema, &message, &result)) return result;
  result = ParseToInput(*schema, message, size, flags, &wire_size);
  return result != 0 ? result : DecodeToTape<M>(wire_size);
}

}  // namespace wirelens::jsbind

#endif  // WIRELENS_CORE_JSBIND_FORMAT_EXPORTS_H_
