// JSON and text format of the table codec's messages (the table codec module built with formats,
// codecs/table_formats.wl.js): the schema loaded at run time printed and read by core/format, as a
// generated codec built with formats does over its embedded schema (core/jsbind/format_exports.h).
#include "core/jsbind/format_exports.h"
#include "core/table/encode.h"
#include "core/table/exports.h"

using wirelens::table::Find;
using wirelens::table::Loaded;

extern "C" {

// The tape JS wrote for message `message` of schema `handle` -> its wire bytes -> JSON or text
// (`flags`: core/jsbind/tape.h's kFormat*) in the output buffer: 0, kFormatError with the message
// in the output buffer, or an error kind.
WL_EXPORT_NAME("wl_table_format_tape")
uint32_t wl_table_format_tape(uint32_t handle, uint32_t message, uint32_t flags) {
  const Loaded* l = Find(handle);
  if (l == nullptr || message >= l->tables.messages.size()) return wirelens::jsbind::ReportTapeError();
  const uint32_t kind = wirelens::table::EncodeTapeToOutput(l->tables, message);
  if (kind != 0) return kind;
  const wirelens::jsbind::State& s = wirelens::jsbind::GlobalState();
  return wirelens::jsbind::FormatWire(l->schema, static_cast<int>(message), s.output, s.output_size, flags);
}

// The wire bytes [at, at + size) of message `message` (a resident message's encoding) -> JSON or
// text in the output buffer, as wl_table_format_tape.
WL_EXPORT_NAME("wl_table_format_out")
uint32_t wl_table_format_out(uint32_t handle, uint32_t message, const uint8_t* at, uint32_t size, uint32_t flags) {
  const Loaded* l = Find(handle);
  if (l == nullptr || message >= l->tables.messages.size()) return wirelens::jsbind::ReportTapeError();
  return wirelens::jsbind::FormatWire(l->schema, static_cast<int>(message), at, size, flags);
}

// UTF-8 JSON or text of message `message` in input[0, size) -> its tape, as wl_table_decode leaves
// it; kFormatError with the message in the output buffer when the text does not read.
WL_EXPORT_NAME("wl_table_format_in")
uint32_t wl_table_format_in(uint32_t handle, uint32_t message, uint32_t size, uint32_t flags) {
  Loaded* l = Find(handle);
  if (l == nullptr || message >= l->tables.messages.size()) return wirelens::jsbind::ReportTapeError();
  uint32_t wire_size = 0;
  const uint32_t result = wirelens::jsbind::ParseToInput(l->schema, static_cast<int>(message), size, flags, &wire_size);
  return result != 0 ? result : wirelens::table::DecodeInput(*l, message, wire_size);
}

}  // extern "C"
