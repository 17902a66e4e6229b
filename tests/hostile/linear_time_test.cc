// Quadratic traps: each input is run at 1x and 10x its size and the time must grow linearly.
// Linear is a ratio of 10; caches push the inspector's up to about 25 (its node list outgrows them
// at 10x); a quadratic algorithm would show 100. Bound: 40. Best of three timings, to ride out a
// noisy machine, with freed memory kept by malloc so that every timing after the first reuses its
// pages: a large node list otherwise comes from fresh pages each time, and their first touch costs
// what the machine's kernel and hypervisor make it (x65-x96 instead of x10 on an AMD EPYC VM),
// which is not what this test is about.
#include <gtest/gtest.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <chrono>
#include <climits>
#include <functional>
#include <string>

#include "core/inspect/inspector.h"
#include "core/schema/loader.h"
#include "google/protobuf/test_messages_proto3.wl.h"

namespace {

constexpr double kMaxRatio = 40.0;

#if defined(__GLIBC__)
// Large blocks from the heap rather than mmap, and the heap never trimmed (see the top).
[[maybe_unused]] const bool kMallocKeepsPages =
    mallopt(M_MMAP_THRESHOLD, 1 << 30) == 1 && mallopt(M_TRIM_THRESHOLD, INT_MAX) == 1;
#endif

double BestSeconds(const std::function<void()>& run) {
  double best = 1e9;
  for (int i = 0; i < 3; ++i) {
    const auto start = std::chrono::steady_clock::now();
    run();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return best;
}

// Ratio of the times of `run(make(10 * n))` and `run(make(n))`.
double GrowthRatio(const char* what, size_t n, const std::function<std::string(size_t)>& make,
                   const std::function<void(const std::string&)>& run) {
  const std::string small = make(n), large = make(10 * n);
  const double t1 = BestSeconds([&] { run(small); });
  const double t10 = BestSeconds([&] { run(large); });
  const double ratio = t10 / std::max(t1, 1e-6);
  std::printf("[ wirelens ] %-44s %9zu -> %10zu bytes: %8.4f s -> %8.4f s (x%.1f)\n", what, small.size(), large.size(),
              t1, t10, ratio);
  return ratio;
}

void InspectRaw(const std::string& bytes) {
  const auto list =
      wirelens::inspect::Inspect(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), nullptr, -1);
  ASSERT_TRUE(list.first_error.ok());
}

const wirelens::schema::Schema& Proto3Schema() {
  static const wirelens::schema::LoadResult loaded = wirelens::schema::LoadProtoFiles(
      {{"t.proto", "syntax = \"proto3\";\nmessage T { repeated int32 values = 31; int32 single = 1; }\n"}});
  return loaded.schema;
}

void InspectTyped(const std::string& bytes) {
  const auto& schema = Proto3Schema();
  const auto list = wirelens::inspect::Inspect(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), &schema,
                                               schema.FindMessage("T"));
  ASSERT_TRUE(list.first_error.ok());
}

void Decode(const std::string& bytes) {
  wl::protobuf_test_messages::proto3::TestAllTypesProto3 message;
  ASSERT_TRUE(message.Decode(bytes).ok());
}

std::string Repeat(const std::string& chunk, size_t bytes) {
  std::string out;
  out.reserve(bytes + chunk.size());
  while (out.size() < bytes) out += chunk;
  return out;
}

TEST(LinearTime, NestedOneByteLengthPrefixes) {
  // 1 MB and 10 MB of small nested messages: 0a 06 { 0a 04 { 0a 02 { 08 01 } } }.
  const auto make = [](size_t n) { return Repeat(std::string("\x0a\x06\x0a\x04\x0a\x02\x08\x01", 8), n); };
  EXPECT_LE(GrowthRatio("inspect raw, nested 1-byte length prefixes", 1 << 20, make, InspectRaw), kMaxRatio);
}

TEST(LinearTime, FieldRepeatedAMillionTimes) {
  // repeated_int32 (31), unpacked: f8 01 01, 100,000 and 1,000,000 times.
  const auto make = [](size_t n) { return Repeat(std::string("\xf8\x01\x01", 3), 3 * n); };
  EXPECT_LE(GrowthRatio("decode, one field x1e5 -> x1e6", 100000, make, Decode), kMaxRatio);
  EXPECT_LE(GrowthRatio("inspect with schema, one field x1e5 -> x1e6", 100000, make, InspectTyped), kMaxRatio);
}

TEST(LinearTime, PackedFieldOfAMillionElements) {
  const auto make = [](size_t n) {
    std::string out = "\xfa\x01";  // repeated_int32, packed
    size_t length = n;
    while (length >= 0x80) {
      out += static_cast<char>((length & 0x7f) | 0x80);
      length >>= 7;
    }
    out += static_cast<char>(length);
    return out + std::string(n, '\x01');
  };
  EXPECT_LE(GrowthRatio("decode, packed 1e5 -> 1e6 elements", 100000, make, Decode), kMaxRatio);
  EXPECT_LE(GrowthRatio("inspect with schema, packed 1e5 -> 1e6 elements", 100000, make, InspectTyped), kMaxRatio);
}

TEST(LinearTime, ProtoWithTenThousandMessages) {
  const auto make = [](size_t n) {
    std::string text = "syntax = \"proto3\";\npackage big;\n";
    for (size_t i = 0; i < n; ++i) {
      const std::string name = "M" + std::to_string(i);
      text +=
          "message " + name + " { int32 a = 1; " + (i > 0 ? "M" + std::to_string(i - 1) + " prev = 2;" : "") + " }\n";
    }
    return text;
  };
  const auto load = [](const std::string& text) {
    const auto result = wirelens::schema::LoadProtoFiles({{"big.proto", text}});
    ASSERT_TRUE(result.ok());
  };
  EXPECT_LE(GrowthRatio("load .proto, 1,000 -> 10,000 messages", 1000, make, load), kMaxRatio);
}

}  // namespace
