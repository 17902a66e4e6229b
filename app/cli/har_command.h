// `wirelens har`: every protobuf exchange of a HAR capture, each message decoded as its type.
#ifndef WIRELENS_APP_CLI_HAR_COMMAND_H_
#define WIRELENS_APP_CLI_HAR_COMMAND_H_

#include <string>

#include "core/schema/schema.h"

namespace wirelens::cli {

struct HarOptions {
  std::string file;    // the HAR's path, as the user named it (for messages)
  std::string format;  // "text" or "json"
  int entry = 0;       // only this entry (from 1), whatever its protocol; 0: every RPC exchange
  std::string filter;  // only exchanges whose method and URL contain this (case-insensitive)
};

// Prints the exchanges of the HAR `json` (the file's contents) to stdout, decoded over `schema`
// (null: raw). Returns the exit code: 0 every body decoded, 1 one did not (each failure on
// stderr as "FILE: entry N response K: why at byte B"), 2 not a HAR ("FILE:line:column: why").
int RunHar(const HarOptions& options, const std::string& json, const schema::Schema* schema);

}  // namespace wirelens::cli

#endif  // WIRELENS_APP_CLI_HAR_COMMAND_H_
