// GrpcFrame(flags, body): one gRPC / gRPC-web frame (flags byte, 4-byte big-endian length, body),
// for the framing and unpacking tests.
#ifndef WIRELENS_TESTS_INSPECT_GRPC_FRAME_H_
#define WIRELENS_TESTS_INSPECT_GRPC_FRAME_H_

#include <cstdint>
#include <string>

namespace wirelens::testing {

inline std::string GrpcFrame(uint8_t flags, const std::string& body) {
  const auto n = static_cast<uint32_t>(body.size());
  std::string out{static_cast<char>(flags), static_cast<char>(n >> 24), static_cast<char>(n >> 16),
                  static_cast<char>(n >> 8), static_cast<char>(n)};
  return out + body;
}

}  // namespace wirelens::testing

#endif  // WIRELENS_TESTS_INSPECT_GRPC_FRAME_H_
