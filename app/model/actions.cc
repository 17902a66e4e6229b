// Choosing the payload, its root type and its framing; how a payload is prepared for decoding.
#include "app/model/actions.h"

#include <algorithm>

#include "app/model/payload_prep.h"
#include "core/inspect/unpack.h"

namespace wirelens::app {
namespace {

// Replaces the payload's bytes with what `unpack` makes of them (see ApplyUnpacked).
template <typename UnpackFunction>
void Unpack(AppState& state, Payload& payload, UnpackFunction unpack) {
  ApplyUnpacked(state, payload, unpack(payload.bytes.bytes(), payload.bytes.size(), kMaxUnpackedBytes));
}

}  // namespace

void ApplyUnpacked(AppState& state, Payload& payload, inspect::Unpacked&& result) {
  for (const inspect::UnpackStep& step : result.steps) {
    payload.unpacked.push_back(step.what);
    Log(state, step.failed, payload.name + ": " + step.what);
  }
  if (result.changed) payload.bytes = FileBytes::Adopt(std::move(result.bytes));
}

void GuessFraming(AppState& state, Payload& payload) {
  if (payload.framing_chosen || payload.bytes.size() > kGuessFramingMaxBytes) return;
  const uint8_t* data = payload.bytes.bytes();
  payload.framing_guesses = payload.type >= 0
                                ? inspect::RankFramings(data, payload.bytes.size(), state.schema, payload.type)
                                : inspect::RankFramings(data, payload.bytes.size());
  const inspect::Framing best = payload.framing_guesses.front().framing;
  if (best == payload.framing) return;
  payload.framing = best;
  std::string as_type = payload.type >= 0 ? " (as " + state.schema.messages[payload.type].full_name + ")" : "";
  Log(state, false, payload.name + ": framing guessed: " + inspect::FramingName(best) + as_type);
  if (best == inspect::Framing::kGrpc) Unpack(state, payload, inspect::InflateGrpcFrames);
}

void Log(AppState& state, bool error, std::string text) {
  state.log.push_back({error, std::move(text)});
  if (state.log.size() > 1000) state.log.erase(state.log.begin(), state.log.begin() + 100);
}

void ChangeTextSize(AppState& state, int steps) {
  const float size = steps == 0 ? kDefaultTextSize : state.screen.text_size + static_cast<float>(steps);
  state.screen.text_size = std::clamp(size, kMinTextSize, kMaxTextSize);
}

void SelectPayload(AppState& state, int index) {
  state.selected_payload = index;
  state.overrides.clear();
  Decode(state);
}

void SetRootType(AppState& state, int message) {
  Payload* p = state.selected_payload >= 0 ? &state.payloads[state.selected_payload] : nullptr;
  if (p == nullptr) return;
  p->type = message;
  p->type_name = message >= 0 ? state.schema.messages[message].full_name : "";
  GuessFraming(state, *p);
  state.overrides.clear();
  Decode(state);
}

void SetFraming(AppState& state, inspect::Framing framing) {
  Payload* p = state.selected_payload >= 0 ? &state.payloads[state.selected_payload] : nullptr;
  if (p == nullptr) return;
  p->framing = framing;
  p->framing_chosen = true;
  if (framing == inspect::Framing::kGrpc) Unpack(state, *p, inspect::InflateGrpcFrames);
  state.overrides.clear();
  Decode(state);
}

int PayloadIndex(const AppState& state, const std::string& name) {
  for (size_t i = 0; i < state.payloads.size(); ++i) {
    if (state.payloads[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

bool Select(AppState& state, const std::string& payload_name, const std::string& type_name) {
  const int index = PayloadIndex(state, payload_name);
  const int type = type_name.empty() ? -1 : state.schema.FindMessage(type_name);
  if (index < 0 || (!type_name.empty() && type < 0)) return false;
  state.selected_payload = index;
  SetRootType(state, type);
  return true;
}

}  // namespace wirelens::app
