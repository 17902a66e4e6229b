// The string forms of proto3 JSON values read: RFC 3339 timestamps, durations, and integers
// written with a fraction or exponent.
#ifndef WIRELENS_CORE_FORMAT_JSON_LITERAL_H_
#define WIRELENS_CORE_FORMAT_JSON_LITERAL_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace wirelens::format {

// "1972-01-01T10:00:20.021Z", or with an offset as "+01:00" instead of Z ('T' and 'Z' upper case,
// 1 to 9 fractional digits), into seconds since the epoch and nanoseconds; false unless it is one
// from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z.
bool ParseTimestamp(std::string_view text, int64_t* seconds, int64_t* nanos);

// "-1.5s" (1 to 9 fractional digits) into seconds and nanoseconds of the same sign; false unless
// it is one within 315,576,000,000 seconds (10,000 years) either way.
bool ParseDuration(std::string_view text, int64_t* seconds, int64_t* nanos);

// The decimal text of a JSON number literal that is a whole number ("1e3" -> "1000", "-2.0" ->
// "-2"); false for a fraction, or a magnitude of 2^64 or more.
bool WholeNumberText(const std::string& literal, std::string* out);

}  // namespace wirelens::format

#endif  // WIRELENS_CORE_FORMAT_JSON_LITERAL_H_
