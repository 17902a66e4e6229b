// The app's model: everything the panels show, kept apart from drawing (immediate-mode UI).
#ifndef WIRELENS_APP_MODEL_APP_STATE_H_
#define WIRELENS_APP_MODEL_APP_STATE_H_

#include <string>

namespace wirelens::app {

struct AppState {
  bool show_about = true;
  // Result of decoding a built-in sample with core/wire at start-up: proves the runtime is linked.
  std::string core_self_check;
  int frame_count = 0;
};

}  // namespace wirelens::app

#endif  // WIRELENS_APP_MODEL_APP_STATE_H_
