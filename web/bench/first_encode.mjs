#!/usr/bin/env node
// Memory of the FIRST from-JS encode of a case in this (fresh) process, issue 16's memory target:
// the growth of the JS heap, of ArrayBuffer backing stores and of wasm memory around one `encode`,
// each as a multiple of the output's size. Run it once per measurement (a second encode in the same
// process finds the buffers grown).
// Usage: node --expose-gc web/bench/first_encode.mjs [--case partialSketch] [--codec FILE.wl.js]
//          [--segment-words N]   (N: the encode-in-parts option; 2 ** 30 encodes in one part)
import v8 from "node:v8";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { CASES } from "../../bench_cases/cases.mjs";
import { parseCommandLine } from "../command_line.mjs";

const { values } = parseCommandLine(
  {
    case: { type: "string", default: "partialSketch" },
    codec: { type: "string" },
    "segment-words": { type: "string" },
  },
  "usage: node --expose-gc web/bench/first_encode.mjs [--case NAME] [--codec FILE.wl.js] [--segment-words N]",
);
if (typeof globalThis.gc !== "function") throw new Error("run node with --expose-gc");
const benchCase = CASES.find((c) => c.name === values.case);
if (!benchCase) throw new Error(`unknown case ${values.case}; known: ${CASES.map((c) => c.name).join(", ")}`);
const file = resolve(
  values.codec ?? new URL(`../../build/web/codecs/${benchCase.name}.wl.js`, import.meta.url).pathname,
);
const object = benchCase.generate();
const module = await import(pathToFileURL(file).href);
const segmentWords = values["segment-words"] === undefined ? undefined : Number(values["segment-words"]);
const codecs = await module.load({ int64: "number", segmentWords });
const codec = codecs.byFullName.get(benchCase.type);
// Dead ArrayBuffers are otherwise freed on a background thread, possibly inside the measurement.
v8.setFlagsFromString("--no-concurrent-array-buffer-sweeping");
globalThis.gc();
const before = process.memoryUsage(),
  wasmBefore = codecs.memory.buffer.byteLength;
const start = performance.now();
const output = codec.encode(object);
const ms = performance.now() - start;
const after = process.memoryUsage(),
  wasmAfter = codecs.memory.buffer.byteLength;
const times = (bytes) => `${(bytes / output.length).toFixed(2)}x`;
const wasm = wasmAfter - wasmBefore,
  arrayBuffers = after.arrayBuffers - before.arrayBuffers,
  jsHeap = after.heapUsed - before.heapUsed;
console.log(
  `${benchCase.name}: output ${output.length} bytes in ${ms.toFixed(0)} ms; wasm memory ${wasmBefore >> 20} -> ` +
    `${wasmAfter >> 20} MiB (${times(wasm)}), ArrayBuffers ${times(arrayBuffers)}, JS heap ${times(jsHeap)}; ` +
    `growth ${times(wasm + arrayBuffers + jsHeap)} the output`,
);
