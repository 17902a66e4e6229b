// How a payload's bytes are made ready to decode: shared by loading a file and by choosing a
// payload's root type or framing (actions.cc).
#ifndef WIRELENS_APP_MODEL_PAYLOAD_PREP_H_
#define WIRELENS_APP_MODEL_PAYLOAD_PREP_H_

#include "app/model/app_state.h"
#include "core/inspect/unpack.h"

namespace wirelens::app {

// Replaces the payload's bytes with the unpacked ones (when unpacking changed them), logging and
// keeping each step.
void ApplyUnpacked(AppState& state, Payload& payload, inspect::Unpacked&& result);

// Ranks the framings of the payload's bytes (as its root type when it has one) and takes the best,
// unless the user chose one; gRPC frames flagged as compressed are then inflated.
void GuessFraming(AppState& state, Payload& payload);

}  // namespace wirelens::app

#endif  // WIRELENS_APP_MODEL_PAYLOAD_PREP_H_
