// Fuzz target: the C++ half of the JS binding (core/jsbind and the generated NAME.wl.js.cc of
// TestAllTypesProto3/2) reading tapes. Tapes come from generated JS, not from users, but a bad one
// must fail the call with kTapeError, never read outside the tape or the string area. Properties:
// - from_tape either accepts the tape or reports kTapeError; nothing else, never a crash;
// - encode_js (the tape -> bytes encoder, no C++ message) accepts exactly the tapes from_tape
//   accepts and writes the bytes the message from_tape filled encodes to;
// - an accepted message encodes to bytes that decode (except proto3 strings holding invalid UTF-8,
//   which the decoder refuses), and the decoded message's encoding is stable;
// - resident field operations with any index and op are done or refused, never a crash.
// Input: byte 0 picks the message (odd: proto3, even: proto2), bytes 1-2 the length of the string
// area that follows them; the rest is the tape, little-endian 32-bit words.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "core/jsbind/exports.h"
#include "google/protobuf/test_messages_proto2.wl.js.h"
#include "google/protobuf/test_messages_proto3.wl.js.h"

using Proto3 = wl::protobuf_test_messages::proto3::TestAllTypesProto3;
using Proto2 = wl::protobuf_test_messages::proto2::TestAllTypesProto2;

extern "C" {
uint32_t wl_protobuf_test_messages_proto3_TestAllTypesProto3_from_tape(Proto3* m);
uint32_t wl_protobuf_test_messages_proto3_TestAllTypesProto3_encode_js();
uint32_t wl_protobuf_test_messages_proto3_TestAllTypesProto3_field(Proto3* m, uint32_t index, uint32_t op);
uint32_t wl_protobuf_test_messages_proto2_TestAllTypesProto2_from_tape(Proto2* m);
uint32_t wl_protobuf_test_messages_proto2_TestAllTypesProto2_encode_js();
uint32_t wl_protobuf_test_messages_proto2_TestAllTypesProto2_field(Proto2* m, uint32_t index, uint32_t op);
}

namespace {

using wirelens::ErrorKind;
namespace jsbind = wirelens::jsbind;

// Puts `words` words from `data` on the shared tape and `bytes` bytes in the string area.
void LoadState(const uint8_t* string_area, size_t bytes, const uint8_t* data, size_t words) {
  jsbind::State& s = jsbind::GlobalState();
  uint8_t* tape = reinterpret_cast<uint8_t*>(s.tape);
  uint32_t capacity = s.tape_words * 4;
  if (!jsbind::GrowBuffer(&tape, &capacity, words * 4 + 8, 0)) std::abort();
  s.tape = reinterpret_cast<uint32_t*>(tape);
  s.tape_words = capacity / 4;
  std::memset(tape, 0, capacity);
  std::memcpy(tape, data, words * 4);
  s.tape_end = static_cast<uint32_t>(words);
  if (!jsbind::GrowBuffer(&s.bytes, &s.bytes_capacity, bytes + 1, 0)) std::abort();
  std::memset(s.bytes, 0, s.bytes_capacity);
  std::memcpy(s.bytes, string_area, bytes);
  s.bytes_capacity = static_cast<uint32_t>(bytes);  // what JS reserved: reads past it must fail
}

template <typename M>
void Check(uint32_t (*from_tape)(M*), uint32_t (*encode_js)(), uint32_t (*field)(M*, uint32_t, uint32_t),
           const uint8_t* data, size_t size) {
  const uint8_t* tape = data + 2;
  const size_t area = std::min<size_t>(size - 2, data[0] | (data[1] << 8));
  const size_t words = (size - 2 - area) / 4;
  LoadState(tape, area, tape + area, words);
  M message;
  const uint32_t kind = from_tape(&message);
  if (kind != 0 && kind != jsbind::kTapeError) std::abort();
  if (encode_js() != kind) std::abort();
  if (kind == 0) {
    const std::string encoded = message.Encode();
    const jsbind::State& s = jsbind::GlobalState();
    if (encoded.size() != s.output_size) std::abort();
    if (!encoded.empty() && std::memcmp(encoded.data(), s.output, encoded.size()) != 0) std::abort();
    M again;
    const wirelens::Status status = again.Decode(encoded);
    if (status.kind == ErrorKind::kInvalidUtf8) return;
    if (!status.ok()) std::abort();
    // A closed enum set to a number outside the enum (JS passes numbers through, as protobuf.js
    // does) decodes as an unknown field, dropped here: from then on the encoding is stable.
    const std::string normal = again.Encode();
    M third;
    if (!third.Decode(normal).ok() || third.Encode() != normal) std::abort();
  }
  // The same words as resident field operations: (index, op) pairs, a set reading the tape as it
  // stands (a get writes it).
  for (size_t i = 0; i < words && i < 32; ++i) {
    uint32_t word;
    std::memcpy(&word, tape + area + i * 4, 4);
    field(&message, word & 0xff, (word >> 8) % 6);
  }
  message.Encode();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 3) return 0;
  if (data[0] & 1) {
    Check<Proto3>(wl_protobuf_test_messages_proto3_TestAllTypesProto3_from_tape,
                  wl_protobuf_test_messages_proto3_TestAllTypesProto3_encode_js,
                  wl_protobuf_test_messages_proto3_TestAllTypesProto3_field, data + 1, size - 1);
  } else {
    Check<Proto2>(wl_protobuf_test_messages_proto2_TestAllTypesProto2_from_tape,
                  wl_protobuf_test_messages_proto2_TestAllTypesProto2_encode_js,
                  wl_protobuf_test_messages_proto2_TestAllTypesProto2_field, data + 1, size - 1);
  }
  return 0;
}
