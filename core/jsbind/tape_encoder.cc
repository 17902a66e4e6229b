#include "core/jsbind/tape_encoder.h"

#include <algorithm>
#include <cstring>

#include "core/wire/varint.h"

namespace wirelens::jsbind {

SizeLog& EncoderLog() {
  static SizeLog* log = new SizeLog();
  return *log;
}

size_t FinishMap(SizeLog& log, size_t header, size_t first, bool string_keys, size_t tape_end, size_t tag_size) {
  std::vector<MapEntrySpan>& stack = log.map_entries_;
  const auto entries = stack.begin() + static_cast<std::ptrdiff_t>(first);
  const size_t n = stack.size() - first;
  const uint8_t* bytes = GlobalState().bytes;
  auto less = [&](const MapEntrySpan& a, const MapEntrySpan& b) {
    if (!string_keys) return a.key < b.key;
    const int c = std::memcmp(bytes + a.key, bytes + b.key, std::min(a.key_length, b.key_length));
    return c != 0 ? c < 0 : a.key_length < b.key_length;
  };
  std::stable_sort(entries, stack.end(), less);
  // Of equal keys the last one stays, as the last assignment to std::map's slot does.
  size_t kept = 0;
  for (size_t i = 0; i < n; ++i) {
    if (i + 1 < n && !less(entries[i], entries[i + 1])) continue;
    entries[kept++] = entries[i];
  }
  log.Set(header, static_cast<uint32_t>(log.size()));
  log.Push(static_cast<uint32_t>(kept));
  log.Push(static_cast<uint32_t>(tape_end));
  size_t size = 0;
  for (size_t i = 0; i < kept; ++i) {
    const MapEntrySpan& e = entries[i];
    log.Push(e.tape_pos);
    log.Push(e.log_slot);
    log.Push(e.size);
    size += tag_size + LengthDelimitedSize(e.size);
  }
  stack.resize(first);
  return size;
}

}  // namespace wirelens::jsbind
