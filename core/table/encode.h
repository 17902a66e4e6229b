// Tape -> wire by interpreting codec tables (table.h): the bytes a generated codec's encode writes
// for the same tape (core/jsbind/tape_encoder.h: a size pass that checks the tape and logs sizes,
// then a write pass front to back).
#ifndef WIRELENS_CORE_TABLE_ENCODE_H_
#define WIRELENS_CORE_TABLE_ENCODE_H_

#include <cstddef>
#include <cstdint>

#include "core/jsbind/tape.h"
#include "core/jsbind/tape_encoder.h"
#include "core/table/table.h"

namespace wirelens::table {

// Size pass: reads one message of `table` (its mask and fields) from `tape` and stores its encoded
// size in *size; false on a bad tape (one that would make a generated codec's TapeSize fail).
bool TapeSize(const Tables& tables, const MessageTable& table, jsbind::TapeReader& tape, jsbind::SizeLog& log,
              size_t* size);
// Write pass: writes the message at p, moving p past it. Preconditions: `log` is the one TapeSize
// filled for this tape, positioned at this message's slot, and p has room for the logged size.
void TapeWrite(const Tables& tables, const MessageTable& table, jsbind::TapeReader& tape, jsbind::SizeLog& log,
               uint8_t*& p);

// The bytes of the message of table `message` on the tape JS wrote (GlobalState()'s tape and byte
// area), into GlobalState().output: an ErrorKind value (0 = ok; jsbind::kTapeError for a bad tape),
// as a generated codec's encode_js export returns.
uint32_t EncodeTapeToOutput(const Tables& tables, uint32_t message);

}  // namespace wirelens::table

#endif  // WIRELENS_CORE_TABLE_ENCODE_H_
