// Runs the Benchmark Suite in Node or in a page: for each chosen case, every chosen codec is
// prepared and checked, then Benchmark.js times encode, decode and combined, one suite per case
// and operation; heavy cases also get a memory measurement of one encode and one decode. Results
// are plain JSON (report.mjs turns them into Markdown; the app shows them).
import protobuf from "protobufjs";
import { CASES } from "../../bench_cases/cases.mjs";
import { CODECS, checkOutput } from "./codecs.mjs";

export const OPERATIONS = ["encode", "decode", "combined"];
// Loaded payloads also time building each dynamic codec from the schema's bytes (codecs.mjs's
// coldStart): made, then the payload decoded once with it.
export const BUILD_OPERATION = "build";
// Heavy cases: the memory one encode (output kept) and one decode (result kept) grow by.
export const MEMORY_OPERATIONS = ["encode", "decode"];
// The operation of a memory row; runs saved before encode memory was measured have decode only.
export const memoryOperation = (row) => row.op ?? "decode";

/**
 * Runs `op` ("encode" or "decode") of a prepared codec once, taking `sample()` (the environment's
 * memory reading) before it and after it, with its result still alive. Returns { before, after,
 * wasm: wasm heap bytes grown, wasmMemory: wasm memory bytes grown (both null without wasm), kept }.
 */
export function sampleAround(prepared, op, sample) {
  const wasm = prepared.wasm;
  const before = sample();
  const heapBefore = wasm ? wasm.heapUsed() : 0;
  const memoryBefore = wasm ? wasm.memory.buffer.byteLength : 0;
  const kept = op === "encode" ? prepared.encode() : prepared.decoded();
  const after = sample();
  return {
    before,
    after,
    wasm: wasm ? wasm.heapUsed() - heapBefore : null,
    wasmMemory: wasm ? wasm.memory.buffer.byteLength - memoryBefore : null,
    kept: kept !== undefined,
  };
}
export const REFERENCE_CODEC = CODECS.find((c) => c.reference).id;
export const LOADED_REFERENCE_CODEC = "pbjs8-reflect";

/**
 * options: { cases: [names], codecs: [ids], maxTime (s per benchmark, light cases),
 *   heavyMaxTime, minSamples, heavyMinSamples, timing (false: checks and memory only) }
 * hooks: { Benchmark, peers, environment: {...}, onProgress({ case, codec, op, done, total }),
 *   measureMemory(codec, prepared, "encode" | "decode") (optional) }
 */
