// Share: the view handed on as a link (Copy link), a session file (Save session) or the CLI line
// that prints it (Copy as command); File's items open it.
#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/model/actions.h"
#include "app/model/session.h"
#include "app/panels/panels.h"
#include "app/platform.h"

namespace wirelens::app {
namespace {

// "samples/bench.bin" -> "bench.wirelens.json".
std::string SessionFileName(const std::string& payload) {
  const std::string name = payload.substr(payload.rfind('/') + 1);
  const size_t dot = name.rfind('.');
  return (dot == std::string::npos || dot == 0 ? name : name.substr(0, dot)) + kSessionSuffix;
}

// A line of text to select and copy (the box), with a button that copies it all.
void CopyableLine(AppState& state, const char* label, std::string text) {
  ImGui::SetNextItemWidth(-Ems(6));
  ImGui::InputText((std::string("##") + label).c_str(), &text,
                   ImGuiInputTextFlags_ReadOnly | ImGuiInputTextFlags_AutoSelectAll);
  RememberItem(state, label);
  ImGui::SameLine();
  if (ImGui::Button((std::string("Copy##") + label).c_str())) PlatformCopyText(text);
  RememberItem(state, (std::string("copy ") + label).c_str());
}

}  // namespace

void ShareLink(AppState& state) { CopyLink(state, PlatformMakeLink); }

void ShareCommand(AppState& state) {
  state.share = ShareState{};  // a link made before may be of another view
  state.share.show = true;
  PlatformCopyText(DecodeCommand(state));
}

void SaveSession(AppState& state) {
  state.share.error.clear();
  const std::string session = SessionJson(state, &state.share.error);
  if (session.empty()) {
    state.share.show = true;
    return;
  }
  const std::string name = SessionFileName(state.payload()->name);
  PlatformDownload(name, session.data(), session.size());
  Log(state, false, "saved the view as " + name + " (" + std::to_string(session.size()) + " bytes)");
}

void DrawShare(AppState& state) {
  ShareState& share = state.share;
  if (!BeginPanel(state, "Share", &share.show, 0.2f, 0.2f, 0.6f, 0.28f)) return;
  const Payload* p = state.payload();
  if (!share.error.empty()) {
    ImGui::TextColored(Colors().error, "%s", share.error.c_str());
  } else if (share.making_link) {
    ImGui::TextUnformatted("Making the link...");
  } else if (share.too_long) {
    if (share.link_chars > 0) {
      ImGui::TextWrapped("This view needs a link of %zu characters: more than a link carries comfortably (%zu).",
                         share.link_chars, kMaxLinkChars);
    } else {
      ImGui::TextWrapped("This view is too large for a link (one carries %zu characters comfortably).", kMaxLinkChars);
    }
    ImGui::TextWrapped("Save it as a session file instead: opening or dropping the file in wirelens shows this view.");
  } else if (!share.link.empty()) {
    ImGui::TextWrapped(
        "The link (%zu characters) %s. Opened in any browser, it shows this payload decoded as here: the payload, the "
        "schema files its type needs and your choices travel after the '#', which browsers do not send to servers.",
        share.link_chars,
        share.clipboard == ShareState::Clipboard::kCopied ? "is on the clipboard"
        : share.clipboard == ShareState::Clipboard::kRefused
            ? "could not go on the clipboard (the browser refused): press Copy"
            : "is being copied");
    CopyableLine(state, "link", share.link);
  }
  if (p != nullptr) {
    ImGui::Separator();
    ImGui::TextUnformatted("The command that prints this decode (run it where the files are):");
    CopyableLine(state, "command", DecodeCommand(state));
    if (!state.overrides.empty()) {
      ImGui::TextDisabled("The interpretations you picked are the app's own: the command shows the schema's.");
    }
    if (p->edits > 0) ImGui::TextDisabled("Your edits are not in the file: Export > Binary saves the edited bytes.");
    if (ImGui::Button("Save session file")) SaveSession(state);
    RememberItem(state, "Save session file");
    ImGui::SameLine();
    ImGui::TextDisabled("%s: the payload, its schema files and your choices", SessionFileName(p->name).c_str());
  }
  if (WindowHasKeys() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) share.show = false;
  ImGui::End();
}

}  // namespace wirelens::app
