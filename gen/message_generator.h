// Emits the C++ for one message: its class declaration, inline accessors and out-of-line
// size/encode/decode/clear definitions.
#ifndef WIRELENS_GEN_MESSAGE_GENERATOR_H_
#define WIRELENS_GEN_MESSAGE_GENERATOR_H_

#include <google/protobuf/io/printer.h>

#include "gen/field_model.h"

namespace wirelens::gen {

class MessageGenerator {
 public:
  MessageGenerator(const pb::Descriptor* message, const Options& options);

  void DeclareClass(pb::io::Printer& p) const;     // header: the class
  void DefineAccessors(pb::io::Printer& p) const;  // header, after all classes: inline accessors
  void DefineMethods(pb::io::Printer& p) const;    // source: constructors, Clear, size, encode, decode

 private:
  using Vars = std::map<std::string, std::string>;
  Vars FieldVars(const FieldModel& f) const;
  void DeclareFieldAccessors(pb::io::Printer& p, const FieldModel& f) const;
  void DefineFieldAccessors(pb::io::Printer& p, const FieldModel& f) const;
  void DefineClear(pb::io::Printer& p) const;
  void DefineComputeSize(pb::io::Printer& p) const;
  void DefineEncode(pb::io::Printer& p) const;
  void DefineMergeFrom(pb::io::Printer& p) const;
  void EmitFieldSize(pb::io::Printer& p, const FieldModel& f) const;
  void EmitFieldWrite(pb::io::Printer& p, const FieldModel& f) const;
  void EmitFieldRead(pb::io::Printer& p, const FieldModel& f) const;
  // The case of MergeFrom's pointer loop for `f` (a field ReadOnPointer).
  void EmitFastFieldRead(pb::io::Printer& p, const FieldModel& f) const;
  std::string PresenceCondition(const FieldModel& f) const;
  std::string ClearExpression(const FieldModel& f) const;

  Options options_;
  MessageModel model_;
};

}  // namespace wirelens::gen

#endif  // WIRELENS_GEN_MESSAGE_GENERATOR_H_
