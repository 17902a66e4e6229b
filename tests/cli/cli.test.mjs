// The wirelens CLI on real data, compared with protoc byte for byte: golden payloads made with
// `protoc --encode` from tests/cli/golden/*.txtpb, decoded by `wirelens decode` and by
// `protoc --decode` / `--decode_raw`; plus descriptor sets, type guessing, exit codes and errors.
// Needs WIRELENS_CLI (the binary) and WIRELENS_PROTOBUF_SRC (protobuf source tree): ctest sets both.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { deflateSync, gzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = resolve(fileURLToPath(import.meta.url), "../../..");
const CLI = process.env.WIRELENS_CLI ?? resolve(ROOT, "build/native/bin/wirelens");
const SRC = process.env.WIRELENS_PROTOBUF_SRC;
const TMP = mkdtempSync(join(tmpdir(), "wirelens-cli-"));

const run = (command, args, input) => spawnSync(command, args, { input, maxBuffer: 64 << 20 });
const ok = (result) => {
  assert.equal(result.status, 0, `${result.stderr}`);
  return result.stdout.toString("latin1");
};

const CASES = [
  {
    name: "bench",
    type: "Test",
    dir: resolve(ROOT, "bench_cases/bench"),
    proto: "bench.proto",
    text: "bench_cases/bench/bench.txtpb",
  },
  {
    name: "alltypes3",
    type: "protobuf_test_messages.proto3.TestAllTypesProto3",
    dir: `${SRC}/src`,
    proto: "google/protobuf/test_messages_proto3.proto",
  },
  {
    name: "alltypes2",
    type: "protobuf_test_messages.proto2.TestAllTypesProto2",
    dir: `${SRC}/src`,
    proto: "google/protobuf/test_messages_proto2.proto",
  },
];

function payload(c) {
  const text = readFileSync(resolve(ROOT, c.text ?? `tests/cli/golden/${c.name}.txtpb`));
  const bin = join(TMP, `${c.name}.bin`);
  writeFileSync(bin, ok(run("protoc", [`--encode=${c.type}`, `-I${c.dir}`, c.proto], text)), "latin1");
  return bin;
}

for (const c of CASES) {
  test(`${c.name}: text format identical to protoc --decode`, () => {
    const bin = payload(c);
    const expected = ok(run("protoc", [`--decode=${c.type}`, `-I${c.dir}`, c.proto], readFileSync(bin)));
    const ours = ok(run(CLI, ["decode", bin, "--proto", `${c.dir}/${c.proto}`, "-I", c.dir, "--type", c.type]));
    assert.equal(ours, expected);
    assert.ok(expected.length > 100);
  });

  test(`${c.name}: raw text format identical to protoc --decode_raw`, () => {
    const bin = payload(c);
    const expected = ok(run("protoc", ["--decode_raw"], readFileSync(bin)));
    assert.equal(ok(run(CLI, ["decode", bin])), expected);
    assert.equal(ok(run(CLI, ["decode", "-"], readFileSync(bin))), expected); // stdin
  });

  test(`${c.name}: a descriptor set gives the same output`, () => {
    const bin = payload(c);
    const set = join(TMP, `${c.name}.desc`);
    ok(run("protoc", [`-I${c.dir}`, "--include_imports", `--descriptor_set_out=${set}`, c.proto]));
    const viaProto = ok(run(CLI, ["decode", bin, "--proto", `${c.dir}/${c.proto}`, "-I", c.dir, "--type", c.type]));
    assert.equal(ok(run(CLI, ["decode", bin, "--descriptor-set", set, "--type", c.type])), viaProto);
  });

  test(`${c.name}: --guess-type picks ${c.type}`, () => {
    const bin = payload(c);
    const result = run(CLI, ["decode", bin, "--proto", `${c.dir}/${c.proto}`, "-I", c.dir, "--guess-type"]);
    assert.equal(result.status, 0);
    const first = result.stderr.toString().split("\n")[0];
    assert.match(first, new RegExp(`^guess: ${c.type.replace(/\./g, "\\.")}\\s`));
  });

  test(`${c.name}: every truncation exits 1 with the error on stderr and a partial decode`, () => {
    const bytes = readFileSync(payload(c));
    let failures = 0;
    for (let cut = 1; cut < bytes.length; cut += Math.max(1, Math.floor(bytes.length / 40))) {
      const result = run(CLI, ["decode", "-", "--format", "tree"], bytes.subarray(0, cut));
      assert.ok(result.status === 0 || result.status === 1, `cut ${cut}: exit ${result.status}`);
      if (result.status === 1) {
        failures++;
        assert.match(result.stderr.toString(), /^wirelens: -: .* at byte \d+\n$/);
      }
    }
    assert.ok(failures > 0);
  });
}

