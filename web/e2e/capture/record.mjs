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

async function recordFirefox(url, harPath) {
  const scratch = `${harPath}.d`; // Firefox names the file itself
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
    await sleep(3000); // the toolbox opens after the window
    // A navigation of the page's own (WebDriver's goto is one the network monitor does not record).
    await page.evaluate((target) => (location.href = target), url);
    let seen;
    for (let i = 0; i < 100 && seen === undefined; i++) {
      await sleep(200);
      seen = await page.evaluate(() => /** @type {any} */ (window).__calls).catch(() => undefined);
    }
    await page.evaluate(() => (location.href = "about:blank")); // the export of the page it leaves
    for (let i = 0; i < 100 && !readdirSync(scratch).length; i++) await sleep(100);
    await sleep(500);
    const [file] = readdirSync(scratch);
    if (!file) throw new Error("Firefox wrote no HAR");
    copyFileSync(resolve(scratch, file), harPath);
    return seen;
  } finally {
    await browser.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Records the client page at `url` in `browserName` into `harPath`; returns what the client saw.
 * Firefox needs a display (run under xvfb-run).
 */
export async function recordHar(browserName, url, harPath) {
  mkdirSync(resolve(harPath, ".."), { recursive: true });
  return browserName === "chromium" ? recordChromium(url, harPath) : recordFirefox(url, harPath);
}
