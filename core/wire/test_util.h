// Helpers shared by the wire tests: byte literals and hex dumps for readable failures.
#ifndef WIRELENS_CORE_WIRE_TEST_UTIL_H_
#define WIRELENS_CORE_WIRE_TEST_UTIL_H_

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <vector>

namespace wirelens::testing {

using Bytes = std::vector<uint8_t>;

inline Bytes B(std::initializer_list<int> bytes) {
  Bytes out;
  for (int b : bytes) out.push_back(static_cast<uint8_t>(b));
  return out;
}

// "08 96 01" -> the bytes, as a string (spaces between bytes optional).
inline std::string FromHex(const char* hex) {
  std::string out;
  for (const char* p = hex; *p;) {
    if (*p == ' ') {
      ++p;
      continue;
    }
    out += static_cast<char>(std::stoi(std::string(p, 2), nullptr, 16));
    p += 2;
  }
  return out;
}

inline std::string Hex(const uint8_t* data, size_t size) {
  std::string out;
  char buf[4];
  for (size_t i = 0; i < size; ++i) {
    std::snprintf(buf, sizeof buf, i ? " %02x" : "%02x", data[i]);
    out += buf;
  }
  return out;
}
inline std::string Hex(const Bytes& bytes) { return Hex(bytes.data(), bytes.size()); }
inline std::string Hex(const std::string& bytes) {
  return Hex(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
}

// The whole content of a file ("" when it cannot be read).
inline std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream content;
  content << in.rdbuf();
  return content.str();
}

}  // namespace wirelens::testing

#endif  // WIRELENS_CORE_WIRE_TEST_UTIL_H_
