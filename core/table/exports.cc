// The table-driven codec's exports to JS (web/codec/parts/table.part.js builds the JS half on
// them): a schema from a descriptor set, its description, and the decode and encode of any of its
// messages. Linked into the table codec's wasm modules only (cmake: table_codec). Each schema
// loaded stays until wl_table_free; handles are 1-based (0: none).
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/table/exports.h"

#include "core/jsbind/exports.h"
#include "core/jsbind/tape_kind_js.h"
#include "core/schema/descriptor_reader.h"
#include "core/table/encode.h"

namespace wirelens::table {
namespace {

std::vector<std::unique_ptr<Loaded>>& Schemas() {
  static auto* schemas = new std::vector<std::unique_ptr<Loaded>>();
  return *schemas;
}

// Leaves `text` in the output buffer (a result or an error message); false when memory ran out.
bool Output(const std::string& text) {
  jsbind::State& s = jsbind::GlobalState();
  if (!jsbind::GrowBuffer(&s.output, &s.output_capacity, text.size(), 0)) return false;
  if (!text.empty()) std::memcpy(s.output, text.data(), text.size());
  s.output_size = static_cast<uint32_t>(text.size());
  return true;
}

// The schema of a serialized FileDescriptorSet (every file its messages need: protoc's
// --include_imports), or "" and an error.
bool ReadDescriptorSet(const uint8_t* data, size_t size, schema::Schema* out, std::string* error) {
  Reader r(data, size);
  while (r.NextField()) {
    ByteView file;
    if (r.field_number() != 1 || r.wire_type() != WireType::kLengthDelimited) {
      if (!r.SkipField()) break;
      continue;
    }
    if (!r.ReadLengthDelimited(&file)) break;
    if (!schema::AddFileDescriptor(file.data, file.size, out, error)) return false;
  }
  if (!r.status().ok()) {
    *error = std::string("not a FileDescriptorSet: ") + ErrorKindMessage(r.status().kind) + " at byte " +
             std::to_string(r.status().offset);
    return false;
  }
  if (out->files.empty()) {
    *error = "the descriptor set holds no file";
    return false;
  }
  return schema::ResolveTypes(out, error);
}

// The codec names of a schema's messages: nested names joined with '_', with the package first
// ('.' as '_') where two messages share that name, as generated modules name their codecs.
std::vector<std::string> CodecNames(const schema::Schema& schema) {
  const auto underscored = [](std::string s) {
    for (char& c : s)
      if (c == '.') c = '_';
    return s;
  };
  std::unordered_map<std::string, std::string> package_of;
  for (const schema::File& f : schema.files) package_of[f.name] = f.package;
  std::vector<std::string> names;
  std::unordered_map<std::string, int> count;
  for (const schema::Message& m : schema.messages) {
    const std::string& package = package_of[m.file];
    names.push_back(underscored(m.full_name.substr(package.empty() ? 0 : package.size() + 1)));
    ++count[names.back()];
  }
  for (size_t i = 0; i < names.size(); ++i) {
    if (count[names[i]] > 1) names[i] = underscored(schema.messages[i].full_name);
  }
  return names;
}

void Quoted(std::string* out, const std::string& s) {
  *out += '"';
  for (char c : s) {
    if (c == '"' || c == '\\') *out += '\\';
    *out += c;
  }
  *out += '"';
}

// The description the JS half builds its readers and writers from (table_part.js reads it):
// {"kinds":[[read,write,zero,key_read,key_from],...],"messages":[{"full","name","words","unknown",
//  "entry","offsets","fields":[[js name, tape slot, kind, shape, sub, oneof, explicit presence,
//  enum zero]]}]} with fields in declaration order; offsets: each slot's cell in a record.
std::string Describe(const Loaded& l) {
  std::string out = "{\"kinds\":[";
  for (int k = 0; k < jsbind::kTapeKindCount; ++k) {
    const jsbind::TapeKindJs& js = jsbind::kTapeKindJs[k];
    out += k == 0 ? "[" : ",[";
    const char* const patterns[] = {js.read, js.write, js.zero, js.key_read, js.key_from};
    for (size_t i = 0; i < 5; ++i) {
      if (i != 0) out += ',';
      Quoted(&out, patterns[i]);
    }
    out += ']';
  }
  out += "],\"messages\":[";
  const std::vector<std::string> names = CodecNames(l.schema);
  for (size_t m = 0; m < l.schema.messages.size(); ++m) {
    const schema::Message& message = l.schema.messages[m];
    const MessageTable& table = l.tables.messages[m];
    out += m == 0 ? "{\"full\":" : ",{\"full\":";
    Quoted(&out, message.full_name);
    out += ",\"name\":";
    Quoted(&out, names[m]);
    out += ",\"words\":" + std::to_string(table.mask_words) + ",\"unknown\":" + (table.keep_unknown ? "1" : "0") +
           ",\"entry\":" + (table.map_entry ? "1" : "0") + ",\"offsets\":[";
    const std::vector<uint32_t>& offsets = l.records->layout(static_cast<uint32_t>(m)).offsets;
    for (size_t i = 0; i < offsets.size(); ++i) out += (i == 0 ? "" : ",") + std::to_string(offsets[i]);
    out += "],\"fields\":[";
    bool first = true;
    for (const schema::Field& f : message.fields) {
      if (f.is_extension) continue;
      const uint32_t slot = table.SlotOf(f.number);
      const FieldEntry& e = table.fields[slot];
      const bool explicit_presence = f.has_presence && f.label != schema::Label::kRepeated && !f.is_map;
      int32_t enum_zero = 0;
      if (f.type == FieldType::kEnum && f.enumeration >= 0 && !l.schema.enums[f.enumeration].values.empty()) {
        enum_zero = l.schema.enums[f.enumeration].values[0].number;
      }
      out += first ? "[" : ",[";
      first = false;
      Quoted(&out, jsbind::JsFieldName(f.name));
      out += "," + std::to_string(slot) + "," + std::to_string(static_cast<int>(e.kind)) + "," +
             std::to_string(static_cast<int>(e.shape)) + "," + std::to_string(e.sub) + "," + std::to_string(e.oneof) +
             "," + (explicit_presence ? "1" : "0") + "," + std::to_string(enum_zero) + "]";
    }
    out += "]}";
  }
  return out + "]}";
}

}  // namespace

uint32_t DecodeInput(Loaded& l, uint32_t message, uint32_t size) {
  auto& s = jsbind::GlobalState();
  if (message >= l.tables.messages.size() || size > s.input_capacity) return jsbind::ReportTapeError();
  jsbind::TapeWriter tape;
  const Status status = l.decoder->Decode(message, s.input, size, tape);
  if (status.ok()) s.tape_end = static_cast<uint32_t>(tape.size());
  return jsbind::Report(status.kind, status.offset);
}

Loaded* Find(uint32_t handle) {
  std::vector<std::unique_ptr<Loaded>>& schemas = Schemas();
  return handle != 0 && handle <= schemas.size() ? schemas[handle - 1].get() : nullptr;
}

}  // namespace wirelens::table

