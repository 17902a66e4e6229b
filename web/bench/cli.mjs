#!/usr/bin/env node
// The Benchmark Suite in Node: the same cases, codecs and Benchmark.js settings as the page,
// printed as Markdown tables. `make bench` runs it (build/web must be built).
// Usage: node --expose-gc web/bench/cli.mjs [--cases a,b] [--codecs x,y] [--quick] [--memory-only] [--json FILE] [--markdown FILE]
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
const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args[i + 1];
};
/** @type {Record<string, any>} */
const options = { ...(args.includes("--quick") ? quickOptions : defaultOptions) };
options.cases = flag("--cases")?.split(",") ?? CASES.map((c) => c.name);
options.codecs = flag("--codecs")?.split(",") ?? CODECS.map((c) => c.id);
if (args.includes("--memory-only")) options.timing = false;
const peersFile = flag("--peers") ?? fileURLToPath(new URL("../../build/web/bench/gen/peers.mjs", import.meta.url));
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
if (flag("--json")) writeFileSync(flag("--json"), JSON.stringify(results, null, 2));
if (flag("--markdown")) writeFileSync(flag("--markdown"), markdown + "\n");
