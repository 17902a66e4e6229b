// Helpers shared by the e2e tests: the app's snapshot, frames, real clicks on ImGui widgets.
import assert from 'node:assert/strict';

export const snapshot = (page) => page.evaluate(() => window.wirelens.snapshot());
export const frames = (page, n = 3) => page.evaluate((k) => window.wirelens.frames(k), n);

export async function clickWidget(page, label) {
  const rect = await page.evaluate((l) => window.wirelens.widgetRect(l), label);
  assert.ok(rect, `no widget '${label}' on screen`);
  await page.mouse.click(rect.x + Math.min(rect.w / 2, 30), rect.y + rect.h / 2);
  await frames(page);
}

export async function waitFor(page, predicate, what, tries = 100) {
  for (let i = 0; i < tries; i++) {
    const s = await snapshot(page);
    if (predicate(s)) return s;
    await frames(page, 2);
  }
  assert.fail(`timed out waiting for ${what}`);
}
