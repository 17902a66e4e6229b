#include "app/cli/har_command.h"

#include <cstdio>
#include <string_view>
#include <vector>

#include "core/capture/call.h"
#include "core/capture/har.h"
#include "core/format/json_format.h"
#include "core/format/text_format.h"
#include "core/inspect/inspector.h"
#include "core/text/base64.h"

namespace wirelens::cli {
namespace {

using capture::Call;
using capture::CallMessage;
using capture::CallNote;
using capture::Exchange;

const uint8_t* Data(const std::string& bytes) { return reinterpret_cast<const uint8_t*>(bytes.data()); }

// Where the type came from, as the comment line says it: " (method)", " (guess, score 87.5)".
std::string TypeOrigin(const CallMessage& m) {
  if (m.source == capture::TypeSource::kNone) return "";
  if (m.source != capture::TypeSource::kGuess) return std::string(" (") + capture::TypeSourceName(m.source) + ")";
  char score[32];
  std::snprintf(score, sizeof score, "%.1f", m.score);
  return std::string(" (guess, score ") + score + ")";
}

// "# entry N: METHOD PATH (protocol, HTTP status[, grpc-status S])"
std::string EntryLine(const Exchange& e, const Call& call) {
  std::string line = "# entry " + std::to_string(e.entry + 1) + ": " + e.method + " " + call.path + " (" +
                     capture::ProtocolName(call.protocol) + ", HTTP " +
                     (e.status == 0 ? std::string("no response") : std::to_string(e.status));
  if (!call.rpc_status.empty()) {
    const bool grpc =
        call.protocol != capture::Protocol::kConnect && call.protocol != capture::Protocol::kConnectStream;
    line += std::string(grpc ? ", grpc-status " : ", code ") + call.rpc_status;
    if (!call.rpc_message.empty()) line += ": " + call.rpc_message;
  }
  return line + ")\n";
}

class HarPrinter {
 public:
  HarPrinter(const HarOptions& options, const schema::Schema* schema) : options_(options), schema_(schema) {}

  bool failed() const { return failed_; }

  void Print(const Exchange& e, const Call& call) {
    if (options_.format == "json") return PrintJson(e, call);
    std::string out = EntryLine(e, call);
    size_t note = 0;
    for (const CallMessage& m : call.messages) {
      for (; note < call.notes.size() && NoteBefore(call.notes[note], m); ++note) out += NoteLine(e, call.notes[note]);
      out += "# " + std::string(capture::RoleName(m.role)) + " " + std::to_string(m.index) + ": " +
             capture::TypeNameOf(m, schema_) + TypeOrigin(m) + "\n";
      out += MessageText(e, m);
    }
    for (; note < call.notes.size(); ++note) out += NoteLine(e, call.notes[note]);
    std::fwrite(out.data(), 1, out.size(), stdout);
  }

  void Finish() {
    if (options_.format == "json") std::fputs(json_started_ ? "\n]\n" : "[]\n", stdout);
  }

 private:
  // Whether `note` comes before message `m` in the output: notes of a role follow the message they
  // came after; a detail's notes come after the responses.
  static bool NoteBefore(const CallNote& note, const CallMessage& m) {
    if (note.role != m.role) return note.role < m.role;
    return note.message < m.index;
  }

  std::string NoteLine(const Exchange& e, const CallNote& note) {
    if (note.kind == capture::NoteKind::kError) Fail(e, capture::RoleName(note.role), 0, note.text, note.offset);
    const std::string kind =
        note.kind == capture::NoteKind::kInfo ? "" : std::string(capture::NoteKindName(note.kind)) + ": ";
    return "# " + kind + capture::RoleName(note.role) + ": " + note.text + "\n";
  }

  // "FILE: entry N response K: why at byte B" on stderr.
  void Fail(const Exchange& e, const char* role, uint32_t index, const std::string& why, uint64_t offset) {
    failed_ = true;
    std::fprintf(stderr, "%s: entry %u %s%s: %s at byte %llu\n", options_.file.c_str(), e.entry + 1, role,
                 index == 0 ? "" : (" " + std::to_string(index)).c_str(), why.c_str(),
                 static_cast<unsigned long long>(offset));
  }

  inspect::NodeList Decode(const Exchange& e, const CallMessage& m) {
    inspect::NodeList list = inspect::Inspect(Data(m.bytes), m.bytes.size(), schema_, m.type);
    const Status error = inspect::FirstFatalError(list);
    if (!error.ok()) Fail(e, capture::RoleName(m.role), m.index, ErrorKindMessage(error.kind), error.offset);
    return list;
  }

