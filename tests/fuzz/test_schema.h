// The schema the inspector's fuzz targets decode with: protobuf's TestAllTypesProto3, loaded once.
#ifndef WIRELENS_TESTS_FUZZ_TEST_SCHEMA_H_
#define WIRELENS_TESTS_FUZZ_TEST_SCHEMA_H_

#include <string>

#include "core/schema/loader.h"
#include "core/wire/test_util.h"

namespace wirelens::testing {

// Needs WIRELENS_PROTOBUF_SRC_DIR (the fuzz targets' CMake defines it).
inline const schema::Schema& FuzzTestSchema() {
  static const schema::LoadResult loaded = schema::LoadProtoFiles(
      {{"google/protobuf/test_messages_proto3.proto",
        ReadFile(std::string(WIRELENS_PROTOBUF_SRC_DIR) + "/src/google/protobuf/test_messages_proto3.proto")}});
  return loaded.schema;
}

}  // namespace wirelens::testing

#endif  // WIRELENS_TESTS_FUZZ_TEST_SCHEMA_H_
