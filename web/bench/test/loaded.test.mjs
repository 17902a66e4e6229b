// The Benchmark Suite on a user's own schema and payloads (cli.mjs --proto / --descriptor-set,
// --type, --framing, --payload; loaded.mjs): a run gives every dynamic codec's rows (and the cost
// of building it from the schema), checked before timing,
// with ratios to protobuf.js reflection; and each mistake a user can make ends the run with a
// message naming the file (and line:column, or offset), exit 1, nothing timed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import protobuf from "protobufjs";
import { generateBench } from "../../../bench_cases/bench/generator.mjs";
import { BUILD_OPERATION, OPERATIONS } from "../suite.mjs";
import { LoadError, splitFrames } from "../loaded_cases.mjs";

const REPO = fileURLToPath(new URL("../../..", import.meta.url));
const BUILD = process.env.WIRELENS_WEB_BUILD ?? join(REPO, "build/web");
const CLI = join(REPO, "web/bench/cli.mjs");
const RUN_BROWSERS = join(REPO, "web/bench/run_browsers.mjs");
const work = mkdtempSync(join(tmpdir(), "wirelens-loaded-"));
const proto = join(REPO, "bench_cases/bench/bench.proto");
const payload = join(work, "bench.bin");
const type = protobuf.loadSync(proto).lookupType("Test");
const bytes = type.encode(type.fromObject(generateBench())).finish();
writeFileSync(payload, bytes);
writeFileSync(join(work, "cut.bin"), bytes.subarray(0, 30));
// The same message three times, as a varint-delimited stream and as gRPC frames.
const delimited = Buffer.concat([0, 1, 2].flatMap(() => [Buffer.from([bytes.length]), bytes]));
const grpcHeader = Buffer.from([0, 0, 0, 0, bytes.length]);
const grpc = Buffer.concat([0, 1, 2].flatMap(() => [grpcHeader, bytes]));
writeFileSync(join(work, "stream.bin"), delimited);
writeFileSync(join(work, "grpc.bin"), grpc);
writeFileSync(join(work, "broken.proto"), 'syntax = "proto3";\nmessage A {\n  int32 x = 1\n}\n');

