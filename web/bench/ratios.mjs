#!/usr/bin/env node
// Quick ratios for working on a codec: each codec's time per operation against protobuf.js 8
// static code in the same Node process, codecs interleaved round by round, median of the rounds.
// The same prepared operations as the Benchmark Suite (web/bench/codecs.mjs; decode reads every
// field), without Benchmark.js's calibration, so a whole run takes about a minute.
// Usage: node web/bench/ratios.mjs [--cases a,b] [--codecs x,y] [--reference id] [--rounds N] [--ms N]
// (ProtoJSON: --cases bench,partialSketch --codecs wirelens-json,pbjs8-json --reference bufbuild-json)
import { fileURLToPath, pathToFileURL } from "node:url";
import protobuf from "protobufjs";
import { CASES } from "../../bench_cases/cases.mjs";
import { parseCommandLine } from "../command_line.mjs";
import { CODECS } from "./codecs.mjs";

const USAGE = "usage: node web/bench/ratios.mjs [--cases a,b] [--codecs x,y] [--reference id] [--rounds N] [--ms N]";
const { values } = parseCommandLine(
  {
    cases: { type: "string", default: CASES.map((c) => c.name).join(",") },
    codecs: { type: "string", default: "wirelens,wirelens-resident" },
    reference: { type: "string", default: "pbjs8-static" },
    rounds: { type: "string", default: "5" },
    ms: { type: "string", default: "150" },
  },
  USAGE,
);
const REFERENCE = values.reference;
const rounds = Number(values.rounds),
  budgetMs = Number(values.ms);
const codecs = [REFERENCE, ...values.codecs.split(",").filter((id) => id !== REFERENCE)].map((id) => {
  const codec = CODECS.find((x) => x.id === id);
  if (!codec) throw new Error(`unknown codec ${id}; known: ${CODECS.map((x) => x.id).join(", ")}`);
  return codec;
});
const { PEERS } = await import(
  pathToFileURL(fileURLToPath(new URL("../../build/web/bench/gen/peers.mjs", import.meta.url))).href
);

/** Nanoseconds per call of `run`, over about `ms` milliseconds. */
function time(run, ms) {
  let count = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    run();
    count++;
    now = performance.now();
  }
  return ((now - start) * 1e6) / count;
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const header = `| case | op | ${codecs.map((c) => c.id).join(" | ")} |`;
console.log(`Node ${process.version}, ${rounds} rounds x ${budgetMs} ms; ns per operation, ratio to ${REFERENCE}`);
console.log(header);
console.log(header.replace(/[^|]+/g, "---"));
for (const name of values.cases.split(",")) {
  const c = CASES.find((x) => x.name === name);
  if (!c) throw new Error(`unknown case ${name}`);
  const type = protobuf.parse(PEERS[c.name].proto, { keepCase: false }).root.lookupType(c.type);
  const object = c.generate();
  const bytes = type.encode(type.fromObject(object)).finish();
  const ops = [];
  for (const codec of codecs) ops.push(await codec.prepare({ c, object, bytes, type, peers: PEERS[c.name] }));
  for (const op of ["encode", "decode"]) {
    const samples = codecs.map(() => []);
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < codecs.length; i++) samples[i].push(time(ops[i][op], budgetMs));
    }
    const ns = samples.map(median);
    const cells = ns.map((t, i) => (i === 0 ? `${t.toFixed(0)} ns` : `${t.toFixed(0)} ns ${(ns[0] / t).toFixed(2)}x`));
    console.log(`| ${c.name} | ${op} | ${cells.join(" | ")} |`);
  }
}
