// Differential test of the table-driven codec (core/table) against the generated codecs' JS binding
// halves, on the conformance test messages loaded as a schema at run time. For random messages
// (libprotobuf's reflection filler), their concatenations (merges, oneof switches, appended
// repeated fields), cuts and flipped bytes:
// - the table decode reports the error the generated decode reports, kind and offset;
// - otherwise its tape reads back (generated FromTape) as the message the generated decode gives;
// - on canonical bytes its tape is the generated ToTape's, word for word and string for string;
// - the table encode of a tape writes the generated encode's bytes, and refuses what it refuses;
// - a resident record (record.h) filled from the decode's tape, or from the tape JS would write,
//   encodes to the generated encode's bytes, and reads back as the decode's tape.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/jsbind/exports.h"
#include "core/schema/loader.h"
#include "core/table/decode.h"
#include "core/table/encode.h"
#include "core/table/record.h"
#include "google/protobuf/test_messages_proto2.pb.h"
#include "google/protobuf/test_messages_proto2.wl.js.h"
#include "google/protobuf/test_messages_proto3.pb.h"
#include "google/protobuf/test_messages_proto3.wl.js.h"
#include "tests/differential/random_filler.h"
#include "tests/jsbind/tape_copy.h"

namespace wirelens::table {
namespace {

namespace jsbind = ::wirelens::jsbind;

// A tape as JS writes it: words, strings as offsets into a byte area.
struct JsTape {
  std::vector<uint32_t> words;
  std::string bytes;
};

using testing::CopyTape;
using testing::TapeCopy;

// Two tapes of one message hold the same values: the same words and texts, except where bytes
// point into different memory (the input, the message): such a pointer word may differ when the
// length word after it is the same.
void ExpectSameTape(const TapeCopy& a, const TapeCopy& b) {
  ASSERT_EQ(a.words.size(), b.words.size());
  EXPECT_EQ(a.text, b.text);
  EXPECT_TRUE(a.wide == b.wide);
  for (size_t i = 0; i < a.words.size(); ++i) {
    if (a.words[i] == b.words[i]) continue;
    ASSERT_LT(i + 1, a.words.size()) << "word " << i;
    ASSERT_EQ(a.words[i + 1], b.words[i + 1]) << "word " << i << " differs, and not as a pointer";
    ++i;
  }
}

// Puts a JS tape where the encode exports read it.
void LoadJsTape(const JsTape& tape) {
  jsbind::State& s = jsbind::GlobalState();
  auto* words = reinterpret_cast<uint8_t*>(s.tape);
  uint32_t capacity = s.tape_words * 4;
  ASSERT_TRUE(jsbind::GrowBuffer(&words, &capacity, tape.words.size() * 4 + 8, 0));
  s.tape = reinterpret_cast<uint32_t*>(words);
  s.tape_words = capacity / 4;
  if (!tape.words.empty()) std::memcpy(s.tape, tape.words.data(), tape.words.size() * 4);
  s.tape_end = static_cast<uint32_t>(tape.words.size());
  ASSERT_TRUE(jsbind::GrowBuffer(&s.bytes, &s.bytes_capacity, tape.bytes.size() + 1, 0));
  if (!tape.bytes.empty()) std::memcpy(s.bytes, tape.bytes.data(), tape.bytes.size());
}

std::string Output() {
  const jsbind::State& s = jsbind::GlobalState();
  return std::string(reinterpret_cast<const char*>(s.output), s.output_size);
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

using Proto3 = wl::protobuf_test_messages::proto3::TestAllTypesProto3;
using Proto2 = wl::protobuf_test_messages::proto2::TestAllTypesProto2;

class TableCodecTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::vector<schema::SourceFile> files;
    std::vector<std::string> dirs;
    for (const char* dir : {WIRELENS_TEST_PROTO_DIRS}) dirs.emplace_back(dir);
    for (const char* name :
         {"google/protobuf/test_messages_proto3.proto", "google/protobuf/test_messages_proto2.proto"}) {
      for (const std::string& dir : dirs) {
        std::string content = ReadFile(dir + "/" + name);
        if (content.empty()) continue;
        files.push_back({name, std::move(content)});
        break;
      }
    }
    ASSERT_EQ(files.size(), 2u);
    loaded_ = new schema::LoadResult(schema::LoadProtoFiles(files, dirs));
    ASSERT_TRUE(loaded_->ok()) << loaded_->errors[0].ToString();
    tables_ = new Tables(BuildTables(loaded_->schema));
    records_ = new Records(*tables_);
  }

