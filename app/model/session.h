// The view to hand on: the selected payload, the schema files its type needs and the choices made
// (type, framing, interpretations, open and selected nodes) as a session (a `.wirelens.json` file,
// or a link's fragment), and the CLI line that prints the same decode.
#ifndef WIRELENS_APP_MODEL_SESSION_H_
#define WIRELENS_APP_MODEL_SESSION_H_

#include <string>
#include <string_view>

#include "app/model/app_state.h"

namespace wirelens::app {

// A session's name ends so; LoadFile hands such a file to LoadSession.
inline constexpr const char* kSessionSuffix = ".wirelens.json";
// A session holds payloads up to this size (base64 in JSON: the file is a third larger, and the
// tab holds it twice while it is written); a larger one is refused with a message.
inline constexpr size_t kMaxSessionPayloadBytes = size_t{64} << 20;
// The longest link Copy link makes: what a chat message, an issue comment or a mail carries whole.
// A view that needs more is saved as a session file instead.
inline constexpr size_t kMaxLinkChars = 16384;
// The fragment that carries a session: "#session=" then the session, deflated (raw deflate) and
// in base64url (web/page.js makes and reads it).
inline constexpr const char* kLinkFragment = "#session=";

// The selected payload's view as a session (JSON), or "" with the reason in *why_not (no payload
// selected, or too large for a session).
std::string SessionJson(const AppState& state, std::string* why_not);

// Restores a session made by SessionJson: its schema files loaded (replacing files of the same
// name), its payload added and selected with its type, framing and interpretations, its nodes
// opened and selected as they were. False with "name:line:column: why" (or "name: why") in *error
// when it is not a session this app can read; nothing is changed then.
bool LoadSession(AppState& state, const std::string& name, std::string_view json, std::string* error);

// The `wirelens` command that prints the selected payload decoded as it is shown (its file, the
// schema files as loaded, type and framing; `wirelens har FILE --entry N` for a captured exchange),
// its arguments quoted for a POSIX shell; "" with no payload selected.
std::string DecodeCommand(const AppState& state);

// What Copy link, Copy as command and Save session do with the selected payload's view; the Share
// window shows the outcome. Copy link asks the page (through `make_link`) to compress the session
// into a link, which it hands back to LinkMade.
void CopyLink(AppState& state, const std::function<void(const std::string& session)>& make_link);
// The page made the link (`url`, its fragment kLinkFragment and the session): kept for the Share
// window, and true when it may be copied (at most kMaxLinkChars; the page then says whether the
// clipboard took it: share.clipboard), else too_long says so.
bool LinkMade(AppState& state, const std::string& url);

}  // namespace wirelens::app

#endif  // WIRELENS_APP_MODEL_SESSION_H_
