// Table-driven codec benchmark: core/table (tables built at run time from the .proto files) against
// the generated codecs' JS binding halves, on the same bytes and tapes, natively.
//   Bench: protobuf.js's 79-byte bench message (bench_cases/bench).
//   Random: 64 random TestAllTypesProto3 (libprotobuf's reflection filler, seeds 1-64), one per run.
//   Packed: a TestAllTypesProto3 with only packed runs, 4096 values each of int32, uint64, sint32,
//   double and bool.
// DecodeToTape: bytes -> tape (the from-JS decode; generated: its transcoder, falling back to the C++
// message); Encode: tape -> bytes (the from-JS encode), on the tape JS would write for the message.
#include <google/protobuf/test_messages_proto3.pb.h>

#include <fstream>
#include <sstream>

#include "bench.wl.js.h"
#include "core/jsbind/exports.h"
#include "core/schema/loader.h"
#include "core/table/decode.h"
#include "core/table/encode.h"
#include "google/protobuf/test_messages_proto3.wl.js.h"
#include "tests/bench/bench_message.h"
#include "tests/bench/kernel.h"
#include "tests/differential/random_filler.h"

namespace wirelens::bench {
namespace {

namespace jsbind = ::wirelens::jsbind;
using Proto3 = wl::protobuf_test_messages::proto3::TestAllTypesProto3;

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string PackedBytes() {
  protobuf_test_messages::proto3::TestAllTypesProto3 m;
  for (int i = 0; i < 4096; ++i) {
    m.add_packed_int32(i * 7919 % 100000 - 50000);
    m.add_packed_uint64(uint64_t{1} << (i % 64));
    m.add_packed_sint32(i - 2048);
    m.add_packed_double(i * 0.25);
    m.add_packed_bool(i % 3 == 0);
  }
  return m.SerializeAsString();
}

// One codec's view of a schema loaded from .proto files.
struct Loaded {
  schema::Schema schema;
  table::Tables tables;
  table::Decoder* decoder = nullptr;
  uint32_t Index(const char* name) const { return static_cast<uint32_t>(schema.FindMessage(name)); }
};

Loaded* Load(const std::string& dir, const char* file, const std::vector<std::string>& import_dirs) {
  schema::LoadResult result = schema::LoadProtoFiles({{file, ReadFile(dir + "/" + file)}}, import_dirs);
  if (!result.ok()) std::abort();
  auto* loaded = new Loaded{std::move(result.schema), {}, nullptr};
  loaded->tables = table::BuildTables(loaded->schema);
  loaded->decoder = new table::Decoder(loaded->tables);
  loaded->decoder->set_keep_strings(true);
  return loaded;
}

void SetInput(const std::string& bytes) {
  jsbind::State& s = jsbind::GlobalState();
  if (!jsbind::GrowBuffer(&s.input, &s.input_capacity, bytes.size() + 1, 0)) std::abort();
  std::memcpy(s.input, bytes.data(), bytes.size());
}

uint64_t TableDecode(const Loaded& l, uint32_t type, const std::string& bytes) {
  jsbind::TapeWriter tape;
  const Status status = l.decoder->Decode(type, reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), tape);
  return status.ok() ? tape.size() : 0;
}

template <typename M>
uint64_t GeneratedDecode(const std::string& bytes) {
  SetInput(bytes);
  return jsbind::DecodeToTape<M>(static_cast<uint32_t>(bytes.size())) + jsbind::GlobalState().tape_end;
}

// The tape JS would write for `bytes`: held in a copy, loaded before each encode run.
struct JsTape {
  std::vector<uint32_t> words;
  std::vector<uint8_t> strings;
};

JsTape MakeJsTape(const Loaded& l, uint32_t type, const std::string& bytes) {
  jsbind::TapeWriter tape;
  if (!l.decoder->Decode(type, reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), tape).ok() ||
      !l.decoder->ToEncodeTape(type, tape.size())) {
    std::abort();
  }
  const jsbind::State& s = jsbind::GlobalState();
  return {std::vector<uint32_t>(s.tape, s.tape + tape.size()),
          std::vector<uint8_t>(s.bytes, s.bytes + s.bytes_capacity)};
}

