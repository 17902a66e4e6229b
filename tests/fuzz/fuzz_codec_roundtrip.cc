// Fuzz target: the generated decoders of TestAllTypesProto3/2 (the first byte picks one). Property:
// whatever decodes re-encodes, and decoding that encoding gives a message that encodes to the same
// bytes (decode -> encode -> decode -> encode is stable), never a crash on any input.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "google/protobuf/test_messages_proto2.wl.h"
#include "google/protobuf/test_messages_proto3.wl.h"

namespace {

template <typename M>
void RoundTrip(const uint8_t* data, size_t size) {
  M first;
  const wirelens::Status status = first.Decode(data, size);
  if (!status.ok()) {
    if (status.offset > size) std::abort();
    return;
  }
  const std::string encoded = first.Encode();
  M second;
  if (!second.Decode(encoded).ok()) std::abort();
  if (second.Encode() != encoded) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  if (data[0] & 1) {
    RoundTrip<wl::protobuf_test_messages::proto3::TestAllTypesProto3>(data + 1, size - 1);
  } else {
    RoundTrip<wl::protobuf_test_messages::proto2::TestAllTypesProto2>(data + 1, size - 1);
  }
  return 0;
}
