// Generated-code benchmark: wirelens vs libprotobuf (protoc --cpp_out) on the same bytes.
//   Bench: protobuf.js's 79-byte bench message (bench_cases/bench).
//   AllTypes: a TestAllTypesProto3 with every scalar, strings, 3 nested levels, repeated, packed
//   and map fields (~2.4 KB).
//   Packed: a TestAllTypesProto3 with only packed runs, 4096 values each of int32 (one to five
//   bytes), uint64, sint32, double and bool (~66 KB).
//   Sketch: the partialSketch case (bench_cases/partialSketch, seed 1, ~29 MB).
// Decode parses into one reused message (both libraries keep what memory they can); encode
// computes the size and writes into a buffer of exactly that size. JSON: wirelens's ToJson /
// FromJson (core/format/message_format.h) against libprotobuf's MessageToJsonString /
// JsonStringToMessage, default options, on the same messages.
#include <google/protobuf/test_messages_proto3.pb.h>
#include <google/protobuf/util/json_util.h>

#include "bench.pb.h"
#include "bench.wl.h"
#include "bench_cases/partialSketch/generator.h"
#include "core/format/message_format.h"
#include "partialSketch.pb.h"
#include "google/protobuf/test_messages_proto3.wl.h"
#include "tests/bench/bench_message.h"
#include "tests/bench/kernel.h"

