// Traffic: the exchanges of a dropped HAR (time, method and path, protocol, statuses, sizes, types,
// a mark on any that did not decode cleanly), a filter, type rules, and the selected exchange's
// notes; selecting one opens its messages in the Fields and Hex views.
#include <imgui.h>
#include <imgui_internal.h>  // the table's scrolling child

#include <algorithm>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>

#include "app/model/actions.h"
#include "app/panels/panels.h"

namespace wirelens::app {
namespace {

// "User (guess 87)" for the first message of `role` (its type's short name: the row's tooltip has
// the full one), "-" without one.
std::string TypeCell(const AppState& state, const capture::Call& call, capture::Role role) {
  for (const capture::CallMessage& m : call.messages) {
    if (m.role != role) continue;
    std::string type = m.type >= 0 ? state.schema.messages[m.type].name : "raw";
    if (m.source == capture::TypeSource::kGuess) {
      char score[32];
      std::snprintf(score, sizeof score, " (guess %.0f)", m.score);
      type += score;
    } else if (m.source == capture::TypeSource::kRule) {
      type += " (rule)";
    }
    return type;
  }
  return "-";
}

std::string StatusCell(const capture::Exchange& e, const capture::Call& call) {
  std::string status = e.status == 0 ? "-" : std::to_string(e.status);
  if (!call.rpc_status.empty()) status += " / " + call.rpc_status;
  return status;
}

// "12:00:03.512" from the HAR's ISO 8601 startedDateTime.
// An RPC's path as "Method (Service)", the method first (what tells calls apart; a long package
// would fill the column), any other path as it is.
std::string PathCell(const std::string& path) {
  const size_t method = path.rfind('/');
  const size_t service = method == std::string::npos || method == 0 ? std::string::npos : path.rfind('/', method - 1);
  if (service == std::string::npos) return path;
  const std::string_view full(path.data() + service + 1, method - service - 1);
  const size_t dot = full.rfind('.');
  if (dot == std::string_view::npos) return path;
  return path.substr(method + 1) + " (" + std::string(full.substr(dot + 1)) + ")";
}

// The row's tooltip: everything its cells shorten.
void RowTooltip(const AppState& state, const capture::Exchange& e, const TrafficRow& row) {
  std::string text = e.method + " " + row.call.path;
  for (const capture::CallMessage& m : row.call.messages) {
    if (m.index == 1)
      text += std::string("\n") + capture::RoleName(m.role) + ": " + capture::TypeNameOf(m, &state.schema);
  }
  text += "\nbytes: request " + std::to_string(row.request_bytes) + ", response " + std::to_string(row.response_bytes);
  if (!row.clean) text += "\n" + row.problem;
  ImGui::SetTooltip("%s", text.c_str());
}

std::string TimeCell(const std::string& started) {
  const size_t t = started.find('T');
  return t == std::string::npos ? started : started.substr(t + 1, 12);
}

void DrawRow(AppState& state, int i) {
  const TrafficState& t = state.traffic;
  const capture::Exchange& e = t.exchanges[i];
  const TrafficRow& row = t.rows[i];
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  char label[32];
  std::snprintf(label, sizeof label, "%u##exchange", e.entry + 1);
  if (ImGui::Selectable(label, i == t.selected, ImGuiSelectableFlags_SpanAllColumns)) SelectExchange(state, i);
  RememberItem(state, ("exchange:" + std::to_string(e.entry + 1)).c_str());
  if (ImGui::IsItemHovered()) RowTooltip(state, e, row);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(TimeCell(e.started).c_str());
  ImGui::TableNextColumn();
  if (!row.clean) {
    ImGui::TextColored(Colors().error, "!");
    ImGui::SameLine(0, 4);
  }
  ImGui::Text("%s %s", e.method.c_str(), PathCell(row.call.path).c_str());
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(capture::ProtocolName(row.call.protocol));
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(StatusCell(e, row.call).c_str());
  ImGui::TableNextColumn();
  ImGui::Text("%zu / %zu", row.request_bytes, row.response_bytes);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(TypeCell(state, row.call, capture::Role::kRequest).c_str());
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(TypeCell(state, row.call, capture::Role::kResponse).c_str());
}

// Up and Down to the next listed exchange, Page Up and Down a screen, Home and End: each selected
// as a click selects it. Returns the row moved to (its index in `visible`), or -1.
int HandleListKeys(AppState& state, const std::vector<int>& visible, int page) {
  if (!WindowHasKeys() || visible.empty()) return -1;
  const int last = static_cast<int>(visible.size()) - 1;
  // Rows are in exchange order: the selected one's row, or the one after where it would be.
  const int at =
      static_cast<int>(std::lower_bound(visible.begin(), visible.end(), state.traffic.selected) - visible.begin());
  const bool listed = at <= last && visible[at] == state.traffic.selected;
  const struct {
    ImGuiKey key;
    int to;
  } moves[] = {{ImGuiKey_UpArrow, at - 1},   {ImGuiKey_DownArrow, listed ? at + 1 : at},
               {ImGuiKey_PageUp, at - page}, {ImGuiKey_PageDown, at + page},
               {ImGuiKey_Home, 0},           {ImGuiKey_End, last}};
  for (const auto& move : moves) {
    if (!ImGui::IsKeyPressed(ImGui::GetKeyIndex(move.key))) continue;
    const int row = std::clamp(move.to, 0, last);
    if (visible[row] != state.traffic.selected) SelectExchange(state, visible[row]);
    return row;
  }
  return -1;
}

void DrawList(AppState& state, const std::vector<int>& visible) {
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_Resizable |
                                ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
  const float height = ImGui::GetContentRegionAvail().y * 0.62f;
  const int page = std::max(1, static_cast<int>(height / ImGui::GetFrameHeight()) - 2);
  const int moved_to = HandleListKeys(state, visible, page);
  if (!ImGui::BeginTable("exchanges", 8, flags, ImVec2(0, height))) return;
  // The arrows are HandleListKeys', not ImGui's focus moving between rows.
  ImGui::GetCurrentTable()->InnerWindow->Flags |= ImGuiWindowFlags_NoNavInputs;
  ImGui::TableSetupScrollFreeze(0, 1);
  // Every column but the index shares the width, by what its cells hold, so that on a narrow
  // screen all of them shrink a little rather than the path and types to nothing.
  ImGui::TableSetupColumn("#");
  const std::pair<const char*, float> columns[] = {
      {"Time", 0.8f},  {"Method and path", 2.0f}, {"Protocol", 1.0f},     {"HTTP / RPC", 1.0f},
      {"Bytes", 0.8f}, {"Request type", 1.3f},    {"Response type", 1.3f}};
  for (const auto& [name, weight] : columns) ImGui::TableSetupColumn(name, ImGuiTableColumnFlags_WidthStretch, weight);
  ImGui::TableHeadersRow();
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(visible.size()));
  if (moved_to >= 0) clipper.ForceDisplayRangeByIndices(moved_to, moved_to + 1);
  while (clipper.Step()) {
    for (int k = clipper.DisplayStart; k < clipper.DisplayEnd; ++k) {
      DrawRow(state, visible[k]);
      if (k == moved_to) ScrollRowIntoView();
    }
  }
  ImGui::EndTable();
}

// The selected exchange: its URL, each message's type and where it came from, its notes, and a rule
// to type the messages of calls like it.
void DrawSelected(AppState& state) {
  TrafficState& t = state.traffic;
  if (t.selected < 0 || t.selected >= static_cast<int>(t.rows.size())) {
    ImGui::TextDisabled("Select an exchange to decode its messages in the Fields and Hex windows.");
    return;
  }
  const capture::Exchange& e = t.exchanges[t.selected];
  const capture::Call& call = t.rows[t.selected].call;
  ImGui::TextWrapped("%s %s", e.method.c_str(), e.url.c_str());
  if (!call.rpc_message.empty()) ImGui::TextWrapped("status message: %s", call.rpc_message.c_str());
  for (const capture::CallMessage& m : call.messages) {
    const std::string type = capture::TypeNameOf(m, &state.schema);
    ImGui::BulletText("%s %u: %s%s%s, %zu bytes%s", capture::RoleName(m.role), m.index, type.c_str(),
                      m.source == capture::TypeSource::kNone ? "" : ", from the ", capture::TypeSourceName(m.source),
                      m.bytes.size(), m.compressed ? " (inflated)" : "");
  }
  for (const capture::CallNote& note : call.notes) {
    if (note.kind == capture::NoteKind::kInfo) {
      ImGui::TextDisabled("%s: %s", capture::RoleName(note.role), note.text.c_str());
    } else {
      ImGui::PushStyleColor(ImGuiCol_Text, Colors().error);
      ImGui::TextWrapped("%s %s: %s", capture::NoteKindName(note.kind), capture::RoleName(note.role),
                         note.text.c_str());
      ImGui::PopStyleColor();
    }
  }
  if (call.method.found() || state.schema.messages.empty()) return;
  // No method names the types: the user may say what calls to this path carry.
  for (capture::Role role : {capture::Role::kRequest, capture::Role::kResponse}) {
    ImGui::PushID(static_cast<int>(role));
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
    const std::string label = std::string("Type every ") + capture::RoleName(role) + " to " + call.path + " as";
    if (ImGui::BeginCombo(label.c_str(), TypeCell(state, call, role).c_str())) {
      if (ImGui::Selectable("(no rule)")) SetTypeRule(state, call.path, role, "");
      for (const schema::Message& m : state.schema.messages) {
        if (!m.map_entry && ImGui::Selectable(m.full_name.c_str())) SetTypeRule(state, call.path, role, m.full_name);
      }
      ImGui::EndCombo();
    }
    ImGui::PopID();
  }
}

}  // namespace

