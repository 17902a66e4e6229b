// Field codecs for generated message code: how each protobuf field type is sized, written and
// read, plus the generic loops for packed, repeated and map fields. Generated code calls these
// with constant field numbers, so after inlining every call is straight-line code.
//
// Codec<kType, V>: V is the C++ value type (the enum or message class for kEnum / kMessage).
//   Value                         the C++ type held in the message
//   kWireType                     the wire type of one (unpacked) value
//   Size(v)                       bytes of the value without its tag (messages: computes and caches)
//   CachedSize(v)                 the same, using the sizes cached by Size() (messages only differ;
//                                 the map loop's entries use it)
//   Write(p, v) -> p              writes the value without its tag; room is the caller's duty
//   Read(reader, &v) -> bool      reads the current field's value (wire type already checked);
//                                 messages merge into *v
//   ReadRaw(p, end, &v) -> p      (scalars, strings) reads one value at p from [p, end), nullptr if
//                                 it is cut, malformed or invalid (generated code then reads the
//                                 field through the Reader, which reports why); strings assign *v
//                                 only when the value is valid; messages take the parent Reader
//                                 first (see MessageCodec::ReadRaw)
#ifndef WIRELENS_CORE_WIRE_FIELD_CODEC_H_
#define WIRELENS_CORE_WIRE_FIELD_CODEC_H_

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "core/wire/box.h"
#include "core/wire/reader.h"
#include "core/wire/utf8.h"
#include "core/wire/varint.h"
#include "core/wire/wire_format.h"

