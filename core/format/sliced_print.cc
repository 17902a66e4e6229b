#include "core/format/sliced_print.h"

#include <utility>

#include "core/wire/reader.h"

namespace wirelens::format {
namespace {

using schema::FieldType;

constexpr char kNotPlain[] = "the message cannot be printed: its bytes are not plain";

// One field as it lies at `at`: its declaration (null when undeclared), where its value is, and
// where the next field starts (null when the bytes do not parse).
struct FieldAt {
  uint32_t number = 0;
  WireType wire_type = WireType::kVarint;
  const schema::Field* field = nullptr;
  ByteView value;  // a length-delimited value
  const uint8_t* next = nullptr;
};

FieldAt ReadFieldAt(const schema::Message& m, const uint8_t* at, const uint8_t* end) {
  FieldAt f;
  Reader reader(at, static_cast<size_t>(end - at));
  if (!reader.NextField()) return f;
  f.number = reader.field_number();
  f.wire_type = reader.wire_type();
  const int index = m.FieldIndex(f.number);
  f.field = index >= 0 ? &m.fields[index] : nullptr;
  const bool read =
      f.wire_type == WireType::kLengthDelimited ? reader.ReadLengthDelimited(&f.value) : reader.SkipField();
  if (read) f.next = reader.position();
  return f;
}

bool IsMessageValue(const FieldAt& f) {
  return f.field != nullptr && f.wire_type == WireType::kLengthDelimited && f.field->type == FieldType::kMessage &&
         !f.field->is_map && f.field->message >= 0;
}

}  // namespace

SlicedPrint::SlicedPrint(const uint8_t* data, size_t size, const schema::Schema& schema, int message,
                         std::unique_ptr<LevelPrinter> printer, Limits limits)
    : data_(data), size_(size), schema_(schema), printer_(std::move(printer)), limits_(limits) {
  levels_.push_back({message, data, data + size, 0});
}

bool SlicedPrint::Splits(int message, const uint8_t* p, const uint8_t* end) const {
  const schema::Message& m = schema_.messages[message];
  if (!printer_->Splits(m)) return false;
  while (p < end) {
    const FieldAt f = ReadFieldAt(m, p, end);
    if (f.next == nullptr || f.field == nullptr || f.field->is_map || f.wire_type == WireType::kStartGroup ||
        !schema::AcceptsWireType(*f.field, f.wire_type) || !printer_->SplitsAround(*f.field)) {
      return false;
    }
    p = f.next;
  }
  return true;
}

bool SlicedPrint::Step(const std::function<bool()>& more) {
  do { Next(); } while (!levels_.empty() && more());
  return levels_.empty();
}

void SlicedPrint::Stop(std::string why) {
  if (printer_->error.empty()) printer_->error = std::move(why);
  levels_.clear();
  printer_->Finish();
}

void SlicedPrint::Next() {
  PrintLevel& level = levels_.back();
  if (level.depth == 0 && level.at == data_) {  // the first piece
    if (!Splits(level.message, level.at, level.end)) {
      if (!printer_->Whole(level)) return Stop(kNotPlain);
      levels_.clear();
      printer_->Finish();
      return;
    }
    printer_->Begin(level);
  }
  if (level.at == level.end) {
    printer_->Leave(level);
    levels_.pop_back();
    if (levels_.empty()) printer_->Finish();
    return;
  }
  const schema::Message& m = schema_.messages[level.message];
  const uint8_t* from = level.at;
  const uint8_t* p = from;
  uint32_t last_number = 0;
  while (p < level.end) {
    const FieldAt f = ReadFieldAt(m, p, level.end);
    if (f.next == nullptr) return Stop(kNotPlain);
    const bool element = IsMessageValue(f) && f.field->label == schema::Label::kRepeated;
    const bool may_cut = f.number != last_number || element;
    if (p > from && may_cut && static_cast<size_t>(p - from) >= limits_.piece_bytes) break;
    if (IsMessageValue(f) && f.value.size > limits_.split_bytes &&
        Splits(f.field->message, f.value.data, f.value.data + f.value.size)) {
      if (p > from && !printer_->Print(level, from, p)) return Stop(kNotPlain);  // what comes before it first
      level.at = f.next;
      printer_->Enter(level, *f.field);
      levels_.push_back({f.field->message, f.value.data, f.value.data + f.value.size, level.depth + 1});
      return;
    }
    last_number = f.number;
    p = f.next;
  }
  level.at = p;
  if (!printer_->Print(level, from, p)) Stop(kNotPlain);
}

}  // namespace wirelens::format
