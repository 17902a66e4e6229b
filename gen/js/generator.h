// The JS binding of one .proto file (plugin parameter "js"): the C++ glue that moves messages
// to and from the tape (core/jsbind/tape.h) and exports them to JS, and the JS and TypeScript
// parts that web/codec/assemble.mjs joins with the runtime into one module per codec.
//   NAME.wl.js.h / NAME.wl.js.cc   ToTape/FromTape specialisations, extern "C" exports
//   NAME.wl.part.js                readers, writers, resident classes (needs the runtime's scope)
//   NAME.wl.part.d.ts              interfaces of the plain objects and the codecs
#ifndef WIRELENS_GEN_JS_GENERATOR_H_
#define WIRELENS_GEN_JS_GENERATOR_H_

#include <google/protobuf/compiler/code_generator.h>

#include <string>
#include <vector>

#include "core/jsbind/tape_kind_js.h"
#include "gen/names.h"

namespace wirelens::gen {

// protobuf.js's field name for a .proto name (util.camelCase): "do_objectID" -> "doObjectID",
// "_class" stays "_class"; shared with the table-driven codec.
using jsbind::JsFieldName;

// Writes the four files above for `file`. `messages`: the file's messages, map entries excluded.
void GenerateJsBinding(const pb::FileDescriptor* file, const std::vector<const pb::Descriptor*>& messages,
                       const Options& options, pb::compiler::GeneratorContext* context);

}  // namespace wirelens::gen

#endif  // WIRELENS_GEN_JS_GENERATOR_H_
