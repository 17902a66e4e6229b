// Text format differential: for random TestAllTypesProto3/2 messages (tests/differential/
// random_filler.h), the inspector's text format equals libprotobuf's TextFormat (what
// `protoc --decode=TYPE` prints) and its raw text format equals what `protoc --decode_raw` prints.
#include <gtest/gtest.h>

#include <google/protobuf/test_messages_proto2.pb.h>
#include <google/protobuf/test_messages_proto3.pb.h>
#include <google/protobuf/text_format.h>

#include <fstream>
#include <sstream>

#include "core/format/text_format.h"
#include "core/inspect/inspector.h"
#include "core/schema/loader.h"
#include "tests/differential/random_filler.h"

namespace {

namespace pb = google::protobuf;

std::string ReadSource(const std::string& name) {
  std::ifstream in(std::string(WIRELENS_PROTOBUF_SRC_DIR) + "/src/" + name);
  std::ostringstream content;
  content << in.rdbuf();
  return content.str();
}

const wirelens::schema::Schema& TestSchema() {
  static const wirelens::schema::LoadResult loaded = wirelens::schema::LoadProtoFiles({
      {"google/protobuf/test_messages_proto3.proto", ReadSource("google/protobuf/test_messages_proto3.proto")},
      {"google/protobuf/test_messages_proto2.proto", ReadSource("google/protobuf/test_messages_proto2.proto")},
  });
  EXPECT_TRUE(loaded.ok()) << (loaded.errors.empty() ? "" : loaded.errors[0].ToString());
  return loaded.schema;
}

template <typename Theirs>
void RunTextDifferential(uint64_t seed, int count) {
  const wirelens::schema::Schema& schema = TestSchema();
  const int root = schema.FindMessage(Theirs::descriptor()->full_name());
  ASSERT_GE(root, 0);
  wirelens::testing::RandomFiller filler(seed);
  for (int i = 0; i < count; ++i) {
    Theirs filled;
    filler.Fill(&filled, 0);
    const std::string bytes = filled.SerializeAsString();
    Theirs parsed;
    ASSERT_TRUE(parsed.ParseFromString(bytes));
    const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());

    std::string expected;
    pb::TextFormat::PrintToString(parsed, &expected);
    const wirelens::inspect::NodeList list = wirelens::inspect::Inspect(data, bytes.size(), &schema, root);
    ASSERT_TRUE(list.first_error.ok()) << "message " << i;
    ASSERT_EQ(wirelens::format::TextFormat(list, data, schema), expected) << "message " << i;

    pb::UnknownFieldSet raw;
    ASSERT_TRUE(raw.ParseFromString(bytes));
    std::string expected_raw, ours_raw;
    pb::TextFormat::PrintUnknownFieldsToString(raw, &expected_raw);
    ASSERT_TRUE(wirelens::format::RawTextFormat(data, bytes.size(), &ours_raw));
    ASSERT_EQ(ours_raw, expected_raw) << "message " << i;
  }
}

TEST(TextFormatDifferential, TestAllTypesProto3) {
  RunTextDifferential<protobuf_test_messages::proto3::TestAllTypesProto3>(33, 3000);
}

TEST(TextFormatDifferential, TestAllTypesProto2) {
  RunTextDifferential<protobuf_test_messages::proto2::TestAllTypesProto2>(22, 3000);
}

}  // namespace
