// The Export panel's text format and JSON of the selected payload.
#include <functional>
#include <string>
#include <string_view>

#include "app/model/actions.h"
#include "core/format/json_format.h"
#include "core/format/raw_text.h"
#include "core/format/text_format.h"
#include "core/format/text_output.h"
#include "core/format/wire_text.h"

namespace wirelens::app {

void ExportTo(const AppState& state, bool json, const std::function<void(std::string_view)>& write) {
  const Payload* p = state.payload();
  if (p == nullptr) return;
  const uint8_t* data = p->bytes.bytes();
  const size_t size = p->bytes.size();
  const schema::Schema* schema = p->type >= 0 ? &state.schema : nullptr;
  // Straight from the bytes, as the CLI prints them, when the nodes would print the same: a bare
  // payload as encoders write it, no interpretation chosen by the user, the decode done.
  const bool from_wire = p->framing == inspect::Framing::kBare && state.overrides.empty() && !state.decoding &&
                         (p->type >= 0 || !json) && format::IsPlainMessage(data, size, schema, p->type);
  std::string error;
  if (json) {
    bool ok;
    if (from_wire) {
      ok = format::MessageJson(data, size, state.schema, p->type, write, &error);
    } else {
      std::string out;
      ok = format::JsonFormat(state.nodes, data, state.schema, &out, &error);
      write(out);
    }
    if (!ok) write("\n// no JSON form: " + error);
    return;
  }
  if (from_wire) {
    format::TextOutput text;
    bool flushed = false;
    text.flush = [&](std::string_view piece) {
      flushed = true;
      write(piece);
    };
    const bool printed = p->type >= 0 ? format::MessageText(data, size, state.schema, p->type, &text)
                                      : format::RawText(data, size, &text);
    if (printed || flushed) {  // IsPlainMessage said it prints: one or the other
      write(text.held());
      return;
    }
  }
  write(format::TextFormat(state.nodes, data, state.schema));
}

std::string ExportText(const AppState& state, bool json) {
  std::string out;
  ExportTo(state, json, [&](std::string_view piece) { out += piece; });
  return out;
}

}  // namespace wirelens::app
