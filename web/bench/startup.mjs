// How fast index.html opens (issue 45): in Chromium and Firefox, from disk as users open it, the
// time from navigation to the app's first frames on screen and the script bytes the page parsed
// before them (the app's wasm is inside a script, gzip'd: also given is the wasm it inflates to and
// compiles). A benchmark program, not a test: it prints a Markdown table of medians.
// Usage: xvfb-run -a node web/bench/startup.mjs [--runs 5] [--browsers chromium,firefox] [--page index.html]
// (--page: another page of the repository's root, e.g. an older index.html to compare with)
import { statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseCommandLine } from "../command_line.mjs";
import { BROWSERS } from "../e2e/browsers.mjs";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const { values: args } = parseCommandLine(
  {
    runs: { type: "string", default: "5" },
    browsers: { type: "string", default: "chromium,firefox" },
    page: { type: "string", default: "index.html" },
  },
  "usage: xvfb-run -a node web/bench/startup.mjs [--runs 5] [--browsers chromium,firefox] [--page index.html]",
);
const runs = Number(args.runs);
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const url = pathToFileURL(join(REPO, args.page)).href;

const rows = [];
for (const name of args.browsers.split(",")) {
  const browser = await BROWSERS[name]();
  try {
    const samples = [];
    for (let i = 0; i < runs; i++) {
      const page = await browser.newPage();
      await page.goto(url);
      const s = await page.evaluate(async () => {
        await window.wirelens.ready;
        const navigation = /** @type {any} */ (performance.getEntriesByType("navigation")[0]);
        return {
          ready: window.wirelens.readyAt,
          domContentLoaded: navigation?.domContentLoadedEventEnd ?? NaN,
          scripts: window.wirelens.scriptsAtReady, // page.js adds others after the first frames
          suite: typeof window.wirelensBench !== "undefined",
        };
      });
      s.bytes = s.scripts.reduce((sum, src) => sum + statSync(fileURLToPath(src)).size, 0);
      const wasmScript = s.scripts.find((src) => src.endsWith("/wirelens_app_wasm.js"));
      s.wasm = wasmScript ? statSync(fileURLToPath(wasmScript).replace(/_wasm\.js$/, ".wasm")).size : 0;
      samples.push(s);
      await page.close();
    }
    const version = await browser.version();
    rows.push({
      name: `${name} (${version})`,
      bytes: median(samples.map((s) => s.bytes)),
      wasm: samples[0].wasm,
      scripts: samples[0].scripts.map((src) => src.slice(src.lastIndexOf("/") + 1)).join(", "),
      domContentLoaded: median(samples.map((s) => s.domContentLoaded)),
      ready: median(samples.map((s) => s.ready)),
      suite: samples.some((s) => s.suite),
    });
  } finally {
    await browser.close();
  }
}

console.log(`${args.page} from disk, median of ${runs} loads each\n`);
console.log(
  "| browser | scripts before the first frame | bytes | wasm inflated | DOMContentLoaded ms | first frames ms | suite loaded |",
);
console.log("|---|---|---:|---:|---:|---:|---|");
for (const r of rows) {
  console.log(
    `| ${r.name} | ${r.scripts} | ${r.bytes.toLocaleString("en-US")} | ${r.wasm ? r.wasm.toLocaleString("en-US") : "-"} | ${r.domContentLoaded.toFixed(0)} | ${r.ready.toFixed(0)} | ${r.suite ? "yes" : "no"} |`,
  );
}
