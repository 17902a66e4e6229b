// RandomFiller: fills any libprotobuf message through reflection with seeded random content:
// every field kind, random presence, nesting up to depth 8, unknown fields (numbers >= 50000).
#ifndef WIRELENS_TESTS_DIFFERENTIAL_RANDOM_FILLER_H_
#define WIRELENS_TESTS_DIFFERENTIAL_RANDOM_FILLER_H_

#include <google/protobuf/descriptor.h>
#include <google/protobuf/descriptor.pb.h>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/message.h>
#include <google/protobuf/reflection.h>
#include <google/protobuf/unknown_field_set.h>

#include <cstring>
#include <limits>
#include <random>
#include <string>

namespace wirelens::testing {

namespace pb = google::protobuf;
using FD = pb::FieldDescriptor;

class RandomFiller {
 public:
  explicit RandomFiller(uint64_t seed, bool unknown_fields = true) : rng_(seed), unknown_fields_(unknown_fields) {}

  void Fill(pb::Message* m, int depth) {
    const pb::Descriptor* d = m->GetDescriptor();
    const pb::Reflection* r = m->GetReflection();
    for (int i = 0; i < d->field_count(); ++i) {
      const FD* f = d->field(i);
      if (f->is_extension()) continue;
      if (f->real_containing_oneof() != nullptr) continue;  // one member per oneof, below
      if (f->cpp_type() == FD::CPPTYPE_MESSAGE && depth >= kMaxDepth) continue;
      if (Chance(f->cpp_type() == FD::CPPTYPE_MESSAGE ? 4 + depth * 2 : 2)) continue;
      if (f->is_repeated()) {
        const int n = static_cast<int>(rng_() % 4);
        for (int k = 0; k < n; ++k) AddValue(m, r, f, depth);
      } else {
        SetValue(m, r, f, depth);
      }
    }
    for (int i = 0; i < d->real_oneof_decl_count(); ++i) {
      const pb::OneofDescriptor* o = d->oneof_decl(i);
      if (Chance(2)) continue;
      const FD* f = o->field(static_cast<int>(rng_() % o->field_count()));
      if (f->cpp_type() == FD::CPPTYPE_MESSAGE && depth >= kMaxDepth) continue;
      SetValue(m, r, f, depth);
    }
    // Unknown fields, numbers this schema leaves free (proto2 reserves 1000-9999; 50000+ is free).
    if (unknown_fields_ && !d->options().map_entry() && Chance(3)) {
      pb::UnknownFieldSet* unknown = r->MutableUnknownFields(m);
      const int n = 1 + static_cast<int>(rng_() % 3);
      for (int k = 0; k < n; ++k) {
        const int number = 50000 + static_cast<int>(rng_() % 1000);
        switch (rng_() % 4) {
          case 0: unknown->AddVarint(number, Bits()); break;
          case 1: unknown->AddFixed32(number, static_cast<uint32_t>(rng_())); break;
          case 2: unknown->AddFixed64(number, rng_()); break;
          default: unknown->AddLengthDelimited(number, Bytes(20)); break;
        }
      }
    }
  }

 private:
  static constexpr int kMaxDepth = 8;

