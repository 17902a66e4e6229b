// Runs the official conformance runner against a testee and checks the count of successes:
// a testee that skips everything would "pass", so fewer than the expected successes fails.
// Usage: node run_conformance.mjs RUNNER TESTEE [EXPECTED_SUCCESSES=1302]
import { spawnSync } from "node:child_process";

const [runner, testee, expected = "1302"] = process.argv.slice(2);
const run = spawnSync(runner, ["--enforce_recommended", testee], { encoding: "utf8", maxBuffer: 64 << 20 });
const output = `${run.stdout ?? ""}${run.stderr ?? ""}`;
const summaries = output.split("\n").filter((line) => line.startsWith("CONFORMANCE SUITE"));
for (const line of summaries) console.log(line);
const binary = summaries[0] ?? "";
const successes = Number(/(\d+) successes/.exec(binary)?.[1] ?? 0);
const failed = run.status !== 0 || !binary.startsWith("CONFORMANCE SUITE PASSED") || successes < Number(expected);
if (failed) {
  console.log(
    output
      .split("\n")
      .filter((line) => /ERROR|FAILED|failure/.test(line))
      .slice(0, 60)
      .join("\n"),
  );
  console.error(`conformance: ${successes} successes (need ${expected}), runner exit ${run.status}`);
  process.exit(1);
}
console.log(`conformance: ${successes} successes, 0 failures (binary protobuf in and out; JSON/text skipped)`);
