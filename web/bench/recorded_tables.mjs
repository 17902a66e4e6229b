#!/usr/bin/env node
// The tables BENCHMARKS.md quotes from a recorded cross-browser run (web/bench/recorded/, written
// by `run_browsers.mjs --record`): wirelens from JS and resident against protobuf.js 8 static
// with each row's fastest codec, google-protobuf against the same, the ProtoJSON rows against
// @bufbuild/protobuf, issue 44's targets (met or the rows that miss them; with a second run's
// ratios beside), wirelens against pbf, ts-proto and protobuf-ts; the table codec's rows against
// the generated codec and protobuf.js reflection where the run has them.
// Usage: node web/bench/recorded_tables.mjs [DIR] [--beside DIR2]   (DIR: default web/bench/recorded;
// web/bench/recorded/second holds the second whole run of the same code, for --beside)
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseCommandLine } from "../command_line.mjs";

const {
  values: { beside: besideDir },
  positionals: [dir = fileURLToPath(new URL("./recorded", import.meta.url))],
} = parseCommandLine(
  { beside: { type: "string" } },
  "usage: node web/bench/recorded_tables.mjs [DIR] [--beside DIR2]",
  ({ positionals }) => positionals.length <= 1,
);
const readRuns = (d) => ["chromium", "firefox"].map((b) => JSON.parse(readFileSync(`${d}/${b}.json`, "utf8")));
const runs = readRuns(dir);
const beside = besideDir ? readRuns(besideDir) : null;
const rowsOf = (run, name) => run.cases.find((c) => c.name === name)?.rows ?? [];
const rowOf = (run, name, codec, op) => rowsOf(run, name).find((r) => r.codec === codec && r.op === op);
const hz = (run, name, codec, op) => rowOf(run, name, codec, op)?.hz;
const fastest = (run, name, op) =>
  rowsOf(run, name)
    .filter((r) => r.op === op)
    .sort((a, b) => b.hz - a.hz)[0]?.label ?? "-";
const ratio = (v) => (v === undefined || Number.isNaN(v) ? "-" : `${v.toFixed(2)}x`);
// A ratio whose either side was timed with a relative margin of error above NOISY percent (the
// host busy during its samples) is marked "*", so a reader tells a disturbed row from a slow one.
const NOISY = 20;
const versus = (run, name, codec, op, reference) =>
  ratio(hz(run, name, codec, op) / hz(run, name, reference, op)) +
  ([codec, reference].some((c) => (rowOf(run, name, c, op)?.rme ?? 0) > NOISY) ? "*" : "");
const opsPerSecond = (v) => (v >= 100 ? Math.round(v).toLocaleString("en-US") : v.toFixed(2));
const cases = runs[0].cases.map((c) => c.name);
const OPS = ["encode", "decode", "combined"];

for (const r of runs) console.log(`${r.environment.name} ${r.environment.version}, ${r.date}`);
console.log(`(a ratio marked * has a side timed with a margin of error above ${NOISY}%)`);

