// Benchmark program (not a test): `wirelens decode` against `protoc --decode` (text format) and
// libprotobuf's JsonUtil (JSON) on generated payloads of about 1, 10 and 100 MB: wall time and
// peak memory of the whole process, medians of --runs runs, and whether the outputs are identical;
// and `--format tree` / `--format nodes` (one line / one JSON object per wire element) against
// wirelens's own text of the same payload.
// Usage: node tests/bench/cli_vs_protoc.mjs [--sizes 1,10,100] [--runs 3] [--cases tile,strings]
// Needs build/native (bin/wirelens, tests/bench/json_util_decode) and npm's protoc.
import { spawnSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { CASES as ALL_CASES, OUT, PROTOC, ROOT, WIRELENS, caseSchema, casePayload } from "./case_payloads.mjs";

const JSON_UTIL = resolve(ROOT, "build/native/tests/bench/json_util_decode");

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const SIZES = option("sizes", "1,10,100").split(",").map(Number);
const RUNS = Number(option("runs", "3"));
const CASES = ALL_CASES.filter((c) => option("cases", "tile,strings").split(",").includes(c.name));

// Wall seconds and peak resident MB of `command args`, stdout to `out`, stdin from `input`.
function measure(command, args, { input, out }) {
  const shell = `/usr/bin/time -f "%e %M" "$0" "$@" ${input ? `< "${input}"` : ""} > "${out}"`;
  const run = spawnSync("bash", ["-c", shell, command, ...args], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`${command} failed: ${run.stderr}`);
  const [seconds, kb] = run.stderr.trim().split("\n").pop().split(" ").map(Number);
  return { seconds, mb: kb / 1024 };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function compare(name, peer, ours, payload, outputs) {
  const rows = { peer: [], ours: [] };
  for (let i = 0; i < RUNS; i++) {
    rows.peer.push(peer(outputs.peer));
    rows.ours.push(ours(outputs.ours));
  }
  const same = outputs.compared ? readFileSync(outputs.peer).equals(readFileSync(outputs.ours)) : null;
  const p = { seconds: median(rows.peer.map((r) => r.seconds)), mb: median(rows.peer.map((r) => r.mb)) };
  const o = { seconds: median(rows.ours.map((r) => r.seconds)), mb: median(rows.ours.map((r) => r.mb)) };
  console.log(
    `| ${name} | ${(payload / 1e6).toFixed(1)} MB | ${p.seconds.toFixed(2)} s, ${p.mb.toFixed(0)} MB | ` +
      `${o.seconds.toFixed(2)} s, ${o.mb.toFixed(0)} MB | ${(o.seconds / p.seconds).toFixed(2)}x | ` +
      `${(o.mb / p.mb).toFixed(2)}x | ${same === null ? "-" : same ? "identical" : "DIFFERENT"} |`,
  );
}

console.log(`${RUNS} runs each, medians; time and peak RSS of the whole process (/usr/bin/time)\n`);
console.log("| output of | payload | peer | wirelens decode | time | memory | output |");
console.log("|---|---|---|---|---|---|---|");
for (const c of CASES) {
  const { dir, proto, set } = caseSchema(c);
  for (const megabytes of SIZES) {
    const payload = casePayload(c, megabytes);
    const size = statSync(payload).size;
    // Outputs compared byte for byte go to files; the others (gigabytes of node JSON) nowhere.
    const outputs = (format, compared = true) => ({
      peer: compared ? resolve(OUT, `peer.${format}`) : "/dev/null",
      ours: compared ? resolve(OUT, `ours.${format}`) : "/dev/null",
      compared,
    });
    const ours = (format) => (out) =>
      measure(WIRELENS, ["decode", payload, "--descriptor-set", set, "--type", c.type, "--format", format], { out });
    compare(
      `text (${c.name}): protoc --decode`,
      (out) => measure(PROTOC, [`--decode=${c.type}`, `-I${dir}`, proto], { input: payload, out }),
      ours("text"),
      size,
      outputs("txt"),
    );
    compare(
      `JSON (${c.name}): JsonUtil`,
      (out) => measure(JSON_UTIL, [set, c.type, payload], { out }),
      ours("json"),
      size,
      outputs("json"),
    );
    for (const format of ["tree", "nodes"]) {
      compare(`${format} (${c.name}): wirelens text`, ours("text"), ours(format), size, outputs(format, false));
    }
  }
}
