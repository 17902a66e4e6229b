#include "core/capture/har.h"

#include <cstdlib>

#include "core/format/json_value.h"
#include "core/text/base64.h"

namespace wirelens::capture {
namespace {

using format::JsonCursor;
using Token = JsonCursor::Token;

constexpr int kMaxDepth = 64;  // HAR nests about 5 deep; extensions may add some

char Lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (Lower(a[i]) != Lower(b[i])) return false;
  }
  return true;
}

enum class Next { kItem, kEnd, kError };

// In an object after its '{' or a member's value: reads the next member's key and its ':' (kItem),
// or the closing '}' (kEnd).
Next NextMember(JsonCursor& c, bool* first, std::string* key) {
  if (c.Consume('}')) return Next::kEnd;
  if (!*first && !c.Consume(',')) return c.Fail("expected ',' or '}' after an object member"), Next::kError;
  *first = false;
  if (c.Peek() != Token::kString) return c.Fail("expected a member name (a string)"), Next::kError;
  std::string_view view;
  std::string scratch;
  if (!c.String(&view, &scratch)) return Next::kError;
  key->assign(view);
  if (!c.Consume(':')) return c.Fail("expected ':' after a member name"), Next::kError;
  return Next::kItem;
}

// In an array after its '[' or an element: kItem when another element follows, kEnd at ']'.
Next NextElement(JsonCursor& c, bool* first) {
  if (c.Consume(']')) return Next::kEnd;
  if (!*first && !c.Consume(',')) return c.Fail("expected ',' or ']' after an array element"), Next::kError;
  *first = false;
  return Next::kItem;
}

bool Open(JsonCursor& c, char bracket, const char* what) {
  if (c.Consume(bracket)) return true;
  return c.Fail(std::string("expected ") + what);
}

// Calls on_member(key) for each member of the object at the cursor; it reads or skips the value.
template <typename OnMember>
bool ForEachMember(JsonCursor& c, const char* what, OnMember on_member) {
  if (!Open(c, '{', what)) return false;
  bool first = true;
  std::string key;
  for (;;) {
    const Next next = NextMember(c, &first, &key);
    if (next == Next::kEnd) return true;
    if (next == Next::kError || !on_member(key)) return false;
  }
}

template <typename OnElement>
bool ForEachElement(JsonCursor& c, const char* what, OnElement on_element) {
  if (!Open(c, '[', what)) return false;
  bool first = true;
  for (;;) {
    const Next next = NextElement(c, &first);
    if (next == Next::kEnd) return true;
    if (next == Next::kError || !on_element()) return false;
  }
}

bool Skip(JsonCursor& c) { return c.SkipValue(3, kMaxDepth); }

// A string member; null reads as empty (some writers put null where a string is absent).
bool ReadString(JsonCursor& c, std::string* out) {
  if (c.Peek() == Token::kNull) return out->clear(), c.Null();
  if (c.Peek() != Token::kString) return c.Fail("expected a string");
  std::string_view view;
  std::string scratch;
  if (!c.String(&view, &scratch)) return false;
  out->assign(view);
  return true;
}

// A number member; null reads as -1 (HAR's "not available").
bool ReadNumber(JsonCursor& c, double* out) {
  if (c.Peek() == Token::kNull) return *out = -1, c.Null();
  std::string_view literal;
  if (c.Peek() != Token::kNumber || !c.Number(&literal)) return c.Fail("expected a number");
  *out = std::strtod(std::string(literal).c_str(), nullptr);
  return true;
}

// A byte count as HAR writes one: -1 (not said) unless a whole number in 0..2^53.
double SaneSize(double n) {
  return n >= 0 && n <= 9007199254740992.0 && n == static_cast<double>(static_cast<int64_t>(n)) ? n : -1;
}

bool ReadSize(JsonCursor& c, double* out) {
  if (!ReadNumber(c, out)) return false;
  *out = SaneSize(*out);
  return true;
}

bool ReadHeaders(JsonCursor& c, std::vector<Header>* headers) {
  return ForEachElement(c, "a list of headers ('[')", [&] {
    headers->emplace_back();
    return ForEachMember(c, "a header ('{')", [&](const std::string& key) {
      if (key == "name") return ReadString(c, &headers->back().name);
      if (key == "value") return ReadString(c, &headers->back().value);
      return Skip(c);
    });
  });
}

// What HAR says of a body, before its bytes are recovered.
struct RawBody {
  bool has_text = false;
  std::string text;  // UTF-8, as the JSON string decodes
  std::string encoding;
  std::string mime_type;
  double size = -1;  // bytes the writer says the body has (-1: not said)
};

size_t CountReplacementChars(std::string_view utf8) {
  size_t n = 0;
  for (size_t at = utf8.find("\xEF\xBF\xBD"); at != std::string_view::npos; at = utf8.find("\xEF\xBF\xBD", at + 3)) ++n;
  return n;
}

