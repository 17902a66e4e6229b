#!/usr/bin/env node
// The Benchmark Suite in Node: the same cases, codecs and Benchmark.js settings as the page,
// printed as Markdown tables. `make bench` runs it (build/web must be built).
// Usage: node --expose-gc web/bench/cli.mjs [--cases a,b] [--codecs x,y] [--quick] [--memory-only] [--json FILE] [--markdown FILE]
// Your own schema and payloads instead of the built-in cases (loaded.mjs): --proto FILE.proto [-I DIR]...
// (or --descriptor-set FILE) --type FULL.Name --payload FILE.bin [--payload FILE2.bin ...].
import { parseCommandLine } from "../command_line.mjs";
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import os from "node:os";
import { CASES } from "../../bench_cases/cases.mjs";
import { CODECS } from "./codecs.mjs";
import { runSuite } from "./suite.mjs";
import { toMarkdown } from "./report.mjs";
import { defaultOptions, quickOptions } from "./options.mjs";
import { measureNodeMemory } from "./memory_node.mjs";
import { loadSchema, readPayloads } from "./loaded.mjs";
import { LoadError, loadedCases } from "./loaded_cases.mjs";

// The user's schema and payloads (--proto / --descriptor-set, --type, --payload) as cases, or null
// when none are given; a mistake in them ends the run with its message (exit 1), nothing timed.
async function loadedFromArgs(args, peers) {
  const given = ["proto", "descriptor-set", "type", "payload"].filter((flag) => args[flag] !== undefined);
  if (given.length === 0) return null;
  try {
    const schema = loadSchema({
      proto: args.proto,
      includes: args.include ?? [],
      descriptorSet: args["descriptor-set"],
    });
    const table = Object.values(peers)[0].table;
    return await loadedCases({ schema, typeName: args.type, payloads: readPayloads(args.payload), table });
  } catch (e) {
    if (!(e instanceof LoadError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
}

const require = createRequire(import.meta.url);
const Benchmark = require("benchmark");
const { values: args } = parseCommandLine(
  {
    quick: { type: "boolean", default: false },
    "memory-only": { type: "boolean", default: false },
    cases: { type: "string" },
    codecs: { type: "string" },
    peers: { type: "string" },
    json: { type: "string" },
    markdown: { type: "string" },
    proto: { type: "string" },
    include: { type: "string", short: "I", multiple: true },
    "descriptor-set": { type: "string" },
    type: { type: "string" },
    payload: { type: "string", multiple: true },
  },
  "usage: node --expose-gc web/bench/cli.mjs [--cases a,b] [--codecs x,y] [--quick] [--memory-only] [--peers FILE] [--json FILE] [--markdown FILE]\n" +
    "       [--proto FILE.proto [-I DIR]... | --descriptor-set FILE] --type FULL.Name --payload FILE.bin [--payload FILE.bin]...",
);
/** @type {Record<string, any>} */
const options = { ...(args.quick ? quickOptions : defaultOptions) };
options.cases = args.cases?.split(",") ?? CASES.map((c) => c.name);
options.codecs = args.codecs?.split(",") ?? CODECS.map((c) => c.id);
if (args["memory-only"]) options.timing = false;
const peersFile = args.peers ?? fileURLToPath(new URL("../../build/web/bench/gen/peers.mjs", import.meta.url));
const { PEERS } = await import(pathToFileURL(peersFile).href);
const loaded = await loadedFromArgs(args, PEERS);

const results = await runSuite(options, {
  Benchmark,
  peers: loaded?.peers ?? PEERS,
  cases: loaded?.cases,
  measureMemory: measureNodeMemory,
  environment: {
    name: "Node",
    version: process.versions.node,
    platform: `${os.platform()} ${os.arch()}`,
    cpu: os.cpus()[0]?.model,
  },
  onProgress: ({ case: c, codec, op }) => process.stderr.write(`\r${c} ${codec} ${op}`.padEnd(60)),
});
process.stderr.write("\n");
const markdown = toMarkdown(results);
console.log(markdown);
if (args.json) writeFileSync(args.json, JSON.stringify(results, null, 2));
if (args.markdown) writeFileSync(args.markdown, markdown + "\n");
