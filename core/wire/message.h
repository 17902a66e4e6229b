// Message<Derived>: the encode/decode entry points every generated message class inherits.
//
// A generated class provides Clear(), ComputeSize() (caches sub-message sizes),
// cached_size(), EncodeWithCachedSizes(p) and MergeFrom(Reader&); this base turns them into the
// public API below. Nothing here allocates except the std::string returned by Encode().
#ifndef WIRELENS_CORE_WIRE_MESSAGE_H_
#define WIRELENS_CORE_WIRE_MESSAGE_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "core/wire/field_codec.h"

namespace wirelens {

template <typename Derived>
class Message {
 public:
  // The encoded message in an exact-size string.
  std::string Encode() const {
    std::string out(self().ComputeSize(), '\0');
    self().EncodeWithCachedSizes(reinterpret_cast<uint8_t*>(out.data()));
    return out;
  }

  // Writes the encoded message into [out, out + capacity). Returns the pointer past the last byte
  // written, or nullptr (nothing written) when capacity is smaller than the encoded size.
  uint8_t* EncodeTo(uint8_t* out, size_t capacity) const {
    if (self().ComputeSize() > capacity) return nullptr;
    return self().EncodeWithCachedSizes(out);
  }

  // Replaces the contents with the message decoded from [data, data + size). On error the
  // status has the kind and the absolute offset; the message then holds what was decoded before it.
  Status Decode(const uint8_t* data, size_t size, const DecodeOptions& options = {}) {
    self().Clear();
    return Merge(data, size, options);
  }
  Status Decode(std::string_view bytes, const DecodeOptions& options = {}) {
    return Decode(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), options);
  }

  // Merges the decoded message into this one (singular fields: last wins; sub-messages merge;
  // repeated fields append).
  Status Merge(const uint8_t* data, size_t size, const DecodeOptions& options = {}) {
    Reader reader(data, size, options.depth_limit);
    reader.set_reject_wire_type_mismatch(options.reject_wire_type_mismatch);
    self().MergeFrom(reader);
    return reader.status();
  }

 private:
  const Derived& self() const { return static_cast<const Derived&>(*this); }
  Derived& self() { return static_cast<Derived&>(*this); }
};

}  // namespace wirelens

#endif  // WIRELENS_CORE_WIRE_MESSAGE_H_
