#!/usr/bin/env node
// The Benchmark Suite in Node: the same cases, codecs and Benchmark.js settings as the page,
// printed as Markdown tables. `make bench` runs it (build/web must be built).
// Usage: node --expose-gc web/bench/cli.mjs [--cases a,b] [--codecs x,y] [--quick] [--memory-only] [--json FILE] [--markdown FILE]
// Your own schema and payloads instead of the built-in cases (loaded.mjs): --proto FILE.proto [-I DIR]...
// (or --descriptor-set FILE) --type FULL.Name [--framing delimited|grpc] --payload FILE.bin [--payload FILE2.bin ...].
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
import { LOADED_OPTIONS, LOADED_USAGE, loadedFromArgs } from "./loaded.mjs";

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
    ...LOADED_OPTIONS,
  },
  "usage: node --expose-gc web/bench/cli.mjs [--cases a,b] [--codecs x,y] [--quick] [--memory-only] [--peers FILE] [--json FILE] [--markdown FILE]\n" +
    `       ${LOADED_USAGE}`,
);
/** @type {Record<string, any>} */
const options = { ...(args.quick ? quickOptions : defaultOptions) };
options.cases = args.cases?.split(",") ?? CASES.map((c) => c.name);
options.codecs = args.codecs?.split(",") ?? CODECS.map((c) => c.id);
if (args["memory-only"]) options.timing = false;
const peersFile = args.peers ?? fileURLToPath(new URL("../../build/web/bench/gen/peers.mjs", import.meta.url));
const { PEERS } = await import(pathToFileURL(peersFile).href);
// The user's schema and payloads (--proto / --descriptor-set, --type, --payload) instead of the cases.
const loaded = await loadedFromArgs(args, async () => Object.values(PEERS)[0].table);

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
