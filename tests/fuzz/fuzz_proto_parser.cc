// Fuzz target: .proto loading. The input is split at the first NUL into two files, main.proto and
// dep.proto (main.proto may import "dep.proto" and the bundled well-known types). Loading never
// crashes; every error names a file.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/schema/loader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const size_t split = input.find('\0');
  std::vector<wirelens::schema::SourceFile> files = {{"main.proto", input.substr(0, split)}};
  if (split != std::string::npos) files.push_back({"dep.proto", input.substr(split + 1)});
  const wirelens::schema::LoadResult result = wirelens::schema::LoadProtoFiles(files);
  for (const auto& d : result.errors) {
    if (d.file.empty()) std::abort();
  }
  return 0;
}
