#include "core/inspect/unpack.h"

#include <zlib.h>

#include <algorithm>
#include <cstdint>
#include <memory>

#include "core/inspect/framing.h"
#include "core/inspect/inspector.h"
#include "core/text/base64.h"

namespace wirelens::inspect {
namespace {

// zlib's avail_in/avail_out are 32-bit: feed it in pieces.
constexpr size_t kZlibChunk = size_t{1} << 30;
constexpr size_t kOutputChunk = size_t{1} << 20;

std::string Grouped(uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

int WindowBits(Compression compression) {
  switch (compression) {
    case Compression::kGzip: return 16 + MAX_WBITS;
    case Compression::kZlib: return MAX_WBITS;
    default: return -MAX_WBITS;
  }
}

bool IsBase64Text(const uint8_t* data, size_t size) {
  for (size_t i = 0; i < size; ++i) {
    const char c = static_cast<char>(data[i]);
    if (text::Base64Value(c) < 0 && c != '=' && !text::IsBase64Space(c)) return false;
  }
  return true;
}

// "<what> 1,204 bytes at 0 inflated to 9,811 bytes" (or "not inflated: <error>").
UnpackStep InflateStep(const std::string& what, uint64_t offset, uint64_t size, const std::string& error,
                       size_t inflated) {
  UnpackStep step{what + " " + Grouped(size) + " bytes at " + Grouped(offset) + " ", offset, size, !error.empty()};
  step.what += error.empty() ? "inflated to " + Grouped(inflated) + " bytes" : "not inflated: " + error;
  return step;
}

}  // namespace

const char* CompressionName(Compression compression) {
  switch (compression) {
    case Compression::kNone: return "none";
    case Compression::kGzip: return "gzip";
    case Compression::kZlib: return "zlib";
    case Compression::kDeflate: return "deflate";
  }
  return "unknown";
}

Compression DetectCompression(const uint8_t* data, size_t size) {
  if (size >= 10 && data[0] == 0x1f && data[1] == 0x8b && data[2] == 8) return Compression::kGzip;
  // CMF: deflate (method 8) with a window of at most 32 KB; FLG: CMF * 256 + FLG divisible by 31,
  // no preset dictionary.
  if (size >= 6 && (data[0] & 0x0f) == 8 && (data[0] >> 4) <= 7 && (data[0] * 256 + data[1]) % 31 == 0 &&
      (data[1] & 0x20) == 0) {
    return Compression::kZlib;
  }
  return Compression::kNone;
}

struct Inflater::State {
  z_stream stream{};
  bool initialized = false;
  Compression compression;
  const uint8_t* data;
  const uint8_t* in;
  const uint8_t* in_end;
  size_t max_output;
  std::string out;
  std::string error;
  bool done = false;
  bool sized = false;  // `out` has the room the stream announced (gzip's ISIZE)

