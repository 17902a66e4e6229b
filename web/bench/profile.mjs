#!/usr/bin/env node
// Profiles one codec operation of one case in Node: runs it in a loop for SECONDS under V8's
// sampling profiler and prints the time per operation and the functions with the most self time.
// BENCHMARKS.md's "what limits" notes come from it. build/web must be built.
// Usage: node web/bench/profile.mjs CASE CODEC OP [SECONDS]   (OP: encode | decode | combined)
import { Session } from "node:inspector/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import protobuf from "protobufjs";
import { CASES } from "../../bench_cases/cases.mjs";
import { CODECS } from "./codecs.mjs";
import { selfTimes } from "./cpu_profile.mjs";

const [caseName, codecId, op, seconds = "4"] = process.argv.slice(2);
const c = CASES.find((x) => x.name === caseName);
const codec = CODECS.find((x) => x.id === codecId);
if (!c || !codec || !["encode", "decode", "combined"].includes(op)) {
  console.error("usage: node web/bench/profile.mjs CASE CODEC encode|decode|combined [SECONDS]");
  process.exit(2);
}
const { PEERS } = await import(
  pathToFileURL(fileURLToPath(new URL("../../build/web/bench/gen/peers.mjs", import.meta.url))).href
);
const type = protobuf.parse(PEERS[c.name].proto, { keepCase: false }).root.lookupType(c.type);
const object = c.generate();
const bytes = type.encode(type.fromObject(object)).finish();
const run = (await codec.prepare({ c, object, bytes, type, peers: PEERS[c.name] }))[op];

const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.start");
const start = performance.now();
let count = 0;
while (performance.now() - start < Number(seconds) * 1000) {
  run();
  count++;
}
const elapsed = performance.now() - start;
const { profile } = await session.post("Profiler.stop");

const { total, top } = selfTimes(profile, 15);
console.log(`${c.name} ${codec.label} ${op}: ${count} operations, ${((elapsed * 1e6) / count).toFixed(0)} ns each`);
for (const [name, time] of top) {
  console.log(`${((100 * time) / total).toFixed(1).padStart(5)}%  ${name}`);
}
