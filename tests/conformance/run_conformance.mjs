// Runs an official conformance runner against a testee and checks the count of successes of each
// suite it prints (binary + JSON first, then text format): a testee that skips everything would
// "pass", so fewer successes than expected, or any failure, fails.
// Usage: node run_conformance.mjs RUNNER TESTEE [--expect N[,M]] [RUNNER_ARG...]
//   --expect: successes required of the first suite (and of the second); default 1302 (runner 3.21.12).
//   Further arguments go to the runner before the testee (e.g. --maximum_edition PROTO3).
// RUNNER may be a command line "LOADER ARG... RUNNER_BINARY" (the v33.2 runner runs under Debian
// 13's ld.so, unpacked by tools/setup.sh's step 5b): split at spaces.
import { spawnSync } from "node:child_process";

const [runner, testee, ...rest] = process.argv.slice(2);
let expected = [1302];
const runnerArgs = [];
for (let i = 0; i < rest.length; i++) {
  if (rest[i] === "--expect") expected = rest[++i].split(",").map(Number);
  else runnerArgs.push(rest[i]);
}
const [command, ...prefix] = runner.split(" ");
const run = spawnSync(command, [...prefix, "--enforce_recommended", ...runnerArgs, testee], {
  encoding: "utf8",
  maxBuffer: 256 << 20,
});
const output = `${run.stdout ?? ""}${run.stderr ?? ""}`;
const summaries = output.split("\n").filter((line) => line.startsWith("CONFORMANCE SUITE"));
for (const line of summaries) console.log(line);
const count = (line, what) => Number(new RegExp(`(\\d+) ${what}`).exec(line ?? "")?.[1] ?? 0);
const problems = [];
if (run.error) problems.push(`runner did not start: ${run.error.message}`);
if (run.status !== 0) problems.push(`runner exit ${run.status}`);
expected.forEach((need, i) => {
  const line = summaries[i];
  const successes = count(line, "successes");
  if (!line?.startsWith("CONFORMANCE SUITE PASSED")) problems.push(`suite ${i + 1} did not pass`);
  if (successes < need) problems.push(`suite ${i + 1}: ${successes} successes (need ${need})`);
});
if (problems.length > 0) {
  console.log(
    output
      .split("\n")
      .filter((line) => /ERROR|FAILED|failure/.test(line))
      .slice(0, 60)
      .join("\n"),
  );
  console.error(`conformance: ${problems.join("; ")}`);
  process.exit(1);
}
const parts = summaries.map((line) => `${count(line, "successes")} successes, ${count(line, "skipped")} skipped`);
console.log(`conformance: ${parts.join(" | ")}, 0 failures`);