export async function runSuite(options, hooks) {
  const { Benchmark, peers, onProgress = () => {} } = hooks;
  // A user's payloads (loaded.mjs: cases with `loaded`) replace the built-in cases.
  const cases = hooks.cases ?? CASES.filter((c) => options.cases.includes(c.name));
  const codecs = CODECS.filter((c) => options.codecs.includes(c.id));
  const results = {
    environment: hooks.environment,
    date: new Date().toISOString(),
    options: { ...options, memory: undefined },
    cases: [],
  };
  // ProtoJSON codecs run in the cases that time JSON only.
  const codecsOf = (c) =>
    codecs.filter((codec) => (c.loaded ? codec.dynamic : !codec.loadedOnly) && (!codec.protoJson || c.protoJson));
  // What a case times: encode, decode, combined for every codec; build for those with coldStart.
  const operationsOf = (c) => (c.loaded ? [...OPERATIONS, BUILD_OPERATION] : OPERATIONS);
  const timedBy = (c, op) => codecsOf(c).filter((codec) => op !== BUILD_OPERATION || codec.coldStart);
  const total = cases.reduce((sum, c) => sum + operationsOf(c).reduce((n, op) => n + timedBy(c, op).length, 0), 0);
  let done = 0;
  for (const c of cases) {
    // A loaded payload is timed as it is (a framed one: its frames one after another); its object
    // is protobuf.js's reading of it.
    const type = c.loaded?.type ?? protobuf.parse(peers[c.name].proto, { keepCase: false }).root.lookupType(c.type);
    const objectOf = (b) => type.toObject(type.decode(b), { longs: String });
    const parts = c.loaded
      ? (c.loaded.frames ?? [c.loaded.bytes]).map((b) => ({ object: objectOf(b), bytes: b }))
      : [{ object: c.generate() }];
    const object = parts[0].object;
    const bytes = c.loaded?.bytes ?? type.encode(type.fromObject(object)).finish();
    parts[0].bytes ??= bytes;
    const entry = {
      name: c.name,
      // What the ratios are to: protobuf.js's generated code, which a loaded schema has not.
      reference: c.loaded ? LOADED_REFERENCE_CODEC : REFERENCE_CODEC,
      about: c.about,
      size: bytes.length,
      expectedSize: c.size,
      rows: [],
      memory: [],
      skipped: [],
      checks: [],
    };
    results.cases.push(entry);
    if (bytes.length !== c.size)
      entry.skipped.push({ codec: "*", reason: `the case encodes to ${bytes.length} bytes, not ${c.size}` });
    const ctx = { c, object, bytes, type, peers: peers[c.name], parts };
    const prepared = [];
    const built = [];
    for (const codec of codecsOf(c)) {
      onProgress({ case: c.name, codec: codec.id, op: "check", done, total });
      await pause();
      try {
        const { p, check } = await prepareChecked(codec, ctx, built);
        entry.checks.push({ codec: codec.id, ...check });
        if (check.ok) prepared.push({ codec, p });
        else entry.skipped.push({ codec: codec.id, reason: check.detail });
      } catch (e) {
        entry.skipped.push({ codec: codec.id, reason: `cannot run: ${e.message}` });
      }
    }
    if (c.heavy && hooks.measureMemory) {
      for (const op of MEMORY_OPERATIONS) {
        for (const { codec, p } of prepared) {
          onProgress({ case: c.name, codec: codec.id, op: `${op} memory`, done, total });
          await pause();
          entry.memory.push({ codec: codec.id, op, ...(await hooks.measureMemory(codec, p, op)) });
        }
      }
    }
    for (const op of options.timing === false ? [] : operationsOf(c)) {
      const suite = new Benchmark.Suite(`${c.name} ${op}`);
      const maxTime = c.heavy ? options.heavyMaxTime : options.maxTime;
      const minSamples = c.heavy ? options.heavyMinSamples : options.minSamples;
      const timed = prepared.filter(({ p }) => p[op]);
      for (const { codec, p } of timed) {
        suite.add(codec.id, p[op], {
          maxTime,
          minSamples,
          minTime: c.heavy ? 0 : undefined,
          onStart: () => onProgress({ case: c.name, codec: codec.id, op, done, total }),
        });
      }
      await new Promise((resolve) => {
        suite
          .on("cycle", () => {
            done++;
          })
          .on("complete", resolve)
          .run({ async: true });
      });
      const benchmarks = suite.map((b) => b); // a Benchmark.Suite is array-like, not iterable
      const fastest = Math.max(...benchmarks.filter((b) => !b.error).map((b) => b.hz));
      for (const b of benchmarks) {
        const codec = CODECS.find((x) => x.id === b.name);
        if (b.error) {
          entry.skipped.push({ codec: codec.id, reason: `${op} threw: ${b.error.message ?? b.error}` });
          continue;
        }
        entry.rows.push({
          codec: codec.id,
          label: codec.label,
          op,
          hz: b.hz,
          rme: b.stats.rme,
          samples: b.stats.sample.length,
          mean: b.stats.mean,
          slower: fastest / b.hz,
        });
      }
      done += timedBy(c, op).length - timed.length;
    }
    for (const b of built) b.free?.();
  }
  onProgress({ case: "", codec: "", op: "done", done: total, total });
  return results;
}

/**
 * A codec's operations on the case, checked before timing: { p, check }. A dynamic codec is built
 * once (kept in `built` to be freed after the case) and bound to each part; a framed payload's
 * operations run over all its frames, each frame checked on its own. Throws why it cannot run.
 */
async function prepareChecked(codec, ctx, built) {
  if (!codec.build) {
    const p = await codec.prepare(ctx);
    return { p, check: checkOutput(codec, p, ctx) };
  }
  const made = await codec.build(ctx);
  built.push(made);
  const ps = ctx.parts.map((part) => made.bind(part));
  let check = null;
  for (let i = 0; i < ps.length; i++) {
    const own = checkOutput(codec, ps[i], { ...ctx, ...ctx.parts[i] });
    if (!own.ok) {
      const detail = ps.length > 1 ? `frame ${i + 1} of ${ps.length}: ${own.detail}` : own.detail;
      return { p: ps[i], check: { ...own, detail } };
    }
    check ??= own;
  }
  const p = ps.length === 1 ? ps[0] : joinParts(ps);
  if (ps.length > 1) check = { ...check, detail: `${ps.length} frames, the first: ${check.detail}` };
  if (codec.coldStart && ctx.c.loaded) p[BUILD_OPERATION] = await codec.coldStart(ctx);
  return { p, check };
}

// One case's operations over the operations of each of its parts, one after another.
function joinParts(ps) {
  const sum = (op) => () => {
    let s = 0;
    for (const p of ps) s += p[op]();
    return s;
  };
  const each = (op) => () => ps.map((p) => p[op]());
  return {
    encode: each("encode"),
    decode: sum("decode"),
    decoded: each("decoded"),
    combined: sum("combined"),
    wasm: ps[0].wasm,
  };
}

// Lets a page draw between steps (Benchmark.js's async mode does the same between cycles).
function pause() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
