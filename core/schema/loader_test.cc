// Schema loading: .proto text with imports, the bundled well-known types, every error as
// file:line:col, descriptor sets.
#include "core/schema/loader.h"

#include <gtest/gtest.h>

#include "core/schema/descriptor_reader.h"
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
  EXPECT_TRUE(m.FindField(1)->validate_utf8);  // proto3 strings
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

// A protobuf message written field by field, for the descriptors the editions tests spell out.
class Proto {
 public:
  Proto& Varint(uint32_t field, uint64_t value) {
    Key(field, 0);
    Append(value);
    return *this;
  }
  Proto& Bytes(uint32_t field, const std::string& value) {
    Key(field, 2);
    Append(value.size());
    out_ += value;
    return *this;
  }
  Proto& Message(uint32_t field, const Proto& message) { return Bytes(field, message.out_); }
  const std::string& bytes() const { return out_; }

 private:
  void Key(uint32_t field, uint32_t wire_type) { Append(uint64_t{field} << 3 | wire_type); }
  void Append(uint64_t v) {
    for (; v >= 0x80; v >>= 7) out_ += static_cast<char>(v | 0x80);
    out_ += static_cast<char>(v);
  }
  std::string out_;
};

// descriptor.proto numbers: FeatureSet fields and values, FieldDescriptorProto types and labels.
enum { kPresence = 1, kEnumType = 2, kRepeatedEncoding = 3, kUtf8 = 4, kMessageEncoding = 5 };
enum { kExplicit = 1, kImplicit = 2, kLegacyRequired = 3, kClosed = 2, kExpanded = 2, kNone = 3, kDelimited = 2 };
enum { kOptional = 1, kRepeated = 3, kInt32 = 5, kString = 9, kMessageType = 11, kEnumTypeField = 14 };

Proto Feature(uint32_t feature, int value) { return Proto().Varint(feature, value); }

Proto FieldProto(const std::string& name, int number, int label, int type, const std::string& type_name = "",
                 const Proto* features = nullptr) {
  Proto f;
  f.Bytes(1, name).Varint(3, number).Varint(4, label).Varint(5, type);
  if (!type_name.empty()) f.Bytes(6, type_name);
  if (features != nullptr) f.Message(8, Proto().Message(21, *features));  // FieldOptions.features
  return f;
}

LoadResult LoadFiles(const std::vector<Proto>& files) {
  Proto set;
  for (const Proto& file : files) set.Message(1, file);
  return LoadDescriptorSet(reinterpret_cast<const uint8_t*>(set.bytes().data()), set.bytes().size());
}

// edition = "2023"; package e; option features.field_presence = IMPLICIT; and a message M whose
// fields each take a feature from the file, their oneof or themselves.
Proto Editions2023File() {
  const Proto required = Feature(kPresence, kLegacyRequired), explicit_presence = Feature(kPresence, kExplicit),
              expanded = Feature(kRepeatedEncoding, kExpanded), delimited = Feature(kMessageEncoding, kDelimited),
              unchecked = Feature(kUtf8, kNone);
  Proto m;
  m.Bytes(1, "M")
      .Message(2, FieldProto("implicit", 1, kOptional, kInt32))
      .Message(2, FieldProto("explicit", 2, kOptional, kInt32, "", &explicit_presence))
      .Message(2, FieldProto("required", 3, kOptional, kInt32, "", &required))
      .Message(2, FieldProto("packed", 4, kRepeated, kInt32))
      .Message(2, FieldProto("expanded", 5, kRepeated, kInt32, "", &expanded))
      .Message(2, FieldProto("delimited", 6, kOptional, kMessageType, ".e.M", &delimited))
      .Message(2, FieldProto("map", 7, kRepeated, kMessageType, ".e.M.MapEntry", &delimited))
      .Message(2, FieldProto("unchecked", 8, kOptional, kString, "", &unchecked))
      .Message(2, FieldProto("checked", 9, kOptional, kString))
      .Message(2, FieldProto("in_oneof", 10, kOptional, kInt32).Varint(9, 0))
      .Message(2, FieldProto("closed", 11, kOptional, kEnumTypeField, ".e.Closed"))
      .Message(2, FieldProto("open", 12, kOptional, kEnumTypeField, ".e.Open"))
      .Message(3, Proto()
                      .Bytes(1, "MapEntry")
                      .Message(2, FieldProto("key", 1, kOptional, kInt32))
                      .Message(2, FieldProto("value", 2, kOptional, kMessageType, ".e.M"))
                      .Message(7, Proto().Varint(7, 1)))  // map_entry
      .Message(8, Proto().Bytes(1, "choice"));
  const Proto value = Proto().Bytes(1, "ZERO").Varint(2, 0);
  return Proto()
      .Bytes(1, "e.proto")
      .Bytes(2, "e")
      .Message(4, m)
      .Message(5,
               Proto().Bytes(1, "Closed").Message(2, value).Message(3, Proto().Message(7, Feature(kEnumType, kClosed))))
      .Message(5, Proto().Bytes(1, "Open").Message(2, value))
      .Message(8, Proto().Message(50, Feature(kPresence, kImplicit)))  // FileOptions.features
      .Bytes(12, "editions")
      .Varint(14, 1000);  // EDITION_2023
}