console.log(
  "\n| case | op | Chrome: from JS | Chrome: resident | Chrome: fastest | Firefox: from JS | Firefox: resident | Firefox: fastest |",
);
console.log("|---|---|---:|---:|---|---:|---:|---|");
for (const name of cases) {
  for (const op of OPS) {
    if (runs.every((r) => hz(r, name, "pbjs8-static", op) === undefined)) continue;
    // With --beside, each ratio is followed by the same browser's in that run, in parentheses.
    const cell = (i, codec) =>
      versus(runs[i], name, codec, op, "pbjs8-static") +
      (beside ? ` (${versus(beside[i], name, codec, op, "pbjs8-static")})` : "");
    const cells = runs.flatMap((r, i) => [cell(i, "wirelens"), cell(i, "wirelens-resident"), fastest(r, name, op)]);
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

// Issue 44's targets, each as Chromium / Firefox ratios in this run (and in the run of --beside
// DIR, a second recorded run, after it), with the rows that miss them.
const PEERS = ["pbf", "ts-proto", "protobuf-ts"];
const ratiosOf = (rs, name, codec, op, reference) => rs.map((r) => hz(r, name, codec, op) / hz(r, name, reference, op));
/** Prints one target line; `rows` are [name, codec, op, reference] and all must reach `least`. */
function target(label, least, rows) {
  if (rows.length === 0) return console.log(`- ${label} >= ${least}x: not in this run`);
  const misses = [];
  // Each row's ratios in runs `rs` ("a / b"), the rows below `least` added to misses.
  const ratiosIn = (rs, tag) =>
    rows.map(([name, codec, op, reference]) => {
      const ratios = ratiosOf(rs, name, codec, op, reference);
      const shown = rs.map((r) => versus(r, name, codec, op, reference));
      ratios.forEach((v, i) => {
        if (v < least) misses.push(`${tag}${rs[i].environment.name} ${name} ${op} ${shown[i]}`); // NaN: not in that run
      });
      return shown.join(" / ");
    });
  const here = ratiosIn(runs, "");
  const there = beside ? ratiosIn(beside, "beside: ") : null;
  const values = rows.length === 1 ? ` ${here[0]}${there ? ` (beside: ${there[0]})` : ""}` : "";
  console.log(`- ${label} >= ${least}x:${values} ${misses.length ? `missed: ${misses.join("; ")}` : "met"}`);
}
const everyRow = (codec, reference, ops) =>
  cases.flatMap((name) =>
    ops
      .filter((op) =>
        runs.every((r) => hz(r, name, codec, op) !== undefined && hz(r, name, reference, op) !== undefined),
      )
      .map((op) => [name, codec, op, reference]),
  );
console.log(`\nIssue 44's targets (Chromium / Firefox${beside ? "; beside: the run of " + besideDir : ""}):`);
target("from JS, every case and operation, protobuf.js 8 static", 1, everyRow("wirelens", "pbjs8-static", OPS));
target("bench, from-JS decode", 1.3, [["bench", "wirelens", "decode", "pbjs8-static"]]);
target("resident decode, every case", 1, everyRow("wirelens-resident", "pbjs8-static", ["decode"]));
target("bench, resident decode", 1.5, [["bench", "wirelens-resident", "decode", "pbjs8-static"]]);
for (const reference of ["bufbuild-json", "pbjs8-json"]) {
  for (const name of ["bench", "partialSketch"]) {
    for (const op of ["encode", "decode"]) {
      target(`ProtoJSON ${name} ${op === "encode" ? "toJson" : "fromJson"} vs ${reference}`, 1, [
        [name, "wirelens-json", op, reference],
      ]);
    }
  }
}
for (const peer of PEERS) target(`from JS vs ${peer}, every case and operation`, 1, everyRow("wirelens", peer, OPS));
target("bench, resident encode (issue 16: 2x)", 2, [["bench", "wirelens-resident", "encode", "pbjs8-static"]]);
target("partialSketch, from-JS encode (issue 16: 1.5x)", 1.5, [
  ["partialSketch", "wirelens", "encode", "pbjs8-static"],
]);

if (runs.some((r) => r.cases.some((c) => c.rows.some((row) => PEERS.includes(row.codec))))) {
  console.log(
    "\nwirelens from JS over each peer (ops/s ratio, higher is faster for wirelens):\n\n" +
      `| case | op | ${runs.map((r) => [`${r.environment.name}: ${PEERS[0]}`, ...PEERS.slice(1), "protobuf.js 8"].join(" | ")).join(" | ")} |\n` +
      `|---|---|${"---:|".repeat(runs.length * (PEERS.length + 1))}`,
  );
  for (const name of cases) {
    for (const op of OPS) {
      const cells = runs.flatMap((r) =>
        [...PEERS, "pbjs8-static"].map((peer) => versus(r, name, "wirelens", op, peer)),
      );
      console.log(`| ${name} | ${op} | ${cells.join(" | ")} |`);
    }
  }
}

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