test("json format: canonical proto3 JSON of the golden messages", () => {
  const c = CASES[1];
  const bin = payload(c);
  const json = JSON.parse(
    ok(run(CLI, ["decode", bin, "--proto", `${c.dir}/${c.proto}`, "-I", c.dir, "--type", c.type, "--format", "json"])),
  );
  assert.equal(json.optionalInt64, "-9223372036854775808");
  assert.equal(json.optionalBytes, "AAH/Jw==");
  assert.equal(json.optionalNestedEnum, "NEG");
  assert.equal(json.optionalTimestamp, "2023-11-14T22:13:20.000000005Z");
  assert.equal(json.optionalDuration, "-3s");
  assert.deepEqual(json.optionalFieldMask, "a.b,c");
  assert.deepEqual(json.optionalStruct, { k: [1.5, null] });
  assert.deepEqual(json.mapInt32Int32, { "-5": 5, 0: 0 });
  assert.deepEqual(json.repeatedDouble, [0, -0, "Infinity", "-Infinity"]);
  assert.equal(run(CLI, ["decode", bin, "--format", "json"]).status, 2); // JSON needs a type
});

test("nodes format: offsets and the error as JSON", () => {
  const bad = join(TMP, "bad.bin");
  writeFileSync(bad, Buffer.from([0x08, 0x96, 0x01, 0x12, 0x05, 0x61]));
  const result = run(CLI, ["decode", bad, "--format", "nodes"]);
  assert.equal(result.status, 1);
  const json = JSON.parse(result.stdout.toString());
  assert.deepEqual(json.error, { kind: "length_past_end", offset: 4 });
  assert.equal(json.nodes[0].raw, "150");
  assert.deepEqual(json.nodes[0].value, [1, 2]);
  assert.equal(json.nodes[1].kind, "error");
  assert.equal(json.nodes[2].kind, "undecoded");
  assert.equal(
    result.stderr.toString(),
    `wirelens: ${bad}: length prefix reaches past the end of the enclosing message at byte 4\n`,
  );
});

test("raw text of a broken payload prints the fields before the error", () => {
  const result = run(CLI, ["decode", "-"], Buffer.from([0x08, 0x01, 0x10, 0x02, 0x0f]));
  assert.equal(result.status, 1);
  assert.equal(result.stdout.toString(), "1: 1\n2: 2\n");
});

test("schema errors: every one as file:line:col, exit 2", () => {
  const proto = join(TMP, "broken.proto");
  writeFileSync(proto, 'syntax = "proto3";\nmessage A { Missing x = 1; }\nmessage B { int32 y = 1 }\n');
  const result = run(CLI, ["decode", "-", "--proto", proto], Buffer.alloc(0));
  assert.equal(result.status, 2);
  assert.equal(result.stderr.toString(), 'broken.proto:3:25: Expected ";".\n');
  const types = join(TMP, "types.proto");
  writeFileSync(types, 'syntax = "proto3";\nmessage A { Missing x = 1; Other y = 2; }\n');
  assert.equal(
    run(CLI, ["decode", "-", "--proto", types], Buffer.alloc(0)).stderr.toString(),
    'types.proto:2:13: "Missing" is not defined.\ntypes.proto:2:28: "Other" is not defined.\n',
  );
});

