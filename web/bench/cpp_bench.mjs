// Runs a C++ benchmark program natively (Google Benchmark) and in wasm (Node), in one run, and
// prints MB/s with the ratios: wirelens vs libprotobuf on each side, and wasm vs native.
// Usage: node web/bench/cpp_bench.mjs wire_bench|codec_bench|inspect_bench   (make bench-wire / -codec / -inspect)
import { execFileSync } from "node:child_process";
import { cpus } from "node:os";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(fileURLToPath(import.meta.url), "../../..");
const program = process.argv[2] ?? "codec_bench";
const nativeBin = resolve(ROOT, `build/native/tests/bench/${program}`);
const wasmJs = resolve(ROOT, `build/web/tests/bench/${program}.js`);

const nativeReport = JSON.parse(
  execFileSync(nativeBin, ["--benchmark_format=json", "--benchmark_min_time=0.5"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }),
);
const native = new Map(nativeReport.benchmarks.map((b) => [b.name, b.bytes_per_second]));
const wasm = new Map(
  execFileSync(process.execPath, ["--no-experimental-fetch", wasmJs], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line))
    .map((r) => [r.name, r.bytes_per_second]),
);

const operations = [...new Set([...native.keys()].map((name) => name.split("/")[1]))];
const mb = (v) => (v === undefined ? "—" : `${(v / 1e6).toFixed(0)} MB/s`).padStart(11);
const x = (a, b) => (a === undefined || b === undefined ? "—" : `${(a / b).toFixed(2)}x`).padStart(7);
console.log(`${program}: ${new Date().toISOString().slice(0, 10)}, ${cpus()[0].model}, Node ${process.version}`);
console.log(
  "| operation | wirelens native | libprotobuf native | wirelens wasm | libprotobuf wasm | " +
    "native wl/pb | wasm wl/pb | wl wasm/native |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
for (const op of operations) {
  const [wn, pn, ww, pw] = [
    native.get(`Wirelens/${op}`),
    native.get(`Libprotobuf/${op}`),
    wasm.get(`Wirelens/${op}`),
    wasm.get(`Libprotobuf/${op}`),
  ];
  console.log(`| ${op} | ${mb(wn)} | ${mb(pn)} | ${mb(ww)} | ${mb(pw)} | ${x(wn, pn)} | ${x(ww, pw)} | ${x(ww, wn)} |`);
}
