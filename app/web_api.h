// The app's JS-facing entry points (exported to the page as Module._wl_*), and the one AppState
// they act on. Used by index.html for dropped files and by window.wirelens, the test hook.
#ifndef WIRELENS_APP_WEB_API_H_
#define WIRELENS_APP_WEB_API_H_

#include "app/model/app_state.h"

namespace wirelens::app {

AppState& GlobalState();

}  // namespace wirelens::app

#endif  // WIRELENS_APP_WEB_API_H_
