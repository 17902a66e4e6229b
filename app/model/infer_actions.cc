// What the payload's bytes suggest: its root type among the loaded ones, or a .proto of its own.
#include <cctype>

#include "app/model/actions.h"
#include "core/inspect/infer.h"

namespace wirelens::app {

void GuessTypes(AppState& state) {
  const Payload* p = state.payload();
  if (p == nullptr) return;
  const inspect::FrameBody first = inspect::FirstFrameBody(p->framing, p->bytes.bytes(), p->bytes.size());
  state.guesses = inspect::RankRootTypes(first.data, first.size, state.schema);
  if (state.guesses.empty()) Log(state, true, "no message types loaded: drop a .proto first");
}

namespace {

// "inferred.<name>" with the payload's name made an identifier ("bench.bin" -> "inferred.bench_bin").
std::string InferredPackage(const std::string& payload_name) {
  std::string id;
  for (char c : payload_name) id += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  if (id.empty() || !std::isalpha(static_cast<unsigned char>(id[0]))) id = "p" + id;
  return "inferred." + id;
}

}  // namespace

std::string InferredProto(const AppState& state) {
  const Payload* p = state.payload();
  if (p == nullptr) return "";
  std::vector<inspect::InferInput> inputs;
  if (state.nodes.framing == inspect::Framing::kBare) {
    inputs.push_back({p->bytes.bytes(), p->bytes.size()});
  } else {
    for (uint32_t i = 0; i < state.nodes.nodes.size(); i = state.nodes.nodes[i].end) {
      const inspect::Node& frame = state.nodes.nodes[i];
      if (frame.kind != inspect::NodeKind::kFrame || frame.interpretation != inspect::Interpretation::kMessage)
        continue;
      inputs.push_back({p->bytes.bytes() + frame.value_offset(), frame.value_length});
    }
  }
  inspect::InferOptions options;
  options.package = InferredPackage(p->name);
  return inspect::InferProto(inputs, options);
}

void InferSchema(AppState& state) {
  const Payload* p = state.payload();
  if (p == nullptr) return;
  const std::string payload = p->name;
  const std::string root = InferredPackage(payload) + ".Root";
  LoadFile(state, payload + ".inferred.proto", FileBytes::Copy(InferredProto(state)));
  if (!Select(state, payload, root)) Log(state, true, "the inferred schema did not load: see Schemas");
}

}  // namespace wirelens::app
