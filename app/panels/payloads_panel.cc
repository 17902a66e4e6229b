// Payloads: loaded files with sizes, the root type (or raw), the framing (bare, delimited, gRPC;
// guessed on load), "Guess type" with ranked candidates, "Infer .proto", "Compare..." (the Diff window), and a box to
// paste a payload as hex or base64.
#include <imgui.h>

#include "app/model/actions.h"
#include "app/panels/panels.h"

namespace wirelens::app {
namespace {

// "grpc  (score 100, 3 frames)" per framing as ranked when the payload was loaded, best first.
void DrawFramingCombo(AppState& state, const Payload& p) {
  char current[64];
  std::snprintf(current, sizeof current, "framing: %s", inspect::FramingName(p.framing));
  ImGui::SetNextItemWidth(-1);
  if (ImGui::BeginCombo("##framing", current)) {
    if (p.framing_guesses.empty()) {
      for (int f = 0; f < inspect::kFramingCount; ++f) {
        const auto framing = static_cast<inspect::Framing>(f);
        if (ImGui::Selectable(inspect::FramingName(framing), framing == p.framing)) SetFraming(state, framing);
      }
    }
    for (const inspect::FramingGuess& g : p.framing_guesses) {
      char line[96];
      std::snprintf(line, sizeof line, "%-10s (score %.0f, %u frame%s%s)", inspect::FramingName(g.framing), g.score,
                    g.frames, g.frames == 1 ? "" : "s", g.complete ? "" : ", cut off");
      if (ImGui::Selectable(line, g.framing == p.framing)) SetFraming(state, g.framing);
    }
    ImGui::EndCombo();
  }
  RememberItem(state, "Framing");
}

}  // namespace

void DrawPayloads(AppState& state) {
  if (!BeginPanel(state, "Payloads", &state.show_payloads, 0.0f, 0.5f, 0.22f, 0.5f)) return;
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(state.payloads.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const Payload& p = state.payloads[i];
      char label[300];
      std::snprintf(label, sizeof label, "%s  (%zu bytes)", p.name.c_str(), p.bytes.size());
      if (ImGui::Selectable(label, i == state.selected_payload)) SelectPayload(state, i);
      RememberItem(state, p.name.c_str());
    }
  }
  if (state.reading) {
    ImGui::Text("Reading %s ...", state.reading->name.c_str());
    ImGui::ProgressBar(static_cast<float>(state.reading->fraction()), ImVec2(-1, 0));
  }
  for (const auto& unpacking : state.unpacking) {
    ImGui::Text("Inflating %s ...", unpacking->name.c_str());
    ImGui::ProgressBar(static_cast<float>(unpacking->unpacker->progress()), ImVec2(-1, 0));
  }
  if (state.payload() != nullptr) {
    ImGui::Separator();
    const Payload& p = *state.payload();
    const char* current = p.type >= 0 ? state.schema.messages[p.type].full_name.c_str() : "raw (no schema)";
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##type", current)) {
      if (ImGui::Selectable("raw (no schema)", p.type < 0)) SetRootType(state, -1);
      for (int m = 0; m < static_cast<int>(state.schema.messages.size()); ++m) {
        if (state.schema.messages[m].map_entry) continue;
        if (ImGui::Selectable(state.schema.messages[m].full_name.c_str(), m == p.type)) SetRootType(state, m);
      }
      ImGui::EndCombo();
    }
    RememberItem(state, "Root type");
    DrawFramingCombo(state, p);
    for (const std::string& step : p.unpacked) ImGui::TextDisabled("unpacked: %s", step.c_str());
    if (ImGui::Button("Guess type")) GuessTypes(state);
    RememberItem(state, "Guess type");
    SameLineIfFits(ButtonWidth("Infer .proto"));
    if (ImGui::Button("Infer .proto")) InferSchema(state);
    RememberItem(state, "Infer .proto");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Guess a schema from these bytes, load it and decode with it");
    SameLineIfFits(ButtonWidth("Compare..."));
    if (ImGui::Button("Compare...")) state.show_diff = true;  // the Diff window picks the other payload
    RememberItem(state, "Compare...");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Compare this payload with another, field by field");
    for (const inspect::TypeCandidate& c : state.guesses) {
      char line[300];
      std::snprintf(line, sizeof line, "%5.1f  %s%s", c.score, state.schema.messages[c.message].full_name.c_str(),
                    c.parses ? "" : "  (does not parse to the end)");
      if (ImGui::Selectable(line)) SetRootType(state, c.message);
    }
  }
  ImGui::Separator();
  static char pasted[4096] = "";
  ImGui::TextUnformatted("Paste a payload (hex or base64):");
  ImGui::InputTextMultiline("##paste", pasted, sizeof pasted, ImVec2(-1, ImGui::GetTextLineHeight() * 3));
  if (ImGui::Button("Load pasted") && LoadPastedPayload(state, pasted)) pasted[0] = '\0';
  RememberItem(state, "Load pasted");
  ImGui::End();
}

}  // namespace wirelens::app
