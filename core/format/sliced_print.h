// A plain message's text format or JSON printed a slice at a time, so that a caller with frames to
// keep (the app's Export) can print a large message across them: the same bytes MessageText and
// MessageJson print, handed to `write` in pieces.
//
// The printer walks the message's levels as the wire lays them out: a field's value is printed
// whole, except a message value larger than Limits::split_bytes whose own fields can be printed one
// by one (every field declared, no map, no group; text: no closed enum, whose unknown numbers print
// at the message's end; JSON: no well-known type), which it enters. Each Step() prints pieces of at
// most Limits::piece_bytes of input (or one value that is not entered), asking between them
// whether to go on.
#ifndef WIRELENS_CORE_FORMAT_SLICED_PRINT_H_
#define WIRELENS_CORE_FORMAT_SLICED_PRINT_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/schema/schema.h"

namespace wirelens::format {

using WritePiece = std::function<void(std::string_view)>;

// One message being printed: its type, its bytes not printed yet, its nesting (0: the top).
struct PrintLevel {
  int message = -1;
  const uint8_t* at = nullptr;
  const uint8_t* end = nullptr;
  int depth = 0;
  // JSON's: no member written yet; the repeated message field whose array is open (0: none).
  bool first = true;
  uint32_t open_array = 0;
};

// What a format prints of a level (wire_text.cc, json_format.cc). Every call's bytes are whole
// fields of the level, in wire order; the walk cuts a field's occurrences into pieces only between
// the elements of a repeated message field.
class LevelPrinter {
 public:
  virtual ~LevelPrinter() = default;
  // True when the walk may print a message of type `m` a field at a time (its fields declared, no
  // map and no group: the walk checks those), and field `f` of it apart from its siblings.
  virtual bool Splits(const schema::Message& m) const = 0;
  virtual bool SplitsAround(const schema::Field& f) const = 0;
  // The top level's message printed whole (it does not split); false when its bytes are not plain.
  virtual bool Whole(const PrintLevel& top) = 0;
  // Before the first piece of the top level, and around an entered value of field `f` of `parent`.
  virtual void Begin(const PrintLevel& top) = 0;
  virtual void Enter(PrintLevel& parent, const schema::Field& f) = 0;
  // After a level's last piece (the top's too).
  virtual void Leave(PrintLevel& level) = 0;
  // The fields in [from, to) of `level`; false when they are not plain.
  virtual bool Print(PrintLevel& level, const uint8_t* from, const uint8_t* to) = 0;
  // Writes what is still held; `error` says why the output is not the whole message ("" when it is).
  virtual void Finish() = 0;
  std::string error;
};

// Text format as MessageText prints it, and JSON as MessageJson does (default options).
std::unique_ptr<LevelPrinter> TextLevelPrinter(const schema::Schema& schema, WritePiece write);
std::unique_ptr<LevelPrinter> JsonLevelPrinter(const schema::Schema& schema, WritePiece write);

class SlicedPrint {
 public:
  struct Limits {
    size_t split_bytes = size_t{64} << 10;  // message values larger than this are entered
    size_t piece_bytes = size_t{64} << 10;  // a piece ends after this much input, at a field
  };

  // Precondition: IsPlainMessage(data, size, &schema, message). `data` and `schema` outlive the
  // printer unchanged.
  SlicedPrint(const uint8_t* data, size_t size, const schema::Schema& schema, int message,
              std::unique_ptr<LevelPrinter> printer, Limits limits);
  SlicedPrint(const uint8_t* data, size_t size, const schema::Schema& schema, int message,
              std::unique_ptr<LevelPrinter> printer)
      : SlicedPrint(data, size, schema, message, std::move(printer), Limits()) {}

  // Prints a piece, then more while `more()` returns true, until the message is done. Returns true
  // once it is (every piece written, the printer finished).
  bool Step(const std::function<bool()>& more);
  bool done() const { return levels_.empty(); }
  // Bytes of the message printed so far (for progress).
  size_t position() const { return levels_.empty() ? size_ : static_cast<size_t>(levels_.back().at - data_); }
  // Why the output stops short or is not the message's whole form, once done; "" when it is.
  const std::string& error() const { return printer_->error; }

 private:
  // True when a message of type `message` in [p, end) can be printed a field at a time.
  bool Splits(int message, const uint8_t* p, const uint8_t* end) const;
  // Prints the next piece of the innermost level, or enters or leaves a level.
  void Next();
  void Stop(std::string why);

  const uint8_t* data_;
  size_t size_;
  const schema::Schema& schema_;
  std::unique_ptr<LevelPrinter> printer_;
  Limits limits_;
  std::vector<PrintLevel> levels_;
};

}  // namespace wirelens::format

#endif  // WIRELENS_CORE_FORMAT_SLICED_PRINT_H_