namespace wirelens::bench {
namespace {

using OurAllTypes = wl::protobuf_test_messages::proto3::TestAllTypesProto3;
using TheirAllTypes = protobuf_test_messages::proto3::TestAllTypesProto3;

void FillAllTypes(OurAllTypes* m, int depth) {
  m->set_optional_int32(-12345);
  m->set_optional_int64(int64_t{1} << 40);
  m->set_optional_uint32(4000000000u);
  m->set_optional_uint64(~uint64_t{0});
  m->set_optional_sint32(-77);
  m->set_optional_sint64(-77777777777);
  m->set_optional_fixed32(123456);
  m->set_optional_fixed64(1234567890123);
  m->set_optional_float(3.5f);
  m->set_optional_double(-1e100);
  m->set_optional_bool(true);
  m->set_optional_string("The quick brown fox jumps over the lazy dog");
  m->set_optional_bytes(std::string(32, '\x7f'));
  m->mutable_optional_nested_message()->set_a(17);
  for (int i = 0; i < 20; ++i) m->add_repeated_int32(i * 1000 - 3);
  for (int i = 0; i < 20; ++i) m->add_packed_double(i * 0.5);
  for (int i = 0; i < 5; ++i) m->add_repeated_string("item number " + std::to_string(i));
  for (int i = 0; i < 5; ++i) m->add_repeated_nested_message()->set_a(i);
  for (int i = 0; i < 5; ++i) (*m->mutable_map_string_string())["key" + std::to_string(i)] = "value";
  for (int i = 0; i < 5; ++i) (*m->mutable_map_int32_int32())[i] = -i;
  if (depth < 3) FillAllTypes(m->mutable_recursive_message(), depth + 1);
}

std::string AllTypesBytes() {
  OurAllTypes m;
  FillAllTypes(&m, 1);
  return m.Encode();
}

std::string PackedBytes() {
  OurAllTypes m;
  uint32_t x = 12345;
  for (int i = 0; i < 4096; ++i) {
    x = x * 1103515245u + 12345u;  // an LCG: values of every varint length, the same each run
    m.add_packed_int32(static_cast<int32_t>(x >> (i % 32)));
    m.add_packed_uint64(uint64_t{x} << (i % 24));
    m.add_packed_sint32(static_cast<int32_t>(x) >> (i % 31));
    m.add_packed_double(x * 0.001);
    m.add_packed_bool(x & 1);
  }
  return m.Encode();
}

template <typename M>
uint64_t OurDecode(M& m, const std::string& bytes) {
  return m.Decode(bytes).ok() ? m.cached_size() + 1 : 0;
}

template <typename M>
uint64_t TheirDecode(M& m, const std::string& bytes) {
  return m.ParseFromString(bytes) ? 1 : 0;
}

// Each encode and JSON row writes into its own buffer: a buffer shared with the 29 MB Sketch rows
// would keep that capacity, and libprotobuf's StringOutputStream grows its string to the capacity.
template <typename M>
uint64_t OurEncode(const M& m) {
  static std::string out;
  const size_t size = m.ComputeSize();
  out.resize(size);
  m.EncodeWithCachedSizes(reinterpret_cast<uint8_t*>(out.data()));
  return size;
}

template <typename M>
uint64_t TheirEncode(const M& m) {
  static std::string out;
  const size_t size = m.ByteSizeLong();
  out.resize(size);
  m.SerializeWithCachedSizesToArray(reinterpret_cast<uint8_t*>(out.data()));
  return size;
}

template <typename M>
uint64_t OurToJson(const M& m) {
  static std::string out;
  return wirelens::format::ToJson(m, &out).ok() ? out.size() : 0;
}

template <typename M>
uint64_t TheirToJson(const M& m) {
  static std::string out;
  out.clear();
  return google::protobuf::util::MessageToJsonString(m, &out).ok() ? out.size() : 0;
}

template <typename M>
std::string JsonOf(const M& m) {
  std::string json;
  if (!google::protobuf::util::MessageToJsonString(m, &json).ok()) json.clear();
  return json;
}

template <typename M>
uint64_t OurFromJson(M& m, const std::string& json) {
  return wirelens::format::FromJson(json, &m).ok() ? 1 : 0;
}

template <typename M>
uint64_t TheirFromJson(M& m, const std::string& json) {
  return google::protobuf::util::JsonStringToMessage(json, &m).ok() ? 1 : 0;
}

struct State {
  std::string bench = BenchBytes(), all_types = AllTypesBytes(), packed = PackedBytes();
  std::string sketch = bench_cases::GeneratePartialSketch(1).Encode();
  wl::partialsketch::Layer our_sketch;
  partialsketch::Layer their_sketch;
  wl::Test our_bench;
  ::Test their_bench;
  OurAllTypes our_all, our_packed;
  TheirAllTypes their_all, their_packed;
  std::string bench_json, all_types_json, sketch_json;
};

}  // namespace

std::vector<Kernel> MakeKernels() {
  static State s;
  OurDecode(s.our_bench, s.bench);
  TheirDecode(s.their_bench, s.bench);
  OurDecode(s.our_all, s.all_types);
  TheirDecode(s.their_all, s.all_types);
  OurDecode(s.our_packed, s.packed);
  TheirDecode(s.their_packed, s.packed);
  OurDecode(s.our_sketch, s.sketch);
  TheirDecode(s.their_sketch, s.sketch);
  s.bench_json = JsonOf(s.their_bench);
  s.all_types_json = JsonOf(s.their_all);
  s.sketch_json = JsonOf(s.their_sketch);
  return {
      {"Wirelens/BenchDecode", s.bench.size(), [] { return OurDecode(s.our_bench, s.bench); }},
      {"Libprotobuf/BenchDecode", s.bench.size(), [] { return TheirDecode(s.their_bench, s.bench); }},
      {"Wirelens/BenchEncode", s.bench.size(), [] { return OurEncode(s.our_bench); }},
      {"Libprotobuf/BenchEncode", s.bench.size(), [] { return TheirEncode(s.their_bench); }},
      {"Wirelens/AllTypesDecode", s.all_types.size(), [] { return OurDecode(s.our_all, s.all_types); }},
      {"Libprotobuf/AllTypesDecode", s.all_types.size(), [] { return TheirDecode(s.their_all, s.all_types); }},
      {"Wirelens/AllTypesEncode", s.all_types.size(), [] { return OurEncode(s.our_all); }},
      {"Libprotobuf/AllTypesEncode", s.all_types.size(), [] { return TheirEncode(s.their_all); }},
      {"Wirelens/PackedDecode", s.packed.size(), [] { return OurDecode(s.our_packed, s.packed); }},
      {"Libprotobuf/PackedDecode", s.packed.size(), [] { return TheirDecode(s.their_packed, s.packed); }},
      {"Wirelens/PackedEncode", s.packed.size(), [] { return OurEncode(s.our_packed); }},
      {"Libprotobuf/PackedEncode", s.packed.size(), [] { return TheirEncode(s.their_packed); }},
      {"Wirelens/SketchDecode", s.sketch.size(), [] { return OurDecode(s.our_sketch, s.sketch); }},
      {"Libprotobuf/SketchDecode", s.sketch.size(), [] { return TheirDecode(s.their_sketch, s.sketch); }},
      {"Wirelens/SketchEncode", s.sketch.size(), [] { return OurEncode(s.our_sketch); }},
      {"Libprotobuf/SketchEncode", s.sketch.size(), [] { return TheirEncode(s.their_sketch); }},
      {"Wirelens/BenchToJson", s.bench_json.size(), [] { return OurToJson(s.our_bench); }},
      {"Libprotobuf/BenchToJson", s.bench_json.size(), [] { return TheirToJson(s.their_bench); }},
      {"Wirelens/BenchFromJson", s.bench_json.size(), [] { return OurFromJson(s.our_bench, s.bench_json); }},
      {"Libprotobuf/BenchFromJson", s.bench_json.size(), [] { return TheirFromJson(s.their_bench, s.bench_json); }},
      {"Wirelens/AllTypesToJson", s.all_types_json.size(), [] { return OurToJson(s.our_all); }},
      {"Libprotobuf/AllTypesToJson", s.all_types_json.size(), [] { return TheirToJson(s.their_all); }},
      {"Wirelens/AllTypesFromJson", s.all_types_json.size(), [] { return OurFromJson(s.our_all, s.all_types_json); }},
      {"Libprotobuf/AllTypesFromJson", s.all_types_json.size(),
       [] { return TheirFromJson(s.their_all, s.all_types_json); }},
      {"Wirelens/SketchToJson", s.sketch_json.size(), [] { return OurToJson(s.our_sketch); }},
      {"Libprotobuf/SketchToJson", s.sketch_json.size(), [] { return TheirToJson(s.their_sketch); }},
      {"Wirelens/SketchFromJson", s.sketch_json.size(), [] { return OurFromJson(s.our_sketch, s.sketch_json); }},
      {"Libprotobuf/SketchFromJson", s.sketch_json.size(), [] { return TheirFromJson(s.their_sketch, s.sketch_json); }},
  };
}

}  // namespace wirelens::bench
