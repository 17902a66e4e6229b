// Text format and JSON differential: for random TestAllTypesProto3/2 messages (tests/differential/
// random_filler.h), the inspector's text format equals libprotobuf's TextFormat (what
// `protoc --decode=TYPE` prints), its raw text format equals what `protoc --decode_raw` prints,
// and its JSON equals libprotobuf's JSON printer (10,000 messages per type, each with one of the
// JsonPrintOptions both have); that JSON read back by core/format/json_reader.h gives the bytes
// libprotobuf's JSON parser gives (serialized deterministically).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include <google/protobuf/test_messages_proto2.pb.h>
#include <google/protobuf/test_messages_proto3.pb.h>
#include <google/protobuf/text_format.h>
#include <google/protobuf/util/field_comparator.h>
#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/message_differencer.h>
#include <google/protobuf/util/type_resolver_util.h>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include "core/format/json_format.h"
#include "core/format/json_reader.h"
#include "core/format/json_value.h"
#include "core/format/text_format.h"
#include "core/format/wire_text.h"
#include "core/inspect/inspector.h"
#include "core/schema/loader.h"
#include "core/wire/test_util.h"
#include "tests/differential/random_filler.h"

namespace {

namespace pb = google::protobuf;

std::string ReadSource(const std::string& name) {
  return wirelens::testing::ReadFile(std::string(WIRELENS_PROTOBUF_SRC_DIR) + "/src/" + name);
}

const wirelens::schema::Schema& TestSchema() {
  static const wirelens::schema::LoadResult loaded = wirelens::schema::LoadProtoFiles({
      {"google/protobuf/test_messages_proto3.proto", ReadSource("google/protobuf/test_messages_proto3.proto")},
      {"google/protobuf/test_messages_proto2.proto", ReadSource("google/protobuf/test_messages_proto2.proto")},
  });
  EXPECT_TRUE(loaded.ok()) << (loaded.errors.empty() ? "" : loaded.errors[0].ToString());
  return loaded.schema;
}

// Well-known types whose random contents JSON cannot hold (an Any of an unknown type, timestamps out
// of range, ...): cleared everywhere, so that every message has a JSON form. The golden test below
// covers them with valid values.
void ClearJsonlessWellKnownTypes(pb::Message* m) {
  const pb::Reflection* r = m->GetReflection();
  std::vector<const pb::FieldDescriptor*> fields;
  r->ListFields(*m, &fields);
  for (const pb::FieldDescriptor* f : fields) {
    if (f->cpp_type() != pb::FieldDescriptor::CPPTYPE_MESSAGE) continue;
    const std::string& type = f->message_type()->full_name();
    if (type == "google.protobuf.Any" || type == "google.protobuf.Timestamp" || type == "google.protobuf.Duration" ||
        type == "google.protobuf.FieldMask" || type == "google.protobuf.Value" || type == "google.protobuf.Struct" ||
        type == "google.protobuf.ListValue") {
      r->ClearField(m, f);
    } else if (f->is_repeated()) {  // map entries too: their values may hold such types
      for (int i = 0; i < r->FieldSize(*m, f); ++i) ClearJsonlessWellKnownTypes(r->MutableRepeatedMessage(m, f, i));
    } else {
      ClearJsonlessWellKnownTypes(r->MutableMessage(m, f));
    }
  }
}

std::string LibprotobufJson(const std::string& deterministic_bytes, const std::string& type, bool* ok,
                            const pb::util::JsonPrintOptions& options = {}) {
  static pb::util::TypeResolver* resolver =
      pb::util::NewTypeResolverForDescriptorPool("type.googleapis.com", pb::DescriptorPool::generated_pool());
  std::string json;
  const auto status =
      pb::util::BinaryToJsonString(resolver, "type.googleapis.com/" + type, deterministic_bytes, &json, options);
  *ok = status.ok();
  if (!*ok) json = status.ToString();
  return json;
}

// `json` with every object's members sorted by name (strings, numbers and literals as written):
// equal for two printings that differ only in member order.
std::string Canonical(const wirelens::format::JsonValue& v) {
  using Kind = wirelens::format::JsonValue::Kind;
  switch (v.kind) {
    case Kind::kNull: return "null";
    case Kind::kBool: return v.boolean ? "true" : "false";
    case Kind::kNumber: return v.text;
    case Kind::kString: return "\"" + v.text + "\"";
    case Kind::kArray: {
      std::string out = "[";
      for (const auto& item : v.items) out += Canonical(item) + ",";
      return out + "]";
    }
    case Kind::kObject: {
      std::vector<std::string> members;
      for (const auto& [key, value] : v.members) members.push_back("\"" + key.text + "\":" + Canonical(value));
      std::sort(members.begin(), members.end());
      std::string out = "{";
      for (const std::string& m : members) out += m + ",";
      return out + "}";
    }
  }
  return "";
}
std::string Canonical(const std::string& json) {
  wirelens::format::JsonValue value;
  size_t error_offset = 0;
  std::string error;
  EXPECT_TRUE(wirelens::format::ParseJson(json, 1000, &value, &error_offset, &error)) << error;
  return Canonical(value);
}

// What libprotobuf's JSON parser makes of `json`.
template <typename Theirs>
void LibprotobufFromJson(const std::string& json, Theirs* parsed) {
  const auto status = pb::util::JsonStringToMessage(json, parsed);
  EXPECT_TRUE(status.ok()) << status.ToString() << "\n" << json;
  parsed->ByteSizeLong();
}

// `json` with each number -0 written as 0 (no string of the random messages holds a '-').
std::string WithoutNegativeZeros(const std::string& json) {
  std::string out;
  for (size_t i = 0; i < json.size(); ++i) {
    const bool negative_zero = json.compare(i, 2, "-0") == 0 && i > 0 && std::strchr(":[,", json[i - 1]) &&
                               i + 2 < json.size() && std::strchr(",]}", json[i + 2]);
    if (!negative_zero) out.push_back(json[i]);
  }
  return out;
}

// Reads `json` with core/format/json_reader.h: the bytes must be libprotobuf's (serialized
// deterministically: maps by key). libprotobuf 3.21 reads a float or double -0 as +0 (its
// tokenizer takes "-0" for an integer) where wirelens keeps the sign, so such JSON is compared with
// each -0 written as 0. Returns whether it held a -0.
template <typename Theirs>
bool ExpectJsonReadAsLibprotobuf(const std::string& json, int root, int i) {
  const wirelens::format::EncodeResult ours = wirelens::format::EncodeJson(json, TestSchema(), root);
  EXPECT_TRUE(ours.ok) << ours.error << "\n" << json;
  const std::string comparable = WithoutNegativeZeros(json);
  const wirelens::format::EncodeResult ours_comparable = wirelens::format::EncodeJson(comparable, TestSchema(), root);
  Theirs theirs;
  LibprotobufFromJson(json, &theirs);
  EXPECT_EQ(ours_comparable.bytes, wirelens::testing::SerializeDeterministic(theirs)) << "message " << i << "\n"
                                                                                      << json;
  return comparable != json;
}

template <typename Theirs>
void RunTextDifferential(uint64_t seed, int count) {
  const wirelens::schema::Schema& schema = TestSchema();
  const int root = schema.FindMessage(Theirs::descriptor()->full_name());
  ASSERT_GE(root, 0);
  wirelens::testing::RandomFiller filler(seed);
  int plain = 0;
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
    // What the CLI prints straight from the bytes when they are plain (format/wire_text.h).
    if (wirelens::format::IsPlainMessage(data, bytes.size(), &schema, root)) {
      wirelens::format::TextOutput streamed;
      ASSERT_TRUE(wirelens::format::MessageText(data, bytes.size(), schema, root, &streamed));
      ASSERT_EQ(streamed.held(), expected) << "message " << i;
      ++plain;
    }

    pb::UnknownFieldSet raw;
    ASSERT_TRUE(raw.ParseFromString(bytes));
    std::string expected_raw, ours_raw;
    pb::TextFormat::PrintUnknownFieldsToString(raw, &expected_raw);
    ASSERT_TRUE(wirelens::format::RawTextFormat(data, bytes.size(), &ours_raw));
    ASSERT_EQ(ours_raw, expected_raw) << "message " << i;
  }
  // Messages holding an Any are never plain; most others are (libprotobuf writes fields in order).
  EXPECT_GT(plain, count / 4);
  std::printf(
      "[ wirelens ] %s: %d messages in text format and raw text format, %d of them also printed "
      "straight from the bytes\n",
      Theirs::descriptor()->full_name().c_str(), count, plain);
}

