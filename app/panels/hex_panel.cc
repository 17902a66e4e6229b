// Hex: offset | 16 bytes | ASCII. The selected field's tag, length prefix and value are shaded in
// three colours (a frame's header in a fourth); hovering a byte names the deepest field containing it, clicking selects
// it.
#include <imgui.h>

#include <cstdlib>

#include "app/model/actions.h"
#include "app/panels/panels.h"
#include "core/inspect/values.h"

namespace wirelens::app {
namespace {

constexpr int kBytesPerRow = 16;
const ImU32 kTagColor = IM_COL32(70, 110, 200, 160);
const ImU32 kLengthColor = IM_COL32(200, 150, 40, 160);
const ImU32 kValueColor = IM_COL32(60, 160, 80, 140);
const ImU32 kFrameHeaderColor = IM_COL32(160, 80, 190, 160);

ImU32 ShadeOf(const inspect::Node* node, uint32_t offset) {
  if (node == nullptr) return 0;
  const uint32_t tag_end = node->tag_offset + node->tag_length;
  if (offset >= node->tag_offset && offset < tag_end) {
    if (node->kind == inspect::NodeKind::kFrame) return kFrameHeaderColor;
    if (node->kind == inspect::NodeKind::kField) return kTagColor;
  }
  if (offset >= tag_end && offset < node->value_offset()) return kLengthColor;
  if (offset >= node->value_offset() && offset < node->value_offset() + node->value_length) return kValueColor;
  return 0;
}

}  // namespace

void DrawHex(AppState& state) {
  if (!BeginPanel("Hex", &state.show_hex, 0.68f, 0.0f, 0.32f, 0.46f)) return;
  const Payload* p = state.payload();
  if (p == nullptr) {
    ImGui::TextUnformatted("No payload.");
    ImGui::End();
    return;
  }
  static char goto_text[16] = "";
  ImGui::SetNextItemWidth(100);
  const bool go = ImGui::InputText("Go to offset", goto_text, sizeof goto_text,
                                   ImGuiInputTextFlags_CharsDecimal | ImGuiInputTextFlags_EnterReturnsTrue);
  RememberItem(state, "Go to offset");
  int goto_row = -1;
  if (go && goto_text[0] != '\0') {
    const unsigned long offset = std::strtoul(goto_text, nullptr, 10);
    if (offset < p->bytes.size()) {
      goto_row = static_cast<int>(offset / kBytesPerRow);
      const uint32_t node = state.nodes.NodeAt(static_cast<uint32_t>(offset));
      if (node != inspect::kNoNode) SelectNode(state, node);
    }
  }
  ImGui::SameLine();
  ImGui::TextColored(ImColor(kTagColor), "tag");
  ImGui::SameLine();
  ImGui::TextColored(ImColor(kLengthColor), "length");
  ImGui::SameLine();
  ImGui::TextColored(ImColor(kValueColor), "value");
  if (state.nodes.framing != inspect::Framing::kBare) {
    ImGui::SameLine();
    ImGui::TextColored(ImColor(kFrameHeaderColor), "frame header");
  }

  const auto* data = p->bytes.bytes();
  const uint32_t size = static_cast<uint32_t>(p->bytes.size());
  const inspect::Node* selected =
      state.selected_node < state.nodes.nodes.size() ? &state.nodes.nodes[state.selected_node] : nullptr;
  if (goto_row < 0 && state.scroll_hex_to_selection && selected != nullptr)
    goto_row = static_cast<int>(selected->tag_offset / kBytesPerRow);
  state.scroll_hex_to_selection = false;

  ImGui::BeginChild("hexrows", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  const float char_w = ImGui::CalcTextSize("0").x;
  const float line_h = ImGui::GetTextLineHeight();
  const int rows = static_cast<int>((size + kBytesPerRow - 1) / kBytesPerRow);
  ImGuiListClipper clipper;
  clipper.Begin(rows, ImGui::GetTextLineHeightWithSpacing());
  if (goto_row >= 0) {
    ImGui::SetScrollY(goto_row * ImGui::GetTextLineHeightWithSpacing());
    clipper.ForceDisplayRangeByIndices(goto_row, goto_row + 1);
  }
  ImDrawList* draw = ImGui::GetWindowDrawList();
  uint32_t hovered = UINT32_MAX;
  while (clipper.Step()) {
    for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
      const uint32_t start = static_cast<uint32_t>(row) * kBytesPerRow;
      const ImVec2 origin = ImGui::GetCursorScreenPos();
      char line[16 + kBytesPerRow * 3 + kBytesPerRow + 8];
      int n = std::snprintf(line, sizeof line, "%08x  ", start);
      for (int k = 0; k < kBytesPerRow; ++k) {
        const uint32_t offset = start + k;
        if (offset < size) {
          n += std::snprintf(line + n, sizeof line - n, "%02x ", data[offset]);
          const ImU32 shade = ShadeOf(selected, offset);
          const ImVec2 cell(origin.x + (10 + k * 3) * char_w, origin.y);
          if (shade != 0) draw->AddRectFilled(cell, ImVec2(cell.x + 2 * char_w, cell.y + line_h), shade);
          if (ImGui::IsMouseHoveringRect(cell, ImVec2(cell.x + 3 * char_w, cell.y + line_h))) hovered = offset;
        } else {
          n += std::snprintf(line + n, sizeof line - n, "   ");
        }
      }
      n += std::snprintf(line + n, sizeof line - n, " ");
      for (int k = 0; k < kBytesPerRow && start + k < size; ++k) {
        const uint8_t c = data[start + k];
        line[n++] = c >= 0x20 && c < 0x7f ? static_cast<char>(c) : '.';
      }
      line[n] = '\0';
      ImGui::TextUnformatted(line);
    }
  }
  if (hovered != UINT32_MAX && ImGui::IsWindowHovered()) {
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
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace wirelens::app
