// HAR files into exchanges: bodies as Chromium and Firefox store them (base64, UTF-8 text, one
// character per byte, U+FFFD-damaged), read a slice at a time, and files that are not HARs.
#include "core/capture/har.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/text/base64.h"
#include "tests/capture/har_builder.h"

namespace wirelens::capture {
namespace {

using testing::HarEntry;
using testing::HarFile;

const std::string kBinary(
    "\x0a\x03"
    "abc\x10\xff\x01\x00\x80",
    10);  // not UTF-8

std::vector<Exchange> Read(const std::string& har) {
  std::vector<Exchange> out;
  HarError error;
  EXPECT_TRUE(ReadHar(har, &out, &error)) << error.ToString(har);
  return out;
}

TEST(Har, ChromiumBase64ResponseAndALostBinaryRequest) {
  HarEntry entry;
  entry.request_headers = {{"Content-Type", "application/grpc-web+proto"},
                           {"Content-Length", std::to_string(kBinary.size())}};
  entry.request_text = testing::Utf8Lossy(kBinary);  // what Chromium writes
  entry.response_headers = {{"content-type", "application/grpc-web+proto"}};
  entry.response_text = text::EncodeBase64(reinterpret_cast<const uint8_t*>(kBinary.data()), kBinary.size());
  entry.response_encoding = "base64";
  const std::vector<Exchange> read = Read(HarFile({entry}));
  ASSERT_EQ(read.size(), 1u);
  const Exchange& e = read[0];
  EXPECT_EQ(e.method, "POST");
  EXPECT_EQ(e.url, entry.url);
  EXPECT_EQ(e.status, 200);
  EXPECT_EQ(e.time_ms, 12.5);
  EXPECT_EQ(e.started, "2026-12-07T12:00:00.000Z");
  EXPECT_EQ(*FindHeader(e.request_headers, "content-type"), "application/grpc-web+proto");
  EXPECT_TRUE(e.response.present);
  EXPECT_FALSE(e.response.lossy);
  EXPECT_EQ(e.response.bytes, kBinary);
  EXPECT_TRUE(e.request.lossy);
  EXPECT_NE(e.request.warning.find("10-byte binary body as text and replaced 2 byte sequences"), std::string::npos)
      << e.request.warning;
}

TEST(Har, FirefoxOneCharacterPerByteRequestIsRecovered) {
  HarEntry entry;
  entry.request_headers = {{"Content-Length", std::to_string(kBinary.size())}};
  entry.request_text = testing::Latin1Text(kBinary);  // what Firefox writes for a body that is not UTF-8
  entry.request_body_size = static_cast<int>(kBinary.size());
  const std::vector<Exchange> read = Read(HarFile({entry}));
  ASSERT_EQ(read.size(), 1u);
  EXPECT_FALSE(read[0].request.lossy) << read[0].request.warning;
  EXPECT_EQ(read[0].request.bytes, kBinary);
}

TEST(Har, Utf8TextBodiesStayUtf8) {
  const std::string text =
      "\x0a\x05"
      "\xc3\xa9t\xc3\xa9";  // a message whose string is UTF-8
  HarEntry entry;
  entry.request_headers = {{"content-length", std::to_string(text.size())}};
  entry.request_text = text;
  entry.response_text = text;  // a text response (no encoding)
  const Exchange e = Read(HarFile({entry}))[0];
  EXPECT_EQ(e.request.bytes, text);
  EXPECT_EQ(e.response.bytes, text);
  EXPECT_TRUE(e.request.warning.empty() && e.response.warning.empty());
}

TEST(Har, MissingAndBrokenBodiesAreSaid) {
  HarEntry no_text;
  no_text.response_text.reset();
  no_text.response_size = 120;
  HarEntry bad_base64;
  bad_base64.response_text = "AAA*";
  bad_base64.response_encoding = "base64";
  HarEntry replaced;  // U+FFFD in a response of unknown size
  replaced.response_text = "\x0a\x01\xef\xbf\xbd";
  replaced.response_size = -1;
  const std::vector<Exchange> read = Read(HarFile({no_text, bad_base64, replaced}));
  ASSERT_EQ(read.size(), 3u);
  EXPECT_FALSE(read[0].response.present);
  EXPECT_EQ(read[0].response.warning, "the HAR holds no text for this 120-byte body (saved without content)");
  EXPECT_TRUE(read[1].response.lossy);
  EXPECT_EQ(read[1].response.warning,
            "its text is marked base64 but is not base64 (decoded 2 bytes before the first bad character)");
  EXPECT_TRUE(read[2].response.lossy);
  EXPECT_EQ(read[2].entry, 2u);
}

// fuzz_har's find: a size past what a double holds as a whole number was cast to size_t.
TEST(Har, AbsurdSizesAreNotSaid) {
  HarEntry entry;
  entry.request_headers = {{"Content-Length", "1e60"}};
  entry.request_text = "\x0a\x01\xef\xbf\xbd";
  entry.response_text = "\x0a\x01\xef\xbf\xbd";
  std::string har = HarFile({entry});
  har.replace(har.find("\"size\": 0"), 9, "\"size\": 7.7e54");
  const Exchange e = Read(har)[0];
  EXPECT_TRUE(e.request.lossy);  // U+FFFD and no size to check it by
  EXPECT_NE(e.request.warning.find("no size to check it by"), std::string::npos) << e.request.warning;
  EXPECT_TRUE(e.response.lossy);
}

TEST(Har, ReadASliceOfEntriesAtATime) {
  std::vector<HarEntry> entries(5);
  for (size_t i = 0; i < entries.size(); ++i) entries[i].url += std::to_string(i);
  const std::string har = HarFile(entries);
  HarReader reader(har);
  std::vector<Exchange> out;
  double progress = 0;
  int steps = 0;
  while (reader.Step(2, &out)) {
    ++steps;
    EXPECT_GT(reader.progress(), progress);
    progress = reader.progress();
  }
  EXPECT_FALSE(reader.failed()) << reader.error().ToString(har);
  EXPECT_EQ(steps, 2);  // the third call reads the last entry and the end
  EXPECT_EQ(reader.progress(), 1.0);
  ASSERT_EQ(out.size(), 5u);
  EXPECT_EQ(out[4].url, entries[4].url);
  EXPECT_EQ(out[4].entry, 4u);
  EXPECT_EQ(reader.creator(), "WebInspector 537.36");
}

TEST(Har, FilesThatAreNotHarsSayWhereAndWhy) {
  const std::string good = HarFile({HarEntry()});
  const struct {
    std::string json;
    const char* error;
  } cases[] = {
      {"<html></html>", "1:1: not a HAR file: it does not start with a JSON object"},
      {"{\"log\": {\"version\": \"1.2\"}}", "1:1: not a HAR file: its \"log\" has no \"entries\""},
      {"{\"other\": 1}", "1:1: not a HAR file: it has no \"log\" object"},
      {"{\"log\": {\"entries\": {}}}", "1:21: expected the \"entries\" array ('[')"},
      {"{\"log\": {\"entries\": [1]}}", "1:22: expected an entry ('{')"},
      {"{\"log\": {\"entries\": []}} x", "1:26: unexpected text after the HAR's object"},
      {"{\"log\": {\"entries\": [{\"time\": \"x\"}]}}", "1:31: expected a number"},
  };
  for (const auto& c : cases) {
    std::vector<Exchange> out;
    HarError error;
    EXPECT_FALSE(ReadHar(c.json, &out, &error)) << c.json;
    EXPECT_EQ(error.ToString(c.json), c.error) << c.json;
  }
  std::vector<Exchange> out;
  HarError error;
  const std::string truncated = good.substr(0, good.size() / 2);
  EXPECT_FALSE(ReadHar(truncated, &out, &error));
  EXPECT_EQ(error.message.find("the file ends early (cut off?): "), 0u) << error.message;
}

}  // namespace
}  // namespace wirelens::capture
