// Fields: the decoded tree as a table (number, name, wire type, type, value, offsets), clipped so
// millions of nodes scroll smoothly; errors in red; per raw field a switch of interpretation.
#include <imgui.h>
#include <imgui_internal.h>  // TableSetColumnWidth, the table's last resized column and scrolling child

#include <algorithm>
#include <cmath>
#include <string>

#include "app/model/actions.h"
#include "app/panels/panels.h"
#include "core/inspect/edit.h"
#include "core/inspect/inspector.h"
#include "core/inspect/values.h"

namespace wirelens::app {
namespace {

constexpr float kIndentEmsPerDepth = 0.9f;        // what a nesting level indents its rows
constexpr size_t kRowValueMaxChars = 120;         // a row shows the start of a long value
constexpr size_t kCopiedValueMaxChars = 1 << 20;  // "Copy value" takes up to 1 MB of text

using inspect::Interpretation;
using inspect::Node;
using inspect::NodeKind;

// What a row's menu asked for that decodes again: done after the table is drawn, since its rows
// index the nodes the action replaces.
struct PendingAction {
  enum class Kind { kNone, kInterpretation, kDelete } kind = Kind::kNone;
  uint32_t node = inspect::kNoNode;
  Interpretation interpretation = Interpretation::kBytes;

