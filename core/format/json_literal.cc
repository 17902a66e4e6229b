#include "core/format/json_literal.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace wirelens::format {
namespace {

// Seconds of 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z, and a Duration's bound (10,000 years).
constexpr int64_t kMinTimestampSeconds = -62135596800;
constexpr int64_t kMaxTimestampSeconds = 253402300799;
constexpr int64_t kMaxDurationSeconds = 315576000000;

// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm).
int64_t DaysFromCivil(int64_t y, int64_t m, int64_t d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int64_t yoe = y - era * 400;
  const int64_t doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

// `count` decimal digits at text[*i] as a number; advances *i.
bool Digits(std::string_view text, size_t* i, int count, int64_t* out) {
  *out = 0;
  for (int k = 0; k < count; ++k, ++*i) {
    if (*i >= text.size() || text[*i] < '0' || text[*i] > '9') return false;
    *out = *out * 10 + (text[*i] - '0');
  }
  return true;
}

// ".d{1,9}" at text[*i] as nanoseconds (none: 0); advances *i.
bool Fraction(std::string_view text, size_t* i, int64_t* nanos) {
  *nanos = 0;
  if (*i >= text.size() || text[*i] != '.') return true;
  ++*i;
  int digits = 0;
  for (; *i < text.size() && text[*i] >= '0' && text[*i] <= '9'; ++*i, ++digits) {
    if (digits == 9) return false;
    *nanos = *nanos * 10 + (text[*i] - '0');
  }
  for (int k = digits; k < 9; ++k) *nanos *= 10;
  return digits > 0;
}

}  // namespace

bool ParseTimestamp(std::string_view text, int64_t* seconds, int64_t* nanos) {
  size_t i = 0;
  int64_t year, month, day, hour, minute, second;
  auto expect = [&](char c) { return i < text.size() && text[i++] == c; };
  if (!Digits(text, &i, 4, &year) || !expect('-') || !Digits(text, &i, 2, &month) || !expect('-') ||
      !Digits(text, &i, 2, &day) || !expect('T') || !Digits(text, &i, 2, &hour) || !expect(':') ||
      !Digits(text, &i, 2, &minute) || !expect(':') || !Digits(text, &i, 2, &second) || !Fraction(text, &i, nanos)) {
    return false;
  }
  static constexpr int kDaysInMonth[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
  if (month < 1 || month > 12 || day < 1 || day > kDaysInMonth[month - 1] || (month == 2 && day == 29 && !leap) ||
      hour > 23 || minute > 59 || second > 59) {
    return false;
  }
  int64_t offset = 0;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) {
    const int64_t sign = text[i++] == '+' ? 1 : -1;
    int64_t offset_hours, offset_minutes;
    if (!Digits(text, &i, 2, &offset_hours) || !expect(':') || !Digits(text, &i, 2, &offset_minutes)) return false;
    offset = sign * (offset_hours * 3600 + offset_minutes * 60);
  } else if (!expect('Z')) {
    return false;
  }
  if (i != text.size()) return false;
  *seconds = DaysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second - offset;
  return *seconds >= kMinTimestampSeconds && *seconds <= kMaxTimestampSeconds;
}

bool ParseDuration(std::string_view text, int64_t* seconds, int64_t* nanos) {
  size_t i = 0;
  const bool negative = !text.empty() && text[0] == '-';
  if (negative) ++i;
  const size_t start = i;
  *seconds = 0;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
    if (*seconds > kMaxDurationSeconds) return false;
    *seconds = *seconds * 10 + (text[i] - '0');
  }
  if (i == start || !Fraction(text, &i, nanos) || i + 1 != text.size() || text[i] != 's') return false;
  if (*seconds > kMaxDurationSeconds) return false;
  if (negative) {
    *seconds = -*seconds;
    *nanos = -*nanos;
  }
  return true;
}

bool WholeNumberText(const std::string& literal, std::string* out) {
  if (literal.find_first_of(".eE") == std::string::npos) {
    *out = literal;
    return true;
  }
  const double d = std::strtod(literal.c_str(), nullptr);
  if (!std::isfinite(d) || d != std::floor(d) || std::fabs(d) >= 18446744073709551616.0) return false;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f", d);
  *out = buf;
  return true;
}

}  // namespace wirelens::format
