// TESTING.md lists every suite: each CTest test of the given build trees and each fuzz target of
// tests/fuzz/CMakeLists.txt must appear in it as a `name` (or match a `prefix_*` pattern there).
// Usage: node tools/check_test_docs.mjs BUILD_DIR...   (exit 1 naming what TESTING.md lacks)
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(fileURLToPath(import.meta.url), "../..");

/** The names in `docText` written as code (`name`), and those ending in `*` as prefixes. */
function documentedNames(docText) {
  const names = new Set([...docText.matchAll(/`([\w*./-]+)`/g)].map((m) => m[1]));
  const prefixes = [...names].filter((n) => n.endsWith("*")).map((n) => n.slice(0, -1));
  return { names, prefixes };
}

/** The names of `suites` that `docText` does not list, in their order. */
export function undocumented(suites, docText) {
  const { names, prefixes } = documentedNames(docText);
  return suites.filter((s) => !names.has(s) && !prefixes.some((p) => s.startsWith(p)));
}

/** The tests CTest registers in `buildDir` (`ctest -N`). */
export function ctestNames(buildDir) {
  const out = execFileSync("ctest", ["-N", "--test-dir", buildDir], { encoding: "utf8" });
  return [...out.matchAll(/^\s*Test\s+#\d+: (\S+)/gm)].map((m) => m[1]);
}

/** The libFuzzer targets tests/fuzz/CMakeLists.txt declares. */
export function fuzzTargets(cmakeText) {
  return [...cmakeText.matchAll(/^\s*wirelens_add_fuzzer\((\w+)/gm)].map((m) => m[1]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const suites = new Set(fuzzTargets(readFileSync(join(ROOT, "tests/fuzz/CMakeLists.txt"), "utf8")));
  for (const dir of process.argv.slice(2)) for (const name of ctestNames(dir)) suites.add(name);
  const missing = undocumented([...suites], readFileSync(join(ROOT, "TESTING.md"), "utf8"));
  for (const name of missing) console.error(`TESTING.md does not list ${name}`);
  if (missing.length > 0) process.exit(1);
  console.log(
    `TESTING.md lists all ${suites.size} suites (CTest in ${process.argv.slice(2).join(", ")}; fuzz targets)`,
  );
}
