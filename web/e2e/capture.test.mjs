// Captured traffic end to end: a real Connect / gRPC-web service (@connectrpc/connect-node) and its
// @connectrpc/connect-web client page, recorded by each browser's own HAR writer (Playwright's
// recordHar in Chromium, Firefox's DevTools export), then read by `wirelens har` and dropped into
// the app's Traffic window. Every message the server received or sent prints as `protoc --decode`
// prints it; what a browser's HAR lost is said, never decoded wrong.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { resolve } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";

import { BROWSERS, openApp } from "./browsers.mjs";
import { captureDownloads, clickWidget, dropFiles, frames, pressKey, snapshot, waitFor } from "./helpers.mjs";
import { PROTO, PROTO_DIR, startService } from "./capture/service.mjs";
import { recordHar } from "./capture/record.mjs";
import { serve } from "../serve.mjs";

const ROOT = resolve(fileURLToPath(import.meta.url), "../../..");
const OUT = resolve(ROOT, "build/e2e");
const CLI = process.env.WIRELENS_CLI ?? resolve(ROOT, "build/native/bin/wirelens");
const SELECTED = (process.env.WIRELENS_BROWSERS ?? (process.env.DISPLAY ? "chromium,firefox" : "chromium")).split(",");

// The RPC exchanges of the client page, in order: [path, protocol, response messages].
const EXPECTED = [
  ["/proto.UserService/WhoAmI", "Connect", 1],
  ["/proto.UserService/WhoAmI", "Connect", 1], // GET, the message in the query string
  ["/proto.UserService/Watch", "Connect streaming", 3],
  ["/proto.UserService/WhoAmI", "Connect", 0], // the error, with its detail
  ["/proto.UserService/WhoAmI", "gRPC-web", 1], // its request's session is not UTF-8
  ["/proto.UserService/Watch", "gRPC-web", 3],
  ["/users/7", "protobuf", 1],
  ["/proto.UserService/WhoAmI", "gRPC-web", 0], // the error: its detail in grpc-status-details-bin
];
const LOST_IN_CHROMIUM = 4; // the index in EXPECTED whose request Chromium's HAR cannot keep

const protocDecode = (type, bytes) => {
  const result = spawnSync("protoc", [`--decode=${type}`, `-I${PROTO_DIR}`, PROTO], { input: bytes });
  assert.equal(result.status, 0, `${result.stderr}`);
  return result.stdout.toString();
};

