// The app end to end in real browsers (Chromium headless; Firefox ESR under Xvfb), opened from
// file:// and from the server: bundled samples decoded on first open, files dropped through a real
// DataTransfer drop, a node clicked through its screen rectangle, the hex highlight, the
// "Benchmark Suite" button, malformed .proto and .bin, no network, frame time with ~1M nodes.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { resolve } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

import { BROWSERS, openApp } from "./browsers.mjs";
import {
  snapshot,
  frames,
  clickWidget,
  compareFrames,
  frameStats,
  median,
  waitFor,
  pressKey,
  dropFiles,
  captureDownloads,
} from "./helpers.mjs";
import { serve } from "../serve.mjs";

const ROOT = resolve(fileURLToPath(import.meta.url), "../../..");
const SHOTS = resolve(ROOT, "build/e2e");
const SELECTED = (process.env.WIRELENS_BROWSERS ?? (process.env.DISPLAY ? "chromium,firefox" : "chromium")).split(",");

// Frame cost ratios (issue: a frame's cost must not grow with the payload once it is decoded).
// The target is 1.3x (measured 0.46-1.21x idle and under `yes`, BENCHMARKS.md); the bound is 1.5x
// because a run beside a 2-job compile measured up to 1.35x (the UI takes about a millisecond and
// the interval follows the software rasterizer, so both are noisy).
const MAX_FRAME_COST_RATIO = 1.5; // a frame with a big payload loaded vs one with a small payload
const BUSY_FRAME_RATIO_P90 = 2.5; // 90% of the frames while reading and decoding vs an idle frame
// Slow frames: at most 2% of them (at least one) over 5x the idle frame, none over 12x. A host
// that is busy elsewhere stretches a frame now and then (issue 46: one Firefox frame of 5.6x with
// a core kept busy by another process); a frame that does a whole step of the app's work at once
// (reading or decoding 117 MB in one go takes seconds) is far past 12x.
const BUSY_FRAME_RATIO_SLOW = 5;
const BUSY_FRAME_SLOW_SHARE = 0.02;
const BUSY_FRAME_RATIO_MAX = 12;

// The 90th percentile, the longest and the count of slow ones of a busy stretch's frame intervals,
// and their ratios to an idle frame's.
function busyFrames(deltas, idleMs) {
  const sorted = [...deltas].sort((a, b) => a - b);
  const p90 = sorted[Math.floor(sorted.length * 0.9)];
  const worst = sorted[sorted.length - 1];
  const slow = sorted.filter((d) => d > BUSY_FRAME_RATIO_SLOW * idleMs).length;
  return { p90, worst, slow, count: sorted.length, p90Ratio: p90 / idleMs, worstRatio: worst / idleMs };
}

// The idle frame spanning a busy stretch: the mean of the medians of the idle frames before and after
// it. Pooled, the two sets' median sits at the edge of the faster set when the host's speed changed
// between them (a CI run: 28.3 ms before, 19.1 ms after, pooled median 20.3 ms, while the app had set
// its decode budget from the 28 ms frames).
function spanningIdleMs(before, after) {
  return (median(before) + median(after)) / 2;
}

// A busy stretch's frames within the bounds (the machine's speed cancels out in the ratios).
function assertBusyFrames(what, busy) {
  const p90 = `${busy.p90.toFixed(1)} ms, ${busy.p90Ratio.toFixed(2)}x the idle frame`;
  assert.ok(busy.p90Ratio <= BUSY_FRAME_RATIO_P90, `90% of ${what} frames within ${p90}`);
  const allowed = Math.max(1, Math.floor(BUSY_FRAME_SLOW_SHARE * busy.count));
  const slow = `${busy.slow} of ${busy.count} ${what} frames over ${BUSY_FRAME_RATIO_SLOW}x the idle frame`;
  assert.ok(busy.slow <= allowed, `${slow} (at most ${allowed})`);
  const worst = `${busy.worst.toFixed(1)} ms, ${busy.worstRatio.toFixed(2)}x the idle frame`;
  assert.ok(busy.worstRatio <= BUSY_FRAME_RATIO_MAX, `longest ${what} frame ${worst}`);
}

// protoc 36 (npm `protoc`) for editions files, which Debian's protoc 3.21 cannot read.
const PROTOC36 = resolve(ROOT, "node_modules/protoc/bin/protoc-linux-x86_64");
const EDITIONS = resolve(ROOT, "tests/cli/editions");

const DROP_PROTO = 'syntax = "proto3";\npackage drop;\nmessage Point { int32 x = 1; int32 y = 2; string label = 3; }\n';
const DROP_BIN = [0x08, 0x96, 0x01, 0x10, 0x7f, 0x1a, 0x02, 0x68, 0x69]; // x: 150, y: 127, label: "hi"
// Type names longer than the Fields table could show whole beside a readable value.
const LONG_PROTO = `syntax = "proto3";
package an.organisation.with.a.rather.long.package.name.v1;
message Envelope {
  message LayerWithAVeryLongDescriptiveName { string name_of_the_layer = 1; }
  repeated LayerWithAVeryLongDescriptiveName layers = 1;
}
`;
const LONG_BIN = [0x0a, 0x05, 0x0a, 0x03, 0x61, 0x62, 0x63]; // layers { name_of_the_layer: "abc" }

// The app at 1440x900 with LONG_PROTO and LONG_BIN dropped and the payload selected as its Envelope.
async function openLongPayload(browser) {
  const opened = await openApp(browser, pathToFileURL(resolve(ROOT, "index.html")).href, { width: 1440, height: 900 });
  const { page } = opened;
  await dropFiles(page, [
    { name: "long.proto", text: LONG_PROTO },
    { name: "long.bin", bytes: LONG_BIN },
  ]);
  await waitFor(page, (x) => x.selected_payload === "long.bin", "the dropped payload");
  const type = "an.organisation.with.a.rather.long.package.name.v1.Envelope";
  assert.equal(await page.evaluate((t) => window.wirelens.select("long.bin", t), type), true);
  return opened;
}

// Generates a partialSketch of `layers` layers (seed 3), hands it to the page as a dropped payload
// would be, and waits until it is selected and decoded.
async function loadSketch(page, name, layers) {
  const bin = resolve(SHOTS, name);
  execFileSync(resolve(ROOT, "build/native/bin/generate_sketch"), [bin, String(layers), "3"]);
  await page.evaluate(
    ([n, b64]) =>
      window.wirelens.loadFile(
        n,
        Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)),
      ),
    [name, readFileSync(bin).toString("base64")],
  );
  return waitFor(page, (x) => x.selected_payload === name && !x.decoding, name);
}

