// The hex rows shared by the Hex panel and the Diff panel's two sides: offset | 16 bytes | ASCII,
// one node's tag, length prefix and value shaded, clipped so a 100 MB payload scrolls smoothly.
#ifndef WIRELENS_APP_PANELS_HEX_ROWS_H_
#define WIRELENS_APP_PANELS_HEX_ROWS_H_

#include <imgui.h>

#include <cstdint>

#include "core/inspect/node.h"

namespace wirelens::app {

inline constexpr int kHexBytesPerRow = 16;
inline const ImU32 kHexTagColor = IM_COL32(70, 110, 200, 160);
inline const ImU32 kHexLengthColor = IM_COL32(200, 150, 40, 160);
inline const ImU32 kHexValueColor = IM_COL32(60, 160, 80, 140);
inline const ImU32 kHexFrameHeaderColor = IM_COL32(160, 80, 190, 160);

// Draws [data, data + size) in a child window `id` filling the space left, `shaded` (may be null)
// shaded, scrolled to row `goto_row` when it is >= 0. Returns the offset of the byte under the
// mouse, or UINT32_MAX.
uint32_t DrawHexRows(const char* id, const uint8_t* data, uint32_t size, const inspect::Node* shaded, int goto_row);

}  // namespace wirelens::app

#endif  // WIRELENS_APP_PANELS_HEX_ROWS_H_
