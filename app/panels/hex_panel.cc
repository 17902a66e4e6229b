// Hex: offset | 16 bytes (8 or 4 in a narrow window) | ASCII. The selected field's tag, length prefix and value are
// shaded in three colours (a frame's header in a fourth); hovering a byte names the deepest field containing it,
// clicking selects it; the arrow keys move a byte cursor, selecting as they go.
#include <imgui.h>

#include <algorithm>
#include <cstdlib>

#include "app/model/actions.h"
#include "app/panels/hex_rows.h"
#include "app/panels/panels.h"
#include "app/panels/shortcuts.h"
#include "core/inspect/values.h"

namespace wirelens::app {
namespace {

// Left and Right a byte, Up and Down a row (as many bytes as it shows), Page Up and Down a screen,
// Home and End to the ends; Enter takes the keys to the Fields tree, on the selected element.
void HandleHexKeys(AppState& state) {
  if (!WindowHasKeys()) return;
  const int64_t row = HexBytesPerRow();
  const int64_t page = std::max<int64_t>(
      1, static_cast<int64_t>(ImGui::GetContentRegionAvail().y / ImGui::GetTextLineHeightWithSpacing()) - 2);
  const struct {
    ImGuiKey key;
    int64_t delta;
  } moves[] = {{ImGuiKey_LeftArrow, -1},
               {ImGuiKey_RightArrow, 1},
               {ImGuiKey_UpArrow, -row},
               {ImGuiKey_DownArrow, row},
               {ImGuiKey_PageUp, -page * row},
               {ImGuiKey_PageDown, page * row},
               {ImGuiKey_Home, -(int64_t{1} << 40)},
               {ImGuiKey_End, int64_t{1} << 40}};
  for (const auto& move : moves) {
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(move.key))) MoveHexCursor(state, move.delta);
  }
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)) && state.selected_node != inspect::kNoNode) {
    state.show_fields = true;
    FocusWindow("Fields");
  }
}

}  // namespace

void DrawHex(AppState& state) {
  if (!BeginPanel(state, "Hex", &state.show_hex, 0.68f, 0.0f, 0.32f, 0.46f, ImGuiWindowFlags_NoNavInputs)) return;
  const Payload* p = state.payload();
  if (p == nullptr) {
    ImGui::TextUnformatted("No payload.");
    ImGui::End();
    return;
  }
  HandleHexKeys(state);
  static char goto_text[16] = "";
  ImGui::SetNextItemWidth(Ems(6.5f));
  if (TakeBoxFocus("go to offset")) ImGui::SetKeyboardFocusHere();
  const bool go = ImGui::InputText(
      "Go to offset", goto_text, sizeof goto_text,
      ImGuiInputTextFlags_CharsDecimal | ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
  RememberItem(state, "Go to offset");
  HexScroll scroll;
  if (go && goto_text[0] != '\0') {
    const unsigned long offset = std::strtoul(goto_text, nullptr, 10);
    if (offset < p->bytes.size()) {
      scroll.offset = static_cast<uint32_t>(offset);
      const uint32_t node = state.nodes.NodeAt(static_cast<uint32_t>(offset));
      if (node != inspect::kNoNode) SelectNode(state, node);
      state.hex_cursor = static_cast<uint32_t>(offset);
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
  if (scroll.offset == UINT32_MAX && state.scroll_hex_to_selection && selected != nullptr) {
    scroll = {state.hex_cursor < size ? state.hex_cursor : selected->tag_offset, state.scroll_nearest};
  }
  state.scroll_hex_to_selection = false;

  const uint32_t hovered = DrawHexRows("hexrows", data, size, selected, scroll, state.hex_cursor);
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
