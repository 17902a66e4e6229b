// The table codec's exports for resident messages (web/codec/parts/table.part.js's resident
// classes): records (record.h) of a loaded schema's messages made, decoded into, encoded, read as a
// tape, and changed a field at a time. Linked into the table codec's wasm modules only.
#include "core/jsbind/exports.h"
#include "core/table/encode.h"
#include "core/table/exports.h"

namespace wirelens::table {
namespace {

// The records of schema `handle`'s message `message`, or nullptr when there is no such message.
const Records* RecordsOf(uint32_t handle, uint32_t message) {
  const Loaded* l = Find(handle);
  return l != nullptr && message < l->tables.messages.size() ? l->records.get() : nullptr;
}

// What a resident call reports when its records would nest too deep or memory runs out.
uint32_t ReportLimit() { return jsbind::Report(ErrorKind::kLimitExceeded, 0); }

}  // namespace
}  // namespace wirelens::table

using wirelens::table::Records;
using Strings = wirelens::table::Records::Strings;
using wirelens::table::RecordsOf;

extern "C" {

// A new empty resident message of schema `handle`'s message `message`: its record's address, or
// 0 when memory runs out or there is no such message.
WL_EXPORT_NAME("wl_table_new") uint32_t wl_table_new(uint32_t handle, uint32_t message) {
  const Records* records = RecordsOf(handle, message);
  return records != nullptr ? static_cast<uint32_t>(reinterpret_cast<uintptr_t>(records->NewRoot(message))) : 0;
}

// Frees a resident message wl_table_new made, and every record of its arena.
WL_EXPORT_NAME("wl_table_delete") void wl_table_delete(uint8_t* record) { Records::DeleteRoot(record); }

// input[0, size) -> `record` (the message's contents replaced): an ErrorKind value, the offset of a
// decode error in error_offset; on error the record is empty.
WL_EXPORT_NAME("wl_table_record_decode")
uint32_t wl_table_record_decode(uint32_t handle, uint32_t message, uint8_t* record, uint32_t size) {
  const Records* records = RecordsOf(handle, message);
  if (records == nullptr) return wirelens::jsbind::ReportTapeError();
  wirelens::table::Loaded& l = *wirelens::table::Find(handle);
  l.decoder->set_strings_as_bytes(true);
  l.decoder->set_keep_strings(true);
  const uint32_t kind = wirelens::table::DecodeInput(l, message, size);
  l.decoder->set_strings_as_bytes(false);
  l.decoder->set_keep_strings(false);
  if (kind != 0) {
    records->Empty(message, record);
    return kind;
  }
  return records->Replace(message, record, &l.decoder->strings()) ? 0 : wirelens::table::ReportLimit();
}

// `record` -> its wire bytes (output), as a generated resident message's encode.
WL_EXPORT_NAME("wl_table_record_encode")
uint32_t wl_table_record_encode(uint32_t handle, uint32_t message, uint8_t* record) {
  const Records* records = RecordsOf(handle, message);
  if (records == nullptr) return wirelens::jsbind::ReportTapeError();
  if (!records->ToTape(message, record, Strings::kByteArea)) return wirelens::table::ReportLimit();
  return wirelens::table::EncodeTapeToOutput(wirelens::table::Find(handle)->tables, message);
}

// The tape JS wrote -> `record`'s contents, as a generated resident message's from_tape: 0, or
// jsbind::kTapeError for a bad tape (the record is then empty).
WL_EXPORT_NAME("wl_table_record_from_tape")
uint32_t wl_table_record_from_tape(uint32_t handle, uint32_t message, uint8_t* record) {
  const Records* records = RecordsOf(handle, message);
  if (records != nullptr && records->Replace(message, record))
    return wirelens::jsbind::Report(wirelens::ErrorKind::kOk, 0);
  return wirelens::jsbind::ReportTapeError();
}

// `record` (with `slot` < its slot count: that field's value alone) -> the tape, for JS to read
// as a decode's: 1, or 0 when memory runs out or the records nest deeper than a tape may.
WL_EXPORT_NAME("wl_table_record_to_tape")
uint32_t wl_table_record_to_tape(uint32_t handle, uint32_t message, const uint8_t* record, uint32_t slot) {
  const Records* records = RecordsOf(handle, message);
  return records != nullptr && records->ToTape(message, record, Strings::kText, slot);
}

// A resident setter's operation (jsbind::FieldOp) on field slot `slot`: kSet (the value alone on
// the tape JS wrote): 1, or 0 on a bad tape; kClear: 1; kMutable: the address of the message made
// present (a repeated field's new element), 0 when memory runs out.
WL_EXPORT_NAME("wl_table_record_field")
uint32_t wl_table_record_field(uint32_t handle, uint32_t message, uint8_t* record, uint32_t slot, uint32_t op) {
  const Records* records = RecordsOf(handle, message);
  if (records == nullptr) return 0;
  switch (op) {
    case wirelens::jsbind::kSet: return records->SetSlot(message, record, slot);
    case wirelens::jsbind::kClear: records->ClearSlot(message, record, slot); return 1;
    case wirelens::jsbind::kMutable:
      return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(records->MutableSlot(message, record, slot)));
    default: return 0;
  }
}

}  // extern "C"
