// JSON and text format of generated messages (core/format/message_format.h): the schema each
// .wl.cc embeds reads back as libprotobuf reads the same .proto files, and the calls print, parse
// and fail as the formats say.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "core/format/message_format.h"
#include "core/schema/descriptor_reader.h"
#include "core/schema/loader.h"
#include "google/protobuf/test_messages_proto2.wl.h"
#include "google/protobuf/test_messages_proto3.wl.h"

namespace {

using wirelens::format::FormatStatus;
using wirelens::schema::Field;
using wirelens::schema::Schema;
namespace p2 = wl::protobuf_test_messages::proto2;
namespace p3 = wl::protobuf_test_messages::proto3;

void AddEmbedded(const wirelens::EmbeddedFile& file, Schema* schema) {
  for (const wirelens::EmbeddedFile* const* use = file.uses; *use != nullptr; ++use) AddEmbedded(**use, schema);
  std::string error;
  ASSERT_TRUE(wirelens::schema::AddFileDescriptor(file.descriptor, file.size, schema, &error)) << error;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream content;
  content << in.rdbuf();
  return content.str();
}

// One line per field and enum value with everything the Schema model says about it, sorted by
// message name: two schemas print the same lines when they model the same types.
std::string Describe(const Schema& schema, const std::set<std::string>& files) {
  std::set<std::string> lines;
  for (const auto& m : schema.messages) {
    if (files.count(m.file) == 0) continue;
    std::string head = m.full_name + (m.map_entry ? " map_entry" : "");
    for (const std::string& r : m.reserved_names) head += " reserved:" + r;
    for (const std::string& o : m.oneofs) head += " oneof:" + o;
    lines.insert(head);
    for (const Field& f : m.fields) {
      const std::string type_of = f.message >= 0       ? schema.messages[f.message].full_name
                                  : f.enumeration >= 0 ? schema.enums[f.enumeration].full_name
                                                       : "-";
      lines.insert(m.full_name + "." + f.name + " json=" + f.json_name + " #" + std::to_string(f.number) + " " +
                   wirelens::schema::FieldTypeName(f.type) + " label=" + std::to_string(static_cast<int>(f.label)) +
                   (f.packed ? " packed" : "") + (f.has_presence ? " presence" : "") + (f.is_map ? " map" : "") +
                   (f.validate_utf8 ? " utf8" : "") + " oneof=" + std::to_string(f.oneof) + " type=" + f.type_name +
                   " -> " + type_of + (f.is_extension ? " extends " + f.extendee : ""));
    }
  }
  for (const auto& e : schema.enums) {
    if (files.count(e.file) == 0) continue;
    std::string line = e.full_name + (e.closed ? " closed" : " open");
    for (const auto& v : e.values) line += " " + v.name + "=" + std::to_string(v.number);
    lines.insert(line);
  }
  std::string out;
  for (const std::string& line : lines) out += line + "\n";
  return out;
}

TEST(EmbeddedSchema, ReadsAsLibprotobufReadsTheSameFiles) {
  Schema embedded;
  AddEmbedded(p2::TestAllTypesProto2::wl_embedded_file(), &embedded);
  AddEmbedded(p3::TestAllTypesProto3::wl_embedded_file(), &embedded);
  std::string error;
  ASSERT_TRUE(wirelens::schema::ResolveTypes(&embedded, &error)) << error;

  const std::vector<std::string> dirs = {WIRELENS_TEST_PROTO_DIRS};
  std::vector<wirelens::schema::SourceFile> sources;
  for (const char* name :
       {"google/protobuf/test_messages_proto2.proto", "google/protobuf/test_messages_proto3.proto"}) {
    sources.push_back({name, ReadFile(dirs[0] + "/" + name)});
  }
  const wirelens::schema::LoadResult loaded = wirelens::schema::LoadProtoFiles(sources, dirs);
  ASSERT_TRUE(loaded.ok()) << loaded.errors[0].ToString();

  const std::set<std::string> files = {"google/protobuf/test_messages_proto2.proto",
                                       "google/protobuf/test_messages_proto3.proto", "google/protobuf/any.proto",
                                       "google/protobuf/struct.proto", "google/protobuf/wrappers.proto"};
  const std::string ours = Describe(embedded, files);
  EXPECT_EQ(ours, Describe(loaded.schema, files));
  // What the comparison covers: extensions, a group extension, reserved names, maps, proto2 enums.
  EXPECT_NE(ours.find("TestAllTypesProto2.[protobuf_test_messages.proto2.extension_int32] json=[protobuf_test_"
                      "messages.proto2.extension_int32] #120 int32"),
            std::string::npos);
  EXPECT_NE(ours.find("[protobuf_test_messages.proto2.groupfield]"), std::string::npos);
  EXPECT_NE(ours.find("reserved:reserved_field"), std::string::npos);
  EXPECT_NE(ours.find(" map oneof=-1"), std::string::npos);
}

TEST(EmbeddedSchema, BytesThatAreNotADescriptorAreAnError) {
  Schema schema;
  std::string error;
  const uint8_t garbage[] = {0x0a, 0x05, 'a'};  // file name longer than the input
  EXPECT_FALSE(wirelens::schema::AddFileDescriptor(garbage, sizeof garbage, &schema, &error));
  EXPECT_EQ(error,
            "<descriptor>: not a FileDescriptorProto (length prefix reaches past the end of the enclosing message at "
            "byte 1)");
  const uint8_t nameless[] = {0x12, 0x01, 'p'};  // a package, no name
  EXPECT_FALSE(wirelens::schema::AddFileDescriptor(nameless, sizeof nameless, &schema, &error));
  EXPECT_EQ(error, "<descriptor>: a FileDescriptorProto without a file name");
  EXPECT_TRUE(schema.files.empty());
}

TEST(MessageFormat, JsonOfAMessageAndBack) {
  p3::TestAllTypesProto3 m;
  m.set_optional_int32(-5);
  m.set_optional_int64(1234567890123);
  m.set_optional_string("a\"b");
  m.set_optional_bytes(std::string("\x00\xff", 2));
  m.mutable_optional_nested_message()->set_a(7);
  m.add_repeated_string("x");
  (*m.mutable_map_string_string())["k"] = "v";
  m.set_optional_nested_enum(p3::TestAllTypesProto3_NestedEnum::BAZ);
  std::string json;
  const FormatStatus status = wirelens::format::ToJson(m, &json);
  ASSERT_TRUE(status.ok()) << status.error;
  EXPECT_EQ(json,
            R"({"optionalInt32":-5,"optionalInt64":"1234567890123","optionalString":"a\"b","optionalBytes":"AP8=",)"
            R"("optionalNestedMessage":{"a":7},"optionalNestedEnum":"BAZ","repeatedString":["x"],)"
            R"("mapStringString":{"k":"v"}})");
  p3::TestAllTypesProto3 back;
  ASSERT_TRUE(wirelens::format::FromJson(json, &back).ok());
  EXPECT_EQ(back.Encode(), m.Encode());
  // Original field names are accepted too.
  ASSERT_TRUE(wirelens::format::FromJson(R"({"optional_int32": 3})", &back).ok());
  EXPECT_EQ(back.optional_int32(), 3);
}

