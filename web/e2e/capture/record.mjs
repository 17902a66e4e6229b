// Each browser's own HAR of the capture service's client page: Playwright's recordHar in Chromium
// (what Chrome's DevTools writes too), and Firefox's DevTools auto-export (prefs, `-devtools`; it
// records a page load that starts after the toolbox is open and writes the HAR when the page goes).
import { copyFileSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";

import { chromium } from "playwright-core";
import puppeteer from "puppeteer-core";

import { CHROMIUM_PATH, FIREFOX_PATH } from "../browsers.mjs";

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function recordChromium(url, harPath) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--no-sandbox", "--disable-quic"] });
  try {
    const context = await browser.newContext({ recordHar: { path: harPath, content: "embed" } });
    const page = await context.newPage();
    await page.goto(url);
    const seen = await page.evaluate(() => /** @type {any} */ (window).__calls);
    await context.close(); // writes the HAR
    return seen;
  } finally {
    await browser.close();
  }
}

// One page load under Firefox's network monitor, `settleMs` after the toolbox was asked for; the
// path of the HAR it wrote, or null when it wrote none (the toolbox was not ready in time).
async function recordFirefoxOnce(url, scratch, settleMs) {
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX_PATH,
    headless: false,
    args: ["-devtools"],
    extraPrefsFirefox: {
      "devtools.netmonitor.har.enableAutoExportToFile": true,
      "devtools.netmonitor.har.defaultLogDir": scratch,
      "devtools.netmonitor.har.includeResponseBodies": true,
      "devtools.netmonitor.har.defaultFileName": "capture",
      "devtools.toolbox.selectedTool": "netmonitor",
    },
  });
  try {
    const page = (await browser.pages())[0]; // the tab the toolbox opened on
    await sleep(settleMs); // the toolbox opens after the window
    // A navigation of the page's own (WebDriver's goto is one the network monitor does not record),
    // from a script that returns nothing (returning the new location kept the monitor from exporting).
    await page.evaluate((target) => {
      location.href = target;
    }, url);
    await sleep(4000); // the same for scripts run in the page while it loads
    let seen;
    for (let i = 0; i < 100 && seen === undefined; i++) {
      seen = await page.evaluate(() => /** @type {any} */ (window).__calls).catch(() => sleep(200));
    }
    await page.evaluate(() => {
      location.href = "about:blank"; // the HAR is written as the page goes
    });
    for (let i = 0; i < 50 && !readdirSync(scratch).length; i++) await sleep(100);
    await sleep(500);
    const [file] = readdirSync(scratch);
    return { seen, file: file && resolve(scratch, file) };
  } finally {
    await browser.close();
  }
}

async function recordFirefox(url, harPath, reset) {
  const scratch = `${harPath}.d`; // Firefox names the file itself
  try {
    for (const settleMs of [3000, 6000, 12000]) {
      reset();
      const { seen, file } = await recordFirefoxOnce(url, scratch, settleMs);
      if (file) {
        copyFileSync(file, harPath);
        return seen;
      }
    }
    throw new Error("Firefox wrote no HAR (its network monitor did not record the page load, three times)");
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Records the client page at `url` in `browserName` into `harPath`; returns what the client saw.
 * `reset()` is called before each page load (Firefox may need a second one: the server's log of
 * calls starts again). Firefox needs a display (run under xvfb-run).
 */
export async function recordHar(browserName, url, harPath, reset = () => {}) {
  mkdirSync(resolve(harPath, ".."), { recursive: true });
  if (browserName === "chromium") return recordChromium(url, harPath);
  return recordFirefox(url, harPath, reset);
}