  // Ends the inflate; `why` ("" when the stream ended well) becomes the error, named by the format.
  void Finish(const std::string& why) {
    const size_t consumed = static_cast<size_t>(in - data) - stream.avail_in;
    const size_t size = static_cast<size_t>(in_end - data);
    std::string reason = why;
    if (reason.empty() && consumed != size) {
      reason = Grouped(size - consumed) + " bytes after the end of the compressed stream";
    }
    if (!reason.empty()) error = std::string(CompressionName(compression)) + ": " + reason;
    if (initialized) inflateEnd(&stream);
    initialized = false;
    done = true;
  }
};

Inflater::Inflater(Compression compression, const uint8_t* data, size_t size, size_t max_output) : state_(new State{}) {
  state_->compression = compression;
  state_->data = state_->in = data;
  state_->in_end = data + size;
  state_->max_output = max_output;
  // A gzip stream ends with its inflated size (mod 2^32): reserved at once, growing the output step
  // by step would copy it again and again. Not trusted beyond deflate's largest ratio (1032:1).
  if (compression == Compression::kGzip && size >= 18) {
    const uint8_t* isize = data + size - 4;
    const size_t announced =
        uint32_t{isize[0]} | uint32_t{isize[1]} << 8 | uint32_t{isize[2]} << 16 | uint32_t{isize[3]} << 24;
    state_->out.reserve(std::min({announced, max_output, size * 1032}));
    state_->sized = state_->out.capacity() > 0;
  }
  state_->initialized = inflateInit2(&state_->stream, WindowBits(compression)) == Z_OK;
  if (!state_->initialized) {
    state_->error = "inflate: out of memory";
    state_->done = true;
  }
}

Inflater::~Inflater() {
  if (state_->initialized) inflateEnd(&state_->stream);
}

bool Inflater::Step(size_t output_budget) {
  State& s = *state_;
  const size_t target = s.out.size() + std::min(output_budget, SIZE_MAX - s.out.size());
  while (!s.done) {
    if (s.out.size() >= target) return true;
    z_stream& stream = s.stream;
    if (stream.avail_in == 0) {
      if (s.in == s.in_end) {
        s.Finish("ends before the end of its compressed stream");
        break;
      }
      const size_t piece = std::min<size_t>(kZlibChunk, static_cast<size_t>(s.in_end - s.in));
      stream.next_in = const_cast<Bytef*>(s.in);
      stream.avail_in = static_cast<uInt>(piece);
      s.in += piece;
    }
    if (s.out.size() >= s.max_output) {
      s.Finish("inflates to more than " + Grouped(s.max_output) + " bytes (a decompression bomb?); stopped there");
      break;
    }
    const size_t before = s.out.size();
    const size_t spare = s.out.capacity() - before;
    int status;
    if (s.sized && spare == 0) {
      // The announced size is reached: a small probe first (the stream should end right there),
      // since growing the output copies all of it.
      char probe[64];
      stream.next_out = reinterpret_cast<Bytef*>(probe);
      stream.avail_out = static_cast<uInt>(std::min(sizeof probe, s.max_output - before));
      const uInt room = stream.avail_out;
      status = inflate(&stream, Z_NO_FLUSH);
      s.out.append(probe, room - stream.avail_out);
      s.sized = s.out.size() == before;  // more came out: the size was wrong, grow as needed
    } else {
      const size_t room = std::min({s.sized ? spare : kOutputChunk, kOutputChunk, s.max_output - before});
      s.out.resize(before + room);
      stream.next_out = reinterpret_cast<Bytef*>(&s.out[before]);
      stream.avail_out = static_cast<uInt>(room);
      status = inflate(&stream, Z_NO_FLUSH);
      s.out.resize(before + room - stream.avail_out);
    }
    if (status == Z_STREAM_END) {
      s.Finish("");
    } else if (status != Z_OK && status != Z_BUF_ERROR) {
      const size_t at = static_cast<size_t>(s.in - s.data) - stream.avail_in;
      s.Finish(std::string(stream.msg != nullptr ? stream.msg : "corrupt stream") + " at byte " + Grouped(at));
    }
  }
  return false;
}

double Inflater::progress() const {
  const size_t size = static_cast<size_t>(state_->in_end - state_->data);
  if (state_->done || size == 0) return 1.0;
  const size_t consumed = static_cast<size_t>(state_->in - state_->data) - state_->stream.avail_in;
  return static_cast<double>(consumed) / static_cast<double>(size);
}

const std::string& Inflater::error() const { return state_->error; }

std::string& Inflater::output() { return state_->out; }

std::string Inflate(Compression compression, const uint8_t* data, size_t size, size_t max_output, std::string* out) {
  Inflater inflater(compression, data, size, max_output);
  while (inflater.Step(SIZE_MAX)) {}
  *out = std::move(inflater.output());
  return inflater.error();
}

BodyUnpacker::BodyUnpacker(const uint8_t* data, size_t size, size_t max_output) {
  const Compression announced = DetectCompression(data, size);
  const bool maybe_base64 = size >= 8 && IsBase64Text(data, size);
  if (announced == Compression::kNone && !maybe_base64) return;
  // gzip's first byte is never a valid tag; a zlib header or base64 text can start a message.
  if (announced != Compression::kGzip && ParsesAsMessage(data, data + size, kDefaultDepthLimit)) return;
  const uint8_t* body = data;
  size_t body_size = size;
  if (maybe_base64) {
    std::string decoded;
    if (text::DecodeBase64(reinterpret_cast<const char*>(data), size, &decoded) &&
        RankFramings(reinterpret_cast<const uint8_t*>(decoded.data()), decoded.size()).front().framing ==
            Framing::kGrpc) {
      result_.steps.push_back(
          {"grpc-web-text: " + Grouped(size) + " base64 characters decoded to " + Grouped(decoded.size()) + " bytes", 0,
           size, false});
      result_.bytes = std::move(decoded);
      result_.changed = true;
      body = reinterpret_cast<const uint8_t*>(result_.bytes.data());
      body_size = result_.bytes.size();
    }
  }
  compression_ = DetectCompression(body, body_size);
  if (compression_ != Compression::kNone) {
    inflate_size_ = body_size;
    inflater_ = std::make_unique<Inflater>(compression_, body, body_size, max_output);
  }
}

BodyUnpacker::~BodyUnpacker() = default;

bool BodyUnpacker::Step(size_t output_budget) { return inflater_ != nullptr && inflater_->Step(output_budget); }

double BodyUnpacker::progress() const { return inflater_ != nullptr ? inflater_->progress() : 1.0; }

Unpacked BodyUnpacker::Finish() {
  if (inflater_ != nullptr) {
    const std::string& error = inflater_->error();
    result_.steps.push_back(InflateStep(std::string(CompressionName(compression_)) + ":", 0, inflate_size_, error,
                                        inflater_->output().size()));
    if (error.empty()) {
      result_.bytes = std::move(inflater_->output());
      result_.changed = true;
    }
    inflater_.reset();
  }
  if (!result_.changed) result_.bytes.clear();
  return std::move(result_);
}

Unpacked UnpackBody(const uint8_t* data, size_t size, size_t max_output) {
  BodyUnpacker unpacker(data, size, max_output);
  while (unpacker.Step(SIZE_MAX)) {}
  return unpacker.Finish();
}

Unpacked InflateGrpcFrames(const uint8_t* data, size_t size, size_t max_output) {
  Unpacked result;
  const uint8_t* p = data;
  const uint8_t* end = data + size;
  uint32_t frame = 0;
  while (p < end) {
    FrameHeader header;
    if (ReadFrameHeader(Framing::kGrpc, p, end, &header) != ErrorKind::kOk) break;
    ++frame;
    const uint8_t* body = p + header.header_size;
    const size_t body_size = static_cast<size_t>(std::min<uint64_t>(header.body_size, end - body));
    const Compression compression = DetectCompression(body, body_size);
    const bool compressed = (header.flags & kGrpcCompressedFlag) != 0 && compression != Compression::kNone;
    std::string inflated;
    std::string error;
    if (compressed) {
      const size_t room = max_output > result.bytes.size() ? max_output - result.bytes.size() : 0;
      error = Inflate(compression, body, body_size, room, &inflated);
      result.steps.push_back(InflateStep("frame " + std::to_string(frame) + ": " + CompressionName(compression) + ",",
                                         static_cast<uint64_t>(body - data), body_size, error, inflated.size()));
    }
    if (compressed && error.empty() && inflated.size() <= UINT32_MAX) {
      const auto n = static_cast<uint32_t>(inflated.size());
      const char rewritten[kGrpcHeaderSize] = {static_cast<char>(header.flags & ~kGrpcCompressedFlag),
                                               static_cast<char>(n >> 24), static_cast<char>(n >> 16),
                                               static_cast<char>(n >> 8), static_cast<char>(n)};
      result.bytes.append(rewritten, kGrpcHeaderSize);
      result.bytes += inflated;
      result.changed = true;
    } else {
      result.bytes.append(reinterpret_cast<const char*>(p), header.header_size + body_size);
    }
    p = body + body_size;
  }
  result.bytes.append(reinterpret_cast<const char*>(p), static_cast<size_t>(end - p));
  if (!result.changed) result.bytes.clear();
  return result;
}

}  // namespace wirelens::inspect
