#include "core/format/message_format.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "core/format/per_thread.h"
#include "core/format/text_format.h"
#include "core/format/text_reader.h"
#include "core/inspect/inspector.h"
#include "core/schema/descriptor_reader.h"

namespace wirelens::format {
namespace {

struct BuiltSchema {
  schema::Schema schema;
  std::string error;        // why it could not be built (an embedded descriptor that does not read)
  uint32_t generation = 0;  // of the registry it was built with
};

// The files RegisterEmbeddedFile was given; `generation` counts them, so that a schema built
// before a registration is built again.
struct Registry {
  std::mutex mutex;
  std::vector<const EmbeddedFile*> files;
  std::atomic<uint32_t> generation{0};
};

Registry& TheRegistry() {
  static Registry registry;
  return registry;
}

// Adds `file` after the files it uses, each file once (by name: two codecs linked into one program
// may each embed the same .proto).
void AddWithUses(const EmbeddedFile& file, BuiltSchema* built, std::set<std::string>* added) {
  if (!added->insert(file.name).second) return;
  for (const EmbeddedFile* const* use = file.uses; *use != nullptr; ++use) AddWithUses(**use, built, added);
  std::string error;
  if (!schema::AddFileDescriptor(file.descriptor, file.size, &built->schema, &error) && built->error.empty()) {
    built->error = error;
  }
}

// The schema of `file`, the files it uses and the registered ones, built on first use (and again
// after a registration) and kept for the process: a schema once handed out is never freed.
const BuiltSchema& SchemaOf(const EmbeddedFile& file) {
  static std::map<const EmbeddedFile*, std::unique_ptr<BuiltSchema>> built;
  static std::vector<std::unique_ptr<BuiltSchema>> retired;
  Registry& registry = TheRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  std::unique_ptr<BuiltSchema>& entry = built[&file];
  const uint32_t generation = registry.generation.load();
  if (entry != nullptr && entry->generation == generation) return *entry;
  if (entry != nullptr) retired.push_back(std::move(entry));
  entry = std::make_unique<BuiltSchema>();
  entry->generation = generation;
  std::set<std::string> added;
  AddWithUses(file, entry.get(), &added);
  for (const EmbeddedFile* other : registry.files) AddWithUses(*other, entry.get(), &added);
  std::string error;
  if (!schema::ResolveTypes(&entry->schema, &error) && entry->error.empty()) entry->error = error;
  return *entry;
}

}  // namespace

void RegisterEmbeddedFile(const EmbeddedFile& file) {
  Registry& registry = TheRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  for (const EmbeddedFile* known : registry.files) {
    if (known == &file) return;
  }
  registry.files.push_back(&file);
  registry.generation.fetch_add(1, std::memory_order_release);
}

FormatStatus FindEmbedded(const EmbeddedFile& file, const char* full_name, const schema::Schema** schema,
                          int* message) {
  // The type of the last call, again: no lock, no lookup (small messages in a loop).
  struct Found {
    const EmbeddedFile* file = nullptr;
    const char* full_name = nullptr;
    uint32_t generation = 0;
    const schema::Schema* schema = nullptr;
    int message = -1;
  };
  static WIRELENS_PER_THREAD Found last;
  const uint32_t generation = TheRegistry().generation.load(std::memory_order_acquire);
  if (last.file == &file && last.full_name == full_name && last.generation == generation) {
    *schema = last.schema;
    *message = last.message;
    return {};
  }
  const BuiltSchema& built = SchemaOf(file);
  if (!built.error.empty())
    return {"the embedded schema of " + std::string(file.name) + " does not read: " + built.error};
  *schema = &built.schema;
  *message = built.schema.FindMessage(full_name);
  if (*message < 0) return {std::string(full_name) + " is not in the embedded schema of " + file.name};
  last = {&file, full_name, built.generation, *schema, *message};
  return {};
}

namespace {

FormatStatus FromEncodeResult(EncodeResult result, std::string* wire) {
  if (!result.ok) return {std::move(result.error)};
  *wire = std::move(result.bytes);
  return {};
}

}  // namespace

FormatStatus WireToJson(const schema::Schema& schema, int message, std::string_view wire,
                        const JsonWriteOptions& options, std::string* out) {
  FormatStatus status;
  const auto* data = reinterpret_cast<const uint8_t*>(wire.data());
  if (!MessageJson(data, wire.size(), schema, message, out, &status.error, options) && status.error.empty()) {
    status.error = "no JSON form";
  }
  return status;
}

FormatStatus JsonToWire(const schema::Schema& schema, int message, std::string_view json,
                        const JsonReadOptions& options, std::string* wire) {
  return FromEncodeResult(EncodeJson(json, schema, message, options), wire);
}

// The inspector's nodes of the message's own encoding, printed: an error there is a limit (nesting
// past 100, a message over 2 GiB), said as such rather than printed in part.
FormatStatus WireToText(const schema::Schema& schema, int message, std::string_view wire,
                        const TextWriteOptions& options, std::string* out) {
  const auto* data = reinterpret_cast<const uint8_t*>(wire.data());
  const inspect::NodeList list = inspect::Inspect(data, wire.size(), &schema, message);
  if (!list.first_error.ok()) {
    return {std::string("the message cannot be printed: ") + ErrorKindMessage(list.first_error.kind) + " at byte " +
            std::to_string(list.first_error.offset)};
  }
  *out = TextFormat(list, data, schema, /*expand_any=*/false, options.print_unknown_fields);
  return {};
}

FormatStatus TextToWire(const schema::Schema& schema, int message, std::string_view text, std::string* wire) {
  return FromEncodeResult(EncodeTextFormat(text, schema, message), wire);
}

namespace {

// `call(schema, message)` on the embedded schema of `file` and the index of `full_name` in it, or
// why there is none.
template <typename Call>
FormatStatus WithEmbedded(const EmbeddedFile& file, const char* full_name, Call call) {
  const schema::Schema* schema;
  int message;
  FormatStatus status = FindEmbedded(file, full_name, &schema, &message);
  return status.ok() ? call(*schema, message) : status;
}

}  // namespace

FormatStatus WireToJson(const EmbeddedFile& file, const char* full_name, std::string_view wire,
                        const JsonWriteOptions& options, std::string* out) {
  return WithEmbedded(file, full_name,
                      [&](const schema::Schema& s, int m) { return WireToJson(s, m, wire, options, out); });
}

FormatStatus JsonToWire(const EmbeddedFile& file, const char* full_name, std::string_view json,
                        const JsonReadOptions& options, std::string* wire) {
  return WithEmbedded(file, full_name,
                      [&](const schema::Schema& s, int m) { return JsonToWire(s, m, json, options, wire); });
}

FormatStatus WireToText(const EmbeddedFile& file, const char* full_name, std::string_view wire,
                        const TextWriteOptions& options, std::string* out) {
  return WithEmbedded(file, full_name,
                      [&](const schema::Schema& s, int m) { return WireToText(s, m, wire, options, out); });
}

FormatStatus TextToWire(const EmbeddedFile& file, const char* full_name, std::string_view text, std::string* wire) {
  return WithEmbedded(file, full_name, [&](const schema::Schema& s, int m) { return TextToWire(s, m, text, wire); });
}

FormatStatus DecodeWritten(Status status) {
  if (status.ok()) return {};
  return {std::string("internal error: the message does not decode the bytes the reader wrote (") +
          ErrorKindMessage(status.kind) + " at byte " + std::to_string(status.offset) + ")"};
}

}  // namespace wirelens::format
