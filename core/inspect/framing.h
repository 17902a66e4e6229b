// Framing: how a payload's bytes divide into messages (one bare message, a varint-delimited
// stream, gRPC / gRPC-web frames, a Kafka record in Confluent's Schema Registry wire format), and a
// ranked guess of which one a payload uses.
#ifndef WIRELENS_CORE_INSPECT_FRAMING_H_
#define WIRELENS_CORE_INSPECT_FRAMING_H_

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/schema/schema.h"
#include "core/wire/status.h"

namespace wirelens::inspect {

enum class Framing : uint8_t {
  kBare,       // the whole payload is one message
  kDelimited,  // messages each preceded by their length as a varint (writeDelimitedTo)
  kGrpc,       // gRPC / gRPC-web frames and Connect streaming envelopes: flags byte, 4-byte big-endian length, body
  // One Kafka record value as Confluent's serializers write it: magic byte 0, a 4-byte big-endian
  // schema id, the message indexes (a zigzag varint count, then that many zigzag varints; a lone 0
  // means [0], the file's first message), then the message to the payload's end.
  kConfluent,
};
inline constexpr int kFramingCount = 4;

// "bare", "delimited", "grpc", "confluent".
const char* FramingName(Framing framing);
// The framing named `name` (as FramingName spells it); false when there is none.
bool ParseFraming(std::string_view name, Framing* framing);

// Bits of a gRPC frame's flags byte.
inline constexpr uint8_t kGrpcCompressedFlag = 0x01;    // the body is compressed (grpc-encoding)
inline constexpr uint8_t kGrpcTrailerFlag = 0x80;       // gRPC-web: the body is trailers as HTTP/1 header text
inline constexpr uint8_t kConnectEndStreamFlag = 0x02;  // Connect streaming: the body is the end-of-stream JSON
inline constexpr size_t kGrpcHeaderSize = 5;
// Confluent's header: at most this many message indexes (a nesting path in a .proto file).
inline constexpr uint64_t kMaxConfluentIndexes = 64;

struct FrameHeader {
  uint32_t header_size = 0;  // bytes of the header (the body follows it)
  uint64_t body_size = 0;    // as the header says: may exceed the bytes left
  uint8_t flags = 0;         // gRPC only
};

// Reads the header of the frame at [p, end) (p < end) into *header. Returns kOk, or why it
// cannot: kTruncated (the header is cut off), kVarintTooLong / kVarintOverflow (delimited
// length), kBadFrameFlags (a gRPC flags byte with bits other than kGrpcCompressedFlag |
// kGrpcTrailerFlag | kConnectEndStreamFlag; a Confluent magic byte other than 0, or more than kMaxConfluentIndexes
// indexes). A body longer than the bytes left is not an error here. A Confluent body runs to `end`.
ErrorKind ReadFrameHeader(Framing framing, const uint8_t* p, const uint8_t* end, FrameHeader* header);

// The body of the payload's first frame, cut at the payload's end: the whole payload when bare,
// empty when there is no readable header. (A framed payload's type is guessed from it.)
struct FrameBody {
  const uint8_t* data = nullptr;
  size_t size = 0;
};
FrameBody FirstFrameBody(Framing framing, const uint8_t* data, size_t size);

struct FramingGuess {
  Framing framing = Framing::kBare;
  double score = 0;       // 0..100
  uint32_t frames = 0;    // frames read before the end or the first bad header
  bool complete = false;  // the frames cover the payload exactly (bare: it parses)
  uint32_t parsing = 0;   // message frames whose body parses as a message
};

// Every framing, best first. Bare scores 100 when the payload parses as a message, else 25 (still
// the likeliest explanation of a cut or corrupt message). The others score half for frames
// covering the payload exactly and half for the share of bodies that parse as messages (trailer
// and compressed gRPC bodies count as parsing), halved for a single frame that is cut off. Ties
// go to the more specific framing (gRPC, then bare, then delimited). Reads at most `max_frames`
// frames per framing. An empty payload is a bare (empty) message.
std::vector<FramingGuess> RankFramings(const uint8_t* data, size_t size, uint32_t max_frames = 100000);

// The same, when the payload's root type is known: a message counts as parsing only when it parses
// as `message` of `schema` (ParsesAsType), so that a varint-delimited stream whose bytes also
// happen to parse as some message is not taken for one message of the type.
std::vector<FramingGuess> RankFramings(const uint8_t* data, size_t size, const schema::Schema& schema, int message,
                                       uint32_t max_frames = 100000);

// The first of `ranked` other than `framing` under which the payload reads whole, every message
// parsing (the framing to suggest when a decode with `framing` fails), or nullptr.
const FramingGuess* OtherFramingThatParses(const std::vector<FramingGuess>& ranked, Framing framing);

}  // namespace wirelens::inspect

#endif  // WIRELENS_CORE_INSPECT_FRAMING_H_
