// The Export panel's text format and JSON of the selected payload, at once or a slice per frame.
#include <cstdio>
#include <functional>
#include <string>
#include <string_view>
#include <utility>

#include "app/model/actions.h"
#include "core/format/json_format.h"
#include "core/format/raw_text.h"
#include "core/format/text_format.h"
#include "core/format/text_output.h"
#include "core/format/wire_text.h"

namespace wirelens::app {
namespace {

// Straight from the bytes, as the CLI prints them, when the nodes would print the same: a bare
// payload as encoders write it, no interpretation chosen by the user, the decode done.
bool PrintsFromBytes(const AppState& state, bool json) {
  const Payload* p = state.payload();
  return p->framing == inspect::Framing::kBare && state.overrides.empty() && !state.decoding &&
         (p->type >= 0 || !json) &&
         format::IsPlainMessage(p->bytes.bytes(), p->bytes.size(), p->type >= 0 ? &state.schema : nullptr, p->type);
}

std::string NoJsonForm(const std::string& error) { return "\n// no JSON form: " + error; }

void FinishExport(AppState& state) {
  ExportJob& job = *state.exporting;
  const std::string& error = job.print->error();
  if (!error.empty() && job.json) job.sink.write(NoJsonForm(error));
  if (!error.empty() && !job.json) Log(state, true, job.file_name + ": " + error);
  job.sink.finish(job.file_name);
  char text[256];
  std::snprintf(text, sizeof text, "exported %s: %zu bytes in %.0f ms", job.file_name.c_str(), job.written,
                NowMs() - job.started_ms);
  Log(state, false, text);
  state.exporting.reset();
}

}  // namespace

void StartExport(AppState& state, bool json, ExportSink sink) {
  if (state.exporting) CancelExport(state, "another export started");
  const Payload* p = state.payload();
  if (p == nullptr) return;
  const std::string file_name = p->name + (json ? ".json" : ".txtpb");
  if (p->type < 0 || !PrintsFromBytes(state, json)) {
    ExportTo(state, json, sink.write);
    sink.finish(file_name);
    return;
  }
  state.exporting = std::make_unique<ExportJob>();
  ExportJob& job = *state.exporting;
  job.file_name = file_name;
  job.json = json;
  job.schema = state.schema;
  job.bytes = p->bytes.bytes();
  job.nodes_version = state.nodes_version;
  job.sink = std::move(sink);
  job.started_ms = NowMs();
  format::WritePiece write = [&job](std::string_view piece) {
    job.written += piece.size();
    job.sink.write(piece);
  };
  job.print = std::make_unique<format::SlicedPrint>(job.bytes, p->bytes.size(), job.schema, p->type,
                                                    json ? format::JsonLevelPrinter(job.schema, std::move(write))
                                                         : format::TextLevelPrinter(job.schema, std::move(write)));
  ContinueExporting(state);  // a small one is done in this frame
}

bool ContinueExporting(AppState& state) {
  if (!state.exporting) return false;
  const Payload* p = state.payload();
  if (p == nullptr || p->bytes.bytes() != state.exporting->bytes ||
      state.nodes_version != state.exporting->nodes_version) {
    CancelExport(state, "the payload changed");
    return false;
  }
  const double budget_ms = DecodeBudgetMs(state.frame_clock);
  const double start = NowMs();
  if (state.exporting->print->Step([&] { return NowMs() - start < budget_ms; })) FinishExport(state);
  return true;
}

void CancelExport(AppState& state, const std::string& why) {
  if (!state.exporting) return;
  state.exporting->sink.discard();
  Log(state, true, "export of " + state.exporting->file_name + " cancelled: " + why);
  state.exporting.reset();
}

void ExportTo(const AppState& state, bool json, const std::function<void(std::string_view)>& write) {
  const Payload* p = state.payload();
  if (p == nullptr) return;
  const uint8_t* data = p->bytes.bytes();
  const size_t size = p->bytes.size();
  const bool from_wire = PrintsFromBytes(state, json);
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
    if (!ok) write(NoJsonForm(error));
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
