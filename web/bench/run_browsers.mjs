#!/usr/bin/env node
// `make bench-browsers`: runs the whole Benchmark Suite in Chromium (headless) and Firefox ESR
// (needs a display: run under xvfb-run) by automation, from index.html over file://, and writes
// build/bench/<browser>.json, build/bench/<browser>.md and build/bench/report.md (both browsers
// side by side, ratios to protobuf.js 8 static). With --record, each browser's results also go to
// web/bench/recorded/<browser>.json: the run BENCHMARKS.md reports, which the app's Benchmark
// Suite window shows from the start (browser_entry.mjs).
// Usage: node web/bench/run_browsers.mjs [--quick] [--memory-only] [--record] [--cases a,b] [--codecs x,y] [--browsers chromium,firefox] [--json OUT]
// Your own schema and payloads instead of the built-in cases (as cli.mjs): --proto FILE.proto [-I DIR]...
// (or --descriptor-set FILE) --type FULL.Name --payload FILE.bin [--payload FILE2.bin ...]; checked in
// Node first (a mistake: its message, exit 1, no browser started).
import { parseCommandLine } from "../command_line.mjs";
import { mkdirSync, writeFileSync } from "node:fs";
import { LOADED_OPTIONS, LOADED_USAGE, loadedFromArgs } from "./loaded.mjs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { BROWSERS } from "../e2e/browsers.mjs";
import { CASES } from "../../bench_cases/cases.mjs";
import { CODECS } from "./codecs.mjs";
import { toMarkdown, combinedMarkdown, summaryMarkdown } from "./report.mjs";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const OUT = join(REPO, "build/bench");
const { values: args } = parseCommandLine(
  {
    quick: { type: "boolean", default: false },
    "memory-only": { type: "boolean", default: false },
    record: { type: "boolean", default: false },
    cases: { type: "string" },
    codecs: { type: "string" },
    browsers: { type: "string", default: "chromium,firefox" },
    json: { type: "string" },
    ...LOADED_OPTIONS,
  },
  "usage: node web/bench/run_browsers.mjs [--quick] [--memory-only] [--record] [--cases a,b] [--codecs x,y] [--browsers chromium,firefox] [--json OUT]\n" +
    `       ${LOADED_USAGE}`,
);
// The user's schema and payloads, checked here with the table codec before any browser starts,
// then handed to the page as base64.
const fromArgs = await loadedFromArgs(
  args,
  () => import(pathToFileURL(join(REPO, "build/web/codecs/table.wl.js")).href),
);
const base64 = (bytes) => Buffer.from(bytes).toString("base64");
const loaded = fromArgs && {
  descriptorSet: base64(fromArgs.schema.bytes),
  source: fromArgs.schema.source,
  typeName: args.type,
  framing: args.framing,
  payloads: fromArgs.payloads.map((p) => ({ file: p.file, bytes: base64(p.bytes) })),
};
const selection = {
  quick: args.quick,
  memoryOnly: args["memory-only"],
  cases: args.cases?.split(",") ?? CASES.map((c) => c.name),
  codecs: args.codecs?.split(",") ?? CODECS.map((c) => c.id),
};
const browsers = args.browsers.split(",");

// Chromium with precise performance.memory and gc() for the memory columns.
const launch = {
  ...BROWSERS,
  chromium: () => BROWSERS.chromium(["--enable-precise-memory-info", "--js-flags=--expose-gc"]),
};

mkdirSync(OUT, { recursive: true });
const runs = [];
for (const name of browsers) {
  const browser = await launch[name]();
  try {
    const page = await browser.newPage();
    page.on("console", (m) => {
      if (m.type() === "error") console.error(`[${name}] ${m.text()}`);
    });
    await page.goto(pathToFileURL(join(REPO, "index.html")).href);
    await page.evaluate(() => window.wirelens.ready);
    await page.evaluate(() => window.wirelens.loadSuite());
    console.error(
      loaded
        ? `${name}: running ${loaded.payloads.length} payloads of ${loaded.typeName}${selection.quick ? " (quick)" : ""}`
        : `${name}: running ${selection.cases.length} cases x ${selection.codecs.length} codecs${selection.quick ? " (quick)" : ""}`,
    );
    await page.evaluate(
      ([s, input]) => {
        const bench = window.wirelensBench;
        const run = input ? bench.runLoaded(input, s) : bench.run(s);
        window.__benchDone = run.then(
          (r) => (window.__bench = r),
          (e) => (window.__bench = { error: e.message }),
        );
      },
      [selection, loaded],
    );
    let last = "";
    for (;;) {
      const done = await page.evaluate(() => window.__bench !== undefined);
      if (done) break;
      const status = await page.evaluate(() => window.wirelens.snapshot().benchmark.progress);
      if (String(status) !== last) last = String(status);
      await new Promise((r) => setTimeout(r, 2000));
    }
    const results = await page.evaluate(() => window.__bench);
    if (results.error) throw new Error(`${name}: the run failed: ${results.error}`);
    results.environment.browser = name;
    runs.push(results);
    const file = `${name}${loaded ? "-loaded" : ""}${selection.memoryOnly ? "-memory" : ""}`;
    const json = JSON.stringify(results, null, 2) + "\n";
    writeFileSync(join(OUT, `${file}.json`), json);
    writeFileSync(join(OUT, `${file}.md`), toMarkdown(results) + "\n");
    console.error(`${name}: done, build/bench/${file}.json`);
    if (args.record && !loaded) writeFileSync(join(REPO, "web/bench/recorded", `${name}.json`), json);
  } finally {
    await browser.close();
  }
}
if (args.json) writeFileSync(args.json, JSON.stringify(runs, null, 2) + "\n");
if (selection.memoryOnly || loaded) {
  if (loaded) console.log(combinedMarkdown(runs));
  process.exit(0);
}
const report = `## Summary: wirelens relative to protobuf.js 8 static\n\n${summaryMarkdown(runs)}\n\n${combinedMarkdown(runs)}`;
writeFileSync(join(OUT, "report.md"), report + "\n");
console.log(report);
