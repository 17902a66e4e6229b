// Native wire micro-benchmark: core/wire vs libprotobuf's coded streams on the same workloads.
// Run: build/native/core/wire/bench/wire_bench_native  (or `make bench-wire` for the comparison
// with the wasm build, printed as ratios).
#include <benchmark/benchmark.h>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/wire_format_lite.h>

#include "core/wire/bench/wire_bench_kernels.h"

namespace wirelens::bench {
namespace {

namespace pbio = google::protobuf::io;
using google::protobuf::internal::WireFormatLite;

const Workload& TheWorkload() {
  static const Workload workload = MakeWorkload();
  return workload;
}

template <typename Fn>
void Run(benchmark::State& state, size_t bytes_per_op, Fn fn) {
  for (auto _ : state) benchmark::DoNotOptimize(fn());
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes_per_op));
}

void BM_Wirelens_VarintEncode(benchmark::State& state) {
  std::vector<uint8_t> out;
  const size_t size = EncodeVarints(TheWorkload().varints, out);
  Run(state, size, [&] { return EncodeVarints(TheWorkload().varints, out); });
}

void BM_Wirelens_VarintDecode(benchmark::State& state) {
  std::vector<uint8_t> bytes;
  const size_t size = EncodeVarints(TheWorkload().varints, bytes);
  Run(state, size, [&] { return DecodeVarints(bytes); });
}

void BM_Wirelens_StringEncode(benchmark::State& state) {
  std::vector<uint8_t> out;
  const size_t size = EncodeStrings(TheWorkload().strings, out);
  Run(state, size, [&] { return EncodeStrings(TheWorkload().strings, out); });
}

void BM_Wirelens_StringDecode(benchmark::State& state) {
  std::vector<uint8_t> bytes;
  const size_t size = EncodeStrings(TheWorkload().strings, bytes);
  Run(state, size, [&] { return DecodeStrings(bytes); });
}

// libprotobuf: the same size pass (WireFormatLite sizes) and CodedOutputStream writes.
size_t PbEncodeVarints(std::vector<uint8_t>& out) {
  size_t size = 0;
  for (uint64_t v : TheWorkload().varints) size += 1 + WireFormatLite::UInt64Size(v);
  out.resize(size);
  pbio::ArrayOutputStream array(out.data(), static_cast<int>(out.size()));
  pbio::CodedOutputStream stream(&array);
  for (uint64_t v : TheWorkload().varints) WireFormatLite::WriteUInt64(1, v, &stream);
  stream.Trim();
  return static_cast<size_t>(stream.ByteCount());
}

size_t PbEncodeStrings(std::vector<uint8_t>& out) {
  size_t size = 0;
  for (const std::string& s : TheWorkload().strings) size += 1 + WireFormatLite::StringSize(s);
  out.resize(size);
  pbio::ArrayOutputStream array(out.data(), static_cast<int>(out.size()));
  pbio::CodedOutputStream stream(&array);
  for (const std::string& s : TheWorkload().strings) WireFormatLite::WriteString(2, s, &stream);
  stream.Trim();
  return static_cast<size_t>(stream.ByteCount());
}

uint64_t PbDecodeVarints(const std::vector<uint8_t>& bytes) {
  pbio::CodedInputStream in(bytes.data(), static_cast<int>(bytes.size()));
  uint64_t sum = 0;
  while (in.ReadTag() != 0) {
    uint64_t v;
    if (!in.ReadVarint64(&v)) return 0;
    sum += v;
  }
  return sum;
}

uint64_t PbDecodeStrings(const std::vector<uint8_t>& bytes) {
  pbio::CodedInputStream in(bytes.data(), static_cast<int>(bytes.size()));
  uint64_t sum = 0;
  while (in.ReadTag() != 0) {
    uint32_t length;
    const void* data;
    int available;
    if (!in.ReadVarint32(&length) || !in.GetDirectBufferPointer(&data, &available)) {
      if (length != 0) return 0;
    }
    const auto* p = static_cast<const uint8_t*>(data);
    sum += length + (length ? p[0] + p[length - 1] : 0);
    if (!in.Skip(static_cast<int>(length))) return 0;
  }
  return sum;
}

void BM_Libprotobuf_VarintEncode(benchmark::State& state) {
  std::vector<uint8_t> out;
  const size_t size = PbEncodeVarints(out);
  Run(state, size, [&] { return PbEncodeVarints(out); });
}

void BM_Libprotobuf_VarintDecode(benchmark::State& state) {
  std::vector<uint8_t> bytes;
  const size_t size = EncodeVarints(TheWorkload().varints, bytes);
  Run(state, size, [&] { return PbDecodeVarints(bytes); });
}

void BM_Libprotobuf_StringEncode(benchmark::State& state) {
  std::vector<uint8_t> out;
  const size_t size = PbEncodeStrings(out);
  Run(state, size, [&] { return PbEncodeStrings(out); });
}

void BM_Libprotobuf_StringDecode(benchmark::State& state) {
  std::vector<uint8_t> bytes;
  const size_t size = EncodeStrings(TheWorkload().strings, bytes);
  Run(state, size, [&] { return PbDecodeStrings(bytes); });
}

BENCHMARK(BM_Wirelens_VarintEncode);
BENCHMARK(BM_Libprotobuf_VarintEncode);
BENCHMARK(BM_Wirelens_VarintDecode);
BENCHMARK(BM_Libprotobuf_VarintDecode);
BENCHMARK(BM_Wirelens_StringEncode);
BENCHMARK(BM_Libprotobuf_StringEncode);
BENCHMARK(BM_Wirelens_StringDecode);
BENCHMARK(BM_Libprotobuf_StringDecode);

}  // namespace
}  // namespace wirelens::bench

BENCHMARK_MAIN();
