// Captured traffic: a HAR read a slice of entries per frame, each exchange read as an RPC, and an
// exchange's messages opened as payloads.
#include <algorithm>
#include <cstdio>

#include "app/model/actions.h"

namespace wirelens::app {
namespace {

constexpr size_t kEntriesPerStep = 2;  // then the clock is read: an entry may hold megabytes

const uint8_t* Data(const std::string& bytes) { return reinterpret_cast<const uint8_t*>(bytes.data()); }

TrafficRow ReadRow(const AppState& state, const capture::Exchange& exchange) {
  TrafficRow row;
  row.call = capture::ReadCall(exchange, &state.schema, state.traffic.rules);
  row.request_bytes = exchange.request.bytes.size();
  row.response_bytes = exchange.response.bytes.size();
  for (const capture::CallNote& note : row.call.notes) {
    if (note.kind != capture::NoteKind::kError || !row.clean) continue;
    row.clean = false;
    row.problem = std::string(capture::RoleName(note.role)) + ": " + note.text;
  }
  for (const capture::CallMessage& m : row.call.messages) {
    if (!row.clean) break;
    const inspect::NodeList list =
        inspect::Inspect(Data(m.bytes), m.bytes.size(), m.type >= 0 ? &state.schema : nullptr, m.type);
    const Status error = inspect::FirstFatalError(list);
    if (error.ok()) continue;
    row.clean = false;
    row.problem = std::string(capture::RoleName(m.role)) + " " + std::to_string(m.index) + ": " +
                  ErrorKindMessage(error.kind) + " at byte " + std::to_string(error.offset);
  }
  return row;
}

void FinishReading(AppState& state) {
  TrafficState& t = state.traffic;
  if (t.reader->failed()) {
    t.error = t.reader->error().ToString(t.bytes.view());
    Log(state, true, t.file + ":" + t.error);
  } else {
    size_t rpcs = 0, unclean = 0;
    for (const TrafficRow& row : t.rows) {
      rpcs += row.call.protocol != capture::Protocol::kOther;
      unclean += !row.clean;
    }
    char text[256];
    std::snprintf(text, sizeof text,
                  "%s: %zu exchanges, %zu of them protobuf (%zu that did not decode cleanly), read in %.0f ms",
                  t.file.c_str(), t.exchanges.size(), rpcs, unclean, NowMs() - t.started_ms);
    Log(state, false, text);
  }
  t.reader.reset();
  t.bytes = FileBytes();
}

// The messages of `role` as one payload's bytes: a single message bare, several as gRPC frames.
std::string PayloadBytes(const std::vector<const capture::CallMessage*>& messages, inspect::Framing* framing) {
  if (messages.size() == 1) {
    *framing = inspect::Framing::kBare;
    return messages[0]->bytes;
  }
  *framing = inspect::Framing::kGrpc;
  std::string out;
  for (const capture::CallMessage* m : messages) {
    const auto n = static_cast<uint32_t>(m->bytes.size());
    const char header[5] = {0, static_cast<char>(n >> 24), static_cast<char>(n >> 16), static_cast<char>(n >> 8),
                            static_cast<char>(n)};
    out.append(header, 5);
    out += m->bytes;
  }
  return out;
}

// Adds (or replaces) the payload `name` made of `messages`, typed as the first one is.
int AddMessagesPayload(AppState& state, const std::string& name,
                       const std::vector<const capture::CallMessage*>& messages, const std::string& origin) {
  int index = PayloadIndex(state, name);
  if (index < 0) {
    state.payloads.emplace_back();
    index = static_cast<int>(state.payloads.size()) - 1;
  }
  Payload& p = state.payloads[index];
  p = Payload();
  p.name = name;
  p.bytes = FileBytes::Adopt(PayloadBytes(messages, &p.framing));
  p.framing_chosen = true;
  p.type = messages[0]->type;
  p.type_name = p.type >= 0 ? state.schema.messages[p.type].full_name : "";
  p.unpacked.push_back(origin);
  return index;
}

}  // namespace

void LoadHar(AppState& state, const std::string& name, FileBytes bytes) {
  TrafficState& t = state.traffic;
  std::vector<capture::TypeRule> rules = std::move(t.rules);  // kept for the session
  t = TrafficState();
  t.rules = std::move(rules);
  t.file = name;
  t.bytes = std::move(bytes);
  t.reader = std::make_unique<capture::HarReader>(t.bytes.view());
  t.started_ms = NowMs();
  state.show_traffic = true;
  if (t.bytes.size() > kSyncHarBytes) {
    Log(state, false, name + ": reading its entries a slice per frame");
    return;
  }
  while (ContinueReadingHar(state)) {}
}

bool ContinueReadingHar(AppState& state) {
  TrafficState& t = state.traffic;
  if (!t.reader) return false;
  const bool sync = t.bytes.size() <= kSyncHarBytes;
  const double budget_ms = DecodeBudgetMs(state.frame_clock);
  const double start = NowMs();
  bool more = true;
  while (more && (sync || NowMs() - start < budget_ms)) {
    const size_t before = t.exchanges.size();
    more = t.reader->Step(kEntriesPerStep, &t.exchanges);
    for (size_t i = before; i < t.exchanges.size(); ++i) t.rows.push_back(ReadRow(state, t.exchanges[i]));
  }
  if (more) return true;
  FinishReading(state);
  return false;
}

void RereadCalls(AppState& state) {
  TrafficState& t = state.traffic;
  for (size_t i = 0; i < t.rows.size(); ++i) t.rows[i] = ReadRow(state, t.exchanges[i]);
}

void SelectExchange(AppState& state, int index) {
  TrafficState& t = state.traffic;
  if (index < 0 || index >= static_cast<int>(t.rows.size())) return;
  t.selected = index;
  const capture::Call& call = t.rows[index].call;
  const std::string prefix = "#" + std::to_string(t.exchanges[index].entry + 1) + " ";
  const std::string origin = "from " + t.file + ", entry " + std::to_string(t.exchanges[index].entry + 1) + " (" +
                             capture::ProtocolName(call.protocol) + ")";
  int select = -1;
  for (capture::Role role : {capture::Role::kRequest, capture::Role::kResponse}) {
    std::vector<const capture::CallMessage*> messages;
    for (const capture::CallMessage& m : call.messages) {
      if (m.role == role) messages.push_back(&m);
    }
    if (messages.empty()) continue;
    const std::string what = messages.size() == 1 ? "" : ", " + std::to_string(messages.size()) + " messages as frames";
    select = AddMessagesPayload(state, prefix + capture::RoleName(role), messages, origin + what);
  }
  for (const capture::CallMessage& m : call.messages) {
    if (m.role != capture::Role::kDetail) continue;
    const int detail =
        AddMessagesPayload(state, prefix + "detail " + std::to_string(m.index), {&m}, origin + ", error detail");
    if (select < 0) select = detail;
  }
  if (select < 0) {
    Log(state, false, prefix + "has no protobuf messages");
    return;
  }
  SelectPayload(state, select);
}

void SetTypeRule(AppState& state, const std::string& url_part, capture::Role role, const std::string& type) {
  auto& rules = state.traffic.rules;
  rules.erase(std::remove_if(rules.begin(), rules.end(),
                             [&](const capture::TypeRule& r) { return r.url_part == url_part && r.role == role; }),
              rules.end());
  if (!type.empty()) rules.push_back({url_part, role, type});
  RereadCalls(state);
}

std::vector<int> VisibleExchanges(const AppState& state) {
  const TrafficState& t = state.traffic;
  const std::string filter = capture::AsciiLower(t.filter);
  std::vector<int> out;
  for (size_t i = 0; i < t.rows.size(); ++i) {
    const capture::Call& call = t.rows[i].call;
    if (t.protobuf_only && call.protocol == capture::Protocol::kOther) continue;
    if (!filter.empty()) {
      std::string text = t.exchanges[i].method + " " + t.exchanges[i].url + " " + capture::ProtocolName(call.protocol);
      for (const capture::CallMessage& m : call.messages) {
        if (m.type >= 0) text += " " + state.schema.messages[m.type].full_name;
      }
      if (capture::AsciiLower(text).find(filter) == std::string::npos) continue;
    }
    out.push_back(static_cast<int>(i));
  }
  return out;
}

}  // namespace wirelens::app
