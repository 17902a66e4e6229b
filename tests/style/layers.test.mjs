// The layer order (tools/check_layers.mjs) holds for the tree, and the check catches a bad include.
import assert from "node:assert/strict";
import { resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { LAYERS, layerCycles, layerViolations, sourceFiles, unitOf } from "../../tools/check_layers.mjs";

const ROOT = resolve(fileURLToPath(import.meta.url), "../../..");

test("layers: every #include of the tree follows the order", () => {
  const files = sourceFiles(ROOT);
  assert.ok(files.length > 150, `${files.length} files`);
  assert.deepEqual(layerViolations(files), []);
  assert.deepEqual(layerCycles(), []);
});

test("layers: an include upward or across is reported with its line", () => {
  const files = [
    { path: "core/wire/reader.cc", text: '#include "core/wire/reader.h"\n#include "core/inspect/node.h"\n' },
    { path: "core/inspect/edit.cc", text: '#include <string>\n#include "core/format/text_format.h"\n' },
    { path: "core/format/json_values.cc", text: '#include "core/schema/loader.h"\n' },
    { path: "gen/names.cc", text: '#include "core/text/literal.h"\n' },
    { path: "core/text/literal.cc", text: '#include "core/text/literal.h"\n#include "core/schema/schema.h"\n' },
    { path: "core/inspect/edit_test.cc", text: '#include "core/format/text_format.h"\n' },
  ];
  assert.deepEqual(layerViolations(files), [
    "core/wire/reader.cc:2: includes core/inspect/node.h (core/wire may not include core/inspect)",
    "core/inspect/edit.cc:2: includes core/format/text_format.h (core/inspect may not include core/format)",
    "core/format/json_values.cc:1: includes core/schema/loader.h (core/format may not include core/schema/loader)",
    "gen/names.cc:1: includes core/text/literal.h (gen may not include core/text)",
  ]);
});

test("layers: units of files, and a cycle in the order is found", () => {
  assert.equal(unitOf("core/schema/loader.cc"), "core/schema/loader");
  assert.equal(unitOf("core/schema/schema.h"), "core/schema");
  assert.equal(unitOf("web/codec/runtime.js"), undefined);
  assert.deepEqual(layerCycles({ ...LAYERS, "core/wire": ["core/format"] }).sort(), [
    "core/format",
    "core/inspect",
    "core/schema",
    "core/text",
    "core/wire",
  ]);
});
