// How fast `wirelens har` reads a large capture: a HAR of gRPC-web exchanges (har_file.mjs: about
// --mb megabytes, --entries exchanges of tests/capture/user_service.proto) decoded to text by the
// CLI, against Node's JSON.parse of the same file alone. Whole processes, median of --runs, run in
// turns; prints the times and the ratio (the target: at most 1.5x).
// Usage: node web/bench/har_speed.mjs [--mb 100] [--entries 1000] [--runs 3]
import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { parseCommandLine } from "../command_line.mjs";
import { PROTO, PROTO_DIR, grpcWebHar } from "./har_file.mjs";

const ROOT = resolve(fileURLToPath(import.meta.url), "../../..");
const CLI = resolve(ROOT, "build/native/bin/wirelens");

const { values } = parseCommandLine(
  {
    mb: { type: "string", default: "100" },
    entries: { type: "string", default: "1000" },
    runs: { type: "string", default: "3" },
  },
  "usage: node web/bench/har_speed.mjs [--mb 100] [--entries 1000] [--runs 3]",
  ({ values: v }) => [v.mb, v.entries, v.runs].every((n) => Number(n) > 0),
);
const entries = Number(values.entries);
const runs = Number(values.runs);

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
function timed(command, args) {
  const start = process.hrtime.bigint();
  const result = spawnSync(command, args, { stdio: ["ignore", "ignore", "pipe"], maxBuffer: 1 << 20 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")}: exit ${result.status}: ${result.stderr}`);
  return ms;
}

const har = grpcWebHar(Number(values.mb), entries);
const parse = [];
const cli = [];
for (let r = 0; r < runs; r++) {
  parse.push(timed(process.execPath, ["-e", `JSON.parse(require("fs").readFileSync(${JSON.stringify(har)}, "utf8"))`]));
  cli.push(timed(CLI, ["har", har, "--proto", resolve(PROTO_DIR, PROTO), "-I", PROTO_DIR]));
}
const size = statSync(har).size;
console.log(`${har}: ${(size / 2 ** 20).toFixed(1)} MB, ${entries} gRPC-web exchanges`);
console.log(
  `node JSON.parse (whole process): ${median(parse).toFixed(0)} ms  [${parse.map((x) => x.toFixed(0)).join(", ")}]`,
);
console.log(
  `wirelens har --proto (to text):  ${median(cli).toFixed(0)} ms  [${cli.map((x) => x.toFixed(0)).join(", ")}]`,
);
console.log(`ratio: ${(median(cli) / median(parse)).toFixed(2)}x JSON.parse (target <= 1.5x)`);
