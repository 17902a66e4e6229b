// `wirelens har` on HAR files as Chromium and Firefox write them: every message of every protocol
// printed as `protoc --decode` prints it, typed by the method its path names; errors and exit codes.
// Needs WIRELENS_CLI (the binary): ctest sets it.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const ROOT = resolve(fileURLToPath(import.meta.url), "../../..");
const CLI = process.env.WIRELENS_CLI ?? resolve(ROOT, "build/native/bin/wirelens");
const TMP = mkdtempSync(join(tmpdir(), "wirelens-har-"));
const PROTO_DIR = resolve(ROOT, "tests/capture");
const PROTO = "user_service.proto";

const run = (command, args, input) => spawnSync(command, args, { input, maxBuffer: 64 << 20 });
const encode = (type, text) => {
  const result = run("protoc", [`--encode=proto.${type}`, `-I${PROTO_DIR}`, PROTO], text);
  assert.equal(result.status, 0, `${result.stderr}`);
  return result.stdout;
};
const decode = (type, bytes) => run("protoc", [`--decode=${type}`, `-I${PROTO_DIR}`, PROTO], bytes).stdout.toString();

const REQUEST = encode("WhoAmIRequest", 'token: "secret"');
const ADA = encode(
  "User",
  'name: "Ada" id: 1815 roles: "admin" created { seconds: 1700000000 } labels { key: "team" value: "engines" }',
);
const BOB = encode("User", 'name: "Bob" id: -2 roles: ["a", "b"]');
const DETAIL = encode("ErrorDetail", 'reason: "slow down" retry_after_ms: 1500');

/** A gRPC frame / Connect envelope. */
const frame = (flags, body) => {
  const header = Buffer.alloc(5);
  header[0] = flags;
  header.writeUInt32BE(body.length, 1);
  return Buffer.concat([header, Buffer.from(body)]);
};
const headers = (object) => Object.entries(object).map(([name, value]) => ({ name, value }));

/** A HAR entry; `request` as Firefox stores a body that is not UTF-8 (one character per byte). */
function entry({ method = "POST", url, type, request, response, status = 200, responseType = type, extra = {} }) {
  const requestHeaders = { "Content-Type": type, ...extra };
  const postData = request && { mimeType: type, text: request.toString("latin1") };
  if (request) requestHeaders["Content-Length"] = String(request.length);
  return {
    startedDateTime: "2026-12-07T12:00:00.000Z",
    time: 5,
    request: {
      method,
      url,
      httpVersion: "HTTP/1.1",
      headers: headers(requestHeaders),
      bodySize: request?.length ?? 0,
      ...(postData && { postData }),
    },
    response: {
      status,
      statusText: "",
      httpVersion: "HTTP/1.1",
      headers: headers({ "content-type": responseType }),
      content: { size: response.length, mimeType: responseType, text: response.toString("base64"), encoding: "base64" },
    },
  };
}

function harFile(entries, name) {
  const path = join(TMP, name);
  writeFileSync(
    path,
    JSON.stringify({ log: { version: "1.2", creator: { name: "Firefox", version: "128.0" }, entries } }),
  );
  return path;
}

const BASE = "http://127.0.0.1:8080/proto.UserService";
const ENTRIES = [
  entry({
    url: `${BASE}/WhoAmI`,
    type: "application/grpc-web+proto",
    request: frame(0, REQUEST),
    response: Buffer.concat([frame(0, ADA), frame(0x80, "grpc-status: 0\r\ngrpc-message: \r\n")]),
  }),
  entry({
    url: `${BASE}/Watch`,
    type: "application/grpc-web-text",
    request: Buffer.from(frame(0, REQUEST).toString("base64")),
    response: Buffer.from(
      frame(0, ADA).toString("base64") +
        frame(0, BOB).toString("base64") +
        frame(0x80, "grpc-status:0").toString("base64"),
    ),
  }),
  entry({ url: `${BASE}/WhoAmI`, type: "application/proto", request: REQUEST, response: ADA }),
  entry({
    url: `${BASE}/Watch`,
    type: "application/connect+proto",
    request: frame(0, REQUEST),
    response: Buffer.concat([frame(0, ADA), frame(1, gzipSync(BOB)), frame(2, '{"metadata":{}}')]),
  }),
  entry({
    method: "GET",
    url: `${BASE}/WhoAmI?connect=v1&encoding=proto&base64=1&message=${REQUEST.toString("base64url")}`,
    type: "application/proto",
    response: ADA,
  }),
  entry({ url: "http://127.0.0.1:8080/index.html", type: "text/html", response: Buffer.from("<html></html>") }),
];
ENTRIES[3].response.headers.push({ name: "Connect-Content-Encoding", value: "gzip" });
delete ENTRIES[4].request.headers;
ENTRIES[4].request.headers = [];