  static uint32_t Index(const char* name) { return static_cast<uint32_t>(loaded_->schema.FindMessage(name)); }

  // Every property of the file comment for one payload; M is the generated message of `type`.
  template <typename M>
  void Check(uint32_t type, const std::string& bytes) {
    SCOPED_TRACE(::testing::Message() << "payload of " << bytes.size() << " bytes");
    const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
    M expected;
    const Status want = expected.Decode(bytes);
    Decoder decoder(*tables_);
    decoder.set_keep_strings(true);
    jsbind::TapeWriter tape;
    const Status got = decoder.Decode(type, data, bytes.size(), tape);
    ASSERT_EQ(ErrorKindName(got.kind), ErrorKindName(want.kind));
    if (!want.ok()) {
      EXPECT_EQ(got.offset, want.offset);
      return;
    }
    ++decoded_;
    const TapeCopy table_tape = CopyTape(tape.size());
    const std::string canonical = expected.Encode();
    // The tape reads back as the message.
    ASSERT_TRUE(decoder.ToEncodeTape(type, tape.size()));
    M read_back;
    jsbind::TapeReader reader;
    ASSERT_TRUE(jsbind::FromTape(&read_back, reader));
    EXPECT_EQ(read_back.Encode(), canonical);
    // The encoders on that tape: the same bytes.
    ASSERT_EQ(EncodeTapeToOutput(*tables_, type), 0u);
    const std::string table_bytes = Output();
    ASSERT_EQ(jsbind::EncodeFromTape<M>(), 0u);
    EXPECT_EQ(table_bytes, Output());
    EXPECT_EQ(table_bytes, canonical);
    // On the canonical bytes: ToTape's tape.
    if (canonical == bytes) {
      jsbind::TapeWriter generated;
      jsbind::ToTape(expected, generated);
      ExpectSameTape(table_tape, CopyTape(generated.size()));
    }
    CheckRecord(type, bytes, canonical, canonical == bytes ? &table_tape : nullptr);
  }

  // A root record decoded from `bytes`: its encoding is `canonical`; as a tape for JS it is
  // `tape` (when given); read from the tape JS would write for it, it encodes the same again.
  void CheckRecord(uint32_t type, const std::string& bytes, const std::string& canonical, const TapeCopy* tape) {
    Decoder decoder(*tables_);
    decoder.set_strings_as_bytes(true);
    decoder.set_keep_strings(true);
    jsbind::TapeWriter writer;
    ASSERT_TRUE(decoder.Decode(type, reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), writer).ok());
    jsbind::GlobalState().tape_end = static_cast<uint32_t>(writer.size());
    uint8_t* record = records_->NewRoot(type);
    uint8_t* copy = records_->NewRoot(type);
    ASSERT_TRUE(records_->Replace(type, record, &decoder.strings()));
    ASSERT_TRUE(records_->ToTape(type, record, Records::Strings::kByteArea));
    ASSERT_TRUE(records_->Replace(type, copy));
    ASSERT_EQ(EncodeTapeToOutput(*tables_, type), 0u);
    EXPECT_EQ(Output(), canonical);
    ASSERT_TRUE(records_->ToTape(type, copy, Records::Strings::kByteArea));
    ASSERT_EQ(EncodeTapeToOutput(*tables_, type), 0u);
    EXPECT_EQ(Output(), canonical);
    if (tape != nullptr) {
      ASSERT_TRUE(records_->ToTape(type, copy, Records::Strings::kText));
      ExpectSameTape(*tape, CopyTape(jsbind::GlobalState().tape_end));
    }
    Records::DeleteRoot(record);
    Records::DeleteRoot(copy);
  }

  // Random payloads of libprotobuf message type P, checked as generated type M.
  template <typename P, typename M>
  void CheckRandom(const char* name, int seeds) {
    const uint32_t type = Index(name);
    ASSERT_NE(type, ~0u);
    std::mt19937 rng(7);
    for (int seed = 1; seed <= seeds; ++seed) {
      SCOPED_TRACE(::testing::Message() << name << " seed " << seed);
      P a, b;
      testing::RandomFiller(seed).Fill(&a, 0);
      testing::RandomFiller(seed + 100000).Fill(&b, 0);
      const std::string one = a.SerializeAsString();
      const std::string two = one + b.SerializeAsString();
      M generated;
      ASSERT_TRUE(generated.Decode(one).ok());
      Check<M>(type, generated.Encode());
      Check<M>(type, one);
      Check<M>(type, two);
      if (two.empty()) continue;
      Check<M>(type, two.substr(0, rng() % two.size()));
      std::string flipped = two;
      flipped[rng() % flipped.size()] ^= static_cast<char>(1 + rng() % 255);
      Check<M>(type, flipped);
      if (HasFatalFailure()) return;
    }
  }