  void Run(AppState& state) const {
    if (kind == Kind::kInterpretation) SetInterpretation(state, node, interpretation);
    if (kind == Kind::kDelete) DeleteField(state, node);
  }
};

// Edit value / Add field / Delete, for the nodes they apply to.
void DrawEditItems(AppState& state, uint32_t i, const uint8_t* data, const schema::Schema* schema,
                   PendingAction* pending) {
  const Node& node = state.nodes.nodes[i];
  const std::string editable = inspect::EditableValue(state.nodes, i, data, schema);
  const bool holds_message =
      (node.kind == NodeKind::kField || node.kind == NodeKind::kFrame) &&
      (node.interpretation == Interpretation::kMessage || node.interpretation == Interpretation::kGroup);
  const bool deletable = node.kind == NodeKind::kField || node.kind == NodeKind::kPackedElement ||
                         node.kind == NodeKind::kFrame || node.kind == NodeKind::kUndecoded;
  if (editable.empty() && !holds_message && !deletable) return;
  ImGui::Separator();
  if (!editable.empty() && ImGui::MenuItem("Edit value...")) RequestValueEdit(state, i, editable);
  if (!editable.empty()) RememberItem(state, "menu edit value");
  if (holds_message && ImGui::MenuItem("Add field...")) RequestAddField(state, i);
  if (holds_message) RememberItem(state, "menu add field");
  if (deletable && ImGui::MenuItem("Delete")) *pending = {PendingAction::Kind::kDelete, i, Interpretation::kBytes};
  if (deletable) RememberItem(state, "menu delete");
}

void DrawNodeMenu(AppState& state, uint32_t i, const uint8_t* data, const schema::Schema* schema,
                  PendingAction* pending) {
  const Node& node = state.nodes.nodes[i];
  if (ImGui::MenuItem("Copy value"))
    ImGui::SetClipboardText(inspect::ValueText(state.nodes, i, data, schema, kCopiedValueMaxChars).c_str());
  if (ImGui::MenuItem("Copy path")) ImGui::SetClipboardText(NodePath(state, i).c_str());
  DrawEditItems(state, i, data, schema, pending);
  if (node.wire_type == WireType::kLengthDelimited && node.kind == NodeKind::kField) {
    ImGui::Separator();
    ImGui::TextDisabled("Show as");
    const uint32_t fits = inspect::FittingInterpretations(data + node.value_offset(), node.value_length);
    for (int k = 0; k < inspect::kInterpretationCount; ++k) {
      if ((fits & (1u << k)) == 0) continue;
      const auto interpretation = static_cast<Interpretation>(k);
      if (ImGui::MenuItem(inspect::InterpretationName(interpretation), nullptr,
                          node.interpretation == interpretation)) {
        *pending = {PendingAction::Kind::kInterpretation, i, interpretation};
        return;
      }
    }
  }
}

// Widths of the columns, measured once per decode: Field and Type show whole names (the widest
// label among the first rows), # the largest field number among them (4 digits at least),
// Offset the payload's largest offsets.
struct ColumnWidths {
  uint32_t nodes_version = UINT32_MAX;
  float field = 0, type = 0;
  float number = 0, offset = 0;
};

constexpr int kMeasuredRows = 2000;
constexpr float kMinColumnWidth = 60.0f, kMaxColumnWidth = 420.0f;

const ColumnWidths& MeasureColumns(const AppState& state, const schema::Schema* schema) {
  static ColumnWidths widths;
  if (widths.nodes_version == state.nodes_version) return widths;
  widths = {state.nodes_version, kMinColumnWidth, kMinColumnWidth};
  const auto& nodes = state.nodes.nodes;
  uint32_t largest_number = 9999;
  int measured = 0;
  for (uint32_t i = 0; i < nodes.size() && measured < kMeasuredRows; ++i, ++measured) {
    largest_number = std::max(largest_number, nodes[i].field_number);
    const float indent = nodes[i].depth * Ems(kIndentEmsPerDepth) + ImGui::GetFrameHeight();
    widths.field =
        std::max(widths.field, indent + ImGui::CalcTextSize(inspect::FieldLabel(state.nodes, i, schema).c_str()).x);
    widths.type = std::max(widths.type, ImGui::CalcTextSize(inspect::TypeLabel(state.nodes, i, schema).c_str()).x);
  }
  const float padding = ImGui::GetStyle().CellPadding.x * 2;
  widths.field = std::min(widths.field + padding, kMaxColumnWidth);
  widths.type = std::min(widths.type + padding, kMaxColumnWidth);
  widths.number = ImGui::CalcTextSize(std::to_string(largest_number).c_str()).x + padding;
  const std::string digits(std::to_string(state.payload() ? state.payload()->bytes.size() : 0).size(), '0');
  PushMonoFont();
  widths.offset = ImGui::CalcTextSize((digits + ".." + digits).c_str()).x;
  ImGui::PopFont();
  widths.offset = std::max(widths.offset, ImGui::CalcTextSize("Offset").x) + padding;
  return widths;
}

// The Field and Type widths to give the table: as measured, but never so wide that Value, which
// takes what is left, gets less than kValueShare of the room the three share (the row less the
// number, wire and offset columns). Type gives way first (its names are elided in the cell, whole
// on hover), down to kMinColumnWidth; Field, whose names are short, only after it.
constexpr float kValueShare = 0.4f;
ColumnWidths FitColumns(ColumnWidths widths, float row_width, float other_columns) {
  const float room = std::max(0.0f, row_width - other_columns) * (1 - kValueShare);
  if (widths.field + widths.type <= room) return widths;
  widths.field = std::max(kMinColumnWidth, std::min(widths.field, room - kMinColumnWidth));
  widths.type = std::max(kMinColumnWidth, room - widths.field);
  return widths;
}

// Gives the Field, #, Type and Offset columns the fitted widths whenever they change (a decode,
// the window resized), until the user drags a column border: from then on the table keeps the
// user's widths. Call between the table's setup and its first row.
constexpr int kFieldColumn = 0, kNumberColumn = 1, kWireColumn = 2, kTypeColumn = 3, kOffsetColumn = 5;
void ApplyColumnWidths(const ColumnWidths& fitted) {
  static ColumnWidths applied;
  static bool user_sized = false;
  const ImGuiTable* table = ImGui::GetCurrentTable();
  if (table->LastResizedColumn != -1) user_sized = true;
  if (user_sized || (fitted.field == applied.field && fitted.type == applied.type && fitted.number == applied.number &&
                     fitted.offset == applied.offset)) {
    return;
  }
  ImGui::TableSetColumnWidth(kFieldColumn, fitted.field);
  ImGui::TableSetColumnWidth(kNumberColumn, fitted.number);
  ImGui::TableSetColumnWidth(kTypeColumn, fitted.type);
  ImGui::TableSetColumnWidth(kOffsetColumn, fitted.offset);
  applied = fitted;
}

// `text` in the cell's width: cut at the front with "..." when longer (the end of a type name says
// most), and then whole in a tooltip on hover. Drawn every frame for each visible row, so it
// measures without building strings: a tail narrows as it starts later, hence a binary search.
void ElidedText(const std::string& text) {
  const char* begin = text.c_str();
  const char* end = begin + text.size();
  const float width = ImGui::GetContentRegionAvail().x;
  if (ImGui::CalcTextSize(begin, end).x <= width) {
    ImGui::TextUnformatted(begin, end);
    return;
  }
  const float room = width - ImGui::CalcTextSize("...").x;
  size_t cut = 0, last = text.size();  // the first cut whose tail fits is in [cut, last]
  while (cut < last) {
    const size_t mid = (cut + last) / 2;
    if (ImGui::CalcTextSize(begin + mid, end).x <= room) last = mid;
    else cut = mid + 1;
  }
  ImGui::Text("...%s", begin + cut);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", begin);
}

// Up and Down a row, Page Up and Down a screen, Home and End, Left and Right to close and open
// (or to the parent and the first child), Enter to open or close.
void HandleTreeKeys(AppState& state) {
  if (!WindowHasKeys()) return;
  const int page = std::max(1, static_cast<int>(ImGui::GetContentRegionAvail().y / ImGui::GetFrameHeight()) - 3);
  const struct {
    ImGuiKey key;
    TreeMove move;
  } moves[] = {{ImGuiKey_UpArrow, TreeMove::kUp},
               {ImGuiKey_DownArrow, TreeMove::kDown},
               {ImGuiKey_PageUp, TreeMove::kPageUp},
               {ImGuiKey_PageDown, TreeMove::kPageDown},
               {ImGuiKey_Home, TreeMove::kFirst},
               {ImGuiKey_End, TreeMove::kLast},
               {ImGuiKey_LeftArrow, TreeMove::kCollapseOrParent},
               {ImGuiKey_RightArrow, TreeMove::kExpandOrChild}};
  for (const auto& move : moves) {
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(move.key))) MoveSelection(state, move.move, page);
  }
  const uint32_t selected = state.selected_node;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)) && selected < state.nodes.nodes.size() &&
      state.nodes.nodes[selected].end > selected + 1) {
    ToggleExpanded(state, selected);
  }
}

}  // namespace

