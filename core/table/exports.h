// The schemas the table codec's wasm module has loaded (exports.cc), shared by its exports and
// its JSON and text format exports (format_exports.cc). Wasm modules only.
#ifndef WIRELENS_CORE_TABLE_EXPORTS_H_
#define WIRELENS_CORE_TABLE_EXPORTS_H_

#include <cstdint>
#include <memory>

#include "core/schema/schema.h"
#include "core/table/decode.h"
#include "core/table/record.h"
#include "core/table/table.h"

namespace wirelens::table {

// One schema loaded by wl_table_load: the model, its tables, their decoder, and the layout of its
// resident records.
struct Loaded {
  schema::Schema schema;
  Tables tables;
  std::unique_ptr<Decoder> decoder;
  std::unique_ptr<Records> records;
};

// The schema of `handle`, or nullptr when there is none (never loaded, or freed).
Loaded* Find(uint32_t handle);

// Decodes message `message` of `l` from the input buffer's [0, size) to the tape, as a generated
// codec's decode_js: an ErrorKind value (0 = ok, tape_end set), the offset of an error in error_offset.
uint32_t DecodeInput(Loaded& l, uint32_t message, uint32_t size);

}  // namespace wirelens::table

#endif  // WIRELENS_CORE_TABLE_EXPORTS_H_