  // A tape as generated JS could write one for `table`, values picked at random (zero often, a
  // second oneof member, repeated map keys, bytes past the area now and then).
  void RandomTape(std::mt19937& rng, const MessageTable& table, int depth, JsTape* out) {
    const size_t mask = out->words.size();
    out->words.resize(mask + table.mask_words, 0);
    for (uint32_t slot = 0; slot < table.fields.size() + (table.keep_unknown ? 1 : 0); ++slot) {
      const bool sub = slot < table.fields.size() && table.fields[slot].kind == jsbind::TapeKind::kMessage;
      const bool member = slot < table.fields.size() && table.fields[slot].oneof >= 0;
      if (rng() % (member ? 16 : 3) != 0 || (sub && depth > 3)) continue;
      out->words[mask + slot / 32] |= 1u << (slot % 32);
      if (slot == table.fields.size()) {
        RandomValue(rng, jsbind::TapeKind::kBytes, nullptr, depth, out);
        continue;
      }
      const FieldEntry& f = table.fields[slot];
      if (f.shape != Shape::kRepeated && f.shape != Shape::kMap) {
        RandomValue(rng, f.kind, &f, depth, out);
        continue;
      }
      const uint32_t n = rng() % 4;
      out->words.push_back(n);
      const MessageTable* entry = f.shape == Shape::kMap ? &tables_->messages[static_cast<size_t>(f.sub)] : nullptr;
      for (uint32_t i = 0; i < n; ++i) {
        if (entry == nullptr) {
          RandomValue(rng, f.kind, &f, depth, out);
        } else {
          RandomValue(rng, entry->fields[0].kind, &entry->fields[0], depth, out);
          RandomValue(rng, entry->fields[1].kind, &entry->fields[1], depth, out);
        }
      }
    }
  }

  void RandomValue(std::mt19937& rng, jsbind::TapeKind kind, const FieldEntry* f, int depth, JsTape* out) {
    if (kind == jsbind::TapeKind::kMessage) {
      RandomTape(rng, tables_->messages[static_cast<size_t>(f->sub)], depth + 1, out);
    } else if (jsbind::IsText(kind)) {
      const uint32_t size = rng() % 4;
      out->words.push_back(static_cast<uint32_t>(out->bytes.size()) + (rng() % 400 == 0 ? 1000 : 0));
      out->words.push_back(size);
      for (uint32_t i = 0; i < size; ++i) out->bytes += static_cast<char>(rng() % 2 == 0 ? 'a' + rng() % 3 : rng());
    } else {
      if (jsbind::IsWide(kind) && out->words.size() % 2 != 0) out->words.push_back(0);
      const int words = jsbind::IsWide(kind) ? 2 : 1;
      for (int i = 0; i < words; ++i) out->words.push_back(rng() % 3 == 0 ? 0 : rng() % 4 == 0 ? rng() : rng() % 3);
    }
  }

  // The generated decode makes the same message of `bytes` and `record_bytes`; false when it
  // fails on `bytes` (a string that is not UTF-8), true or a test failure otherwise.
  template <typename M>
  bool SameMessage(const std::string& bytes, const std::string& record_bytes) {
    M want, got;
    if (!want.Decode(bytes).ok()) return false;
    EXPECT_TRUE(got.Decode(record_bytes).ok());
    EXPECT_EQ(got.Encode(), want.Encode());
    return true;
  }

  static schema::LoadResult* loaded_;
  static Tables* tables_;
  static Records* records_;
  int decoded_ = 0;
};
schema::LoadResult* TableCodecTest::loaded_ = nullptr;
Tables* TableCodecTest::tables_ = nullptr;
Records* TableCodecTest::records_ = nullptr;

TEST_F(TableCodecTest, RandomProto3MessagesAsGenerated) {
  CheckRandom<protobuf_test_messages::proto3::TestAllTypesProto3, Proto3>(
      "protobuf_test_messages.proto3.TestAllTypesProto3", 300);
  EXPECT_GT(decoded_, 600);  // most payloads decode: the properties were checked, not skipped
}

