// The layer order of the C++ tree, and the check that every #include of ours follows it.
// Usage: node tools/check_layers.mjs   (prints each include against the order; exit 1 if any)
//
// A unit may include itself and the units it lists; each list is already closed under "below", so
// reading one row tells everything a unit may reach. core/CMakeLists.txt links the libraries in the
// same order, and docs/ARCHITECTURE.md draws it. Tests (*_test.cc) are leaves that link whatever
// they exercise, so they are not held to their folder's row.
import { readFileSync, readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const BELOW_APP = [
  "core/wire",
  "core/schema",
  "core/schema/loader",
  "core/text",
  "core/inspect",
  "core/format",
  "core/capture",
  "core/jsbind/tape_kind",
  "core/jsbind",
  "core/table",
  "bench_cases",
];

/** Unit -> the units its files may include (besides its own). */
export const LAYERS = {
  "core/wire": [],
  "core/schema": ["core/wire"],
  // The only unit that uses libprotobuf (its .proto parser).
  "core/schema/loader": ["core/schema", "core/wire"],
  "core/text": ["core/schema", "core/wire"],
  "core/inspect": ["core/text", "core/schema", "core/wire"],
  "core/format": ["core/inspect", "core/text", "core/schema", "core/wire"],
  // Captured traffic read as RPCs: the inspector's unpacking, the JSON cursor, the schema's services.
  "core/capture": ["core/format", "core/inspect", "core/text", "core/schema", "core/wire"],
  // What travels on the tape as what: shared with the JS generator, so it needs the wire alone.
  "core/jsbind/tape_kind": ["core/wire"],
  "core/jsbind": ["core/jsbind/tape_kind", "core/format", "core/inspect", "core/text", "core/schema", "core/wire"],
  // The table-driven codec: the tape's, over the schema model.
  "core/table": [
    "core/jsbind",
    "core/jsbind/tape_kind",
    "core/format",
    "core/inspect",
    "core/text",
    "core/schema",
    "core/wire",
  ],
  gen: ["core/jsbind/tape_kind", "core/schema", "core/wire"],
  bench_cases: ["core/wire"],
  app: BELOW_APP,
  tests: [...BELOW_APP, "gen", "app"],
};

// Files that belong to a unit other than their folder's: the schema loader beside the model, the
// tape kinds beside the tape.
const UNIT_OF_FILE = [
  ["core/schema/loader.", "core/schema/loader"],
  ["core/schema/editions_text.", "core/schema/loader"],
  ["core/jsbind/tape_kind.", "core/jsbind/tape_kind"],
  ["core/jsbind/tape_kind_js.", "core/jsbind/tape_kind"],
];

/** The unit of a repository path, or undefined for paths outside the layered tree. */
export function unitOf(path) {
  for (const [prefix, unit] of UNIT_OF_FILE) if (path.startsWith(prefix)) return unit;
  const units = Object.keys(LAYERS).sort((a, b) => b.length - a.length);
  return units.find((unit) => path.startsWith(unit + "/"));
}

/** Units that reach themselves through LAYERS (empty when the order has no cycle). */
export function layerCycles(layers = LAYERS) {
  return Object.keys(layers).filter((start) => {
    const seen = new Set();
    const stack = [...layers[start]];
    while (stack.length > 0) {
      const unit = stack.pop();
      if (unit === start) return true;
      if (seen.has(unit)) continue;
      seen.add(unit);
      stack.push(...(layers[unit] ?? []));
    }
    return false;
  });
}

/**
 * The includes that go against the order: `files` is [{ path, text }] with repository paths.
 * Returns ["path:line: includes X (unit A may not include unit B)"]; only quoted includes of our
 * own units are checked (system and third-party headers are not ours to order).
 */
export function layerViolations(files, layers = LAYERS) {
  const violations = [];
  for (const { path, text } of files) {
    const unit = unitOf(path);
    if (unit === undefined || /_test\.cc$/.test(path)) continue;
    text.split("\n").forEach((line, index) => {
      const match = /^\s*#\s*include\s+"([^"]+)"/.exec(line);
      if (match === null) return;
      const target = unitOf(match[1]);
      if (target === undefined || target === unit || layers[unit].includes(target)) return;
      violations.push(`${path}:${index + 1}: includes ${match[1]} (${unit} may not include ${target})`);
    });
  }
  return violations;
}

/** Every C++ source and header of the layered tree under `root`, as layerViolations takes them. */
export function sourceFiles(root) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(cc|h)$/.test(entry.name))
        files.push({ path: relative(root, path), text: readFileSync(path, "utf8") });
    }
  };
  for (const top of ["core", "gen", "app", "bench_cases", "tests"]) walk(join(root, top));
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(import.meta.url), "../..");
  const problems = [...layerCycles().map((unit) => `LAYERS: ${unit} reaches itself`)];
  problems.push(...layerViolations(sourceFiles(root)));
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.log("layers: every #include follows the order of tools/check_layers.mjs");
}
