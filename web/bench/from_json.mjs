#!/usr/bin/env node
// ProtoJSON read in one Node process, rounds alternating, best round each: wirelens's fromJson
// (the generated JS reader), protobuf.js 8's fromObject(JSON.parse(s)), @bufbuild/protobuf's
// fromJsonString, and JSON.parse alone, on the cases the suite times ProtoJSON in. The objects are
// not read after (the suite's decode rows read every field). build/web must be built.
// Usage: node web/bench/from_json.mjs [--cases bench,partialSketch] [--rounds N]
import { fileURLToPath, pathToFileURL } from "node:url";
import { join } from "node:path";
import { fromJsonString } from "@bufbuild/protobuf";
import { CASES } from "../../bench_cases/cases.mjs";
import { parseCommandLine } from "../command_line.mjs";

const { values } = parseCommandLine(
  { cases: { type: "string", default: "bench,partialSketch" }, rounds: { type: "string", default: "15" } },
  "usage: node web/bench/from_json.mjs [--cases bench,partialSketch] [--rounds N]",
);
const BUILD = fileURLToPath(new URL("../../build/web", import.meta.url));
const { PEERS } = await import(pathToFileURL(join(BUILD, "bench/gen/peers.mjs")).href);

console.log(`Node ${process.version}, best of ${values.rounds} rounds; time per read, ratio to wirelens`);
console.log(
  "| case | JSON | wirelens fromJson | protobuf.js 8 | @bufbuild/protobuf | JSON.parse alone |\n|---|---:|---:|---:|---:|---:|",
);
for (const name of values.cases.split(",")) {
  const c = CASES.find((x) => x.name === name);
  if (!c?.protoJson) throw new Error(`${name}: not a case with ProtoJSON`);
  const module = await import(pathToFileURL(join(BUILD, `codecs/json/${name}_json.wl.js`)).href);
  const T = (await module.load({ int64: "number" })).byFullName.get(c.type);
  let pbjs8 = PEERS[name].pbjs8;
  for (const part of c.type.split(".")) pbjs8 = pbjs8[part];
  const schema = PEERS[name].es[`${c.type.split(".").pop()}Schema`];
  const json = T.toJson(c.generate());
  /** @type {Record<string, () => unknown>} */
  const paths = {
    wirelens: () => T.fromJson(json),
    pbjs8: () => pbjs8.fromObject(JSON.parse(json)),
    bufbuild: () => fromJsonString(schema, json),
    parse: () => JSON.parse(json),
  };
  const calls = Math.max(1, Math.round(3e6 / json.length));
  /** @type {Record<string, number>} */
  const best = {};
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const [path, run] of Object.entries(paths)) {
      const start = performance.now();
      for (let i = 0; i < calls; i++) run();
      best[path] = Math.min(best[path] ?? Infinity, (performance.now() - start) / calls);
    }
  }
  const time = (/** @type {number} */ ms) => (ms < 1 ? `${(ms * 1e3).toFixed(2)} µs` : `${ms.toFixed(0)} ms`);
  const cell = (/** @type {string} */ path) => `${time(best[path])}, ${(best[path] / best.wirelens).toFixed(2)}x`;
  console.log(
    `| ${name} | ${json.length} chars | ${time(best.wirelens)} | ${cell("pbjs8")} | ${cell("bufbuild")} | ${cell("parse")} |`,
  );
}
