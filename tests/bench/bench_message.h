// protobuf.js's bench message (bench_cases/bench), built with bench.proto's generated setters
// (namespace wl): the small payload the C++ benchmark programs time.
#ifndef WIRELENS_TESTS_BENCH_BENCH_MESSAGE_H_
#define WIRELENS_TESTS_BENCH_BENCH_MESSAGE_H_

#include <cstdint>
#include <string>

#include "bench.wl.h"

namespace wirelens::bench {

inline std::string BenchBytes() {
  wl::Test m;
  m.set_string("Lorem ipsum dolor sit amet.");
  m.set_uint32(9000);
  m.set_float_(0.25f);
  wl::Inner* inner = m.mutable_inner();
  inner->set_int32(20161110);
  inner->mutable_innerinner()->set_long_(int64_t{151234} * (int64_t{1} << 32) + 1051);
  inner->mutable_innerinner()->set_enum_(wl::Enum::TWO);
  inner->mutable_innerinner()->set_sint32(-42);
  *inner->mutable_outer()->mutable_bool_() = {true, false, false, true, false, false, true};
  inner->mutable_outer()->set_double_(204.8);
  return m.Encode();
}

}  // namespace wirelens::bench

#endif  // WIRELENS_TESTS_BENCH_BENCH_MESSAGE_H_
