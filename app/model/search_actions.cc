// The search actions: a query over the decoded tree, run a budget's worth per frame.
#include "app/model/actions.h"

namespace wirelens::app {
namespace {

// Nodes a search tests between looks at the clock (a few hundred microseconds' worth).
constexpr size_t kSearchStepNodes = size_t{1} << 15;

void BeginSearch(AppState& state) {
  SearchState& search = state.search;
  search.results.clear();
  search.match_count = 0;
  search.current = -1;
  search.running.reset();
  inspect::SearchQuery query;
  if (!inspect::ParseSearchQuery(search.query, &query, &search.error)) return;
  const Payload* p = state.payload();
  // No nodes yet (decoding, or no payload): marked stale, so ContinueSearching tries again each frame.
  search.nodes_version = state.decoding || p == nullptr ? state.nodes_version - 1 : state.nodes_version;
  if (search.nodes_version != state.nodes_version) return;
  search.started_ms = NowMs();
  search.running = std::make_unique<inspect::Search>(
      state.nodes, p->bytes.bytes(), p->type >= 0 ? &state.schema : nullptr, std::move(query), kMaxSearchResults);
}

}  // namespace

void StartSearch(AppState& state, const std::string& query) {
  SearchState& search = state.search;
  search.query = query;
  search.error.clear();
  search.active = query.find_first_not_of(" \t") != std::string::npos;
  if (!search.active) {
    search.running.reset();
    search.results.clear();
    search.match_count = 0;
    search.current = -1;
    return;
  }
  BeginSearch(state);
}

bool ContinueSearching(AppState& state) {
  SearchState& search = state.search;
  if (!search.active || !search.error.empty()) return false;
  // New nodes (another decode, or one under way): what was found, or is being searched, is stale.
  if (search.nodes_version != state.nodes_version) BeginSearch(state);
  if (!search.running) return false;
  const double budget_ms = DecodeBudgetMs(state.frame_clock);
  const double start = NowMs();
  while (!search.running->Step(kSearchStepNodes) && NowMs() - start < budget_ms) {}
  if (!search.running->done()) return true;
  search.results = search.running->results();
  search.match_count = search.running->match_count();
  search.elapsed_ms = NowMs() - search.started_ms;
  search.running.reset();
  return false;
}

void JumpToSearchResult(AppState& state, int k) {
  SearchState& search = state.search;
  if (search.results.empty()) return;
  const int count = static_cast<int>(search.results.size());
  search.current = ((k % count) + count) % count;
  SelectNode(state, search.results[search.current]);
}

}  // namespace wirelens::app
