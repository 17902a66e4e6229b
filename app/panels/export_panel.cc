// Export: the decode as text format (protoc's), JSON or node JSON, a .proto inferred from the
// bytes, or the bytes themselves (as decoded: unpacked and edited): copy to the clipboard or download.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cstdio>

#include "app/model/actions.h"
#include "app/platform.h"
#include "app/panels/panels.h"
#include "core/format/node_json.h"

namespace wirelens::app {
namespace {

// The preview shows the start of the export, made only for decodes of at most kPreviewMaxNodes
// nodes of a payload of at most kPreviewMaxBytes (a larger one would stall a frame: a single 64 MB
// bytes field is one node); Copy and Download export everything.
constexpr size_t kPreviewMaxNodes = 20000;
constexpr size_t kPreviewMaxBytes = size_t{1} << 20;
constexpr size_t kPreviewMaxChars = 20000;

bool Previewable(const AppState& state) {
  return state.nodes.nodes.size() <= kPreviewMaxNodes && state.payload()->bytes.size() <= kPreviewMaxBytes;
}

// "x.bin" -> "x.bin" as loaded, "x.edited.bin" once edited.
std::string BinaryName(const Payload& p) {
  if (p.edits == 0) return p.name;
  const size_t dot = p.name.rfind('.');
  return (dot == std::string::npos || dot == 0 ? p.name : p.name.substr(0, dot)) + ".edited.bin";
}

// A modal with the message as text format or JSON to edit, encoded back into the payload on "Encode".
void DrawTextEditor(AppState& state, std::string* text, TextEditFormat input, bool open) {
  const char* title = input == TextEditFormat::kJson ? "Edit as JSON" : "Edit as text";
  if (open) ImGui::OpenPopup(title);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowSize(ImVec2(display.x * 0.6f, display.y * 0.7f), ImGuiCond_Appearing);
  if (!ImGui::BeginPopupModal(title)) return;
  ImGui::TextDisabled(input == TextEditFormat::kJson
                          ? "proto3 JSON, as libprotobuf's JSON parser reads it; Encode writes the whole message again"
                          : "text format, as protoc --encode reads it; Encode writes the whole message again");
  const float buttons = ImGui::GetFrameHeightWithSpacing() * (state.edit_error.empty() ? 1 : 2);
  ImGui::InputTextMultiline("##text", text, ImVec2(-1, -buttons));
  RememberItem(state, "text editor");
  if (ImGui::Button("Encode") && EncodeFromText(state, *text, input)) ImGui::CloseCurrentPopup();
  RememberItem(state, "text encode");
  ImGui::SameLine();
  if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) ImGui::CloseCurrentPopup();
  if (!state.edit_error.empty()) ImGui::TextColored(Colors().error, "%s", state.edit_error.c_str());
  ImGui::EndPopup();
}

}  // namespace

