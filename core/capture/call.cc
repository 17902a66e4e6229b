#include "core/capture/call.h"

#include "core/format/json_value.h"
#include "core/inspect/framing.h"
#include "core/inspect/guess.h"
#include "core/inspect/unpack.h"
#include "core/text/base64.h"
#include "core/text/literal.h"

namespace wirelens::capture {
namespace {

std::string_view Trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
    s.remove_suffix(1);
  return s;
}

// `s` with its %XX escapes decoded; in a query string (`form`), '+' is a space too.
std::string PercentDecoded(std::string_view s, bool form) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && text::DigitValue(s[i + 1]) < 16 && text::DigitValue(s[i + 2]) < 16) {
      out.push_back(static_cast<char>(text::DigitValue(s[i + 1]) * 16 + text::DigitValue(s[i + 2])));
      i += 2;
    } else {
      out.push_back(form && s[i] == '+' ? ' ' : s[i]);
    }
  }
  return out;
}

// The URL's path (no scheme, host, query or fragment) and its query.
void SplitUrl(std::string_view url, std::string_view* path, std::string_view* query) {
  const size_t scheme = url.find("://");
  if (scheme != std::string_view::npos) {
    const size_t slash = url.find('/', scheme + 3);
    url = slash == std::string_view::npos ? std::string_view("/") : url.substr(slash);
  }
  const size_t fragment = url.find('#');
  if (fragment != std::string_view::npos) url = url.substr(0, fragment);
  const size_t question = url.find('?');
  *path = url.substr(0, question);
  *query = question == std::string_view::npos ? std::string_view() : url.substr(question + 1);
}

