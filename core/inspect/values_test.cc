// text::SimpleFtoa / text::SimpleDtoa against their definition (protobuf's: %.6g or %.9g, %.15g or %.17g,
// whichever is the shorter that reads back), over bit patterns from every exponent; the short
// decimal reader against strtod.
#include "core/inspect/values.h"

#include <gtest/gtest.h>

#include "core/text/decimal.h"
#include "core/text/scalar_text.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

namespace wirelens::inspect {
namespace {

std::string Printf(const char* format, double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, value);
  return buf;
}

std::string DefinedFtoa(float value) {
  std::string text = Printf("%.6g", value);
  errno = 0;
  const float parsed = std::strtof(text.c_str(), nullptr);
  return errno != 0 || parsed != value ? Printf("%.9g", value) : text;
}

std::string DefinedDtoa(double value) {
  const std::string text = Printf("%.15g", value);
  return std::strtod(text.c_str(), nullptr) != value ? Printf("%.17g", value) : text;
}

TEST(SimpleFtoaTest, MatchesTheDefinitionOnRandomBitPatterns) {
  std::mt19937 random(7);
  int checked = 0;
  for (int i = 0; i < 300000; ++i) {
    // Half random patterns, half short decimals (the 6-digit case).
    float value;
    if (i % 2 == 0) {
      const uint32_t bits = random();
      std::memcpy(&value, &bits, sizeof value);
    } else {
      value = static_cast<float>(static_cast<int>(random() % 2000001) - 1000000) /
              std::pow(10.0f, static_cast<float>(random() % 12));
    }
    if (std::isnan(value) || std::isinf(value)) continue;
    ASSERT_EQ(text::SimpleFtoa(value), DefinedFtoa(value)) << "bits of " << value;
    ++checked;
  }
  for (float value : {0.0f, -0.0f, 1e-45f, 1.17549435e-38f, 1.1754942e-38f, 3.4028235e38f, 0.1f, 1e6f, 1e7f}) {
    EXPECT_EQ(text::SimpleFtoa(value), DefinedFtoa(value)) << value;
  }
  EXPECT_GT(checked, 290000);
}

TEST(SimpleDtoaTest, MatchesTheDefinitionOnRandomBitPatterns) {
  std::mt19937_64 random(11);
  for (int i = 0; i < 300000; ++i) {
    double value;
    if (i % 2 == 0) {
      const uint64_t bits = random();
      std::memcpy(&value, &bits, sizeof value);
    } else {
      value = static_cast<double>(static_cast<int64_t>(random() % 2000000000001) - 1000000000000) /
              std::pow(10.0, static_cast<double>(random() % 20));
    }
    if (std::isnan(value) || std::isinf(value)) continue;
    ASSERT_EQ(text::SimpleDtoa(value), DefinedDtoa(value)) << "bits of " << value;
  }
  for (double value : {0.0, -0.0, 5e-324, 2.2250738585072014e-308, 2.225073858507201e-308, 1.7976931348623157e308, 0.1,
                       1e15, 1e16, 1e17}) {
    EXPECT_EQ(text::SimpleDtoa(value), DefinedDtoa(value)) << value;
  }
}

TEST(ParseShortDecimalTest, AgreesWithStrtod) {
  std::mt19937_64 random(5);
  int fast = 0;
  for (int i = 0; i < 300000; ++i) {
    // Up to 17 digits with the point anywhere and an exponent up to 30 either way.
    std::string literal = random() % 4 == 0 ? "-" : "";
    const int digits = 1 + static_cast<int>(random() % 17);
    const int point = static_cast<int>(random() % (digits + 1));
    for (int d = 0; d < digits; ++d) {
      if (d == point && d > 0) literal += '.';
      literal += static_cast<char>('0' + random() % 10);
    }
    if (random() % 2 == 0) literal += "e" + std::to_string(static_cast<int>(random() % 61) - 30);
    double parsed;
    if (!text::ParseShortDecimal(literal, &parsed)) continue;
    ++fast;
    const double expected = std::strtod(literal.c_str(), nullptr);
    ASSERT_EQ(std::memcmp(&parsed, &expected, sizeof parsed), 0) << literal;
  }
  EXPECT_GT(fast, 100000);  // the fast path is taken for most short literals
  for (const char* refused : {"1e23", "1234567890123456", "0.1e-22", "1.", "", "-", "1e", "1x"}) {
    double parsed;
    EXPECT_FALSE(text::ParseShortDecimal(refused, &parsed)) << refused;
  }
}

}  // namespace
}  // namespace wirelens::inspect
