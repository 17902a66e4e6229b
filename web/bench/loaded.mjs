// The files of a user's own schema and payloads for the Benchmark Suite in Node (cli.mjs and
// run_browsers.mjs: --proto FILE [-I DIR]... or --descriptor-set FILE, --type, --framing, --payload FILE...);
// loaded_cases.mjs makes the cases. A .proto is compiled by protoc into a descriptor set, so that
// every codec gets the schema protoc sees; its errors come with protoc's file:line:column.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import protobuf from "protobufjs";
import { LoadError, loadedCases, schemaFromDescriptorSet } from "./loaded_cases.mjs";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
// The protoc the repository's npm packages bring (36.x), else one on PATH.
const PROTOC = [join(REPO, "node_modules/protoc/bin/protoc-linux-x86_64")].find(existsSync) ?? "protoc";

function readInput(path, what) {
  if (!path || !existsSync(path)) throw new LoadError(`${path ?? "(none)"}: no such ${what}`);
  return new Uint8Array(readFileSync(path));
}

/**
 * The schema (loaded_cases.mjs's schemaFromDescriptorSet) of `descriptorSet` (a file protoc wrote
 * with --include_imports), or of `proto` compiled by protoc with `includes` and the .proto's own
 * folder as import paths.
 */
export function loadSchema({ proto, includes = [], descriptorSet }) {
  if (!proto === !descriptorSet) throw new LoadError("the schema: one of --proto FILE.proto or --descriptor-set FILE");
  if (descriptorSet) return schemaFromDescriptorSet(readInput(descriptorSet, "descriptor set"), descriptorSet);
  readInput(proto, ".proto file");
  const dirs = [dirname(resolve(proto)), ...includes.map((dir) => resolve(dir))];
  const work = mkdtempSync(join(tmpdir(), "wirelens-loaded-"));
  try {
    const out = join(work, "schema.pb");
    const args = [...dirs.map((dir) => `-I${dir}`), "--include_imports", `--descriptor_set_out=${out}`, resolve(proto)];
    try {
      execFileSync(PROTOC, args, { stdio: ["ignore", "pipe", "pipe"] });
    } catch (e) {
      throw new LoadError(`${proto}: the schema does not load:\n${`${e.stderr ?? ""}`.trim() || e.message}`);
    }
    const bytes = new Uint8Array(readFileSync(out));
    // protobuf.js from the .proto itself: its reading of imports of the well-known types is sturdier
    // than from a descriptor set.
    const root = new protobuf.Root();
    root.resolvePath = (origin, target) =>
      dirs.map((dir) => join(dir, target)).find(existsSync) ?? protobuf.util.path.resolve(origin, target);
    root.loadSync(resolve(proto), { keepCase: false }).resolveAll();
    return { bytes, root, source: proto };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The payload files as [{ file, bytes }]. */
export function readPayloads(files = []) {
  return files.map((file) => ({ file, bytes: readInput(file, "payload") }));
}

/**
 * The command-line options of a user's schema and payloads (parseArgs form), and their usage.
 * @type {import("node:util").ParseArgsConfig["options"]}
 */
export const LOADED_OPTIONS = {
  proto: { type: "string" },
  include: { type: "string", short: "I", multiple: true },
  "descriptor-set": { type: "string" },
  type: { type: "string" },
  payload: { type: "string", multiple: true },
  framing: { type: "string" },
};
export const LOADED_USAGE =
  "[--proto FILE.proto [-I DIR]... | --descriptor-set FILE] --type FULL.Name [--framing bare|delimited|grpc|confluent] --payload FILE.bin [--payload FILE.bin]...";

/**
 * The user's schema, payloads and their cases (loaded_cases.mjs, checked with the table codec
 * module `loadTable()` resolves to) from parsed LOADED_OPTIONS: { schema, payloads, cases, peers },
 * or null when none of them is given. A mistake in them ends the process with its message (exit 1),
 * nothing timed.
 */
export async function loadedFromArgs(args, loadTable) {
  if (Object.keys(LOADED_OPTIONS).every((flag) => args[flag] === undefined)) return null;
  try {
    const schema = loadSchema({
      proto: args.proto,
      includes: args.include ?? [],
      descriptorSet: args["descriptor-set"],
    });
    const payloads = readPayloads(args.payload);
    const table = await loadTable();
    const framing = args.framing ?? "bare";
    return { schema, payloads, ...(await loadedCases({ schema, typeName: args.type, framing, payloads, table })) };
  } catch (e) {
    if (!(e instanceof LoadError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
}
