// Which JSON reader reads a HAR fastest: core/capture's HarReader (the project's JSON cursor)
// against simdjson's On-Demand API (Debian's libsimdjson-dev) doing the same work: every entry's
// method, URL, headers, request text, status and response text, base64 bodies decoded. Prints the
// best of --runs for each and the ratio. A benchmark program (web/bench/har_file.mjs makes a HAR).
// Usage: har_json_read FILE.har [RUNS]
#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/capture/har.h"
#include "core/text/base64.h"

namespace {

using Clock = std::chrono::steady_clock;

double Ms(Clock::time_point since) { return std::chrono::duration<double, std::milli>(Clock::now() - since).count(); }

// What the simdjson pass keeps of an entry: the fields HarReader keeps.
struct Entry {
  std::string method, url, request_text, response_text;
  std::vector<std::pair<std::string, std::string>> headers;
  int64_t status = 0;
};

void ReadHeaders(simdjson::ondemand::array headers, Entry* out) {
  for (auto header : headers) {
    std::string_view name, value;
    if (header["name"].get_string().get(name) == simdjson::SUCCESS &&
        header["value"].get_string().get(value) == simdjson::SUCCESS) {
      out->headers.emplace_back(name, value);
    }
  }
}

// Entries read with simdjson On-Demand; false on a parse error.
bool ReadWithSimdjson(const simdjson::padded_string& json, std::vector<Entry>* out) {
  simdjson::ondemand::parser parser;
  simdjson::ondemand::document doc;
  if (parser.iterate(json).get(doc) != simdjson::SUCCESS) return false;
  simdjson::ondemand::array entries;
  if (doc["log"]["entries"].get_array().get(entries) != simdjson::SUCCESS) return false;
  for (auto entry_value : entries) {
    simdjson::ondemand::object entry;
    if (entry_value.get_object().get(entry) != simdjson::SUCCESS) return false;
    Entry& e = out->emplace_back();
    for (auto field : entry) {
      std::string_view key = field.unescaped_key();
      if (key == "request") {
        for (auto r : field.value().get_object()) {
          std::string_view k = r.unescaped_key();
          std::string_view text;
          if (k == "method" && r.value().get_string().get(text) == simdjson::SUCCESS) e.method = text;
          else if (k == "url" && r.value().get_string().get(text) == simdjson::SUCCESS) e.url = text;
          else if (k == "headers") ReadHeaders(r.value().get_array(), &e);
          else if (k == "postData" && r.value()["text"].get_string().get(text) == simdjson::SUCCESS)
            e.request_text = text;
        }
      } else if (key == "response") {
        for (auto r : field.value().get_object()) {
          std::string_view k = r.unescaped_key();
          if (k == "status") {
            e.status = r.value().get_int64().value_unsafe();
          } else if (k == "headers") {
            ReadHeaders(r.value().get_array(), &e);
          } else if (k == "content") {
            std::string_view text, encoding;
            for (auto c : r.value().get_object()) {
              std::string_view ck = c.unescaped_key();
              if (ck == "text" && c.value().get_string().get(text) != simdjson::SUCCESS) return false;
              if (ck == "encoding" && c.value().get_string().get(encoding) != simdjson::SUCCESS) return false;
            }
            if (encoding == "base64") wirelens::text::DecodeBase64(text.data(), text.size(), &e.response_text);
            else e.response_text = text;
          }
        }
      }
    }
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: har_json_read FILE.har [RUNS]\n");
    return 2;
  }
  const int runs = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;
  simdjson::padded_string json;
  if (simdjson::padded_string::load(argv[1]).get(json) != simdjson::SUCCESS) {
    std::fprintf(stderr, "har_json_read: cannot read %s\n", argv[1]);
    return 2;
  }
  const std::string_view text(json.data(), json.size());
  double ours = 1e300, simd = 1e300;
  size_t ours_count = 0, simd_count = 0, ours_bytes = 0, simd_bytes = 0;
  for (int run = 0; run < runs; ++run) {  // in turns, so that the machine's drift weighs on both
    auto start = Clock::now();
    std::vector<wirelens::capture::Exchange> exchanges;
    wirelens::capture::HarError error;
    if (!wirelens::capture::ReadHar(text, &exchanges, &error)) {
      std::fprintf(stderr, "har_json_read: %s\n", error.ToString(text).c_str());
      return 1;
    }
    ours = std::min(ours, Ms(start));
    ours_count = exchanges.size();
    ours_bytes = 0;
    for (const auto& e : exchanges) ours_bytes += e.response.bytes.size();
    start = Clock::now();
    std::vector<Entry> entries;
    if (!ReadWithSimdjson(json, &entries)) {
      std::fprintf(stderr, "har_json_read: simdjson could not read it\n");
      return 1;
    }
    simd = std::min(simd, Ms(start));
    simd_count = entries.size();
    simd_bytes = 0;
    for (const auto& e : entries) simd_bytes += e.response_text.size();
  }
  if (ours_count != simd_count || ours_bytes != simd_bytes) {
    std::fprintf(stderr, "har_json_read: the two readers disagree (%zu/%zu entries, %zu/%zu body bytes)\n", ours_count,
                 simd_count, ours_bytes, simd_bytes);
    return 1;
  }
  std::printf("%s: %.1f MB, %zu entries, %zu response body bytes; best of %d runs\n", argv[1], json.size() / 1048576.0,
              ours_count, ours_bytes, runs);
  std::printf("HarReader (core/format's JSON cursor): %8.1f ms\n", ours);
  std::printf("simdjson On-Demand:                    %8.1f ms\n", simd);
  std::printf("ratio HarReader / simdjson:            %8.2fx\n", ours / simd);
  return 0;
}
