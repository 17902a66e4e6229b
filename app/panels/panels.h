// One DrawX() per panel, each in its own file; main.cpp calls them in a flat list every frame.
#ifndef WIRELENS_APP_PANELS_PANELS_H_
#define WIRELENS_APP_PANELS_PANELS_H_

#include "app/model/app_state.h"

namespace wirelens::app {

void DrawAbout(AppState& state);

}  // namespace wirelens::app

#endif  // WIRELENS_APP_PANELS_PANELS_H_
