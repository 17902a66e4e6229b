// Schemas: loaded files with their errors, and a tree of packages, services, messages, fields and enums.
#include <imgui.h>

#include "app/panels/panels.h"

namespace wirelens::app {
namespace {

const char* LabelName(schema::Label label) {
  switch (label) {
    case schema::Label::kRepeated: return "repeated";
    case schema::Label::kRequired: return "required";
    default: return "";
  }
}

void DrawMessage(const schema::Schema& s, int index) {
  const schema::Message& m = s.messages[index];
  if (m.map_entry) return;
  if (!ImGui::TreeNode(m.full_name.c_str(), "message %s", m.full_name.c_str())) return;
  for (const schema::Field& f : m.fields) {
    const std::string type = schema::FieldTypeLabel(f);
    ImGui::BulletText("%u  %s %s %s", f.number, LabelName(f.label), type.c_str(), f.name.c_str());
  }
  ImGui::TreePop();
}

// A service and its methods, each as the path a call's URL ends with and its types.
void DrawService(const schema::Service& service) {
  if (!ImGui::TreeNode(service.full_name.c_str(), "service %s", service.full_name.c_str())) return;
  for (const schema::Method& m : service.methods) {
    ImGui::BulletText("/%s/%s  (%s%s) returns (%s%s)", service.full_name.c_str(), m.name.c_str(),
                      m.client_streaming ? "stream " : "", m.input_type.c_str(), m.server_streaming ? "stream " : "",
                      m.output_type.c_str());
  }
  ImGui::TreePop();
}

}  // namespace

void DrawSchemas(AppState& state) {
  if (!BeginPanel(state, "Schemas", &state.show_schemas, 0.0f, 0.0f, 0.22f, 0.5f)) return;
  if (state.schema_files.empty()) ImGui::TextWrapped("No schema yet: drop .proto files or a descriptor set.");
  for (const SchemaFile& f : state.schema_files) {
    ImGui::TextUnformatted(f.name.c_str());
    ImGui::SameLine();
    ImGui::TextDisabled(f.descriptor_set ? "(descriptor set)" : "(%zu bytes)", f.content.size());
    for (const std::string& e : f.errors) {
      ImGui::PushStyleColor(ImGuiCol_Text, Colors().error);
      ImGui::TextWrapped("%s", e.c_str());
      ImGui::PopStyleColor();
    }
  }
  ImGui::Separator();
  for (const schema::File& file : state.schema.files) {
    if (file.name.rfind("google/protobuf/", 0) == 0) continue;  // bundled imports: not the user's
    if (!ImGui::TreeNodeEx(file.name.c_str(), ImGuiTreeNodeFlags_DefaultOpen, "%s  (package %s)", file.name.c_str(),
                           file.package.empty() ? "-" : file.package.c_str())) {
      continue;
    }
    for (int s : file.services) DrawService(state.schema.services[s]);
    for (int m : file.messages) DrawMessage(state.schema, m);
    for (int e : file.enums) {
      const schema::Enum& en = state.schema.enums[e];
      if (ImGui::TreeNode(en.full_name.c_str(), "enum %s", en.full_name.c_str())) {
        for (const schema::EnumValue& v : en.values) ImGui::BulletText("%s = %d", v.name.c_str(), v.number);
        ImGui::TreePop();
      }
    }
    ImGui::TreePop();
  }
  ImGui::End();
}

}  // namespace wirelens::app
