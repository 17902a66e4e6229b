// Helpers shared by the e2e tests: the app's snapshot, frames, frame timing, real clicks on ImGui widgets.
import assert from "node:assert/strict";

export const snapshot = (page) => page.evaluate(() => window.wirelens.snapshot());
export const frames = (page, n = 3) => page.evaluate((k) => window.wirelens.frames(k), n);

// A widget's rectangle exists once a frame has drawn it: state the model already has (e.g. diff
// entries a snapshot shows) may need a frame or two more to be on screen, so wait up to 10 frames.
export async function clickWidget(page, label) {
  let rect = null;
  for (let i = 0; i < 10 && !rect; i++) {
    rect = await page.evaluate((l) => window.wirelens.widgetRect(l), label);
    if (!rect) await frames(page, 1);
  }
  assert.ok(rect, `no widget '${label}' on screen`);
  await page.mouse.click(rect.x + Math.min(rect.w / 2, 30), rect.y + rect.h / 2);
  await frames(page);
}

// Presses a key, or keys held together ("Control+F", "Shift+F3"), over two frames: ImGui 1.86
// reads a key's state once per frame, so a key pressed and released between two frames (as
// page.keyboard.press may do) is not seen.
export async function pressKey(page, keys) {
  const held = keys.split("+");
  for (const key of held) await page.keyboard.down(key);
  await frames(page, 2);
  for (const key of held.reverse()) await page.keyboard.up(key);
  await frames(page, 1);
}

export async function waitFor(page, predicate, what, tries = 100) {
  for (let i = 0; i < tries; i++) {
    const s = await snapshot(page);
    if (predicate(s)) return s;
    await frames(page, 2);
  }
  assert.fail(`timed out waiting for ${what}`);
}

export const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
// The mean of the middle 80%: a frame with a garbage collection in it does not move it, and it
// still averages Firefox's whole-millisecond clock readings.
export const trimmedMean = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const kept = sorted.slice(Math.floor(sorted.length * 0.1), Math.ceil(sorted.length * 0.9));
  return kept.reduce((a, b) => a + b, 0) / kept.length;
};

// The app's own timing of its next `n` frames (window.wirelens.frameStats), in ms: what each frame's
// code took (`work`), the part that built the UI (`ui`), and the intervals between frames.
export async function frameStats(page, n = 60) {
  await frames(page, n + 1);
  return page.evaluate((k) => window.wirelens.frameStats(k), n);
}

// Frame costs of several app states measured in turns (`rounds` times `n` frames each), so that the
// machine's load drifting during the test weighs on all of them alike. `states` maps a name to an
// async function that puts the page in that state; its first `settle` frames are not counted (the
// aftermath of entering it, e.g. a decode's freshly touched memory, is not the state's cost). Returns,
// per name, the median interval between frames and the trimmed mean of the UI time.
export async function compareFrames(page, states, { rounds = 3, n = 40, settle = 10 } = {}) {
  const seen = Object.fromEntries(Object.keys(states).map((name) => [name, { ui: [], interval: [] }]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, enter] of Object.entries(states)) {
      await enter();
      await frames(page, settle);
      const stats = await frameStats(page, n);
      seen[name].ui.push(...stats.ui);
      seen[name].interval.push(...stats.interval);
    }
  }
  return Object.fromEntries(
    Object.entries(seen).map(([name, s]) => [name, { ui: trimmedMean(s.ui), interval: median(s.interval) }]),
  );
}

// Drops files on the canvas with a real DataTransfer, as a user's drag and drop does.
export function dropFiles(page, files) {
  return page.evaluate((list) => {
    const transfer = new DataTransfer();
    for (const { name, bytes, text } of list) {
      transfer.items.add(new File([text !== undefined ? text : new Uint8Array(bytes)], name));
    }
    const canvas = document.getElementById("canvas");
    canvas.dispatchEvent(new DragEvent("dragover", { dataTransfer: transfer, bubbles: true, cancelable: true }));
    canvas.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, files);
}

/**
 * Catches the page's downloads instead of saving them: each Blob the app makes a URL of is kept,
 * and each click on a download link pushes to `window.__downloads` a promise of { name, size, at
 * (when its URL was made, performance.now()) } with, per `keep`, the bytes ("bytes": an array of
 * numbers) or their SHA-256 ("sha256": hex), or nothing more ("size"). The Blob is read where its
 * URL is made: the page's CSP keeps fetch() off blob: URLs.
 * @param {any} page
 * @param {"bytes" | "sha256" | "size"} keep
 */
export function captureDownloads(page, keep) {
  return page.evaluate((what) => {
    /** @type {Map<string, { blob: Blob, at: number }>} */
    const made = new Map();
    const downloads = /** @type {any} */ (window.__downloads = []);
    URL.createObjectURL = (/** @type {Blob} */ blob) => {
      const url = `blob:kept-${made.size}`;
      made.set(url, { blob, at: performance.now() });
      return url;
    };
    URL.revokeObjectURL = () => {};
    const hex = (/** @type {ArrayBuffer} */ b) =>
      [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, "0")).join("");
    HTMLAnchorElement.prototype.click = function () {
      const { blob, at } = /** @type {{ blob: Blob, at: number }} */ (made.get(this.href));
      const file = { name: this.download, size: blob.size, at };
      downloads.push(
        what === "size"
          ? Promise.resolve(file)
          : blob
              .arrayBuffer()
              .then(async (b) =>
                what === "bytes"
                  ? { ...file, bytes: [...new Uint8Array(b)] }
                  : { ...file, sha256: hex(await crypto.subtle.digest("SHA-256", b)) },
              ),
      );
    };
  }, keep);
}