  bool Chance(int one_in) { return rng_() % static_cast<uint64_t>(one_in) != 0; }
  uint64_t Bits() {
    const int bits = static_cast<int>(rng_() % 65);
    return bits == 0 ? 0 : rng_() >> (64 - bits);
  }
  std::string Bytes(size_t max) {
    std::string s(rng_() % (max + 1), '\0');
    for (char& c : s) c = static_cast<char>(rng_());
    return s;
  }
  std::string Utf8(size_t max) {
    static const char* const kPieces[] = {"a",    "Z",   "0", " ", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80",
                                          "\x7f", "\x01"};
    std::string s;
    const size_t n = rng_() % (max + 1);
    for (size_t i = 0; i < n; ++i) s += kPieces[rng_() % 9];
    return s;
  }
  float Float() {
    static const float kSpecial[] = {0.0f,
                                     -0.0f,
                                     1.5f,
                                     std::numeric_limits<float>::infinity(),
                                     -std::numeric_limits<float>::infinity(),
                                     std::numeric_limits<float>::quiet_NaN()};
    if (rng_() % 4 == 0) return kSpecial[rng_() % 6];
    uint32_t b = static_cast<uint32_t>(rng_());
    float f;
    std::memcpy(&f, &b, 4);
    return f;
  }
  double Double() {
    static const double kSpecial[] = {
        0.0, -0.0, 204.8, std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN(), 1e-310};
    if (rng_() % 4 == 0) return kSpecial[rng_() % 6];
    uint64_t b = rng_();
    double d;
    std::memcpy(&d, &b, 8);
    return d;
  }
  int EnumNumber(const FD* f) {
    const pb::EnumDescriptor* e = f->enum_type();
    // Open (proto3) enums also carry numbers they do not define.
    if (f->file()->syntax() == pb::FileDescriptor::SYNTAX_PROTO3 && rng_() % 5 == 0) {
      return static_cast<int>(static_cast<int32_t>(rng_()));
    }
    return e->value(static_cast<int>(rng_() % e->value_count()))->number();
  }
  std::string StringFor(const FD* f) { return f->type() == FD::TYPE_STRING ? Utf8(12) : Bytes(24); }

  void SetValue(pb::Message* m, const pb::Reflection* r, const FD* f, int depth) {
    switch (f->cpp_type()) {
      case FD::CPPTYPE_INT32: r->SetInt32(m, f, static_cast<int32_t>(Bits())); break;
      case FD::CPPTYPE_INT64: r->SetInt64(m, f, static_cast<int64_t>(Bits())); break;
      case FD::CPPTYPE_UINT32: r->SetUInt32(m, f, static_cast<uint32_t>(Bits())); break;
      case FD::CPPTYPE_UINT64: r->SetUInt64(m, f, Bits()); break;
      case FD::CPPTYPE_FLOAT: r->SetFloat(m, f, Float()); break;
      case FD::CPPTYPE_DOUBLE: r->SetDouble(m, f, Double()); break;
      case FD::CPPTYPE_BOOL: r->SetBool(m, f, rng_() & 1); break;
      case FD::CPPTYPE_ENUM: r->SetEnumValue(m, f, EnumNumber(f)); break;
      case FD::CPPTYPE_STRING: r->SetString(m, f, StringFor(f)); break;
      case FD::CPPTYPE_MESSAGE: Fill(r->MutableMessage(m, f), depth + 1); break;
    }
  }

  void AddValue(pb::Message* m, const pb::Reflection* r, const FD* f, int depth) {
    switch (f->cpp_type()) {
      case FD::CPPTYPE_INT32: r->AddInt32(m, f, static_cast<int32_t>(Bits())); break;
      case FD::CPPTYPE_INT64: r->AddInt64(m, f, static_cast<int64_t>(Bits())); break;
      case FD::CPPTYPE_UINT32: r->AddUInt32(m, f, static_cast<uint32_t>(Bits())); break;
      case FD::CPPTYPE_UINT64: r->AddUInt64(m, f, Bits()); break;
      case FD::CPPTYPE_FLOAT: r->AddFloat(m, f, Float()); break;
      case FD::CPPTYPE_DOUBLE: r->AddDouble(m, f, Double()); break;
      case FD::CPPTYPE_BOOL: r->AddBool(m, f, rng_() & 1); break;
      case FD::CPPTYPE_ENUM: r->AddEnumValue(m, f, EnumNumber(f)); break;
      case FD::CPPTYPE_STRING: r->AddString(m, f, StringFor(f)); break;
      case FD::CPPTYPE_MESSAGE: Fill(r->AddMessage(m, f), depth + 1); break;  // map entries too
    }
  }

  std::mt19937_64 rng_;
  bool unknown_fields_;
};

// libprotobuf's serialization with map entries sorted by key (as our std::map writes them).
inline std::string SerializeDeterministic(const pb::Message& m) {
  std::string out;
  {
    pb::io::StringOutputStream stream(&out);
    pb::io::CodedOutputStream coded(&stream);
    coded.SetSerializationDeterministic(true);
    m.SerializeToCodedStream(&coded);
  }
  return out;
}

}  // namespace wirelens::testing

#endif  // WIRELENS_TESTS_DIFFERENTIAL_RANDOM_FILLER_H_
