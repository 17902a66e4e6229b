// Unpacking a captured payload before it is inspected: a grpc-web-text body (base64) decoded, a
// gzip / zlib body inflated, gRPC frames flagged as compressed inflated in place. Each step is
// recorded with the byte range it read, so the UI and the CLI can say where the bytes came from.
// Inflating is bounded: a decompression bomb stops at the caller's limit with a clear message.
#ifndef WIRELENS_CORE_INSPECT_UNPACK_H_
#define WIRELENS_CORE_INSPECT_UNPACK_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/text/base64.h"

namespace wirelens::inspect {

enum class Compression : uint8_t {
  kNone,
  kGzip,     // RFC 1952: 1f 8b 08 ...
  kZlib,     // RFC 1950: a CMF/FLG pair naming deflate (gRPC's "deflate" encoding is this)
  kDeflate,  // RFC 1951 raw deflate: no header, so never detected; only inflated when asked
};

// "none", "gzip", "zlib", "deflate".
const char* CompressionName(Compression compression);

// The compression the bytes announce by their header: kGzip, kZlib or kNone.
Compression DetectCompression(const uint8_t* data, size_t size);

// An inflate a slice at a time, so that a UI keeps drawing frames meanwhile. Reads [data, data +
// size) as `compression` (not kNone), which must outlive it; at most `max_output` bytes come out.
class Inflater {
 public:
  Inflater(Compression compression, const uint8_t* data, size_t size, size_t max_output);
  ~Inflater();
  Inflater(const Inflater&) = delete;
  Inflater& operator=(const Inflater&) = delete;

  // Inflates until about `output_budget` more bytes came out (at least one zlib call's worth, up to
  // 1 MiB, may overshoot it) or the stream ends. True while there is more to do.
  bool Step(size_t output_budget);
  // The share of the input read, 0 to 1.
  double progress() const;
  // Once Step returned false: empty, or why it failed (as Inflate says it).
  const std::string& error() const;
  // What came out so far (all of it once done; the caller may move it away then).
  std::string& output();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// Inflates [data, data + size) as `compression` (not kNone) into *out, at most `max_output` bytes.
// Returns an empty string, or why it failed: a corrupt or truncated stream (zlib's message and the
// input offset), trailing bytes after the stream, or the output limit reached ("... more than N
// bytes: a decompression bomb?"). *out holds what was inflated either way.
std::string Inflate(Compression compression, const uint8_t* data, size_t size, size_t max_output, std::string* out);

// One unpacking step: what was done to which input bytes (offsets in the step's input).
struct UnpackStep {
  std::string what;  // e.g. "gzip: 1,204 bytes at 0 inflated to 9,811 bytes"
  uint64_t input_offset = 0;
  uint64_t input_size = 0;
  bool failed = false;  // then the step's input was kept as it was
};

struct Unpacked {
  bool changed = false;  // a step succeeded: inspect `bytes` instead of the input
  std::string bytes;     // the unpacked payload when changed, else empty
  std::vector<UnpackStep> steps;
};

// UnpackBody a slice at a time: the constructor detects and base64-decodes (fast), Step inflates
// (as Inflater::Step; false when there is nothing, or nothing more, to inflate), Finish gives what
// UnpackBody would have. `data` must outlive it.
class BodyUnpacker {
 public:
  BodyUnpacker(const uint8_t* data, size_t size, size_t max_output);
  ~BodyUnpacker();
  BodyUnpacker(const BodyUnpacker&) = delete;
  BodyUnpacker& operator=(const BodyUnpacker&) = delete;

  bool Step(size_t output_budget);
  // True when there is an inflate to run (a UI shows its progress then).
  bool inflating() const { return inflater_ != nullptr; }
  double progress() const;
  // Precondition: Step returned false. Call once.
  Unpacked Finish();

 private:
  Unpacked result_;
  Compression compression_ = Compression::kNone;
  size_t inflate_size_ = 0;
  std::unique_ptr<Inflater> inflater_;
};

// The body of a capture made readable: a grpc-web-text body (only base64 characters and
// whitespace, decoding to complete gRPC frames) is decoded, then a body that starts with a gzip
// or zlib header is inflated. A body that parses as a protobuf message as it is stays as it is
// (a zlib header or base64 text can be a valid message). At most `max_output` bytes come out of
// an inflate.
Unpacked UnpackBody(const uint8_t* data, size_t size, size_t max_output);

// gRPC frames with the compressed flag whose body has a gzip or zlib header are inflated and
// rewritten as uncompressed frames (flag cleared, length updated); other bytes are copied as they
// are. Stops rewriting at the first header it cannot read. At most `max_output` bytes in all.
// Unchanged (and no copy kept) when no frame needed it.
Unpacked InflateGrpcFrames(const uint8_t* data, size_t size, size_t max_output);

}  // namespace wirelens::inspect

#endif  // WIRELENS_CORE_INSPECT_UNPACK_H_