  // As `wirelens decode` prints it: protoc --decode's text, or --decode_raw's without a type (for
  // broken bytes, the fields before the error).
  std::string MessageText(const Exchange& e, const CallMessage& m) {
    const inspect::NodeList list = Decode(e, m);
    if (m.type >= 0) return format::TextFormat(list, Data(m.bytes), *schema_);
    return format::RawTextBeforeError(list, Data(m.bytes));
  }

  static void Member(const char* name, const std::string& value, std::string* out) {
    *out += std::string(", \"") + name + "\": ";
    format::AppendJsonEscaped(Data(value), value.size(), out);
  }

  void PrintJson(const Exchange& e, const Call& call) {
    std::string out = json_started_ ? ",\n" : "[\n";
    json_started_ = true;
    out += "{\"entry\": " + std::to_string(e.entry + 1);
    Member("method", e.method, &out);
    Member("url", e.url, &out);
    Member("protocol", capture::ProtocolName(call.protocol), &out);
    out += ", \"status\": " + std::to_string(e.status);
    if (!call.rpc_status.empty()) {
      Member("rpcStatus", call.rpc_status, &out);
      Member("rpcMessage", call.rpc_message, &out);
    }
    out += ", \"messages\": [";
    for (size_t i = 0; i < call.messages.size(); ++i) {
      const CallMessage& m = call.messages[i];
      out += i == 0 ? "{" : ", {";
      out += "\"role\": \"" + std::string(capture::RoleName(m.role)) + "\", \"index\": " + std::to_string(m.index);
      Member("type", capture::TypeNameOf(m, schema_), &out);
      if (m.source != capture::TypeSource::kNone) Member("typeSource", capture::TypeSourceName(m.source), &out);
      const inspect::NodeList list = Decode(e, m);
      std::string json, error;
      if (m.type >= 0 && format::JsonFormat(list, Data(m.bytes), *schema_, &json, &error)) {
        out += ", \"message\": " + json;
      } else {
        Member("bytes", text::EncodeBase64(Data(m.bytes), m.bytes.size()), &out);
        if (!error.empty()) Member("noJson", error, &out);
      }
      out += "}";
    }
    out += "], \"notes\": [";
    for (size_t i = 0; i < call.notes.size(); ++i) {
      const CallNote& note = call.notes[i];
      if (note.kind == capture::NoteKind::kError) Fail(e, capture::RoleName(note.role), 0, note.text, note.offset);
      out += std::string(i == 0 ? "{" : ", {") + "\"role\": \"" + capture::RoleName(note.role) + "\", \"kind\": \"" +
             capture::NoteKindName(note.kind) + "\"";
      Member("text", note.text, &out);
      out += "}";
    }
    out += "]}";
    std::fwrite(out.data(), 1, out.size(), stdout);
  }

  const HarOptions& options_;
  const schema::Schema* schema_;
  bool failed_ = false;
  bool json_started_ = false;
};

}  // namespace

int RunHar(const HarOptions& options, const std::string& json, const schema::Schema* schema) {
  std::vector<Exchange> exchanges;
  capture::HarError error;
  if (!capture::ReadHar(json, &exchanges, &error)) {
    std::fprintf(stderr, "%s:%s\n", options.file.c_str(), error.ToString(json).c_str());
    return 2;
  }
  if (options.entry > 0 && static_cast<size_t>(options.entry) > exchanges.size()) {
    std::fprintf(stderr, "wirelens: %s has %zu entries, not %d\n", options.file.c_str(), exchanges.size(),
                 options.entry);
    return 2;
  }
  const std::string filter = capture::AsciiLower(options.filter);
  HarPrinter printer(options, schema);
  size_t shown = 0, other = 0;
  for (const Exchange& e : exchanges) {
    if (options.entry > 0 && e.entry + 1 != static_cast<uint32_t>(options.entry)) continue;
    if (!filter.empty() && capture::AsciiLower(e.method + " " + e.url).find(filter) == std::string::npos) continue;
    const Call call = capture::ReadCall(e, schema);
    if (call.protocol == capture::Protocol::kOther && options.entry == 0) {
      ++other;
      continue;
    }
    printer.Print(e, call);
    ++shown;
  }
  printer.Finish();
  std::fprintf(stderr, "wirelens: %zu of %zu entries shown%s\n", shown, exchanges.size(),
               other == 0 ? "" : (" (" + std::to_string(other) + " not protobuf; --entry N shows one)").c_str());
  return printer.failed() ? 1 : 0;
}

}  // namespace wirelens::cli
