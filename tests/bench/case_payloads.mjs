// The benchmark programs' large payloads: one message of a built-in case (tile, strings) encoded by
// `wirelens encode`, copied end to end to about N MB (one message: its repeated fields merge), and
// the case's descriptor set. Written under build/cli-bench; needs build/native and npm's protoc.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { generateTile } from "../../bench_cases/tile/generator.mjs";
import { generateStrings } from "../../bench_cases/strings/generator.mjs";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const WIRELENS = resolve(ROOT, "build/native/bin/wirelens");
export const PROTOC = resolve(
  dirname(createRequire(import.meta.url).resolve("protoc/package.json")),
  "bin/protoc-linux-x86_64",
);
export const OUT = resolve(ROOT, "build/cli-bench");

export const CASES = [
  { name: "tile", type: "tile.Tile", generate: generateTile, about: "packed uint32 geometry, few strings" },
  { name: "strings", type: "strings.Strings", generate: generateStrings, about: "ASCII and non-ASCII strings" },
];

// The case's directory, .proto (relative to it) and descriptor set (written again each call).
export function caseSchema(c) {
  const dir = resolve(ROOT, `bench_cases/${c.name}`);
  const proto = `${c.name}.proto`;
  const set = resolve(OUT, `${c.name}.pb`);
  mkdirSync(OUT, { recursive: true });
  execFileSync(PROTOC, [`-I${dir}`, proto, "--include_imports", `--descriptor_set_out=${set}`]);
  return { dir, proto, set };
}

// Path and size of the case's payload of about `megabytes` MB, written unless `reuse` finds it.
export function casePayload(c, megabytes, { reuse = false } = {}) {
  const path = resolve(OUT, `${c.name}-${megabytes}mb.bin`);
  const proto = resolve(ROOT, `bench_cases/${c.name}/${c.name}.proto`);
  if (reuse && existsSync(path)) return path;
  const one = execFileSync(WIRELENS, ["encode", "--proto", proto, "--type", c.type, "--format", "json"], {
    input: JSON.stringify(c.generate(1)),
    maxBuffer: 1 << 30,
  });
  const copies = Math.max(1, Math.round((megabytes * 1e6) / one.length));
  mkdirSync(OUT, { recursive: true });
  writeFileSync(path, Buffer.concat(Array(copies).fill(one)));
  return path;
}
