// What the panels show, as JSON: the page's test hook (window.wirelens.snapshot()) reads the app
// through it.
#ifndef WIRELENS_APP_MODEL_SNAPSHOT_H_
#define WIRELENS_APP_MODEL_SNAPSHOT_H_

#include <string>

#include "app/model/app_state.h"

namespace wirelens::app {

// JSON of what the panels show: schemas and their errors, payloads, the selection, up to
// `max_nodes` rows of the fields tree, search, diff, edit and log state.
std::string SnapshotJson(const AppState& state, int max_nodes = 200);

}  // namespace wirelens::app

#endif  // WIRELENS_APP_MODEL_SNAPSHOT_H_
