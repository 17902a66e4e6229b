// Compress(bytes, window_bits): bytes compressed by zlib itself, for the unpacking tests: gzip
// (window bits 31), zlib (15) or raw deflate (-15).
#ifndef WIRELENS_TESTS_INSPECT_COMPRESS_H_
#define WIRELENS_TESTS_INSPECT_COMPRESS_H_

#include <gtest/gtest.h>
#include <zlib.h>

#include <string>

namespace wirelens::testing {

// `level` 1 (fastest) to 9 (smallest).
inline std::string Compress(const std::string& bytes, int window_bits, int level = 9) {
  z_stream stream{};
  EXPECT_EQ(deflateInit2(&stream, level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY), Z_OK);
  std::string out(deflateBound(&stream, bytes.size()) + 32, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  stream.avail_in = static_cast<uInt>(bytes.size());
  stream.next_out = reinterpret_cast<Bytef*>(&out[0]);
  stream.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&stream, Z_FINISH), Z_STREAM_END);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  return out;
}

}  // namespace wirelens::testing

#endif  // WIRELENS_TESTS_INSPECT_COMPRESS_H_
