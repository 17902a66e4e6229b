#include "core/text/decimal.h"

#include <cfloat>
#include <cmath>
#include <cstdint>

namespace wirelens::text {
namespace {

// Every power of ten a double holds exactly.
constexpr double kPowersOfTen[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                   1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
constexpr int kMaxPower = 22;

// Whether the decimal `quotient` (a double that one division rounded) reads back as `value`:
// as a double, or as a float, where rounding first to double and then to float may differ from
// rounding once only when the double lands exactly halfway between two floats.
bool ReadsBack(double quotient, double value, bool is_float) {
  if (!is_float) return quotient == value;
  const float f = static_cast<float>(quotient);
  if (static_cast<double>(f) != value) return false;
  if (static_cast<double>(f) == quotient) return true;
  const float other = std::nextafter(f, quotient > value ? HUGE_VALF : -HUGE_VALF);
  return (static_cast<double>(f) + static_cast<double>(other)) / 2 != quotient;
}

}  // namespace

size_t WriteShortDecimal(double value, int digits, bool is_float, char* out) {
  char* p = out;
  if (value == 0) {
    if (std::signbit(value)) *p++ = '-';
    *p++ = '0';
    return static_cast<size_t>(p - out);
  }
  const double magnitude = std::fabs(value);
  const double limit = kPowersOfTen[digits];
  if (!(magnitude < limit) || magnitude < 1e-22) return 0;
  // The fewest decimals k with m = magnitude * 10^k whole (m < 10^digits <= 2^53, so the product
  // rounds to m when the decimal m / 10^k is the value's text) and m / 10^k reading back.
  uint64_t m = 0;
  int k = 0;
  for (;; ++k) {
    if (k > kMaxPower) return 0;
    const double scaled = std::nearbyint(magnitude * kPowersOfTen[k]);
    if (scaled >= limit) return 0;
    if (scaled != 0 && ReadsBack(scaled / kPowersOfTen[k], magnitude, is_float)) {
      m = static_cast<uint64_t>(scaled);
      break;
    }
  }
  char text[24];
  int count = 0;
  for (uint64_t rest = m; rest != 0; rest /= 10) text[count++] = static_cast<char>('0' + rest % 10);
  // text[count - 1] is the leading digit. %g's exponent of the value, and its trailing zeros off.
  const int exponent = count - 1 - k;
  int last = 0;  // the lowest digit kept
  while (last < k && text[last] == '0') ++last;
  if (value < 0) *p++ = '-';
  if (exponent < -4) {  // %g's exponential form: d.ddde-XX
    *p++ = text[count - 1];
    if (count - 1 > last) *p++ = '.';
    for (int i = count - 2; i >= last; --i) *p++ = text[i];
    *p++ = 'e';
    *p++ = '-';
    *p++ = static_cast<char>('0' + -exponent / 10);  // exponent is -5 to -22 here: two digits
    *p++ = static_cast<char>('0' + -exponent % 10);
    return static_cast<size_t>(p - out);
  }
  if (exponent >= 0) {
    for (int i = count - 1; i >= k; --i) *p++ = text[i];  // k = count - 1 - exponent
    if (k > last) {
      *p++ = '.';
      for (int i = k - 1; i >= last; --i) *p++ = text[i];
    }
    return static_cast<size_t>(p - out);
  }
  *p++ = '0';
  *p++ = '.';
  for (int i = -1; i > exponent; --i) *p++ = '0';
  for (int i = count - 1; i >= last; --i) *p++ = text[i];
  return static_cast<size_t>(p - out);
}

bool AppendShortDecimal(double value, int digits, bool is_float, std::string* out) {
  char text[kShortDecimalMax];
  const size_t n = WriteShortDecimal(value, digits, is_float, text);
  out->append(text, n);
  return n != 0;
}

bool ParseShortDecimal(std::string_view literal, double* out) {
  size_t i = 0;
  const bool negative = i < literal.size() && literal[i] == '-';
  if (negative) ++i;
  uint64_t m = 0;
  int significant = 0;  // digits counted in m from the first non-zero one
  int exponent = 0;     // of ten, applied to m
  bool any = false;
  auto digit = [&](char c, bool fraction) {
    if (m != 0 || c != '0') {
      if (++significant > 15) return false;
      m = m * 10 + static_cast<uint64_t>(c - '0');
    }
    if (fraction) --exponent;
    any = true;
    return true;
  };
  for (; i < literal.size() && literal[i] >= '0' && literal[i] <= '9'; ++i) {
    if (!digit(literal[i], false)) return false;
  }
  if (!any) return false;
  if (i < literal.size() && literal[i] == '.') {
    const size_t point = i;
    for (++i; i < literal.size() && literal[i] >= '0' && literal[i] <= '9'; ++i) {
      if (!digit(literal[i], true)) return false;
    }
    if (i == point + 1) return false;
  }
  if (i < literal.size() && (literal[i] == 'e' || literal[i] == 'E')) {
    ++i;
    const bool minus = i < literal.size() && literal[i] == '-';
    if (i < literal.size() && (literal[i] == '-' || literal[i] == '+')) ++i;
    int written = 0;
    size_t start = i;
    for (; i < literal.size() && literal[i] >= '0' && literal[i] <= '9'; ++i) {
      if (written > 1000) return false;
      written = written * 10 + (literal[i] - '0');
    }
    if (i == start) return false;
    exponent += minus ? -written : written;
  }
  if (i != literal.size()) return false;
  if (m == 0) {
    *out = negative ? -0.0 : 0.0;
    return true;
  }
  if (exponent < -kMaxPower || exponent > kMaxPower) return false;
  const double magnitude = static_cast<double>(m);  // exact: m < 10^15 < 2^53
  const double result = exponent < 0 ? magnitude / kPowersOfTen[-exponent] : magnitude * kPowersOfTen[exponent];
  *out = negative ? -result : result;
  return true;
}

}  // namespace wirelens::text
