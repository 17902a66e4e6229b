// The app renders a real ImGui window in headless Chromium, served and from file://.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

import { launchChromium, openApp } from './browsers.mjs';
import { decodePng } from './png.mjs';
import { serve } from '../serve.mjs';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
const SHOTS = resolve(ROOT, 'build/e2e');
let browser, server, serverUrl;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchChromium();
  ({ server, url: serverUrl } = await serve({ root: ROOT, port: 0 }));
});
after(async () => { await browser?.close(); server?.close(); });

const near = (actual, expected, tolerance = 6) =>
  actual.every((value, i) => Math.abs(value - expected[i]) <= tolerance);

// The About window sits at (20, 40), 420x160 (app/panels/about_panel.cpp); the page clears to
// (0.12, 0.13, 0.15); ImGui's dark style draws the focused title bar in (0.16, 0.29, 0.48).
function checkRendering(png) {
  assert.ok(near(png.pixel(1100, 700), [31, 33, 38]), `background ${png.pixel(1100, 700)}`);
  assert.ok(near(png.pixel(300, 48), [41, 74, 122]), `title bar ${png.pixel(300, 48)}`);
  let textPixels = 0;
  for (let y = 62; y < 195; y++) {
    for (let x = 24; x < 436; x++) if (png.pixel(x, y)[0] > 180) textPixels++;
  }
  assert.ok(textPixels > 500, `expected rendered text in the window body, found ${textPixels} bright pixels`);
}

for (const [name, url] of [['served', () => serverUrl], ['file', () => pathToFileURL(resolve(ROOT, 'index.html')).href]]) {
  test(`chromium renders the ImGui window (${name})`, async () => {
    const { page, problems } = await openApp(browser, url());
    const shot = await page.screenshot({ type: 'png' });
    writeFileSync(resolve(SHOTS, `chromium-smoke-${name}.png`), shot);
    checkRendering(decodePng(shot));
    assert.deepEqual(problems, []);
    await page.close();
  });
}
