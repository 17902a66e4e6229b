// The conformance testees' side of the runner's protocol: stdin/stdout frames, each a 4-byte
// little-endian length and a serialized message (a ConformanceRequest in, a ConformanceResponse out).
#ifndef WIRELENS_TESTS_CONFORMANCE_TESTEE_LOOP_H_
#define WIRELENS_TESTS_CONFORMANCE_TESTEE_LOOP_H_

#include <unistd.h>

#include <cstdint>
#include <string>

#include "conformance.wl.h"

namespace wirelens::conformance_testee {

using wl::conformance::ConformanceRequest;
using wl::conformance::ConformanceResponse;

inline bool ReadExact(void* buffer, size_t size) {
  auto* p = static_cast<char*>(buffer);
  while (size > 0) {
    const ssize_t n = read(STDIN_FILENO, p, size);
    if (n <= 0) return false;
    p += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

inline bool WriteExact(const void* buffer, size_t size) {
  const auto* p = static_cast<const char*>(buffer);
  while (size > 0) {
    const ssize_t n = write(STDOUT_FILENO, p, size);
    if (n <= 0) return false;
    p += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

// Answers requests until the runner closes the pipe (returns 0), or a frame cannot be read or
// written (1).
inline int AnswerRequests(ConformanceResponse (*answer)(const ConformanceRequest&)) {
  for (;;) {
    uint32_t length;
    if (!ReadExact(&length, 4)) return 0;
    std::string frame(length, '\0');
    if (!ReadExact(frame.data(), length)) return 1;
    ConformanceRequest request;
    ConformanceResponse response;
    if (request.Decode(frame).ok()) {
      response = answer(request);
    } else {
      response.set_runtime_error("cannot decode the ConformanceRequest");
    }
    const std::string out = response.Encode();
    const uint32_t out_length = static_cast<uint32_t>(out.size());
    if (!WriteExact(&out_length, 4) || !WriteExact(out.data(), out.size())) return 1;
  }
}

}  // namespace wirelens::conformance_testee

#endif  // WIRELENS_TESTS_CONFORMANCE_TESTEE_LOOP_H_
