#!/usr/bin/env node
// A/B of two builds of one case's wirelens codec (assembled NAME.wl.js files), for work on the
// codec itself (BENCHMARKS.md, "The bench codec's size"): each operation timed on both in one Node
// process, alternating rounds, median of the rounds, and B's time over A's. This harness favours the
// module loaded first (B) by up to 15% on small messages whatever it holds, so read a run together
// with the one of the swapped order. Two different builds in one process can also disturb each
// other (tile decode of one of them: 6x in some runs, BENCHMARKS.md); check a surprise alone.
// Usage: node --expose-gc web/bench/ab.mjs --case NAME [--ops encode,decode,rdecode,rencode,rfresh]
//          [--rounds N] [--ms N] A.wl.js B.wl.js
// Operations: encode / decode from JS objects; rdecode into a reused resident message, rfresh into
// a new one (then freed), rencode of a resident message (encodeView).
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { CASES } from "../../bench_cases/cases.mjs";
import { parseCommandLine } from "../command_line.mjs";

const { values, positionals } = parseCommandLine(
  {
    case: { type: "string" },
    ops: { type: "string", default: "encode,decode,rdecode,rencode,rfresh" },
    rounds: { type: "string", default: "9" },
    ms: { type: "string", default: "200" },
  },
  "usage: node web/bench/ab.mjs --case NAME [--ops a,b] [--rounds N] [--ms N] A.wl.js B.wl.js",
  ({ values, positionals }) => Boolean(values.case) && positionals.length === 2,
);
const benchCase = CASES.find((c) => c.name === values.case);
if (!benchCase) throw new Error(`unknown case ${values.case}; known: ${CASES.map((c) => c.name).join(", ")}`);
const object = benchCase.generate();

/** The timed operations of one assembled codec file. */
async function prepare(file) {
  const module = await import(pathToFileURL(resolve(file)).href);
  const codecs = await module.load({ int64: "number" });
  const codec = codecs.byFullName.get(benchCase.type);
  const bytes = codec.encode(object);
  const source = codec.create(object),
    target = codec.create();
  return {
    bytes,
    encode: () => codec.encode(object),
    decode: () => codec.decode(bytes),
    rdecode: () => target.decode(bytes),
    rencode: () => source.encodeView(),
    rfresh: () => {
      const message = codec.create();
      message.decode(bytes);
      message.free();
    },
  };
}

/** Nanoseconds per call of `run`, over at least `ms` milliseconds and two calls. */
function time(run, ms) {
  let calls = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms || calls < 2) {
    run();
    calls++;
    now = performance.now();
  }
  return ((now - start) * 1e6) / calls;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const b = await prepare(positionals[1]);
const a = await prepare(positionals[0]);
if (Buffer.compare(Buffer.from(a.bytes), Buffer.from(b.bytes)) !== 0) throw new Error("A and B encode differently");
for (const op of values.ops.split(",")) {
  if (!(op in a) || op === "bytes") throw new Error(`unknown operation ${op}`);
  const timesA = [],
    timesB = [];
  for (let round = 0; round < Number(values.rounds); round++) {
    timesA.push(time(a[op], Number(values.ms)));
    timesB.push(time(b[op], Number(values.ms)));
  }
  const [ma, mb] = [median(timesA), median(timesB)];
  console.log(
    `${benchCase.name} ${op}: A ${ma.toFixed(0)} ns (min ${Math.min(...timesA).toFixed(0)}) | ` +
      `B ${mb.toFixed(0)} ns (min ${Math.min(...timesB).toFixed(0)}) | B/A ${(mb / ma).toFixed(3)}`,
  );
}
