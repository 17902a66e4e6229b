// Fuzz target: the from-JS decode of the JS binding's C++ half (core/jsbind/wire_to_tape.h and the
// generated WireToTape of TestAllTypesProto3/2): bytes -> tape with no C++ message in between.
// Properties:
// - the decode export reports exactly what the C++ message's Decode reports (kind and offset), and
//   where it leaves the message for JS to read in place (kInScratch), that message is the one
//   Decode gives;
// - where the transcoder alone accepts bytes, the C++ message accepts them too;
// - on the C++ message's own encoding of what it decoded (fields in order, maps sorted, each
//   field once), the transcoder writes the tape the message writes, word for word and string for
//   string; the only words that differ are bytes pointers (into the input there, into the
//   message here) with the same length after them. For proto3 it must not give up on it.
// Input: byte 0 picks the message (odd: proto3, even: proto2), the rest is the payload.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "core/jsbind/exports.h"
#include "tests/jsbind/tape_copy.h"
#include "google/protobuf/test_messages_proto2.wl.js.h"
#include "google/protobuf/test_messages_proto3.wl.js.h"

using Proto3 = wl::protobuf_test_messages::proto3::TestAllTypesProto3;
using Proto2 = wl::protobuf_test_messages::proto2::TestAllTypesProto2;

extern "C" {
uint32_t wl_protobuf_test_messages_proto3_TestAllTypesProto3_decode_js(uint32_t size);
uint32_t wl_protobuf_test_messages_proto2_TestAllTypesProto2_decode_js(uint32_t size);
}

namespace {

namespace jsbind = wirelens::jsbind;

using wirelens::testing::CopyTape;
using wirelens::testing::TapeCopy;

void LoadInput(const uint8_t* data, size_t size) {
  jsbind::State& s = jsbind::GlobalState();
  if (!jsbind::GrowBuffer(&s.input, &s.input_capacity, size + 1, 0)) std::abort();
  if (size != 0) std::memcpy(s.input, data, size);
}

// Words of `direct` (the transcoder's tape of the bytes in the input buffer) equal those of
// `message` (ToTape's), except bytes pointers: a word pointing into the input whose length word
// matches.
bool SameTape(const TapeCopy& direct, const TapeCopy& message, size_t input_size) {
  if (direct.words.size() != message.words.size() || direct.text != message.text || direct.wide != message.wide) {
    return false;
  }
  const auto input = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(jsbind::GlobalState().input));
  for (size_t i = 0; i < direct.words.size(); ++i) {
    if (direct.words[i] == message.words[i]) continue;
    const uint32_t offset = direct.words[i] - input;
    if (i + 1 == direct.words.size() || direct.words[i + 1] != message.words[i + 1]) return false;
    const uint32_t length = direct.words[i + 1] & ~jsbind::kRawString;
    if (offset > input_size || length > input_size - offset) return false;
    ++i;
  }
  return true;
}

template <typename M>
void Check(uint32_t (*decode_js)(uint32_t), const uint8_t* data, size_t size, bool must_take_canonical) {
  M message;
  const wirelens::Status status = message.Decode(data, size);
  LoadInput(data, size);
  const uint32_t kind = decode_js(static_cast<uint32_t>(size));
  if (kind == jsbind::kInScratch) {
    if (!status.ok() || static_cast<const M*>(jsbind::GlobalState().scratch)->Encode() != message.Encode())
      std::abort();
  } else if (kind != static_cast<uint32_t>(status.kind)) {
    std::abort();
  }
  if (!status.ok() && jsbind::GlobalState().error_offset != status.offset) std::abort();
  {
    jsbind::TapeWriter tape;
    if (jsbind::TranscodeMessage<M>(data, size, tape) && !status.ok()) std::abort();
  }
  if (!status.ok()) return;
  const std::string canonical = message.Encode();
  M again;
  if (!again.Decode(canonical).ok()) std::abort();
  jsbind::TapeWriter from_message;
  jsbind::ToTape(again, from_message);
  const TapeCopy expected = CopyTape(from_message.size());
  LoadInput(reinterpret_cast<const uint8_t*>(canonical.data()), canonical.size());
  jsbind::TapeWriter direct;
  if (!jsbind::TranscodeMessage<M>(jsbind::GlobalState().input, canonical.size(), direct)) {
    if (must_take_canonical) std::abort();
    return;
  }
  if (!SameTape(CopyTape(direct.size()), expected, canonical.size())) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  if (data[0] & 1) {
    Check<Proto3>(wl_protobuf_test_messages_proto3_TestAllTypesProto3_decode_js, data + 1, size - 1, true);
  } else {
    // proto2 gives up on closed enum values kept as unknown fields, and on groups' unknown fields.
    Check<Proto2>(wl_protobuf_test_messages_proto2_TestAllTypesProto2_decode_js, data + 1, size - 1, false);
  }
  return 0;
}
