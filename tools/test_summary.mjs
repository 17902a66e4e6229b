// Compares the GoogleTest reports of the native and the wasm tree: same binaries, same test
// counts, no failures. Prints one line per binary and the totals; exits 1 on any difference.
// Usage: node tools/test_summary.mjs build/native build/web
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const [nativeDir, webDir] = process.argv.slice(2);

function readReports(tree) {
  const dir = join(tree, "test-results");
  const reports = new Map();
  if (!existsSync(dir)) return reports;
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    const report = JSON.parse(readFileSync(join(dir, file), "utf8"));
    reports.set(file.replace(/\.json$/, ""), { tests: report.tests, failures: report.failures + (report.errors ?? 0) });
  }
  return reports;
}

// Suites that run natively only, and why (TESTING.md says so too): they must pass there.
const NATIVE_ONLY = {
  table_codec_test:
    "the generated JS binding halves it compares with carry JS export names Emscripten's glue cannot link",
};

const native = readReports(nativeDir);
const web = readReports(webDir);
const names = [...new Set([...native.keys(), ...web.keys()])].sort();
let ok = names.length > 0;
let nativeTotal = 0,
  webTotal = 0;
console.log("==> GoogleTest counts: native vs wasm (Node)");
for (const name of names) {
  const n = native.get(name),
    w = web.get(name);
  const nativeOnly = NATIVE_ONLY[name] !== undefined && n && !w;
  const same = nativeOnly
    ? n.tests > 0 && n.failures === 0
    : n && w && n.tests === w.tests && n.failures === 0 && w.failures === 0;
  ok &&= Boolean(same);
  nativeTotal += n?.tests ?? 0;
  webTotal += w?.tests ?? 0;
  console.log(
    `    ${name.padEnd(32)} native ${String(n?.tests ?? "missing").padStart(7)}` +
      `   wasm ${String(w?.tests ?? (nativeOnly ? "-" : "missing")).padStart(7)}   ` +
      (same ? (nativeOnly ? `ok (native only: ${NATIVE_ONLY[name]})` : "ok") : "MISMATCH OR FAILURES"),
  );
}
console.log(
  `    ${"total".padEnd(32)} native ${String(nativeTotal).padStart(7)}   wasm ${String(webTotal).padStart(7)}`,
);
if (!ok) {
  console.error("test summary: the native and wasm suites differ or have failures");
  process.exit(1);
}
