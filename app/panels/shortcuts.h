// Keyboard shortcuts: one table, read by the menus (the keys they show), by the page (the keys it
// keeps from the browser: PlatformClaimKeys) and by HandleShortcuts (what the keys do).
#ifndef WIRELENS_APP_PANELS_SHORTCUTS_H_
#define WIRELENS_APP_PANELS_SHORTCUTS_H_

#include "app/model/app_state.h"

namespace wirelens::app {

enum class Command {
  kOpenFiles,
  kPastePayload,
  kFind,
  kNextMatch,
  kPreviousMatch,
  kGoToOffset,
  kExport,
  kBenchmarkSuite,
  kNextWindow,
  kPreviousWindow,
};

// The keys of `command` as the menus show them ("Ctrl+F", "Cmd+F" on a Mac, "Shift+F3").
const char* ShortcutKeys(Command command);
// Does what `command` names (a menu item or its keys).
void RunCommand(AppState& state, Command command);
// Runs the command of any shortcut pressed this frame; once, first, tells the page which keys to
// keep from the browser. Call each frame before the panels are drawn.
void HandleShortcuts(AppState& state);

// Focus the keys asked for, taken once by the panel that draws the target: the window `title`
// (BeginPanel), and the text boxes "search" and "go to offset".
void FocusWindow(const char* title);
bool TakeWindowFocus(const char* title);
bool TakeBoxFocus(const char* box);

}  // namespace wirelens::app

#endif  // WIRELENS_APP_PANELS_SHORTCUTS_H_