test("every message of every protocol prints as protoc --decode prints it, typed by its method", () => {
  const har = harFile(ENTRIES, "rpcs.har");
  const result = run(CLI, ["har", har, "--proto", join(PROTO_DIR, PROTO), "-I", PROTO_DIR]);
  assert.equal(result.status, 0, `${result.stderr}`);
  const req = decode("proto.WhoAmIRequest", REQUEST);
  const ada = decode("proto.User", ADA);
  const bob = decode("proto.User", BOB);
  const expected = [
    "# entry 1: POST /proto.UserService/WhoAmI (gRPC-web, HTTP 200, grpc-status 0)",
    `# request 1: proto.WhoAmIRequest (method)\n${req}# response 1: proto.User (method)\n${ada}# response: trailers: grpc-status: 0, grpc-message: `,
    "# entry 2: POST /proto.UserService/Watch (gRPC-web-text, HTTP 200, grpc-status 0)",
    `# request 1: proto.WhoAmIRequest (method)\n${req}# response 1: proto.User (method)\n${ada}# response 2: proto.User (method)\n${bob}# response: trailers: grpc-status: 0`,
    "# entry 3: POST /proto.UserService/WhoAmI (Connect, HTTP 200)",
    `# request 1: proto.WhoAmIRequest (method)\n${req}# response 1: proto.User (method)\n${ada.trimEnd()}`,
    "# entry 4: POST /proto.UserService/Watch (Connect streaming, HTTP 200)",
    `# request 1: proto.WhoAmIRequest (method)\n${req}# response 1: proto.User (method)\n${ada}# response 2: proto.User (method)\n${bob}# response: end of stream: {"metadata":{}}`,
    "# entry 5: GET /proto.UserService/WhoAmI (Connect, HTTP 200)",
    `# request 1: proto.WhoAmIRequest (method)\n${req}# response 1: proto.User (method)\n${ada.trimEnd()}`,
  ].join("\n");
  assert.equal(result.stdout.toString(), expected + "\n");
  assert.match(result.stderr.toString(), /5 of 6 entries shown \(1 not protobuf; --entry N shows one\)/);
});

test("--format json: each exchange with its messages in proto3 JSON; --entry and --filter pick exchanges", () => {
  const har = harFile(ENTRIES, "rpcs.har");
  const args = ["har", har, "--proto", join(PROTO_DIR, PROTO), "-I", PROTO_DIR, "--format", "json"];
  const all = JSON.parse(run(CLI, args).stdout.toString());
  assert.deepEqual(
    all.map((e) => [e.entry, e.protocol, e.messages.length]),
    [
      [1, "gRPC-web", 2],
      [2, "gRPC-web-text", 3],
      [3, "Connect", 2],
      [4, "Connect streaming", 3],
      [5, "Connect", 2],
    ],
  );
  assert.deepEqual(all[0].messages[1], {
    role: "response",
    index: 1,
    type: "proto.User",
    typeSource: "method",
    message: {
      name: "Ada",
      id: "1815",
      roles: ["admin"],
      created: "2023-11-14T22:13:20Z",
      labels: { team: "engines" },
    },
  });
  assert.equal(all[0].rpcStatus, "0");
  const one = JSON.parse(run(CLI, [...args, "--entry", "6"]).stdout.toString());
  assert.deepEqual(
    one.map((e) => [e.entry, e.protocol, e.messages.length]),
    [[6, "other", 0]],
  );
  const watched = JSON.parse(run(CLI, [...args, "--filter", "/watch"]).stdout.toString());
  assert.deepEqual(
    watched.map((e) => e.entry),
    [2, 4],
  );
});