// A step for compareFrames: selects a payload and its type ("" = raw) and waits for its decode
// (a 117 MB one takes up to a few hundred frames).
const selectPayload =
  (page, payload, type = "") =>
  async () => {
    assert.equal(await page.evaluate(([p, t]) => window.wirelens.select(p, t), [payload, type]), true);
    await waitFor(page, (x) => !x.decoding, payload, 400);
  };

for (const browserName of SELECTED) {
  describe(browserName, () => {
    let browser, server, serverUrl;
    before(async () => {
      mkdirSync(SHOTS, { recursive: true });
      browser = await BROWSERS[browserName]();
      ({ server, url: serverUrl } = await serve({ root: ROOT, port: 0 }));
    });
    after(async () => {
      await browser?.close();
      server?.close();
    });

    for (const mode of ["file", "served"]) {
      test(`${mode}: samples, drop, click, hex highlight, Benchmark Suite, bad input, no network`, async () => {
        const url = mode === "file" ? pathToFileURL(resolve(ROOT, "index.html")).href : serverUrl;
        const { page, problems } = await openApp(browser, url);

        // First open: the bundled samples are loaded, bench.bin selected and decoded as Test.
        let s = await snapshot(page);
        assert.deepEqual(
          s.schemas.map((f) => f.name),
          ["bench.proto", "partialSketch.proto"],
        );
        assert.equal(s.selected_payload, "samples/bench.bin");
        assert.equal(s.selected_type, "Test");
        assert.equal(s.node_count, 19);
        assert.deepEqual(s.nodes[0], {
          depth: 0,
          number: 1,
          name: "string",
          type: "string",
          value: '"Lorem ipsum dolor sit amet."',
          offset: 0,
          end: 29,
        });

        // Click inner.int32 in the Fields tree: the hex view highlights its tag and value.
        await clickWidget(page, "node:inner.int32");
        s = await snapshot(page);
        assert.equal(s.selected_node?.path, "inner.int32");
        assert.deepEqual(s.selected_node.highlight, { tag: [34, 35], length: [35, 35], value: [35, 39] });

        // Drop a schema and a payload; choose the type; check the decode.
        await dropFiles(page, [
          { name: "drop.proto", text: DROP_PROTO },
          { name: "drop.bin", bytes: DROP_BIN },
        ]);
        s = await waitFor(page, (x) => x.selected_payload === "drop.bin", "the dropped payload");
        assert.ok(s.schemas.some((f) => f.name === "drop.proto" && f.errors.length === 0));
        assert.equal(s.selected_type, null); // raw until a type is chosen
        assert.equal(await page.evaluate(() => window.wirelens.select("drop.bin", "drop.Point")), true);
        s = await snapshot(page);
        assert.deepEqual(
          s.nodes.map((n) => [n.name, n.value]),
          [
            ["x", "150"],
            ["y", "127"],
            ["label", '"hi"'],
          ],
        );

        // The "Benchmark Suite" button opens its window, which loads the suite's script then (not before).
        assert.ok(!s.open_windows.includes("Benchmark Suite"));
        assert.deepEqual([s.benchmark.available, s.benchmark.requested], [false, false]);
        await clickWidget(page, "Benchmark Suite");
        s = await waitFor(page, (x) => x.benchmark.available, "the suite's script", 3000);
        assert.ok(s.open_windows.includes("Benchmark Suite"));
        await page.screenshot({ path: resolve(SHOTS, `${browserName}-${mode}.png`) });

        // A .proto with errors shows them (file:line:col) and the other schemas stay usable.
        await dropFiles(page, [{ name: "bad.proto", text: 'syntax = "proto3";\nmessage Bad { int32 x = 1 }\n' }]);
        s = await waitFor(page, (x) => x.schemas.some((f) => f.name === "bad.proto"), "bad.proto");
        assert.deepEqual(s.schemas.find((f) => f.name === "bad.proto").errors, ['bad.proto:2:27: Expected ";".']);
        assert.ok(s.message_types >= 10);

        // A malformed payload decodes partially, with the error node selected.
        await dropFiles(page, [{ name: "cut.bin", bytes: DROP_BIN.slice(0, 8) }]);
        s = await waitFor(page, (x) => x.selected_payload === "cut.bin", "cut.bin");
        assert.deepEqual(s.error, { kind: "length_past_end", offset: 6 });
        assert.equal(s.nodes[0].value, "150 | zigzag 75");
        assert.match(s.selected_node.path, /^3$/);

        assert.deepEqual(problems, []);
        await page.close();
      });
    }

    test("long type names: the Value column keeps its room, Type names are cut to fit", async () => {
      const { page, problems } = await openLongPayload(browser);
      const s = await waitFor(page, (x) => !x.decoding && x.node_count === 2, "the decode");
      assert.match(s.nodes[0].type, /^repeated an\.organisation\..*LayerWithAVeryLongDescriptiveName$/);
      await frames(page, 3);
      const cell = (label) => page.evaluate((l) => window.wirelens.widgetRect(l), label);
      const [field, typeCell, value] = [
        await cell("fields field cell"),
        await cell("fields type cell"),
        await cell("fields value cell"),
      ];
      const shared = field.w + typeCell.w + value.w; // what the three text columns share
      // The type name is longer than its column would need to be whole: Value still keeps its share,
      // and Type gives way before Field ("layers" stays whole).
      assert.ok(value.w >= 0.35 * shared, `Value ${value.w} px of ${shared} (Field ${field.w}, Type ${typeCell.w})`);
      assert.ok(value.w > typeCell.w, `Value ${value.w} px, Type ${typeCell.w}`);
      assert.ok(field.w >= 70, `Field ${field.w} px`);
      assert.deepEqual(problems, []);
      await page.close();
    });

    test("a Fields column width the user drags is kept when another payload decodes", async () => {
      const { page, problems } = await openLongPayload(browser);
      await waitFor(page, (x) => !x.decoding && x.node_count === 2, "the decode");
      await frames(page, 3);
      const fieldCell = () => page.evaluate(() => window.wirelens.widgetRect("fields field cell"));
      const before = await fieldCell();
      // The Field column's right border (the cell's right edge and its padding), dragged 90 px right.
      const x = before.x + before.w + 4,
        y = before.y + before.h / 2;
      await page.mouse.move(x, y);
      await frames(page, 2);
      // A frame between the press and the first move: ImGui 1.86 reads the mouse once per frame,
      // so a press and a move that arrive before the same frame would press 45 px off the border
      // (a Firefox run under load did that: the column kept its width).
      await page.mouse.down();
      await frames(page, 2);
      await page.mouse.move(x + 45, y);
      await frames(page, 2);
      await page.mouse.move(x + 90, y);
      await frames(page, 2);
      await page.mouse.up();
      await frames(page, 3);
      const dragged = await fieldCell();
      assert.ok(dragged.w >= before.w + 60, `dragged from ${before.w} to ${dragged.w} px`);
      // Another payload, with other field and type names: its decode would fit the columns again.
      await dropFiles(page, [
        { name: "drop.proto", text: DROP_PROTO },
        { name: "drop.bin", bytes: DROP_BIN },
      ]);
      await waitFor(page, (x) => x.selected_payload === "drop.bin", "the second payload");
      assert.equal(await page.evaluate(() => window.wirelens.select("drop.bin", "drop.Point")), true);
      await waitFor(page, (x) => !x.decoding && x.node_count > 0, "its decode");
      await frames(page, 3);
      const after = await fieldCell();
      assert.ok(Math.abs(after.w - dragged.w) <= 1, `Field ${after.w} px after the decode, ${dragged.w} px dragged`);
      assert.deepEqual(problems, []);
      await page.close();
    });

    test("a gRPC-web body: framing guessed on drop, a node per frame, the header highlighted, bare on request, unpacked when compressed or base64, a .proto inferred", async () => {
      const { page, problems } = await openApp(browser, serverUrl);
      const frame = (flags, body) => [flags, 0, 0, 0, body.length, ...body];
      const trailers = [..."grpc-status: 0\r\n"].map((c) => c.charCodeAt(0));
      const body = [...frame(0, DROP_BIN), ...frame(0, DROP_BIN.slice(0, 3)), ...frame(0x80, trailers)];
      await dropFiles(page, [
        { name: "drop.proto", text: DROP_PROTO },
        { name: "grpc.bin", bytes: body },
      ]);
      let s = await waitFor(page, (x) => x.selected_payload === "grpc.bin", "grpc.bin");
      assert.equal(s.framing, "grpc");
      assert.equal(await page.evaluate(() => window.wirelens.select("grpc.bin", "drop.Point")), true);
      s = await snapshot(page);
      assert.equal(s.error, null);
      assert.deepEqual(
        s.nodes.map((n) => [n.depth, n.name, n.type, n.offset, n.end]),
        [
          [0, "frame 1", "grpc drop.Point", 0, 14],
          [1, "x", "int32", 5, 8],
          [1, "y", "int32", 8, 10],
          [1, "label", "string", 10, 14],
          [0, "frame 2", "grpc drop.Point", 14, 22],
          [1, "x", "int32", 19, 22],
          [0, "frame 3", "grpc trailers", 22, 43],
        ],
      );
      assert.equal(s.nodes[6].value, '"grpc-status: 0\\r\\n"');
      await clickWidget(page, "node:frame 2");
      s = await snapshot(page);
      assert.deepEqual(s.selected_node.highlight, { tag: [14, 19], length: [19, 19], value: [19, 22] });
      // Read as one message, the same bytes fail at the first header.
      assert.equal(await page.evaluate(() => window.wirelens.setFraming("bare")), true);
      s = await snapshot(page);
      assert.equal(s.framing, "bare");
      assert.deepEqual(s.error, { kind: "bad_field_number", offset: 0 });
      assert.equal(await page.evaluate(() => window.wirelens.setFraming("grpc-web-text")), false);

      // The first frame compressed (grpc-encoding gzip), the body sent as grpc-web-text: unpacked on drop.
      const compressed = [...frame(1, [...gzipSync(Uint8Array.from(DROP_BIN))]), ...frame(0x80, trailers)];
      await dropFiles(page, [{ name: "grpc-text.bin", text: Buffer.from(compressed).toString("base64") }]);
      s = await waitFor(page, (x) => x.selected_payload === "grpc-text.bin", "grpc-text.bin");
      assert.equal(s.framing, "grpc");
      assert.equal(s.unpacked.length, 2);
      assert.match(s.unpacked[0], /^grpc-web-text: \d+ base64 characters decoded to \d+ bytes$/);
      assert.match(s.unpacked[1], /^frame 1: gzip, \d+ bytes at 5 inflated to 9 bytes$/);
      assert.equal(await page.evaluate(() => window.wirelens.select("grpc-text.bin", "drop.Point")), true);
      s = await snapshot(page);
      assert.equal(s.error, null);
      assert.deepEqual(
        s.nodes.map((n) => n.name),
        ["frame 1", "x", "y", "label", "frame 2"],
      );

      // "Infer .proto": a schema guessed from the frames, loaded, and the payload decoded with it.
      await clickWidget(page, "Infer .proto");
      s = await waitFor(page, (x) => x.selected_type === "inferred.grpc_text_bin.Root", "the inferred schema");
      assert.deepEqual(s.schemas.find((f) => f.name === "grpc-text.bin.inferred.proto")?.errors, []);
      assert.deepEqual(
        s.nodes.map((n) => [n.name, n.type, n.value]),
        [
          ["frame 1", "grpc inferred.grpc_text_bin.Root", "{3 fields}"],
          ["field_1", "int32", "150"],
          ["field_2", "int32", "127"],
          ["field_3", "string", '"hi"'],
          ["frame 2", "grpc trailers", '"grpc-status: 0\\r\\n"'],
        ],
      );
      assert.deepEqual(problems, []);
      await page.close();
    });

    // Inflating a large body in one frame would freeze the tab: past 4 MB it goes on a slice per frame.
    test("a gzip'd 64 MB payload inflates a slice per frame, with progress, frames within a few idle frames", async () => {
      const { page, problems } = await openApp(browser, serverUrl);
      // 64 MiB of bytes fields of 1 KiB each (field 1: 0a 80 08, then a pseudo-random block; gzip
      // makes it small, inflating it still writes every byte).
      const record = Buffer.alloc(1027);
      record.set([0x0a, 0x80, 0x08]);
      for (let i = 3; i < record.length; i++) record[i] = (i * 2654435761) >>> 24;
      const body = Buffer.concat(Array(65536).fill(record));
      const gzip = gzipSync(body, { level: 1 });
      await frames(page, 30);
      const idle = await frameStats(page, 60);
      const result = await page.evaluate(async (b64) => {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const progress = [];
        const { deltas } = await window.wirelens.framesUntil(
          () => window.wirelens.loadFile("big.bin.gz", bytes),
          (s) => {
            if (s.unpacking) progress.push(s.unpacking.progress);
            else if (s.payloads.some((p) => p.name === "big.bin.gz")) return true;
          },
        );
        return { deltas, progress };
      }, gzip.toString("base64"));
      const s = await waitFor(page, (x) => x.selected_payload === "big.bin.gz" && !x.decoding, "big.bin.gz", 400);
      assert.equal(s.payloads.find((p) => p.name === "big.bin.gz").size, body.length);
      assert.deepEqual(s.unpacked, [
        `gzip: ${gzip.length.toLocaleString("en-US")} bytes at 0 inflated to ${body.length.toLocaleString("en-US")} bytes`,
      ]);
      assert.equal(s.node_count >= 65536, true);
      assert.ok(result.progress.length >= 2, `inflated over ${result.progress.length} frames`);
      assert.ok(result.progress.every((p, i) => p > 0 && p <= 1 && (i === 0 || p >= result.progress[i - 1])));
      const idleMs = median(idle.interval);
      const busy = busyFrames(result.deltas, idleMs);
      console.log(
        `[ wirelens ] ${browserName}: ${body.length} bytes inflated from ${gzip.length} over ` +
          `${result.deltas.length} frames; longest ${busy.worst.toFixed(0)} ms (${busy.worstRatio.toFixed(2)}x idle ` +
          `${idleMs.toFixed(1)} ms), 90th percentile ${busy.p90.toFixed(0)} ms (${busy.p90Ratio.toFixed(2)}x) ` +
          `(frames: ${result.deltas.map((d) => d.toFixed(0)).join(" ")})`,
      );
      assertBusyFrames("inflating", busy);
      assert.deepEqual(problems, []);
      await page.close();
    });

    test("a gzip'd delimited stream: inflated and framed on drop, searched from the Search box, results jumped to", async () => {
      const { page, problems } = await openApp(browser, serverUrl);
      // Point { x: 1 label: "yo" }, { x: 150 y: 127 label: "hi" }, { x: 150 label: "hi" }, each after its length.
      const points = [[0x08, 0x01, 0x1a, 0x02, 0x79, 0x6f], DROP_BIN, [0x08, 0x96, 0x01, 0x1a, 0x02, 0x68, 0x69]];
      const stream = points.flatMap((p) => [p.length, ...p]);
      await dropFiles(page, [
        { name: "drop.proto", text: DROP_PROTO },
        { name: "points.bin.gz", bytes: [...gzipSync(Uint8Array.from(stream))] },
      ]);
      let s = await waitFor(page, (x) => x.selected_payload === "points.bin.gz", "points.bin.gz");
      assert.equal(s.framing, "delimited");
      assert.deepEqual(s.unpacked, [
        `gzip: ${gzipSync(Uint8Array.from(stream)).length} bytes at 0 inflated to 25 bytes`,
      ]);
      assert.equal(await page.evaluate(() => window.wirelens.select("points.bin.gz", "drop.Point")), true);
      s = await snapshot(page);
      assert.equal(s.error, null);
      assert.deepEqual(
        s.nodes.filter((n) => n.depth === 0).map((n) => [n.name, n.offset, n.end]),
        [
          ["frame 1", 0, 7],
          ["frame 2", 7, 17],
          ["frame 3", 17, 25],
        ],
      );

      // Typed into the Search box: every frame's label; the arrow goes from one result to the next.
      await clickWidget(page, "search");
      await page.keyboard.type("label");
      await pressKey(page, "Enter");
      s = await waitFor(page, (x) => !x.search.running && x.search.match_count > 0, "the search");
      assert.deepEqual(s.search.results, ["frame 1.label", "frame 2.label", "frame 3.label"]);
      await clickWidget(page, "search next");
      await clickWidget(page, "search next");
      s = await snapshot(page);
      assert.equal(s.search.current, 1);
      assert.equal(s.selected_node.path, "frame 2.label");
      assert.deepEqual(s.selected_node.highlight, { tag: [13, 14], length: [14, 15], value: [15, 17] });

      // Values: numbers by declared type, text inside strings; a query it cannot read says why.
      const search = async (query) => {
        await page.evaluate((q) => window.wirelens.search(q), query);
        return (await waitFor(page, (x) => !x.search.running, query)).search;
      };
      assert.deepEqual((await search("x=150")).results, ["frame 2.x", "frame 3.x"]);
      assert.deepEqual((await search('="y"')).results, ["frame 1.label"]);
      assert.equal((await search("=42")).match_count, 0);
      const bad = await search("0x123");
      assert.equal(bad.error, "an odd number of hex digits (two per byte)");
      assert.deepEqual(bad.results, []);
      // The results follow the decode: read bare, the payload has no x.
      await search("x");
      assert.equal(await page.evaluate(() => window.wirelens.setFraming("bare")), true);
      s = await waitFor(page, (x) => !x.search.running && x.framing === "bare", "the search again");
      assert.equal(s.search.match_count, 0);
      assert.deepEqual(problems, []);
      await page.close();
    });

    test("edit and download: a value typed in, a bad one refused, a field deleted and one added, the .bin downloaded and decoded again", async () => {
      const { page, problems } = await openApp(browser, serverUrl);
      await dropFiles(page, [
        { name: "drop.proto", text: DROP_PROTO },
        { name: "drop.bin", bytes: DROP_BIN },
      ]);
      await waitFor(page, (x) => x.selected_payload === "drop.bin", "drop.bin");
      assert.equal(await page.evaluate(() => window.wirelens.select("drop.bin", "drop.Point")), true);
      const rows = async () => (await snapshot(page)).nodes.map((n) => [n.name, n.value, n.offset]);
      // Waits until the widget is drawn (a dialog opens a frame or two after its menu item is clicked).
      const shown = async (label) => {
        for (let i = 0; i < 50 && !(await page.evaluate((l) => window.wirelens.widgetRect(l), label)); i++) {
          await frames(page, 1);
        }
        await frames(page, 2); // and has the keyboard focus
      };
      const menu = async (node, item) => {
        const rect = await page.evaluate((l) => window.wirelens.widgetRect(l), `node:${node}`);
        assert.ok(rect, `no row ${node}`);
        await page.mouse.click(rect.x + 20, rect.y + rect.h / 2, { button: "right" });
        await frames(page);
        await clickWidget(page, item);
      };
      // Types into the focused input and presses Enter; waits for the log line the action writes.
      const type = async (text) => {
        const lines = (await snapshot(page)).log_count;
        await page.keyboard.type(text);
        await pressKey(page, "Enter");
        await waitFor(page, (x) => x.log_count > lines, `Enter after ${text}`);
      };

      // label: "hi" -> "hello world": its length prefix follows, x and y stay byte for byte.
      await menu("label", "menu edit value");
      await shown("edit value");
      await type('"hello world"');
      let s = await waitFor(page, (x) => x.nodes[2]?.value === '"hello world"', "the edited label");
      assert.equal(s.edit_error, "");
      assert.equal(s.selected_node.path, "label");
      assert.deepEqual(await rows(), [
        ["x", "150", 0],
        ["y", "127", 3],
        ["label", '"hello world"', 5],
      ]);
      // A value its type cannot hold is refused with the reason; the bytes stay.
      await menu("x", "menu edit value");
      await shown("edit value");
      await type("3000000000");
      s = await waitFor(page, (x) => x.edit_error !== "", "the refusal");
      assert.equal(s.edit_error, "out of range for int32");
      assert.equal(s.payloads.find((p) => p.name === "drop.bin").edits, 1);
      await pressKey(page, "Escape");
      for (let i = 0; i < 50 && (await page.evaluate(() => window.wirelens.widgetRect("edit cancel"))); i++) {
        await frames(page, 2);
      }
      // Delete y, then add it back (field 2 takes its declared type, int32) at the end.
      await menu("y", "menu delete");
      assert.deepEqual(await rows(), [
        ["x", "150", 0],
        ["label", '"hello world"', 3],
      ]);
      await clickWidget(page, "Add field...");
      await shown("add number");
      await clickWidget(page, "add number");
      await page.keyboard.type("2"); // the number's text is selected when clicked: "1" is replaced
      await clickWidget(page, "add value");
      await type("-5");
      assert.deepEqual(await rows(), [
        ["x", "150", 0],
        ["label", '"hello world"', 3],
        ["y", "-5", 16],
      ]);

      // Export > Binary > Download: the bytes as edited, which decode the same when dropped back in.
      await captureDownloads(page, "bytes");
      await clickWidget(page, "Binary");
      await clickWidget(page, "Download");
      const [file] = await page.evaluate(() => Promise.all(window.__downloads));
      const expected = [
        0x08,
        0x96,
        0x01,
        0x1a,
        0x0b,
        ...Buffer.from("hello world"),
        0x10,
        ...[0xfb, ...Array(8).fill(0xff), 0x01],
      ];
      assert.equal(file.name, "drop.edited.bin");
      assert.deepEqual(file.bytes, expected);
      await dropFiles(page, [{ name: "again.bin", bytes: file.bytes }]);
      await waitFor(page, (x) => x.selected_payload === "again.bin", "again.bin");
      assert.equal(await page.evaluate(() => window.wirelens.select("again.bin", "drop.Point")), true);
      assert.deepEqual(await rows(), [
        ["x", "150", 0],
        ["label", '"hello world"', 3],
        ["y", "-5", 16],
      ]);
      // Export > Text format / JSON > Download: written in parts (PlatformDownloadPart), one file.
      {
        const text = async (format) => {
          await clickWidget(page, format);
          await clickWidget(page, "Download");
          const files = await page.evaluate(() => Promise.all(window.__downloads));
          const { name, bytes } = files[files.length - 1];
          return { name, text: Buffer.from(bytes).toString() };
        };
        assert.deepEqual(await text("Text format"), {
          name: "again.bin.txtpb",
          text: 'x: 150\ny: -5\nlabel: "hello world"\n',
        });
        assert.deepEqual(await text("JSON"), {
          name: "again.bin.json",
          text: '{"x":150,"y":-5,"label":"hello world"}',
        });
      }

      // Export > Text format > Edit as text: a duplicate field is refused where it is; commented out, the
      // text encodes (in field-number order, as protoc --encode writes it).
      await clickWidget(page, "Text format");
      await clickWidget(page, "Edit as text...");
      await shown("text editor");
      const editor = await page.evaluate(() => window.wirelens.widgetRect("text editor"));
      await page.mouse.click(editor.x + 4, editor.y + 6); // the start of the first line, "x: 150"
      await frames(page, 2);
      await page.keyboard.type("x: 1 ");
      await clickWidget(page, "text encode");
      s = await waitFor(page, (x) => x.edit_error !== "", "the refusal");
      assert.equal(s.edit_error, '1:6: Non-repeated field "x" is specified multiple times.');
      await page.mouse.click(editor.x + 4, editor.y + 6);
      await frames(page, 2);
      await page.keyboard.type("# "); // the line is a comment now: no x at all
      await clickWidget(page, "text encode");
      s = await waitFor(page, (x) => x.nodes[0]?.name === "y", "the text encoded");
      assert.equal(s.edit_error, "");
      assert.deepEqual(await rows(), [
        ["y", "-5", 0],
        ["label", '"hello world"', 11],
      ]);

      // Export > JSON > Edit as JSON: {"y":-5,"label":"hello world"} gets an "x" at its end; out of
      // range it is refused with its position and path; in range it encodes, in field-number order.
      await clickWidget(page, "JSON");
      await clickWidget(page, "Edit as JSON...");
      await shown("text editor");
      await page.mouse.click(editor.x + 4, editor.y + 6);
      await frames(page, 2);
      await pressKey(page, "End");
      await pressKey(page, "Backspace");
      await page.keyboard.type(',"x":3000000000}');
      await clickWidget(page, "text encode");
      s = await waitFor(page, (x) => x.edit_error !== "", "the JSON refusal");
      assert.equal(s.edit_error, "1:35: x: out of range for int32: 3000000000");
      await page.mouse.click(editor.x + 4, editor.y + 6); // the box again: the button took the focus
      await frames(page, 2);
      await pressKey(page, "End");
      await pressKey(page, "Backspace");
      await pressKey(page, "Backspace");
      await page.keyboard.type("}");
      await clickWidget(page, "text encode");
      s = await waitFor(page, (x) => x.nodes[0]?.name === "x", "the JSON encoded");
      assert.equal(s.edit_error, "");
      assert.deepEqual(await rows(), [
        ["x", "300000000", 0],
        ["y", "-5", 6],
        ["label", '"hello world"', 17],
      ]);
      assert.deepEqual(problems, []);
      await page.close();
    });

    test("diff: two payloads compared by path, an entry shaded in both hex views", async () => {
      const { page, problems } = await openApp(browser, serverUrl);
      // { x: 150 y: 127 label: "hi" } vs { x: 151 label: "hi!" }
      const other = [0x08, 0x97, 0x01, 0x1a, 0x03, 0x68, 0x69, 0x21];
      await dropFiles(page, [
        { name: "drop.proto", text: DROP_PROTO },
        { name: "drop.bin", bytes: DROP_BIN },
        { name: "other.bin", bytes: other },
      ]);
      await waitFor(page, (x) => x.payloads.some((p) => p.name === "other.bin"), "other.bin");
      assert.equal(await page.evaluate(() => window.wirelens.select("drop.bin", "drop.Point")), true);
      await clickWidget(page, "Compare...");
      assert.ok((await snapshot(page)).open_windows.includes("Diff"));
      await page.evaluate(() => window.wirelens.diffWith("other.bin"));
      let s = await waitFor(page, (x) => x.diff.count > 0, "the diff");
      assert.deepEqual(s.diff.entries, ["~ x: 150 -> 151", "- y: 127", '~ label: "hi" -> "hi!"']);
      await clickWidget(page, "diff:2");
      s = await snapshot(page);
      assert.equal(s.diff.current, 2);
      assert.equal(s.selected_node.path, "label");
      assert.deepEqual(s.selected_node.highlight.tag, [5, 6]);
      assert.deepEqual(s.diff.other_highlight, [3, 8]);
      // The diff follows the decode: raw, fields compare by number.
      assert.equal(await page.evaluate(() => window.wirelens.select("drop.bin", "")), true);
      s = await waitFor(page, (x) => x.diff.entries[0]?.startsWith("~ 1:"), "the raw diff");
      assert.equal(s.diff.count, 3);
      assert.deepEqual(problems, []);
      await page.close();
    });

    test("editions: 2023 and 2024 descriptor sets from protoc 36 and the same .proto text load; dropped payloads decode", async () => {
      const { page, problems } = await openApp(browser, serverUrl);
      const drops = [];
      for (const [edition, type] of [
        ["2023", "ed2023.Shape"],
        ["2024", "ed2024.Node"],
      ]) {
        const proto = `shapes${edition}.proto`;
        const protoc = (args, input) => execFileSync(PROTOC36, [`-I${EDITIONS}`, ...args, proto], { input });
        const set = resolve(SHOTS, `${edition}.pb`);
        protoc(["--include_imports", `--descriptor_set_out=${set}`]);
        const text = readFileSync(resolve(EDITIONS, `shapes${edition}.txtpb`));
        drops.push({ edition, type, text, set, bin: protoc([`--encode=${type}`], text), proto });
      }
      for (const d of drops) {
        await dropFiles(page, [
          { name: `${d.edition}.pb`, bytes: [...readFileSync(d.set)] },
          { name: `${d.edition}.bin`, bytes: [...d.bin] },
          { name: d.proto, text: readFileSync(resolve(EDITIONS, d.proto), "utf8") },
        ]);
        await waitFor(
          page,
          (x) => x.schemas.some((f) => f.name === d.proto) && x.payloads.some((p) => p.name === `${d.edition}.bin`),
          d.proto,
        );
      }
      let s = await snapshot(page);
      // Both routes load (a type both define is the .proto text's: the trees below are read through it).
      for (const d of drops) {
        assert.deepEqual(s.schemas.find((f) => f.name === `${d.edition}.pb`).errors, []);
        assert.deepEqual(s.schemas.find((f) => f.name === d.proto).errors, []);
      }
      // 2023: packed and expanded lists, a delimited message (a group on the wire), a closed enum.
      assert.equal(await page.evaluate(() => window.wirelens.select("2023.bin", "ed2023.Shape")), true);
      s = await snapshot(page);
      assert.equal(s.error, null);
      const tree = (x) => x.nodes.map((n) => [n.depth, n.name, n.type, n.value]);
      assert.deepEqual(tree(s), [
        [0, "explicit_zero", "int32", "0"],
        [0, "required_id", "int32", "7"],
        [0, "packed", "repeated int32", "[3 elements, packed]"],
        [1, "[0]", "int32", "1"],
        [1, "[1]", "int32", "2"],
        [1, "[2]", "int32", "300"],
        [0, "expanded", "repeated int32", "4"],
        [0, "expanded", "repeated int32", "5"],
        [0, "delimited", "ed2023.Item", "{2 fields}"],
        [1, "id", "int32", "1"],
        [1, "name", "string", '"x"'],
        [0, "child", "ed2023.Shape.Child", "{1 field}"],
        [1, "v", "int32", "9"],
        [0, "color", "ed2023.Color", "GREEN"],
        [0, "colors", "repeated ed2023.Color", "[2 elements, packed]"],
        [1, "[0]", "ed2023.Color", "RED"],
        [1, "[1]", "ed2023.Color", "GREEN"],
        [0, "checked", "string", '"h\\303\\251llo"'],
        [0, "raw", "string", '"\\377\\376" (2 bytes)'], // utf8_validation NONE: no error
        [0, "items", "map<string, ed2023.Item>", '"k" → {1 field}'],
        [1, "key", "string", '"k"'],
        [1, "value", "ed2023.Item", "{1 field}"],
        [2, "id", "int32", "2"],
        [0, "b", "ed2023.Item", "{1 field}"],
        [1, "id", "int32", "3"],
        [0, "open", "ed2023.OpenColor", "BLUE"],
      ]);
      // 2024: delimited by the file's default, map values length-prefixed.
      assert.equal(await page.evaluate(() => window.wirelens.select("2024.bin", "ed2024.Node")), true);
      s = await snapshot(page);
      assert.equal(s.error, null);
      // id: 0 and label: "" were not written (implicit presence), explicit_id: 0 was.
      assert.deepEqual(tree(s), [
        [0, "next", "ed2024.Node", "{2 fields}"],
        [1, "id", "int32", "2"],
        [1, "next", "ed2024.Node", "{1 field}"],
        [2, "id", "int32", "3"],
        [0, "children", "repeated ed2024.Node", "{1 field}"],
        [1, "id", "int32", "4"],
        [0, "children", "repeated ed2024.Node", "{2 fields}"],
        [1, "id", "int32", "5"],
        [1, "weights", "repeated sint64", "[2 elements, packed]"],
        [2, "[0]", "sint64", "-1"],
        [2, "[1]", "sint64", "2"],
        [0, "weights", "repeated sint64", "[3 elements, packed]"],
        [1, "[0]", "sint64", "-3"],
        [1, "[1]", "sint64", "0"],
        [1, "[2]", "sint64", "9"],
        [0, "by_id", "map<int32, ed2024.Node>", "6 → {1 field}"],
        [1, "key", "int32", "6"],
        [1, "value", "ed2024.Node", "{1 field}"],
        [2, "id", "int32", "6"],
        [0, "kind", "ed2024.Kind", "KIND_LEAF"],
        [0, "explicit_id", "int32", "0"],
      ]);
      assert.deepEqual(problems, []);
      await page.close();
    });

    test("a file larger than the tab can hold is refused with a message, nothing aborts", async () => {
      const { page, problems } = await openApp(browser, serverUrl);
      await page.evaluate(() => window.wirelens.loadFile("huge.bin", new Uint8Array(600 * 1024 * 1024)));
      const s = await snapshot(page);
      assert.ok(!s.payloads.some((p) => p.name === "huge.bin"));
      assert.match(s.log.at(-1), /^huge\.bin not loaded: 600 MB is more than this tab can hold \(512 MB at most\)/);
      assert.equal(s.selected_payload, "samples/bench.bin"); // the app goes on as before
      assert.deepEqual(problems, []);
      await page.close();
    });

    test("the Content-Security-Policy refuses connections to other hosts", async () => {
      const { page, problems } = await openApp(browser, serverUrl);
      const outcome = await page.evaluate(async () => {
        const violations = [];
        document.addEventListener("securitypolicyviolation", (e) => violations.push(e.violatedDirective));
        let fetched = false;
        try {
          await fetch("http://192.0.2.1/x");
          fetched = true;
        } catch {
          /* refused */
        }
        await new Promise((r) => setTimeout(r, 100));
        return { fetched, violations };
      });
      assert.equal(outcome.fetched, false);
      assert.ok(
        outcome.violations.some((d) => d.startsWith("connect-src")),
        JSON.stringify(outcome.violations),
      );
      assert.ok(
        problems.every((p) => /192\.0\.2\.1|Content Security Policy|Content-Security-Policy/i.test(p)),
        problems.join("\n"),
      );
      await page.close();
    });

    // 11.6 MB of partialSketch prints 77 MB of text: printed at once it held a frame for half a second.
    test("Export > Download of an 11 MB payload's text and JSON: printed over frames with progress, the CLI's bytes", async () => {
      const { page, problems } = await openApp(browser, serverUrl);
      const bin = resolve(SHOTS, "sketch-export.bin");
      execFileSync(resolve(ROOT, "build/native/bin/generate_sketch"), [bin, "2000", "3"]);
      await page.evaluate(async () =>
        window.wirelens.loadFile(
          "sketch-export.bin",
          new Uint8Array(await (await fetch("build/e2e/sketch-export.bin")).arrayBuffer()),
        ),
      );
      await waitFor(page, (s) => s.payloads.some((p) => p.name === "sketch-export.bin") && !s.reading, "the file");
      assert.equal(await page.evaluate(() => window.wirelens.select("sketch-export.bin", "partialsketch.Layer")), true);
      await waitFor(page, (s) => !s.decoding, "the decode", 400);
      await captureDownloads(page, "sha256");
      const proto = resolve(ROOT, "bench_cases/partialSketch/partialSketch.proto");
      for (const [format, cli] of [
        ["Text format", "text"],
        ["JSON", "json"],
      ]) {
        const printed = execFileSync(
          resolve(ROOT, "build/native/bin/wirelens"),
          ["decode", bin, "--proto", proto, "--type", "partialsketch.Layer", "--format", cli],
          { maxBuffer: 1 << 28 },
        );
        // The CLI ends its JSON with a newline for the terminal; the file is the JSON alone.
        const expected = cli === "json" ? printed.subarray(0, printed.length - 1) : printed;
        await clickWidget(page, format);
        // Every frame from the click until the file is there, with what the snapshot says of the export.
        await page.evaluate(() => {
          const seen = (window.__exportSeen = []);
          const next = () => {
            seen.push(window.wirelens.snapshot().exporting?.read ?? null);
            if (window.__downloads.length === 0) requestAnimationFrame(next);
          };
          requestAnimationFrame(next);
        });
        await clickWidget(page, "Download");
        const { file, seen } = await page.evaluate(async () => {
          while (window.__downloads.length === 0) await new Promise((r) => setTimeout(r, 5));
          return { file: await window.__downloads.pop(), seen: window.__exportSeen };
        });
        assert.deepEqual(
          { size: file.size, sha256: file.sha256 },
          { size: expected.length, sha256: createHash("sha256").update(expected).digest("hex") },
        );
        const progress = seen.filter((read) => read !== null);
        console.log(`# [ wirelens ] ${browserName}: ${format}, ${file.size} bytes over ${seen.length} frames`);
        assert.ok(progress.length >= 4, `the export was seen in ${progress.length} frames`);
        for (let i = 1; i < progress.length; i++) assert.ok(progress[i] > progress[i - 1], "progress goes forward");
        assert.equal((await snapshot(page)).exporting, null);
      }
      assert.deepEqual(problems, []);
      await page.close();
    });

    // Frame costs are compared as ratios inside one run (the machine's speed and load cancel out);
    // the milliseconds are printed for BENCHMARKS.md, never asserted.
    test(
      "a 100 MB payload decodes in slices: progress shown, decode frames within a few idle frames, " +
        "then frames cost what the sample's do; a search through it runs in slices as well",
      async (t) => {
        // A browser of its own: in the shared one, Firefox collected the earlier tests' closed pages
        // (a refused 600 MB file) in the middle of this test's frames (two frames of 150-250 ms, 7x
        // an idle one, at the same point of every full run; never when this test ran alone).
        const browser = await BROWSERS[browserName]();
        t.after(() => browser.close());
        // Four partialSketch documents concatenated: one valid Layer (repeated fields append).
        const parts = [];
        for (const seed of [11, 12, 13, 14]) {
          const file = resolve(SHOTS, `sketch-${seed}.bin`);
          execFileSync(resolve(ROOT, "build/native/bin/generate_sketch"), [file, "5000", String(seed)]);
          parts.push(readFileSync(file));
        }
        writeFileSync(resolve(SHOTS, "sketch-100mb.bin"), Buffer.concat(parts));
        const { page, problems } = await openApp(browser, serverUrl);
        // Idle frames first, with a small payload that fills the panels as the big one will.
        await loadSketch(page, "sketch-2.bin", 2);
        await frames(page, 30); // past the first frames after load (the wasm's optimizing compile runs then)
        const idleBefore = await frameStats(page, 60);
        const result = await page.evaluate(async () => {
          const bytes = new Uint8Array(await (await fetch("build/e2e/sketch-100mb.bin")).arrayBuffer());
          // Every frame counts: from handing the file over (copied into wasm in slices) to the one
          // that finishes the decode and first draws the tree.
          const readProgress = [];
          const decodeProgress = [];
          const phases = [];
          let budget = null;
          const { deltas, started, result } = await window.wirelens.framesUntil(
            () => window.wirelens.loadFile("sketch-100mb.bin", bytes), // a payload: decoded raw, in slices
            (s) => {
              phases.push(s.reading ? "r" : s.decoding ? "d" : "-");
              if (s.reading) readProgress.push(s.reading.copied / s.reading.size);
              if (s.decoding) decodeProgress.push(s.decoding_progress);
              if (s.decoding) budget = s.work_budget_ms;
              if (!s.reading && !s.decoding && s.selected_payload === "sketch-100mb.bin") return s;
            },
          );
          await started;
          const { node_count: nodes, error } = result;
          return { deltas, phases, readProgress, decodeProgress, nodes, size: bytes.length, error, budget };
        });
        // Idle frames again, so that the reference frame spans the decode: a host that slowed down or
        // sped up meanwhile (shared machines do) weighs on the reference as on the decode frames.
        await selectPayload(page, "sketch-2.bin")();
        const idleAfter = await frameStats(page, 60);
        // 26M nodes vs the small payload, in turns (each turn decodes the 117 MB again).
        const cost = await compareFrames(page, {
          small: selectPayload(page, "sketch-2.bin"),
          big: selectPayload(page, "sketch-100mb.bin"),
        });
        const idle = { interval: spanningIdleMs(idleBefore.interval, idleAfter.interval) };
        const loaded = cost.big;
        const idleNow = cost.small.interval;
        const busy = busyFrames(result.deltas, idle.interval);
        const { p90: busy90, worst } = busy;
        console.log(
          `[ wirelens ] ${browserName}: ${result.size} bytes, ${result.nodes} nodes decoded over ` +
            `${result.deltas.length} frames; longest frame ${worst.toFixed(0)} ms, idle frame ` +
            `${idle.interval.toFixed(1)} ms (before ${median(idleBefore.interval).toFixed(1)}, after ` +
            `${median(idleAfter.interval).toFixed(1)}) (${(worst / idle.interval).toFixed(2)}x), 90th percentile ` +
            `${busy90.toFixed(0)} ms (${(busy90 / idle.interval).toFixed(2)}x), the app's budget ` +
            `${result.budget.toFixed(1)} ms a frame; then frame UI ` +
            `${loaded.ui.toFixed(2)} ms vs ${cost.small.ui.toFixed(2)} ms with 2,490 nodes ` +
            `(${(loaded.ui / cost.small.ui).toFixed(2)}x), interval ${loaded.interval.toFixed(1)} vs ` +
            `${idleNow.toFixed(1)} ms (frames: ${result.deltas.map((d, i) => d.toFixed(0) + result.phases[i]).join(" ")})`,
        );
        assert.ok(result.size > 100e6);
        assert.equal(result.error, null);
        assert.ok(result.nodes > 20e6, `${result.nodes} nodes`);
        // Nothing dropped: the file arrived in slices, then decoded over many frames, both with progress.
        assert.ok(result.readProgress.length >= 3, `read over ${result.readProgress.length + 1} frames`);
        assert.ok(result.readProgress.every((f, i, all) => f > 0 && f < 1 && (i === 0 || f > all[i - 1])));
        assert.ok(result.decodeProgress.length >= 5, `decoded over ${result.decodeProgress.length} frames`);
        assert.ok(result.decodeProgress.every((f, i, all) => f >= 0 && f <= 1 && (i === 0 || f >= all[i - 1])));
        // A decoding frame gets three quarters of an idle frame's time for decoding (DecodeBudgetMs), so
        // it costs about 1.75 idle frames; the bounds leave room for the machine's own hiccups, not for
        // a frame that would decode or copy far more than its share.
        assertBusyFrames("decoding", busy);
        assert.ok(
          loaded.ui <= MAX_FRAME_COST_RATIO * cost.small.ui,
          `frame UI ${loaded.ui.toFixed(2)} ms with 26M nodes, ${cost.small.ui.toFixed(2)} ms with 2,490`,
        );
        assert.ok(
          loaded.interval <= MAX_FRAME_COST_RATIO * idleNow,
          `frame interval ${loaded.interval.toFixed(1)} ms with 26M nodes, ${idleNow.toFixed(1)} ms with 2,490`,
        );

        // A search through all 26M nodes runs in slices too, its frames held to the decode's bounds,
        // against idle frames taken right before and after it (issue 46: the host's speed drifts over
        // the minute since the decode's idle frames, and moved a whole search's frames by 1.6x).
        assert.equal((await snapshot(page)).selected_payload, "sketch-100mb.bin");
        // Three searches, their frames judged together: one search is only about 20 frames, whose
        // 90th percentile is the third-longest frame, which a host's stray stall sets alone
        // (2.68x once in a CI run, Firefox); three together still fail if each frame searched too much.
        const idleBeforeSearch = await frameStats(page, 30);
        const searched = await page.evaluate(async () => {
          const all = { deltas: [], total: 0, matches: [], first: null, least: Infinity };
          for (const query of ['="oval"', '="rectangle"', '="oval"']) {
            const { deltas, total, result } = await window.wirelens.framesUntil(
              () => window.wirelens.search(query),
              (s) => (s.search.running ? undefined : s.search),
            );
            all.deltas.push(...deltas);
            all.total += total;
            all.matches.push(result.match_count);
            all.first ??= result.results[0];
            all.least = Math.min(all.least, deltas.length);
          }
          return all;
        });
        const idleAfterSearch = await frameStats(page, 30);
        const searchIdle = spanningIdleMs(idleBeforeSearch.interval, idleAfterSearch.interval);
        const searchBusy = busyFrames(searched.deltas, searchIdle);
        const { p90: search90, worst: searchWorst } = searchBusy;
        console.log(
          `[ wirelens ] ${browserName}: searches ="oval", ="rectangle", ="oval" over ${result.nodes} nodes: ` +
            `${searched.matches.join(", ")} matches in ` +
            `${searched.total.toFixed(0)} ms over ${searched.deltas.length} frames; longest frame ` +
            `${searchWorst.toFixed(0)} ms (${(searchWorst / searchIdle).toFixed(2)}x idle), 90th percentile ` +
            `${search90.toFixed(0)} ms, idle frame around it ${searchIdle.toFixed(1)} ms`,
        );
        assert.ok(searched.matches[0] > 1000, `${searched.matches[0]} matches, the first ${searched.first}`);
        assert.equal(searched.matches[2], searched.matches[0], "the same search again finds the same");
        assert.ok(searched.least >= 5, `a search over ${searched.least} frames`);
        assertBusyFrames("search", searchBusy);
        assert.deepEqual(problems, []);
        await page.close();
      },
    );

    test("a frame with 1.2M nodes loaded costs what a frame with a small payload costs", async () => {
      const { page, problems } = await openApp(browser, serverUrl);
      // The 19-node sample fills a dozen rows; a 2-layer sketch (2,490 nodes) fills the Fields and
      // Hex panels as the 1.2M-node one does, so the two differ in payload size alone.
      await loadSketch(page, "sketch-2.bin", 2);
      await loadSketch(page, "sketch-900.bin", 900);
      const cost = await compareFrames(page, {
        sample: selectPayload(page, "samples/bench.bin", "Test"),
        small: selectPayload(page, "sketch-2.bin"),
        big: selectPayload(page, "sketch-900.bin"),
      });
      const nodes = (await snapshot(page)).node_count;
      const line = (k) => `${k} UI ${cost[k].ui.toFixed(2)} ms, interval ${cost[k].interval.toFixed(1)} ms`;
      console.log(
        `[ wirelens ] ${browserName}: ${nodes} nodes: ${line("big")}; 2,490 nodes: ${line("small")}; ` +
          `the 19-node sample: ${line("sample")} (big/small: UI ${(cost.big.ui / cost.small.ui).toFixed(2)}x, ` +
          `interval ${(cost.big.interval / cost.small.interval).toFixed(2)}x; big/sample: interval ` +
          `${(cost.big.interval / cost.sample.interval).toFixed(2)}x)`,
      );
      assert.ok(nodes > 900000, `${nodes} nodes`);
      assert.ok(cost.big.ui <= MAX_FRAME_COST_RATIO * cost.small.ui, line("big") + "; " + line("small"));
      assert.ok(cost.big.interval <= MAX_FRAME_COST_RATIO * cost.small.interval, line("big") + "; " + line("small"));
      assert.deepEqual(problems, []);
      await page.close();
    });
  });
}
