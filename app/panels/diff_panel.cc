// Diff: the selected payload compared with another: fields removed, added and changed by path, and
// the two payloads' bytes side by side with the chosen entry shaded on both.
#include <imgui.h>

#include <string>

#include "app/model/actions.h"
#include "app/panels/hex_rows.h"
#include "app/panels/panels.h"

namespace wirelens::app {
namespace {

const ImVec4& KindColor(inspect::DiffKind kind) {
  const Palette& colors = Colors();
  return kind == inspect::DiffKind::kRemoved ? colors.removed
         : kind == inspect::DiffKind::kAdded ? colors.added
                                             : colors.changed;
}

// One entry as a line: "- path: value", "+ path: value", "~ path: before -> after".
std::string EntryLine(const inspect::DiffEntry& entry) { return inspect::DiffText({entry}); }

void DrawSide(const char* id, const std::string& name, const FileBytes& bytes, const inspect::NodeList& nodes,
              uint32_t node, bool scroll) {
  ImGui::TextUnformatted(name.c_str());
  const inspect::Node* shaded = node < nodes.nodes.size() ? &nodes.nodes[node] : nullptr;
  HexScroll to;
  if (scroll && shaded != nullptr) to.offset = shaded->tag_offset;
  DrawHexRows(id, bytes.bytes(), static_cast<uint32_t>(bytes.size()), shaded, to);
}

}  // namespace

void DrawDiff(AppState& state) {
  ImGui::SetNextWindowBgAlpha(1.0f);  // it floats over the other panels
  if (!BeginPanel(state, "Diff", &state.show_diff, 0.22f, 0.25f, 0.76f, 0.72f)) return;
  const Payload* p = state.payload();
  DiffState& diff = state.diff;
  if (p == nullptr) {
    ImGui::TextUnformatted("Select a payload, then one to compare it with.");
    ImGui::End();
    return;
  }
  ImGui::Text("%s compared with", p->name.c_str());
  ImGui::SameLine();
  ImGui::SetNextItemWidth(Ems(17));
  if (ImGui::BeginCombo("##other", diff.other.empty() ? "(choose a payload)" : diff.other.c_str())) {
    for (const Payload& other : state.payloads) {
      if (&other != p && ImGui::Selectable(other.name.c_str(), other.name == diff.other)) DiffWith(state, other.name);
    }
    ImGui::EndCombo();
  }
  RememberItem(state, "compare with");
  const bool current = !diff.other.empty() && diff.nodes_version == state.nodes_version && diff.error.empty();
  if (!diff.error.empty()) ImGui::TextColored(Colors().error, "%s", diff.error.c_str());
  if (!current) {
    ImGui::End();
    return;
  }
  ImGui::SameLine();
  ImGui::Text("%zu difference%s (- removed, + added, ~ changed)", diff.entries.size(),
              diff.entries.size() == 1 ? "" : "s");
  ImGui::BeginChild("entries", ImVec2(0, ImGui::GetContentRegionAvail().y * 0.4f), true);
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(diff.entries.size()));
  while (clipper.Step()) {
    for (int k = clipper.DisplayStart; k < clipper.DisplayEnd; ++k) {
      const inspect::DiffEntry& entry = diff.entries[k];
      ImGui::PushID(k);
      ImGui::PushStyleColor(ImGuiCol_Text, KindColor(entry.kind));
      std::string line = EntryLine(entry);
      if (!line.empty() && line.back() == '\n') line.pop_back();
      if (ImGui::Selectable(line.c_str(), diff.current == k)) SelectDiffEntry(state, k);
      ImGui::PopStyleColor();
      RememberItem(state, ("diff:" + std::to_string(k)).c_str());
      ImGui::PopID();
    }
  }
  ImGui::EndChild();
  const int other_index = PayloadIndex(state, diff.other);
  const Payload* other = other_index >= 0 ? &state.payloads[other_index] : nullptr;
  const inspect::DiffEntry* entry = diff.current >= 0 ? &diff.entries[diff.current] : nullptr;
  if (other != nullptr && ImGui::BeginTable("sides", 2, ImGuiTableFlags_BordersInnerV)) {
    ImGui::TableNextColumn();
    DrawSide("before", p->name, p->bytes, state.nodes, entry ? entry->before_node : inspect::kNoNode,
             diff.scroll_other);
    ImGui::TableNextColumn();
    DrawSide("after", other->name, other->bytes, diff.other_nodes, entry ? entry->after_node : inspect::kNoNode,
             diff.scroll_other);
    ImGui::EndTable();
  }
  diff.scroll_other = false;
  ImGui::End();
}

}  // namespace wirelens::app
