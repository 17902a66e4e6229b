// The Benchmark Suite on a user's own schema and payloads (cli.mjs and run_browsers.mjs take
// --proto FILE [-I DIR] or --descriptor-set FILE, --type FULL.Name and --payload FILE...): one case
// per payload, timed with the codecs built from the schema at run time (codecs.mjs's dynamic ones:
// the table-driven wirelens codec, protobuf.js reflection, @bufbuild's registry, JSON). What a user
// can get wrong (a schema that does not load, a type it lacks, a payload that does not decode as
// the type) is a LoadError naming the file; nothing is timed then.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import protobuf from "protobufjs";
import descriptorExtension from "protobufjs/ext/descriptor/index.js";

// protobuf.js's descriptor extension (its types declare neither member below).
const descriptor = /** @type {any} */ (descriptorExtension);
const Root = /** @type {any} */ (protobuf.Root);

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
// The protoc the repository's npm packages bring (36.x), else one on PATH.
const PROTOC = [join(REPO, "node_modules/protoc/bin/protoc-linux-x86_64")].find(existsSync) ?? "protoc";
// Payloads above this size are heavy cases: fewer samples, and memory measured (as cases.mjs's).
const HEAVY_BYTES = 1 << 20;

/** A mistake in the user's input, with the message to print. */
export class LoadError extends Error {}

/**
 * The schema as a FileDescriptorSet and a protobuf.js Root: from `descriptorSet` (a file protoc
 * wrote with --include_imports), or from `proto` compiled by protoc with `includes` (and the
 * .proto's own folder) as import paths.
 */
export function loadSchema({ proto, includes = [], descriptorSet }) {
  if (descriptorSet) {
    const bytes = readInput(descriptorSet, "descriptor set");
    let root;
    try {
      const set = descriptor.FileDescriptorSet.decode(bytes);
      if (set.file.length === 0 || set.file.some((f) => !f.name)) throw new Error("no named file in it");
      root = Root.fromDescriptor(set);
    } catch (e) {
      throw new LoadError(`${descriptorSet}: not a FileDescriptorSet (${e.message})`);
    }
    return { bytes, root, source: descriptorSet };
  }
  readInput(proto, ".proto file");
  const dirs = [dirname(resolve(proto)), ...includes.map((dir) => resolve(dir))];
  const work = mkdtempSync(join(tmpdir(), "wirelens-loaded-"));
  try {
    const out = join(work, "schema.pb");
    try {
      execFileSync(
        PROTOC,
        [...dirs.map((dir) => `-I${dir}`), "--include_imports", `--descriptor_set_out=${out}`, resolve(proto)],
        {
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
    } catch (e) {
      const said = `${e.stderr ?? ""}`.trim() || e.message;
      throw new LoadError(`${proto}: the schema does not load:\n${said}`);
    }
    const root = new protobuf.Root();
    root.resolvePath = (origin, target) =>
      dirs.map((dir) => join(dir, target)).find(existsSync) ?? protobuf.util.path.resolve(origin, target);
    root.loadSync(resolve(proto), { keepCase: false });
    return { bytes: new Uint8Array(readFileSync(out)), root, source: proto };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function readInput(path, what) {
  if (!path || !existsSync(path)) throw new LoadError(`${path ?? "(none)"}: no such ${what}`);
  return new Uint8Array(readFileSync(path));
}

// Every message type's full name under `root`.
function typeNames(root) {
  const names = [];
  const walk = (ns) => {
    for (const nested of ns.nestedArray ?? []) {
      if (nested instanceof protobuf.Type) names.push(nested.fullName.slice(1));
      if (nested.nestedArray) walk(nested);
    }
  };
  walk(root);
  return names;
}

/**
 * The cases of `payloads` (file paths) as messages of `typeName` in `schema` (loadSchema's), each
 * checked to decode with the table codec module `table` (codecs/table.wl.js), and the peers entry
 * of each: { cases, peers }.
 */
export async function loadedCases({ schema, typeName, payloads, table }) {
  if (!typeName) throw new LoadError("--type FULL.Name: which message type the payloads hold");
  if (payloads.length === 0) throw new LoadError("--payload FILE: at least one payload to time");
  let type;
  try {
    type = schema.root.lookupType(typeName);
  } catch {
    const known = typeNames(schema.root);
    throw new LoadError(
      `${schema.source}: no message type ${typeName} (it has ${known.length}: ${known.slice(0, 20).join(", ")}${known.length > 20 ? ", ..." : ""})`,
    );
  }
  const module = await table.load({ int64: "string" });
  const codec = module.compile(schema.bytes).byFullName.get(typeName);
  if (!codec) throw new LoadError(`${schema.source}: ${typeName} is not a message type the codec can build`);
  const cases = [];
  const peers = {};
  for (const file of payloads) {
    const bytes = readInput(file, "payload");
    try {
      codec.decode(bytes);
    } catch (e) {
      throw new LoadError(`${file}: does not decode as ${typeName}: ${e.message}`);
    }
    let name = basename(file);
    for (let n = 2; peers[name]; n++) name = `${basename(file)} (${n})`;
    cases.push({
      name,
      type: typeName,
      size: bytes.length,
      heavy: bytes.length > HEAVY_BYTES,
      about: `${typeName} from ${file}`,
      loaded: { bytes, type },
    });
    peers[name] = { table, descriptorSet: schema.bytes };
  }
  return { cases, peers };
}
