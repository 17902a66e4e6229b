// Hex: offset | 16 bytes | ASCII. The selected field's tag, length prefix and value are shaded in
// three colours (a frame's header in a fourth); hovering a byte names the deepest field containing it, clicking selects
// it.
#include <imgui.h>

#include <cstdlib>

#include "app/model/actions.h"
#include "app/panels/hex_rows.h"
#include "app/panels/panels.h"
#include "core/inspect/values.h"

namespace wirelens::app {

void DrawHex(AppState& state) {
  if (!BeginPanel(state, "Hex", &state.show_hex, 0.68f, 0.0f, 0.32f, 0.46f)) return;
  const Payload* p = state.payload();
  if (p == nullptr) {
    ImGui::TextUnformatted("No payload.");
    ImGui::End();
    return;
  }
  static char goto_text[16] = "";
  ImGui::SetNextItemWidth(Ems(6.5f));
  const bool go = ImGui::InputText("Go to offset", goto_text, sizeof goto_text,
                                   ImGuiInputTextFlags_CharsDecimal | ImGuiInputTextFlags_EnterReturnsTrue);
  RememberItem(state, "Go to offset");
  int goto_row = -1;
  if (go && goto_text[0] != '\0') {
    const unsigned long offset = std::strtoul(goto_text, nullptr, 10);
    if (offset < p->bytes.size()) {
      goto_row = static_cast<int>(offset / kHexBytesPerRow);
      const uint32_t node = state.nodes.NodeAt(static_cast<uint32_t>(offset));
      if (node != inspect::kNoNode) SelectNode(state, node);
    }
  }
  ImGui::SameLine();
  ImGui::TextColored(ImColor(kHexTagColor), "tag");
  ImGui::SameLine();
  ImGui::TextColored(ImColor(kHexLengthColor), "length");
  ImGui::SameLine();
  ImGui::TextColored(ImColor(kHexValueColor), "value");
  if (state.nodes.framing != inspect::Framing::kBare) {
    ImGui::SameLine();
    ImGui::TextColored(ImColor(kHexFrameHeaderColor), "frame header");
  }

  const auto* data = p->bytes.bytes();
  const uint32_t size = static_cast<uint32_t>(p->bytes.size());
  const inspect::Node* selected =
      state.selected_node < state.nodes.nodes.size() ? &state.nodes.nodes[state.selected_node] : nullptr;
  if (goto_row < 0 && state.scroll_hex_to_selection && selected != nullptr)
    goto_row = static_cast<int>(selected->tag_offset / kHexBytesPerRow);
  state.scroll_hex_to_selection = false;

  const uint32_t hovered = DrawHexRows("hexrows", data, size, selected, goto_row);
  if (hovered != UINT32_MAX) {
    const uint32_t node = state.nodes.NodeAt(hovered);
    const schema::Schema* schema = p->type >= 0 ? &state.schema : nullptr;
    ImGui::BeginTooltip();
    ImGui::Text("byte %u: 0x%02x", hovered, data[hovered]);
    if (node != inspect::kNoNode) ImGui::Text("%s", NodePath(state, node).c_str());
    if (node != inspect::kNoNode)
      ImGui::TextUnformatted(inspect::ValueText(state.nodes, node, data, schema, 80).c_str());
    ImGui::EndTooltip();
    if (ImGui::IsMouseClicked(0) && node != inspect::kNoNode) SelectNode(state, node);
  }
  ImGui::End();
}

}  // namespace wirelens::app