using wirelens::jsbind::GlobalState;
using wirelens::table::Find;
using wirelens::table::Loaded;

extern "C" {

// Loads the FileDescriptorSet in the input buffer ([0, size)): its handle, or 0 with the reason in
// the output buffer.
WL_EXPORT_NAME("wl_table_load") uint32_t wl_table_load(uint32_t size) {
  auto& s = GlobalState();
  if (size > s.input_capacity) return 0;
  auto loaded = std::make_unique<Loaded>();
  std::string error;
  if (!wirelens::table::ReadDescriptorSet(s.input, size, &loaded->schema, &error)) {
    wirelens::table::Output(error);
    return 0;
  }
  loaded->tables = wirelens::table::BuildTables(loaded->schema);
  loaded->decoder = std::make_unique<wirelens::table::Decoder>(loaded->tables);
  loaded->records = std::make_unique<wirelens::table::Records>(loaded->tables);
  auto& schemas = wirelens::table::Schemas();
  schemas.push_back(std::move(loaded));
  return static_cast<uint32_t>(schemas.size());
}

// The description of schema `handle` (Describe) in the output buffer; 0 when there is no such schema.
WL_EXPORT_NAME("wl_table_describe") uint32_t wl_table_describe(uint32_t handle) {
  const Loaded* l = Find(handle);
  return l != nullptr && wirelens::table::Output(wirelens::table::Describe(*l));
}

// Drops schema `handle` (its codecs must not be called again).
WL_EXPORT_NAME("wl_table_free") void wl_table_free(uint32_t handle) {
  if (Find(handle) != nullptr) wirelens::table::Schemas()[handle - 1].reset();
}

// bytes (input[0, size)) -> tape, as a generated codec's decode_js: an ErrorKind value (0 = ok,
// tape_end set), the offset of an error in error_offset.
WL_EXPORT_NAME("wl_table_decode") uint32_t wl_table_decode(uint32_t handle, uint32_t message, uint32_t size) {
  Loaded* l = Find(handle);
  return l != nullptr ? wirelens::table::DecodeInput(*l, message, size) : wirelens::jsbind::ReportTapeError();
}

// tape -> bytes (output), as a generated codec's encode_js.
WL_EXPORT_NAME("wl_table_encode") uint32_t wl_table_encode(uint32_t handle, uint32_t message) {
  const Loaded* l = Find(handle);
  if (l == nullptr || message >= l->tables.messages.size()) return wirelens::jsbind::ReportTapeError();
  return wirelens::table::EncodeTapeToOutput(l->tables, message);
}

}  // extern "C"
