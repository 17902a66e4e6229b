// Benchmark program (not a test): `wirelens decode` against `protoc --decode` (text format) and
// libprotobuf's JsonUtil (JSON) on generated payloads of about 1, 10 and 100 MB: wall time and
// peak memory of the whole process, medians of --runs runs, and whether the outputs are identical;
// and `--format tree` / `--format nodes` (one line / one JSON object per wire element) against
// wirelens's own text of the same payload.
// Usage: node tests/bench/cli_vs_protoc.mjs [--sizes 1,10,100] [--runs 3] [--cases tile,strings]
// Needs build/native (bin/wirelens, tests/bench/json_util_decode) and npm's protoc.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { generateTile } from "../../bench_cases/tile/generator.mjs";
import { generateStrings } from "../../bench_cases/strings/generator.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const BUILD = resolve(ROOT, "build/native");
const WIRELENS = resolve(BUILD, "bin/wirelens");
const JSON_UTIL = resolve(BUILD, "tests/bench/json_util_decode");
const PROTOC = resolve(
  dirname(createRequire(import.meta.url).resolve("protoc/package.json")),
  "bin/protoc-linux-x86_64",
);
const OUT = resolve(ROOT, "build/cli-bench");

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const SIZES = option("sizes", "1,10,100").split(",").map(Number);
const RUNS = Number(option("runs", "3"));
const CASES = [
  { name: "tile", type: "tile.Tile", generate: generateTile, about: "packed uint32 geometry, few strings" },
  { name: "strings", type: "strings.Strings", generate: generateStrings, about: "ASCII and non-ASCII strings" },
].filter((c) => option("cases", "tile,strings").split(",").includes(c.name));

// One message of the case, encoded by `wirelens encode` from its proto3 JSON.
function encodeOne(c) {
  const proto = resolve(ROOT, `bench_cases/${c.name}/${c.name}.proto`);
  return execFileSync(WIRELENS, ["encode", "--proto", proto, "--type", c.type, "--format", "json"], {
    input: JSON.stringify(c.generate(1)),
    maxBuffer: 1 << 30,
  });
}

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

mkdirSync(OUT, { recursive: true });
console.log(`${RUNS} runs each, medians; time and peak RSS of the whole process (/usr/bin/time)\n`);
console.log("| output of | payload | peer | wirelens decode | time | memory | output |");
console.log("|---|---|---|---|---|---|---|");
for (const c of CASES) {
  const dir = resolve(ROOT, `bench_cases/${c.name}`);
  const proto = `${c.name}.proto`;
  const set = resolve(OUT, `${c.name}.pb`);
  execFileSync(PROTOC, [`-I${dir}`, proto, "--include_imports", `--descriptor_set_out=${set}`]);
  const one = encodeOne(c);
  for (const megabytes of SIZES) {
    const copies = Math.max(1, Math.round((megabytes * 1e6) / one.length));
    const payload = resolve(OUT, `${c.name}-${megabytes}mb.bin`);
    writeFileSync(payload, Buffer.concat(Array(copies).fill(one))); // one message: repeated fields merge
    const size = one.length * copies;
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
