// JSON and text format of generated messages, read and written through the schema each generated
// .wl.cc embeds (core/wire/embedded_file.h): a message is encoded and its wire bytes printed by
// the inspector's schema-driven printers, text is read into wire bytes the message then decodes.
// No libprotobuf. Link wirelens::format_messages.
//
//   std::string json;
//   FormatStatus status = wirelens::format::ToJson(message, &json);
//   status = wirelens::format::FromJson(json, &message, {.ignore_unknown_fields = true});
//   if (!status.ok()) puts(status.error.c_str());  // "1:12: items[2].id: out of range for int32"
#ifndef WIRELENS_CORE_FORMAT_MESSAGE_FORMAT_H_
#define WIRELENS_CORE_FORMAT_MESSAGE_FORMAT_H_

#include <string>
#include <string_view>

#include "core/format/json_format.h"
#include "core/format/json_reader.h"
#include "core/wire/embedded_file.h"
#include "core/wire/status.h"

namespace wirelens::format {

// ok, or what went wrong: for reading, "line:column: field path: what is wrong"; for writing, why
// the message has no JSON form (an Any of a type outside the schema, a Timestamp out of range).
struct FormatStatus {
  std::string error;
  bool ok() const { return error.empty(); }
};

struct TextWriteOptions {
  bool print_unknown_fields = true;  // fields the schema does not declare, by number
};

// Non-template halves: `file` and `full_name` name the message's type (generated code's
// wl_embedded_file() and wl_full_name). The schema of a file is built once and kept.
FormatStatus WireToJson(const EmbeddedFile& file, const char* full_name, std::string_view wire,
                        const JsonWriteOptions& options, std::string* out);
FormatStatus JsonToWire(const EmbeddedFile& file, const char* full_name, std::string_view json,
                        const JsonReadOptions& options, std::string* wire);
FormatStatus WireToText(const EmbeddedFile& file, const char* full_name, std::string_view wire,
                        const TextWriteOptions& options, std::string* out);
FormatStatus TextToWire(const EmbeddedFile& file, const char* full_name, std::string_view text, std::string* wire);
// The same for message `message` of `schema` (e.g. a schema loaded at run time: the table codec's).
FormatStatus WireToJson(const schema::Schema& schema, int message, std::string_view wire,
                        const JsonWriteOptions& options, std::string* out);
FormatStatus JsonToWire(const schema::Schema& schema, int message, std::string_view json,
                        const JsonReadOptions& options, std::string* wire);
FormatStatus WireToText(const schema::Schema& schema, int message, std::string_view wire,
                        const TextWriteOptions& options, std::string* out);
FormatStatus TextToWire(const schema::Schema& schema, int message, std::string_view text, std::string* wire);
// The schema of `file`, the files it uses and the registered ones (built on first use and kept for
// the process), and the index of `full_name` in its messages; or why there is none.
FormatStatus FindEmbedded(const EmbeddedFile& file, const char* full_name, const schema::Schema** schema, int* message);
// The type registry of google.protobuf.Any: an Any's JSON and text name the message it holds by
// its type URL, which is looked up in the schema of the message's own file and the files that
// file uses, and in every file registered here (as protobuf's generated pool holds every linked
// type). Register the types an Any may hold before printing or reading it; a JS codec built with
// formats registers all of its files when it loads. Thread-safe; registering a file again does
// nothing.
void RegisterEmbeddedFile(const EmbeddedFile& file);
template <typename... M>
void RegisterTypes() {
  (RegisterEmbeddedFile(M::wl_embedded_file()), ...);
}
// Decodes wire bytes a reader above wrote; a failure there is an internal error, said as such.
FormatStatus DecodeWritten(Status status);

// The proto3 JSON of `message` (libprotobuf's MessageToJsonString with the same options).
template <typename M>
FormatStatus ToJson(const M& message, std::string* out, const JsonWriteOptions& options = {}) {
  return WireToJson(M::wl_embedded_file(), M::wl_full_name, message.Encode(), options, out);
}

// Replaces `*message` with the message `json` holds (proto3 JSON mapping, core/format/json_reader.h).
// On error *message is left as it was.
template <typename M>
FormatStatus FromJson(std::string_view json, M* message, const JsonReadOptions& options = {}) {
  std::string wire;
  FormatStatus status = JsonToWire(M::wl_embedded_file(), M::wl_full_name, json, options, &wire);
  return status.ok() ? DecodeWritten(message->Decode(wire)) : status;
}

// The text format of `message`, as protoc --decode prints it.
template <typename M>
FormatStatus ToText(const M& message, std::string* out, const TextWriteOptions& options = {}) {
  return WireToText(M::wl_embedded_file(), M::wl_full_name, message.Encode(), options, out);
}

// Replaces `*message` with the message in text format `text` (what protoc --encode accepts).
template <typename M>
FormatStatus FromText(std::string_view text, M* message) {
  std::string wire;
  FormatStatus status = TextToWire(M::wl_embedded_file(), M::wl_full_name, text, &wire);
  return status.ok() ? DecodeWritten(message->Decode(wire)) : status;
}

}  // namespace wirelens::format

#endif  // WIRELENS_CORE_FORMAT_MESSAGE_FORMAT_H_