function cli(...args) {
  const run = spawnSync(
    process.execPath,
    ["--expose-gc", CLI, "--quick", "--peers", join(BUILD, "bench/gen/peers.mjs"), ...args],
    { encoding: "utf8" },
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

test("a .proto and a payload: every dynamic codec checked and timed, ratios to protobuf.js reflection", () => {
  const json = join(work, "run.json");
  const run = cli("--proto", proto, "--type", "Test", "--payload", payload, "--payload", payload, "--json", json);
  assert.equal(run.status, 0, run.stderr);
  const results = JSON.parse(readFileSync(json, "utf8"));
  assert.deepEqual(
    results.cases.map((c) => c.name),
    ["bench.bin", "bench.bin (2)"],
  );
  for (const c of results.cases) {
    assert.equal(c.size, bytes.length);
    assert.equal(c.reference, "pbjs8-reflect");
    assert.deepEqual(c.skipped, []);
    const codecs = ["wirelens-table", "wirelens-table-resident", "pbjs8-reflect", "bufbuild-dynamic", "json-string"];
    assert.deepEqual(
      c.checks.map((k) => [k.codec, k.ok]),
      codecs.map((id) => [id, true]),
    );
    // Every codec timed in every operation; building from the schema: the codecs made at run time
    // from bytes (JSON has no schema to build).
    const timed = (op) =>
      c.rows
        .filter((r) => r.op === op)
        .map((r) => r.codec)
        .sort();
    for (const op of OPERATIONS) assert.deepEqual(timed(op), [...codecs].sort(), op);
    assert.deepEqual(timed(BUILD_OPERATION), ["bufbuild-dynamic", "pbjs8-reflect", "wirelens-table"]);
  }
  assert.match(run.stdout, /^build:$/m);
  assert.match(run.stdout, /\| codec \| ops\/s \| ±rme \| samples \| vs fastest \| vs protobuf\.js 8 reflect \|/);
});

test("a framed payload is one case: its frames decoded and encoded one after another, each checked", () => {
  const json = join(work, "framed.json");
  const codecs = "wirelens-table,wirelens-table-resident,pbjs8-reflect,bufbuild-dynamic";
  const args = ["--proto", proto, "--type", "Test", "--codecs", codecs, "--json", json];
  /** @type {Array<[string, string, Buffer]>} */
  const streams = [
    ["delimited", "stream.bin", delimited],
    ["grpc", "grpc.bin", grpc],
  ];
  for (const [framing, file, data] of streams) {
    const run = cli(...args, "--framing", framing, "--payload", join(work, file));
    assert.equal(run.status, 0, run.stderr);
    const [c] = JSON.parse(readFileSync(json, "utf8")).cases;
    assert.equal(c.size, data.length);
    assert.match(c.about, new RegExp(`Test from .*${file}, 3 ${framing} frames`));
    assert.deepEqual(c.skipped, []);
    for (const check of c.checks) assert.match(check.detail, /^3 frames, the first: same bytes$/, check.codec);
    assert.equal(c.rows.filter((r) => r.op === "decode").length, 4);
  }
  // Read as one message, the same stream is a different payload (or none): framing matters.
  const bare = cli(...args, "--payload", join(work, "grpc.bin"));
  assert.equal(bare.status, 1);
  assert.match(bare.stderr, /grpc\.bin: does not decode as Test/);
});

test("frames: delimited, gRPC and Confluent split where their headers say; a stream that breaks names file and byte", () => {
  const one = new Uint8Array([8, 1]);
  assert.deepEqual(splitFrames(one, "bare", "f"), [one]);
  assert.deepEqual(
    splitFrames(new Uint8Array([2, 8, 1, 0, 1, 9]), "delimited", "f").map((f) => [...f]),
    [[8, 1], [], [9]],
  );
  assert.deepEqual(
    splitFrames(new Uint8Array([0, 0, 0, 0, 2, 8, 1, 0, 0, 0, 0, 0]), "grpc", "f").map((f) => [...f]),
    [[8, 1], []],
  );
  // Kafka records: schema id 42, indexes [0] (a lone 0) and [1, 3].
  assert.deepEqual(
    splitFrames(new Uint8Array([0, 0, 0, 0, 42, 0, 8, 1]), "confluent", "f").map((f) => [...f]),
    [[8, 1]],
  );
  assert.deepEqual(
    splitFrames(new Uint8Array([0, 0, 0, 0, 42, 4, 2, 6, 8, 1]), "confluent", "f").map((f) => [...f]),
    [[8, 1]],
  );
  /** @type {Array<[number[], string, RegExp]>} */
  const broken = [
    [[3, 8, 1], "delimited", /f: not delimited frames: a 3-byte frame past the end at byte 0 \(frame 1\)/],
    [[1, 8, 0x80], "delimited", /a length varint cut short or too long at byte 2 \(frame 2\)/],
    [[0, 0, 0], "grpc", /a gRPC frame header cut short at byte 0/],
    [[1, 0, 0, 0, 0], "grpc", /a compressed gRPC frame \(inflate it first\) at byte 0/],
    [[0, 0, 0, 0, 0, 7, 0, 0, 0, 0], "grpc", /a bad gRPC flag byte at byte 5 \(frame 2\)/],
    [[], "delimited", /no frame at byte 0/],
    [[1, 0, 0, 0, 42, 0], "confluent", /a Confluent magic byte other than 0 at byte 0/],
    [[0, 0, 0, 0, 42, 4, 2], "confluent", /a message index cut short or too long at byte 7/],
    [[8, 1], "lines", /--framing lines: one of bare, delimited, grpc, confluent/],
  ];
  for (const [data, framing, message] of broken) {
    assert.throws(
      () => splitFrames(new Uint8Array(data), framing, "f"),
      (e) => e instanceof LoadError && message.test(e.message),
    );
  }
});

test("a descriptor set works as the .proto does", () => {
  const set = join(work, "bench.pb");
  execFileSync("protoc", [
    "--include_imports",
    `--descriptor_set_out=${set}`,
    `-I${join(REPO, "bench_cases/bench")}`,
    "bench.proto",
  ]);
  const run = cli(
    "--descriptor-set",
    set,
    "--type",
    "Test",
    "--payload",
    payload,
    "--codecs",
    "wirelens-table,pbjs8-reflect",
  );
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /wirelens tables \(from JS\) \| [\d.,]+ \|/);
});

test("each mistake: a message naming the file, exit 1, nothing timed", () => {
  /** @type {Array<[string[], RegExp]>} */
  const cases = [
    [
      ["--proto", join(work, "broken.proto"), "--type", "A", "--payload", payload],
      /broken\.proto: the schema does not load:\n.*broken\.proto:4:1: Expected ";"/,
    ],
    [["--proto", join(work, "none.proto"), "--type", "A", "--payload", payload], /none\.proto: no such \.proto file/],
    [
      ["--proto", proto, "--type", "Nope", "--payload", payload],
      /bench\.proto: no message type Nope \(it has 4: Test, Inner, InnerInner, Outer\)/,
    ],
    [
      ["--proto", proto, "--type", "Test", "--payload", join(work, "cut.bin")],
      /cut\.bin: does not decode as Test: .* at byte \d+/,
    ],
    [["--proto", proto, "--type", "Test", "--payload", join(work, "none.bin")], /none\.bin: no such payload/],
    [["--proto", proto, "--type", "Test"], /--payload FILE: at least one payload/],
    [["--proto", proto, "--payload", payload], /--type FULL\.Name/],
    [["--type", "Test", "--payload", payload], /one of --proto FILE\.proto or --descriptor-set FILE/],
    [["--descriptor-set", payload, "--type", "Test", "--payload", payload], /bench\.bin: not a FileDescriptorSet/],
    [
      ["--proto", proto, "--type", "Test", "--framing", "delimited", "--payload", payload],
      /bench\.bin: not delimited frames: .* at byte \d+ \(frame \d+\)|bench\.bin: does not decode as Test \(frame \d+ of \d+, at byte \d+\)/,
    ],
  ];
  for (const [args, message] of cases) {
    const run = cli(...args);
    assert.equal(run.status, 1, args.join(" "));
    assert.match(run.stderr, message);
    assert.doesNotMatch(run.stdout, /ops\/s/);
  }
});

test("run_browsers.mjs checks the same inputs in Node before any browser starts", () => {
  const run = spawnSync(
    process.execPath,
    [RUN_BROWSERS, "--quick", "--proto", proto, "--type", "Test", "--payload", join(work, "cut.bin")],
    { encoding: "utf8" },
  );
  assert.equal(run.status, 1);
  assert.match(run.stderr, /cut\.bin: does not decode as Test: .* at byte \d+/);
  assert.doesNotMatch(run.stderr, /chromium|firefox/);
});
