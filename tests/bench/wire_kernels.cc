// Wire micro-benchmark: core/wire vs libprotobuf's coded streams on the same workloads.
//   varint-heavy: 100,000 varint fields, bit lengths uniform in 1..64 (avg ~5 bytes);
//   string-heavy: 20,000 string fields of 0..100 bytes (avg ~50).
// Encode = size pass + write into a buffer of exactly that size; decode = read every field into a
// checksum (strings as views: their length, first and last byte).
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/wire_format_lite.h>

#include <random>

#include "core/wire/reader.h"
#include "core/wire/writer.h"
#include "tests/bench/kernel.h"

namespace wirelens::bench {
namespace {

namespace pbio = google::protobuf::io;
using google::protobuf::internal::WireFormatLite;

struct Workload {
  std::vector<uint64_t> varints;
  std::vector<std::string> strings;
  std::vector<uint8_t> varint_bytes, string_bytes, scratch;
};

Workload& TheWorkload() {
  static Workload w = [] {
    Workload w;
    std::mt19937_64 rng(42);
    for (int i = 0; i < 100000; ++i) w.varints.push_back(rng() >> (63 - rng() % 64));
    for (int i = 0; i < 20000; ++i) {
      std::string s(rng() % 101, ' ');
      for (char& c : s) c = static_cast<char>('a' + rng() % 26);
      w.strings.push_back(std::move(s));
    }
    return w;
  }();
  return w;
}

size_t EncodeVarints(std::vector<uint8_t>& out) {
  size_t size = 0;
  for (uint64_t v : TheWorkload().varints) size += TagSize(1) + VarintSize(v);
  out.resize(size);
  Writer writer(out.data(), out.size());
  for (uint64_t v : TheWorkload().varints) writer.WriteUInt64Field(1, v);
  return writer.written();
}

size_t EncodeStrings(std::vector<uint8_t>& out) {
  size_t size = 0;
  for (const std::string& s : TheWorkload().strings) size += TagSize(2) + LengthDelimitedSize(s.size());
  out.resize(size);
  Writer writer(out.data(), out.size());
  for (const std::string& s : TheWorkload().strings) writer.WriteBytesField(2, s.data(), s.size());
  return writer.written();
}

uint64_t DecodeVarints(const std::vector<uint8_t>& bytes) {
  Reader reader(bytes.data(), bytes.size());
  uint64_t sum = 0;
  while (reader.NextField()) {
    uint64_t v;
    if (!reader.ReadVarint(&v)) break;
    sum += v;
  }
  return reader.done() ? sum : 0;
}

uint64_t DecodeStrings(const std::vector<uint8_t>& bytes) {
  Reader reader(bytes.data(), bytes.size());
  uint64_t sum = 0;
  while (reader.NextField()) {
    ByteView view;
    if (!reader.ReadLengthDelimited(&view)) break;
    sum += view.size + (view.size ? view.data[0] + view.data[view.size - 1] : 0);
  }
  return reader.done() ? sum : 0;
}

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
    uint32_t length = 0;
    const void* data = nullptr;
    int available = 0;
    if (!in.ReadVarint32(&length)) return 0;
    if (length != 0 && !in.GetDirectBufferPointer(&data, &available)) return 0;
    const auto* p = static_cast<const uint8_t*>(data);
    sum += length + (length ? p[0] + p[length - 1] : 0);
    if (!in.Skip(static_cast<int>(length))) return 0;
  }
  return sum;
}

}  // namespace

std::vector<Kernel> MakeKernels() {
  Workload& w = TheWorkload();
  const size_t varint_size = EncodeVarints(w.varint_bytes);
  const size_t string_size = EncodeStrings(w.string_bytes);
  return {
      {"Wirelens/VarintEncode", varint_size, [&w] { return EncodeVarints(w.scratch); }},
      {"Libprotobuf/VarintEncode", varint_size, [&w] { return PbEncodeVarints(w.scratch); }},
      {"Wirelens/VarintDecode", varint_size, [&w] { return DecodeVarints(w.varint_bytes); }},
      {"Libprotobuf/VarintDecode", varint_size, [&w] { return PbDecodeVarints(w.varint_bytes); }},
      {"Wirelens/StringEncode", string_size, [&w] { return EncodeStrings(w.scratch); }},
      {"Libprotobuf/StringEncode", string_size, [&w] { return PbEncodeStrings(w.scratch); }},
      {"Wirelens/StringDecode", string_size, [&w] { return DecodeStrings(w.string_bytes); }},
      {"Libprotobuf/StringDecode", string_size, [&w] { return PbDecodeStrings(w.string_bytes); }},
  };
}

}  // namespace wirelens::bench
