// Workloads shared by the native (Google Benchmark) and wasm (Node) wire micro-benchmarks.
//
// varint-heavy: 100,000 varint fields, values with a bit length uniform in 1..64 (avg ~5 bytes).
// string-heavy: 20,000 string fields of 0..100 ASCII bytes (avg ~50).
// Encode = size pass + write into a buffer of that exact size; decode = read every field and fold
// the values into a checksum (strings as views: their first and last byte), so nothing is skipped.
#ifndef WIRELENS_CORE_WIRE_BENCH_WIRE_BENCH_KERNELS_H_
#define WIRELENS_CORE_WIRE_BENCH_WIRE_BENCH_KERNELS_H_

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "core/wire/reader.h"
#include "core/wire/writer.h"

namespace wirelens::bench {

struct Workload {
  std::vector<uint64_t> varints;
  std::vector<std::string> strings;
};

inline Workload MakeWorkload() {
  Workload w;
  std::mt19937_64 rng(42);
  for (int i = 0; i < 100000; ++i) {
    const int bits = 1 + static_cast<int>(rng() % 64);
    w.varints.push_back(rng() >> (64 - bits));
  }
  for (int i = 0; i < 20000; ++i) {
    std::string s(rng() % 101, ' ');
    for (char& c : s) c = static_cast<char>('a' + rng() % 26);
    w.strings.push_back(std::move(s));
  }
  return w;
}

inline size_t VarintMessageSize(const std::vector<uint64_t>& values) {
  size_t size = 0;
  for (uint64_t v : values) size += TagSize(1) + VarintSize(v);
  return size;
}

inline size_t StringMessageSize(const std::vector<std::string>& values) {
  size_t size = 0;
  for (const std::string& s : values) size += TagSize(2) + LengthDelimitedSize(s.size());
  return size;
}

// Encodes into `out` (resized to the exact size); returns the size.
inline size_t EncodeVarints(const std::vector<uint64_t>& values, std::vector<uint8_t>& out) {
  out.resize(VarintMessageSize(values));
  Writer writer(out.data(), out.size());
  for (uint64_t v : values) writer.WriteUInt64Field(1, v);
  return writer.written();
}

inline size_t EncodeStrings(const std::vector<std::string>& values, std::vector<uint8_t>& out) {
  out.resize(StringMessageSize(values));
  Writer writer(out.data(), out.size());
  for (const std::string& s : values) writer.WriteBytesField(2, s.data(), s.size());
  return writer.written();
}

inline uint64_t DecodeVarints(const std::vector<uint8_t>& bytes) {
  Reader reader(bytes.data(), bytes.size());
  uint64_t sum = 0;
  while (reader.NextField()) {
    uint64_t v;
    if (!reader.ReadVarint(&v)) break;
    sum += v;
  }
  return reader.done() ? sum : 0;
}

inline uint64_t DecodeStrings(const std::vector<uint8_t>& bytes) {
  Reader reader(bytes.data(), bytes.size());
  uint64_t sum = 0;
  while (reader.NextField()) {
    ByteView view;
    if (!reader.ReadLengthDelimited(&view)) break;
    sum += view.size + (view.size ? view.data[0] + view.data[view.size - 1] : 0);
  }
  return reader.done() ? sum : 0;
}

}  // namespace wirelens::bench

#endif  // WIRELENS_CORE_WIRE_BENCH_WIRE_BENCH_KERNELS_H_
