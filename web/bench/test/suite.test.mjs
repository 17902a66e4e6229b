// The Benchmark Suite's machinery in Node (short runs: what is checked here is not speed):
// the cases are deterministic and have their declared sizes, the JS partialSketch generator gives
// the C++ generator's bytes, every codec passes its output check and yields encode/decode/combined
// rows, every binary codec's decode reads the same fields, heavy cases get the memory of one encode
// and one decode, a wrong codec is refused before timing, and the reports render.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import protobuf from "protobufjs";
import { CASES } from "../../../bench_cases/cases.mjs";
import { CODECS, checkOutput } from "../codecs.mjs";
import { runSuite, OPERATIONS, MEMORY_OPERATIONS } from "../suite.mjs";
import { measureNodeMemory } from "../memory_node.mjs";
import { toMarkdown, combinedMarkdown } from "../report.mjs";
import { quickOptions } from "../options.mjs";

const REPO = fileURLToPath(new URL("../../..", import.meta.url));
const BUILD = process.env.WIRELENS_WEB_BUILD ?? join(REPO, "build/web");
const { PEERS } = await import(pathToFileURL(join(BUILD, "bench/gen/peers.mjs")).href);
const Benchmark = createRequire(import.meta.url)("benchmark");
const typeOf = (c) => protobuf.parse(PEERS[c.name].proto).root.lookupType(c.type);

test("every case is deterministic and encodes to its declared size", () => {
  for (const c of CASES.filter((x) => x.name !== "partialSketch")) {
    const type = typeOf(c);
    const a = type.encode(type.fromObject(c.generate())).finish();
    const b = type.encode(type.fromObject(c.generate())).finish();
    assert.equal(a.length, c.size, c.name);
    assert.deepEqual(a, b, c.name);
  }
});

test(
  "the JS partialSketch generator gives the C++ generator's bytes",
  { skip: !existsSync(join(REPO, "build/native/bin/generate_sketch")) && "no native build" },
  async () => {
    const file = join(mkdtempSync(join(tmpdir(), "wl-sketch-")), "sketch.bin");
    execFileSync(join(REPO, "build/native/bin/generate_sketch"), [file, "300", "7"]);
    const { generatePartialSketch } = await import("../../../bench_cases/partialSketch/generator.mjs");
    const { Layer } = await PEERS.partialSketch.wirelens.load();
    assert.deepEqual(Buffer.from(Layer.encode(generatePartialSketch(7, 300))), readFileSync(file));
  },
);

test("a quick run: every codec checked and timed on every operation", { timeout: 600000 }, async () => {
  const cases = ["bench", "primitives", "maps", "deep", "tile"];
  const progress = [];
  const results = await runSuite(
    { ...quickOptions, cases, codecs: CODECS.map((c) => c.id) },
    {
      Benchmark,
      peers: PEERS,
      environment: { name: "Node", version: process.versions.node },
      onProgress: (p) => progress.push(p),
    },
  );
  assert.equal(results.cases.length, cases.length);
  for (const c of results.cases) {
    assert.deepEqual(c.skipped, [], `${c.name}: ${JSON.stringify(c.skipped)}`);
    const protoJson = CASES.find((x) => x.name === c.name).protoJson;
    for (const codec of CODECS) {
      for (const op of OPERATIONS) {
        const row = c.rows.find((r) => r.codec === codec.id && r.op === op);
        if ((codec.protoJson && !protoJson) || codec.loadedOnly) {
          assert.equal(row, undefined, `${c.name} has no ${codec.id} rows (ProtoJSON, or loaded payloads only)`);
          continue;
        }
        assert.ok(row && row.hz > 0 && row.samples >= quickOptions.minSamples, `${c.name} ${codec.id} ${op}`);
      }
    }
  }
  assert.equal(progress.at(-1).op, "done");
  const markdown = toMarkdown(results);
  for (const text of [
    "### bench (79 bytes)",
    "| wirelens wasm (from JS) |",
    "protobuf.js 8 static",
    "fastest",
    "encode:",
    "decode:",
    "| wirelens wasm ProtoJSON (from JS) |",
    "x vs bufbuild-json |",
  ]) {
    assert.ok(markdown.includes(text), text);
  }
  const both = combinedMarkdown([results, { ...results, environment: { name: "Other" } }]);
  assert.ok(both.includes("Node ops/s | vs pbjs static | Other ops/s | vs pbjs static"));
});