TEST(MessageFormat, JsonWriteOptionsAsLibprotobufNamesThem) {
  p3::TestAllTypesProto3 m;
  m.set_optional_nested_enum(p3::TestAllTypesProto3_NestedEnum::BAZ);
  wirelens::format::JsonWriteOptions options;
  options.preserve_proto_field_names = true;
  options.always_print_enums_as_ints = true;
  std::string json;
  ASSERT_TRUE(wirelens::format::ToJson(m, &json, options).ok());
  EXPECT_EQ(json, R"({"optional_nested_enum":2})");
  options = {};
  options.always_print_fields_with_no_presence = true;
  ASSERT_TRUE(wirelens::format::ToJson(p3::TestAllTypesProto3(), &json, options).ok());
  // Every field without presence, at its default; none with presence (messages, oneofs, optional).
  EXPECT_NE(json.find(R"({"optionalInt32":0,"optionalInt64":"0",)"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("optionalString":"","optionalBytes":"",)"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("optionalNestedEnum":"FOO",)"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("repeatedInt32":[],)"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("mapInt32Int32":{},)"), std::string::npos) << json;
  EXPECT_EQ(json.find("optionalNestedMessage"), std::string::npos) << json;
  EXPECT_EQ(json.find("oneofUint32"), std::string::npos) << json;
  // The JSON reads back to the same (empty) message.
  p3::TestAllTypesProto3 back;
  ASSERT_TRUE(wirelens::format::FromJson(json, &back).ok());
  EXPECT_EQ(back.Encode(), "");
}

TEST(MessageFormat, JsonErrorsSayWhereAndLeaveTheMessage) {
  p3::TestAllTypesProto3 m;
  m.set_optional_int32(9);
  FormatStatus status = wirelens::format::FromJson(R"({"repeatedInt32": [1, "x"]})", &m);
  EXPECT_EQ(status.error, "1:23: repeatedInt32[1]: expected an integer");
  EXPECT_EQ(m.optional_int32(), 9);
  status = wirelens::format::FromJson(R"({"nope": 1})", &m);
  EXPECT_FALSE(status.ok());
  wirelens::format::JsonReadOptions lenient;
  lenient.ignore_unknown_fields = true;
  EXPECT_TRUE(wirelens::format::FromJson(R"({"nope": 1})", &m, lenient).ok());
  // A message with no JSON form: an Any of a type the schema does not have.
  m.mutable_optional_any()->set_type_url("type.googleapis.com/no.Such");
  std::string json;
  EXPECT_EQ(wirelens::format::ToJson(m, &json).error,
            "google.protobuf.Any of a type not in the schema: type.googleapis.com/no.Such");
}

