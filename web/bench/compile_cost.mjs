#!/usr/bin/env node
// What building a codec from a schema at run time costs (a program, not a test): the table codec's
// compile() of a FileDescriptorSet (tables in wasm, then the JS readers and writers), against
// protobuf.js 8 building the same types from the same descriptor set (Root.fromDescriptor) and from
// the .proto files (loadSync), each followed by one encode and decode of an empty message of every type
// (protobuf.js generates its functions on first use). Medians of --rounds fresh builds.
// Usage: node web/bench/compile_cost.mjs [--rounds N] [-I DIR]... FILE.proto
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import protobuf from "protobufjs";
import descriptorExtension from "protobufjs/ext/descriptor/index.js";
import { parseCommandLine } from "../command_line.mjs";

const descriptor = /** @type {any} */ (descriptorExtension);
const REPO = fileURLToPath(new URL("../..", import.meta.url));
const { values, positionals } = parseCommandLine(
  { rounds: { type: "string", default: "21" }, include: { type: "string", short: "I", multiple: true } },
  "usage: node web/bench/compile_cost.mjs [--rounds N] [-I DIR]... FILE.proto",
  ({ positionals }) => positionals.length === 1,
);
const proto = resolve(positionals[0]);
const dirs = [dirname(proto), ...(values.include ?? []).map((d) => resolve(d))];
const setFile = join(mkdtempSync(join(tmpdir(), "wirelens-cost-")), "set.pb");
execFileSync("protoc", [...dirs.map((d) => `-I${d}`), "--include_imports", `--descriptor_set_out=${setFile}`, proto]);
const set = new Uint8Array(readFileSync(setFile));
const table = await (await import(pathToFileURL(join(REPO, "build/web/codecs/table.wl.js")).href)).load();

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
function time(build) {
  const ms = [];
  let types = 0;
  for (let i = 0; i < Number(values.rounds); i++) {
    const start = performance.now();
    types = build();
    ms.push(performance.now() - start);
  }
  return { ms: median(ms), types };
}
// compile()'s own account of its parts (buildTimes), the medians over the same builds.
const parts = { tables: [], js: [] };
const wirelens = time(() => {
  const codecs = table.compile(set);
  parts.tables.push(codecs.buildTimes.tables);
  parts.js.push(codecs.buildTimes.js);
  let n = 0;
  for (const codec of codecs.byFullName.values()) {
    codec.decode(codec.encode({}));
    n++;
  }
  codecs.free();
  return n;
});
const exercise = (root) => {
  let n = 0;
  const walk = (ns) => {
    for (const nested of ns.nestedArray ?? []) {
      if (nested instanceof protobuf.Type && !nested.options?.map_entry) {
        nested.decode(nested.encode(nested.fromObject({})).finish());
        n++;
      }
      if (nested.nestedArray) walk(nested);
    }
  };
  walk(root);
  return n;
};
// (protobuf.js cannot build every descriptor set: NaN then.)
let fromDescriptor = { ms: NaN, types: 0 };
try {
  fromDescriptor = time(() =>
    exercise(/** @type {any} */ (protobuf.Root).fromDescriptor(descriptor.FileDescriptorSet.decode(set))),
  );
} catch (e) {
  console.error(`protobuf.js Root.fromDescriptor: ${e.message}`);
}
const fromText = time(() => {
  const root = new protobuf.Root();
  root.resolvePath = (origin, target) =>
    dirs.map((dir) => join(dir, target)).find((f) => existsSync(f)) ?? protobuf.util.path.resolve(origin, target);
  return exercise(root.loadSync(proto, { keepCase: false }));
});
console.log(`${proto}: ${wirelens.types} message types, median of ${values.rounds} builds (Node ${process.version})`);
console.log(`| build | ms | vs protobuf.js from the .proto |`);
console.log(`|---|---:|---:|`);
/** @type {Array<[string, { ms: number }]>} */
const rows = [
  ["wirelens compile() (tables + JS readers/writers) + first use", wirelens],
  ["  of which: the tables in wasm (descriptor set read, tables built)", { ms: median(parts.tables) }],
  ["  of which: the JS readers and writers (described, generated, evaluated)", { ms: median(parts.js) }],
  ["protobuf.js 8 Root.fromDescriptor + first use", fromDescriptor],
  ["protobuf.js 8 parse(.proto) + first use", fromText],
];
for (const [name, r] of rows) {
  console.log(`| ${name} | ${r.ms.toFixed(2)} | ${(r.ms / fromText.ms).toFixed(2)}x |`);
}
