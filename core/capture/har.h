// HAR 1.2 captures (what Chrome, Firefox and Playwright save from the Network panel) read into
// exchanges: each request and response with its headers, and its body as the bytes that went over
// the wire, or a warning that says why they cannot be recovered.
#ifndef WIRELENS_CORE_CAPTURE_HAR_H_
#define WIRELENS_CORE_CAPTURE_HAR_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/format/json_cursor.h"

namespace wirelens::capture {

struct Header {
  std::string name;
  std::string value;
};

// `s` with its ASCII letters in lower case (header names and values, filters).
std::string AsciiLower(std::string_view s);

// The value of the first header named `name` (ASCII case-insensitive), or nullptr.
const std::string* FindHeader(const std::vector<Header>& headers, std::string_view name);

struct Body {
  bool present = false;   // the HAR holds this body (an empty body is present and empty)
  std::string bytes;      // as they went over the wire (after HTTP's own Content-Encoding)
  std::string mime_type;  // as the HAR names it (postData.mimeType, content.mimeType)
  bool lossy = false;     // the bytes could not be recovered: `warning` says why
  std::string warning;    // empty, or what a reader should know about these bytes
};

struct Exchange {
  uint32_t entry = 0;   // index in log.entries, from 0
  std::string started;  // startedDateTime, as written
  double time_ms = 0;   // the entry's total time
  std::string method;   // "POST"
  std::string url;
  int status = 0;  // 0: no response (failed, blocked or cancelled)
  std::string status_text;
  std::vector<Header> request_headers;
  std::vector<Header> response_headers;
  Body request;
  Body response;
};

// Where and why a file is not a HAR.
struct HarError {
  size_t offset = 0;  // byte offset in the file
  std::string message;
  // "line:column: message" (both from 1).
  std::string ToString(std::string_view json) const;
};

// Reads a HAR a slice of entries at a time, so that a UI keeps drawing frames meanwhile.
class HarReader {
 public:
  // `json` (the file's bytes) must outlive the reader.
  explicit HarReader(std::string_view json) : json_(json), cursor_(json) {}

  // Reads up to `max_entries` more entries, appended to *out. True while there is more to read;
  // false once the file is read or found not to be a HAR (failed()).
  bool Step(size_t max_entries, std::vector<Exchange>* out);
  bool failed() const { return cursor_.failed(); }
  HarError error() const;
  // The share of the file read, 0 to 1.
  double progress() const { return json_.empty() ? 1 : static_cast<double>(cursor_.pos()) / json_.size(); }
  // log.creator as "name version" (e.g. "WebInspector 537.36", "Firefox 128.0"), once read.
  const std::string& creator() const { return creator_; }

 private:
  enum class Stage { kStart, kTopMembers, kLogMembers, kEntries, kDone };
  bool ReadEntry(uint32_t index, Exchange* out);
  // Fails at the file's start with why it is not a HAR; false.
  bool NotAHar(const std::string& why);

  std::string_view json_;
  format::JsonCursor cursor_;
  Stage stage_ = Stage::kStart;
  bool first_ = true;  // no member or element read yet in the object or array being read
  bool saw_log_ = false;
  bool saw_entries_ = false;
  bool not_a_har_ = false;
  uint32_t entries_ = 0;
  std::string creator_;
};

// The whole HAR at once. False with *error when `json` is not a HAR 1.x document.
bool ReadHar(std::string_view json, std::vector<Exchange>* exchanges, HarError* error);

}  // namespace wirelens::capture

#endif  // WIRELENS_CORE_CAPTURE_HAR_H_
