#include "core/inspect/framing.h"

#include <algorithm>

#include "core/inspect/guess.h"
#include "core/inspect/inspector.h"
#include "core/wire/varint.h"

namespace wirelens::inspect {
namespace {

constexpr const char* kFramingNames[kFramingCount] = {"bare", "delimited", "grpc", "confluent"};

// Lower is more specific: gRPC headers rarely fit by chance, a delimited stream often does.
int Specificity(Framing framing) {
  switch (framing) {
    case Framing::kGrpc: return 0;
    case Framing::kConfluent: return 1;
    case Framing::kBare: return 2;
    case Framing::kDelimited: return 3;
  }
  return 4;
}

// What a message's bytes must parse as: any message, or the root type when it is known.
struct MessageCheck {
  const schema::Schema* schema = nullptr;
  int message = -1;

  bool Parses(const uint8_t* p, const uint8_t* end) const {
    if (schema == nullptr) return ParsesAsMessage(p, end, kDefaultDepthLimit);
    return ParsesAsType(p, static_cast<size_t>(end - p), *schema, message);
  }
};

FramingGuess Judge(Framing framing, const uint8_t* data, size_t size, uint32_t max_frames, const MessageCheck& check) {
  FramingGuess guess;
  guess.framing = framing;
  if (framing == Framing::kBare) {
    guess.frames = 1;
    guess.complete = check.Parses(data, data + size);
    guess.parsing = guess.complete ? 1 : 0;
    // A payload that does not parse is still most likely one message (cut off, or corrupt).
    guess.score = guess.complete ? 100.0 : 25.0;
    return guess;
  }
  const uint8_t* p = data;
  const uint8_t* end = data + size;
  while (p < end && guess.frames < max_frames) {
    FrameHeader header;
    if (ReadFrameHeader(framing, p, end, &header) != ErrorKind::kOk) break;
    const uint8_t* body = p + header.header_size;
    if (header.body_size > static_cast<uint64_t>(end - body)) break;
    ++guess.frames;
    const uint8_t* body_end = body + header.body_size;
    if (header.flags != 0 || check.Parses(body, body_end)) ++guess.parsing;
    p = body_end;
  }
  if (guess.frames == 0) return guess;
  // Stopping at max_frames is no evidence against the framing.
  guess.complete = p == end || guess.frames == max_frames;
  guess.score = (guess.complete ? 50.0 : 0.0) + 50.0 * guess.parsing / guess.frames;
  if (!guess.complete && guess.frames < 2) guess.score /= 2;  // one frame, cut off: weak evidence
  return guess;
}

}  // namespace

const char* FramingName(Framing framing) {
  const auto index = static_cast<unsigned>(framing);
  return index < static_cast<unsigned>(kFramingCount) ? kFramingNames[index] : "unknown";
}

bool ParseFraming(std::string_view name, Framing* framing) {
  for (int i = 0; i < kFramingCount; ++i) {
    if (name == kFramingNames[i]) {
      *framing = static_cast<Framing>(i);
      return true;
    }
  }
  return false;
}

ErrorKind ReadFrameHeader(Framing framing, const uint8_t* p, const uint8_t* end, FrameHeader* header) {
  switch (framing) {
    case Framing::kBare: *header = FrameHeader{0, static_cast<uint64_t>(end - p), 0}; return ErrorKind::kOk;
    case Framing::kDelimited: {
      uint64_t length;
      const uint8_t* body = ReadVarint(p, end, &length);
      if (body == nullptr) return ReadVarintErrorKind(p, end);
      *header = FrameHeader{static_cast<uint32_t>(body - p), length, 0};
      return ErrorKind::kOk;
    }
    case Framing::kGrpc: {
      if (static_cast<size_t>(end - p) < kGrpcHeaderSize) return ErrorKind::kTruncated;
      if ((p[0] & ~(kGrpcCompressedFlag | kGrpcTrailerFlag | kConnectEndStreamFlag)) != 0) {
        return ErrorKind::kBadFrameFlags;
      }
      const uint32_t length = (uint32_t{p[1]} << 24) | (uint32_t{p[2]} << 16) | (uint32_t{p[3]} << 8) | p[4];
      *header = FrameHeader{static_cast<uint32_t>(kGrpcHeaderSize), length, p[0]};
      return ErrorKind::kOk;
    }
    case Framing::kConfluent: {
      if (static_cast<size_t>(end - p) < 6) return ErrorKind::kTruncated;
      if (p[0] != 0) return ErrorKind::kBadFrameFlags;
      uint64_t count;
      const uint8_t* at = ReadVarint(p + 5, end, &count);
      if (at == nullptr) return ReadVarintErrorKind(p + 5, end);
      const int64_t indexes = ZigZagDecode64(count);  // a lone 0 is [0]: no index follows
      if (indexes < 0 || static_cast<uint64_t>(indexes) > kMaxConfluentIndexes) return ErrorKind::kBadFrameFlags;
      for (int64_t i = 0; i < indexes; ++i) {
        uint64_t index;
        const uint8_t* next = ReadVarint(at, end, &index);
        if (next == nullptr) return ReadVarintErrorKind(at, end);
        at = next;
      }
      *header = FrameHeader{static_cast<uint32_t>(at - p), static_cast<uint64_t>(end - at), 0};
      return ErrorKind::kOk;
    }
  }
  return ErrorKind::kTruncated;
}

FrameBody FirstFrameBody(Framing framing, const uint8_t* data, size_t size) {
  const uint8_t* end = data + size;
  FrameHeader header;
  if (size == 0 || ReadFrameHeader(framing, data, end, &header) != ErrorKind::kOk) return {data, 0};
  const uint8_t* body = data + header.header_size;
  return {body, static_cast<size_t>(std::min<uint64_t>(header.body_size, static_cast<uint64_t>(end - body)))};
}

namespace {

std::vector<FramingGuess> Rank(const uint8_t* data, size_t size, uint32_t max_frames, const MessageCheck& check) {
  std::vector<FramingGuess> guesses;
  for (int i = 0; i < kFramingCount; ++i)
    guesses.push_back(Judge(static_cast<Framing>(i), data, size, max_frames, check));
  std::stable_sort(guesses.begin(), guesses.end(), [](const FramingGuess& a, const FramingGuess& b) {
    if (a.score != b.score) return a.score > b.score;
    return Specificity(a.framing) < Specificity(b.framing);
  });
  return guesses;
}

}  // namespace

std::vector<FramingGuess> RankFramings(const uint8_t* data, size_t size, uint32_t max_frames) {
  return Rank(data, size, max_frames, MessageCheck{});
}

std::vector<FramingGuess> RankFramings(const uint8_t* data, size_t size, const schema::Schema& schema, int message,
                                       uint32_t max_frames) {
  return Rank(data, size, max_frames, MessageCheck{&schema, message});
}

const FramingGuess* OtherFramingThatParses(const std::vector<FramingGuess>& ranked, Framing framing) {
  for (const FramingGuess& guess : ranked) {
    if (guess.framing != framing && guess.frames > 0 && guess.complete && guess.parsing == guess.frames) return &guess;
  }
  return nullptr;
}

}  // namespace wirelens::inspect
