// Fuzz target: a session (app/model/session.h) as a dropped `.wirelens.json` or a link's fragment
// hands it to the app. Invariants: it never crashes, hangs or reads out of bounds; a session it
// refuses says where ("name:line:column: why") and changes nothing; one it opens is selected, and
// written again it opens to the same payload bytes.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "app/model/actions.h"
#include "app/model/session.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace wirelens::app;
  const std::string_view json(reinterpret_cast<const char*>(data), size);
  AppState state;
  std::string error;
  if (!LoadSession(state, "s.wirelens.json", json, &error)) {
    if (error.rfind("s.wirelens.json:", 0) != 0 || !state.payloads.empty() || !state.schema_files.empty()) {
      std::abort();
    }
    return 0;
  }
  // A decode in slices finishes as frames would finish it.
  while (ContinueDecoding(state)) {}
  const Payload* opened = state.payload();
  if (opened == nullptr) std::abort();
  std::string why_not;
  const std::string again = SessionJson(state, &why_not);
  AppState reopened;
  if (again.empty() || !LoadSession(reopened, "again.wirelens.json", again, &error) ||
      reopened.payload()->bytes.view() != opened->bytes.view()) {
    std::abort();
  }
  return 0;
}
