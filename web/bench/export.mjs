// The app's Export > Download of a large payload's text format and JSON (issue 45): in Chromium and
// Firefox, from the click on Download to the file's Blob, for the tile case's generated payloads
// (tests/bench/case_payloads.mjs): the bytes written, and the frames drawn meanwhile with the
// longest of them (an export printed a slice per frame keeps the page drawing). A benchmark
// program, not a test.
// Usage: xvfb-run -a node web/bench/export.mjs [--sizes 10,100] [--runs 3] [--browsers chromium,firefox]
import { readFileSync, statSync } from "node:fs";
import { relative, resolve } from "node:path";
import { parseCommandLine } from "../command_line.mjs";
import { BROWSERS, openApp } from "../e2e/browsers.mjs";
import { captureDownloads, clickWidget, median, waitFor } from "../e2e/helpers.mjs";
import { serve } from "../serve.mjs";
import { CASES, ROOT, casePayload } from "../../tests/bench/case_payloads.mjs";

const { values: args } = parseCommandLine(
  {
    sizes: { type: "string", default: "10,100" },
    runs: { type: "string", default: "3" },
    browsers: { type: "string", default: "chromium,firefox" },
  },
  "usage: xvfb-run -a node web/bench/export.mjs [--sizes 10,100] [--runs 3] [--browsers chromium,firefox]",
);
const tile = CASES.find((c) => c.name === "tile");
const proto = readFileSync(resolve(ROOT, "bench_cases/tile/tile.proto"));

const { server, url } = await serve({ root: ROOT, port: 0 });
const rows = [];
try {
  for (const megabytes of args.sizes.split(",").map(Number)) {
    const payload = casePayload(tile, megabytes, { reuse: true });
    const name = `tile-${megabytes}mb.bin`;
    for (const browserName of args.browsers.split(",")) {
      const browser = await BROWSERS[browserName]();
      try {
        const { page } = await openApp(browser, url);
        await captureDownloads(page, "size");
        await page.evaluate(
          ([p]) => window.wirelens.loadFile("tile.proto", new TextEncoder().encode(p)),
          [proto.toString()],
        );
        await page.evaluate(
          async ([path, n]) => window.wirelens.loadFile(n, new Uint8Array(await (await fetch(path)).arrayBuffer())),
          [relative(ROOT, payload), name],
        );
        await waitFor(page, (s) => s.payloads.some((p) => p.name === name) && !s.reading, name, 2000);
        await page.evaluate(([n]) => window.wirelens.select(n, "tile.Tile"), [name]);
        const decoded = await waitFor(page, (s) => !s.decoding, "the decode", 4000);
        for (const format of ["Text format", "JSON"]) {
          await clickWidget(page, format);
          const times = [];
          const frameCounts = [];
          const longest = [];
          let size = 0;
          for (let i = 0; i < Number(args.runs); i++) {
            // Every frame from the click to the file, as requestAnimationFrame sees them.
            const start = await page.evaluate(() => {
              const frames = (window.__exportFrames = [performance.now()]);
              const next = () => {
                frames.push(performance.now());
                if (window.__downloads.length === 0) requestAnimationFrame(next);
              };
              requestAnimationFrame(next);
              return frames[0];
            });
            await clickWidget(page, "Download");
            const file = await page.evaluate(async () => {
              while (window.__downloads.length === 0) await new Promise((r) => setTimeout(r, 5));
              const frames = window.__exportFrames;
              const intervals = frames.slice(1).map((t, i) => t - frames[i]);
              return { ...(await window.__downloads.pop()), frames: intervals.length, longest: Math.max(...intervals) };
            });
            times.push(file.at - start);
            frameCounts.push(file.frames);
            longest.push(file.longest);
            size = file.size;
          }
          rows.push({
            browser: `${browserName} ${await browser.version()}`,
            payload: statSync(payload).size,
            nodes: decoded.node_count,
            format,
            size,
            times,
            frameCounts,
            longest,
          });
        }
        await page.close();
      } finally {
        await browser.close();
      }
    }
  }
} finally {
  server.close();
}

console.log(`tile payloads, Export > Download, click to Blob, ${args.runs} clicks each (median; all)\n`);
console.log(
  "| browser | payload bytes | format | file bytes | ms (median) | ms (each) | frames meanwhile | longest frame ms |",
);
console.log("|---|---:|---|---:|---:|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.browser} | ${r.payload.toLocaleString("en-US")} | ${r.format} | ${r.size.toLocaleString("en-US")} | ` +
      `${median(r.times).toFixed(0)} | ${r.times.map((t) => t.toFixed(0)).join(", ")} | ` +
      `${r.frameCounts.join(", ")} | ${r.longest.map((t) => t.toFixed(0)).join(", ")} |`,
  );
}