// The code points of valid UTF-8 `utf8` as bytes, when each is below U+0100 (Firefox's form of a
// body that is not UTF-8: one character per byte); false otherwise.
bool Latin1Bytes(std::string_view utf8, std::string* out) {
  out->clear();
  for (size_t i = 0; i < utf8.size(); ++i) {
    const auto b = static_cast<uint8_t>(utf8[i]);
    if (b < 0x80) {
      out->push_back(static_cast<char>(b));
    } else if ((b == 0xC2 || b == 0xC3) && i + 1 < utf8.size()) {
      out->push_back(static_cast<char>(((b & 0x03) << 6) | (static_cast<uint8_t>(utf8[++i]) & 0x3F)));
    } else {
      return false;
    }
  }
  return true;
}

// A body stored as text: its UTF-8, or Firefox's one character per byte when the size the request
// declared says so, or a warning that bytes were replaced by U+FFFD and are lost.
void RecoverText(const RawBody& raw, Body* body) {
  const size_t replaced = CountReplacementChars(raw.text);
  const bool size_known = raw.size >= 0;
  const auto expected = static_cast<size_t>(size_known ? raw.size : 0);
  body->bytes = raw.text;
  if (!size_known || expected == raw.text.size()) {
    if (replaced > 0 && !size_known) {
      body->lossy = true;
      body->warning =
          "stored as text holding " + std::to_string(replaced) +
          " U+FFFD replacement characters and no size to check it by: bytes that were not UTF-8 may be lost";
    }
    return;
  }
  std::string latin1;
  if (Latin1Bytes(raw.text, &latin1) && latin1.size() == expected) {
    body->bytes = std::move(latin1);  // Firefox
    return;
  }
  body->lossy = true;
  if (replaced > 0) {
    body->warning = "the browser stored this " + std::to_string(expected) + "-byte binary body as text and replaced " +
                    std::to_string(replaced) +
                    " byte sequences that were not UTF-8 with U+FFFD: its bytes are lost (Chromium does this to "
                    "request bodies; a HAR saved by Firefox keeps them)";
  } else {
    body->warning = "stored as " + std::to_string(raw.text.size()) + " bytes of text where the body had " +
                    std::to_string(expected) + " bytes";
  }
}

Body RecoverBody(const RawBody& raw) {
  Body body;
  body.mime_type = raw.mime_type;
  if (!raw.has_text) {
    if (raw.size > 0) {
      body.lossy = true;
      body.warning = "the HAR holds no text for this " + std::to_string(static_cast<uint64_t>(raw.size)) +
                     "-byte body (saved without content)";
    }
    return body;
  }
  body.present = true;
  if (raw.encoding == "base64") {
    if (!text::DecodeBase64(raw.text.data(), raw.text.size(), &body.bytes)) {
      body.lossy = true;
      body.warning = "its text is marked base64 but is not base64 (decoded " + std::to_string(body.bytes.size()) +
                     " bytes before the first bad character)";
    }
    return body;
  }
  if (!raw.encoding.empty()) {
    body.lossy = true;
    body.warning = "its text is in an encoding this reader does not know: '" + raw.encoding + "'";
  }
  RecoverText(raw, &body);
  return body;
}

// request.postData / response.content.
bool ReadBody(JsonCursor& c, RawBody* raw) {
  return ForEachMember(c, "a body ('{')", [&](const std::string& key) {
    if (key == "text") return raw->has_text = true, ReadString(c, &raw->text);
    if (key == "encoding") return ReadString(c, &raw->encoding);
    if (key == "mimeType") return ReadString(c, &raw->mime_type);
    if (key == "size") return ReadSize(c, &raw->size);
    return Skip(c);
  });
}

// The size a request's Content-Length header or bodySize says its body has, or -1.
double DeclaredRequestSize(const std::vector<Header>& headers, double body_size) {
  if (const std::string* length = FindHeader(headers, "content-length")) {
    char* end = nullptr;
    const double n = std::strtod(length->c_str(), &end);
    if (end != length->c_str() && *end == '\0' && SaneSize(n) >= 0) return n;
  }
  return body_size;
}

bool ReadRequest(JsonCursor& c, Exchange* out) {
  RawBody raw;
  double body_size = -1;
  const bool ok = ForEachMember(c, "a request ('{')", [&](const std::string& key) {
    if (key == "method") return ReadString(c, &out->method);
    if (key == "url") return ReadString(c, &out->url);
    if (key == "headers") return ReadHeaders(c, &out->request_headers);
    if (key == "postData") return ReadBody(c, &raw);
    if (key == "bodySize") return ReadSize(c, &body_size);
    return Skip(c);
  });
  raw.size = DeclaredRequestSize(out->request_headers, body_size);
  out->request = RecoverBody(raw);
  return ok;
}

