#include "app/panels/hex_rows.h"

#include <cstdio>

#include "app/panels/panels.h"

namespace wirelens::app {
namespace {

ImU32 ShadeOf(const inspect::Node* node, uint32_t offset) {
  if (node == nullptr) return 0;
  const uint32_t tag_end = node->tag_offset + node->tag_length;
  if (offset >= node->tag_offset && offset < tag_end) {
    if (node->kind == inspect::NodeKind::kFrame) return kHexFrameHeaderColor;
    if (node->kind == inspect::NodeKind::kField) return kHexTagColor;
  }
  if (offset >= tag_end && offset < node->value_offset()) return kHexLengthColor;
  if (offset >= node->value_offset() && offset < node->value_offset() + node->value_length) return kHexValueColor;
  return 0;
}

}  // namespace

uint32_t DrawHexRows(const char* id, const uint8_t* data, uint32_t size, const inspect::Node* shaded, int goto_row) {
  ImGui::BeginChild(id, ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  PushMonoFont();
  const float char_w = ImGui::CalcTextSize("0").x;
  const float line_h = ImGui::GetTextLineHeight();
  const int rows = static_cast<int>((size + kHexBytesPerRow - 1) / kHexBytesPerRow);
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
      const uint32_t start = static_cast<uint32_t>(row) * kHexBytesPerRow;
      const ImVec2 origin = ImGui::GetCursorScreenPos();
      char line[16 + kHexBytesPerRow * 3 + kHexBytesPerRow + 8];
      int n = std::snprintf(line, sizeof line, "%08x  ", start);
      for (int k = 0; k < kHexBytesPerRow; ++k) {
        const uint32_t offset = start + k;
        if (offset < size) {
          n += std::snprintf(line + n, sizeof line - n, "%02x ", data[offset]);
          const ImU32 shade = ShadeOf(shaded, offset);
          const ImVec2 cell(origin.x + (10 + k * 3) * char_w, origin.y);
          if (shade != 0) draw->AddRectFilled(cell, ImVec2(cell.x + 2 * char_w, cell.y + line_h), shade);
          if (ImGui::IsMouseHoveringRect(cell, ImVec2(cell.x + 3 * char_w, cell.y + line_h))) hovered = offset;
        } else {
          n += std::snprintf(line + n, sizeof line - n, "   ");
        }
      }
      n += std::snprintf(line + n, sizeof line - n, " ");
      for (int k = 0; k < kHexBytesPerRow && start + k < size; ++k) {
        const uint8_t c = data[start + k];
        line[n++] = c >= 0x20 && c < 0x7f ? static_cast<char>(c) : '.';
      }
      line[n] = '\0';
      ImGui::TextUnformatted(line);
    }
  }
  if (!ImGui::IsWindowHovered()) hovered = UINT32_MAX;
  ImGui::PopFont();
  ImGui::EndChild();
  return hovered;
}

}  // namespace wirelens::app