void DrawFields(AppState& state) {
  // The arrow keys walk the tree (HandleTreeKeys), not ImGui's focus between widgets.
  if (!BeginPanel(state, "Fields", &state.show_fields, 0.22f, 0.0f, 0.46f, 0.72f, ImGuiWindowFlags_NoNavInputs)) return;
  const Payload* p = state.payload();
  if (p == nullptr) {
    ImGui::TextWrapped("Drop a .bin payload, or pick one in Payloads.");
    ImGui::End();
    return;
  }
  if (state.decoding) {
    ImGui::Text("Decoding %s ...", p->name.c_str());
    ImGui::ProgressBar(static_cast<float>(state.decoding->progress()), ImVec2(-1, 0));
    ImGui::End();
    return;
  }
  HandleTreeKeys(state);
  if (state.rows_dirty) RebuildVisibleRows(state);
  const auto* data = p->bytes.bytes();
  const schema::Schema* schema = p->type >= 0 ? &state.schema : nullptr;
  ImGui::Text("%zu nodes, %zu rows shown%s", state.nodes.nodes.size(), state.visible_rows.size(),
              p->edits > 0 ? " (edited: Export > Binary saves it)" : "");
  if (p->framing == inspect::Framing::kBare) {
    ImGui::SameLine();
    if (ImGui::SmallButton("Add field...")) RequestAddField(state, inspect::kNoNode);
    RememberItem(state, "Add field...");
  }
  // Columns other than Field and Value can be hidden from the header's menu (right click).
  const ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersV |
                                ImGuiTableFlags_Resizable | ImGuiTableFlags_Hideable |
                                ImGuiTableFlags_SizingStretchProp;
  // Field and Type as wide as their names (measured per decode) as far as FitColumns lets them, the
  // value takes what is left (ApplyColumnWidths; widths the user drags are kept); the row width
  // counts in steps of 64 pixels, so that resizing the window does not refit per pixel.
  const float wire_width = ImGui::CalcTextSize("varint").x;
  const float cell_padding = ImGui::GetStyle().CellPadding.x * 2;
  const float row_width = std::floor(ImGui::GetContentRegionAvail().x / 64) * 64;
  const ColumnWidths& measured = MeasureColumns(state, schema);
  if (ImGui::BeginTable("fields", 6, flags)) {
    ImGui::GetCurrentTable()->InnerWindow->Flags |= ImGuiWindowFlags_NoNavInputs;  // its scrolling child
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Field", ImGuiTableColumnFlags_WidthFixed | ImGuiTableColumnFlags_NoHide, measured.field);
    ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, measured.number);
    ImGui::TableSetupColumn("Wire", ImGuiTableColumnFlags_WidthFixed, wire_width);
    ImGui::TableSetupColumn("Type", ImGuiTableColumnFlags_WidthFixed, measured.type);
    ImGui::TableSetupColumn("Value", ImGuiTableColumnFlags_WidthStretch | ImGuiTableColumnFlags_NoHide, 1.0f);
    ImGui::TableSetupColumn("Offset", ImGuiTableColumnFlags_WidthFixed, measured.offset);
    // A hidden column takes no room from the three that share it.
    const ImGuiTable* table = ImGui::GetCurrentTable();
    const auto shown = [&](int column) { return table->Columns[column].IsUserEnabled; };
    float others = 0;
    for (int column = 0; column < table->ColumnsCount; ++column) others += shown(column) ? cell_padding : 0;
    others += (shown(kNumberColumn) ? measured.number : 0) + (shown(kWireColumn) ? wire_width : 0) +
              (shown(kOffsetColumn) ? measured.offset : 0);
    ColumnWidths wanted = measured;
    if (!shown(kTypeColumn)) wanted.type = 0;
    const ColumnWidths widths = FitColumns(wanted, row_width, others);
    ApplyColumnWidths(widths);
    ImGui::TableHeadersRow();
    PendingAction pending;
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(state.visible_rows.size()));
    int selected_row = -1;
    if (state.scroll_tree_to_selection) {
      for (size_t r = 0; r < state.visible_rows.size(); ++r) {
        if (state.visible_rows[r] == state.selected_node) selected_row = static_cast<int>(r);
      }
      if (selected_row >= 0) clipper.ForceDisplayRangeByIndices(selected_row, selected_row + 1);
    }
    while (clipper.Step()) {
      for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
        const uint32_t i = state.visible_rows[row];
        const Node& node = state.nodes.nodes[i];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        if (row == 0) RememberCell(state, "fields field cell");
        ImGui::PushID(static_cast<int>(i));
        const bool is_error = node.kind == NodeKind::kError || node.error != ErrorKind::kOk;
        if (is_error) ImGui::PushStyleColor(ImGuiCol_Text, Colors().error);
        ImGui::Indent(node.depth * Ems(kIndentEmsPerDepth) + 1.0f);
        const bool has_children = node.end > i + 1;
        if (has_children) {
          if (ImGui::ArrowButton("##open", state.expanded[i] ? ImGuiDir_Down : ImGuiDir_Right))
            ToggleExpanded(state, i);
          ImGui::SameLine();
        }
        const std::string label = inspect::FieldLabel(state.nodes, i, schema);
        if (ImGui::Selectable(label.c_str(), state.selected_node == i, ImGuiSelectableFlags_SpanAllColumns)) {
          SelectNode(state, i, /*scroll_tree=*/false);
        }
        RememberNodeRow(state, i);
        if (ImGui::BeginPopupContextItem("node")) {
          DrawNodeMenu(state, i, data, schema, &pending);
          ImGui::EndPopup();
        }
        // The keyboard's moves scroll as little as they can; a jump (search, hex) centres the row.
        if (row == selected_row && state.scroll_nearest) ScrollRowIntoView();
        if (row == selected_row && !state.scroll_nearest) ImGui::SetScrollHereY(0.5f);
        ImGui::Unindent(node.depth * Ems(kIndentEmsPerDepth) + 1.0f);
        ImGui::TableNextColumn();
        if (node.kind == NodeKind::kField || node.kind == NodeKind::kError) ImGui::Text("%u", node.field_number);
        ImGui::TableNextColumn();
        const bool has_wire_type = node.kind != NodeKind::kUndecoded && node.kind != NodeKind::kFrame;
        ImGui::TextUnformatted(has_wire_type ? WireTypeName(node.wire_type) : "");
        ImGui::TableNextColumn();
        if (row == 0) RememberCell(state, "fields type cell");
        ElidedText(inspect::TypeLabel(state.nodes, i, schema));
        ImGui::TableNextColumn();
        if (row == 0) RememberCell(state, "fields value cell");
        std::string value = inspect::ValueText(state.nodes, i, data, schema, kRowValueMaxChars);
        if (node.error != ErrorKind::kOk && node.kind != NodeKind::kError) {
          value += std::string("  [") + ErrorKindMessage(node.error) + "]";
        }
        PushMonoFont();
        ImGui::TextUnformatted(value.c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%u..%u", node.tag_offset, node.span_end());
        ImGui::PopFont();
        if (is_error) ImGui::PopStyleColor();
        ImGui::PopID();
      }
    }
    state.scroll_tree_to_selection = false;
    ImGui::EndTable();
    pending.Run(state);
  }
  DrawEditDialogs(state);
  ImGui::End();
}

}  // namespace wirelens::app