bool ReadResponse(JsonCursor& c, Exchange* out) {
  RawBody raw;
  double status = 0;
  const bool ok = ForEachMember(c, "a response ('{')", [&](const std::string& key) {
    if (key == "status") return ReadNumber(c, &status);
    if (key == "statusText") return ReadString(c, &out->status_text);
    if (key == "headers") return ReadHeaders(c, &out->response_headers);
    if (key == "content") return ReadBody(c, &raw);
    return Skip(c);
  });
  out->status = status > 0 && status < 1000 ? static_cast<int>(status) : 0;
  // content.size is the decoded size in Chromium but the compressed one in Firefox: only a check
  // on text that holds replacement characters, where a mismatch means bytes were lost.
  if (raw.has_text && (raw.encoding == "base64" || CountReplacementChars(raw.text) == 0)) raw.size = -1;
  out->response = RecoverBody(raw);
  return ok;
}

}  // namespace

std::string AsciiLower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = Lower(c);
  return out;
}

const std::string* FindHeader(const std::vector<Header>& headers, std::string_view name) {
  for (const Header& h : headers) {
    if (EqualsIgnoreCase(h.name, name)) return &h.value;
  }
  return nullptr;
}

std::string HarError::ToString(std::string_view json) const {
  return format::LineColumn(json, offset) + ": " + message;
}

HarError HarReader::error() const {
  HarError error{cursor_.error_offset(), cursor_.error()};
  if (!json_.empty() && !not_a_har_ && (error.offset >= json_.size() || cursor_.pos() >= json_.size()))
    error.message = "the file ends early (cut off?): " + error.message;
  return error;
}

bool HarReader::NotAHar(const std::string& why) {
  not_a_har_ = true;
  stage_ = Stage::kDone;
  return cursor_.FailAt(0, "not a HAR file: " + why);
}

bool HarReader::ReadEntry(uint32_t index, Exchange* out) {
  out->entry = index;
  return ForEachMember(cursor_, "an entry ('{')", [&](const std::string& key) {
    if (key == "startedDateTime") return ReadString(cursor_, &out->started);
    if (key == "time") return ReadNumber(cursor_, &out->time_ms);
    if (key == "request") return ReadRequest(cursor_, out);
    if (key == "response") return ReadResponse(cursor_, out);
    return Skip(cursor_);
  });
}

bool HarReader::Step(size_t max_entries, std::vector<Exchange>* out) {
  JsonCursor& c = cursor_;
  std::string key;
  size_t read = 0;
  while (!c.failed()) {
    switch (stage_) {
      case Stage::kStart:
        if (c.Peek() != Token::kObject) return NotAHar("it does not start with a JSON object");
        c.Consume('{');
        stage_ = Stage::kTopMembers;
        first_ = true;
        break;
      case Stage::kTopMembers: {
        const Next next = NextMember(c, &first_, &key);
        if (next == Next::kError) break;
        if (next == Next::kEnd) {
          if (!c.AtEnd()) c.Fail("unexpected text after the HAR's object");
          else if (!saw_log_) NotAHar("it has no \"log\" object");
          stage_ = Stage::kDone;
          return false;
        }
        if (key != "log" || saw_log_) {
          Skip(c);
        } else if (Open(c, '{', "the \"log\" object ('{')")) {
          saw_log_ = true;
          stage_ = Stage::kLogMembers;
          first_ = true;
        }
        break;
      }
      case Stage::kLogMembers: {
        const Next next = NextMember(c, &first_, &key);
        if (next == Next::kError) break;
        if (next == Next::kEnd) {
          if (!saw_entries_) return NotAHar("its \"log\" has no \"entries\"");
          stage_ = Stage::kTopMembers;
          first_ = false;
        } else if (key == "entries" && !saw_entries_) {
          saw_entries_ = true;
          if (Open(c, '[', "the \"entries\" array ('[')")) {
            stage_ = Stage::kEntries;
            first_ = true;
          }
        } else if (key == "creator" && creator_.empty()) {
          std::string name, version;
          ForEachMember(c, "log.creator ('{')", [&](const std::string& k) {
            if (k == "name") return ReadString(c, &name);
            if (k == "version") return ReadString(c, &version);
            return Skip(c);
          });
          creator_ = version.empty() ? name : name + " " + version;
        } else {
          Skip(c);
        }
        break;
      }
      case Stage::kEntries: {
        if (read == max_entries) return true;
        const Next next = NextElement(c, &first_);
        if (next == Next::kError) break;
        if (next == Next::kEnd) {
          stage_ = Stage::kLogMembers;
          first_ = false;
          break;
        }
        out->emplace_back();
        if (!ReadEntry(entries_++, &out->back())) {
          out->pop_back();
          break;
        }
        ++read;
        break;
      }
      case Stage::kDone: return false;
    }
  }
  stage_ = Stage::kDone;
  return false;
}

bool ReadHar(std::string_view json, std::vector<Exchange>* exchanges, HarError* error) {
  HarReader reader(json);
  while (reader.Step(SIZE_MAX, exchanges)) {}
  if (!reader.failed()) return true;
  *error = reader.error();
  return false;
}

}  // namespace wirelens::capture
