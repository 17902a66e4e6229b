// The house-rule checks fail on a violation: each is fed one bad file (and the same file fixed),
// through the same configuration `make lint` uses (ESLint, Prettier, clang-format, tsc --checkJs).
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { ESLint } from "eslint";
import * as prettier from "prettier";

const ROOT = resolve(fileURLToPath(import.meta.url), "../../..");

test("eslint: an unused variable and an undefined name are errors", async () => {
  const eslint = new ESLint({ cwd: ROOT });
  const [bad] = await eslint.lintText("const unused = 1;\nexport const x = undefinedName;\n", {
    filePath: join(ROOT, "web/bad.mjs"),
  });
  assert.deepEqual(bad.messages.map((m) => m.ruleId).sort(), ["no-undef", "no-unused-vars"]);
  const [good] = await eslint.lintText("export const x = 1;\n", { filePath: join(ROOT, "web/good.mjs") });
  assert.equal(good.errorCount, 0);
});

test("prettier: a file not in the project's format is reported", async () => {
  const file = join(ROOT, "web/bad.mjs");
  const options = { ...(await prettier.resolveConfig(file)), filepath: file };
  assert.equal(await prettier.check("export const x = {a:1,b:'two'}\n", options), false);
  assert.equal(await prettier.check('export const x = { a: 1, b: "two" };\n', options), true);
});

test("clang-format: a C++ file not in the project's format is reported", () => {
  const dir = mkdtempSync(join(tmpdir(), "wirelens-style-"));
  execFileSync("cp", [join(ROOT, ".clang-format"), dir]);
  const bad = join(dir, "bad.cc");
  writeFileSync(bad, "int  f( int x ){return x+1;}\n");
  const check = (file) => spawnSync("clang-format", ["--dry-run", "-Werror", file], { encoding: "utf8" });
  assert.notEqual(check(bad).status, 0);
  const good = join(dir, "good.cc");
  writeFileSync(good, "int f(int x) { return x + 1; }\n");
  assert.equal(check(good).status, 0, check(good).stderr);
});

test("tsc --checkJs: a type error in a script is reported", () => {
  mkdirSync(join(ROOT, "build"), { recursive: true }); // beside node_modules, for the type packages
  const dir = mkdtempSync(join(ROOT, "build/style-"));
  const config = (file) => {
    const tsconfig = join(dir, `tsconfig-${file}.json`);
    writeFileSync(tsconfig, JSON.stringify({ extends: join(ROOT, "tsconfig.json"), include: [join(dir, file)] }));
    return spawnSync(join(ROOT, "node_modules/.bin/tsc"), ["-p", tsconfig], { encoding: "utf8" });
  };
  writeFileSync(join(dir, "bad.mjs"), 'export const n = Math.max("1", 2);\n');
  const bad = config("bad.mjs");
  assert.notEqual(bad.status, 0);
  assert.match(bad.stdout, /bad\.mjs.*error TS2345/);
  writeFileSync(join(dir, "good.mjs"), "export const n = Math.max(1, 2);\n");
  assert.equal(config("good.mjs").status, 0, config("good.mjs").stdout);
  rmSync(dir, { recursive: true });
});
