#!/usr/bin/env node
// The Benchmark Suite in Node: the same cases, codecs and Benchmark.js settings as the page,
// printed as Markdown tables. `make bench` runs it (build/web must be built).
// Usage: node --expose-gc web/bench/cli.mjs [--cases a,b] [--codecs x,y] [--quick] [--memory-only] [--json FILE] [--markdown FILE]
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
  },
  "usage: node --expose-gc web/bench/cli.mjs [--cases a,b] [--codecs x,y] [--quick] [--memory-only] [--peers FILE] [--json FILE] [--markdown FILE]",
);
/** @type {Record<string, any>} */
const options = { ...(args.quick ? quickOptions : defaultOptions) };
options.cases = args.cases?.split(",") ?? CASES.map((c) => c.name);
options.codecs = args.codecs?.split(",") ?? CODECS.map((c) => c.id);
if (args["memory-only"]) options.timing = false;
const peersFile = args.peers ?? fileURLToPath(new URL("../../build/web/bench/gen/peers.mjs", import.meta.url));
const { PEERS } = await import(pathToFileURL(peersFile).href);

const results = await runSuite(options, {
  Benchmark,
  peers: PEERS,
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
