// Inferring a .proto from raw payloads: the guessed shapes and types, and the result decoding
// its own inputs with every field known and no wire-type mismatch.
#include "core/inspect/infer.h"

#include <gtest/gtest.h>

#include <string>

#include "core/inspect/inspector.h"
#include "core/schema/loader.h"
#include "core/wire/test_util.h"

namespace wirelens::inspect {
namespace {

std::string H(const char* hex) { return wirelens::testing::FromHex(hex); }
const uint8_t* Data(const std::string& bytes) { return reinterpret_cast<const uint8_t*>(bytes.data()); }

// Two payloads of one message type: a string, a nested message (repeated in the second), a
// repeated int32 sent packed and unpacked, a negative int64, a double, a bool, a group, bytes.
const std::string kFirst =
    H("0a 05 68 65 6c 6c 6f"              // 1: "hello"
      "12 04 08 01 10 02"                 // 2: { 1: 1  2: 2 }
      "18 05 18 06"                       // 3: 5, 3: 6 (unpacked)
      "20 ff ff ff ff ff ff ff ff ff 01"  // 4: -1
      "29 00 00 00 00 00 00 f8 3f"        // 5: 1.5
      "30 01"                             // 6: true
      "3b 08 07 3c"                       // 7: group { 1: 7 }
      "42 03 ff 00 fe");                  // 8: bytes
const std::string kSecond =
    H("0a 02 68 69"              // 1: "hi"
      "12 02 08 03 12 02 10 04"  // 2 twice
      "1a 02 07 08"              // 3: packed [7, 8]
      "30 00");                  // 6: false

std::string Infer(const InferOptions& options = {}) {
  return InferProto({{Data(kFirst), kFirst.size()}, {Data(kSecond), kSecond.size()}}, options);
}

TEST(Infer, GuessesShapesAndTypes) {
  const std::string proto = Infer();
  for (const char* line :
       {"syntax = \"proto2\";", "package inferred;", "message Root {",
        "  optional string field_1 = 1;  // len x2 (2 text)", "  repeated Field2 field_2 = 2;",
        "  repeated int32 field_3 = 3;", "  optional int64 field_4 = 4;", "  optional double field_5 = 5;",
        "  optional bool field_6 = 6;", "  optional group Group7 = 7 {", "    optional int32 field_1 = 1;",
        "  optional bytes field_8 = 8;", "  message Field2 {"}) {
    EXPECT_NE(proto.find(line), std::string::npos) << line << "\n" << proto;
  }
  EXPECT_NE(proto.find("packed and unpacked"), std::string::npos);
  InferOptions named;
  named.package = "my.pkg";
  named.root_name = "Reply";
  EXPECT_NE(Infer(named).find("package my.pkg;\n\nmessage Reply {"), std::string::npos);
}

TEST(Infer, TheResultDecodesItsInputsWithEveryFieldKnown) {
  const schema::LoadResult loaded = schema::LoadProtoFiles({{"inferred.proto", Infer()}});
  ASSERT_TRUE(loaded.ok()) << (loaded.errors.empty() ? "" : loaded.errors[0].ToString()) << "\n" << Infer();
  const int root = loaded.schema.FindMessage("inferred.Root");
  ASSERT_GE(root, 0);
  for (const std::string* payload : {&kFirst, &kSecond}) {
    const NodeList list = Inspect(Data(*payload), payload->size(), &loaded.schema, root);
    EXPECT_TRUE(list.first_error.ok()) << ErrorKindName(list.first_error.kind);
    for (const Node& node : list.nodes) {
      if (node.kind != NodeKind::kField) continue;
      EXPECT_GE(node.field, 0) << "field " << node.field_number;
    }
  }
}

TEST(Infer, NothingToInferIsAnEmptyMessage) {
  const std::string proto = InferProto({});
  EXPECT_NE(proto.find("message Root {\n}\n"), std::string::npos) << proto;
  EXPECT_TRUE(schema::LoadProtoFiles({{"empty.proto", proto}}).ok());
}

}  // namespace
}  // namespace wirelens::inspect
