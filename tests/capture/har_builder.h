// HAR files written as Chromium and Firefox write them, for the capture reader's tests.
#ifndef WIRELENS_TESTS_CAPTURE_HAR_BUILDER_H_
#define WIRELENS_TESTS_CAPTURE_HAR_BUILDER_H_

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace wirelens::testing {

using HarHeaders = std::vector<std::pair<std::string, std::string>>;

struct HarEntry {
  std::string method = "POST";
  std::string url = "https://api.example.com/proto.UserService/WhoAmI";
  int status = 200;
  HarHeaders request_headers;
  std::optional<std::string> request_text;  // postData.text (UTF-8); none: no postData
  std::string request_mime = "application/grpc-web+proto";
  int request_body_size = -1;  // -1: left out
  HarHeaders response_headers;
  std::optional<std::string> response_text = std::string();  // content.text (UTF-8); none: left out
  std::string response_encoding;                             // content.encoding ("base64") or none
  std::string response_mime = "application/grpc-web+proto";
  int response_size = 0;  // content.size (-1: left out)
};

// `text` (UTF-8) as a JSON string literal.
inline std::string JsonString(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    const auto b = static_cast<uint8_t>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (b < 0x20) {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\u%04x", b);
      out += escape;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

// Each byte as the character of the same number, in UTF-8 (Firefox's text of a body that is not UTF-8).
inline std::string Latin1Text(const std::string& bytes) {
  std::string out;
  for (char c : bytes) {
    const auto b = static_cast<uint8_t>(c);
    if (b < 0x80) {
      out += c;
    } else {
      out += static_cast<char>(0xC0 | (b >> 6));
      out += static_cast<char>(0x80 | (b & 0x3F));
    }
  }
  return out;
}

// `bytes` decoded as UTF-8 with each invalid byte replaced by U+FFFD (Chromium's text of a request
// body that is not UTF-8). Only sequences of up to two bytes are kept whole: enough for the tests.
inline std::string Utf8Lossy(const std::string& bytes) {
  std::string out;
  for (size_t i = 0; i < bytes.size(); ++i) {
    const auto b = static_cast<uint8_t>(bytes[i]);
    if (b < 0x80) {
      out += bytes[i];
    } else if (b >= 0xC2 && b <= 0xDF && i + 1 < bytes.size() && (static_cast<uint8_t>(bytes[i + 1]) & 0xC0) == 0x80) {
      out += bytes.substr(i++, 2);
    } else {
      out += "\xEF\xBF\xBD";
    }
  }
  return out;
}

inline std::string HarHeadersJson(const HarHeaders& headers) {
  std::string out = "[";
  for (const auto& [name, value] : headers) {
    if (out.size() > 1) out += ", ";
    out += "{\"name\": " + JsonString(name) + ", \"value\": " + JsonString(value) + "}";
  }
  return out + "]";
}

inline std::string HarEntryJson(const HarEntry& e) {
  std::string out = "{\"startedDateTime\": \"2026-12-07T12:00:00.000Z\", \"time\": 12.5, \"request\": {\"method\": " +
                    JsonString(e.method) + ", \"url\": " + JsonString(e.url) +
                    ", \"httpVersion\": \"HTTP/1.1\", \"headers\": " + HarHeadersJson(e.request_headers) +
                    ", \"queryString\": [], \"cookies\": [], \"headersSize\": -1";
  if (e.request_body_size >= 0) out += ", \"bodySize\": " + std::to_string(e.request_body_size);
  if (e.request_text) {
    out += ", \"postData\": {\"mimeType\": " + JsonString(e.request_mime) +
           ", \"text\": " + JsonString(*e.request_text) + "}";
  }
  out += "}, \"response\": {\"status\": " + std::to_string(e.status) +
         ", \"statusText\": \"OK\", \"httpVersion\": \"HTTP/1.1\", \"headers\": " + HarHeadersJson(e.response_headers) +
         ", \"cookies\": [], \"content\": {\"mimeType\": " + JsonString(e.response_mime);
  if (e.response_size >= 0) out += ", \"size\": " + std::to_string(e.response_size);
  if (e.response_text) out += ", \"text\": " + JsonString(*e.response_text);
  if (!e.response_encoding.empty()) out += ", \"encoding\": " + JsonString(e.response_encoding);
  return out + "}, \"redirectURL\": \"\"}, \"cache\": {}, \"timings\": {\"send\": 0, \"wait\": 12, \"receive\": 0.5}}";
}

inline std::string HarFile(const std::vector<HarEntry>& entries) {
  std::string out =
      "{\n  \"log\": {\n    \"version\": \"1.2\",\n    \"creator\": {\"name\": \"WebInspector\", \"version\": "
      "\"537.36\"},\n    \"pages\": [],\n    \"entries\": [";
  for (size_t i = 0; i < entries.size(); ++i) out += (i == 0 ? "\n      " : ",\n      ") + HarEntryJson(entries[i]);
  return out + "\n    ]\n  }\n}\n";
}

}  // namespace wirelens::testing

#endif  // WIRELENS_TESTS_CAPTURE_HAR_BUILDER_H_