namespace wirelens {

// Options for Decode() of generated messages.
struct DecodeOptions {
  int depth_limit = kDefaultDepthLimit;
  // A known field arriving with a wire type its type cannot have is, by default, kept as an unknown
  // field (as libprotobuf does). With this set it is an error: kWireTypeMismatch at its tag.
  bool reject_wire_type_mismatch = false;
};

namespace codec {

// Codecs are chosen by the one FieldType (wire_format.h), generated code spells it codec::FieldType.
// kString is a string that must be UTF-8 (proto3, editions' VERIFY); kBytes is bytes and a proto2
// string (not validated, as libprotobuf). kGroup has no codec: generated code writes groups itself.
using ::wirelens::FieldType;

// ---- varint-based scalars ------------------------------------------------------------------

template <typename T, typename Encode, typename Decode>
struct VarintCodec {
  using Value = T;
  static constexpr WireType kWireType = WireType::kVarint;
  static size_t Size(T v) { return VarintSize(Encode()(v)); }
  static size_t CachedSize(T v) { return Size(v); }
  static uint8_t* Write(uint8_t* p, T v) { return WriteVarint(p, Encode()(v)); }
  static bool Read(Reader& r, T* v) {
    uint64_t raw;
    if (!r.ReadVarint(&raw)) return false;
    *v = Decode()(raw);
    return true;
  }
  static const uint8_t* ReadRaw(const uint8_t* p, const uint8_t* end, T* v) {
    uint64_t raw;
    p = ReadVarint(p, end, &raw);
    if (p != nullptr) *v = Decode()(raw);
    return p;
  }
  // The value of a varint's 64 bits as read (callers that decode varints themselves).
  static T FromRaw(uint64_t raw) { return Decode()(raw); }
};

// int32 and enums are sign-extended to 64 bits on the wire (negative values take 10 bytes).
template <typename T>
struct SignExtend {
  uint64_t operator()(T v) const { return static_cast<uint64_t>(static_cast<int64_t>(v)); }
};
template <typename T>
struct Truncate32 {
  T operator()(uint64_t raw) const { return static_cast<T>(static_cast<int32_t>(raw)); }
};
template <typename T>
struct AsUInt64 {
  uint64_t operator()(T v) const { return static_cast<uint64_t>(v); }
};
template <typename T>
struct FromUInt64 {
  T operator()(uint64_t raw) const { return static_cast<T>(raw); }
};
struct ZigZag32 {
  uint64_t operator()(int32_t v) const { return ZigZagEncode32(v); }
};
struct UnZigZag32 {
  int32_t operator()(uint64_t raw) const { return ZigZagDecode32(static_cast<uint32_t>(raw)); }
};
struct ZigZag64 {
  uint64_t operator()(int64_t v) const { return ZigZagEncode64(v); }
};
struct UnZigZag64 {
  int64_t operator()(uint64_t raw) const { return ZigZagDecode64(raw); }
};
struct BoolBits {
  uint64_t operator()(bool v) const { return v ? 1 : 0; }
};
struct NonZero {
  bool operator()(uint64_t raw) const { return raw != 0; }
};

// ---- fixed-width scalars -------------------------------------------------------------------

// T is the C++ type, Bits the unsigned integer of its width (uint32_t or uint64_t).
template <typename T, typename Bits>
struct FixedCodec {
  using Value = T;
  static constexpr size_t kWidth = sizeof(Bits);
  static constexpr WireType kWireType = kWidth == 4 ? WireType::kFixed32 : WireType::kFixed64;
  static_assert(sizeof(T) == sizeof(Bits), "fixed-width value and bits differ in size");
  static size_t Size(T) { return kWidth; }
  static size_t CachedSize(T) { return kWidth; }
  static uint8_t* Write(uint8_t* p, T v) {
    Bits bits = BitCast<Bits>(v);
    if constexpr (kWidth == 4) return WriteFixed32(p, bits);
    else return WriteFixed64(p, bits);
  }
  static T FromBits(Bits bits) { return BitCast<T>(bits); }
  static bool Read(Reader& r, T* v) {
    Bits bits;
    bool ok;
    if constexpr (kWidth == 4) ok = r.ReadFixed32(&bits);
    else ok = r.ReadFixed64(&bits);
    if (ok) *v = FromBits(bits);
    return ok;
  }
  static const uint8_t* ReadRaw(const uint8_t* p, const uint8_t* end, T* v) {
    if (end - p < static_cast<ptrdiff_t>(kWidth)) return nullptr;
    if constexpr (kWidth == 4) *v = FromBits(LoadFixed32(p));
    else *v = FromBits(LoadFixed64(p));
    return p + kWidth;
  }
};

// ---- length-delimited ----------------------------------------------------------------------

template <bool kValidateUtf8>
struct StringCodec {
  using Value = std::string;
  static constexpr WireType kWireType = WireType::kLengthDelimited;
  static size_t Size(const std::string& v) { return LengthDelimitedSize(v.size()); }
  static size_t CachedSize(const std::string& v) { return Size(v); }
  static uint8_t* Write(uint8_t* p, const std::string& v) {
    p = WriteVarint(p, v.size());
    if (!v.empty()) std::memcpy(p, v.data(), v.size());
    return p + v.size();
  }
  static bool Read(Reader& r, std::string* v) {
    ByteView view;
    if (!r.ReadLengthDelimited(&view)) return false;
    if (kValidateUtf8 && !IsValidUtf8(view.data, view.size)) {
      return r.Fail(ErrorKind::kInvalidUtf8, r.field_begin());
    }
    v->assign(reinterpret_cast<const char*>(view.data), view.size);
    return true;
  }
  static const uint8_t* ReadRaw(const uint8_t* p, const uint8_t* end, std::string* v) {
    size_t length;
    p = ReadLengthPrefix(p, end, &length);
    if (p == nullptr || (kValidateUtf8 && !IsValidUtf8(p, length))) return nullptr;
    v->assign(reinterpret_cast<const char*>(p), length);
    return p + length;
  }
};

// M is a generated message class: ComputeSize(), cached_size(), EncodeWithCachedSizes(), MergeFrom().
template <typename M>
struct MessageCodec {
  using Value = M;
  static constexpr WireType kWireType = WireType::kLengthDelimited;
  static size_t Size(const M& m) { return LengthDelimitedSize(m.ComputeSize()); }
  static size_t CachedSize(const M& m) { return LengthDelimitedSize(m.cached_size()); }
  static uint8_t* Write(uint8_t* p, const M& m) {
    p = WriteVarint(p, m.cached_size());
    return m.EncodeWithCachedSizes(p);
  }
  static bool Read(Reader& r, M* m) {
    Reader child(nullptr, 0);
    if (!r.EnterMessage(&child)) return false;
    return m->MergeFrom(child) || r.PropagateError(child);
  }
  // ReadRaw for a message: `at` is its length prefix inside `parent`'s bytes; merges into *m on a
  // child of `parent`. Returns the pointer past it, or nullptr: when the length is cut or runs past
  // `end` or no depth is left (nothing recorded: read it through Read, which reports why), or on an
  // error inside it, recorded in `parent`.
  static const uint8_t* ReadRaw(Reader& parent, const uint8_t* at, const uint8_t* end, M* m) {
    size_t length;
    const uint8_t* body = ReadLengthPrefix(at, end, &length);
    Reader child(nullptr, 0);
    if (body == nullptr || !parent.EnterPayload(body, body + length, &child)) return nullptr;
    if (!m->MergeFrom(child)) {
      parent.PropagateError(child);
      return nullptr;
    }
    return body + length;
  }
};

template <FieldType kType, typename V = void>
struct Codec;
template <>
struct Codec<FieldType::kInt32> : VarintCodec<int32_t, SignExtend<int32_t>, Truncate32<int32_t>> {};
template <>
struct Codec<FieldType::kInt64> : VarintCodec<int64_t, AsUInt64<int64_t>, FromUInt64<int64_t>> {};
template <>
struct Codec<FieldType::kUInt32> : VarintCodec<uint32_t, AsUInt64<uint32_t>, FromUInt64<uint32_t>> {};
template <>
struct Codec<FieldType::kUInt64> : VarintCodec<uint64_t, AsUInt64<uint64_t>, FromUInt64<uint64_t>> {};
template <>
struct Codec<FieldType::kSInt32> : VarintCodec<int32_t, ZigZag32, UnZigZag32> {};
template <>
struct Codec<FieldType::kSInt64> : VarintCodec<int64_t, ZigZag64, UnZigZag64> {};
template <>
struct Codec<FieldType::kBool> : VarintCodec<bool, BoolBits, NonZero> {};
template <typename E>
struct Codec<FieldType::kEnum, E> : VarintCodec<E, SignExtend<E>, Truncate32<E>> {};
template <>
struct Codec<FieldType::kFixed32> : FixedCodec<uint32_t, uint32_t> {};
template <>
struct Codec<FieldType::kSFixed32> : FixedCodec<int32_t, uint32_t> {};
template <>
struct Codec<FieldType::kFloat> : FixedCodec<float, uint32_t> {};
template <>
struct Codec<FieldType::kFixed64> : FixedCodec<uint64_t, uint64_t> {};
template <>
struct Codec<FieldType::kSFixed64> : FixedCodec<int64_t, uint64_t> {};
template <>
struct Codec<FieldType::kDouble> : FixedCodec<double, uint64_t> {};
template <>
struct Codec<FieldType::kString> : StringCodec<true> {};
template <>
struct Codec<FieldType::kBytes> : StringCodec<false> {};
template <typename M>
struct Codec<FieldType::kMessage, M> : MessageCodec<M> {};

// ---- presence of proto3 implicit-presence scalars: written unless zero / empty -------------

template <typename T>
inline bool IsNonDefault(const T& v) {
  return v != T{};
}
// Floats compare by bits: -0.0 is written, as libprotobuf does.
inline bool IsNonDefault(float v) { return BitCast<uint32_t>(v) != 0; }
inline bool IsNonDefault(double v) { return BitCast<uint64_t>(v) != 0; }
inline bool IsNonDefault(const std::string& v) { return !v.empty(); }

// ---- repeated fields -----------------------------------------------------------------------

// Payload bytes of a packed run (without tag and length prefix).
template <typename C, typename T>
size_t PackedDataSize(const std::vector<T>& values) {
  if constexpr (C::kWireType == WireType::kVarint) {
    size_t size = 0;
    for (const T& v : values) size += C::Size(v);
    return size;
  } else {
    return values.size() * C::kWidth;
  }
}

// Bytes of an unpacked repeated field: one tag per element.
template <typename C, typename T>
size_t RepeatedSize(size_t tag_size, const std::vector<T>& values) {
  size_t size = tag_size * values.size();
  for (const T& v : values) size += C::Size(v);
  return size;
}

template <typename C, typename T>
uint8_t* WriteRepeated(uint8_t* p, uint32_t tag, const std::vector<T>& values) {
  for (const T& v : values) {
    p = WriteVarint(p, tag);
    p = C::Write(p, v);
  }
  return p;
}

// Precondition: `data_size` == PackedDataSize<C>(values) and values is not empty.
template <typename C, typename T>
uint8_t* WritePacked(uint8_t* p, uint32_t tag, size_t data_size, const std::vector<T>& values) {
  p = WriteVarint(p, tag);
  p = WriteVarint(p, data_size);
  for (const T& v : values) p = C::Write(p, v);
  return p;
}

// Appends the elements of the packed run [p, end) to *out. Returns `end`, or the start of the
// element that is cut or malformed (*out then holds the elements before it).
template <typename C, typename T>
const uint8_t* AppendPacked(const uint8_t* p, const uint8_t* end, std::vector<T>* out) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  if constexpr (C::kWireType != WireType::kVarint) {  // whole elements are copied as the wire has them
    const size_t count = static_cast<size_t>(end - p) / C::kWidth;
    const size_t old_size = out->size();
    out->resize(old_size + count);
    if (count != 0) std::memcpy(out->data() + old_size, p, count * C::kWidth);
    p += count * C::kWidth;
  }
#else
  if constexpr (C::kWireType != WireType::kVarint) out->reserve(out->size() + (end - p) / C::kWidth);
#endif
  while (p < end) {
    T v;
    const uint8_t* next = C::ReadRaw(p, end, &v);
    if (next == nullptr) return p;
    out->push_back(v);
    p = next;
  }
  return p;
}

// Appends the elements of the current packed (length-delimited) field. An element cut by the
// end of the run is kTruncated at that element's offset.
template <typename C, typename T>
bool ReadPacked(Reader& r, std::vector<T>* out) {
  ByteView run;
  if (!r.ReadLengthDelimited(&run)) return false;
  const uint8_t* end = run.data + run.size;
  const uint8_t* stop = AppendPacked<C>(run.data, end, out);
  if (stop == end) return true;
  return r.Fail(C::kWireType == WireType::kVarint ? ReadVarintErrorKind(stop, end) : ErrorKind::kTruncated, stop);
}

// ReadRaw for a packed run whose length prefix is at `at`: appends its elements to *out and returns
// the pointer past it, or nullptr with *out unchanged if any part of it is cut or malformed (read it
// through ReadPacked, which reports why).
template <typename C, typename T>
const uint8_t* ReadPackedRaw(const uint8_t* at, const uint8_t* end, std::vector<T>* out) {
  size_t length;
  const uint8_t* run = ReadLengthPrefix(at, end, &length);
  if (run == nullptr) return nullptr;
  const size_t old_size = out->size();
  if (AppendPacked<C>(run, run + length, out) == run + length) return run + length;
  out->resize(old_size);
  return nullptr;
}

// Reads one element of a repeated field, packed or not (decoders accept both for packable types).
// Returns false on error; *handled is false when the wire type fits neither (an unknown field).
template <typename C, typename T>
bool ReadRepeatedScalar(Reader& r, std::vector<T>* out, bool* handled) {
  *handled = true;
  if (r.wire_type() == C::kWireType) {
    T v;
    if (!C::Read(r, &v)) return false;
    out->push_back(v);
    return true;
  }
  if (r.wire_type() == WireType::kLengthDelimited) return ReadPacked<C>(r, out);
  *handled = false;
  return true;
}

// ---- unknown fields ------------------------------------------------------------------------

// Skips the current field and appends its bytes, tag included, to `unknown` (nullptr: drop them).
inline bool SkipToUnknown(Reader& r, std::string* unknown) {
  const uint8_t* begin = r.field_begin();
  if (!r.SkipField()) return false;
  if (unknown != nullptr) unknown->append(reinterpret_cast<const char*>(begin), r.position() - begin);
  return true;
}

// A known field with a wire type its type cannot have: an unknown field, or an error when the
// reader rejects such mismatches (DecodeOptions::reject_wire_type_mismatch).
inline bool OnWireTypeMismatch(Reader& r, std::string* unknown) {
  if (r.rejects_wire_type_mismatch()) return r.Fail(ErrorKind::kWireTypeMismatch, r.field_begin());
  return SkipToUnknown(r, unknown);
}

// Appends a varint field, as closed enums keep values their enum does not define.
inline void AppendUnknownVarint(std::string* unknown, uint32_t field_number, int32_t value) {
  if (unknown == nullptr) return;
  uint8_t buf[2 * kMaxVarintBytes];
  uint8_t* p = WriteVarint(buf, MakeTag(field_number, WireType::kVarint));
  p = WriteVarint(p, static_cast<uint64_t>(static_cast<int64_t>(value)));
  unknown->append(reinterpret_cast<const char*>(buf), p - buf);
}

// A closed (proto2) enum field: defined values go to `out`, others to the unknown fields, packed
// or not. Returns false on error; *handled is false when the wire type fits neither.
template <typename E, typename Out>
bool ReadClosedEnum(Reader& r, bool (*is_valid)(int32_t), std::string* unknown, Out out, bool* handled) {
  *handled = true;
  using C = Codec<FieldType::kInt32>;
  const uint32_t number = r.field_number();
  if (r.wire_type() == WireType::kVarint) {
    int32_t v;
    if (!C::Read(r, &v)) return false;
    if (is_valid(v)) out(static_cast<E>(v));
    else AppendUnknownVarint(unknown, number, v);
    return true;
  }
  if (r.wire_type() != WireType::kLengthDelimited) {
    *handled = false;
    return true;
  }
  std::vector<int32_t> values;
  if (!ReadPacked<C>(r, &values)) return false;
  for (int32_t v : values) {
    if (is_valid(v)) out(static_cast<E>(v));
    else AppendUnknownVarint(unknown, number, v);
  }
  return true;
}

// ---- maps: entries are messages { key = 1; value = 2; } ------------------------------------

template <typename KC, typename VC>
size_t MapEntrySize(const typename KC::Value& key, const typename VC::Value& value) {
  return 2 + KC::Size(key) + VC::Size(value);
}

template <typename KC, typename VC, typename Map>
size_t MapSize(size_t tag_size, const Map& map) {
  size_t size = tag_size * map.size();
  for (const auto& [key, value] : map) size += LengthDelimitedSize(MapEntrySize<KC, VC>(key, value));
  return size;
}

// Writes every entry, key and value always present, in the map's (sorted) order.
template <typename KC, typename VC, typename Map>
uint8_t* WriteMap(uint8_t* p, uint32_t tag, const Map& map) {
  for (const auto& [key, value] : map) {
    p = WriteVarint(p, tag);
    p = WriteVarint(p, 2 + KC::CachedSize(key) + VC::CachedSize(value));
    p = WriteVarint(p, MakeTag(1, KC::kWireType));
    p = KC::Write(p, key);
    p = WriteVarint(p, MakeTag(2, VC::kWireType));
    p = VC::Write(p, value);
  }
  return p;
}

// Reads one map entry; a missing key or value takes its default; a later duplicate key wins.
// With `is_valid` (closed enum values), an entry whose value is not defined goes whole to
// `unknown`, as libprotobuf keeps it.
template <typename KC, typename VC, typename Map>
bool ReadMapEntry(Reader& r, Map* map, std::string* unknown = nullptr, bool (*is_valid)(int32_t) = nullptr) {
  const uint8_t* field_begin = r.field_begin();
  Reader entry(nullptr, 0);
  if (!r.EnterMessage(&entry)) return false;
  typename KC::Value key{};
  typename VC::Value value{};
  while (entry.NextField()) {
    bool ok;
    if (entry.field_number() == 1 && entry.wire_type() == KC::kWireType) {
      ok = KC::Read(entry, &key);
    } else if (entry.field_number() == 2 && entry.wire_type() == VC::kWireType) {
      ok = VC::Read(entry, &value);
    } else {
      ok = entry.SkipField();
    }
    if (!ok) return r.PropagateError(entry);
  }
  if (!entry.status().ok()) return r.PropagateError(entry);
  if constexpr (std::is_enum_v<typename VC::Value>) {
    if (is_valid != nullptr && !is_valid(static_cast<int32_t>(value))) {
      if (unknown != nullptr) unknown->append(reinterpret_cast<const char*>(field_begin), r.position() - field_begin);
      return true;
    }
  }
  (*map)[std::move(key)] = std::move(value);
  return true;
}

}  // namespace codec
}  // namespace wirelens

#endif  // WIRELENS_CORE_WIRE_FIELD_CODEC_H_
