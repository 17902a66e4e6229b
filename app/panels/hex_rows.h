// The hex rows shared by the Hex panel and the Diff panel's two sides: offset | 16 bytes | ASCII
// (8 or 4 bytes where the window is too narrow for 16), one node's tag, length prefix and value
// shaded, clipped so a 100 MB payload scrolls smoothly.
#ifndef WIRELENS_APP_PANELS_HEX_ROWS_H_
#define WIRELENS_APP_PANELS_HEX_ROWS_H_

#include <imgui.h>

#include <cstdint>

#include "core/inspect/node.h"

namespace wirelens::app {

inline constexpr int kHexMaxBytesPerRow = 16, kHexMinBytesPerRow = 4;
inline const ImU32 kHexTagColor = IM_COL32(70, 110, 200, 160);
inline const ImU32 kHexLengthColor = IM_COL32(200, 150, 40, 160);
inline const ImU32 kHexValueColor = IM_COL32(60, 160, 80, 140);
inline const ImU32 kHexFrameHeaderColor = IM_COL32(160, 80, 190, 160);

// Where the rows scroll this frame: the row of byte `offset` (none when past the end) to the top,
// or, when `nearest`, only as far as it needs to be in view (the keyboard's moves).
struct HexScroll {
  uint32_t offset = UINT32_MAX;
  bool nearest = false;
};

// The bytes a row shows in the current window's width: 16, or 8 or 4 where 16 do not fit.
int HexBytesPerRow();

// Draws [data, data + size) in a child window `id` filling the space left, `shaded` (may be null)
// shaded, the byte at `cursor` (none: UINT32_MAX) outlined, scrolled as `scroll` says. Returns the
// offset of the byte under the mouse, or UINT32_MAX.
uint32_t DrawHexRows(const char* id, const uint8_t* data, uint32_t size, const inspect::Node* shaded, HexScroll scroll,
                     uint32_t cursor = UINT32_MAX);

}  // namespace wirelens::app

#endif  // WIRELENS_APP_PANELS_HEX_ROWS_H_
