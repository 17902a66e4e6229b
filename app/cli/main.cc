// wirelens CLI: decode any protobuf payload, with or without a schema.
// Exit codes: 0 ok, 1 payload error (partial output printed), 2 usage or schema error.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "app/cli/har_command.h"
#include "core/capture/call.h"
#include "core/format/json_format.h"
#include "core/format/json_reader.h"
#include "core/format/node_json.h"
#include "core/format/text_format.h"
#include "core/format/text_reader.h"
#include "core/format/wire_text.h"
#include "core/inspect/diff.h"
#include "core/inspect/framing.h"
#include "core/inspect/guess.h"
#include "core/inspect/infer.h"
#include "core/inspect/inspector.h"
#include "core/inspect/search.h"
#include "core/inspect/unpack.h"
#include "core/inspect/values.h"
#include "core/schema/loader.h"

namespace {

constexpr const char* kUsage = R"(wirelens: inspect protobuf payloads

Usage:
  wirelens decode FILE.bin [options]     decode a payload ('-' reads stdin)
  wirelens diff A.bin B.bin [options]    fields removed (-), added (+) and changed (~) from A to B,
                                         by path; the schema, framing and unpacking options of
                                         decode apply to both; exit 0 same, 1 different
  wirelens encode [FILE] --proto FILE.proto --type NAME [--format json]
                                         text format (a file, or stdin) to binary on stdout, as
                                         protoc --encode=NAME does; with --format json, proto3
                                         JSON as libprotobuf's JsonStringToMessage reads it
                                         (--ignore-unknown-fields: leave out members and enum
                                         names the schema does not know)
  wirelens search FILE.bin QUERY [options]
                                         the fields QUERY finds, one per line: byte offset, path,
                                         value; exit 0 found, 1 none (see Search below)
  wirelens har FILE.har [options]        every protobuf exchange of a HAR capture (Chrome's or Firefox's
                                         "Save all as HAR", Playwright's recordHar): gRPC, gRPC-web,
                                         gRPC-web-text, Connect (unary, GET, streaming), bare protobuf;
                                         each message typed by the method its path names (with a
                                         schema that has the service), else a proto= / messageType=
                                         Content-Type parameter, else the best type guess, else raw
                                         (see HAR below)
  wirelens infer FILE.bin [FILE.bin ...] [--package NAME] [--root NAME]
                                         print a .proto inferred from raw payloads (unpacked
                                         first, as decode does): message shapes by field number,
                                         guessed types, repeated-ness; load it with --proto
  wirelens --help

Schema (optional; without one the payload is decoded raw, like protoc --decode_raw):
  --proto FILE.proto      a schema file (repeatable); imports resolve among them, under -I
                          directories and from the bundled google/protobuf/*.proto
  -I DIR, --proto_path DIR
                          import directory (repeatable); a --proto file's import name is its path
                          relative to the -I directory that contains it
  --descriptor-set FILE   a FileDescriptorSet (protoc --descriptor_set_out), instead of --proto
  --type NAME             the payload's message type (full name, e.g. pkg.Message)
  --guess-type            rank the schema's types by how well they explain the payload (framed:
                          its first frame), print the top 5 to stderr and decode with the best

Framing (how the payload divides into messages):
  --framing bare          one message (default; when it does not parse but another framing
                          explains the payload, stderr says which)
  --framing auto          the framing that explains the payload best (a payload that parses as
                          one message stays bare); the guess goes to stderr
  --framing delimited     a stream of messages, each after its length as a varint
                          (writeDelimitedTo, Java's parseDelimitedFrom)
  --framing grpc          gRPC / gRPC-web frames: flags byte, 4-byte big-endian length, body;
                          gRPC-web trailer frames print as comments, compressed bodies as bytes
  --framing confluent     a Kafka record value in Confluent's Schema Registry format: magic byte
                          0, 4-byte schema id, message indexes, then the message
  Framed output: text format prints each frame after a '# frame N at byte B, L bytes' comment,
  JSON an array of the frames' messages; the tree and nodes show a node per frame.

  --content-type VALUE    the body's Content-Type header as DevTools shows it: picks the framing
                          (application/grpc, grpc-web, grpc-web-text and connect+proto: frames;
                          application/proto, x-protobuf ...: bare) and, with a schema, the type a
                          proto= or messageType= parameter names (unless --framing or --type say)

Unpacking (before decoding; each step is said on stderr as 'unpacked: ...'):
  A gzip or zlib body is inflated, a grpc-web-text body (base64) decoded, and with gRPC framing
  frames flagged as compressed (gzip or deflate) are inflated in place; output up to 1 GiB (a
  decompression bomb stops there, with a message). A payload that parses as a message as it is
  is left alone.
  --no-unpack             decode the bytes as they are

Output:
  --format text           protoc text format (default): as protoc --decode=TYPE / --decode_raw
  --expand-any            text format: a google.protobuf.Any whose type_url names a loaded message
                          prints as [type_url] { fields } (the form protoc --encode reads; protoc
                          --decode prints type_url and value, and so does wirelens without it)
  --format json           canonical proto3 JSON (needs --type or --guess-type), as libprotobuf's
                          MessageToJsonString prints it
  --format tree           one line per wire element: offset, number, name, type, value
  --format nodes          the node list as JSON: offsets of tag, length prefix and value,
                          interpretations, errors

HAR (wirelens har):
  Text: '# entry N: METHOD PATH (protocol, HTTP status[, grpc-status S])', then each message after
  '# request K: TYPE (where the type came from)' or '# response K: ...' (K from 1; TYPE raw without
  one), printed as decode prints it; trailers, end of stream and errors as comment lines.
  --format json           an array of exchanges, each message in proto3 JSON (raw ones as base64)
  --entry N               only entry N (from 1), whatever its protocol
  --filter TEXT           only exchanges whose method and URL contain TEXT (any case)
  Exit: 0 every body decoded; 1 one did not (each on stderr as 'FILE: entry N response K: why at
  byte B'); 2 not a HAR ('FILE:line:column: why') or a schema that does not load.

Search (QUERY):
  name, 12, outer.inner.name, layers.*.id, *_id
                          fields by path: segments are names (* matches any text) or numbers,
                          matched against the end of each field's path
  ="text", =0x0896        string / bytes values containing the text or bytes
  =150, =-2.5, =NAME      numbers equal to it (by declared type; raw: unsigned, signed, zigzag
                          or float), enum values and bools by name
  path=value              both, e.g. id=7 or label="a" (packed elements by their field)

Exit codes: 0 ok; 1 the payload is malformed (what decoded is printed, the error goes to stderr);
2 usage, file or schema error. A field whose wire type does not fit its declared type (a payload
written with another version of the schema) is decoded as an unknown field, as protoc does: a
warning on stderr, exit 0.
)";

struct Args {
  std::string command;  // decode, diff, search or encode
  std::string payload;
  std::string payload2;  // diff: the payload compared with the first
  std::string query;     // search
  std::vector<std::string> protos;
  std::vector<std::string> import_dirs;
  std::string descriptor_set;
  std::string type;
  bool guess = false;
  bool ignore_unknown_fields = false;  // encode --format json
  std::string format = "text";
  std::string framing = "bare";
  bool unpack = true;
  bool expand_any = false;
  bool framing_given = false;
  std::string content_type;  // --content-type: the body's Content-Type header, as DevTools shows it
  int entry = 0;             // har: --entry
  std::string filter;        // har: --filter
};

struct MismatchCount {
  uint32_t count = 0;
  uint32_t first_offset = 0;
};

// Fields whose wire type their declared type cannot have (schema drift): decoded as unknown fields.
MismatchCount CountWireTypeMismatches(const wirelens::inspect::NodeList& list) {
  MismatchCount mismatches;
  for (const wirelens::inspect::Node& node : list.nodes) {
    if (node.kind != wirelens::inspect::NodeKind::kField || node.error != wirelens::ErrorKind::kWireTypeMismatch) {
      continue;
    }
    if (mismatches.count++ == 0) mismatches.first_offset = node.tag_offset;
  }
  return mismatches;
}

// The largest payload an unpacking step may produce (a decompression bomb stops there).
constexpr size_t kMaxUnpackedBytes = size_t{1} << 30;

// Replaces *payload with what `unpack` makes of it, saying each step on stderr.
template <typename Unpack>
void UnpackInPlace(Unpack unpack, std::string* payload) {
  wirelens::inspect::Unpacked unpacked =
      unpack(reinterpret_cast<const uint8_t*>(payload->data()), payload->size(), kMaxUnpackedBytes);
  for (const wirelens::inspect::UnpackStep& step : unpacked.steps)
    std::fprintf(stderr, "unpacked: %s\n", step.what.c_str());
  if (unpacked.changed) *payload = std::move(unpacked.bytes);
}

int UsageError(const std::string& message) {
  std::cerr << "wirelens: " << message << "\n(see wirelens --help)\n";
  return 2;
}

bool ReadFile(const std::string& path, std::string* out) {
  std::FILE* file = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (file == nullptr) return false;
  out->clear();
  struct stat info;
  if (fstat(fileno(file), &info) == 0 && S_ISREG(info.st_mode)) out->reserve(static_cast<size_t>(info.st_size));
  char buffer[1 << 16];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0) out->append(buffer, n);
  const bool ok = std::ferror(file) == 0;
  if (file != stdin) std::fclose(file);
  return ok;
}

// The name imports use for a --proto path: relative to the -I directory that contains it.
std::string ImportName(const std::string& path, std::vector<std::string>* import_dirs) {
  for (const std::string& dir : *import_dirs) {
    std::string prefix = dir;
    if (!prefix.empty() && prefix.back() != '/') prefix += '/';
    if (prefix == "./" && path.compare(0, 2, "./") != 0) return path;
    if (path.compare(0, prefix.size(), prefix) == 0) return path.substr(prefix.size());
  }
  const size_t slash = path.rfind('/');
  if (slash == std::string::npos) return path;
  import_dirs->push_back(path.substr(0, slash));
  return path.substr(slash + 1);
}

bool ParseArgs(int argc, char** argv, Args* args, int* exit_code) {
  std::vector<std::string> a(argv + 1, argv + argc);
  if (a.empty() || a[0] == "--help" || a[0] == "-h" || a[0] == "help") {
    std::cout << kUsage;
    *exit_code = a.empty() ? 2 : 0;
    return false;
  }
  args->command = a[0];
  if (a[0] != "decode" && a[0] != "diff" && a[0] != "search" && a[0] != "encode" && a[0] != "har") {
    *exit_code = UsageError("unknown command '" + a[0] + "'");
    return false;
  }
  for (size_t i = 1; i < a.size(); ++i) {
    auto value = [&](std::string* out) {
      if (i + 1 >= a.size()) return false;
      *out = a[++i];
      return true;
    };
    std::string v;
    if (a[i] == "--proto" && value(&v)) args->protos.push_back(v);
    else if ((a[i] == "-I" || a[i] == "--proto_path") && value(&v)) args->import_dirs.push_back(v);
    else if (a[i].compare(0, 2, "-I") == 0 && a[i].size() > 2) args->import_dirs.push_back(a[i].substr(2));
    else if (a[i] == "--descriptor-set" && value(&v)) args->descriptor_set = v;
    else if (a[i] == "--type" && value(&v)) args->type = v;
    else if (a[i] == "--guess-type") args->guess = true;
    else if (a[i] == "--format" && value(&v)) args->format = v;
    else if (a[i] == "--framing" && value(&v)) args->framing = v, args->framing_given = true;
    else if (a[i] == "--content-type" && value(&v)) args->content_type = v;
    else if (a[i] == "--no-unpack") args->unpack = false;
    else if (a[i] == "--expand-any") args->expand_any = true;
    else if (a[i] == "--ignore-unknown-fields") args->ignore_unknown_fields = true;
    else if (args->command == "har" && a[i] == "--filter" && value(&v)) args->filter = v;
    else if (args->command == "har" && a[i] == "--entry" && value(&v) && !v.empty() &&
             v.find_first_not_of("0123456789") == std::string::npos && v.size() < 9 && std::stoi(v) > 0)
      args->entry = std::stoi(v);
    else if (a[i] == "--help") {
      std::cout << kUsage;
      *exit_code = 0;
      return false;
    } else if (args->payload.empty() && (a[i] == "-" || a[i][0] != '-')) args->payload = a[i];
    else if (args->command == "diff" && args->payload2.empty() && (a[i] == "-" || a[i][0] != '-'))
      args->payload2 = a[i];
    else if (args->command == "search" && !args->payload.empty() && args->query.empty()) args->query = a[i];
    else {
      *exit_code = UsageError("unexpected argument '" + a[i] + "'");
      return false;
    }
  }
  if (args->command == "encode") {
    if (args->payload.empty()) args->payload = "-";
    if (args->format != "text" && args->format != "json") {
      *exit_code = UsageError("encode reads --format text or json, not '" + args->format + "'");
      return false;
    }
    if (args->type.empty()) {
      *exit_code = UsageError("encode needs a message type (--type) and its schema");
      return false;
    }
  }
  if (args->command == "har" && args->format != "text" && args->format != "json") {
    *exit_code = UsageError("har prints --format text or json, not '" + args->format + "'");
    return false;
  }
  if (args->payload.empty()) {
    *exit_code = UsageError(args->command == "har" ? "har needs a HAR file (or - for stdin)"
                                                   : "decode needs a payload file (or - for stdin)");
    return false;
  }
  if (args->command == "diff" && (args->payload2.empty() || (args->payload == "-" && args->payload2 == "-"))) {
    *exit_code = UsageError("diff needs two payload files (one of them may be - for stdin)");
    return false;
  }
  if (args->command == "search" && args->query.empty()) {
    *exit_code = UsageError("search needs a payload file and a query");
    return false;
  }
  if (args->format != "text" && args->format != "json" && args->format != "tree" && args->format != "nodes") {
    *exit_code = UsageError("unknown format '" + args->format + "' (text, json, tree or nodes)");
    return false;
  }
  wirelens::inspect::Framing framing;
  if (args->framing != "auto" && !wirelens::inspect::ParseFraming(args->framing, &framing)) {
    *exit_code = UsageError("unknown framing '" + args->framing + "' (auto, bare, delimited, grpc or confluent)");
    return false;
  }
  const bool has_schema = !args->protos.empty() || !args->descriptor_set.empty();
  if (args->format == "json" && args->type.empty() && !args->guess && args->command != "har") {
    *exit_code = UsageError("--format json needs a message type (--type or --guess-type)");
    return false;
  }
  if ((!args->type.empty() || args->guess) && !has_schema) {
    *exit_code = UsageError("--type and --guess-type need a schema (--proto or --descriptor-set)");
    return false;
  }
  return true;
}

}  // namespace

// --content-type: the framing and (with a schema) the type its value names, unless given. False
// with the exit code when it names no protobuf body.
bool ApplyContentType(Args* args, bool has_schema, int* exit_code) {
  namespace capture = wirelens::capture;
  const capture::ContentType type = capture::ParseContentType(args->content_type);
  const capture::Protocol protocol = capture::ProtocolOfContentType(type);
  if (protocol == capture::Protocol::kOther) {
    *exit_code = UsageError("--content-type '" + args->content_type +
                            "' is not a protobuf body (application/grpc, grpc-web, grpc-web-text, proto, "
                            "connect+proto, x-protobuf, protobuf, octet-stream)");
    return false;
  }
  const bool framed = protocol != capture::Protocol::kConnect && protocol != capture::Protocol::kProtobuf;
  if (!args->framing_given) args->framing = framed ? "grpc" : "bare";
  const std::string* named = type.MessageTypeParam();
  if (named != nullptr && has_schema && args->type.empty()) args->type = *named;
  return true;
}

// The framings ranked for `payload`: as its root type when --type named one, else as any message.
std::vector<wirelens::inspect::FramingGuess> RankFramingsFor(const std::string& payload,
                                                             const wirelens::schema::Schema* schema, int root) {
  const auto* data = reinterpret_cast<const uint8_t*>(payload.data());
  if (schema != nullptr && root >= 0) return wirelens::inspect::RankFramings(data, payload.size(), *schema, root);
  return wirelens::inspect::RankFramings(data, payload.size());
}

// Unpacks the payload (unless --no-unpack) and chooses its framing (guessed for --framing auto, as
// the root type `root` of `schema` when it is known, said on stderr); gRPC frames flagged as
// compressed are inflated. Returns the inspect options.
wirelens::inspect::InspectOptions PreparePayload(const Args& args, std::string* payload,
                                                 const wirelens::schema::Schema* schema, int root) {
  namespace inspect = wirelens::inspect;
  if (args.unpack) UnpackInPlace(inspect::UnpackBody, payload);
  inspect::InspectOptions options;
  if (args.framing == "auto") {
    const inspect::FramingGuess best = RankFramingsFor(*payload, schema, root).front();
    options.framing = best.framing;
    if (best.framing != inspect::Framing::kBare) {
      std::fprintf(stderr, "framing: %s (guessed: %u frames%s; --framing bare to decode as one message)\n",
                   inspect::FramingName(best.framing), best.frames, best.complete ? "" : ", the last cut off");
    }
  } else {
    inspect::ParseFraming(args.framing, &options.framing);
  }
  if (args.unpack && options.framing == inspect::Framing::kGrpc) UnpackInPlace(inspect::InflateGrpcFrames, payload);
  return options;
}

// Every format of a payload that decodes without an error, in the form encoders write, printed
// straight from its bytes: text and JSON with no node list (format/wire_text.h), the tree and the
// node JSON from a run of top-level fields at a time (format/node_json.h). The output leaves in
// 256 KB pieces as it is written (with the share of the input printed on stderr when that is a
// terminal and the payload large). False, having printed nothing, for any other payload: the
// printers over the whole node list take it.
bool PrintStraightFromWire(const Args& args, const uint8_t* data, size_t size, const wirelens::schema::Schema* schema,
                           int root, int* exit_code) {
  namespace format = wirelens::format;
  const bool text = args.format == "text" && !args.expand_any;
  const bool nodes = args.format == "tree" || args.format == "nodes";
  if (!text && !nodes && !(args.format == "json" && root >= 0)) return false;
  if (!format::IsPlainMessage(data, size, schema, root)) return false;
  const auto write = [](std::string_view out) { std::fwrite(out.data(), 1, out.size(), stdout); };
  *exit_code = 0;
  if (args.format == "json") {
    std::string error;
    const bool ok = format::MessageJson(data, size, *schema, root, write, &error);
    write("\n");
    if (!ok) {
      std::fprintf(stderr, "wirelens: %s: no JSON form: %s\n", args.payload.c_str(), error.c_str());
      *exit_code = 1;
    }
    return true;
  }
  format::TextOutput out;
  out.flush = write;
  const bool progress = isatty(STDERR_FILENO) && size >= (size_t{64} << 20);
  int shown = -1;  // the percentage on the terminal
  if (progress) {
    out.flush = [&](std::string_view piece) {
      write(piece);
      const int percent = out.reading == nullptr ? 0 : static_cast<int>((out.reading - data) * 100 / size);
      if (percent == shown) return;
      shown = percent;
      std::fprintf(stderr, "\rwirelens: printed %d%% of %zu MB", percent, size >> 20);
    };
  }
  if (args.format == "tree") {
    format::PlainPayloadTree(data, size, schema, root, &out);
  } else if (args.format == "nodes") {
    format::PlainPayloadNodeJson(data, size, schema, root, &out);
  } else if (root < 0) {
    if (!format::RawText(data, size, &out)) return false;
  } else if (!format::MessageText(data, size, *schema, root, &out)) {
    std::fprintf(stderr, "wirelens: %s: internal error: the text printer stopped early\n", args.payload.c_str());
    *exit_code = 1;
  }
  write(out.held());
  if (shown >= 0) std::fprintf(stderr, "\r\033[K");  // the progress line goes
  return true;
}

// `wirelens diff`: exit 0 when the payloads decode the same, 1 when they differ.
int Diff(const Args& args, const wirelens::inspect::NodeList& before, const std::string& before_bytes,
         const wirelens::schema::Schema* schema, int root) {
  namespace inspect = wirelens::inspect;
  std::string after_bytes;
  if (!ReadFile(args.payload2, &after_bytes)) return UsageError("cannot read " + args.payload2);
  const inspect::InspectOptions options = PreparePayload(args, &after_bytes, schema, root);
  const auto* after_data = reinterpret_cast<const uint8_t*>(after_bytes.data());
  const inspect::NodeList after = inspect::Inspect(after_data, after_bytes.size(), schema, root, options);
  const std::vector<inspect::DiffEntry> entries = inspect::DiffPayloads(
      {&before, reinterpret_cast<const uint8_t*>(before_bytes.data())}, {&after, after_data}, schema);
  const std::string text = inspect::DiffText(entries);
  std::fwrite(text.data(), 1, text.size(), stdout);
  return entries.empty() ? 0 : 1;
}

// `wirelens search`: one line per match; exit 0 when something matched, 1 when nothing did.
int Search(const Args& args, const wirelens::inspect::NodeList& list, const uint8_t* data,
           const wirelens::schema::Schema* schema) {
  namespace inspect = wirelens::inspect;
  inspect::SearchQuery query;
  std::string error;
  if (!inspect::ParseSearchQuery(args.query, &query, &error)) return UsageError("bad query: " + error);
  std::string out;
  const std::vector<uint32_t> matches = inspect::SearchAll(list, data, schema, query);
  for (uint32_t i : matches) {
    char offset[16];
    std::snprintf(offset, sizeof offset, "%10u  ", list.nodes[i].tag_offset);
    out += offset + inspect::NodePath(list, i, schema) + ": " + inspect::ValueText(list, i, data, schema, 80) + "\n";
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fprintf(stderr, "%zu match%s\n", matches.size(), matches.size() == 1 ? "" : "es");
  return matches.empty() ? 1 : 0;
}

// `wirelens encode`: text format or JSON to binary; exit 1 with line:column and what is wrong when
// it cannot.
int Encode(const Args& args, const std::string& text, const wirelens::schema::Schema& schema) {
  const int message = schema.FindMessage(args.type);
  if (message < 0) return UsageError("no message type '" + args.type + "' in the schema");
  wirelens::format::JsonReadOptions json_options;
  json_options.ignore_unknown_fields = args.ignore_unknown_fields;
  const wirelens::format::EncodeResult encoded = args.format == "json"
                                                     ? wirelens::format::EncodeJson(text, schema, message, json_options)
                                                     : wirelens::format::EncodeTextFormat(text, schema, message);
  if (!encoded.ok) {
    std::fprintf(stderr, "wirelens: %s:%s\n", args.payload == "-" ? "input" : args.payload.c_str(),
                 encoded.error.c_str());
    return 1;
  }
  std::fwrite(encoded.bytes.data(), 1, encoded.bytes.size(), stdout);
  return 0;
}

// `wirelens infer`: a .proto that explains every given payload.
int Infer(const std::vector<std::string>& a) {
  std::vector<std::string> payloads;
  wirelens::inspect::InferOptions options;
  for (size_t i = 1; i < a.size(); ++i) {
    if ((a[i] == "--package" || a[i] == "--root") && i + 1 < a.size()) {
      (a[i] == "--package" ? options.package : options.root_name) = a[i + 1];
      ++i;
    } else if (a[i] == "-" || a[i][0] != '-') {
      payloads.push_back(a[i]);
    } else {
      return UsageError("unexpected argument '" + a[i] + "'");
    }
  }
  if (payloads.empty()) return UsageError("infer needs at least one payload file");
  std::vector<std::string> contents(payloads.size());
  std::vector<wirelens::inspect::InferInput> inputs;
  for (size_t i = 0; i < payloads.size(); ++i) {
    if (!ReadFile(payloads[i], &contents[i])) return UsageError("cannot read " + payloads[i]);
    UnpackInPlace(wirelens::inspect::UnpackBody, &contents[i]);
    inputs.push_back({reinterpret_cast<const uint8_t*>(contents[i].data()), contents[i].size()});
  }
  const std::string proto = wirelens::inspect::InferProto(inputs, options);
  std::fwrite(proto.data(), 1, proto.size(), stdout);
  return 0;
}

int main(int argc, char** argv) {
  using namespace wirelens;
  if (argc > 1 && std::strcmp(argv[1], "infer") == 0) return Infer(std::vector<std::string>(argv + 1, argv + argc));
  Args args;
  int exit_code = 0;
  if (!ParseArgs(argc, argv, &args, &exit_code)) return exit_code;

  std::string payload;
  if (!ReadFile(args.payload, &payload)) return UsageError("cannot read " + args.payload);

  schema::LoadResult loaded;
  const bool has_schema = !args.protos.empty() || !args.descriptor_set.empty();
  if (!args.descriptor_set.empty()) {
    std::string set;
    if (!ReadFile(args.descriptor_set, &set)) return UsageError("cannot read " + args.descriptor_set);
    loaded = schema::LoadDescriptorSet(reinterpret_cast<const uint8_t*>(set.data()), set.size());
  } else if (!args.protos.empty()) {
    std::vector<schema::SourceFile> files;
    for (const std::string& path : args.protos) {
      schema::SourceFile file;
      if (!ReadFile(path, &file.content)) return UsageError("cannot read " + path);
      file.name = ImportName(path, &args.import_dirs);
      files.push_back(std::move(file));
    }
    loaded = schema::LoadProtoFiles(files, args.import_dirs);
  }
  for (const schema::Diagnostic& d : loaded.errors) std::cerr << d.ToString() << "\n";
  if (!loaded.ok()) return 2;

  if (args.command == "encode") return Encode(args, payload, loaded.schema);
  if (!args.content_type.empty() && !ApplyContentType(&args, has_schema, &exit_code)) return exit_code;
  if (args.command == "har") {
    return cli::RunHar({args.payload, args.format, args.entry, args.filter}, payload,
                       has_schema ? &loaded.schema : nullptr);
  }
  int root = -1;
  if (!args.type.empty()) {
    root = loaded.schema.FindMessage(args.type);
    if (root < 0) return UsageError("no message type '" + args.type + "' in the schema");
  }
  inspect::InspectOptions options = PreparePayload(args, &payload, &loaded.schema, root);
  const auto* data = reinterpret_cast<const uint8_t*>(payload.data());
  if (root < 0 && args.guess) {
    const inspect::FrameBody first = inspect::FirstFrameBody(options.framing, data, payload.size());
    const auto ranked = inspect::RankRootTypes(first.data, first.size, loaded.schema);
    if (ranked.empty()) return UsageError("the schema has no message types");
    for (const auto& c : ranked) {
      std::fprintf(stderr, "guess: %-40s score %5.1f  (%u/%u fields match%s)\n",
                   loaded.schema.messages[c.message].full_name.c_str(), c.score, c.matching, c.fields,
                   c.parses ? "" : ", does not parse to the end");
    }
    root = ranked[0].message;
  }

  const schema::Schema* schema = has_schema ? &loaded.schema : nullptr;
  if (args.command == "decode" && options.framing == inspect::Framing::kBare &&
      PrintStraightFromWire(args, data, payload.size(), schema, root, &exit_code)) {
    return exit_code;
  }
  const inspect::NodeList list = inspect::Inspect(data, payload.size(), schema, root, options);
  if (args.command == "diff") return Diff(args, list, payload, schema, root);
  if (args.command == "search") return Search(args, list, data, schema);
  std::string out;
  std::string json_error;
  if (args.format == "json") {
    if (!format::JsonFormat(list, data, loaded.schema, &out, &json_error)) {
      std::fprintf(stderr, "wirelens: %s: no JSON form: %s\n", args.payload.c_str(), json_error.c_str());
    }
    out += "\n";
  } else if (args.format == "nodes") {
    out = format::NodeJson(list, data, schema);
  } else if (args.format == "tree") {
    out = format::NodeTree(list, data, schema);
  } else if (root >= 0 || options.framing != inspect::Framing::kBare) {
    out = format::TextFormat(list, data, loaded.schema, args.expand_any);
  } else {
    out = format::RawTextBeforeError(list, data);  // protoc --decode_raw's output
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  if (!json_error.empty()) return 1;
  const MismatchCount mismatches = CountWireTypeMismatches(list);
  if (mismatches.count > 0) {
    std::fprintf(stderr,
                 "wirelens: %s: warning: %u field%s of a wire type the schema's field cannot have (the first at "
                 "byte %u): decoded as unknown fields, as protoc does\n",
                 args.payload.c_str(), mismatches.count, mismatches.count == 1 ? "" : "s", mismatches.first_offset);
  }
  const Status error = inspect::FirstFatalError(list);
  if (!error.ok()) {
    std::fprintf(stderr, "wirelens: %s: %s at byte %zu\n", args.payload.c_str(), ErrorKindMessage(error.kind),
                 error.offset);
    const auto ranked = RankFramingsFor(payload, schema, root);
    if (const inspect::FramingGuess* other = inspect::OtherFramingThatParses(ranked, options.framing)) {
      if (other->framing == inspect::Framing::kBare) {
        std::fprintf(stderr, "wirelens: the payload reads as one message: try --framing bare\n");
      } else {
        std::fprintf(stderr, "wirelens: the payload reads as %u %s frames: try --framing %s\n", other->frames,
                     inspect::FramingName(other->framing), inspect::FramingName(other->framing));
      }
    }
    return 1;
  }
  return 0;
}
