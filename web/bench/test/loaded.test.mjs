// The Benchmark Suite on a user's own schema and payloads (cli.mjs --proto / --descriptor-set,
// --type, --payload; loaded.mjs): a run gives every dynamic codec's rows, checked before timing,
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
import { OPERATIONS } from "../suite.mjs";

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
    const codecs = ["wirelens-table", "pbjs8-reflect", "bufbuild-dynamic", "json-string"];
    assert.deepEqual(
      c.checks.map((k) => [k.codec, k.ok]),
      codecs.map((id) => [id, true]),
    );
    for (const op of OPERATIONS) {
      assert.deepEqual(
        c.rows
          .filter((r) => r.op === op)
          .map((r) => r.codec)
          .sort(),
        [...codecs].sort(),
        op,
      );
    }
  }
  assert.match(run.stdout, /\| codec \| ops\/s \| ±rme \| samples \| vs fastest \| vs protobuf\.js 8 reflect \|/);
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