void DrawTraffic(AppState& state) {
  // Along the bottom, as a browser's network panel: the Fields tree stays in view above it.
  if (!BeginPanel(state, "Traffic", &state.show_traffic, 0.0f, 0.5f, 0.68f, 0.5f)) return;
  TrafficState& t = state.traffic;
  if (t.file.empty()) {
    ImGui::TextWrapped(
        "Drop a .har file (DevTools > Network > Save all as HAR) to see its gRPC, gRPC-web and "
        "Connect calls decoded; load the .proto with the service to type them by method.");
    ImGui::End();
    return;
  }
  ImGui::Text("%s: %zu exchanges", t.file.c_str(), t.rows.size());
  if (t.reader) { ImGui::ProgressBar(static_cast<float>(t.reader->progress()), ImVec2(-1, 0), "reading entries..."); }
  if (!t.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, Colors().error);
    ImGui::TextWrapped("not read: %s", t.error.c_str());
    ImGui::PopStyleColor();
  }
  char filter[256];
  std::snprintf(filter, sizeof filter, "%s", t.filter.c_str());
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  if (ImGui::InputTextWithHint("##traffic filter", "filter: path, method, protocol or type", filter, sizeof filter)) {
    t.filter = filter;
  }
  RememberItem(state, "Traffic filter");
  ImGui::SameLine();
  ImGui::Checkbox("protobuf only", &t.protobuf_only);
  const std::vector<int> visible = VisibleExchanges(state);
  DrawList(state, visible);
  DrawSelected(state);
  ImGui::End();
}

}  // namespace wirelens::app
