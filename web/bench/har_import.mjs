// How the app takes a large capture (issue 60's target: no frame over 2.5x an idle one, memory at
// most 3x the file): the HAR of har_file.mjs (about --mb megabytes of gRPC-web exchanges) loaded
// into index.html with its .proto, in each browser; prints the frames while it is copied in and
// read (90th percentile and longest, as ratios to the idle frame before) and the growth of the
// app's wasm memory against the file's size. A benchmark program, not a test.
// Usage: xvfb-run -a node web/bench/har_import.mjs [--mb 100] [--entries 1000] [--browsers chromium,firefox]
// [--frames: print every frame's interval]
import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { parseCommandLine } from "../command_line.mjs";
import { BROWSERS, openApp } from "../e2e/browsers.mjs";
import { frameStats } from "../e2e/helpers.mjs";
import { serve } from "../serve.mjs";
import { PROTO, PROTO_DIR, grpcWebHar } from "./har_file.mjs";

const ROOT = resolve(fileURLToPath(import.meta.url), "../../..");
const { values } = parseCommandLine(
  {
    mb: { type: "string", default: "100" },
    entries: { type: "string", default: "1000" },
    browsers: { type: "string", default: "chromium,firefox" },
    frames: { type: "boolean", default: false },
  },
  "usage: xvfb-run -a node web/bench/har_import.mjs [--mb 100] [--entries 1000] [--browsers chromium,firefox] [--frames]",
  ({ values: v }) => Number(v.mb) > 0 && Number(v.entries) > 0,
);
const entries = Number(values.entries);
const harPath = grpcWebHar(Number(values.mb), entries);
const har = readFileSync(harPath);
const proto = readFileSync(resolve(PROTO_DIR, PROTO));
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const { server, url } = await serve({ root: ROOT, port: 0 });

console.log(`${harPath}: ${(har.length / 2 ** 20).toFixed(1)} MB, ${entries} exchanges`);
console.log("| browser | idle frame | frames | 90th percentile | longest | memory growth | read in |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const name of values.browsers.split(",")) {
  const browser = await BROWSERS[name]();
  try {
    const { page } = await openApp(browser, url, {
      width: 1440,
      height: 900,
    });
    await page.evaluate((bytes) => window.wirelens.loadFile("user_service.proto", new Uint8Array(bytes)), [...proto]);
    const idle = median((await frameStats(page, 60)).interval);
    const before = await page.evaluate(() => window.wirelens.wasmMemoryBytes());
    // The page fetches the file from the server it came from (its CSP allows its own origin), as
    // a dropped file's bytes arrive: no copy of it in a string.
    const result = await page.evaluate(
      async ({ path, count }) => {
        const bytes = new Uint8Array(await (await fetch(path)).arrayBuffer());
        return window.wirelens.framesUntil(
          () => window.wirelens.loadFile("capture.har", bytes),
          (s) => (s.traffic.count === count && s.traffic.reading === null ? s.traffic.exchanges.length : undefined),
        );
      },
      { path: "/" + relative(ROOT, harPath), count: entries },
    );
    const after = await page.evaluate(() => window.wirelens.wasmMemoryBytes());
    if (values.frames) console.log(`${name} frames (ms): ${result.deltas.map((d) => d.toFixed(0)).join(" ")}`);
    const sorted = [...result.deltas].sort((a, b) => a - b);
    const p90 = sorted[Math.floor(sorted.length * 0.9)];
    const worst = sorted[sorted.length - 1];
    console.log(
      `| ${name} | ${idle.toFixed(1)} ms | ${sorted.length} | ${p90.toFixed(0)} ms (${(p90 / idle).toFixed(2)}x) | ` +
        `${worst.toFixed(0)} ms (${(worst / idle).toFixed(2)}x) | ${((after - before) / har.length).toFixed(2)}x the file | ` +
        `${(result.total / 1000).toFixed(1)} s |`,
    );
  } finally {
    await browser.close();
  }
}
server.close();