// The value of query parameter `name` (percent-decoded), or false.
bool QueryParam(std::string_view query, std::string_view name, std::string* value) {
  while (!query.empty()) {
    const size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    const size_t eq = pair.find('=');
    if (pair.substr(0, eq) == name) {
      *value = eq == std::string_view::npos ? "" : PercentDecoded(pair.substr(eq + 1), true);
      return true;
    }
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return false;
}

// A side's Content-Type: its header, else the mimeType the HAR gives its body.
ContentType SideContentType(const std::vector<Header>& headers, const Body& body) {
  const std::string* header = FindHeader(headers, "content-type");
  return ParseContentType(header != nullptr ? *header : body.mime_type);
}

// The protocol of `exchange`, whose request and response have these Content-Types.
Protocol ProtocolOf(const Exchange& exchange, const ContentType& request, const ContentType& response) {
  for (const ContentType* type : {&request, &response}) {
    const Protocol protocol = ProtocolOfContentType(*type);
    if (protocol != Protocol::kOther) return protocol;
  }
  std::string_view path, query;
  SplitUrl(exchange.url, &path, &query);
  std::string encoding;
  if (exchange.method == "GET" && QueryParam(query, "encoding", &encoding) && encoding == "proto") {
    return Protocol::kConnect;
  }
  return Protocol::kOther;
}

// How a body's messages are compressed, from the encoding header's value.
bool CompressionOf(const std::string* encoding, inspect::Compression* out) {
  const std::string name = encoding == nullptr ? "identity" : AsciiLower(Trimmed(*encoding));
  if (name == "identity" || name.empty()) *out = inspect::Compression::kNone;
  else if (name == "gzip") *out = inspect::Compression::kGzip;
  else if (name == "deflate") *out = inspect::Compression::kZlib;  // gRPC's deflate is zlib's format
  else return false;
  return true;
}

class CallReader {
 public:
  CallReader(const Exchange& exchange, const schema::Schema* schema, const std::vector<TypeRule>& rules)
      : exchange_(exchange),
        schema_(schema),
        rules_(rules),
        types_{SideContentType(exchange.request_headers, exchange.request),
               SideContentType(exchange.response_headers, exchange.response)} {}

  Call Read() {
    call_.protocol = ProtocolOf(exchange_, types_[0], types_[1]);
    std::string_view path, query;
    SplitUrl(exchange_.url, &path, &query);
    call_.path = std::string(path);
    if (schema_ != nullptr) call_.method = schema_->FindMethodByPath(path);
    if (call_.protocol == Protocol::kOther) return std::move(call_);
    ReadSide(Role::kRequest, exchange_.request, exchange_.request_headers, query);
    if (exchange_.status != 0) ReadSide(Role::kResponse, exchange_.response, exchange_.response_headers, query);
    ReadStatusHeaders();
    for (CallMessage& m : call_.messages) AssignType(&m);
    return std::move(call_);
  }

 private:
  void Note(Role role, NoteKind kind, std::string text, uint64_t offset = 0) {
    call_.notes.push_back({role, kind, std::move(text), offset, count_[static_cast<int>(role)]});
  }

  void AddMessage(Role role, std::string bytes, uint64_t offset, bool compressed) {
    CallMessage m;
    m.role = role;
    m.index = ++count_[static_cast<int>(role)];
    m.bytes = std::move(bytes);
    m.offset = offset;
    m.compressed = compressed;
    call_.messages.push_back(std::move(m));
  }

  void ReadSide(Role role, const Body& body, const std::vector<Header>& headers, std::string_view query) {
    const bool request = role == Role::kRequest;
    if (request && call_.protocol == Protocol::kConnect && exchange_.method == "GET") return ReadConnectGet(query);
    if (!body.warning.empty()) Note(role, body.lossy ? NoteKind::kError : NoteKind::kWarning, body.warning);
    if (body.lossy) return;
    if (!body.present) {
      if (!request) Note(role, NoteKind::kWarning, "the HAR holds no response body");
      return;
    }
    const ContentType& type = types_[request ? 0 : 1];
    const Protocol protocol = call_.protocol;
    if (!request && ProtocolOfContentType(type) == Protocol::kOther && !body.bytes.empty()) {
      if (protocol == Protocol::kConnect && type.media == "application/json") return ReadConnectError(body.bytes, 0);
      if (exchange_.status != 200 || type.media.find("json") != std::string::npos ||
          type.media.rfind("text/", 0) == 0) {
        Note(role, NoteKind::kWarning,
             "the response is " + (type.media.empty() ? "untyped" : type.media) +
                 ", not protobuf: " + std::to_string(body.bytes.size()) + " bytes not decoded");
        return;
      }
    }
    switch (protocol) {
      case Protocol::kGrpcWebText: {
        std::string decoded;
        if (!text::DecodeBase64(body.bytes.data(), body.bytes.size(), &decoded)) {
          Note(role, NoteKind::kError,
               "gRPC-web-text body is not base64 (" + std::to_string(decoded.size()) +
                   " bytes decoded before the first bad character)");
          return;
        }
        return ReadFrames(role, decoded, headers, false);
      }
      case Protocol::kGrpc:
      case Protocol::kGrpcWeb: return ReadFrames(role, body.bytes, headers, false);
      case Protocol::kConnectStream: return ReadFrames(role, body.bytes, headers, true);
      case Protocol::kConnect: {
        inspect::Compression compression;
        if (!CompressionOf(FindHeader(headers, "content-encoding"), &compression) || !request) {
          compression = inspect::Compression::kNone;  // a browser stores a response decoded
        }
        return AddMaybeCompressed(role, body.bytes, 0, compression);
      }
      case Protocol::kProtobuf: {
        inspect::Unpacked unpacked = inspect::UnpackBody(reinterpret_cast<const uint8_t*>(body.bytes.data()),
                                                         body.bytes.size(), kMaxInflatedMessage);
        for (const inspect::UnpackStep& step : unpacked.steps) {
          Note(role, step.failed ? NoteKind::kError : NoteKind::kInfo, "unpacked: " + step.what, step.input_offset);
        }
        AddMessage(role, unpacked.changed ? std::move(unpacked.bytes) : body.bytes, 0, unpacked.changed);
        return;
      }
      case Protocol::kOther: return;
    }
  }

  void AddMaybeCompressed(Role role, const std::string& bytes, uint64_t offset, inspect::Compression compression) {
    if (compression == inspect::Compression::kNone) return AddMessage(role, bytes, offset, false);
    std::string inflated;
    const std::string error = inspect::Inflate(compression, reinterpret_cast<const uint8_t*>(bytes.data()),
                                               bytes.size(), kMaxInflatedMessage, &inflated);
    if (!error.empty()) {
      Note(role, NoteKind::kError,
           std::string("a compressed message that does not inflate (") + inspect::CompressionName(compression) +
               "): " + error,
           offset);
      return;
    }
    AddMessage(role, std::move(inflated), offset, true);
  }

  // gRPC frames (flags: compressed, gRPC-web trailers) or Connect envelopes (compressed, end of
  // stream), read by the inspector's own frame reader.
  void ReadFrames(Role role, const std::string& body, const std::vector<Header>& headers, bool connect) {
    const char* encoding_header = connect ? "connect-content-encoding" : "grpc-encoding";
    const std::string* encoding = FindHeader(headers, encoding_header);
    inspect::Compression compression = inspect::Compression::kNone;
    const bool known_compression = CompressionOf(encoding, &compression);
    const auto* data = reinterpret_cast<const uint8_t*>(body.data());
    const uint8_t trailer_flag = connect ? inspect::kConnectEndStreamFlag : inspect::kGrpcTrailerFlag;
    const uint8_t other_flag = connect ? inspect::kGrpcTrailerFlag : inspect::kConnectEndStreamFlag;
    size_t at = 0;
    while (at < body.size()) {
      inspect::FrameHeader header;
      const ErrorKind bad = inspect::ReadFrameHeader(inspect::Framing::kGrpc, data + at, data + body.size(), &header);
      if (bad == ErrorKind::kTruncated) {
        Note(role, NoteKind::kError, "a frame header cut off: " + std::to_string(body.size() - at) + " of its 5 bytes",
             at);
        return;
      }
      const uint8_t flags = data[at];
      if (bad != ErrorKind::kOk || (flags & other_flag) != 0) {
        Note(
            role, NoteKind::kError,
            "a frame with flags 0x" + HexByte(flags) + ", which " + (connect ? "Connect" : "gRPC") + " does not define",
            at);
        return;
      }
      const size_t length = static_cast<size_t>(header.body_size);
      if (header.body_size > body.size() - at - inspect::kGrpcHeaderSize) {
        Note(role, NoteKind::kError,
             "a frame of " + std::to_string(header.body_size) + " bytes runs past the body's end (" +
                 std::to_string(body.size() - at - inspect::kGrpcHeaderSize) + " bytes left)",
             at);
        return;
      }
      std::string frame = body.substr(at + inspect::kGrpcHeaderSize, length);
      const bool compressed = (flags & inspect::kGrpcCompressedFlag) != 0;
      if (compressed && !known_compression) {
        Note(role, NoteKind::kError,
             "a compressed frame in an encoding this reader does not know: " + std::string(encoding_header) + ": " +
                 (encoding == nullptr ? "(none)" : *encoding),
             at);
      } else if (compressed && compression == inspect::Compression::kNone) {
        Note(role, NoteKind::kError, std::string("a frame flagged compressed without a ") + encoding_header + " header",
             at);
      } else if ((flags & trailer_flag) != 0) {
        std::string text = frame;
        if (compressed)
          inspect::Inflate(compression, data + at + inspect::kGrpcHeaderSize, length, kMaxInflatedMessage, &text);
        if (connect) ReadEndOfStream(text, at + inspect::kGrpcHeaderSize);
        else ReadTrailers(text);
      } else {
        AddMaybeCompressed(role, frame, at, compressed ? compression : inspect::Compression::kNone);
      }
      at += inspect::kGrpcHeaderSize + length;
    }
  }

  static std::string HexByte(uint8_t b) {
    const char* digits = "0123456789abcdef";
    return {digits[b >> 4], digits[b & 15]};
  }

  // gRPC-web's trailer frame: HTTP/1 header lines.
  void ReadTrailers(const std::string& text) {
    std::vector<Header> trailers;
    size_t start = 0;
    while (start < text.size()) {
      size_t end = text.find('\n', start);
      if (end == std::string::npos) end = text.size();
      const std::string_view line = Trimmed(std::string_view(text).substr(start, end - start));
      const size_t colon = line.find(':');
      if (colon != std::string_view::npos) {
        trailers.push_back({AsciiLower(Trimmed(line.substr(0, colon))), std::string(Trimmed(line.substr(colon + 1)))});
      }
      start = end + 1;
    }
    std::string shown;
    for (const Header& h : trailers) shown += (shown.empty() ? "" : ", ") + h.name + ": " + h.value;
    Note(Role::kResponse, NoteKind::kInfo, "trailers: " + shown);
    ReadGrpcStatus(trailers);
  }

  // grpc-status, grpc-message, grpc-status-details-bin from trailers or a trailers-only response.
  void ReadGrpcStatus(const std::vector<Header>& headers) {
    const std::string* status = FindHeader(headers, "grpc-status");
    if (status == nullptr || !call_.rpc_status.empty()) return;
    call_.rpc_status = std::string(Trimmed(*status));
    if (const std::string* message = FindHeader(headers, "grpc-message"))
      call_.rpc_message = PercentDecoded(*message, false);
    if (const std::string* details = FindHeader(headers, "grpc-status-details-bin")) {
      std::string bytes;
      if (text::DecodeBase64(details->data(), details->size(), &bytes)) {
        AddDetail("google.rpc.Status", std::move(bytes));
      } else {
        Note(Role::kResponse, NoteKind::kError, "grpc-status-details-bin is not base64");
      }
    }
  }

  void ReadStatusHeaders() {
    if (call_.protocol == Protocol::kGrpc || call_.protocol == Protocol::kGrpcWeb ||
        call_.protocol == Protocol::kGrpcWebText) {
      const bool had = !call_.rpc_status.empty();
      ReadGrpcStatus(exchange_.response_headers);
      if (!had && !call_.rpc_status.empty()) {
        Note(Role::kResponse, NoteKind::kInfo, "grpc-status " + call_.rpc_status + " (in the response headers)");
      }
    }
  }

  void AddDetail(const std::string& type_name, std::string bytes) {
    AddMessage(Role::kDetail, std::move(bytes), 0, false);
    CallMessage& m = call_.messages.back();
    m.type = schema_ == nullptr ? -1 : schema_->FindMessage(type_name);
    m.source = TypeSource::kDetail;
    if (m.type < 0) {
      Note(Role::kDetail, NoteKind::kWarning,
           "detail " + std::to_string(m.index) + " is a " + type_name + ", which the schema does not have: shown raw");
    }
  }

  // Connect's error JSON: {"code": ..., "message": ..., "details": [{"type", "value"}]}.
  void ReadConnectErrorValue(const format::JsonValue& error) {
    for (const auto& [key, value] : error.members) {
      if (key.text == "code" && value.kind == format::JsonValue::Kind::kString) call_.rpc_status = value.text;
      if (key.text == "message" && value.kind == format::JsonValue::Kind::kString) call_.rpc_message = value.text;
    }
    for (const auto& [key, value] : error.members) {
      if (key.text != "details" || value.kind != format::JsonValue::Kind::kArray) continue;
      for (const format::JsonValue& detail : value.items) {
        std::string type, encoded;
        for (const auto& [k, v] : detail.members) {
          if (k.text == "type") type = v.text;
          if (k.text == "value") encoded = v.text;
        }
        std::string bytes;
        if (!text::DecodeBase64(encoded.data(), encoded.size(), &bytes)) {
          Note(Role::kResponse, NoteKind::kError, "an error detail's value is not base64", detail.offset);
          continue;
        }
        AddDetail(type, std::move(bytes));
      }
    }
  }

  bool ParseJsonNote(const std::string& text, uint64_t offset, format::JsonValue* value) {
    size_t error_offset = 0;
    std::string error;
    if (format::ParseJson(text, 32, value, &error_offset, &error) && value->kind == format::JsonValue::Kind::kObject) {
      return true;
    }
    Note(Role::kResponse, NoteKind::kError,
         "not Connect's JSON: " + (error.empty() ? std::string("not an object") : error), offset + error_offset);
    return false;
  }

  void ReadConnectError(const std::string& text, uint64_t offset) {
    format::JsonValue value;
    if (!ParseJsonNote(text, offset, &value)) return;
    Note(Role::kResponse, NoteKind::kInfo, "error: " + text);
    ReadConnectErrorValue(value);
  }

  void ReadEndOfStream(const std::string& text, uint64_t offset) {
    format::JsonValue value;
    if (!ParseJsonNote(text, offset, &value)) return;
    Note(Role::kResponse, NoteKind::kInfo, "end of stream: " + text);
    for (const auto& [key, member] : value.members) {
      if (key.text == "error" && member.kind == format::JsonValue::Kind::kObject) ReadConnectErrorValue(member);
    }
  }

  // A Connect GET: ?connect=v1&encoding=proto&base64=1&compression=gzip&message=...
  void ReadConnectGet(std::string_view query) {
    std::string message, base64, compression_name;
    if (!QueryParam(query, "message", &message)) {
      Note(Role::kRequest, NoteKind::kError, "a Connect GET without a message= parameter");
      return;
    }
    std::string bytes = message;
    if (QueryParam(query, "base64", &base64) && base64 == "1" &&
        !text::DecodeBase64(message.data(), message.size(), &bytes)) {
      Note(Role::kRequest, NoteKind::kError, "the message= parameter is not base64");
      return;
    }
    inspect::Compression compression = inspect::Compression::kNone;
    const bool named = QueryParam(query, "compression", &compression_name);
    if (named && !CompressionOf(&compression_name, &compression)) {
      Note(Role::kRequest, NoteKind::kError, "the message is compressed as '" + compression_name + "', unknown here");
      return;
    }
    AddMaybeCompressed(Role::kRequest, bytes, 0, compression);
  }

  void AssignType(CallMessage* m) {
    if (m->source == TypeSource::kDetail || schema_ == nullptr) return;
    const bool request = m->role == Role::kRequest;
    if (call_.method.found()) {
      const schema::Method& method = schema_->services[call_.method.service].methods[call_.method.method];
      m->type = request ? method.input : method.output;
      if (m->type >= 0) {
        m->source = TypeSource::kMethod;
        return;
      }
    }
    if (const std::string* name = types_[request ? 0 : 1].MessageTypeParam()) {
      m->type = schema_->FindMessage(*name);
      if (m->type >= 0) {
        m->source = TypeSource::kContentType;
        return;
      }
    }
    for (const TypeRule& rule : rules_) {
      if (rule.role != m->role || exchange_.url.find(rule.url_part) == std::string::npos) continue;
      m->type = schema_->FindMessage(rule.type);
      if (m->type >= 0) {
        m->source = TypeSource::kRule;
        return;
      }
    }
    if (m->bytes.empty()) return;
    const auto ranked =
        inspect::RankRootTypes(reinterpret_cast<const uint8_t*>(m->bytes.data()), m->bytes.size(), *schema_, 1);
    if (!ranked.empty() && ranked[0].parses && ranked[0].matching > 0) {
      m->type = ranked[0].message;
      m->source = TypeSource::kGuess;
      m->score = ranked[0].score;
    }
  }

  const Exchange& exchange_;
  const schema::Schema* schema_;
  const std::vector<TypeRule>& rules_;
  const ContentType types_[2];  // the request's and the response's
  Call call_;
  uint32_t count_[3] = {0, 0, 0};
};

}  // namespace

