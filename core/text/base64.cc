#include "core/text/base64.h"

namespace wirelens::text {

int Base64Value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+' || c == '-') return 62;
  if (c == '/' || c == '_') return 63;
  return -1;
}

bool IsBase64Space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

bool DecodeBase64(const char* text, size_t size, std::string* out) {
  out->clear();
  uint32_t buffer = 0;
  int bits = 0;
  size_t chunk_symbols = 0;
  for (size_t i = 0; i < size; ++i) {
    const char c = text[i];
    if (IsBase64Space(c)) continue;
    if (c == '=') {  // padding: the chunk's leftover bits are not data
      if (chunk_symbols % 4 == 1) return false;
      bits = 0;
      chunk_symbols = 0;
      continue;
    }
    const int v = Base64Value(c);
    if (v < 0) return false;
    ++chunk_symbols;
    buffer = (buffer << 6) | static_cast<uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out->push_back(static_cast<char>((buffer >> bits) & 0xff));
    }
  }
  return chunk_symbols % 4 != 1;
}

std::string EncodeBase64(const uint8_t* p, size_t n) {
  static const char kTable[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((n + 2) / 3 * 4);
  for (size_t i = 0; i < n; i += 3) {
    const uint32_t b = (uint32_t{p[i]} << 16) | (i + 1 < n ? uint32_t{p[i + 1]} << 8 : 0) | (i + 2 < n ? p[i + 2] : 0);
    out += kTable[(b >> 18) & 63];
    out += kTable[(b >> 12) & 63];
    out += i + 1 < n ? kTable[(b >> 6) & 63] : '=';
    out += i + 2 < n ? kTable[b & 63] : '=';
  }
  return out;
}

}  // namespace wirelens::text