test("every codec's decode reads the same fields (binary, and ProtoJSON where timed): equal sums of what the walks touch", async () => {
  for (const c of CASES.filter((x) => !x.heavy)) {
    const type = typeOf(c);
    const object = c.generate();
    const ctx = { c, object, bytes: type.encode(type.fromObject(object)).finish(), type, peers: PEERS[c.name] };
    const sums = {};
    for (const codec of CODECS.filter((x) => !x.json && (!x.protoJson || c.protoJson)))
      sums[codec.id] = (await codec.prepare(ctx)).decode();
    const reference = sums["pbjs8-static"];
    assert.ok(reference > 0, c.name);
    for (const [id, sum] of Object.entries(sums)) assert.equal(sum, reference, `${c.name}: ${id}`);
  }
});

test(
  "memory of a heavy case: one encode and one decode per codec, the parts counted apart",
  { timeout: 300000 },
  async () => {
    assert.equal(typeof globalThis.gc, "function", "run with node --expose-gc");
    const codecs = ["wirelens", "wirelens-resident", "pbjs8-static"];
    const results = await runSuite(
      { ...quickOptions, cases: ["packedVarints"], codecs, timing: false },
      {
        Benchmark,
        peers: PEERS,
        environment: { name: "Node" },
        measureMemory: measureNodeMemory,
      },
    );
    const c = results.cases[0];
    assert.deepEqual(c.skipped, []);
    const memory = (codec, op) => c.memory.find((m) => m.codec === codec && m.op === op);
    for (const codec of codecs) {
      for (const op of MEMORY_OPERATIONS) assert.ok(Number.isFinite(memory(codec, op)?.jsHeap), `${codec} ${op}`);
    }
    // protobuf.js's output is an ArrayBuffer, kept alive.
    const pbjs = memory("pbjs8-static", "encode");
    assert.ok(pbjs.external >= c.size, JSON.stringify(pbjs));
    // A resident decode keeps the 1,000,000 values in the wasm heap, not in JS.
    const resident = memory("wirelens-resident", "decode");
    assert.ok(resident.wasm >= 4e6 && resident.jsHeap < 1e6, JSON.stringify(resident));
    // An 8 MiB ArrayBuffer counts once (Node counts it in `external` too), not in the JS heap.
    const synthetic = measureNodeMemory(null, { encode: () => new Uint8Array(8 << 20) }, "encode");
    assert.ok(
      synthetic.external >= 8 << 20 && synthetic.external < 9 << 20 && synthetic.jsHeap < 1 << 20,
      JSON.stringify(synthetic),
    );
    assert.match(
      toMarkdown(results),
      /memory of one encode .*\n\n\| codec \| JS heap \| ArrayBuffers \| wasm heap \| total \| total \/ size \|/,
    );
  },
);

test("a codec whose bytes differ from protobuf.js's is refused before timing", async () => {
  const c = CASES.find((x) => x.name === "bench");
  const type = typeOf(c);
  const object = c.generate();
  const bytes = type.encode(type.fromObject(object)).finish();
  const ctx = { c, object, bytes, type, peers: PEERS.bench };
  const wirelens = CODECS.find((x) => x.id === "wirelens");
  const prepared = await wirelens.prepare(ctx);
  assert.deepEqual(checkOutput(wirelens, prepared, ctx), { ok: true, detail: "same bytes" });
  const wrong = { ...prepared, produced: () => prepared.produced().subarray(2) };
  assert.equal(checkOutput(wirelens, wrong, ctx).ok, false);
  const lossy = {
    ...prepared,
    roundTrip: () => {
      const changed = Uint8Array.from(bytes);
      changed[2] ^= 1; // a letter of the string
      return changed;
    },
  };
  assert.match(checkOutput(wirelens, lossy, ctx).detail, /decode then encode/);
});