TEST_F(TableCodecTest, RandomProto2MessagesAsGenerated) {
  CheckRandom<protobuf_test_messages::proto2::TestAllTypesProto2, Proto2>(
      "protobuf_test_messages.proto2.TestAllTypesProto2", 300);
  EXPECT_GT(decoded_, 600);
}

// Tapes no decode writes (zeros in implicit-presence fields, two members of a oneof, repeated map
// keys, strings outside the byte area, a cut end): the table encode accepts what the generated one
// accepts and writes the same bytes.
TEST_F(TableCodecTest, RandomTapesEncodeAsGenerated) {
  const uint32_t p3 = Index("protobuf_test_messages.proto3.TestAllTypesProto3");
  const uint32_t p2 = Index("protobuf_test_messages.proto2.TestAllTypesProto2");
  std::mt19937 rng(11);
  int accepted = 0, refused = 0, through_records = 0;
  for (int i = 0; i < 4000; ++i) {
    const bool proto3 = i % 2 == 0;
    JsTape tape;
    RandomTape(rng, tables_->messages[proto3 ? p3 : p2], 0, &tape);
    if (i % 10 == 0 && !tape.words.empty()) tape.words.resize(rng() % tape.words.size());
    LoadJsTape(tape);
    jsbind::GlobalState().bytes_capacity = static_cast<uint32_t>(tape.bytes.size());
    const uint32_t table_kind = EncodeTapeToOutput(*tables_, proto3 ? p3 : p2);
    const std::string table_bytes = Output();
    const uint32_t generated_kind = proto3 ? jsbind::EncodeFromTape<Proto3>() : jsbind::EncodeFromTape<Proto2>();
    ASSERT_EQ(table_kind, generated_kind) << "tape " << i;
    if (table_kind == 0) {
      ASSERT_EQ(table_bytes, Output()) << "tape " << i;
      ++accepted;
      // Through a record: the same message (a repeated map key: its last value, as decode keeps it).
      uint8_t* record = records_->NewRoot(proto3 ? p3 : p2);
      ASSERT_TRUE(records_->Replace(proto3 ? p3 : p2, record)) << "tape " << i;
      ASSERT_TRUE(records_->ToTape(proto3 ? p3 : p2, record, Records::Strings::kByteArea));
      ASSERT_EQ(EncodeTapeToOutput(*tables_, proto3 ? p3 : p2), 0u);
      const std::string record_bytes = Output();
      Records::DeleteRoot(record);
      if (proto3 ? SameMessage<Proto3>(table_bytes, record_bytes) : SameMessage<Proto2>(table_bytes, record_bytes)) {
        ++through_records;
      }
    } else {
      ++refused;
    }
  }
  EXPECT_GT(accepted, 1000);
  EXPECT_GT(refused, 400);
  EXPECT_GT(through_records, 200);
}

// Shapes random messages seldom have: each decoded as the generated code decodes it.
TEST_F(TableCodecTest, MergesOneofsClosedEnumsAndMismatchesAsGenerated) {
  const uint32_t p2 = Index("protobuf_test_messages.proto2.TestAllTypesProto2");
  const uint32_t p3 = Index("protobuf_test_messages.proto3.TestAllTypesProto3");
  const std::vector<std::string> payloads = {
      // optional_nested_message (18) twice: merged; a = 1, then corecursive sub-field.
      std::string("\x92\x01\x02\x08\x01\x92\x01\x02\x08\x02", 10),
      // oneof_uint32 (111) then oneof_string (113) then oneof_uint32 again: the last wins.
      std::string("\xf8\x06\x05\x8a\x07\x01x\xf8\x06\x07", 10),
      // oneof_nested_message (112) twice around oneof_uint32: only the second one.
      std::string("\x82\x07\x02\x08\x01\xf8\x06\x05\x82\x07\x02\x10\x03", 13),
      // optional_nested_enum (21) = 77 (closed in proto2: an unknown field), then = 1.
      std::string("\xa8\x01\x4d\xa8\x01\x01", 6),
      // repeated_nested_enum (51) packed with 1, 77, 2, then one 99 unpacked.
      std::string("\x9a\x03\x03\x01\x4d\x02\x98\x03\x63", 9),
      // optional_int32 (1) as fixed32: an unknown field; then 5.
      std::string("\x0d\x01\x02\x03\x04\x08\x05", 7),
      // repeated_int32 (31) packed, unpacked, packed empty.
      std::string("\xfa\x01\x02\x01\x02\xf8\x01\x03\xfa\x01\x00", 11),
      // map_int32_int32 (56) entries out of order, a repeated key, a missing value.
      std::string(
          "\xc2\x03\x04\x08\x02\x10\x05\xc2\x03\x04\x08\x01\x10\x06\xc2\x03\x04\x08\x02\x10\x07\xc2\x03\x02\x08\x09",
          26),
      // fields out of order with unknown fields between them.
      std::string("\x10\x02\xa0\x9c\x01\x01\x08\x01\xa0\x9c\x01\x02", 12),
  };
  for (const std::string& payload : payloads) {
    Check<Proto2>(p2, payload);
    Check<Proto3>(p3, payload);
  }
}

