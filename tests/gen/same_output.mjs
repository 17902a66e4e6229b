// The plugin writes the same files for a proto2/proto3 .proto whichever protoc runs it: Debian's
// 3.21 (libprotoc's own request) or protoc 36 (whose request the plugin reads with the editions
// path of gen/main.cc and gen/editions.h). Guards the rule that editions support changes nothing
// for the files that were there before it.
// Usage: node same_output.mjs PLUGIN PROTOC_A PROTOC_B -I DIR... FILE.proto...
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

const [plugin, protocA, protocB, ...args] = process.argv.slice(2);

function generate(protoc) {
  const out = mkdtempSync(join(tmpdir(), "wl-same-output-"));
  execFileSync(protoc, [`--plugin=protoc-gen-wirelens=${plugin}`, `--wirelens_out=js,formats:${out}`, ...args]);
  return out;
}

function files(dir, root = dir, found = new Map()) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files(path, root, found);
    else found.set(relative(root, path), readFileSync(path));
  }
  return found;
}

const [a, b] = [generate(protocA), generate(protocB)];
const [filesA, filesB] = [files(a), files(b)];
rmSync(a, { recursive: true });
rmSync(b, { recursive: true });
const problems = [];
for (const [name, bytes] of filesA) {
  if (!filesB.has(name)) problems.push(`${name}: only from ${protocA}`);
  else if (!bytes.equals(filesB.get(name))) problems.push(`${name}: differs`);
}
for (const name of filesB.keys()) if (!filesA.has(name)) problems.push(`${name}: only from ${protocB}`);
if (filesA.size === 0) problems.push("no files generated");
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(`${filesA.size} generated files identical from both protocs`);
