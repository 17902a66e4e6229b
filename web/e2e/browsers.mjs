// Launching the real browsers installed by tools/setup.sh, for the e2e tests and benchmark runners:
// Chromium headless through playwright-core, Firefox ESR through puppeteer-core (WebDriver BiDi);
// Firefox needs a display (headless Firefox has no WebGL): run under xvfb-run.
import { chromium } from "playwright-core";
import puppeteer from "puppeteer-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";

export const BROWSERS = {
  // extraArgs: more command-line flags (the benchmark runner asks for precise memory and gc()).
  chromium: (extraArgs = []) =>
    chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        "--no-sandbox",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--use-angle=swiftshader",
        "--enable-unsafe-swiftshader",
        "--ignore-gpu-blocklist",
        "--allow-file-access-from-files",
        ...extraArgs,
      ],
    }),
  firefox: () =>
    puppeteer.launch({
      browser: "firefox",
      executablePath: FIREFOX_PATH,
      headless: false,
      extraPrefsFirefox: {
        // Firefox rounds performance.now() to whole milliseconds by default; the app's frame timing
        // (a UI pass takes ~0.5 ms) and Benchmark.js need its 20 us clock to measure anything.
        "privacy.reduceTimerPrecision": false,
        "network.captive-portal-service.enabled": false,
        "app.update.enabled": false,
        "browser.safebrowsing.malware.enabled": false,
        "browser.safebrowsing.phishing.enabled": false,
        "datareporting.healthreport.uploadEnabled": false,
        "toolkit.telemetry.enabled": false,
      },
    }),
};

// A page that records every problem the app must never have: page errors, console errors and
// requests that leave the page's own files (file:// or the test server's origin). The settings
// the app keeps in localStorage are cleared at each load unless `keepSettings`: pages of one
// browser share them, and one test's dragged window must not move another's.
export async function openApp(browser, url, { width = 1400, height = 900, keepSettings = false } = {}) {
  let page;
  const clearSettings = () => {
    try {
      localStorage.removeItem("wirelens.settings");
    } catch {
      // no storage for this page: nothing kept either
    }
  };
  if (typeof browser.newContext === "function") {
    page = await browser.newPage({ viewport: { width, height } });
    if (!keepSettings) await page.addInitScript(clearSettings);
  } else {
    page = await browser.newPage();
    await page.setViewport({ width, height });
    if (!keepSettings) await page.evaluateOnNewDocument(clearSettings);
  }
  const problems = [];
  const origin = url.startsWith("file:") ? "file:" : new URL(url).origin;
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message ?? error}`));
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console error: ${msg.text()}`);
  });
  page.on("request", (req) => {
    const target = req.url();
    const own = target.startsWith(origin) || target.startsWith("data:") || target.startsWith("blob:");
    if (!own) problems.push(`network request: ${target}`);
  });
  await page.goto(url);
  await page.evaluate(() => window.wirelens.ready);
  await page.evaluate(() => window.wirelens.frames(3));
  return { page, problems };
}