const char* ProtocolName(Protocol protocol) {
  switch (protocol) {
    case Protocol::kOther: return "other";
    case Protocol::kGrpc: return "gRPC";
    case Protocol::kGrpcWeb: return "gRPC-web";
    case Protocol::kGrpcWebText: return "gRPC-web-text";
    case Protocol::kConnect: return "Connect";
    case Protocol::kConnectStream: return "Connect streaming";
    case Protocol::kProtobuf: return "protobuf";
  }
  return "other";
}

const char* RoleName(Role role) {
  switch (role) {
    case Role::kRequest: return "request";
    case Role::kResponse: return "response";
    case Role::kDetail: return "detail";
  }
  return "";
}

const char* NoteKindName(NoteKind kind) {
  switch (kind) {
    case NoteKind::kInfo: return "info";
    case NoteKind::kWarning: return "warning";
    case NoteKind::kError: return "error";
  }
  return "";
}

std::string TypeNameOf(const CallMessage& m, const schema::Schema* schema) {
  return m.type >= 0 && schema != nullptr ? schema->messages[m.type].full_name : "raw";
}

const char* TypeSourceName(TypeSource source) {
  switch (source) {
    case TypeSource::kNone: return "";
    case TypeSource::kMethod: return "method";
    case TypeSource::kContentType: return "content-type";
    case TypeSource::kRule: return "rule";
    case TypeSource::kGuess: return "guess";
    case TypeSource::kDetail: return "detail";
  }
  return "";
}

