#!/usr/bin/env node
// The two ways a from-JS decode can go, timed against each other in one Node process, rounds
// alternating, best round each: straight from the bytes to the tape (`T.decode`, the generated
// WireToTape) and through the C++ message (a reused resident message's `decode` then `toObject`:
// wire -> message -> tape, the path every decode took before and the one the transcoder hands
// over to). Both read the same tape into the same objects. The direct path is also split: the
// wasm transcoder alone (the bytes already in wasm memory) and the rest (copying the bytes in,
// reading the tape into objects), beside protobuf.js 8 static code's decode of the same bytes.
// build/web must be built.
// Usage: node web/bench/decode_paths.mjs [--cases a,b] [--rounds N]
import { fileURLToPath, pathToFileURL } from "node:url";
import { join } from "node:path";
import protobuf from "protobufjs";
import { CASES } from "../../bench_cases/cases.mjs";
import { parseCommandLine } from "../command_line.mjs";

const USAGE = "usage: node web/bench/decode_paths.mjs [--cases a,b] [--rounds N]";
const { values } = parseCommandLine(
  {
    cases: {
      type: "string",
      default: CASES.filter((c) => c.name !== "partialSketch")
        .map((c) => c.name)
        .join(","),
    },
    rounds: { type: "string", default: "9" },
  },
  USAGE,
);
const BUILD = fileURLToPath(new URL("../../build/web", import.meta.url));
const { PEERS } = await import(pathToFileURL(join(BUILD, "bench/gen/peers.mjs")).href);

/**
 * The best time per call of each named path, over rounds that alternate them.
 * @param {Record<string, () => unknown>} paths
 * @param {string[]} names
 * @param {number} calls
 */
function bestOf(paths, names, calls) {
  /** @type {Record<string, number>} */
  const best = {};
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const name of names) {
      const start = performance.now();
      for (let i = 0; i < calls; i++) paths[name]();
      best[name] = Math.min(best[name] ?? Infinity, ((performance.now() - start) * 1e6) / calls);
    }
  }
  return best;
}

console.log(`Node ${process.version}, best of ${values.rounds} rounds; ns per decode`);
console.log(
  "| case | through the C++ message | straight to the tape | speed-up | of it: wasm transcoder | of it: JS | protobuf.js 8 static |\n" +
    "|---|---:|---:|---:|---:|---:|---:|",
);
for (const name of values.cases.split(",")) {
  const c = CASES.find((x) => x.name === name);
  if (!c) throw new Error(`unknown case ${name}`);
  const codecs = await (await import(pathToFileURL(join(BUILD, `codecs/${name}.wl.js`)).href)).load();
  const T = codecs.byFullName.get(c.type);
  const type = protobuf.parse(PEERS[name].proto, { keepCase: false }).root.lookupType(c.type);
  const bytes = type.encode(type.fromObject(c.generate())).finish();
  const message = T.create();
  let pbjs8 = PEERS[name].pbjs8;
  for (const part of c.type.split(".")) pbjs8 = pbjs8[part];
  T.decode(bytes); // the bytes stay in the input buffer for the transcoder's own calls
  const paths = {
    message: () => message.decode(bytes).toObject(),
    direct: () => T.decode(bytes),
    transcoder: () => T.t.decodeJs(bytes.length),
    pbjs8: () => pbjs8.decode(bytes),
  };
  const calls = Math.max(3, Math.round(1e5 / Math.sqrt(bytes.length)));
  // Two sets of alternating rounds: timed in one set, the four paths slowed each other down
  // (tile's direct decode 5.5 ms instead of 1.0 ms in Node 20).
  const best = { ...bestOf(paths, ["message", "direct"], calls), ...bestOf(paths, ["transcoder", "pbjs8"], calls) };
  message.free();
  const ns = (/** @type {number} */ x) => `${x.toFixed(0)} ns`;
  console.log(
    `| ${name} | ${ns(best.message)} | ${ns(best.direct)} | ${(best.message / best.direct).toFixed(2)}x | ` +
      `${ns(best.transcoder)} | ${ns(best.direct - best.transcoder)} | ${ns(best.pbjs8)} |`,
  );
}
