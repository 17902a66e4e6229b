// The Benchmark Suite in the page (bundled by build_suite.mjs into bench_suite.js, a classic
// script): window.wirelensBench runs suites for the app's Benchmark Suite window and for
// `make bench-browsers`.
import Benchmark from "benchmark";
import lodash from "lodash";
import { PEERS } from "wirelens-bench-peers";
import { CASES } from "../../bench_cases/cases.mjs";
import { CODECS } from "./codecs.mjs";
import { memoryOperation, runSuite, sampleAround } from "./suite.mjs";
import { toMarkdown, combinedMarkdown, describeRun } from "./report.mjs";
import { loadedCases, schemaFromDescriptorSet } from "./loaded_cases.mjs";
import { defaultOptions, quickOptions } from "./options.mjs";
import recordedChromium from "./recorded/chromium.json" with { type: "json" };
import recordedFirefox from "./recorded/firefox.json" with { type: "json" };

// The run BENCHMARKS.md reports (`make bench-browsers` with --record), shown in the window from
// the start so that its tables and charts are there before anyone runs anything.
const RECORDED = [recordedChromium, recordedFirefox];
const RECORDED_SOURCE = "recorded run (BENCHMARKS.md)";

// Bundled, Benchmark.js must get lodash explicitly and be global: it compiles its test loops
// with Function() and refers to `Benchmark` by name inside them (so the page's CSP needs
// 'unsafe-eval').
const BenchmarkInContext = Benchmark.runInContext({ _: lodash });
globalThis.Benchmark = BenchmarkInContext;

function environment() {
  const ua = navigator.userAgent;
  const match = /(Firefox|Chrome|Chromium|Safari)\/([\d.]+)/.exec(ua);
  return {
    name: match?.[1] ?? "browser",
    version: match?.[2] ?? "",
    platform: navigator.platform,
    userAgent: ua,
    cores: navigator.hardwareConcurrency,
  };
}

// Chrome: performance.memory (precise with --enable-precise-memory-info; gc with
// --js-flags=--expose-gc). Firefox has no such API: wasm memory only.
async function measureMemory(codec, prepared, op) {
  const gc = typeof globalThis.gc === "function";
  if (gc) globalThis.gc();
  const { before, after, wasm, wasmMemory, kept } = sampleAround(
    prepared,
    op,
    () => performance.memory?.usedJSHeapSize ?? null,
  );
  // Without gc() a collection may run during the operation and make the difference negative:
  // that says nothing about it, so it is reported as not measured.
  const jsHeap = before === null || after < before ? null : after - before;
  return { jsHeap, gc, external: null, wasm, wasmMemory, kept };
}

// Runs shown in the app, in the app's order (this browser's and loaded ones), as suite JSON.
const runs = [];
let app = null;

// Hands one run to the app's Benchmark Suite window (app/bench_api.cc).
function showRun(results, source, fromThisBrowser) {
  runs.push(results);
  if (!app) return;
  const call = (name, types, args) => app.ccall(name, null, types, args);
  call("wl_bench_begin_run", ["string", "string"], [describeRun(results), source]);
  for (const c of results.cases) {
    call("wl_bench_case", ["string", "string", "number", "string"], [c.name, c.about ?? "", c.size, c.reference ?? ""]);
    for (const r of c.rows) {
      call(
        "wl_bench_row",
        ["string", "string", "string", "number", "number", "number", "number"],
        [r.codec, r.label, r.op, r.hz, r.rme, r.samples, r.slower],
      );
    }
    for (const m of c.memory ?? []) {
      call(
        "wl_bench_memory",
        ["string", "string", "number", "number", "number"],
        [m.codec, memoryOperation(m), m.jsHeap ?? -1, m.external ?? -1, m.wasm ?? -1],
      );
    }
    for (const s of c.skipped ?? []) call("wl_bench_skipped", ["string"], [`${s.codec}: ${s.reason}`]);
  }
  call("wl_bench_end_run", ["number"], [fromThisBrowser ? 1 : 0]);
}

