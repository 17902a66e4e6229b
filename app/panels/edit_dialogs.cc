// The Fields panel's edit dialogs: a value typed as a text-format literal, a field added by number
// and type. Refusals (a bad value, a number out of range) show in the dialog, which stays open.
#include <imgui.h>

#include <cstdio>
#include <string>

#include "app/model/actions.h"
#include "app/panels/panels.h"
#include "core/inspect/values.h"

namespace wirelens::app {
namespace {

using schema::FieldType;

struct Dialog {
  enum class Mode { kNone, kValue, kAdd } mode = Mode::kNone;
  bool open_requested = false;
  uint32_t node = inspect::kNoNode;  // the value edited, or the message a field is added to
  char text[4096] = "";
  int number = 1;
  int type = static_cast<int>(FieldType::kInt32);
};

Dialog g_dialog;

constexpr const char* kValueTitle = "Edit value";
constexpr const char* kAddTitle = "Add field";

void ShowError(const AppState& state) {
  if (!state.edit_error.empty()) ImGui::TextColored(Colors().error, "%s", state.edit_error.c_str());
}

// Apply / Cancel (or Escape); true when Apply was pressed.
bool Buttons(AppState& state) {
  const bool apply = ImGui::Button("Apply");
  RememberItem(state, "edit apply");
  ImGui::SameLine();
  if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) ImGui::CloseCurrentPopup();
  RememberItem(state, "edit cancel");
  return apply;
}

void DrawValueDialog(AppState& state) {
  if (!ImGui::BeginPopupModal(kValueTitle, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  const schema::Schema* schema = state.payload() && state.payload()->type >= 0 ? &state.schema : nullptr;
  ImGui::Text("%s (%s)", NodePath(state, g_dialog.node).c_str(),
              inspect::TypeLabel(state.nodes, g_dialog.node, schema).c_str());
  ImGui::TextDisabled("numbers, true / false, enum names, \"quoted\" strings and bytes (\\n, \\xff, \\377)");
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  ImGui::SetNextItemWidth(Ems(28));
  bool apply = ImGui::InputText("##value", g_dialog.text, sizeof g_dialog.text,
                                ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
  RememberItem(state, "edit value");
  apply |= Buttons(state);
  if (apply && EditValue(state, g_dialog.node, g_dialog.text)) ImGui::CloseCurrentPopup();
  ShowError(state);
  ImGui::EndPopup();
}

void DrawAddDialog(AppState& state) {
  if (!ImGui::BeginPopupModal(kAddTitle, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  const schema::Schema* schema = state.payload() && state.payload()->type >= 0 ? &state.schema : nullptr;
  const bool root = g_dialog.node == inspect::kNoNode;
  ImGui::Text("to %s", root ? "the payload's message" : NodePath(state, g_dialog.node).c_str());
  ImGui::SetNextItemWidth(Ems(10.5f));
  if (ImGui::InputInt("number", &g_dialog.number, 1, 100, ImGuiInputTextFlags_AutoSelectAll)) {
    // A number the message declares takes the declared type.
    const int message = root ? state.nodes.root_message : inspect::ValueMessage(state.nodes, g_dialog.node, schema);
    const schema::Field* declared = schema != nullptr && message >= 0 && g_dialog.number > 0
                                        ? schema->messages[message].FindField(static_cast<uint32_t>(g_dialog.number))
                                        : nullptr;
    if (declared != nullptr) g_dialog.type = static_cast<int>(declared->type);
  }
  RememberItem(state, "add number");
  ImGui::SetNextItemWidth(Ems(10.5f));
  if (ImGui::BeginCombo("type", schema::FieldTypeName(static_cast<FieldType>(g_dialog.type)))) {
    for (int t = static_cast<int>(FieldType::kDouble); t <= static_cast<int>(FieldType::kSInt64); ++t) {
      if (ImGui::Selectable(schema::FieldTypeName(static_cast<FieldType>(t)), t == g_dialog.type)) g_dialog.type = t;
    }
    ImGui::EndCombo();
  }
  const auto type = static_cast<FieldType>(g_dialog.type);
  const bool empty = type == FieldType::kMessage || type == FieldType::kGroup;
  ImGui::BeginDisabled(empty);
  ImGui::SetNextItemWidth(Ems(28));
  bool apply = ImGui::InputText("value", g_dialog.text, sizeof g_dialog.text, ImGuiInputTextFlags_EnterReturnsTrue);
  RememberItem(state, "add value");
  ImGui::EndDisabled();
  if (empty) ImGui::TextDisabled("added empty: add its fields to it next");
  apply |= Buttons(state);
  if (apply && AddFieldTo(state, g_dialog.node, static_cast<uint32_t>(g_dialog.number), type, g_dialog.text)) {
    ImGui::CloseCurrentPopup();
  }
  ShowError(state);
  ImGui::EndPopup();
}

}  // namespace

void RequestValueEdit(AppState& state, uint32_t node, const std::string& text) {
  state.edit_error.clear();
  g_dialog.mode = Dialog::Mode::kValue;
  g_dialog.open_requested = true;
  g_dialog.node = node;
  std::snprintf(g_dialog.text, sizeof g_dialog.text, "%s", text.c_str());
}

void RequestAddField(AppState& state, uint32_t parent) {
  state.edit_error.clear();
  g_dialog.mode = Dialog::Mode::kAdd;
  g_dialog.open_requested = true;
  g_dialog.node = parent;
  g_dialog.text[0] = '\0';
}

void DrawEditDialogs(AppState& state) {
  if (g_dialog.open_requested) {
    ImGui::OpenPopup(g_dialog.mode == Dialog::Mode::kValue ? kValueTitle : kAddTitle);
    g_dialog.open_requested = false;
  }
  DrawValueDialog(state);
  DrawAddDialog(state);
}

}  // namespace wirelens::app
