// Schema loading: .proto text with imports, the bundled well-known types, every error as
// file:line:col, descriptor sets.
#include "core/schema/loader.h"

#include <gtest/gtest.h>

#include "core/wire/test_util.h"

#include <string>

namespace wirelens::schema {
namespace {

const SourceFile kCommon{"common/types.proto", R"(
syntax = "proto3";
package common;
enum Color { COLOR_UNSPECIFIED = 0; RED = 1; }
message Point { int32 x = 1; int32 y = 2; }
)"};

const SourceFile kApi{"api.proto", R"(
syntax = "proto3";
package api;
import "common/types.proto";
import "google/protobuf/timestamp.proto";
message Shape {
  string name = 1;
  repeated common.Point points = 2;
  map<string, int64> tags = 3;
  oneof fill { common.Color color = 4; bytes pattern = 5; }
  google.protobuf.Timestamp created = 6;
  optional uint32 weight = 7;
  message Meta { repeated int32 ids = 1 [packed = false]; }
  Meta meta = 8;
}
)"};

TEST(SchemaLoader, FilesWithImportsAndWellKnownTypes) {
  const LoadResult result = LoadProtoFiles({kCommon, kApi});
  ASSERT_TRUE(result.ok()) << result.errors[0].ToString();
  const Schema& s = result.schema;
  const int shape = s.FindMessage("api.Shape");
  ASSERT_GE(shape, 0);
  EXPECT_EQ(s.FindMessage(".api.Shape"), shape);
  const Message& m = s.messages[shape];
  EXPECT_TRUE(m.proto3);
  ASSERT_EQ(m.fields.size(), 8u);
  const Field* points = m.FindField(2);
  ASSERT_NE(points, nullptr);
  EXPECT_EQ(points->label, Label::kRepeated);
  EXPECT_EQ(s.messages[points->message].full_name, "common.Point");
  const Field* tags = m.FindField(3);
  EXPECT_TRUE(tags->is_map);
  EXPECT_TRUE(s.messages[tags->message].map_entry);
  const Field* color = m.FindField(4);
  EXPECT_EQ(color->oneof, 0);
  EXPECT_EQ(s.enums[color->enumeration].full_name, "common.Color");
  EXPECT_FALSE(s.enums[color->enumeration].closed);
  EXPECT_EQ(s.messages[m.FindField(6)->message].full_name, "google.protobuf.Timestamp");
  EXPECT_TRUE(m.FindField(7)->has_presence);
  EXPECT_FALSE(m.FindField(1)->has_presence);
  EXPECT_FALSE(s.messages[m.FindField(8)->message].FindField(1)->packed);
  EXPECT_GE(s.FindMessage("api.Shape.Meta"), 0);
  EXPECT_EQ(BundledProtoNames().size(), 11u);
}

TEST(SchemaLoader, EverySyntaxErrorWithPosition) {
  const LoadResult result =
      LoadProtoFiles({{"bad.proto", "syntax = \"proto3\";\nmessage A { int32 x = 1 }\nmessage B { strin y = 1; }\n"}});
  ASSERT_GE(result.errors.size(), 1u);
  EXPECT_EQ(result.errors[0].ToString(), "bad.proto:2:25: Expected \";\".");
  EXPECT_TRUE(result.schema.messages.empty());
}

TEST(SchemaLoader, TypeErrorsAllReported) {
  const LoadResult result =
      LoadProtoFiles({{"types.proto", "syntax = \"proto3\";\nmessage A { Missing x = 1; Other y = 2; }\n"}});
  ASSERT_EQ(result.errors.size(), 2u);
  EXPECT_EQ(result.errors[0].ToString(), "types.proto:2:13: \"Missing\" is not defined.");
  EXPECT_EQ(result.errors[1].ToString(), "types.proto:2:28: \"Other\" is not defined.");
}

TEST(SchemaLoader, MissingImportIsNamedAndOtherFilesStayUsable) {
  const LoadResult result =
      LoadProtoFiles({{"a.proto", "syntax = \"proto3\";\nimport \"nowhere/b.proto\";\nmessage A {}\n"}, kCommon});
  ASSERT_FALSE(result.ok());
  bool named = false;
  for (const Diagnostic& d : result.errors) named |= d.ToString().find("nowhere/b.proto") != std::string::npos;
  EXPECT_TRUE(named) << result.errors[0].ToString();
  EXPECT_GE(result.schema.FindMessage("common.Point"), 0);
  EXPECT_LT(result.schema.FindMessage("A"), 0);
}

// Found by fuzz_proto_parser (tests/fuzz/regressions/fuzz_proto_parser/): an import of the empty
// name made an error without a file name.
TEST(SchemaLoader, ImportOfTheEmptyNameIsNamed) {
  const LoadResult result = LoadProtoFiles({{"main.proto", "// Pr EED\n\nimport \"\";\n"}});
  ASSERT_FALSE(result.ok());
  for (const Diagnostic& d : result.errors) EXPECT_FALSE(d.file.empty()) << d.ToString();
  EXPECT_EQ(result.errors[0].ToString(), "import \"\": File not found.");
}

TEST(SchemaLoader, Proto2EnumsAreClosed) {
  const LoadResult result = LoadProtoFiles(
      {{"p2.proto", "syntax = \"proto2\";\nenum E { A = 1; }\nmessage M { optional E e = 1 [default = A]; }\n"}});
  ASSERT_TRUE(result.ok());
  EXPECT_TRUE(result.schema.enums[0].closed);
  EXPECT_STREQ(result.schema.enums[0].NameOf(1), "A");
  EXPECT_EQ(result.schema.enums[0].NameOf(2), nullptr);
}

TEST(SchemaLoader, DescriptorSetGarbageIsAnError) {
  const uint8_t garbage[] = {0xff, 0xff, 0xff};
  const LoadResult result = LoadDescriptorSet(garbage, sizeof garbage);
  ASSERT_EQ(result.errors.size(), 1u);
  EXPECT_EQ(result.errors[0].ToString(), "<descriptor set>: not a serialized FileDescriptorSet");
}

TEST(SchemaLoader, DescriptorSetWithoutImportsUsesBundledTypes) {
  // protoc --descriptor_set_out of: syntax = "proto3"; import "google/protobuf/duration.proto";
  // message T { google.protobuf.Duration d = 1; }   (no --include_imports)
  const char* hex =
      "0a 5f 0a 07 74 2e 70 72 6f 74 6f 1a 1e 67 6f 6f 67 6c 65 2f 70 72 6f 74 6f 62 75 66 2f 64 75 72 61 74 69 6f 6e "
      "2e 70 72 6f 74 6f 22 2c 0a 01 54 12 27 0a 01 64 18 01 20 01 28 0b 32 19 2e 67 6f 6f 67 6c 65 2e 70 72 6f 74 6f "
      "62 75 66 2e 44 75 72 61 74 69 6f 6e 52 01 64 62 06 70 72 6f 74 6f 33";
  const std::string set = wirelens::testing::FromHex(hex);
  const LoadResult result = LoadDescriptorSet(reinterpret_cast<const uint8_t*>(set.data()), set.size());
  ASSERT_TRUE(result.ok()) << (result.errors.empty() ? "" : result.errors[0].ToString());
  const int t = result.schema.FindMessage("T");
  ASSERT_GE(t, 0);
  EXPECT_EQ(result.schema.messages[result.schema.messages[t].fields[0].message].full_name, "google.protobuf.Duration");
}

}  // namespace
}  // namespace wirelens::schema