void DrawExport(AppState& state) {
  if (!BeginPanel(state, "Export", &state.show_export, 0.22f, 0.72f, 0.46f, 0.28f)) return;
  const Payload* p = state.payload();
  if (p == nullptr) {
    ImGui::TextUnformatted("Nothing decoded yet.");
    ImGui::End();
    return;
  }
  static int format = 0;
  ImGui::RadioButton("Text format", &format, 0);
  RememberItem(state, "Text format");
  SameLineIfFits(RadioButtonWidth("JSON"));
  ImGui::RadioButton("JSON", &format, 2);
  RememberItem(state, "JSON");
  SameLineIfFits(RadioButtonWidth("Node JSON"));
  ImGui::RadioButton("Node JSON", &format, 1);
  SameLineIfFits(RadioButtonWidth("Inferred .proto"));
  ImGui::RadioButton("Inferred .proto", &format, 3);
  SameLineIfFits(RadioButtonWidth("Binary"));
  ImGui::RadioButton("Binary", &format, 4);
  RememberItem(state, "Binary");
  const auto* data = p->bytes.bytes();
  const schema::Schema* schema = p->type >= 0 ? &state.schema : nullptr;
  auto render = [&] {
    if (format == 1) return format::NodeJson(state.nodes, data, schema);
    if (format == 3) return InferredProto(state);
    return ExportText(state, /*json=*/format == 2);
  };
  const bool binary = format == 4;
  ImGui::BeginDisabled(binary);
  if (ImGui::Button("Copy")) PlatformCopyText(render());
  ImGui::EndDisabled();
  RememberItem(state, "Copy");
  SameLineIfFits(ButtonWidth("Download"));
  ImGui::BeginDisabled(state.exporting != nullptr);
  if (ImGui::Button("Download")) {
    if (binary) {
      PlatformDownload(BinaryName(*p), p->bytes.view().data(), p->bytes.size());
    } else if (format == 0 || format == 2) {  // in parts, printed a slice per frame from the bytes
      StartExport(state, format == 2,
                  {[](std::string_view part) { PlatformDownloadPart(part.data(), part.size()); },
                   [](const std::string& name) { PlatformDownloadFinish(name); }, [] { PlatformDownloadDiscard(); }});
    } else {
      const std::string text = render();
      PlatformDownload(p->name + (format == 3 ? ".inferred.proto" : ".nodes.json"), text.data(), text.size());
    }
  }
  ImGui::EndDisabled();
  RememberItem(state, "Download");
  if (state.exporting) {
    const ExportJob& job = *state.exporting;
    ImGui::SameLine();
    char label[96];
    std::snprintf(label, sizeof label, "%s: %.0f MB", job.file_name.c_str(), static_cast<double>(job.written) / 1e6);
    ImGui::ProgressBar(
        static_cast<float>(job.print->position()) / static_cast<float>(std::max<size_t>(p->bytes.size(), 1)),
        ImVec2(ImGui::GetFontSize() * 16, 0), label);
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) CancelExport(state, "cancelled by the user");
    RememberItem(state, "Cancel export");
  }
  // The message as text or JSON, edited and encoded back (bare payloads with a root type).
  static std::string edited_text;
  static TextEditFormat edited_as = TextEditFormat::kTextFormat;
  bool open_editor = false;
  if ((format == 0 || format == 2) && schema != nullptr && p->framing == inspect::Framing::kBare &&
      Previewable(state)) {
    const char* label = format == 0 ? "Edit as text..." : "Edit as JSON...";
    SameLineIfFits(ButtonWidth(label));
    if (ImGui::Button(label)) {
      edited_text = render();
      edited_as = format == 0 ? TextEditFormat::kTextFormat : TextEditFormat::kJson;
      state.edit_error.clear();
      open_editor = edited_text.size() <= kMaxTextEditBytes;
    }
    RememberItem(state, label);
  }
  DrawTextEditor(state, &edited_text, edited_as, open_editor);
  const char* about = format == 0   ? "as protoc --decode / --decode_raw prints it"
                      : format == 2 ? "canonical proto3 JSON (needs a root type)"
                      : format == 3 ? "a schema guessed from the bytes (drop it back in to use it)"
                      : format == 4 ? "the bytes decoded: unpacked, with your edits"
                                    : "every node: offsets, types, errors";
  SameLineIfFits(ImGui::CalcTextSize(about).x);
  ImGui::TextDisabled("%s", about);
  if (binary) {
    ImGui::Text("%zu bytes%s", p->bytes.size(), p->edits > 0 ? ", edited" : "");
    ImGui::End();
    return;
  }
  // A preview of the start, rendered again only when the nodes or the format change (a huge export would stall the UI).
  if (Previewable(state)) {
    static std::string preview;
    static uint32_t preview_version = UINT32_MAX;
    static int preview_format = -1;
    if (preview_version != state.nodes_version || preview_format != format) {
      preview = render();
      if (preview.size() > kPreviewMaxChars) preview.resize(kPreviewMaxChars);
      preview_version = state.nodes_version;
      preview_format = format;
    }
    ImGui::BeginChild("preview");
    ImGui::TextUnformatted(preview.c_str());
    ImGui::EndChild();
  } else {
    ImGui::TextDisabled("(%zu nodes of %zu bytes: use Copy or Download)", state.nodes.nodes.size(), p->bytes.size());
  }
  ImGui::End();
}

}  // namespace wirelens::app
