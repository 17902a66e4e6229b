// web/codec/build_codec.mjs, the documented command line: two .proto files (one imports the
// other; enums, a oneof, a map, proto2 presence) become a codec that round-trips from JS, with
// JSON and text format (--formats).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { REPO } from "./built_codecs.mjs";

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