/** `wirelens har`'s text output as exchanges, each with its message blocks. */
function parseHarText(text) {
  const exchanges = [];
  let block = null;
  for (const line of text.replace(/\n$/, "").split("\n")) {
    let m;
    if ((m = /^# entry (\d+): (\S+) (\S+) \((.*)\)$/.exec(line))) {
      exchanges.push({ entry: Number(m[1]), method: m[2], path: m[3], head: m[4], blocks: [] });
      block = null;
    } else if ((m = /^# (request|response|detail) (\d+): (\S+)/.exec(line))) {
      block = { role: m[1], index: Number(m[2]), type: m[3], text: "" };
      exchanges.at(-1).blocks.push(block);
    } else if (line.startsWith("# ")) {
      block = null;
    } else if (block) {
      block.text += line + "\n";
    }
  }
  return exchanges;
}

for (const browserName of SELECTED) {
  describe(`captured traffic: ${browserName}`, () => {
    let service, harPath, seen;
    before(async () => {
      service = await startService(resolve(OUT, "capture-gen"));
      harPath = resolve(OUT, `capture-${browserName}.har`);
      seen = await recordHar(browserName, service.url, harPath, () => (service.calls.length = 0));
    });
    after(() => service?.close());

    test("the client's calls all went through", () => {
      assert.deepEqual(seen.slice(0, 3), ["Ada", "Grace", "Ada"]);
      assert.equal(service.calls.length, EXPECTED.length);
    });

    test("wirelens har: every message as protoc --decode prints what the server received and sent", () => {
      const result = spawnSync(CLI, ["har", harPath, "--proto", resolve(PROTO_DIR, PROTO), "-I", PROTO_DIR]);
      const exchanges = parseHarText(result.stdout.toString());
      const stderr = result.stderr.toString();
      assert.deepEqual(
        exchanges.map((e) => [e.path, e.head.split(",")[0]]),
        EXPECTED.map(([path, protocol]) => [path, protocol]),
      );
      exchanges.forEach((exchange, i) => {
        const call = service.calls[i];
        const where = `entry ${exchange.entry} (${exchange.path})`;
        const requests = exchange.blocks.filter((b) => b.role === "request");
        if (browserName === "chromium" && i === LOST_IN_CHROMIUM) {
          assert.equal(requests.length, 0, where);
          assert.match(
            stderr,
            new RegExp(`entry ${exchange.entry} request: the browser stored this \\d+-byte binary body as text`),
          );
        } else if (call.request) {
          assert.equal(requests.length, 1, where);
          assert.equal(requests[0].type, "proto.WhoAmIRequest", where);
          assert.equal(requests[0].text, protocDecode("proto.WhoAmIRequest", call.request), where);
        }
        const responses = exchange.blocks.filter((b) => b.role === "response");
        assert.equal(responses.length, EXPECTED[i][2], where);
        responses.forEach((block, k) => {
          assert.equal(block.type, "proto.User", where);
          assert.equal(block.text, protocDecode("proto.User", call.responses[k]), `${where} response ${k + 1}`);
        });
        const details = exchange.blocks.filter((b) => b.role === "detail");
        assert.equal(details.length, call.detail ? 1 : 0, where);
        if (call.detail && exchange.head.startsWith("Connect")) {
          assert.equal(details[0].text, protocDecode("proto.ErrorDetail", call.detail), where);
        } else if (call.detail) {
          // gRPC-web: a google.rpc.Status (not in this schema: raw) whose Any holds the detail.
          const raw = spawnSync("protoc", ["--decode_raw"], { input: call.detail }).stdout.toString();
          const nested = raw.replace(/^/gm, "    ").replace(/ +$/, "");
          assert.equal(details[0].type, "raw", where);
          assert.equal(
            details[0].text,
            `1: 7\n2: "not allowed"\n3 {\n  1: "type.googleapis.com/proto.ErrorDetail"\n  2 {\n${nested}  }\n}\n`,
            where,
          );
        }
      });
      assert.match(exchanges[3].head, /HTTP 403, code permission_denied: not allowed/);
      assert.match(exchanges[5].head, /grpc-status 0/);
      assert.match(exchanges[7].head, /HTTP 200, grpc-status 7: not allowed/);
      assert.equal(result.status, browserName === "chromium" ? 1 : 0, stderr);
    });

    test("the app: the HAR and the .proto dropped in, every call typed by its method, a stream opened, messages compared and edited", async () => {
      const { server, url } = await serve({ root: ROOT, port: 0 });
      const browser = await BROWSERS[browserName]();
      try {
        const { page, problems } = await openApp(browser, url, { width: 1440, height: 900 });
        await dropFiles(page, [
          { name: PROTO, text: readFileSync(resolve(PROTO_DIR, PROTO), "utf8") },
          { name: `capture-${browserName}.har`, text: readFileSync(harPath, "utf8") },
        ]);
        const state = await waitFor(page, (s) => s.traffic.count > 0 && s.traffic.reading === null, "the HAR read");
        const rpcs = state.traffic.exchanges.filter((e) => e.protocol !== "other");
        assert.deepEqual(
          rpcs.map((e) => [e.path, e.protocol]),
          EXPECTED.map(([path, protocol]) => [path, protocol]),
        );
        rpcs.forEach((e, i) => {
          const lost = browserName === "chromium" && i === LOST_IN_CHROMIUM;
          assert.equal(e.clean, !lost, `${e.path}: ${e.problem}`);
          if (!lost && i !== 6) assert.equal(e.messages[0], "request 1: proto.WhoAmIRequest (method)");
        });
        assert.deepEqual(rpcs[6].messages, ["response 1: proto.User (content-type)"]);
        assert.deepEqual(rpcs[3].messages.at(-1), "detail 1: proto.ErrorDetail (detail)");
        assert.deepEqual(rpcs[7].messages.at(-1), "detail 1: raw (detail)");

        const stream = rpcs[5];
        await clickWidget(page, `exchange:${stream.entry}`);
        const opened = await waitFor(
          page,
          (s) => s.selected_payload === `#${stream.entry} response`,
          "the stream opened",
        );
        assert.equal(opened.selected_type, "proto.User");
        assert.equal(opened.framing, "grpc");
        assert.equal(opened.error, null);
        const names = opened.nodes.filter((n) => n.name === "name").map((n) => n.value);
        assert.deepEqual(names, ['"Ada"', '"Grace"', '"Linus"']);
        // The arrow keys step through the list (protobuf exchanges only, as it shows) as clicks do.
        const chosen = opened.traffic.selected;
        await pressKey(page, "ArrowDown");
        assert.equal((await snapshot(page)).traffic.selected, state.traffic.exchanges.indexOf(rpcs[6]));
        await pressKey(page, "ArrowUp");
        await waitFor(page, (s) => s.traffic.selected === chosen && s.node_count === opened.node_count, "back");
        await page.screenshot({ path: resolve(OUT, `${browserName}-traffic.png`) });

        // The stream's messages are a payload like any other: searched from the Search box, exported
        // (the Traffic window closed from the menu: the Export window was under it).
        await clickWidget(page, "search");
        await page.keyboard.type("name");
        await page.keyboard.down("Enter");
        await frames(page, 2);
        await page.keyboard.up("Enter");
        const found = await waitFor(page, (s) => !s.search.running && s.search.match_count > 0, "the search");
        assert.deepEqual(found.search.results, ["frame 1.name", "frame 2.name", "frame 3.name"]);
        await clickWidget(page, "Windows");
        await clickWidget(page, "Windows > Traffic");
        await captureDownloads(page, "bytes");
        await clickWidget(page, "Download");
        const [file] = await page.evaluate(() => Promise.all(window.__downloads));
        // As protoc --decode prints each message the server sent, after its frame's place.
        let at = 0;
        const expected = service.calls[5].responses.map((message, k) => {
          const head = `# frame ${k + 1} at byte ${at}, ${message.length} bytes\n`;
          at += 5 + message.length;
          return head + protocDecode("proto.User", message);
        });
        assert.equal(file.name, `#${stream.entry} response.txtpb`);
        assert.equal(Buffer.from(file.bytes).toString(), expected.join(""));

        // Diff and Edit on captured messages as on any payload: the first two WhoAmI answers (Ada's,
        // gzip'd by Connect, and Grace's, to the GET) compared as `wirelens diff` compares the bytes
        // the server sent; Ada's name edited, and the edited bytes read back by protoc.
        const [ada, grace] = rpcs;
        const toggle = async (window) => {
          await clickWidget(page, "Windows");
          await clickWidget(page, `Windows > ${window}`);
        };
        await toggle("Traffic");
        for (const e of [grace, ada]) {
          await clickWidget(page, `exchange:${e.entry}`);
          await waitFor(page, (s) => s.selected_payload === `#${e.entry} response`, `entry ${e.entry}'s answer`);
        }
        await toggle("Traffic");
        await page.evaluate((name) => window.wirelens.diffWith(name), `#${grace.entry} response`);
        const diffed = await waitFor(page, (s) => s.diff.other !== "" && s.diff.count > 0, "the diff");
        const dir = mkdtempSync(resolve(tmpdir(), "wirelens-capture-"));
        const [adaBin, graceBin] = [resolve(dir, "ada.bin"), resolve(dir, "grace.bin")];
        writeFileSync(adaBin, service.calls[0].responses[0]);
        writeFileSync(graceBin, service.calls[1].responses[0]);
        const schema = ["--proto", resolve(PROTO_DIR, PROTO), "-I", PROTO_DIR, "--type", "proto.User"];
        const cli = spawnSync(CLI, ["diff", adaBin, graceBin, ...schema])
          .stdout.toString()
          .trimEnd()
          .split("\n");
        rmSync(dir, { recursive: true });
        assert.equal(diffed.diff.count, cli.length);
        assert.deepEqual(diffed.diff.entries, cli.slice(0, 20));
        await page.evaluate(() => window.wirelens.diffWith(""));
        await toggle("Diff"); // it opened over Export

        const row = await page.evaluate(() => window.wirelens.widgetRect("node:name"));
        await page.mouse.click(row.x + 20, row.y + row.h / 2, { button: "right" });
        await frames(page);
        await clickWidget(page, "menu edit value");
        await frames(page, 3);
        await page.keyboard.type('"Ada Lovelace"');
        await pressKey(page, "Enter");
        const edited = await waitFor(page, (s) => s.payloads.some((p) => p.edits === 1), "the edit");
        assert.equal(edited.edit_error, "");
        assert.equal(edited.nodes.find((n) => n.name === "name").value, '"Ada Lovelace"');
        await captureDownloads(page, "bytes");
        await clickWidget(page, "Binary");
        await clickWidget(page, "Download");
        const [bin] = await page.evaluate(() => Promise.all(window.__downloads));
        assert.equal(bin.name, `#${ada.entry} response.edited.bin`);
        assert.equal(
          protocDecode("proto.User", Buffer.from(bin.bytes)),
          protocDecode("proto.User", service.calls[0].responses[0]).replace('name: "Ada"', 'name: "Ada Lovelace"'),
        );
        assert.deepEqual(problems, []);
      } finally {
        await browser.close();
        server.close();
      }
    });
  });
}