// A resident setter's operations on a record: a field set alone from a tape, a oneof member
// replacing another, a sub-message and repeated elements made in place, a field cleared. The
// record then encodes as the generated message with the same changes.
TEST_F(TableCodecTest, RecordFieldsSetClearedAndMadeInPlace) {
  const uint32_t p3 = Index("protobuf_test_messages.proto3.TestAllTypesProto3");
  const MessageTable& table = tables_->messages[p3];
  const uint32_t nested = static_cast<uint32_t>(table.fields[table.SlotOf(18)].sub);
  const auto set = [&](uint32_t message, uint8_t* record, uint32_t number, JsTape tape) {
    LoadJsTape(tape);
    return records_->SetSlot(message, record, tables_->messages[message].SlotOf(number));
  };
  uint8_t* record = records_->NewRoot(p3);
  ASSERT_NE(record, nullptr);
  ASSERT_TRUE(set(p3, record, 1, JsTape{{7}, ""}));                    // optional_int32 = 7
  ASSERT_TRUE(set(p3, record, 14, JsTape{{0, 2}, "hi"}));              // optional_string = "hi"
  ASSERT_TRUE(set(p3, record, 31, JsTape{{3, 1, 2, 3}, ""}));          // repeated_int32 = [1, 2, 3]
  ASSERT_TRUE(set(p3, record, 111, JsTape{{5}, ""}));                  // oneof_uint32 = 5
  ASSERT_TRUE(set(p3, record, 113, JsTape{{0, 1}, "x"}));              // oneof_string replaces it
  uint8_t* sub = records_->MutableSlot(p3, record, table.SlotOf(18));  // optional_nested_message
  ASSERT_NE(sub, nullptr);
  ASSERT_TRUE(set(nested, sub, 1, JsTape{{9}, ""}));  // .a = 9
  EXPECT_EQ(records_->MutableSlot(p3, record, table.SlotOf(18)), sub);
  for (int i = 0; i < 5; ++i) {  // repeated_nested_message: 5 elements
    uint8_t* e = records_->MutableSlot(p3, record, table.SlotOf(48));
    ASSERT_NE(e, nullptr);
    ASSERT_TRUE(set(nested, e, 1, JsTape{{static_cast<uint32_t>(i)}, ""}));
  }
  ASSERT_TRUE(set(p3, record, 56, JsTape{{2, 4, 40, 4, 41}, ""}));  // map_int32_int32: a repeated key
  records_->ClearSlot(p3, record, table.SlotOf(1));
  EXPECT_EQ(records_->MutableSlot(p3, record, table.SlotOf(1)), nullptr);  // not a message field
  EXPECT_FALSE(set(p3, record, 14, JsTape{{1u << 30, 2}, "hi"}));          // bytes past the area: refused

  protobuf_test_messages::proto3::TestAllTypesProto3 want;
  want.add_repeated_int32(1);
  want.add_repeated_int32(2);
  want.add_repeated_int32(3);
  want.set_oneof_string("x");
  want.mutable_optional_nested_message()->set_a(9);
  for (int i = 0; i < 5; ++i) want.add_repeated_nested_message()->set_a(i);
  (*want.mutable_map_int32_int32())[4] = 41;
  ASSERT_TRUE(records_->ToTape(p3, record, Records::Strings::kByteArea));
  ASSERT_EQ(EncodeTapeToOutput(*tables_, p3), 0u);
  EXPECT_EQ(Output(), want.SerializeAsString());
  Records::DeleteRoot(record);
}

}  // namespace
}  // namespace wirelens::table
