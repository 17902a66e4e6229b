// tools/check_size.mjs, which the wasm size budgets of CTest run: over budget fails, and a missing
// or malformed budget is refused rather than compared (a comparison with NaN would pass).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const TOOL = resolve(fileURLToPath(import.meta.url), "../../../tools/check_size.mjs");

test("check_size: within, over, and without a usable budget", () => {
  const file = join(mkdtempSync(join(tmpdir(), "wirelens-size-")), "probe.wasm");
  writeFileSync(file, Buffer.alloc(1000));
  const status = (...args) => spawnSync(process.execPath, [TOOL, ...args], { encoding: "utf8" }).status;
  assert.equal(status(file, "1000"), 0);
  assert.equal(status(file, "999"), 1);
  assert.equal(status(file), 2);
  assert.equal(status(file, "40KB"), 2);
  assert.equal(status(file, "0"), 2);
  assert.equal(status(`${file}.missing`, "1000"), 2);
});
