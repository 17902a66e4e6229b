// Shared by the tests of generated code: decoding that must succeed, said with the error if not.
#ifndef WIRELENS_TESTS_GEN_DECODE_OK_H_
#define WIRELENS_TESTS_GEN_DECODE_OK_H_

#include <gtest/gtest.h>

#include <string>

#include "core/wire/status.h"

namespace wirelens::testing {

// `bytes` decoded into a new M; a failure is a test failure that names the error kind and offset.
template <typename M>
M DecodeOk(const std::string& bytes) {
  M m;
  const Status status = m.Decode(bytes);
  EXPECT_TRUE(status.ok()) << ErrorKindName(status.kind) << " at " << status.offset;
  return m;
}

}  // namespace wirelens::testing

#endif  // WIRELENS_TESTS_GEN_DECODE_OK_H_
