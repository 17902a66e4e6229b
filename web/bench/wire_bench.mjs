// Wire micro-benchmark report: core/wire native vs core/wire in wasm (Node) vs libprotobuf's coded
// streams (native), one run, as MB/s and ratios. Run: make bench-wire
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
const nativeBin = resolve(ROOT, 'build/native/core/wire/bench/wire_bench_native');
const wasmJs = resolve(ROOT, 'build/web/core/wire/bench/wire_bench_wasm.js');

const nativeReport = JSON.parse(execFileSync(nativeBin, ['--benchmark_format=json', '--benchmark_min_time=0.5'],
                                             { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
const native = new Map(nativeReport.benchmarks.map((b) => [b.name.replace(/^BM_/, ''), b.bytes_per_second]));
const wasm = new Map(execFileSync(process.execPath, [wasmJs], { encoding: 'utf8' }).trim().split('\n')
  .map((line) => JSON.parse(line)).map((r) => [r.name, r.bytes_per_second]));

const mb = (bytesPerSecond) => (bytesPerSecond / 1e6).toFixed(0).padStart(6);
const ratio = (a, b) => `${(a / b).toFixed(2)}x`.padStart(8);
console.log(`wire micro-benchmark (${nativeReport.context.date}, ${nativeReport.context.num_cpus} CPUs, Node ${process.version})`);
console.log('kernel         wirelens native   wirelens wasm   libprotobuf   native/libprotobuf   wasm/native');
for (const kernel of ['VarintEncode', 'VarintDecode', 'StringEncode', 'StringDecode']) {
  const ours = native.get(`Wirelens_${kernel}`), theirs = native.get(`Libprotobuf_${kernel}`), w = wasm.get(kernel);
  console.log(`${kernel.padEnd(14)} ${mb(ours)} MB/s     ${mb(w)} MB/s   ${mb(theirs)} MB/s  ` +
              `${ratio(ours, theirs)}             ${ratio(w, ours)}`);
}
