// The Benchmark Suite in the app, in real browsers from file://: the window lists the cases and
// codecs, a quick run started by clicking (quick, two cases) fills a table for every codec and
// operation while frames keep coming, another browser's results load next to it, and the page
// makes no request and no error on the way. (Speed is not checked here: `make bench-browsers`.)
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

import { BROWSERS, openApp } from "./browsers.mjs";
import { snapshot, frames, clickWidget, waitFor, dropFiles } from "./helpers.mjs";

const ROOT = resolve(fileURLToPath(import.meta.url), "../../..");
const SHOTS = resolve(ROOT, "build/e2e");
const SELECTED = (process.env.WIRELENS_BROWSERS ?? (process.env.DISPLAY ? "chromium,firefox" : "chromium")).split(",");
const CASES = ["bench", "deep"];
// A user's schema and payload: a bytes field, which JSON.stringify cannot carry (its check fails).
const POINT_PROTO =
  'syntax = "proto3";\npackage drop;\nmessage Point { sint32 x = 1; int32 y = 2; string label = 3; bytes blob = 4; }\n';
const POINT_BIN = [0x08, 0xac, 0x02, 0x10, 0x7f, 0x1a, 0x02, 0x68, 0x69, 0x22, 0x02, 0x01, 0x02];

for (const browserName of SELECTED) {
  describe(`${browserName}: Benchmark Suite`, () => {
    let browser;
    before(async () => {
      mkdirSync(SHOTS, { recursive: true });
      browser = await BROWSERS[browserName]();
    });
    after(async () => browser?.close());

    test(
      "a quick run from the window: every codec on every operation, then loaded results beside it",
      { timeout: 300000 },
      async () => {
        const { page, problems } = await openApp(browser, pathToFileURL(resolve(ROOT, "index.html")).href);
        // The suite's script (about 4 MB) is not loaded for the first frame, only when its window
        // opens; the bundled samples' script (1.6 MB) is added after the first frames.
        const name = (src) => src.slice(src.lastIndexOf("/") + 1);
        const scripts = await page.evaluate(() => ({
          suite: typeof window.wirelensBench,
          atFirstFrames: window.wirelens.scriptsAtReady,
          now: [...document.scripts].map((s) => s.src).filter(Boolean),
        }));
        assert.equal(scripts.suite, "undefined");
        assert.deepEqual(scripts.atFirstFrames.map(name), ["wirelens_app_wasm.js", "wirelens_app.js", "page.js"]);
        assert.deepEqual(scripts.now.map(name), [
          "wirelens_app_wasm.js",
          "wirelens_app.js",
          "page.js",
          "wirelens_samples.js",
        ]);
        assert.equal((await snapshot(page)).benchmark.available, false);
        await clickWidget(page, "Benchmark Suite");
        await waitFor(page, (s) => s.benchmark.available, "the suite's script loaded when its window opened", 3000);
        const offered = await page.evaluate(() => ({
          cases: window.wirelensBench.cases.map((c) => c.name),
          codecs: window.wirelensBench.codecs.map((c) => c.id),
          protoJsonCases: window.wirelensBench.cases.filter((c) => c.protoJson).map((c) => c.name),
          protoJsonCodecs: window.wirelensBench.codecs.filter((c) => c.protoJson).length,
          loadedOnlyCodecs: window.wirelensBench.codecs.filter((c) => c.loadedOnly).length,
        }));
        assert.ok(offered.cases.length >= 9 && offered.codecs.length >= 8, JSON.stringify(offered));
        const start = await snapshot(page);
        assert.equal(start.benchmark.available, true);
        // The run BENCHMARKS.md reports is in the window from the start, one per browser.
        const recorded = start.benchmark.runs.length;
        assert.deepEqual(
          start.benchmark.runs.map((r) => [r.source, r.title.split(" ")[0], r.cases.length]),
          [
            ["recorded run (BENCHMARKS.md)", "Chrome", offered.cases.length],
            ["recorded run (BENCHMARKS.md)", "Firefox", offered.cases.length],
          ],
        );

        await clickWidget(page, "Benchmark Suite");
        assert.ok((await snapshot(page)).open_windows.includes("Benchmark Suite"));
        await clickWidget(page, "quick");
        // Heavy cases start unchosen; keep only CASES among the light ones.
        for (const name of offered.cases) {
          const heavy = await page.evaluate((n) => window.wirelensBench.cases.find((c) => c.name === n).heavy, name);
          if (!heavy && !CASES.includes(name)) await clickWidget(page, `case ${name}`);
        }
        const before = await page.evaluate(() => performance.now());
        await clickWidget(page, "Run benchmarks");
        let sawProgress = false;
        const done = await waitFor(
          page,
          (s) => {
            sawProgress ||= s.benchmark.running && s.benchmark.progress > 0;
            return s.benchmark.runs.length === recorded + 1;
          },
          "the run to finish",
          3000,
        );
        assert.ok(sawProgress, "progress was shown while running");
        const run = done.benchmark.runs[recorded];
        assert.equal(run.source, "this browser");
        assert.match(run.title, browserName === "firefox" ? /^Firefox / : /^Chrome /);
        assert.deepEqual(
          run.cases.map((c) => c.name),
          CASES,
        );
        for (const c of run.cases) {
          assert.equal(c.skipped, 0, `${c.name}: a codec failed its output check`);
          // ProtoJSON codecs run in the cases that time JSON only.
          const codecs =
            offered.codecs.length -
            offered.loadedOnlyCodecs -
            (offered.protoJsonCases.includes(c.name) ? 0 : offered.protoJsonCodecs);
          assert.equal(c.rows, codecs * 3, `${c.name}: one row per codec and operation`);
        }
        const results = await page.evaluate((i) => window.wirelensBench.runs[i], recorded);
        assert.ok(results.cases[0].rows.every((r) => r.hz > 0 && r.samples >= 2));
        assert.ok(results.cases[0].checks.every((k) => k.ok));
        const markdown = await page.evaluate(
          (i) => window.wirelensBench.toMarkdown(window.wirelensBench.runs[i]),
          recorded,
        );
        assert.match(markdown, /\| wirelens wasm \(from JS\) \|/);
        // The page kept drawing while the suite ran (Benchmark.js yields between cycles).
        const elapsed = (await page.evaluate(() => performance.now())) - before;
        assert.ok(elapsed > 0);

        // Another browser's exported JSON, loaded next to this run; its first case with memory rows
        // (heavy cases have them; a run saved before encode memory was measured has no op: decode).
        const memory = [
          { codec: "wirelens", op: "encode", jsHeap: 1 << 20, external: 0, wasm: 0 },
          { codec: "pbjs8-static", jsHeap: 2 << 20, external: 0, wasm: null },
        ];
        const other = {
          ...results,
          environment: { name: "Other", version: "1" },
          cases: results.cases.map((c, i) => (i === 0 ? { ...c, memory } : c)),
        };
        await page.evaluate(
          (json) => window.wirelensBench.addResults(json, "other-browser.json"),
          JSON.stringify(other),
        );
        await frames(page, 3);
        const both = await snapshot(page);
        assert.deepEqual(
          both.benchmark.runs.slice(recorded).map((r) => r.source),
          ["this browser", "other-browser.json"],
        );
        assert.deepEqual(both.benchmark.runs[recorded + 1].cases[0].memory, ["wirelens encode", "pbjs8-static decode"]);
        await assert.rejects(page.evaluate(() => window.wirelensBench.addResults('{"cases": 5}', "bad.json")));
        await frames(page, 3);
        await page.screenshot({ path: resolve(SHOTS, `${browserName}-bench.png`) });
        assert.deepEqual(problems, []);
      },
    );

    test(
      "your own payloads: the loaded ones run as cases with the codecs built from their schema",
      { timeout: 300000 },
      async () => {
        const { page, problems } = await openApp(browser, pathToFileURL(resolve(ROOT, "index.html")).href);
        await dropFiles(page, [
          { name: "point.proto", text: POINT_PROTO },
          { name: "point.bin", bytes: POINT_BIN },
        ]);
        await waitFor(page, (x) => x.selected_payload === "point.bin", "the dropped payload");
        assert.equal(await page.evaluate(() => window.wirelens.select("point.bin", "drop.Point")), true);
        // A stream of three points, each after its length: one case of three frames.
        const stream = [0, 1, 2].flatMap(() => [POINT_BIN.length, ...POINT_BIN]);
        await dropFiles(page, [{ name: "points.bin", bytes: stream }]);
        await waitFor(page, (x) => x.selected_payload === "points.bin", "the dropped stream");
        assert.equal(await page.evaluate(() => window.wirelens.select("points.bin", "drop.Point")), true);
        assert.equal(await page.evaluate(() => window.wirelens.setFraming("delimited")), true);
        await clickWidget(page, "Benchmark Suite");
        const recorded = (await waitFor(page, (s) => s.benchmark.available, "the suite", 3000)).benchmark.runs.length;
        const codecs = await page.evaluate(() => window.wirelensBench.codecs.filter((c) => c.dynamic));
        const dynamic = codecs.length;
        const builds = codecs.filter((c) => c.builds).length;
        await clickWidget(page, "quick");
        await clickWidget(page, "Run loaded payloads");
        const done = await waitFor(page, (s) => s.benchmark.runs.length === recorded + 1, "the loaded run", 3000);
        const run = done.benchmark.runs[recorded];
        assert.equal(run.source, "this browser, loaded payloads");
        // The bundled sample the app opens with (bench.bin as Test) and the dropped ones; each times
        // encode, decode, combined and building the codec from the schema.
        assert.deepEqual(
          run.cases.map((c) => [c.name, c.rows, c.skipped]),
          [
            ["bench.bin", dynamic * 3 + builds, 0],
            ["point.bin", (dynamic - 1) * 3 + builds, 1],
            ["points.bin", (dynamic - 1) * 3 + builds, 1],
          ],
        );
        const results = await page.evaluate((i) => window.wirelensBench.runs[i], recorded);
        for (const c of results.cases) assert.equal(c.reference, "pbjs8-reflect");
        for (const c of results.cases.slice(1)) {
          assert.deepEqual(
            c.checks.filter((k) => !k.ok).map((k) => k.codec),
            ["json-string"],
            "the codec whose output does not check is shown as failed, not timed",
          );
          assert.match(c.skipped[0].reason, /JSON round trip changed the object/);
          assert.ok(c.rows.some((r) => r.codec === "wirelens-table" && r.op === "build" && r.hz > 0));
          assert.ok(c.rows.some((r) => r.codec === "wirelens-table-resident" && r.op === "decode" && r.hz > 0));
        }
        assert.match(results.cases[2].about, /3 delimited frames/);
        assert.equal(results.cases[2].size, stream.length);
        assert.match(results.cases[2].checks.find((k) => k.codec === "wirelens-table").detail, /^3 frames/);
        await frames(page, 3);
        await page.screenshot({ path: resolve(SHOTS, `${browserName}-bench-loaded.png`) });
        assert.deepEqual(problems, []);
      },
    );
  });
}