// What Editions2023File() (or its text, kEditions2023Text) resolves to.
void ExpectEditions2023Features(const LoadResult& result) {
  ASSERT_TRUE(result.ok()) << result.errors[0].ToString();
  const Schema& s = result.schema;
  EXPECT_EQ(s.files.back().syntax, "editions");
  EXPECT_EQ(s.files.back().edition, 1000);
  const Message& m = s.messages[s.FindMessage("e.M")];
  auto field = [&](uint32_t number) { return *m.FindField(number); };
  EXPECT_FALSE(field(1).has_presence);  // the file's IMPLICIT
  EXPECT_TRUE(field(2).has_presence);
  EXPECT_EQ(field(3).label, Label::kRequired);
  EXPECT_TRUE(field(3).has_presence);
  EXPECT_TRUE(field(4).packed);  // 2023's default
  EXPECT_FALSE(field(5).packed);
  EXPECT_EQ(field(6).type, FieldType::kGroup);
  EXPECT_TRUE(field(6).has_presence);             // messages always have presence
  EXPECT_EQ(field(7).type, FieldType::kMessage);  // a map field is never delimited
  EXPECT_TRUE(field(7).is_map);
  EXPECT_EQ(s.messages[field(7).message].FindField(2)->type, FieldType::kMessage);  // nor its values
  EXPECT_FALSE(field(8).validate_utf8);
  EXPECT_TRUE(field(9).validate_utf8);
  EXPECT_EQ(field(10).oneof, 0);
  EXPECT_TRUE(field(10).has_presence);  // a oneof member, though the file says IMPLICIT
  EXPECT_TRUE(s.enums[field(11).enumeration].closed);
  EXPECT_FALSE(s.enums[field(12).enumeration].closed);  // 2023's default
}

TEST(SchemaLoader, EditionsDescriptorSetResolvesFeaturesFromFileOneofAndField) {
  ExpectEditions2023Features(LoadFiles({Editions2023File()}));
}

// Editions2023File() as .proto text (the map field without the file's feature: protoc refuses
// DELIMITED on a map field), with 2024's and protoc's spellings the 3.21 parser does not know.
const char kEditions2023Text[] = R"(// comment
edition = "2023";
package e;
option features.field_presence = IMPLICIT;
option features.(pb.cpp).string_type = VIEW;  // a language's feature: no effect here
message M {
  int32 implicit = 1;
  int32 explicit = 2 [features.field_presence = EXPLICIT];
  int32 required = 3 [features.field_presence = LEGACY_REQUIRED];
  repeated int32 packed = 4;
  repeated int32 expanded = 5 [features.repeated_field_encoding = EXPANDED];
  M delimited = 6 [features.message_encoding = DELIMITED];
  map<int32, .e.M> map = 7;
  string unchecked = 8 [features.utf8_validation = NONE];
  string checked = 9;
  oneof choice { int32 in_oneof = 10; }
  Closed closed = 11;
  e.Open open = 12;
}
enum Closed {
  option features.enum_type = CLOSED;
  CLOSED_ZERO = 0;
}
enum Open { OPEN_ZERO = 0; }
)";

