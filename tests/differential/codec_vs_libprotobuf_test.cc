// Differential test of the generated codecs against libprotobuf: seeded random TestAllTypesProto3/2
// messages (every field kind, random presence, nesting up to depth 8, unknown fields) are
// serialized by libprotobuf; our decode -> encode must give the same bytes, and libprotobuf must
// parse our bytes back to an equal message.
#include <gtest/gtest.h>

#include <google/protobuf/descriptor.h>
#include <google/protobuf/descriptor.pb.h>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/message.h>
#include <google/protobuf/reflection.h>
#include <google/protobuf/test_messages_proto2.pb.h>
#include <google/protobuf/test_messages_proto3.pb.h>
#include <google/protobuf/unknown_field_set.h>
#include <google/protobuf/util/field_comparator.h>
#include <google/protobuf/util/message_differencer.h>

#include <cstdlib>
#include <random>
#include <string>

#include "tests/differential/random_filler.h"
#include "google/protobuf/test_messages_proto2.wl.h"
#include "google/protobuf/test_messages_proto3.wl.h"

namespace {

namespace pb = google::protobuf;
using wirelens::testing::RandomFiller;
using wirelens::testing::SerializeDeterministic;

long MessageCount() {
  const char* env = std::getenv("WIRELENS_DIFF_MESSAGES");
  return env ? std::atol(env) : 100000;
}

template <typename Theirs, typename Ours>
void RunDifferential(uint64_t seed) {
  RandomFiller filler(seed);
  pb::util::DefaultFieldComparator comparator;
  comparator.set_treat_nan_as_equal(true);
  pb::util::MessageDifferencer differencer;
  differencer.set_field_comparator(&comparator);
  const long count = MessageCount();
  long total_bytes = 0;
  for (long i = 0; i < count; ++i) {
    // Filled through reflection, map fields are lists of entries (duplicate keys included); a
    // parse turns them into real maps, as any message read from the wire is.
    Theirs filled;
    filler.Fill(&filled, 0);
    Theirs theirs;
    ASSERT_TRUE(theirs.ParseFromString(filled.SerializeAsString()));
    theirs.ByteSizeLong();
    const std::string expected = SerializeDeterministic(theirs);
    total_bytes += static_cast<long>(expected.size());

    Ours ours;
    const wirelens::Status status = ours.Decode(expected);
    ASSERT_TRUE(status.ok()) << "message " << i << ": " << wirelens::ErrorKindName(status.kind) << " at "
                             << status.offset << "\n"
                             << theirs.DebugString();
    const std::string encoded = ours.Encode();
    ASSERT_EQ(encoded.size(), expected.size()) << "message " << i << "\n" << theirs.DebugString();
    ASSERT_TRUE(encoded == expected) << "message " << i << "\n" << theirs.DebugString();

    Theirs reparsed;
    ASSERT_TRUE(reparsed.ParseFromString(encoded)) << "message " << i;
    std::string differences;
    differencer.ReportDifferencesToString(&differences);
    ASSERT_TRUE(differencer.Compare(theirs, reparsed)) << "message " << i << ": " << differences;
  }
  std::printf("[ wirelens ] %s: %ld random messages (%ld bytes) identical to libprotobuf\n",
              Theirs::descriptor()->name().c_str(), count, total_bytes);
}

TEST(CodecDifferential, TestAllTypesProto3) {
  RunDifferential<protobuf_test_messages::proto3::TestAllTypesProto3,
                  wl::protobuf_test_messages::proto3::TestAllTypesProto3>(3);
}

TEST(CodecDifferential, TestAllTypesProto2) {
  RunDifferential<protobuf_test_messages::proto2::TestAllTypesProto2,
                  wl::protobuf_test_messages::proto2::TestAllTypesProto2>(2);
}

}  // namespace
