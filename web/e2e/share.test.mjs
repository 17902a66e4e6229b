// Handing a view on (issue 62): File > Copy link in one browser, the link opened in every browser
// shows the same view (payload, type, framing, open and selected nodes); a view too large for a
// link is saved as a session file and opened from it; Copy as command's line, run with the CLI,
// prints the decode the Fields window shows.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { after, before, describe, test } from "node:test";
import { basename, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { BROWSERS, openApp } from "./browsers.mjs";
import { captureDownloads, clickWidget, frames, pressKey, snapshot, waitFor } from "./helpers.mjs";

const ROOT = resolve(fileURLToPath(import.meta.url), "../../..");
const SELECTED = (process.env.WIRELENS_BROWSERS ?? (process.env.DISPLAY ? "chromium,firefox" : "chromium")).split(",");
const INDEX = pathToFileURL(resolve(ROOT, "index.html")).href;
const CLI = process.env.WIRELENS_CLI ?? resolve(ROOT, "build/native/bin/wirelens");
const SAMPLES = resolve(ROOT, "build/web/app/samples");

// What a view is: the payload, how it is decoded, the tree's nodes, which are open, which is selected.
const view = (s) => ({
  payload: s.selected_payload,
  type: s.selected_type,
  framing: s.framing,
  nodes: s.nodes,
  open: s.open_nodes,
  selected: s.selected_node?.path,
  command: s.share.command,
});

async function runFileMenu(page, item) {
  await clickWidget(page, "File");
  await clickWidget(page, item);
}

describe("Handing a view on", () => {
  const browsers = {};
  const pages = [];
  before(async () => {
    for (const name of SELECTED) browsers[name] = await BROWSERS[name]();
  });
  after(async () => {
    for (const page of pages) assert.deepEqual(page.problems, [], page.name);
    for (const browser of Object.values(browsers)) await browser.close();
  });
  async function open(name, url = INDEX) {
    const opened = await openApp(browsers[name], url, { width: 1440, height: 900 });
    pages.push({ name, problems: opened.problems });
    return opened.page;
  }

  let link = null; // the first test's
  test(`a link made in ${SELECTED[0]} opens the same view in ${SELECTED.join(" and ")}`, async () => {
    const page = await open(SELECTED[0]);
    await waitFor(page, (s) => s.node_count > 0, "the bundled sample decoded");
    // A row of the second level selected, then its parent selected and closed, by keyboard.
    await clickWidget(page, "window:Fields");
    await pressKey(page, "Home");
    let s = await snapshot(page);
    for (let i = 0; i < 40 && s.nodes[s.selected_node.index].depth === 0; i++) {
      await pressKey(page, "ArrowDown");
      s = await snapshot(page);
    }
    const parent = s.nodes.findLastIndex((n, i) => i < s.selected_node.index && n.depth === 0);
    await pressKey(page, "ArrowLeft");
    await pressKey(page, "ArrowLeft");
    const made = await snapshot(page);
    assert.equal(made.selected_node.index, parent, "the parent is selected");
    assert.ok(!made.open_nodes.includes(parent), "the parent is closed");

    await runFileMenu(page, "Copy link");
    const { share } = await waitFor(page, (s) => s.share.link !== "" || s.share.error !== "", "the link");
    assert.equal(share.error, "");
    assert.ok(share.link.startsWith(`${INDEX}#session=`), share.link);
    assert.ok(share.link.length <= 16384 && share.link_chars === share.link.length, `${share.link.length} characters`);
    // The browser says whether the page may write the clipboard; the Share window says which.
    const { clipboard } = (await waitFor(page, (x) => x.share.clipboard !== null, "the clipboard's answer")).share;
    console.log(`${SELECTED[0]}: the link ${clipboard ? "went on" : "was refused by"} the clipboard`);
    console.log(`${SELECTED[0]}: the sample's link has ${share.link.length} characters`);

    link = share.link;
    for (const name of SELECTED) {
      const other = await open(name, share.link);
      const opened = await snapshot(other);
      assert.deepEqual(view(opened), view(made), `the link opened in ${name}`);
      // Only the schema file the type needs came along: the other bundled ones did not.
      assert.deepEqual(
        opened.schemas.map((f) => f.name),
        ["bench.proto"],
      );
      await other.close();
    }
  });

  test("a link cut short or garbled says so in the Log, and the app opens empty", async () => {
    assert.ok(link, "the first test made a link");
    const cut = link.slice(0, link.indexOf("#session=") + 9 + ((link.length - link.indexOf("#session=") - 9) >> 1));
    for (const [what, url] of [
      ["cut in half", cut],
      ["not base64", `${INDEX}#session=%%%`],
      ["not deflated", `${INDEX}#session=aGVsbG8gd29ybGQ`],
    ]) {
      const page = await open(SELECTED[SELECTED.length - 1], url);
      const s = await snapshot(page);
      const error = s.log.find((line) => line.startsWith("the link's view could not be read: "));
      assert.ok(error, `${what}: ${JSON.stringify(s.log)}`);
      assert.equal(s.payloads.length, 0, what);
      await page.close();
    }
    // Inflated but not a session: the session reader says where and why.
    const page = await open(SELECTED[0]);
    const json = new TextEncoder().encode('{"wirelens_session":1,"payload":{"name":"p"}}');
    const deflated = await page.evaluate(
      async (bytes) => {
        const stream = new Blob([new Uint8Array(bytes)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
        const out = new Uint8Array(await new Response(stream).arrayBuffer());
        return btoa(String.fromCharCode(...out))
          .replace(/\+/g, "-")
          .replace(/\//g, "_")
          .replace(/=+$/, "");
      },
      [...json],
    );
    await page.evaluate((hash) => (location.hash = hash), `#session=${deflated}`);
    const s = await waitFor(page, (x) => x.log.some((line) => line.startsWith("link.wirelens.json:")), "the refusal");
    assert.ok(s.log.includes('link.wirelens.json:1:33: missing "base64"'), JSON.stringify(s.log));
    await page.close();
  });

  test("a view too large for a link is saved as a session file, which opens it", async () => {
    const name = SELECTED[SELECTED.length - 1];
    const page = await open(name);
    await waitFor(page, (s) => s.node_count > 0, "the bundled sample decoded");
    // Field 1 holding 64 KB that do not compress.
    let x = 2463534242; // xorshift32
    const random = [...Array(65536)].map(() => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return x & 255;
    });
    const payload = [0x0a, 0x80, 0x80, 0x04, ...random];
    await page.evaluate((bytes) => window.wirelens.loadFile("noise.bin", new Uint8Array(bytes)), payload);
    await runFileMenu(page, "Copy link");
    const { share } = await waitFor(page, (s) => s.share.too_long || s.share.error !== "", "the link measured").catch(
      async (e) => assert.fail(`${e.message}: ${JSON.stringify((await snapshot(page)).share)}`),
    );
    assert.equal(share.link, "");
    assert.ok(share.link_chars > 16384, `${share.link_chars} characters`);

    await captureDownloads(page, "bytes");
    await clickWidget(page, "Save session file");
    const [file] = await page.evaluate(() => Promise.all(window.__downloads));
    assert.equal(file.name, "noise.wirelens.json");
    const saved = await snapshot(page);

    const other = await open(SELECTED[0]);
    await other.evaluate(({ name, bytes }) => window.wirelens.loadFile(name, new Uint8Array(bytes)), file);
    const opened = await waitFor(other, (s) => s.selected_payload === "noise.bin", "the session opened");
    assert.deepEqual(view(opened), view(saved));
    await other.close();
  });

  test("Copy as command's line prints with the CLI the nodes the Fields window shows", async () => {
    const page = await open(SELECTED[0]);
    await waitFor(page, (s) => s.node_count > 0, "the bundled sample decoded");
    await runFileMenu(page, "Copy as command");
    const s = await snapshot(page);
    assert.equal(s.share.show, true);
    assert.equal(s.share.command, "wirelens decode samples/bench.bin --proto bench.proto --type Test --format tree");
    assert.ok(existsSync(CLI), `the native CLI (${CLI}): make native builds it`);
    // The files where the command names them, as the app loaded them (the bundled samples).
    const cwd = mkdtempSync(resolve(tmpdir(), "wirelens-share-"));
    mkdirSync(resolve(cwd, "samples"));
    for (const file of ["samples/bench.bin", "bench.proto"])
      copyFileSync(resolve(SAMPLES, basename(file)), resolve(cwd, file));
    const [, ...args] = s.share.command.split(" ");
    const lines = execFileSync(CLI, args, { cwd, encoding: "utf8" }).trimEnd().split("\n");
    rmSync(cwd, { recursive: true });
    assert.equal(lines.length, s.node_count);
    // "@offset  indent number name (type): value", node by node as the Fields window lists them.
    s.nodes.forEach((node, i) => {
      const fits = lines[i].startsWith(`@${node.offset} `) && lines[i].includes(` ${node.name} (${node.type}): `);
      assert.ok(fits, `line ${i + 1}: ${lines[i]} is node ${JSON.stringify(node)}`);
    });
    await frames(page);
  });
});