// The print options of message i: the defaults, then each option both printers have on its own.
// always_print_primitive_fields is libprotobuf 3.21's name of always_print_fields_with_no_presence,
// but 3.21 also prints proto2 fields that have presence: compared on proto3 only.
void JsonOptionsOf(int i, bool proto3, pb::util::JsonPrintOptions* theirs, wirelens::format::JsonWriteOptions* ours) {
  switch (i % (proto3 ? 4 : 3)) {
    case 1: theirs->preserve_proto_field_names = ours->preserve_proto_field_names = true; break;
    case 2: theirs->always_print_enums_as_ints = ours->always_print_enums_as_ints = true; break;
    case 3: theirs->always_print_primitive_fields = ours->always_print_fields_with_no_presence = true; break;
    default: break;
  }
}

// JSON: libprotobuf prints deterministic bytes (maps by key, as ours); ours must match and parse
// back to the same message. (Without unknown fields: libprotobuf's converter takes a wrapper's
// first field as its value, whatever its number, and rejects some others.)
template <typename Theirs>
void RunJsonDifferential(uint64_t seed, int count) {
  const wirelens::schema::Schema& schema = TestSchema();
  const int root = schema.FindMessage(Theirs::descriptor()->full_name());
  ASSERT_GE(root, 0);
  wirelens::testing::RandomFiller json_filler(seed, /*unknown_fields=*/false);
  int json_compared = 0;
  int negative_zeros = 0;  // JSON read back where libprotobuf lost the sign of a -0
  for (int i = 0; i < count; ++i) {
    Theirs json_message;
    json_filler.Fill(&json_message, 0);
    ClearJsonlessWellKnownTypes(&json_message);
    json_message.ByteSizeLong();
    const std::string json_bytes = wirelens::testing::SerializeDeterministic(json_message);
    pb::util::JsonPrintOptions their_options;
    wirelens::format::JsonWriteOptions our_options;
    const bool proto3 = Theirs::descriptor()->file()->syntax() == pb::FileDescriptor::SYNTAX_PROTO3;
    JsonOptionsOf(i, proto3, &their_options, &our_options);
    bool their_ok = false;
    const std::string their_json =
        LibprotobufJson(json_bytes, Theirs::descriptor()->full_name(), &their_ok, their_options);
    // libprotobuf's converter rejects a few random messages ("Nested protocol message not parsed
    // in its entirety"); those are counted and left out of the JSON comparison.
    if (!their_ok) continue;
    ++json_compared;
    const auto* json_data = reinterpret_cast<const uint8_t*>(json_bytes.data());
    const wirelens::inspect::NodeList json_list =
        wirelens::inspect::Inspect(json_data, json_bytes.size(), &schema, root);
    std::string our_json, json_error;
    ASSERT_TRUE(wirelens::format::JsonFormat(json_list, json_data, schema, &our_json, &json_error, our_options))
        << json_error << "\nlibprotobuf: " << their_json << "\nours: " << our_json;
    if (our_options.always_print_fields_with_no_presence) {
      // libprotobuf 3.21 prints a NullValue field at its default as "NULL_VALUE" at the top level
      // (null in sub-messages); JSON's form of NullValue (and current protobuf's) is null.
      std::string theirs = their_json;
      const std::string quirk = "\"optionalNullValue\":\"NULL_VALUE\"";
      for (size_t at = theirs.find(quirk); at != std::string::npos; at = theirs.find(quirk, at)) {
        theirs.replace(at, quirk.size(), "\"optionalNullValue\":null");
      }
      // 3.21 puts the present fields with presence among the rest in an order of its own (current
      // protobuf: declaration order, as ours): the same members, each printed the same.
      ASSERT_EQ(Canonical(our_json), Canonical(theirs)) << "message " << i;
    } else {
      ASSERT_EQ(our_json, their_json) << "message " << i;
    }
    negative_zeros += ExpectJsonReadAsLibprotobuf<Theirs>(their_json, root, i);
  }
  std::printf(
      "[ wirelens ] %s: %d messages in JSON with 3 or 4 sets of print options (printed and read back; %d with a -0 "
      "that "
      "libprotobuf reads as +0)\n",
      Theirs::descriptor()->full_name().c_str(), json_compared, negative_zeros);
  EXPECT_GE(json_compared, count * 9 / 10);
}