test("without a schema every message prints raw, as protoc --decode_raw; a guess names its score", () => {
  const har = harFile([ENTRIES[0]], "one.har");
  const raw = run(CLI, ["har", har]);
  assert.equal(raw.status, 0, `${raw.stderr}`);
  const rawAda = run("protoc", ["--decode_raw"], ADA).stdout.toString();
  assert.ok(raw.stdout.toString().includes(`# response 1: raw\n${rawAda}`), raw.stdout.toString());
  const unnamed = harFile(
    [entry({ url: "http://h/users/7", type: "application/x-protobuf", response: ADA })],
    "bare.har",
  );
  const guessed = run(CLI, ["har", unnamed, "--proto", join(PROTO_DIR, PROTO), "-I", PROTO_DIR]).stdout.toString();
  assert.match(guessed, /# response 1: proto\.User \(guess, score \d+\.\d\)\n/);
});

test("errors: a lost request body, a frame past its body, a Connect error's detail; exit 1, each on stderr", () => {
  // Chromium stores a request body as its UTF-8 decoding: BOB's id (-2) is bytes that are not UTF-8.
  const lost = entry({
    url: `${BASE}/WhoAmI`,
    type: "application/grpc-web+proto",
    request: frame(0, BOB),
    response: frame(0, ADA).subarray(0, 9),
  });
  lost.request.postData.text = frame(0, BOB).toString("utf8");
  const error = entry({
    url: `${BASE}/WhoAmI`,
    type: "application/proto",
    request: REQUEST,
    status: 429,
    responseType: "application/json",
    response: Buffer.from(
      JSON.stringify({
        code: "resource_exhausted",
        message: "slow",
        details: [{ type: "proto.ErrorDetail", value: DETAIL.toString("base64").replace(/=+$/, "") }],
      }),
    ),
  });
  const har = harFile([lost, error], "errors.har");
  const result = run(CLI, ["har", har, "--proto", join(PROTO_DIR, PROTO), "-I", PROTO_DIR]);
  assert.equal(result.status, 1);
  const stderr = result.stderr.toString();
  assert.match(
    stderr,
    /errors\.har: entry 1 request: the browser stored this \d+-byte binary body as text and replaced \d+ byte sequences that were not UTF-8 with U\+FFFD: its bytes are lost .* at byte 0\n/,
  );
  assert.match(
    stderr,
    /errors\.har: entry 1 response: a frame of \d+ bytes runs past the body's end \(4 bytes left\) at byte 0\n/,
  );
  const out = result.stdout.toString();
  assert.ok(
    out.includes("# entry 2: POST /proto.UserService/WhoAmI (Connect, HTTP 429, code resource_exhausted: slow)"),
    out,
  );
  assert.ok(out.includes(`# detail 1: proto.ErrorDetail (detail)\n${decode("proto.ErrorDetail", DETAIL)}`), out);
});

test("a file that is not a HAR exits 2 with FILE:line:column", () => {
  const notHar = join(TMP, "page.har");
  writeFileSync(notHar, '{\n  "log": {"entries": [}\n}');
  const result = run(CLI, ["har", notHar]);
  assert.equal(result.status, 2);
  assert.equal(result.stderr.toString(), `${notHar}:2:23: expected an entry ('{')\n`);
  const truncated = join(TMP, "cut.har");
  writeFileSync(truncated, JSON.stringify({ log: { entries: ENTRIES } }).slice(0, 500));
  const cut = run(CLI, ["har", truncated]);
  assert.equal(cut.status, 2);
  assert.match(cut.stderr.toString(), /cut\.har:1:\d+: the file ends early \(cut off\?\)/);
  assert.equal(run(CLI, ["har", truncated, "--format", "tree"]).status, 2);
});

test("decode --content-type: the framing and type a header copied from DevTools names", () => {
  const schema = ["--proto", join(PROTO_DIR, PROTO), "-I", PROTO_DIR];
  const ada = decode("proto.User", ADA);
  const text = Buffer.from(frame(0, ADA).toString("base64") + frame(0x80, "grpc-status:0").toString("base64"));
  const webText = run(
    CLI,
    ["decode", "-", ...schema, "--type", "proto.User", "--content-type", "application/grpc-web-text"],
    text,
  );
  assert.equal(webText.status, 0, `${webText.stderr}`);
  assert.equal(
    webText.stdout.toString(),
    `# frame 1 at byte 0, ${ADA.length} bytes\n${ada}# frame 2 at byte ${ADA.length + 5}, 13 bytes\n# grpc-status:0\n`,
  );
  const stream = Buffer.concat([frame(0, ADA), frame(2, "{}")]);
  const connect = run(
    CLI,
    ["decode", "-", ...schema, "--type", "proto.User", "--content-type", "application/connect+proto"],
    stream,
  );
  assert.equal(connect.status, 0, `${connect.stderr}`);
  assert.ok(connect.stdout.toString().startsWith(`# frame 1 at byte 0, ${ADA.length} bytes\n${ada}# frame 2`));
  const bare = run(
    CLI,
    ["decode", "-", ...schema, "--content-type", "application/x-protobuf; messageType=proto.User"],
    ADA,
  );
  assert.equal(bare.stdout.toString(), ada);
  const html = run(CLI, ["decode", "-", "--content-type", "text/html"], ADA);
  assert.equal(html.status, 2);
  assert.match(html.stderr.toString(), /--content-type 'text\/html' is not a protobuf body/);
});