// Bytes given as a Uint8Array or as base64 (from automation, which passes JSON).
function bytesOf(value) {
  if (value instanceof Uint8Array) return value;
  const binary = atob(value);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function isResults(value) {
  return (
    value &&
    Array.isArray(value.cases) &&
    value.cases.every(
      (c) =>
        typeof c.name === "string" &&
        Array.isArray(c.rows) &&
        c.rows.every((r) => typeof r.codec === "string" && typeof r.op === "string" && typeof r.hz === "number"),
    )
  );
}

globalThis.wirelensBench = {
  cases: CASES.map(({ name, about, size, heavy, protoJson }) => ({
    name,
    about,
    size,
    heavy: !!heavy,
    protoJson: !!protoJson,
  })),
  codecs: CODECS.map(({ id, label, reference, protoJson, versus, dynamic, loadedOnly, coldStart }) => ({
    id,
    label,
    reference: !!reference,
    protoJson: !!protoJson,
    versus: versus ?? "",
    dynamic: !!dynamic,
    loadedOnly: !!loadedOnly,
    builds: !!coldStart, // timed in the "build" operation of loaded payloads
  })),
  defaultOptions,
  quickOptions,
  runs,
  /** selection: { cases, codecs, quick }; onProgress({ case, codec, op, done, total }). */
  run(selection, onProgress = () => {}) {
    const options = {
      ...(selection.quick ? quickOptions : defaultOptions),
      cases: selection.cases,
      codecs: selection.codecs,
      timing: !selection.memoryOnly,
    };
    return runSuite(options, {
      Benchmark: BenchmarkInContext,
      peers: PEERS,
      measureMemory,
      environment: environment(),
      onProgress,
    });
  },
  /**
   * Runs the suite on a user's schema and payloads: input { descriptorSet, source (its file name),
   * typeName, framing, payloads: [{ file, bytes, typeName?, framing? }] } with bytes as Uint8Array or base64;
   * selection as run()'s (its cases are the payloads). Rejects with a LoadError when they do not load.
   */
  async runLoaded(input, selection, onProgress = () => {}) {
    const schema = schemaFromDescriptorSet(bytesOf(input.descriptorSet), input.source);
    const payloads = input.payloads.map((p) => ({
      file: p.file,
      bytes: bytesOf(p.bytes),
      typeName: p.typeName,
      framing: p.framing,
    }));
    const table = Object.values(PEERS)[0].table;
    const { typeName, framing } = input;
    const { cases, peers } = await loadedCases({ schema, typeName, framing, payloads, table });
    const options = {
      ...(selection.quick ? quickOptions : defaultOptions),
      cases: cases.map((c) => c.name),
      codecs: selection.codecs ?? CODECS.map((c) => c.id),
      timing: !selection.memoryOnly,
    };
    return runSuite(options, {
      Benchmark: BenchmarkInContext,
      peers,
      cases,
      measureMemory,
      environment: environment(),
      onProgress,
    });
  },
  /** Connects the suite to the app (index.html, once the app is ready). */
  attach(module) {
    app = module;
    for (const c of this.cases)
      app.ccall(
        "wl_bench_define_case",
        null,
        ["string", "string", "number", "number"],
        [c.name, c.about, c.size, c.heavy ? 1 : 0],
      );
    for (const c of this.codecs)
      app.ccall(
        "wl_bench_define_codec",
        null,
        ["string", "string", "number", "string"],
        [c.id, c.label, c.reference ? 1 : 0, c.versus],
      );
    for (const results of RECORDED) showRun(results, RECORDED_SOURCE, false);
  },
  recorded: RECORDED,
  /** The app's Run button: runs the chosen cases and codecs, reporting progress to the window. */
  async start(quick, casesCsv, codecsCsv) {
    try {
      const results = await this.run({ quick, cases: casesCsv.split(","), codecs: codecsCsv.split(",") }, (p) => {
        const text = p.op === "done" ? "done" : `${p.case}: ${p.codec} ${p.op}`;
        app?.ccall("wl_bench_progress", null, ["string", "number"], [text, p.total ? p.done / p.total : 0]);
      });
      showRun(results, "this browser", true);
    } catch (e) {
      console.warn("benchmark run failed:", e);
      app?.ccall("wl_bench_failed", null, ["string"], [`the run failed: ${e.message}`]);
    }
  },
  /** The app's "Run on loaded payloads" button: the payloads and schema the app holds (app/bench_api.cc). */
  async startLoaded(quick, codecsCsv) {
    try {
      const call = (name, type, types = [], args = []) => app.ccall(name, type, types, args);
      const bytesAt = (at, size) => app.HEAPU8.slice(at, at + size);
      const count = call("wl_bench_loaded_prepare", "number");
      const payloads = [];
      for (let i = 0; i < count; i++) {
        const one = (name, type) => call(name, type, ["number"], [i]);
        payloads.push({
          file: one("wl_bench_loaded_name", "string"),
          typeName: one("wl_bench_loaded_type", "string"),
          framing: one("wl_bench_loaded_framing", "string"),
          bytes: bytesAt(one("wl_bench_loaded_bytes", "number"), one("wl_bench_loaded_size", "number")),
        });
      }
      const descriptorSet = bytesAt(
        call("wl_bench_loaded_descriptor_set", "number"),
        call("wl_bench_loaded_descriptor_set_size", "number"),
      );
      const input = { descriptorSet, source: "the loaded schema", payloads };
      const results = await this.runLoaded(input, { quick, codecs: codecsCsv.split(",") }, (p) => {
        const text = p.op === "done" ? "done" : `${p.case}: ${p.codec} ${p.op}`;
        app?.ccall("wl_bench_progress", null, ["string", "number"], [text, p.total ? p.done / p.total : 0]);
      });
      showRun(results, "this browser, loaded payloads", true);
    } catch (e) {
      console.warn("benchmark run failed:", e);
      app?.ccall("wl_bench_failed", null, ["string"], [`the run failed: ${e.message}`]);
    }
  },
  exportRun(index, format) {
    const results = runs[index];
    if (!results) return;
    const base = `wirelens-bench-${(results.environment?.name ?? "run").toLowerCase()}-${results.date?.slice(0, 10) ?? ""}`;
    if (format === "json") download(`${base}.json`, JSON.stringify(results, null, 2), "application/json");
    else
      download(
        `${base}.md`,
        runs.length > 1 ? `${toMarkdown(results)}\n\n${combinedMarkdown(runs)}` : toMarkdown(results),
        "text/markdown",
      );
  },
  /** Adds a run exported from another browser (JSON), shown next to this browser's. */
  addResults(text, source) {
    let results;
    try {
      results = JSON.parse(text);
    } catch (e) {
      throw new Error(`${source} is not JSON: ${e.message}`);
    }
    if (!isResults(results)) throw new Error(`${source} is not a Benchmark Suite result (no cases with rows)`);
    showRun(results, source, false);
  },
  loadResults() {
    const input = document.createElement("input");
    input.type = "file";
    input.accept = ".json,application/json";
    input.addEventListener("change", async () => {
      for (const file of input.files) {
        try {
          this.addResults(await file.text(), file.name);
        } catch (e) {
          app?.ccall("wl_bench_failed", null, ["string"], [e.message]);
        }
      }
    });
    input.click();
  },
  toMarkdown,
  combinedMarkdown,
  describeRun,
};
