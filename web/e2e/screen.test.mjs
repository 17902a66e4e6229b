// The app on a HiDPI screen, in each browser: the canvas's backing store follows the device pixel
// ratio (also when it changes on a live page, as moving the window to another screen or the
// browser's zoom does), text is drawn at that ratio (its edges as sharp at 2x as at 1x, measured on
// the pixels of a screenshot), clicks land on the widgets, and View > Larger text grows the text.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { BROWSERS, openApp } from "./browsers.mjs";
import { clickWidget, frames, snapshot, waitFor } from "./helpers.mjs";
import { decodePng, edgeShare } from "./pixels.mjs";
import { serve } from "../serve.mjs";

const ROOT = resolve(fileURLToPath(import.meta.url), "../../..");
const SELECTED = (process.env.WIRELENS_BROWSERS ?? (process.env.DISPLAY ? "chromium,firefox" : "chromium")).split(",");
const [WIDTH, HEIGHT] = [1440, 900];

// Chromium's DevTools session of a page: one for the page, since emulation is per session.
const sessions = new WeakMap();
async function devTools(page) {
  if (!sessions.has(page)) sessions.set(page, await page.context().newCDPSession(page));
  return sessions.get(page);
}

// Changes window.devicePixelRatio on the open page, as another screen does.
async function setPixelRatio(name, page, ratio) {
  if (name === "chromium") {
    await (
      await devTools(page)
    ).send("Emulation.setDeviceMetricsOverride", {
      width: WIDTH,
      height: HEIGHT,
      deviceScaleFactor: ratio,
      mobile: false,
    });
  } else {
    await page.setViewport({ width: WIDTH, height: HEIGHT, deviceScaleFactor: ratio });
  }
  await frames(page, 5);
}

const canvasSize = (page) =>
  page.evaluate(() => {
    const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById("canvas"));
    return { width: canvas.width, height: canvas.height, css: canvas.clientWidth, ratio: devicePixelRatio };
  });

// The sharpness of the "Benchmark Suite" button's label: the button's inside, in screenshot pixels.
async function labelEdgeShare(page, ratio) {
  const rect = await page.evaluate(() => window.wirelens.widgetRect("Benchmark Suite"));
  // Playwright's screenshot would reset the emulated ratio: ask Chromium itself.
  const png =
    typeof page.context === "function"
      ? Buffer.from((await (await devTools(page)).send("Page.captureScreenshot")).data, "base64")
      : await page.screenshot();
  const image = decodePng(Buffer.from(png));
  assert.equal(image.width, WIDTH * ratio, "a screenshot in device pixels");
  const inset = { x: rect.x + 3, y: rect.y + 2, w: rect.w - 6, h: rect.h - 4 };
  return edgeShare(image, { x: inset.x * ratio, y: inset.y * ratio, w: inset.w * ratio, h: inset.h * ratio });
}

