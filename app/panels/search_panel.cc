// Search: a query over the decoded tree (names, paths, values), its progress while it runs over a
// large payload, and the results, each a jump to its node in the Fields tree and the hex view.
#include <imgui.h>

#include <cstring>
#include <string>

#include "app/model/actions.h"
#include "app/panels/panels.h"
#include "app/panels/shortcuts.h"
#include "core/inspect/values.h"

namespace wirelens::app {
namespace {

constexpr size_t kResultValueMaxChars = 60;
constexpr const char* kQueryHint = "name, a.b.id, 12, =150, =RED, \"text\", 0x0a0b, id=7";

}  // namespace

void DrawSearch(AppState& state) {
  if (!BeginPanel(state, "Search", &state.show_search, 0.68f, 0.46f, 0.32f, 0.26f)) return;
  SearchState& search = state.search;
  // The box shows the model's query (the page's hook may set it) until the user edits it.
  static char input[256];
  static std::string shown;
  if (shown != search.query) {
    shown = search.query;
    std::snprintf(input, sizeof input, "%s", shown.c_str());
  }
  // The box takes what the Find button and the two square arrows leave.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float find_width = ImGui::CalcTextSize("Find").x + style.FramePadding.x * 2;
  ImGui::SetNextItemWidth(-(find_width + ImGui::GetFrameHeight() * 2 + style.ItemSpacing.x * 3));
  if (TakeBoxFocus("search")) ImGui::SetKeyboardFocusHere();
  bool find = ImGui::InputTextWithHint("##query", kQueryHint, input, sizeof input,
                                       ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
  RememberItem(state, "search");
  ImGui::SameLine();
  find |= ImGui::Button("Find");
  if (find) StartSearch(state, input);
  const bool has_results = HasSearchResults(state);
  ImGui::SameLine();
  ImGui::BeginDisabled(!has_results);
  if (ImGui::ArrowButton("##previous", ImGuiDir_Left)) JumpToSearchResult(state, search.current - 1);
  ImGui::SameLine();
  if (ImGui::ArrowButton("##next", ImGuiDir_Right)) JumpToSearchResult(state, search.current + 1);
  RememberItem(state, "search next");
  ImGui::EndDisabled();

  if (!search.error.empty()) {
    ImGui::TextColored(Colors().error, "%s", search.error.c_str());
  } else if (search.running) {
    ImGui::ProgressBar(static_cast<float>(search.running->progress()), ImVec2(-1, 0), "searching");
  } else if (search.active && state.decoding) {
    ImGui::TextDisabled("searching once the decode is done");
  } else if (search.active && search.nodes_version == state.nodes_version) {
    ImGui::Text("%zu match%s in %.0f ms%s", search.match_count, search.match_count == 1 ? "" : "es", search.elapsed_ms,
                search.match_count > search.results.size() ? " (the first listed)" : "");
  }
  if (!has_results) {
    ImGui::End();
    return;
  }
  const schema::Schema* schema = state.payload()->type >= 0 ? &state.schema : nullptr;
  const uint8_t* data = state.payload()->bytes.bytes();
  ImGui::BeginChild("results");
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(search.results.size()));
  while (clipper.Step()) {
    for (int k = clipper.DisplayStart; k < clipper.DisplayEnd; ++k) {
      const uint32_t node = search.results[k];
      const std::string row =
          NodePath(state, node) + ": " + inspect::ValueText(state.nodes, node, data, schema, kResultValueMaxChars);
      ImGui::PushID(k);
      if (ImGui::Selectable(row.c_str(), search.current == k)) JumpToSearchResult(state, k);
      ImGui::PopID();
    }
  }
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace wirelens::app