TEST(SchemaLoader, EditionsProtoTextResolvesAsItsDescriptorSetDoes) {
  ExpectEditions2023Features(LoadProtoFiles({{"e.proto", kEditions2023Text}}));
}

TEST(SchemaLoader, EditionsProtoTextOf2024WithVisibilityImportsAndNestedScopes) {
  const LoadResult result = LoadProtoFiles({
      {"base.proto", "syntax = \"proto3\";\npackage base;\nmessage Id { string v = 1; }\n"},
      {"n.proto", R"(edition = "2024";
package app.v1;
import "base.proto";
import option "google/protobuf/cpp_features.proto";
import "google/protobuf/struct.proto";
option features.message_encoding = DELIMITED;
export message Node {
  local enum Kind { KIND_UNSPECIFIED = 0; }
  message Inner { Kind kind = 1; }
  Inner inner = 1;
  base.Id id = 2;
  google.protobuf.Struct extra = 3;
  v1.Node parent = 4;
}
)"},
  });
  ASSERT_TRUE(result.ok()) << result.errors[0].ToString();
  const Schema& s = result.schema;
  const Message& node = s.messages[s.FindMessage("app.v1.Node")];
  auto type_of = [&](uint32_t number) { return s.messages[node.FindField(number)->message].full_name; };
  EXPECT_EQ(node.FindField(1)->type, FieldType::kGroup);  // the file's DELIMITED
  EXPECT_EQ(type_of(1), "app.v1.Node.Inner");
  EXPECT_EQ(type_of(2), "base.Id");
  EXPECT_EQ(type_of(3), "google.protobuf.Struct");
  EXPECT_EQ(type_of(4), "app.v1.Node");
  const Message& inner = s.messages[s.FindMessage("app.v1.Node.Inner")];
  EXPECT_EQ(s.enums[inner.FindField(1)->enumeration].full_name, "app.v1.Node.Kind");
  EXPECT_TRUE(inner.FindField(1)->has_presence);  // 2024's defaults: EXPLICIT, OPEN
  EXPECT_FALSE(s.enums[inner.FindField(1)->enumeration].closed);
}

TEST(SchemaLoader, EditionsProtoTextErrorsArePositionedAndNamed) {
  auto errors = [](const char* text) {
    std::vector<std::string> out;
    for (const Diagnostic& d : LoadProtoFiles({{"x.proto", text}}).errors) out.push_back(d.ToString());
    return out;
  };
  EXPECT_EQ(errors("/* a */ edition = \"2026\";\n"),
            std::vector<std::string>{"x.proto:1:19: edition \"2026\" is not supported (2023 and 2024 are)"});
  EXPECT_EQ(errors("edition = \"2023\";\nmessage M {\n  int32 a = 1 [features.field_presence = MAYBE];\n"
                   "  Missing b = 2;\n  int32 c = 3 [features.colour = RED];\n}\n"),
            (std::vector<std::string>{"x.proto: M.a: MAYBE is not a value of features.field_presence",
                                      "x.proto: M.b: type Missing is not defined",
                                      "x.proto: M.c: features.colour is not a feature"}));
  EXPECT_EQ(errors("edition = \"2023\";\n\nmessage M {\n  int32 = 1;\n}\n"),
            std::vector<std::string>{"x.proto:4:9: Expected field name."});
}