// The golden message of the CLI tests (valid Any, Timestamp, Duration, Struct, FieldMask, wrappers).
TEST(TextFormatDifferential, WellKnownTypesInJson) {
  const std::string text =
      wirelens::testing::ReadFile(std::string(WIRELENS_SOURCE_DIR) + "/tests/cli/golden/alltypes3.txtpb");
  protobuf_test_messages::proto3::TestAllTypesProto3 message;
  ASSERT_TRUE(pb::TextFormat::ParseFromString(text, &message));
  message.ByteSizeLong();
  const std::string bytes = wirelens::testing::SerializeDeterministic(message);
  bool ok = false;
  const std::string expected = LibprotobufJson(bytes, message.GetDescriptor()->full_name(), &ok);
  ASSERT_TRUE(ok);
  const wirelens::schema::Schema& schema = TestSchema();
  const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
  const auto list =
      wirelens::inspect::Inspect(data, bytes.size(), &schema, schema.FindMessage(message.GetDescriptor()->full_name()));
  std::string ours, error;
  ASSERT_TRUE(wirelens::format::JsonFormat(list, data, schema, &ours, &error)) << error;
  EXPECT_EQ(ours, expected);
  ExpectJsonReadAsLibprotobuf<protobuf_test_messages::proto3::TestAllTypesProto3>(expected, list.root_message, 0);
  EXPECT_NE(ours.find("\"optionalTimestamp\":\"2023-11-14T22:13:20.000000005Z\""), std::string::npos) << ours;
  EXPECT_NE(ours.find("\"@type\":\"type.googleapis.com/protobuf_test_messages.proto3.ForeignMessage\""),
            std::string::npos);
}

TEST(TextFormatDifferential, TestAllTypesProto3) {
  RunTextDifferential<protobuf_test_messages::proto3::TestAllTypesProto3>(33, 3000);
}

TEST(TextFormatDifferential, TestAllTypesProto2) {
  RunTextDifferential<protobuf_test_messages::proto2::TestAllTypesProto2>(22, 3000);
}

TEST(JsonDifferential, TestAllTypesProto3) {
  RunJsonDifferential<protobuf_test_messages::proto3::TestAllTypesProto3>(1033, 10000);
}

TEST(JsonDifferential, TestAllTypesProto2) {
  RunJsonDifferential<protobuf_test_messages::proto2::TestAllTypesProto2>(1022, 10000);
}

}  // namespace
