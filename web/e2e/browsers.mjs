// Launching the real browsers installed by tools/setup.sh, for the e2e tests and benchmark runners.
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Headless Chromium with SwiftShader WebGL; flags keep it off the (closed) network.
export function launchChromium() {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking',
           '--disable-component-update', '--disable-sync', '--use-angle=swiftshader',
           '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist', '--allow-file-access-from-files'],
  });
}

// A page that records every problem the app must never have: page errors, console errors and
// requests that leave the page's own origin (file:// or the test server).
export async function openApp(browser, url, { width = 1280, height = 800 } = {}) {
  const page = await browser.newPage({ viewport: { width, height } });
  const problems = [];
  const origin = url.startsWith('file:') ? 'file:' : new URL(url).origin;
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`); });
  page.on('request', (req) => {
    const target = req.url();
    const own = origin === 'file:' ? target.startsWith('file:') || target.startsWith('data:')
                                   : target.startsWith(origin) || target.startsWith('data:');
    if (!own) problems.push(`network request: ${target}`);
  });
  await page.goto(url);
  await page.evaluate(() => window.wirelens.ready);
  return { page, problems };
}
