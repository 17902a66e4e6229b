// Base64 both ways: capture bodies (grpc-web-text) and JSON's bytes values.
#ifndef WIRELENS_CORE_TEXT_BASE64_H_
#define WIRELENS_CORE_TEXT_BASE64_H_

#include <cstddef>
#include <cstdint>
#include <string>

namespace wirelens::text {

// The value (0-63) of a symbol of the standard or the URL-safe alphabet, or -1.
int Base64Value(char c);

// The whitespace base64 text may hold between symbols: space, tab, CR, LF.
bool IsBase64Space(char c);

// Decodes base64 (standard or URL-safe alphabet; whitespace skipped; '=' ends a chunk, so
// concatenated padded chunks decode, as grpc-web-text sends them). False on any other character or
// a dangling single symbol; *out then holds what decoded before it.
bool DecodeBase64(const char* text, size_t size, std::string* out);

// Standard base64 with '=' padding.
std::string EncodeBase64(const uint8_t* data, size_t size);

}  // namespace wirelens::text

#endif  // WIRELENS_CORE_TEXT_BASE64_H_
