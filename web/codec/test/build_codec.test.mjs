// web/codec/build_codec.mjs, the documented command line: two .proto files (one imports the
// other; enums, a oneof, a map, proto2 presence) become a codec that round-trips from JS, with
// JSON and text format (--formats).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { CODECS_DIR, REPO } from "./built_codecs.mjs";

test("build_codec.mjs: .proto files in, working ES module out", { timeout: 300000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "wl-build-codec-"));
  writeFileSync(
    join(dir, "shapes.proto"),
    `syntax = "proto3";
package demo.shapes;
enum Unit { UNIT_UNSPECIFIED = 0; MM = 1; INCH = 2; }
message Point { sint32 x = 1; sint32 y = 2; }
`,
  );
  writeFileSync(
    join(dir, "drawing.proto"),
    `syntax = "proto2";
package demo;
import "shapes.proto";
message Drawing {
  optional string title = 1;
  optional demo.shapes.Unit unit = 2 [default = MM];
  repeated demo.shapes.Point points = 3;
  oneof fill { uint32 rgb = 4; string pattern = 5; }
  map<string, int64> tags = 6;
  optional int32 layer_count = 7;
}
`,
  );
  const out = join(dir, "out");
  const plugin = process.env.WIRELENS_PLUGIN ? ["--plugin", process.env.WIRELENS_PLUGIN] : [];
  execFileSync(
    process.execPath,
    [
      join(REPO, "web/codec/build_codec.mjs"),
      "--name",
      "drawing",
      "--out",
      out,
      "-I",
      dir,
      ...plugin,
      "--formats",
      "drawing.proto",
      "shapes.proto",
    ],
    { stdio: "pipe" },
  );
  const { load } = await import(pathToFileURL(join(out, "drawing.wl.js")).href);
  const { Drawing, Point } = await load();
  const drawing = {
    title: "plan",
    unit: 2,
    points: [
      { x: -1, y: 2 },
      { x: 300, y: -40000 },
    ],
    pattern: "dots",
    tags: { a: 1n, b: -(2n ** 40n) },
    layerCount: 0,
  };
  const bytes = Drawing.encode(drawing);
  assert.deepEqual(Drawing.decode(bytes), { ...drawing, rgb: null });
  // proto2 presence: absent optional fields are null, a present zero stays present.
  assert.deepEqual(Drawing.decode(Drawing.encode({})), {
    title: null,
    unit: null,
    points: [],
    rgb: null,
    pattern: null,
    tags: {},
    layerCount: null,
  });
  assert.equal(Buffer.from(Drawing.encode({ layerCount: 0 })).toString("hex"), "3800");
  // oneof: the later member wins, as in C++.
  assert.equal(Drawing.decode(Drawing.encode({ rgb: 5, pattern: "x" })).rgb, null);
  assert.deepEqual(Point.decode(Point.encode({ x: 7 })), { x: 7, y: 0 });
  const json =
    '{"title":"plan","unit":"INCH","points":[{"x":-1,"y":2},{"x":300,"y":-40000}],"pattern":"dots",' +
    '"tags":{"a":"1","b":"-1099511627776"},"layerCount":0}';
  assert.equal(Drawing.toJson(drawing), json);
  assert.deepEqual(Drawing.fromJson(json), { ...drawing, rgb: null });
  assert.equal(Point.toText({ x: 7 }), "x: 7\n");
});

// One source for both builds: build_codec.mjs compiles what the web tree's CMake wrote into
// js_codec_build.json with the options written there, so the bench case's codec comes out the same
// as CMake's, byte for byte (the wasm embedded in it included).
test("build_codec.mjs: the bench case's codec is CMake's, byte for byte", { timeout: 300000 }, () => {
  const out = mkdtempSync(join(tmpdir(), "wl-build-codec-bench-"));
  const plugin = process.env.WIRELENS_PLUGIN ? ["--plugin", process.env.WIRELENS_PLUGIN] : [];
  const buildInfo = join(CODECS_DIR, "../js_codec_build.json");
  const command = ["--name", "bench", "--out", out, "--build-info", buildInfo, ...plugin];
  execFileSync(
    process.execPath,
    [join(REPO, "web/codec/build_codec.mjs"), ...command, "-I", join(REPO, "bench_cases/bench"), "bench.proto"],
    { stdio: "pipe" },
  );
  const ours = readFileSync(join(out, "bench.wl.js"), "utf8");
  const cmake = readFileSync(join(CODECS_DIR, "bench.wl.js"), "utf8");
  const wasmSize = (js) => Buffer.from(/const WASM_BASE64 = "([^"]*)"/.exec(js)[1], "base64").length;
  assert.equal(wasmSize(ours), wasmSize(cmake), "the .wasm sizes");
  assert.ok(ours === cmake, "bench.wl.js differs from CMake's");
});

