// The Traffic window's model: a HAR capture read a slice of entries per frame, each exchange read
// as an RPC over the loaded schema, the user's type rules, the filter and the selection.
#ifndef WIRELENS_APP_MODEL_TRAFFIC_STATE_H_
#define WIRELENS_APP_MODEL_TRAFFIC_STATE_H_

#include <memory>
#include <string>
#include <vector>

#include "app/model/file_bytes.h"
#include "core/capture/call.h"
#include "core/capture/har.h"

namespace wirelens::app {

// An exchange as the list shows it.
struct TrafficRow {
  capture::Call call;
  size_t request_bytes = 0, response_bytes = 0;
  // Every body read whole and every message decoded as its type (else `problem` says the first why).
  bool clean = true;
  std::string problem;
};

struct TrafficState {
  std::string file;                            // the HAR's name ("" when none is loaded)
  FileBytes bytes;                             // the HAR's text while it is read (freed once read)
  std::unique_ptr<capture::HarReader> reader;  // null once read
  std::vector<capture::Exchange> exchanges;
  std::vector<TrafficRow> rows;          // one per exchange
  std::string error;                     // why the file is not a HAR ("line:column: why"), or ""
  std::vector<capture::TypeRule> rules;  // set by the user for this session
  std::string filter;                    // as typed: rows whose text contains it (any case)
  bool protobuf_only = true;             // hide exchanges that are not protobuf
  int selected = -1;                     // index into exchanges, or -1
  double started_ms = 0;
};

}  // namespace wirelens::app

#endif  // WIRELENS_APP_MODEL_TRAFFIC_STATE_H_