TEST(MessageFormat, AMessageNestedPastTheLimitIsAnErrorNotAPartialPrint) {
  p3::TestAllTypesProto3 m;
  p3::TestAllTypesProto3* inner = &m;
  for (int i = 0; i < 120; ++i) inner = inner->mutable_recursive_message();
  inner->set_optional_int32(1);
  std::string out;
  EXPECT_EQ(wirelens::format::ToJson(m, &out).error.rfind("the message cannot be printed: ", 0), 0u);
  EXPECT_FALSE(wirelens::format::ToText(m, &out).ok());
}

TEST(MessageFormat, Proto2ExtensionsInJsonAndText) {
  p2::TestAllTypesProto2 m;
  ASSERT_TRUE(wirelens::format::FromJson(R"({"[protobuf_test_messages.proto2.extension_int32]": 5})", &m).ok());
  std::string json;
  ASSERT_TRUE(wirelens::format::ToJson(m, &json).ok());
  EXPECT_EQ(json, R"({"[protobuf_test_messages.proto2.extension_int32]":5})");
  std::string text;
  ASSERT_TRUE(wirelens::format::ToText(m, &text).ok());
  EXPECT_EQ(text, "[protobuf_test_messages.proto2.extension_int32]: 5\n");
  p2::TestAllTypesProto2 group;
  ASSERT_TRUE(wirelens::format::FromText("[protobuf_test_messages.proto2.groupfield] { group_int32: 1 }", &group).ok());
  ASSERT_TRUE(wirelens::format::ToText(group, &text).ok());
  EXPECT_EQ(text, "[protobuf_test_messages.proto2.groupfield] {\n  group_int32: 1\n}\n");
}

// The type registry: an Any names its message by type URL; a type outside the file's own schema
// is found once its file is registered (which stays so for the process: this test registers last
// what no test above needs).
TEST(MessageFormat, AnyOfATypeOutsideItsFileOnceTheTypeIsRegistered) {
  const std::string url = "type.googleapis.com/protobuf_test_messages.proto2.TestAllTypesProto2";
  p2::TestAllTypesProto2 packed;
  packed.set_optional_int32(5);
  p3::TestAllTypesProto3 m;
  m.mutable_optional_any()->set_type_url(url);
  m.mutable_optional_any()->set_value(packed.Encode());
  std::string json;
  EXPECT_EQ(wirelens::format::ToJson(m, &json).error, "google.protobuf.Any of a type not in the schema: " + url);
  wirelens::format::RegisterTypes<p2::TestAllTypesProto2>();
  wirelens::format::RegisterTypes<p2::TestAllTypesProto2>();  // again: nothing changes
  const FormatStatus status = wirelens::format::ToJson(m, &json);
  ASSERT_TRUE(status.ok()) << status.error;
  EXPECT_EQ(json, R"({"optionalAny":{"@type":")" + url + R"(","optionalInt32":5}})");
  p3::TestAllTypesProto3 back;
  ASSERT_TRUE(wirelens::format::FromJson(json, &back).ok());
  EXPECT_EQ(back.Encode(), m.Encode());
}

TEST(MessageFormat, TextOfAMessageAndBack) {
  p3::TestAllTypesProto3 m;
  ASSERT_TRUE(
      wirelens::format::FromText("optional_int32: 1 reserved_field: { a: [1, 2] } optional_float: 1e50", &m).ok());
  std::string text;
  ASSERT_TRUE(wirelens::format::ToText(m, &text).ok());
  EXPECT_EQ(text, "optional_int32: 1\noptional_float: inf\n");  // the reserved name skipped, overflow is inf
  EXPECT_EQ(wirelens::format::FromText("optional_float: 012", &m).error,
            "1:20: not a decimal number (a leading 0 makes it octal): '012' (field \"optional_float\": 012)");
  m.mutable_unknown_fields()->assign("\x98\x3f\x01", 3);  // field 1011, varint 1
  wirelens::format::TextWriteOptions hide;
  hide.print_unknown_fields = false;
  ASSERT_TRUE(wirelens::format::ToText(m, &text, hide).ok());
  EXPECT_EQ(text, "optional_int32: 1\noptional_float: inf\n");
  ASSERT_TRUE(wirelens::format::ToText(m, &text).ok());
  EXPECT_EQ(text, "optional_int32: 1\noptional_float: inf\n1011: 1\n");
}

}  // namespace
