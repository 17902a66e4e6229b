// tools/check_test_docs.mjs: a suite TESTING.md does not name is reported; names and prefix_*
// patterns written as code count, the same word in plain text does not.
import assert from "node:assert/strict";
import { test } from "node:test";

import { fuzzTargets, undocumented } from "../../tools/check_test_docs.mjs";

test("check_test_docs: suites missing from the document are named", () => {
  const doc = "| `wire_test` | ... |\n| `conformance_v33_2023_*` | ... |\nsemantics_test in plain text\n";
  const suites = ["wire_test", "conformance_v33_2023_native", "semantics_test", "fuzz_edit"];
  assert.deepEqual(undocumented(suites, doc), ["semantics_test", "fuzz_edit"]);
  assert.deepEqual(undocumented(["wire_test"], doc), []);
});

test("check_test_docs: fuzz targets are read from their CMake declarations", () => {
  const cmake =
    "wirelens_add_fuzzer(fuzz_reader wirelens::wire)\n  wirelens_add_fuzzer(fuzz_edit x)\n# wirelens_add_fuzzer\n";
  assert.deepEqual(fuzzTargets(cmake), ["fuzz_reader", "fuzz_edit"]);
});
