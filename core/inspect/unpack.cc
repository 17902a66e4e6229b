#include "core/inspect/unpack.h"

#include <zlib.h>

#include <algorithm>

#include "core/inspect/framing.h"
#include "core/inspect/inspector.h"

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

int Base64Value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+' || c == '-') return 62;
  if (c == '/' || c == '_') return 63;
  return -1;
}

bool IsBase64Space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

bool IsBase64Text(const uint8_t* data, size_t size) {
  for (size_t i = 0; i < size; ++i) {
    const char c = static_cast<char>(data[i]);
    if (Base64Value(c) < 0 && c != '=' && !IsBase64Space(c)) return false;
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

std::string Inflate(Compression compression, const uint8_t* data, size_t size, size_t max_output, std::string* out) {
  out->clear();
  z_stream stream{};
  if (inflateInit2(&stream, WindowBits(compression)) != Z_OK) return "inflate: out of memory";
  const uint8_t* in = data;
  const uint8_t* in_end = data + size;
  int status = Z_OK;
  std::string error;
  while (status != Z_STREAM_END) {
    if (stream.avail_in == 0) {
      if (in == in_end) {
        error = "ends before the end of its compressed stream";
        break;
      }
      const size_t piece = std::min<size_t>(kZlibChunk, static_cast<size_t>(in_end - in));
      stream.next_in = const_cast<Bytef*>(in);
      stream.avail_in = static_cast<uInt>(piece);
      in += piece;
    }
    if (out->size() >= max_output) {
      error = "inflates to more than " + Grouped(max_output) + " bytes (a decompression bomb?); stopped there";
      break;
    }
    const size_t before = out->size();
    const size_t room = std::min(kOutputChunk, max_output - before);
    out->resize(before + room);
    stream.next_out = reinterpret_cast<Bytef*>(&(*out)[before]);
    stream.avail_out = static_cast<uInt>(room);
    status = inflate(&stream, Z_NO_FLUSH);
    out->resize(before + room - stream.avail_out);
    if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR) {
      const size_t at = static_cast<size_t>(in - data) - stream.avail_in;
      error = std::string(stream.msg != nullptr ? stream.msg : "corrupt stream") + " at byte " + Grouped(at);
      break;
    }
  }
  const size_t consumed = static_cast<size_t>(in - data) - stream.avail_in;
  inflateEnd(&stream);
  if (!error.empty()) return std::string(CompressionName(compression)) + ": " + error;
  if (consumed != size) {
    return std::string(CompressionName(compression)) + ": " + Grouped(size - consumed) +
           " bytes after the end of the compressed stream";
  }
  return "";
}

bool DecodeBase64(const char* text, size_t size, std::string* out) {
  out->clear();
  uint32_t buffer = 0;
  int bits = 0;
  size_t chunk_symbols = 0;
  for (size_t i = 0; i < size; ++i) {
    const char c = text[i];
    if (IsBase64Space(c)) continue;
    if (c == '=') {  // padding: the chunk's leftover bits are not data
      if (chunk_symbols % 4 == 1) return false;
      bits = 0;
      chunk_symbols = 0;
      continue;
    }
    const int v = Base64Value(c);
    if (v < 0) return false;
    ++chunk_symbols;
    buffer = (buffer << 6) | static_cast<uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out->push_back(static_cast<char>((buffer >> bits) & 0xff));
    }
  }
  return chunk_symbols % 4 != 1;
}

Unpacked UnpackBody(const uint8_t* data, size_t size, size_t max_output) {
  Unpacked result;
  const Compression announced = DetectCompression(data, size);
  const bool maybe_base64 = size >= 8 && IsBase64Text(data, size);
  if (announced == Compression::kNone && !maybe_base64) return result;
  // gzip's first byte is never a valid tag; a zlib header or base64 text can start a message.
  if (announced != Compression::kGzip && ParsesAsMessage(data, data + size, kDefaultDepthLimit)) return result;
  result.bytes.assign(reinterpret_cast<const char*>(data), size);
  if (maybe_base64) {
    std::string decoded;
    if (DecodeBase64(reinterpret_cast<const char*>(data), size, &decoded) &&
        RankFramings(reinterpret_cast<const uint8_t*>(decoded.data()), decoded.size()).front().framing ==
            Framing::kGrpc) {
      result.steps.push_back(
          {"grpc-web-text: " + Grouped(size) + " base64 characters decoded to " + Grouped(decoded.size()) + " bytes", 0,
           size, false});
      result.bytes = std::move(decoded);
      result.changed = true;
    }
  }
  const auto* body = reinterpret_cast<const uint8_t*>(result.bytes.data());
  const Compression compression = DetectCompression(body, result.bytes.size());
  if (compression == Compression::kNone) {
    if (!result.changed) result.bytes.clear();
    return result;
  }
  std::string inflated;
  const std::string error = Inflate(compression, body, result.bytes.size(), max_output, &inflated);
  result.steps.push_back(
      InflateStep(std::string(CompressionName(compression)) + ":", 0, result.bytes.size(), error, inflated.size()));
  if (error.empty()) {
    result.bytes = std::move(inflated);
    result.changed = true;
  } else if (!result.changed) {
    result.bytes.clear();
  }
  return result;
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