// Editions: the 2023 and 2024 files of the CLI's editions tests, through protoc 36 (the default
// protoc of build_codec.mjs once tools/setup.sh installed it). What protoc 36 writes and prints is
// the reference: bytes of its --encode, text of its --decode.
test(
  "build_codec.mjs: edition 2023 and 2024 files become a codec with every feature",
  { timeout: 300000 },
  async () => {
    const editions = join(REPO, "tests/cli/editions");
    const protoc = (args, input) =>
      execFileSync(join(REPO, "node_modules/protoc/bin/protoc-linux-x86_64"), [`-I${editions}`, ...args], { input });
    const out = mkdtempSync(join(tmpdir(), "wl-build-editions-"));
    const plugin = process.env.WIRELENS_PLUGIN ? ["--plugin", process.env.WIRELENS_PLUGIN] : [];
    execFileSync(
      process.execPath,
      [join(REPO, "web/codec/build_codec.mjs"), "--name", "shapes", "--out", out, "-I", editions, ...plugin].concat([
        "--formats",
        "shapes2023.proto",
        "shapes2024.proto",
      ]),
      { stdio: "pipe" },
    );
    const { load, DecodeError } = await import(pathToFileURL(join(out, "shapes.wl.js")).href);
    const { Shape, Node } = await load();
    const hex = (bytes) => Buffer.from(bytes).toString("hex");
    const fromHex = (h) => new Uint8Array(Buffer.from(h.replace(/ /g, ""), "hex"));

    const bytes = protoc(
      ["--encode=ed2023.Shape", "shapes2023.proto"],
      readFileSync(join(editions, "shapes2023.txtpb")),
    );
    const shape = Shape.decode(bytes);
    // `raw` (utf8_validation NONE) holds ff fe: a JS string has U+FFFD for each bad sequence.
    assert.equal(shape.raw, "\ufffd\ufffd");
    const encoded = Shape.encode(shape);
    assert.equal(hex(encoded), hex(bytes).replace("5a02fffe", "5a06efbfbdefbfbd"));
    assert.equal(Shape.toText(shape), protoc(["--decode=ed2023.Shape", "shapes2023.proto"], encoded).toString());
    assert.equal(hex(Shape.encode({ ...shape, raw: "\u00e9" })), hex(bytes).replace("5a02fffe", "5a02c3a9"));
    // Presence: EXPLICIT and LEGACY_REQUIRED are null when absent, IMPLICIT is its zero.
    const empty = Shape.decode(new Uint8Array(0));
    assert.deepEqual([empty.explicitZero, empty.requiredId, empty.implicitZero], [null, null, 0]);
    assert.equal(hex(Shape.encode({ explicitZero: 0, implicitZero: 0 })), "0800");
    // DELIMITED: a group on the wire, a message in JSON.
    assert.deepEqual(shape.delimited, { id: 1, name: "x" });
    assert.equal(hex(Shape.encode({ child: { v: 9 } })), "3b08093c");
    assert.equal(Shape.toJson({ child: { v: 9 } }), '{"child":{"v":9}}');
    assert.deepEqual(Shape.fromJson('{"child":{"v":9}}').child, { v: 9 });
    // CLOSED enum (file option): a number it lacks is an unknown field; OPEN keeps it.
    assert.equal(Shape.decode(fromHex("40 05")).color, null);
    assert.equal(Shape.decode(fromHex("78 07")).open, 7);
    // EXPANDED and PACKED: each writes its own, both read either.
    assert.equal(hex(Shape.encode({ packed: [1, 2], expanded: [4, 5] })), "220201022804" + "2805");
    assert.deepEqual(Shape.decode(fromHex("20 01 2a 02 04 05")), { ...empty, packed: [1], expanded: [4, 5] });
    // UTF-8: VERIFY rejects, NONE keeps going.
    assert.throws(() => Shape.decode(fromHex("52 02 ff fe")), DecodeError);
    assert.equal(Shape.decode(fromHex("5a 02 ff fe")).raw, "\ufffd\ufffd");

    // 2024: file-wide IMPLICIT and DELIMITED, map values length-prefixed, open enums.
    const node = { next: { id: 1 }, children: [{ id: 2 }], byId: { 3: { id: 4 } }, kind: 9, explicitId: 0 };
    const nodeBytes = Node.encode(node);
    assert.equal(hex(nodeBytes), "130801141b08021c2a0608031202080430094000");
    const nodeText = protoc(["--decode=ed2024.Node", "shapes2024.proto"], nodeBytes).toString();
    assert.equal(Node.toText(Node.decode(nodeBytes)), nodeText);
    assert.equal(Node.decode(nodeBytes).kind, 9);
    assert.equal(
      Node.toJson(node),
      '{"next":{"id":1},"children":[{"id":2}],"byId":{"3":{"id":4}},"kind":9,"explicitId":0}',
    );
  },
);
