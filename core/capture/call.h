// One captured HTTP exchange read as an RPC: its protocol (gRPC, gRPC-web, gRPC-web-text, Connect,
// bare protobuf) from the Content-Type and the URL, its bodies split into messages, trailers and
// errors, and each message's type from the service's method, the Content-Type, the user's rules or
// a ranked guess, saying which.
#ifndef WIRELENS_CORE_CAPTURE_CALL_H_
#define WIRELENS_CORE_CAPTURE_CALL_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/capture/har.h"
#include "core/schema/schema.h"

namespace wirelens::capture {

enum class Protocol : uint8_t {
  kOther,          // not protobuf (JSON, HTML, ...): listed, not decoded
  kGrpc,           // application/grpc[+proto]: 5-byte frames, grpc-encoding
  kGrpcWeb,        // application/grpc-web[+proto]: frames, the last one trailers
  kGrpcWebText,    // application/grpc-web-text[+proto]: the same in base64 (chunks may be concatenated)
  kConnect,        // application/proto (Connect unary; a GET carries its message in the query)
  kConnectStream,  // application/connect+proto: envelopes, the last one end-of-stream JSON
  kProtobuf,       // application/x-protobuf, application/protobuf, ...: one bare message
};

// "gRPC", "gRPC-web", "gRPC-web-text", "Connect", "Connect streaming", "protobuf", "other".
const char* ProtocolName(Protocol protocol);

// A Content-Type header's media type (lower case, no parameters) and parameters (names lower case).
struct ContentType {
  std::string media;
  std::vector<Header> params;
  const std::string* Param(std::string_view name) const { return FindHeader(params, name); }
  // The message type a `proto=` or `messageType=` parameter names (Charles's and Proxyman's
  // convention), or nullptr.
  const std::string* MessageTypeParam() const {
    const std::string* name = Param("proto");
    return name != nullptr ? name : Param("messagetype");
  }
};
ContentType ParseContentType(std::string_view value);

// The protocol a Content-Type names (kOther when none; kConnect for application/proto).
Protocol ProtocolOfContentType(const ContentType& type);

// The exchange's protocol: its request's Content-Type, else its response's, else a Connect GET's
// query (`encoding=proto`).
Protocol ProtocolOf(const Exchange& exchange);

enum class Role : uint8_t {
  kRequest,
  kResponse,
  kDetail,  // an error detail the response carries (grpc-status-details-bin, Connect's details)
};
// "request", "response", "detail".
const char* RoleName(Role role);

enum class TypeSource : uint8_t {
  kNone,         // raw: no type found
  kMethod,       // the method the path names
  kContentType,  // a proto= / messageType= parameter
  kRule,         // a rule the user set for the URL
  kGuess,        // the best of the ranked type guess (see score)
  kDetail,       // the type an error detail names
};
// "", "method", "content-type", "rule", "guess", "detail".
const char* TypeSourceName(TypeSource source);

struct CallMessage {
  Role role = Role::kRequest;
  uint32_t index = 1;       // K: from 1, per role
  std::string bytes;        // the message (inflated when it was sent compressed)
  uint64_t offset = 0;      // where its frame starts in the body (for gRPC-web-text: the decoded body)
  bool compressed = false;  // it was sent compressed
  int type = -1;            // index into the schema's messages, or -1 (raw)
  TypeSource source = TypeSource::kNone;
  double score = 0;  // kGuess: the guess's score, 0..100
};

enum class NoteKind : uint8_t {
  kInfo,     // trailers, end of stream, a status
  kWarning,  // something a reader should know (a lossy body, a type the schema lacks)
  kError,    // a body that did not read whole (why, at `offset`)
};

// "info", "warning", "error".
const char* NoteKindName(NoteKind kind);

struct CallNote {
  Role role = Role::kResponse;
  NoteKind kind = NoteKind::kInfo;
  std::string text;
  uint64_t offset = 0;   // kError: the byte of the body where it went wrong
  uint32_t message = 0;  // the message (K) it follows; 0: before the first
};

// The full name of `m`'s type in `schema`, or "raw" without one.
std::string TypeNameOf(const CallMessage& m, const schema::Schema* schema);

// A rule the user set: messages of `role` in exchanges whose URL contains `url_part` are of the
// message type named `type` (a full name: rules outlive a schema loaded again).
struct TypeRule {
  std::string url_part;
  Role role = Role::kResponse;
  std::string type;
};

struct Call {
  Protocol protocol = Protocol::kOther;
  std::string path;                   // the URL's path ("/pkg.Service/Method")
  schema::MethodRef method;           // the method the path names in the schema, if any
  std::string rpc_status;             // grpc-status ("0", "5") or Connect's error code ("not_found"); empty: none
  std::string rpc_message;            // grpc-message / Connect's error message
  std::vector<CallMessage> messages;  // requests, then responses, then details
  std::vector<CallNote> notes;
  // No body failed to read (errors in the messages themselves are the inspector's to find).
  bool clean() const;
};

// The largest a compressed message may inflate to (a decompression bomb stops there).
inline constexpr size_t kMaxInflatedMessage = size_t{256} << 20;

// Reads `exchange` as an RPC. `schema` may be null (every message raw); `rules` are tried when
// neither the method nor the Content-Type names a type.
Call ReadCall(const Exchange& exchange, const schema::Schema* schema, const std::vector<TypeRule>& rules = {});

}  // namespace wirelens::capture

#endif  // WIRELENS_CORE_CAPTURE_CALL_H_
