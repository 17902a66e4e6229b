// Utf16Length and Utf8ToUtf16 against the UTF-16 that the strings' code points give.
#include "core/wire/utf8.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace wirelens {
namespace {

size_t Units(const std::string& s) { return Utf16Length(reinterpret_cast<const uint8_t*>(s.data()), s.size()); }

std::vector<uint16_t> ToUtf16(const std::string& s) {
  std::vector<uint16_t> out(Units(s));
  uint16_t* end = Utf8ToUtf16(reinterpret_cast<const uint8_t*>(s.data()), s.size(), out.data());
  EXPECT_EQ(end, out.data() + out.size());
  return out;
}

TEST(Utf8, Utf16LengthCountsSurrogatePairsTwice) {
  EXPECT_EQ(Units(""), 0u);
  EXPECT_EQ(Units("ascii text longer than eight bytes"), 34u);
  EXPECT_EQ(Units("\xc3\xa9"), 1u);                      // é
  EXPECT_EQ(Units("\xe4\xb8\xad"), 1u);                  // 中
  EXPECT_EQ(Units("\xf0\x9f\x98\x80"), 2u);              // U+1F600
  EXPECT_EQ(Units("abcdefgh\xf0\x9f\x98\x80xyz"), 13u);  // after the 8-byte ASCII step
}

TEST(Utf8, Utf16LengthRefusesWhatIsNotUtf8) {
  for (const std::string bad :
       {"\xff", "\xc3", "a\xc0\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\x80", "abcdefgh\xe4\xb8"}) {
    EXPECT_EQ(Units(bad), kNotUtf8) << bad;
    EXPECT_FALSE(IsValidUtf8(reinterpret_cast<const uint8_t*>(bad.data()), bad.size()));
  }
}

TEST(Utf8, Utf8ToUtf16WritesCodeUnits) {
  EXPECT_EQ(ToUtf16("a\xc3\xa9\xe4\xb8\xad\xf0\x9f\x98\x80z"),
            (std::vector<uint16_t>{'a', 0xe9, 0x4e2d, 0xd83d, 0xde00, 'z'}));
  EXPECT_EQ(ToUtf16("\xf4\x8f\xbf\xbf"), (std::vector<uint16_t>{0xdbff, 0xdfff}));  // U+10FFFF
}

}  // namespace
}  // namespace wirelens
