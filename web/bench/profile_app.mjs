#!/usr/bin/env node
// Profiles the app's frames in headless Chromium: with the bundled sample selected, then with a
// partialSketch payload of LAYERS layers loaded, prints the median frame interval and the functions
// with the most self time over FRAMES frames of each. Wasm functions have names when the app is
// linked with --profiling-funcs (cmake -DWIRELENS_PROFILING=ON for build/web).
// Usage: node web/bench/profile_app.mjs [LAYERS=900] [FRAMES=120]
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { BROWSERS, openApp } from "../e2e/browsers.mjs";
import { serve } from "../serve.mjs";
import { selfTimes } from "./cpu_profile.mjs";

const ROOT = resolve(fileURLToPath(import.meta.url), "../../..");
const [layers = "900", frameCount = "120"] = process.argv.slice(2);

async function profileFrames(page, cdp, label) {
  await cdp.send("Profiler.start");
  const deltas = await page.evaluate(
    (n) =>
      new Promise((done) => {
        const out = [];
        let last = performance.now();
        const tick = (now) => {
          out.push(now - last);
          last = now;
          if (out.length < n) requestAnimationFrame(tick);
          else done(out);
        };
        requestAnimationFrame(tick);
      }),
    Number(frameCount),
  );
  const { profile } = await cdp.send("Profiler.stop");
  deltas.sort((a, b) => a - b);
  const { total, top } = selfTimes(profile, 20);
  const ms = (x) => (x / 1000).toFixed(1);
  console.log(
    `\n${label}: median frame ${deltas[deltas.length >> 1].toFixed(1)} ms over ${deltas.length} frames; ` +
      `sampled ${ms(total)} ms of main-thread time`,
  );
  for (const [name, time] of top)
    console.log(`${((100 * time) / total).toFixed(1).padStart(5)}%  ${ms(time).padStart(7)} ms  ${name}`);
}

mkdirSync(resolve(ROOT, "build/e2e"), { recursive: true });
const bin = resolve(ROOT, `build/e2e/sketch-${layers}.bin`);
execFileSync(resolve(ROOT, "build/native/bin/generate_sketch"), [bin, layers, "3"]);
const browser = await BROWSERS.chromium();
const { server, url } = await serve({ root: ROOT, port: 0 });
try {
  const { page } = await openApp(browser, url);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await profileFrames(page, cdp, "sample (bench.bin)");
  const bytes = readFileSync(bin);
  await page.evaluate(
    (b64) =>
      window.wirelens.loadFile(
        "big.bin",
        Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)),
      ),
    bytes.toString("base64"),
  );
  for (;;) {
    const s = await page.evaluate(() => window.wirelens.snapshot());
    if (s.selected_payload === "big.bin" && !s.decoding && !s.reading) {
      console.log(`\nloaded ${bytes.length} bytes: ${s.node_count} nodes`);
      break;
    }
    await page.evaluate(() => window.wirelens.frames(2));
  }
  await profileFrames(page, cdp, `partialSketch ${layers} layers`);
} finally {
  await browser.close();
  server.close();
}
