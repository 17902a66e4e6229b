#include "app/panels/hex_rows.h"

#include <imgui_internal.h>  // the window's visible height (InnerClipRect)

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

// Scrolls the current window so that `row` (of height `step`) is in view, as little as it takes.
void ScrollRowIntoView(int row, float step) {
  const float top = row * step, view = ImGui::GetCurrentWindow()->InnerClipRect.GetHeight();
  if (top < ImGui::GetScrollY()) ImGui::SetScrollY(top);
  else if (top + step > ImGui::GetScrollY() + view) ImGui::SetScrollY(top + step - view);
}

}  // namespace

int HexBytesPerRow() {
  PushMonoFont();
  const float char_w = ImGui::CalcTextSize("0").x;
  ImGui::PopFont();
  const float width = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ScrollbarSize;
  int bytes = kHexMaxBytesPerRow;
  while (bytes > kHexMinBytesPerRow && (11 + 4 * bytes) * char_w > width) bytes /= 2;
  return bytes;
}

uint32_t DrawHexRows(const char* id, const uint8_t* data, uint32_t size, const inspect::Node* shaded, HexScroll scroll,
                     uint32_t cursor) {
  const int per_row = HexBytesPerRow();
  // The arrow keys move the cursor (the Hex panel), not ImGui's focus between widgets.
  ImGui::BeginChild(id, ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar | ImGuiWindowFlags_NoNavInputs);
  PushMonoFont();
  const float char_w = ImGui::CalcTextSize("0").x;
  const float line_h = ImGui::GetTextLineHeight();
  const int rows = static_cast<int>((size + per_row - 1) / per_row);
  ImGuiListClipper clipper;
  clipper.Begin(rows, ImGui::GetTextLineHeightWithSpacing());
  if (scroll.offset < size) {
    const int row = static_cast<int>(scroll.offset / per_row);
    if (scroll.nearest) ScrollRowIntoView(row, ImGui::GetTextLineHeightWithSpacing());
    else ImGui::SetScrollY(row * ImGui::GetTextLineHeightWithSpacing());
    clipper.ForceDisplayRangeByIndices(row, row + 1);
  }
  ImDrawList* draw = ImGui::GetWindowDrawList();
  uint32_t hovered = UINT32_MAX;
  while (clipper.Step()) {
    for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
      const uint32_t start = static_cast<uint32_t>(row) * per_row;
      const ImVec2 origin = ImGui::GetCursorScreenPos();
      char line[16 + kHexMaxBytesPerRow * 3 + kHexMaxBytesPerRow + 8];
      int n = std::snprintf(line, sizeof line, "%08x  ", start);
      for (int k = 0; k < per_row; ++k) {
        const uint32_t offset = start + k;
        if (offset < size) {
          n += std::snprintf(line + n, sizeof line - n, "%02x ", data[offset]);
          const ImU32 shade = ShadeOf(shaded, offset);
          const ImVec2 cell(origin.x + (10 + k * 3) * char_w, origin.y);
          if (shade != 0) draw->AddRectFilled(cell, ImVec2(cell.x + 2 * char_w, cell.y + line_h), shade);
          if (ImGui::IsMouseHoveringRect(cell, ImVec2(cell.x + 3 * char_w, cell.y + line_h))) hovered = offset;
          if (offset == cursor) {
            const ImU32 outline = ImGui::GetColorU32(ImGuiCol_Text);
            const ImVec2 ascii(origin.x + (11 + per_row * 3 + k) * char_w, origin.y);
            draw->AddRect(cell, ImVec2(cell.x + 2 * char_w, cell.y + line_h), outline);
            draw->AddRect(ascii, ImVec2(ascii.x + char_w, ascii.y + line_h), outline);
          }
        } else {
          n += std::snprintf(line + n, sizeof line - n, "   ");
        }
      }
      n += std::snprintf(line + n, sizeof line - n, " ");
      for (int k = 0; k < per_row && start + k < size; ++k) {
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
