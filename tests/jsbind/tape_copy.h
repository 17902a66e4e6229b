// A copy of the tape C++ last wrote (core/jsbind/tape.h) for tests that compare two tapes: its
// words and the two texts its strings were cut from.
#ifndef WIRELENS_TESTS_JSBIND_TAPE_COPY_H_
#define WIRELENS_TESTS_JSBIND_TAPE_COPY_H_

#include <cstdint>
#include <string>
#include <vector>

#include "core/jsbind/tape.h"

namespace wirelens::testing {

struct TapeCopy {
  std::vector<uint32_t> words;
  std::string text;
  std::u16string wide;
};

// The first `words` words of GlobalState()'s tape and its texts.
inline TapeCopy CopyTape(size_t words) {
  const jsbind::State& s = jsbind::GlobalState();
  return {std::vector<uint32_t>(s.tape, s.tape + words), std::string(reinterpret_cast<char*>(s.text), s.text_size),
          std::u16string(reinterpret_cast<char16_t*>(s.wide), s.wide_units)};
}

}  // namespace wirelens::testing

#endif  // WIRELENS_TESTS_JSBIND_TAPE_COPY_H_
