#!/usr/bin/env node
// Micro-benchmarks of the JS <-> wasm boundary choices in web/codec/runtime.js, each against its
// alternative in the same run (rounds interleaved, median reported). `make bench-js` runs it;
// BENCHMARKS.md keeps the latest table. Usage: node boundary.mjs [CODECS_DIR]
import { pathToFileURL, fileURLToPath } from "node:url";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import protobuf from "protobufjs";
import { generateBench } from "../../../bench_cases/bench/generator.mjs";

const dir = process.argv[2] ?? fileURLToPath(new URL("../../../build/web/codecs", import.meta.url));
const { load } = await import(pathToFileURL(join(dir, "bench.wl.js")).href);
const benchProto = fileURLToPath(new URL("../../../bench_cases/bench/bench.proto", import.meta.url));

const BENCH_OBJECT = generateBench();

// ns per call of each function: ROUNDS rounds, each runs every candidate for ~BUDGET_MS.
const ROUNDS = 7,
  BUDGET_MS = 60;
function measure(candidates) {
  const samples = candidates.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    candidates.forEach(([, fn], i) => {
      let n = 0;
      const start = performance.now();
      let now = start;
      while (now - start < BUDGET_MS) {
        for (let k = 0; k < 100; k++) fn();
        n += 100;
        now = performance.now();
      }
      samples[i].push(((now - start) * 1e6) / n);
    });
  }
  return samples.map((s) => s.sort((a, b) => a - b)[s.length >> 1]);
}

function table(title, header, rows) {
  console.log(`\n### ${title}\n\n| ${header.join(" | ")} |\n|${header.map((_, i) => (i ? "---:" : "---")).join("|")}|`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
}
const ns = (v) => `${v.toFixed(0)} ns`;
export let sink; // keeps the measured results observable, so no engine drops the work

// 1. Short strings: JS loop (String.fromCharCode) vs TextDecoder, by length (ASCII).
{
  const viaLoop = (await load({ int64: "number", shortString: 1 << 30 })).Test;
  const viaDecoder = (await load({ int64: "number", shortString: -1 })).Test;
  const rows = [];
  for (const length of [4, 8, 12, 16, 24, 32, 64, 256]) {
    const bytes = viaLoop.encode({ string: "abcdefghij".repeat(26).slice(0, length) });
    const [loop, decoder] = measure([
      ["loop", () => (sink = viaLoop.decode(bytes))],
      ["decoder", () => (sink = viaDecoder.decode(bytes))],
    ]);
    rows.push([length, ns(loop), ns(decoder), (decoder / loop).toFixed(2) + "x"]);
  }
  table(
    "String decode: JS loop vs TextDecoder (Test.decode of a message holding one ASCII string)",
    ["bytes", "JS loop", "TextDecoder", "loop speedup"],
    rows,
  );
}

// 2. Output: a view of wasm memory, a copy from the 8 KiB pool, a fresh ArrayBuffer per call.
{
  const { Test } = await load({ int64: "number" });
  const [view, pooled, fresh] = measure([
    ["view", () => (sink = Test.encodeView(BENCH_OBJECT))],
    ["pooled", () => (sink = Test.encode(BENCH_OBJECT))],
    ["fresh", () => (sink = Test.encodeView(BENCH_OBJECT).slice())],
  ]);
  table(
    "Encode output (79-byte bench message)",
    ["encodeView (no copy)", "encode (pooled copy)", "fresh ArrayBuffer copy"],
    [[ns(view), ns(pooled), ns(fresh)]],
  );
}

// 3. Crossings: one call per message (tape) vs one call per field (resident setters), and the
//    resident message's own encode; protobuf.js (reflection) for scale.
{
  const { Test } = await load({ int64: "number" });
  const resident = Test.create(BENCH_OBJECT);
  const perField = Test.create();
  const root = protobuf.loadSync(benchProto);
  const PT = root.lookupType("Test");
  const bytes = Test.encode(BENCH_OBJECT);
  const [tape, fields, residentEncode, pbjs] = measure([
    ["tape", () => (sink = Test.encodeView(BENCH_OBJECT))],
    [
      "fields",
      () => {
        perField.string = BENCH_OBJECT.string;
        perField.uint32 = BENCH_OBJECT.uint32;
        const inner = perField.mutableInner();
        inner.int32 = BENCH_OBJECT.inner.int32;
        const innerInner = inner.mutableInnerInner();
        innerInner.long = BENCH_OBJECT.inner.innerInner.long;
        innerInner.enum = 1;
        innerInner.sint32 = -42;
        const outer = inner.mutableOuter();
        outer.bool = BENCH_OBJECT.inner.outer.bool;
        outer.double = 204.8;
        perField.float = 0.25;
        sink = perField.encodeView();
      },
    ],
    ["resident", () => (sink = resident.encodeView())],
    ["pbjs", () => (sink = PT.encode(BENCH_OBJECT).finish())],
  ]);
  const [decodeTape, decodeResident, decodePbjs] = measure([
    ["tape", () => (sink = Test.decode(bytes))],
    ["resident", () => (sink = resident.decode(bytes))],
    ["pbjs", () => (sink = PT.decode(bytes))],
  ]);
  table(
    "Boundary crossings (79-byte bench message)",
    ["path", "encode", "decode"],
    [
      ["from-JS: one call, values on the tape", ns(tape), ns(decodeTape)],
      ["resident, set field by field (12 calls) then encode", ns(fields), "-"],
      ["resident: encode / decode in place", ns(residentEncode), ns(decodeResident)],
      ["protobuf.js 8 (reflection), for scale", ns(pbjs), ns(decodePbjs)],
    ],
  );
}
// 4. The 29 MB partialSketch message (seed 1), when the native generator is built.
const generator = fileURLToPath(new URL("../../../build/native/bin/generate_sketch", import.meta.url));
if (existsSync(generator)) {
  const file = join(mkdtempSync(join(tmpdir(), "wl-bench-")), "sketch.bin");
  execFileSync(generator, [file]);
  const bytes = readFileSync(file);
  const { Layer } = await (
    await import(pathToFileURL(join(dir, "partialSketch.wl.js")).href)
  ).load({ int64: "number" });
  const PL = protobuf
    .loadSync(fileURLToPath(new URL("../../../bench_cases/partialSketch/partialSketch.proto", import.meta.url)))
    .lookupType("partialsketch.Layer");
  const resident = Layer.create().decode(bytes);
  const object = Layer.decode(bytes),
    message = PL.decode(bytes);
  const ms = (f) => {
    const times = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      f();
      times.push(performance.now() - start);
    }
    return `${times.sort((a, b) => a - b)[2].toFixed(0)} ms`;
  };
  table(
    `partialSketch, ${bytes.length.toLocaleString("en")} bytes (median of 5)`,
    ["path", "encode", "decode"],
    [
      ["from-JS (plain objects)", ms(() => Layer.encode(object)), ms(() => Layer.decode(bytes))],
      ["resident", ms(() => resident.encodeView()), ms(() => resident.decode(bytes))],
      ["protobuf.js 8 (reflection)", ms(() => PL.encode(message).finish()), ms(() => PL.decode(bytes))],
    ],
  );
}
console.log(
  `\nNode ${process.version}, ${new Date().toISOString().slice(0, 10)}; median of ${ROUNDS} interleaved rounds.`,
);