TEST(SchemaLoader, EditionsDescriptorSetWithoutImportsUsesBundledTypes) {
  const Proto file = Proto()
                         .Bytes(1, "s.proto")
                         .Bytes(3, "google/protobuf/struct.proto")
                         .Message(4, Proto().Bytes(1, "S").Message(
                                         2, FieldProto("s", 1, kOptional, kMessageType, ".google.protobuf.Struct")))
                         .Bytes(12, "editions")
                         .Varint(14, 1000);
  const LoadResult result = LoadFiles({file});
  ASSERT_TRUE(result.ok()) << result.errors[0].ToString();
  const Schema& s = result.schema;
  const Message& st = s.messages[s.messages[s.FindMessage("S")].fields[0].message];
  EXPECT_EQ(st.full_name, "google.protobuf.Struct");
  const Field& fields = *st.FindField(1);  // map<string, Value>: resolved inside the bundled file
  EXPECT_TRUE(fields.is_map);
  EXPECT_EQ(s.messages[s.messages[fields.message].FindField(2)->message].full_name, "google.protobuf.Value");
}

TEST(SchemaLoader, EditionsOfTheFutureAreNamedAsUnsupported) {
  const Proto file = Proto().Bytes(1, "future.proto").Bytes(12, "editions").Varint(14, 1002);  // EDITION_2026
  const LoadResult result = LoadFiles({file});
  ASSERT_EQ(result.errors.size(), 1u);
  EXPECT_EQ(result.errors[0].ToString(),
            "<descriptor set>: future.proto: edition 2026 is not supported (2023 and 2024 are)");
}

TEST(SchemaLoader, SchemasAppendWithTheirTypesRebased) {
  LoadResult text = LoadProtoFiles({kCommon, kApi});
  ASSERT_TRUE(text.ok());
  LoadResult set = LoadFiles({Editions2023File()});
  ASSERT_TRUE(set.ok());
  const size_t messages = text.schema.messages.size();
  const int point = text.schema.FindMessage("common.Point");
  text.schema.Append(std::move(set.schema));
  Schema& s = text.schema;
  EXPECT_EQ(s.FindMessage("common.Point"), point);
  const int m = s.FindMessage("e.M");
  ASSERT_GE(m, static_cast<int>(messages));
  EXPECT_EQ(s.messages[s.messages[m].FindField(6)->message].full_name, "e.M");
  EXPECT_EQ(s.enums[s.messages[m].FindField(11)->enumeration].full_name, "e.Closed");
  EXPECT_EQ(s.files.back().name, "e.proto");
  EXPECT_EQ(s.messages[s.files.back().messages[0]].full_name, "e.M");
}

const char kUserService[] = R"(package proto;
message WhoAmIRequest {}
message User { string name = 1; }
service UserService {
  rpc WhoAmI(WhoAmIRequest) returns (User);
  rpc Watch(WhoAmIRequest) returns (stream .proto.User);
  rpc Upload(stream User) returns (WhoAmIRequest);
}
)";

// The services of `s` as loaded from kUserService (in any syntax).
void ExpectUserService(const Schema& s) {
  ASSERT_EQ(s.services.size(), 1u);
  const Service& service = s.services[0];
  EXPECT_EQ(service.full_name, "proto.UserService");
  EXPECT_EQ(service.file, "user.proto");
  EXPECT_EQ(s.files.back().services, std::vector<int>{0});
  ASSERT_EQ(service.methods.size(), 3u);
  const Method& who = service.methods[0];
  EXPECT_EQ(who.name, "WhoAmI");
  EXPECT_EQ(who.input_type, "proto.WhoAmIRequest");
  EXPECT_EQ(who.output_type, "proto.User");
  EXPECT_EQ(who.input, s.FindMessage("proto.WhoAmIRequest"));
  EXPECT_EQ(who.output, s.FindMessage("proto.User"));
  EXPECT_FALSE(who.client_streaming || who.server_streaming);
  EXPECT_TRUE(service.methods[1].server_streaming);
  EXPECT_FALSE(service.methods[1].client_streaming);
  EXPECT_EQ(service.methods[1].output, s.FindMessage("proto.User"));
  EXPECT_TRUE(service.methods[2].client_streaming);
  EXPECT_FALSE(service.methods[2].server_streaming);
}

