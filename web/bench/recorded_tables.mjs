#!/usr/bin/env node
// The tables BENCHMARKS.md quotes from a recorded cross-browser run (web/bench/recorded/, written
// by `run_browsers.mjs --record`): wirelens from JS and resident against protobuf.js 8 static
// with each row's fastest codec, google-protobuf against the same, the ProtoJSON rows against
// @bufbuild/protobuf, issue 16's targets and the from-JS rows below 1.0x; the table codec's rows
// against the generated codec and protobuf.js reflection where the run has them.
// Usage: node web/bench/recorded_tables.mjs [DIR]   (DIR: default web/bench/recorded)
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dir = process.argv[2] ?? fileURLToPath(new URL("./recorded", import.meta.url));
const runs = ["chromium", "firefox"].map((b) => JSON.parse(readFileSync(`${dir}/${b}.json`, "utf8")));
const rowsOf = (run, name) => run.cases.find((c) => c.name === name)?.rows ?? [];
const hz = (run, name, codec, op) => rowsOf(run, name).find((r) => r.codec === codec && r.op === op)?.hz;
const fastest = (run, name, op) =>
  rowsOf(run, name)
    .filter((r) => r.op === op)
    .sort((a, b) => b.hz - a.hz)[0]?.label ?? "-";
const ratio = (v) => (v === undefined || Number.isNaN(v) ? "-" : `${v.toFixed(2)}x`);
const opsPerSecond = (v) => (v >= 100 ? Math.round(v).toLocaleString("en-US") : v.toFixed(2));
const cases = runs[0].cases.map((c) => c.name);
const OPS = ["encode", "decode", "combined"];

for (const r of runs) console.log(`${r.environment.name} ${r.environment.version}, ${r.date}`);

console.log(
  "\n| case | op | Chrome: from JS | Chrome: resident | Chrome: fastest | Firefox: from JS | Firefox: resident | Firefox: fastest |",
);
console.log("|---|---|---:|---:|---|---:|---:|---|");
for (const name of cases) {
  for (const op of OPS) {
    if (runs.every((r) => hz(r, name, "pbjs8-static", op) === undefined)) continue;
    const cells = runs.flatMap((r) => {
      const reference = hz(r, name, "pbjs8-static", op);
      return [
        ratio(hz(r, name, "wirelens", op) / reference),
        ratio(hz(r, name, "wirelens-resident", op) / reference),
        fastest(r, name, op),
      ];
    });
    console.log(`| ${name} | ${op} | ${cells.join(" | ")} |`);
  }
}

console.log("\ngoogle-protobuf against protobuf.js 8 static:\n\n| case | op | Chrome | Firefox |\n|---|---|---:|---:|");
for (const name of cases) {
  for (const op of OPS) {
    const cells = runs.map((r) => ratio(hz(r, name, "google-protobuf", op) / hz(r, name, "pbjs8-static", op)));
    if (cells.some((c) => c !== "-")) console.log(`| ${name} | ${op} | ${cells.join(" | ")} |`);
  }
}

console.log(
  "\nProtoJSON (ops/s, ratio to @bufbuild/protobuf):\n\n" +
    "| case, op | Chromium: @bufbuild | wirelens | protobuf.js 8 | Firefox: @bufbuild | wirelens | protobuf.js 8 |\n" +
    "|---|---:|---:|---:|---:|---:|---:|",
);
for (const name of cases) {
  for (const [op, what] of [
    ["encode", "to JSON"],
    ["decode", "from JSON"],
  ]) {
    if (runs.every((r) => hz(r, name, "bufbuild-json", op) === undefined)) continue;
    const cells = runs.flatMap((r) => {
      const reference = hz(r, name, "bufbuild-json", op);
      return [opsPerSecond(reference), "wirelens-json", "pbjs8-json"].map((codec, i) =>
        i === 0 ? codec : `${opsPerSecond(hz(r, name, codec, op))}, ${ratio(hz(r, name, codec, op) / reference)}`,
      );
    });
    console.log(`| ${name}, ${what} | ${cells.join(" | ")} |`);
  }
}

console.log("\nIssue 16's targets (Chromium / Firefox):");
const target = (label, name, codec, op, reference = "pbjs8-static") =>
  console.log(`${label}: ${runs.map((r) => ratio(hz(r, name, codec, op) / hz(r, name, reference, op))).join(" / ")}`);
target("bench, from-JS encode", "bench", "wirelens", "encode");
target("bench, from-JS decode", "bench", "wirelens", "decode");
target("partialSketch, from-JS encode", "partialSketch", "wirelens", "encode");
target("partialSketch, from-JS encode vs protobuf.js 7.2.6", "partialSketch", "wirelens", "encode", "pbjs7-static");
for (const name of ["bench", "primitives", "packedDoubles", "packedVarints"]) {
  target(`${name}, resident decode`, name, "wirelens-resident", "decode");
}
target("bench, resident encode", "bench", "wirelens-resident", "encode");
const below = [];
for (const r of runs) {
  for (const name of cases) {
    for (const op of ["encode", "decode"]) {
      const v = hz(r, name, "wirelens", op) / hz(r, name, "pbjs8-static", op);
      if (v < 1) below.push(`${r.environment.name} ${name} ${op} ${v.toFixed(3)}x`);
    }
  }
}
console.log(`From JS below 1.0x: ${below.join("; ") || "none"}`);

// The table-driven codec (issue 43), where the run has its rows: against the generated wirelens
// codec and protobuf.js 8 reflection, the targets' two references.
if (runs.some((r) => r.cases.some((c) => c.rows.some((row) => row.codec === "wirelens-table")))) {
  console.log(
    "\nwirelens tables (compile()) against the generated wirelens codec and protobuf.js 8 reflection:\n\n" +
      "| case | op | Chrome: / generated | Chrome: / pbjs reflect | Firefox: / generated | Firefox: / pbjs reflect |\n" +
      "|---|---|---:|---:|---:|---:|",
  );
  const misses = [];
  for (const name of cases) {
    for (const op of OPS) {
      const cells = runs.flatMap((r) => {
        const table = hz(r, name, "wirelens-table", op);
        const [generated, reflect] = [table / hz(r, name, "wirelens", op), table / hz(r, name, "pbjs8-reflect", op)];
        if (generated < 0.8) misses.push(`${r.environment.name} ${name} ${op}: ${ratio(generated)} generated`);
        if (reflect < 1) misses.push(`${r.environment.name} ${name} ${op}: ${ratio(reflect)} pbjs reflect`);
        return [ratio(generated), ratio(reflect)];
      });
      console.log(`| ${name} | ${op} | ${cells.join(" | ")} |`);
    }
  }
  console.log(`\nBelow the targets (0.8x generated, 1.0x protobuf.js reflection): ${misses.join("; ") || "none"}`);
}