void LoadJsTape(const JsTape& t) {
  jsbind::State& s = jsbind::GlobalState();
  std::memcpy(s.tape, t.words.data(), t.words.size() * 4);
  s.tape_end = static_cast<uint32_t>(t.words.size());
  std::memcpy(s.bytes, t.strings.data(), t.strings.size());
}

struct State {
  Loaded* all = nullptr;
  Loaded* bench = nullptr;
  std::string bench_bytes = BenchBytes();
  std::string packed = PackedBytes();
  std::vector<std::string> random;
  JsTape bench_tape, packed_tape;
  std::vector<JsTape> random_tapes;
  size_t random_bytes = 0;
  size_t next = 0;
};

}  // namespace

std::vector<Kernel> MakeKernels() {
  static State s;
  const std::string protobuf_src = WIRELENS_PROTOBUF_SRC_DIR "/src";
  s.all = Load(WIRELENS_TEST_PROTO_DIR, "google/protobuf/test_messages_proto3.proto",
               {WIRELENS_TEST_PROTO_DIR, protobuf_src});
  s.bench = Load(WIRELENS_SOURCE_DIR "/bench_cases/bench", "bench.proto", {});
  static const uint32_t all = s.all->Index("protobuf_test_messages.proto3.TestAllTypesProto3");
  static const uint32_t bench = s.bench->Index("Test");
  for (int seed = 1; seed <= 64; ++seed) {
    protobuf_test_messages::proto3::TestAllTypesProto3 m;
    testing::RandomFiller(static_cast<uint64_t>(seed)).Fill(&m, 0);
    s.random.push_back(m.SerializeAsString());
    s.random_bytes += s.random.back().size();
    s.random_tapes.push_back(MakeJsTape(*s.all, all, s.random.back()));
  }
  s.bench_tape = MakeJsTape(*s.bench, bench, s.bench_bytes);
  s.packed_tape = MakeJsTape(*s.all, all, s.packed);
  const size_t random_avg = s.random_bytes / 64;
  auto next_random = [] { return s.next = (s.next + 1) % 64; };
  return {
      {"Generated/BenchDecodeToTape", s.bench_bytes.size(), [] { return GeneratedDecode<wl::Test>(s.bench_bytes); }},
      {"Table/BenchDecodeToTape", s.bench_bytes.size(), [] { return TableDecode(*s.bench, bench, s.bench_bytes); }},
      {"Generated/RandomDecodeToTape", random_avg,
       [next_random] { return GeneratedDecode<Proto3>(s.random[next_random()]); }},
      {"Table/RandomDecodeToTape", random_avg,
       [next_random] { return TableDecode(*s.all, all, s.random[next_random()]); }},
      {"Generated/PackedDecodeToTape", s.packed.size(), [] { return GeneratedDecode<Proto3>(s.packed); }},
      {"Table/PackedDecodeToTape", s.packed.size(), [] { return TableDecode(*s.all, all, s.packed); }},
      {"Generated/BenchEncode", s.bench_bytes.size(),
       [] { return LoadJsTape(s.bench_tape), jsbind::EncodeFromTape<wl::Test>(); }},
      {"Table/BenchEncode", s.bench_bytes.size(),
       [] { return LoadJsTape(s.bench_tape), table::EncodeTapeToOutput(s.bench->tables, bench); }},
      {"Generated/RandomEncode", random_avg,
       [next_random] { return LoadJsTape(s.random_tapes[next_random()]), jsbind::EncodeFromTape<Proto3>(); }},
      {"Table/RandomEncode", random_avg,
       [next_random] {
         return LoadJsTape(s.random_tapes[next_random()]), table::EncodeTapeToOutput(s.all->tables, all);
       }},
      {"Generated/PackedEncode", s.packed.size(),
       [] { return LoadJsTape(s.packed_tape), jsbind::EncodeFromTape<Proto3>(); }},
      {"Table/PackedEncode", s.packed.size(),
       [] { return LoadJsTape(s.packed_tape), table::EncodeTapeToOutput(s.all->tables, all); }},
  };
}

}  // namespace wirelens::bench
