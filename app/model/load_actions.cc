// Loading files: schemas rebuilt, payloads inflated (at once or a slice per frame), framed and selected.
#include <algorithm>
#include <cstdio>
#include <cstring>

#include "app/model/actions.h"
#include "app/model/payload_prep.h"
#include "app/model/session.h"
#include "core/inspect/unpack.h"
#include "core/text/literal.h"

namespace wirelens::app {
namespace {

constexpr size_t kUnpackStepBytes = size_t{256} << 10;  // bytes inflated per step (about a millisecond)

bool EndsWith(const std::string& s, const char* suffix) {
  const size_t n = std::strlen(suffix);
  return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

void RebuildSchema(AppState& state) {
  std::vector<schema::SourceFile> sources;
  for (SchemaFile& f : state.schema_files) {
    f.errors.clear();
    if (!f.descriptor_set) sources.push_back({f.name, f.content});
  }
  schema::LoadResult result = schema::LoadProtoFiles(sources);
  // Descriptor sets are separate pools: their types are appended after the .proto files' (a name
  // defined before keeps its first type).
  for (SchemaFile& f : state.schema_files) {
    if (!f.descriptor_set) continue;
    schema::LoadResult set =
        schema::LoadDescriptorSet(reinterpret_cast<const uint8_t*>(f.content.data()), f.content.size());
    for (const schema::Diagnostic& d : set.errors) f.errors.push_back(d.ToString());
    result.schema.Append(std::move(set.schema));
    for (auto& file : set.descriptor_files) {  // a name loaded before keeps its first file, as types do
      const bool known = std::any_of(result.descriptor_files.begin(), result.descriptor_files.end(),
                                     [&](const auto& f) { return f.first == file.first; });
      if (!known) result.descriptor_files.push_back(std::move(file));
    }
  }
  for (const schema::Diagnostic& d : result.errors) {
    for (SchemaFile& f : state.schema_files) {
      if (f.name == d.file) f.errors.push_back(d.ToString());
    }
  }
  for (const schema::Diagnostic& d : result.errors) Log(state, true, d.ToString());
  state.schema = std::move(result.schema);
  state.descriptor_files = std::move(result.descriptor_files);
  // Payloads keep their type by name; captured exchanges are typed again.
  for (Payload& p : state.payloads) p.type = p.type_name.empty() ? -1 : state.schema.FindMessage(p.type_name);
  RereadCalls(state);
}

// Adds (or replaces) a payload loaded as `bytes` and unpacked as `unpacked`, guesses its framing
// and selects it.
void AddPayload(AppState& state, const std::string& name, FileBytes bytes, inspect::Unpacked&& unpacked) {
  int index = PayloadIndex(state, name);
  if (index < 0) {
    state.payloads.emplace_back();
    state.payloads.back().name = name;
    index = static_cast<int>(state.payloads.size()) - 1;
  }
  Payload& payload = state.payloads[index];
  payload.bytes = std::move(bytes);
  payload.framing_guesses.clear();
  payload.framing = inspect::Framing::kBare;
  payload.framing_chosen = false;
  payload.unpacked.clear();
  payload.edits = 0;
  ApplyUnpacked(state, payload, std::move(unpacked));
  GuessFraming(state, payload);
  SelectPayload(state, index);
}

}  // namespace

void RejectFile(AppState& state, const std::string& name, size_t size) {
  char text[320];
  std::snprintf(text, sizeof text,
                "%s not loaded: %.0f MB is more than this tab can hold (%zu MB at most); the CLI has no such "
                "limit: wirelens decode %s",
                name.c_str(), static_cast<double>(size) / (1 << 20), kMaxFileBytes >> 20, name.c_str());
  Log(state, true, text);
}

void LoadSchemaFiles(AppState& state, std::vector<SchemaFile> files) {
  if (files.empty()) return;
  for (SchemaFile& file : files) {
    auto same = std::find_if(state.schema_files.begin(), state.schema_files.end(),
                             [&](const SchemaFile& f) { return f.name == file.name; });
    if (same == state.schema_files.end()) {
      state.schema_files.push_back(std::move(file));
    } else {
      *same = std::move(file);
    }
  }
  RebuildSchema(state);
}

void LoadFile(AppState& state, const std::string& name, FileBytes bytes) {
  if (EndsWith(name, kSessionSuffix)) {
    Log(state, false, "loaded " + name + " (" + std::to_string(bytes.size()) + " bytes, session)");
    std::string error;
    if (!LoadSession(state, name, bytes.view(), &error)) Log(state, true, error);
    return;
  }
  const bool proto = EndsWith(name, ".proto");
  const bool set = EndsWith(name, ".desc") || EndsWith(name, ".pb") || EndsWith(name, ".protoset");
  if (EndsWith(name, ".har")) {
    Log(state, false, "loaded " + name + " (" + std::to_string(bytes.size()) + " bytes, HAR capture)");
    LoadHar(state, name, std::move(bytes));
    return;
  }
  char text[256];
  std::snprintf(text, sizeof text, "loaded %s (%zu bytes, %s)", name.c_str(), bytes.size(),
                proto ? "schema"
                : set ? "descriptor set"
                      : "payload");
  Log(state, false, text);
  if (proto || set) {
    LoadSchemaFiles(state, {SchemaFile{name, std::string(bytes.view()), set, {}}});
    Decode(state);  // the selected payload's type may have appeared or changed
    return;
  }
  // A file of the same name loaded again replaces one still being inflated.
  auto& queue = state.unpacking;
  queue.erase(std::remove_if(queue.begin(), queue.end(), [&](const auto& u) { return u->name == name; }), queue.end());
  auto unpacking = std::make_unique<Unpacking>(name, std::move(bytes), kMaxUnpackedBytes);
  if (unpacking->unpacker->Step(kSyncUnpackBytes)) {  // more to inflate: a slice per frame from now on
    Log(state, false, name + ": inflating a slice per frame");
    queue.push_back(std::move(unpacking));
    return;
  }
  AddPayload(state, name, std::move(unpacking->bytes), unpacking->unpacker->Finish());
}

bool ContinueUnpacking(AppState& state) {
  if (state.unpacking.empty()) return false;
  Unpacking& first = *state.unpacking.front();
  if (!first.inflated) {
    const double budget_ms = DecodeBudgetMs(state.frame_clock);
    const double start = NowMs();
    bool more = true;
    while ((more = first.unpacker->Step(kUnpackStepBytes)) && NowMs() - start < budget_ms) {}
    // Adding the payload (its decode set up, its first draw) takes a frame of its own rather than
    // adding to one that has already inflated for its budget.
    first.inflated = !more;
    return true;
  }
  std::unique_ptr<Unpacking> done = std::move(state.unpacking.front());
  state.unpacking.erase(state.unpacking.begin());
  AddPayload(state, done->name, std::move(done->bytes), done->unpacker->Finish());
  return !state.unpacking.empty();
}

bool LoadPastedPayload(AppState& state, const std::string& text) {
  std::string bytes;
  std::string hex_error;
  if (!text::ParseHex(text, &bytes, &hex_error) &&
      (!text::DecodeBase64(text.data(), text.size(), &bytes) || bytes.empty())) {
    Log(state, true, "pasted text is neither hex nor base64");
    return false;
  }
  int n = 1;
  for (const Payload& p : state.payloads) n += p.name.compare(0, 6, "pasted") == 0;
  LoadFile(state, "pasted-" + std::to_string(n) + ".bin", FileBytes::Copy(bytes));
  return true;
}

}  // namespace wirelens::app