TEST(SchemaServices, FromProto3Text) {
  const LoadResult result = LoadProtoFiles({{"user.proto", std::string("syntax = \"proto3\";\n") + kUserService}});
  ASSERT_TRUE(result.ok()) << result.errors[0].ToString();
  ExpectUserService(result.schema);
}

TEST(SchemaServices, FromEditionsText) {
  const LoadResult result = LoadProtoFiles({{"user.proto", std::string("edition = \"2023\";\n") + kUserService}});
  ASSERT_TRUE(result.ok()) << result.errors[0].ToString();
  ExpectUserService(result.schema);
}

TEST(SchemaServices, FromDescriptorSetAndFromTheDescriptorReader) {
  const LoadResult text = LoadProtoFiles({{"user.proto", std::string("syntax = \"proto3\";\n") + kUserService}});
  ASSERT_TRUE(text.ok()) << text.errors[0].ToString();
  std::string set;  // FileDescriptorSet: field 1, each file
  for (const auto& [name, bytes] : text.descriptor_files) {
    set += '\x0a';
    for (size_t n = bytes.size();; n >>= 7) {
      set += static_cast<char>(n < 0x80 ? n : (n & 0x7f) | 0x80);
      if (n < 0x80) break;
    }
    set += bytes;
  }
  const LoadResult loaded = LoadDescriptorSet(reinterpret_cast<const uint8_t*>(set.data()), set.size());
  ASSERT_TRUE(loaded.ok()) << loaded.errors[0].ToString();
  ExpectUserService(loaded.schema);

  Schema read;  // core/schema's own reader (no libprotobuf), as generated code and compile() use it
  std::string error;
  for (const auto& [name, bytes] : text.descriptor_files) {
    ASSERT_TRUE(AddFileDescriptor(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), &read, &error))
        << error;
  }
  ASSERT_TRUE(ResolveTypes(&read, &error)) << error;
  ExpectUserService(read);
}

TEST(SchemaServices, EditionsMethodOfAnUndefinedTypeIsNamed) {
  const LoadResult result = LoadProtoFiles(
      {{"s.proto", "edition = \"2023\";\npackage p;\nmessage A {}\nservice S { rpc M(A) returns (Missing); }\n"}});
  ASSERT_EQ(result.errors.size(), 1u);
  EXPECT_EQ(result.errors[0].ToString(), "s.proto: p.S.M: type Missing is not a message");
}

TEST(SchemaServices, PathsAndNamesFindTheirMethod) {
  const LoadResult result = LoadProtoFiles({{"user.proto", std::string("syntax = \"proto3\";\n") + kUserService}});
  ASSERT_TRUE(result.ok());
  const Schema& s = result.schema;
  for (const char* path :
       {"/proto.UserService/Watch", "/api/v1/proto.UserService/Watch",
        "/proto.UserService/Watch?encoding=proto&base64=1&message=CgA", "proto.UserService/Watch/"}) {
    const MethodRef ref = s.FindMethodByPath(path);
    ASSERT_TRUE(ref.found()) << path;
    EXPECT_EQ(ref.method, 1) << path;
  }
  for (const char* path : {"/proto.UserService", "/", "", "/proto.UserService/Nope", "/proto.Other/Watch", "Watch"}) {
    EXPECT_FALSE(s.FindMethodByPath(path).found()) << path;
  }
  EXPECT_EQ(s.FindMethod("proto.UserService.Upload").method, 2);
  EXPECT_EQ(s.FindMethod(".proto.UserService/WhoAmI").method, 0);
  EXPECT_FALSE(s.FindMethod("proto.UserService").found());
}

TEST(SchemaServices, AppendRebasesServicesAndTheirTypes) {
  LoadResult first = LoadProtoFiles({kCommon, kApi});
  LoadResult second = LoadProtoFiles({{"user.proto", std::string("syntax = \"proto3\";\n") + kUserService}});
  ASSERT_TRUE(first.ok() && second.ok());
  first.schema.Append(std::move(second.schema));
  ExpectUserService(first.schema);
}

}  // namespace
}  // namespace wirelens::schema