for (const name of SELECTED) {
  describe(`HiDPI in ${name}`, () => {
    let server, url, browser, page, problems;
    before(async () => {
      ({ server, url } = await serve({ root: ROOT, port: 0 }));
      browser = await BROWSERS[name]();
      ({ page, problems } = await openApp(browser, url, { width: WIDTH, height: HEIGHT, keepSettings: true }));
      await waitFor(page, (s) => s.node_count > 0, "the bundled sample decoded");
    });
    after(async () => {
      await browser?.close();
      server?.close();
    });

    test("the canvas follows the pixel ratio, text stays sharp, clicks and text size work", async () => {
      assert.deepEqual(await canvasSize(page), { width: WIDTH, height: HEIGHT, css: WIDTH, ratio: 1 });
      const sharpAt1 = await labelEdgeShare(page, 1);

      await setPixelRatio(name, page, 2);
      assert.deepEqual(await canvasSize(page), { width: WIDTH * 2, height: HEIGHT * 2, css: WIDTH, ratio: 2 });
      assert.equal((await snapshot(page)).screen.pixel_ratio, 2);
      const sharpAt2 = await labelEdgeShare(page, 2);
      // Drawn at 1x and scaled up by the browser, the label's edges are ~0.97 partial (0.70 at 1x).
      console.log(`${name}: text edges ${sharpAt1.toFixed(3)} partial at 1x, ${sharpAt2.toFixed(3)} at 2x`);
      assert.ok(
        sharpAt2 <= sharpAt1,
        `text edges at 2x: ${sharpAt2.toFixed(3)} partial, at 1x: ${sharpAt1.toFixed(3)}`,
      );

      // Widget rectangles reach the page in CSS pixels, and a click there lands on the widget.
      const before = await page.evaluate(() => window.wirelens.widgetRect("Benchmark Suite"));
      assert.ok(before.x + before.w < WIDTH && before.h < 40, JSON.stringify(before));
      await clickWidget(page, "View");
      await clickWidget(page, "Larger text");
      const s = await snapshot(page);
      assert.equal(s.screen.text_size, 16);
      const grown = await page.evaluate(() => window.wirelens.widgetRect("Benchmark Suite"));
      assert.ok(grown.w > before.w, `the button's label grew with the text: ${before.w} -> ${grown.w}`);

      await setPixelRatio(name, page, 1);
      assert.deepEqual(await canvasSize(page), { width: WIDTH, height: HEIGHT, css: WIDTH, ratio: 1 });
      assert.deepEqual(problems, []);
    });

    test("settings are kept across visits, at another pixel ratio too, until forgotten", async () => {
      const rectOf = (label) => page.evaluate((l) => window.wirelens.widgetRect(l), label);
      const kept = () => page.evaluate(() => localStorage.getItem("wirelens.settings"));
      const reload = async () => {
        await page.reload();
        await page.evaluate(() => window.wirelens.ready);
        await frames(page, 3);
      };
      const forget = async () => {
        await clickWidget(page, "View");
        await clickWidget(page, "Forget settings");
      };
      await forget();
      assert.equal(await kept(), null);
      const first = await rectOf("window:Log");

      await clickWidget(page, "View");
      await clickWidget(page, "Larger text");
      await clickWidget(page, "View");
      await clickWidget(page, "Larger text");
      // The Log window dragged by its title bar, 200 pixels left and 150 up.
      await page.mouse.move(first.x + 60, first.y + 8);
      await frames(page, 2); // ImGui sees the pointer over the title bar before the press
      await page.mouse.down();
      await frames(page, 2);
      for (let step = 1; step <= 5; step++) {
        await page.mouse.move(first.x + 60 - step * 40, first.y + 8 - step * 30);
        await frames(page, 1);
      }
      await page.mouse.up();
      await frames(page, 2);
      const moved = await rectOf("window:Log");
      assert.deepEqual([moved.x, moved.y], [first.x - 200, first.y - 150]);
      // ImGui saves a second after a window moved (at 1x, its device pixels are CSS pixels).
      const place = `[Window][Log]\nPos=${moved.x},${moved.y}\n`;
      for (let i = 0; i < 200 && !(await kept())?.includes(place); i++) await frames(page, 2);
      assert.ok((await kept()).includes(place), await kept());
      assert.match(await kept(), /TextSize=17/);

      await reload();
      assert.equal((await snapshot(page)).screen.text_size, 17);
      assert.deepEqual(await rectOf("window:Log"), moved);
      // Saved at 1x, opened at 2x: the window where it was on the page.
      await setPixelRatio(name, page, 2);
      await reload();
      assert.deepEqual(await rectOf("window:Log"), moved);
      await setPixelRatio(name, page, 1);

      await forget();
      assert.equal(await kept(), null);
      assert.equal((await snapshot(page)).screen.text_size, 15);
      assert.deepEqual(await rectOf("window:Log"), first);
      await reload();
      assert.deepEqual(await rectOf("window:Log"), first);
      assert.deepEqual(problems, []);
    });
  });
}
