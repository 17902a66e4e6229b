// assemble.mjs's checks of the C++ half: a contract member runtime.js reads that the contract lacks
// or holds as something else than a number, or an export it calls that the wasm lacks, fails the
// assembly with its name.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { checkContract, checkExports, contractReads, exportReads } from "../contract_check.mjs";
import { readRuntime } from "../runtime_source.mjs";

const RUNTIME = readRuntime();

// A contract with every member runtime.js reads, each a plausible value.
function fullContract() {
  const contract = {
    kinds: [["ok", "no error"]],
    json_hex_escapes: [
      [0x7f, 0x9f],
      [0xad, 0xad],
    ],
  };
  for (const path of contractReads(RUNTIME)) {
    if (path[0] === "kinds" || path[0] === "json_hex_escapes") continue;
    if (path.length === 1) contract[path[0]] ??= 1;
    else {
      if (typeof contract[path[0]] !== "object") contract[path[0]] = {};
      contract[path[0]][path[1]] = path[1] === "holds" ? true : 3;
    }
  }
  return contract;
}

test("contract: runtime.js's reads are found, and a full contract passes", () => {
  const reads = contractReads(RUNTIME).map((p) => p.join("."));
  for (const expected of ["state.tape", "state.scratch", "kinds", "depth_limit", "field_ops.mutable", "layout.holds"])
    assert.ok(reads.includes(expected), expected);
  assert.ok(!reads.some((r) => r.endsWith(".") || r === "cc"), reads.join(" "));
  checkContract(fullContract(), RUNTIME, "js_contract.wasm");
});

test("contract: a missing State field, a non-numeric offset or bad kinds fail by name", () => {
  const missing = fullContract();
  delete missing.state.scratch;
  assert.throws(() => checkContract(missing, RUNTIME, "c.wasm"), /c\.wasm: the contract lacks "state\.scratch"/);
  const text = fullContract();
  text.state.tape = "4";
  assert.throws(() => checkContract(text, RUNTIME, "c.wasm"), /"state\.tape" is "4", not a word offset/);
  const flags = fullContract();
  flags.field_ops.set = null;
  assert.throws(() => checkContract(flags, RUNTIME, "c.wasm"), /"field_ops\.set" is null, not a number/);
  const kinds = fullContract();
  kinds.kinds = [["ok"]];
  assert.throws(() => checkContract(kinds, RUNTIME, "c.wasm"), /"kinds" is not a list/);
  const escapes = fullContract();
  escapes.json_hex_escapes = [
    [0xad, 0xad],
    [0x7f, 0x9f],
  ];
  assert.throws(() => checkContract(escapes, RUNTIME, "c.wasm"), /"json_hex_escapes" is not a list of ascending/);
});

test("exports: a per-type op or a module-wide export the wasm lacks fails by name", () => {
  const { global, perType } = exportReads(RUNTIME);
  assert.ok(global.includes("wl_state") && perType.includes("decode_js") && perType.includes("layout"));
  const plain = perType.filter((op) => !op.startsWith("format_"));
  const exportsOf = (ops) => [...global, "memory", ...ops.flatMap((op) => [`wl:a.A:${op}`, `wl:a.B:${op}`])];
  checkExports(exportsOf(plain), RUNTIME, "x.wasm");
  checkExports(exportsOf(perType), RUNTIME, "x.wasm");
  const names = exportsOf(plain).filter((name) => name !== "wl:a.B:from_tape" && name !== "wl_reserve");
  assert.throws(
    () => checkExports(names, RUNTIME, "x.wasm"),
    /x\.wasm: the codec lacks wl_reserve; lacks wl:a\.B:from_tape$/,
  );
  const someFormats = [...exportsOf(plain), "wl:a.A:format_out"];
  assert.throws(() => checkExports(someFormats, RUNTIME, "x.wasm"), /lacks wl:a\.A:format_tape/);
  assert.throws(() => checkExports(global, RUNTIME, "x.wasm"), /exports no message type/);
  // The table codec's module: no types of its own, the exports its part calls.
  const part = readFileSync(new URL("../parts/table.part.js", import.meta.url), "utf8");
  const tableExports = [...global, ...exportReads(part).global];
  checkExports(tableExports, RUNTIME + part, "table.wasm");
  assert.throws(
    () =>
      checkExports(
        tableExports.filter((name) => name !== "wl_table_encode"),
        RUNTIME + part,
        "table.wasm",
      ),
    /table\.wasm: the codec lacks wl_table_encode$/,
  );
  // Its format exports (the module built with formats): all, or none.
  const binaryOnly = tableExports.filter((name) => !name.startsWith("wl_table_format_"));
  assert.ok(binaryOnly.length === tableExports.length - 3);
  checkExports(binaryOnly, RUNTIME + part, "table.wasm");
  assert.throws(
    () => checkExports([...binaryOnly, "wl_table_format_in"], RUNTIME + part, "table_formats.wasm"),
    /table_formats\.wasm: the codec lacks wl_table_format_tape; lacks wl_table_format_out$/,
  );
});

test("runtime: runtime_json.js is spliced in where runtime.js imports it, without its exports", () => {
  assert.doesNotMatch(RUNTIME, /^import /m);
  assert.match(RUNTIME, /^function jStr\(v\) \{$/m);
  assert.match(RUNTIME, /^let JSON_HEX_ESCAPES = \[\];$/m);
  const json = readFileSync(new URL("../runtime_json.js", import.meta.url), "utf8");
  const exported = [...json.matchAll(/^export (?:function|const) (\w+)/gm)].map((m) => m[1]);
  assert.ok(exported.includes("jMapKeys") && exported.includes("LEAVE"));
  for (const name of exported) assert.doesNotMatch(RUNTIME, new RegExp(`^export (function|const) ${name}\\b`, "m"));
  assert.ok(RUNTIME.indexOf("function jStr(") < RUNTIME.indexOf("export async function load("));
});