test("usage errors exit 2; --help exits 0", () => {
  assert.equal(run(CLI, ["--help"]).status, 0);
  assert.match(run(CLI, ["--help"]).stdout.toString(), /wirelens decode FILE\.bin/);
  assert.equal(run(CLI, []).status, 2);
  assert.equal(run(CLI, ["frobnicate"]).status, 2);
  assert.equal(run(CLI, ["decode", "/nonexistent.bin"]).status, 2);
  assert.equal(run(CLI, ["decode", "-", "--format", "yaml"], Buffer.alloc(0)).status, 2);
  const proto = join(TMP, "one.proto");
  writeFileSync(proto, 'syntax = "proto3";\nmessage One { int32 a = 1; }\n');
  const wrongType = run(CLI, ["decode", "-", "--proto", proto, "--type", "Two"], Buffer.alloc(0));
  assert.equal(wrongType.status, 2);
  assert.match(wrongType.stderr.toString(), /no message type 'Two'/);
});

// gRPC / gRPC-web frames: flags byte, 4-byte big-endian length, body.
const grpcFrame = (flags, body) => {
  const header = Buffer.alloc(5);
  header[0] = flags;
  header.writeUInt32BE(body.length, 1);
  return Buffer.concat([header, body]);
};

test("framing: each gRPC-web frame decodes as protoc --decode decodes the message alone", () => {
  const c = CASES[0];
  const message = readFileSync(payload(c));
  const trailers = Buffer.from("grpc-status: 0\r\ngrpc-message: \r\n");
  const body = Buffer.concat([grpcFrame(0, message), grpcFrame(0, message), grpcFrame(0x80, trailers)]);
  const alone = ok(run("protoc", [`--decode=${c.type}`, `-I${c.dir}`, c.proto], message));
  const expected =
    `# frame 1 at byte 0, ${message.length} bytes\n${alone}` +
    `# frame 2 at byte ${message.length + 5}, ${message.length} bytes\n${alone}` +
    `# frame 3 at byte ${2 * message.length + 10}, ${trailers.length} bytes\n# grpc-status: 0\n# grpc-message: \n`;
  const schema = ["--proto", `${c.dir}/${c.proto}`, "-I", c.dir, "--type", c.type];
  assert.equal(ok(run(CLI, ["decode", "-", ...schema, "--framing", "grpc"], body)), expected);
  const guessed = run(CLI, ["decode", "-", ...schema, "--framing", "auto"], body);
  assert.equal(guessed.status, 0);
  assert.equal(guessed.stdout.toString("latin1"), expected);
  assert.match(guessed.stderr.toString(), /^framing: grpc \(guessed: 3 frames;/);
  const json = JSON.parse(ok(run(CLI, ["decode", "-", ...schema, "--framing", "grpc", "--format", "json"], body)));
  assert.equal(json.length, 2);
  assert.deepEqual(json[0], json[1]);
  // Decoded as one message (the default), it fails at byte 0 and stderr names the framing that fits.
  const bare = run(CLI, ["decode", "-", ...schema], body);
  assert.equal(bare.status, 1);
  assert.match(
    bare.stderr.toString(),
    /at byte 0\nwirelens: the payload reads as 3 grpc frames: try --framing grpc\n$/,
  );
});

// Two delimited frames whose bytes also parse as one message of some type (the first length, 0x12,
// reads as the tag of a length-delimited field 2; core/inspect/framing_test.cc has the layout): with
// --type, the guess asks which framing's messages parse as that type, and a failed decode names
// the framing that fits, whichever was asked for.
test("framing: the guess asks the --type, and a failed decode suggests any framing that fits", () => {
  const proto = join(TMP, "frames.proto");
  writeFileSync(
    proto,
    'syntax = "proto3";\npackage t;\nmessage Inner { int32 x = 1; }\nmessage Frame { bytes name = 1; Inner inner = 2; }\n',
  );
  const body = Buffer.from("0a10010c616161616161610d414243440801", "hex");
  const stream = Buffer.concat([Buffer.from([body.length]), body, Buffer.from([body.length]), body]);
  const schema = ["--proto", proto, "-I", TMP, "--type", "t.Frame"];
  const guessed = run(CLI, ["decode", "-", ...schema, "--framing", "auto"], stream);
  assert.equal(guessed.status, 0, guessed.stderr.toString());
  assert.match(guessed.stderr.toString(), /^framing: delimited \(guessed: 2 frames;/);
  assert.equal((guessed.stdout.toString().match(/^# frame \d/gm) ?? []).length, 2);
  const asGrpc = run(CLI, ["decode", "-", ...schema, "--framing", "grpc"], stream);
  assert.equal(asGrpc.status, 1);
  assert.match(
    asGrpc.stderr.toString(),
    /wirelens: the payload reads as 2 delimited frames: try --framing delimited\n$/,
  );
  const asStream = run(CLI, ["decode", "-", ...schema, "--framing", "delimited"], body);
  assert.equal(asStream.status, 1);
  assert.match(asStream.stderr.toString(), /wirelens: the payload reads as one message: try --framing bare\n$/);
});

test("framing: a Kafka record in Confluent's format (magic, schema id, indexes) decodes as its message, guessed too", () => {
  const c = CASES[0];
  const message = readFileSync(payload(c));
  const record = Buffer.concat([Buffer.from([0, 0, 0, 0, 42, 4, 2, 6]), message]); // schema 42, indexes [1, 3]
  const alone = ok(run("protoc", [`--decode=${c.type}`, `-I${c.dir}`, c.proto], message));
  const schema = ["--proto", `${c.dir}/${c.proto}`, "-I", c.dir, "--type", c.type];
  const expected = `# frame 1 at byte 0, ${message.length} bytes\n${alone}`;
  assert.equal(ok(run(CLI, ["decode", "-", ...schema, "--framing", "confluent"], record)), expected);
  const guessed = run(CLI, ["decode", "-", ...schema, "--framing", "auto"], record);
  assert.equal(guessed.stdout.toString("latin1"), expected);
  assert.match(guessed.stderr.toString(), /^framing: confluent \(guessed: 1 frames;/);
  assert.equal(
    ok(run(CLI, ["decode", "-", "--framing", "auto"], record)),
    `# frame 1 at byte 0, ${message.length} bytes\n${ok(run("protoc", ["--decode_raw"], message))}`,
  );
});

test("framing: a varint-delimited stream decodes raw, frame by frame, and a cut frame exits 1", () => {
  const message = readFileSync(payload(CASES[1]));
  const delimited = (body) => {
    const length = [];
    for (let n = body.length; ; n >>>= 7) {
      if (n < 0x80) {
        length.push(n);
        break;
      }
      length.push((n & 0x7f) | 0x80);
    }
    return Buffer.concat([Buffer.from(length), body]);
  };
  const stream = Buffer.concat([delimited(message), delimited(message)]);
  const raw = ok(run("protoc", ["--decode_raw"], message));
  const prefix = delimited(message).length - message.length;
  assert.equal(
    ok(run(CLI, ["decode", "-", "--framing", "delimited"], stream)),
    `# frame 1 at byte 0, ${message.length} bytes\n${raw}` +
      `# frame 2 at byte ${prefix + message.length}, ${message.length} bytes\n${raw}`,
  );
  const cut = run(CLI, ["decode", "-", "--framing", "delimited", "--format", "tree"], stream.subarray(0, -3));
  assert.equal(cut.status, 1);
  assert.match(cut.stderr.toString(), new RegExp(`at byte ${stream.length - 3}\\n$`));
  assert.match(cut.stdout.toString(), /frame 2 \(delimited message\)/);
  assert.equal(run(CLI, ["decode", "-", "--framing", "grpc-web-text"], stream).status, 2);
});

test("unpacking: a gzip body, grpc-web-text and compressed gRPC frames decode as the message they hold", () => {
  const c = CASES[0];
  const message = readFileSync(payload(c));
  const schema = ["--proto", `${c.dir}/${c.proto}`, "-I", c.dir, "--type", c.type];
  const alone = ok(run("protoc", [`--decode=${c.type}`, `-I${c.dir}`, c.proto], message));
  const gzipped = gzipSync(message);
  const result = run(CLI, ["decode", "-", ...schema], gzipped);
  assert.equal(result.status, 0);
  assert.equal(result.stdout.toString("latin1"), alone);
  assert.equal(
    result.stderr.toString(),
    `unpacked: gzip: ${gzipped.length} bytes at 0 inflated to ${message.length} bytes\n`,
  );
  assert.equal(run(CLI, ["decode", "-", ...schema, "--no-unpack"], gzipped).status, 1);
  // gRPC frames compressed with grpc-encoding gzip and deflate (zlib), sent as grpc-web-text.
  const frames = Buffer.concat([grpcFrame(1, gzipSync(message)), grpcFrame(1, deflateSync(message))]);
  const text = Buffer.from(frames.toString("base64"));
  const framed = run(CLI, ["decode", "-", ...schema, "--framing", "auto"], text);
  assert.equal(framed.status, 0, framed.stderr.toString());
  assert.equal(
    framed.stdout.toString("latin1"),
    `# frame 1 at byte 0, ${message.length} bytes\n${alone}` +
      `# frame 2 at byte ${message.length + 5}, ${message.length} bytes\n${alone}`,
  );
  const steps = framed.stderr.toString().split("\n");
  assert.match(steps[0], /^unpacked: grpc-web-text: \d+ base64 characters decoded to \d+ bytes$/);
  assert.match(steps[1], /^framing: grpc \(guessed: 2 frames;/);
  assert.match(steps[2], /^unpacked: frame 1: gzip, \d+ bytes at 5 inflated to \d+ bytes$/);
  assert.match(steps[3], /^unpacked: frame 2: zlib, /);
});

test("schema drift: fields of another wire type decode as protoc decodes them, exit 0 with a warning", () => {
  // The payload is written with v2 of a schema and read with v1, where five fields changed type.
  const v1 = join(TMP, "drift_v1.proto");
  const v2 = join(TMP, "drift_v2.proto");
  writeFileSync(
    v1,
    'syntax = "proto3";\npackage drift;\nmessage Inner { int32 a = 1; }\n' +
      "message M { int32 x = 1; string s = 2; map<string, int32> m = 3; Inner inner = 4; repeated int32 r = 5;" +
      " map<int32, Inner> mi = 6; }\n",
  );
  writeFileSync(
    v2,
    'syntax = "proto3";\npackage drift;\nmessage Inner { string a = 1; }\n' +
      "message M { string x = 1; int64 s = 2; map<string, string> m = 3; int32 inner = 4; repeated string r = 5;" +
      " map<int32, Inner> mi = 6; }\n",
  );
  const text =
    'x: "hi" s: 5 m { key: "k" value: "ab" } m { key: "a" value: "z" } inner: 7 r: "one" r: "two"' +
    ' mi { key: 2 value { a: "deep" } } mi { key: 1 value { } }';
  const bin = join(TMP, "drift.bin");
  writeFileSync(bin, ok(run("protoc", ["--encode=drift.M", `-I${TMP}`, "drift_v2.proto"], text)), "latin1");
  const expected = ok(run("protoc", ["--decode=drift.M", `-I${TMP}`, "drift_v1.proto"], readFileSync(bin)));
  const ours = run(CLI, ["decode", bin, "--proto", v1, "--type", "drift.M"]);
  assert.equal(ours.status, 0, ours.stderr.toString());
  assert.equal(ours.stdout.toString("latin1"), expected);
  assert.match(
    ours.stderr.toString(),
    /^wirelens: .*drift\.bin: warning: \d+ fields of a wire type .* as protoc does\n$/,
  );
});

test("Any: values whose type_url names a loaded message decode inline; --expand-any prints them as protoc --encode reads them", () => {
  const proto = join(TMP, "any_holder.proto");
  writeFileSync(
    proto,
    'syntax = "proto3";\npackage a;\nimport "google/protobuf/any.proto";\nmessage Pt { int32 x = 1; string s = 2; }\n' +
      "message Holder { google.protobuf.Any any = 1; repeated google.protobuf.Any many = 2; }\n",
  );
  const include = ["-I", TMP, "-I", `${SRC}/src`];
  const text =
    'any { [type.googleapis.com/a.Pt] { x: 5 s: "hi" } } many { [type.googleapis.com/a.Holder] { any {' +
    ' [type.googleapis.com/a.Pt] { x: 1 } } } } many { type_url: "type.googleapis.com/nope.X" value: "\\x08\\x01" }' +
    ' many { type_url: "type.googleapis.com/a.Pt" value: "\\xff" }';
  const bin = join(TMP, "any.bin");
  writeFileSync(bin, ok(run("protoc", ["--encode=a.Holder", ...include, "any_holder.proto"], text)), "latin1");
  const bytes = readFileSync(bin);
  const schema = ["--proto", proto, "-I", TMP, "--type", "a.Holder"];
  // As protoc --decode prints them by default: type_url and value.
  const expected = ok(run("protoc", ["--decode=a.Holder", ...include, "any_holder.proto"], bytes));
  assert.equal(ok(run(CLI, ["decode", bin, ...schema])), expected);
  // Expanded: the known, parsing ones only; protoc --encode reads it back to the same bytes.
  const expanded = ok(run(CLI, ["decode", bin, ...schema, "--expand-any"]));
  assert.match(expanded, /^any \{\n {2}\[type\.googleapis\.com\/a\.Pt\] \{\n {4}x: 5\n {4}s: "hi"\n {2}\}\n\}\n/);
  assert.match(expanded, / {6}\[type\.googleapis\.com\/a\.Pt\] \{\n {8}x: 1\n/); // an Any inside an Any
  assert.match(expanded, /type_url: "type\.googleapis\.com\/nope\.X"/);
  assert.match(expanded, /value: "\\377"/);
  const reencoded = run("protoc", ["--encode=a.Holder", ...include, "any_holder.proto"], expanded);
  assert.equal(reencoded.status, 0, reencoded.stderr.toString());
  assert.ok(reencoded.stdout.equals(bytes));
  // The tree shows the packed message's fields under the Any's value.
  const tree = ok(run(CLI, ["decode", bin, ...schema, "--format", "tree"]));
  assert.match(tree, /\n@\d+ +2 value \(bytes \(a\.Pt\)\): \{2 fields\}\n@\d+ +1 x \(int32\): 5\n/);
});

test("infer: a .proto from raw payloads that protoc decodes them with and encodes back to the same bytes", () => {
  for (const c of CASES) {
    const bin = payload(c);
    const proto = join(TMP, `${c.name}_inferred.proto`);
    writeFileSync(proto, ok(run(CLI, ["infer", bin, "--package", "guess", "--root", "Top"])));
    const text = ok(run("protoc", ["--decode=guess.Top", `-I${TMP}`, `${c.name}_inferred.proto`], readFileSync(bin)));
    const again = run("protoc", ["--encode=guess.Top", `-I${TMP}`, `${c.name}_inferred.proto`], text);
    assert.equal(again.status, 0, `${c.name}: ${again.stderr}`);
    assert.ok(again.stdout.equals(readFileSync(bin)), `${c.name}: re-encoded bytes differ`);
    // wirelens decodes it with every field known: no number-only (unknown) field lines.
    const ours = ok(run(CLI, ["decode", bin, "--proto", proto, "-I", TMP, "--type", "guess.Top"]));
    assert.equal(ours, text);
    assert.doesNotMatch(ours, /^\s*\d+[:{ ]/m, c.name);
  }
  assert.equal(run(CLI, ["infer"]).status, 2);
});

test("diff: fields removed, added and changed between two payloads, by path; exit 1 when they differ", () => {
  const c = CASES[1];
  const before = payload(c);
  const changedText = readFileSync(resolve(ROOT, "tests/cli/golden/alltypes3.txtpb"), "utf8")
    .replace(/^optional_int32: -?\d+$/m, "optional_int32: 4242")
    .replace(/^optional_string: .*$/m, "")
    .replace("optional_nested_message { a: 17", "optional_nested_message { a: 77");
  const after = join(TMP, "alltypes3_changed.bin");
  writeFileSync(after, ok(run("protoc", [`--encode=${c.type}`, `-I${c.dir}`, c.proto], changedText)), "latin1");
  const schema = ["--proto", `${c.dir}/${c.proto}`, "-I", c.dir, "--type", c.type];
  const result = run(CLI, ["diff", before, after, ...schema]);
  assert.equal(result.status, 1, result.stderr.toString());
  const lines = result.stdout.toString().trim().split("\n");
  assert.ok(
    lines.some((l) => /^~ optional_int32: -?\d+ -> 4242$/.test(l)),
    lines.join("\n"),
  );
  assert.ok(
    lines.some((l) => /^- optional_string: ".*"$/.test(l)),
    lines.join("\n"),
  );
  assert.ok(
    lines.some((l) => /^[~+] optional_nested_message/.test(l)),
    lines.join("\n"),
  );
  assert.equal(run(CLI, ["diff", before, before, ...schema]).status, 0);
  assert.equal(run(CLI, ["diff", before, before, ...schema]).stdout.toString(), "");
  assert.equal(run(CLI, ["diff", before]).status, 2);
});

test("search: fields by path and values, one line per match with its byte offset; exit 1 when none", () => {
  const c = CASES[1];
  const bin = payload(c);
  const schema = ["--proto", `${c.dir}/${c.proto}`, "-I", c.dir, "--type", c.type];
  const search = (query, extra = schema) => run(CLI, ["search", bin, query, ...extra]);
  const lines = (result) => ok(result).trimEnd().split("\n");
  assert.deepEqual(
    lines(search("optional_int32")).map((l) => l.trim().split(/\s+/).slice(1).join(" ")),
    ["optional_int32: -1", "optional_nested_message.corecursive.optional_int32: 5"],
  );
  assert.match(
    lines(search("recursive_message.optional_string"))[0],
    /^\s+\d+ {2}optional_nested_message\.corecursive\.recursive_message\.optional_string: "deep"$/,
  );
  assert.match(lines(search("repeated_int32=-2"))[0], /repeated_int32\[1\]: -2$/);
  assert.match(lines(search('="deep"'))[0], /optional_string: "deep"$/);
  // The offset is where the field's tag is: the bytes there decode as that field.
  const [offset] = lines(search("a=17"))[0].trim().split(/\s+/);
  const bytes = readFileSync(bin);
  assert.equal(bytes[Number(offset)], (1 << 3) | 0); // field 1, varint
  assert.equal(bytes[Number(offset) + 1], 17);
  // Raw: by field number and any view of the number.
  assert.match(lines(search("18.1=17", []))[0], /^\s+\d+ {2}18\.1: 17 \| zigzag -9$/);
  const none = search("=123456789");
  assert.equal(none.status, 1);
  assert.equal(none.stdout.toString(), "");
  assert.match(none.stderr.toString(), /^0 matches$/m);
  const bad = search('"unterminated');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr.toString(), /bad query: unterminated string/);
  assert.equal(run(CLI, ["search", bin]).status, 2);
});

test("encode: text format to binary, byte for byte what protoc --encode writes; decode then encode gives the bytes back", () => {
  const extra = [
    // proto3 defaults left out, oneof members (the default too), Any by type URL, lists, < >, comments
    'optional_int32: 0 optional_string: "" oneof_uint32: 0 # a comment\n' +
      "repeated_int32: [1, -2, 0x10, 017] repeated_nested_message: [{ a: 1 }, < a: 2 >]; " +
      "optional_nested_enum: NEG optional_foreign_enum: 1 " +
      "optional_any { [type.googleapis.com/protobuf_test_messages.proto3.TestAllTypesProto3] { optional_int64: -1 } } " +
      'optional_bytes: \'a\' "\\x01\\377" optional_double: -inf optional_float: 1e10 map_string_string { key: "k" }',
    // not UTF-8 in a proto3 string: protoc writes it (logging an error), and so does wirelens
    'optional_string: "\\377"',
  ];
  for (const c of CASES) {
    const schema = ["--proto", `${c.dir}/${c.proto}`, "-I", c.dir, "--type", c.type];
    const golden = c.text ? resolve(ROOT, c.text) : resolve(ROOT, `tests/cli/golden/${c.name}.txtpb`);
    const texts = [readFileSync(golden, "utf8"), ...(c.name === "alltypes3" ? extra : [])];
    for (const text of texts) {
      const theirs = spawnSync("protoc", [`--encode=${c.type}`, `-I${c.dir}`, c.proto], { input: text });
      assert.equal(theirs.status, 0, theirs.stderr.toString());
      const ours = run(CLI, ["encode", "-", ...schema], text);
      assert.equal(ours.status, 0, ours.stderr.toString());
      assert.ok(ours.stdout.equals(theirs.stdout), `${c.name}: ${text.slice(0, 60)}`);
    }
    // The decode's text encodes as protoc encodes it, which is the payload it came from, except for
    // map entries: text format prints them by key, and they are written in the order read.
    const bin = payload(c);
    const decoded = run(CLI, ["decode", bin, ...schema]).stdout;
    const again = ok(run(CLI, ["encode", "-", ...schema], decoded));
    assert.equal(again, ok(run("protoc", [`--encode=${c.type}`, `-I${c.dir}`, c.proto], decoded)), c.name);
    if (c.name !== "alltypes3") assert.equal(again, readFileSync(bin).toString("latin1"), c.name);
  }
  // What protoc refuses, wirelens refuses too, saying where.
  const c = CASES[1];
  const schema = ["--proto", `${c.dir}/${c.proto}`, "-I", c.dir, "--type", c.type];
  const bad = {
    "optional_int32: 1\nnope: 2":
      /^wirelens: input:2:1: Message type "protobuf_test_messages.proto3.TestAllTypesProto3" has no field named "nope"\.$/,
    "optional_int32: 1 optional_int32: 2":
      /^wirelens: input:1:19: Non-repeated field "optional_int32" is specified multiple times\.$/,
    'oneof_uint32: 1 oneof_string: "x"':
      /^wirelens: input:1:17: Field "oneof_string" is specified along with field "oneof_uint32", another member of oneof "oneof_field"\.$/,
    "optional_int32: 3000000000": /out of range for int32/,
    "optional_nested_message { a: 1": /Expected "}"/,
  };
  for (const [text, message] of Object.entries(bad)) {
    assert.notEqual(
      spawnSync("protoc", [`--encode=${c.type}`, `-I${c.dir}`, c.proto], { input: text }).status,
      0,
      text,
    );
    const ours = run(CLI, ["encode", ...schema], text);
    assert.equal(ours.status, 1, text);
    assert.match(ours.stderr.toString().trim(), message);
    assert.equal(ours.stdout.length, 0);
  }
  assert.equal(run(CLI, ["encode", "--proto", `${c.dir}/${c.proto}`]).status, 2);
});

test("encode --format json: the JSON decode prints reads back to the same message; errors say where and why", () => {
  for (const c of CASES.filter((k) => k.name !== "alltypes2")) {
    // (proto2's groups have no JSON form in libprotobuf 3.21, so that case is left out)
    const schema = ["--proto", `${c.dir}/${c.proto}`, "-I", c.dir, "--type", c.type];
    const bin = payload(c);
    const json = Buffer.from(ok(run(CLI, ["decode", bin, ...schema, "--format", "json"])), "latin1");
    const encoded = join(TMP, `${c.name}.from-json.bin`);
    writeFileSync(encoded, ok(run(CLI, ["encode", "-", ...schema, "--format", "json"], json)), "latin1");
    assert.equal(ok(run(CLI, ["decode", encoded, ...schema])), ok(run(CLI, ["decode", bin, ...schema])), c.name);
    assert.equal(ok(run(CLI, ["decode", encoded, ...schema, "--format", "json"])), json.toString("latin1"), c.name);
  }
  const c = CASES[1];
  const schema = ["--proto", `${c.dir}/${c.proto}`, "-I", c.dir, "--type", c.type, "--format", "json"];
  const bad = run(CLI, ["encode", ...schema], '{"optionalInt32": 1,\n "repeatedNestedMessage": [{"a": "x"}]}');
  assert.equal(bad.status, 1);
  assert.equal(bad.stderr.toString().trim(), "wirelens: input:2:34: repeatedNestedMessage[0].a: expected an integer");
  const unknown = '{"optionalInt32": 7, "notAField": [1], "optionalNestedEnum": "NOT_A_VALUE"}';
  assert.match(run(CLI, ["encode", ...schema], unknown).stderr.toString(), /has no field named "notAField"/);
  const kept = ok(run(CLI, ["encode", ...schema, "--ignore-unknown-fields"], unknown));
  assert.equal(Buffer.from(kept, "latin1").toString("hex"), "0807");
  assert.equal(run(CLI, ["encode", ...schema.slice(0, -2), "--format", "tree"], "{}").status, 2);
});