ContentType ParseContentType(std::string_view value) {
  ContentType type;
  size_t semicolon = value.find(';');
  type.media = AsciiLower(Trimmed(value.substr(0, semicolon)));
  while (semicolon != std::string_view::npos) {
    value.remove_prefix(semicolon + 1);
    semicolon = value.find(';');
    const std::string_view param = Trimmed(value.substr(0, semicolon));
    const size_t eq = param.find('=');
    if (eq == std::string_view::npos) continue;
    std::string_view v = Trimmed(param.substr(eq + 1));
    if (v.size() >= 2 && v.front() == '"' && v.back() == '"') v = v.substr(1, v.size() - 2);
    type.params.push_back({AsciiLower(Trimmed(param.substr(0, eq))), std::string(v)});
  }
  return type;
}

Protocol ProtocolOfContentType(const ContentType& type) {
  const std::string& m = type.media;
  if (m == "application/grpc" || m == "application/grpc+proto") return Protocol::kGrpc;
  if (m == "application/grpc-web" || m == "application/grpc-web+proto") return Protocol::kGrpcWeb;
  if (m == "application/grpc-web-text" || m == "application/grpc-web-text+proto") return Protocol::kGrpcWebText;
  if (m == "application/proto") return Protocol::kConnect;
  if (m == "application/connect+proto") return Protocol::kConnectStream;
  if (m == "application/x-protobuf" || m == "application/protobuf" || m == "application/vnd.google.protobuf" ||
      m == "application/x-google-protobuf" || m == "application/octet-stream") {
    return Protocol::kProtobuf;
  }
  return Protocol::kOther;
}

Protocol ProtocolOf(const Exchange& exchange) {
  return ProtocolOf(exchange, SideContentType(exchange.request_headers, exchange.request),
                    SideContentType(exchange.response_headers, exchange.response));
}

bool Call::clean() const {
  for (const CallNote& note : notes) {
    if (note.kind == NoteKind::kError) return false;
  }
  return true;
}

Call ReadCall(const Exchange& exchange, const schema::Schema* schema, const std::vector<TypeRule>& rules) {
  return CallReader(exchange, schema, rules).Read();
}

}  // namespace wirelens::capture
