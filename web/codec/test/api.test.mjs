// The JS API of a generated codec (build/web/codecs/bench.wl.js etc.): the README example, int64
// modes, errors with kind/offset and field paths, resident messages, memory stability, and the
// classic-script variant.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import vm from "node:vm";
import Long from "long";
import protobuf from "protobufjs";
import { importCodec, CODECS_DIR } from "./built_codecs.mjs";

const bench = await importCodec("bench");
const { load, DecodeError, InputError, WirelensError } = bench;

// protobuf.js's bench message and its 79 encoded bytes (bench_cases/bench/README.md).
const BENCH_OBJECT = {
  string: "Lorem ipsum dolor sit amet.",
  uint32: 9000,
  inner: {
    int32: 20161110,
    innerInner: { long: 151234n * 2n ** 32n + 1051n, enum: 1, sint32: -42 },
    outer: { bool: [true, false, false, true, false, false, true], double: 204.8 },
  },
  float: 0.25,
};
const BENCH_HEX =
  "0a1b4c6f72656d20697073756d20646f6c6f722073697420616d65742e10a8461a2808d6c4ce09120d089b888080a0d8930110" +
  "0118531a120a0701000001000001119a99999999996940250000803e";
const hex = (bytes) => Buffer.from(bytes).toString("hex");

test("the README example: encode gives the 79 bytes, decode gives every field", async () => {
  const { Test } = await load();
  const bytes = Test.encode(BENCH_OBJECT);
  assert.ok(bytes instanceof Uint8Array);
  assert.equal(hex(bytes), BENCH_HEX);
  assert.deepEqual(Test.decode(bytes), BENCH_OBJECT);
  // Absent fields: defaults for implicit presence, null for messages.
  assert.deepEqual(Test.decode(new Uint8Array(0)), { string: "", uint32: 0, inner: null, float: 0 });
  assert.deepEqual(Test.decode(Test.encode({ inner: {} })).inner, { int32: 0, innerInner: null, outer: null });
});

test("encode copies; encodeView is overwritten by the next call", async () => {
  const { Test } = await load();
  const copy = Test.encode({ uint32: 1 });
  const view = Test.encodeView({ uint32: 1 });
  assert.equal(hex(view), hex(copy));
  Test.encode({ uint32: 300 });
  assert.equal(hex(copy), "1001");
  assert.notEqual(hex(view), "1001");
});

test("int64 as bigint (default), number, string or Long; every input form accepted", async () => {
  const long = 151234n * 2n ** 32n + 1051n;
  const bytes = (await load()).InnerInner.encode({ long });
  const modes = { bigint: long, number: Number(long), string: String(long) };
  for (const [int64, expected] of Object.entries(modes)) {
    const { InnerInner } = await load({ int64 });
    assert.equal(InnerInner.decode(bytes).long, expected, int64);
    assert.equal(InnerInner.decode(new Uint8Array(0)).long, int64 === "bigint" ? 0n : int64 === "number" ? 0 : "0");
  }
  const { InnerInner } = await load({ int64: "long", Long });
  assert.ok(Long.isLong(InnerInner.decode(bytes).long));
  assert.equal(InnerInner.decode(bytes).long.toString(), String(long));
  for (const input of [long, Number(long), String(long), Long.fromString(String(long))]) {
    assert.equal(hex(InnerInner.encode({ long: input })), hex(bytes), String(input));
  }
  assert.equal(hex(InnerInner.encode({ long: -1 })), hex(InnerInner.encode({ long: -1n })));
  const plain = (await load()).InnerInner;
  assert.equal(plain.decode(plain.encode({ long: -(2n ** 63n) })).long, -(2n ** 63n));
  await assert.rejects(load({ int64: "long" }), WirelensError);
});

test("malformed bytes throw DecodeError with kind and offset", async () => {
  const { Test } = await load();
  const good = Test.encode(BENCH_OBJECT);
  const cases = [
    [good.subarray(0, 30), "truncated", 30],
    [Uint8Array.from([0x0f]), "bad_wire_type", 0],
    [Uint8Array.from([0x0a, 0x05, 0x61]), "length_past_end", 1],
    [Uint8Array.from([0x10, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]), "varint_too_long", 1],
    [Uint8Array.from([0x00]), "bad_field_number", 0],
    [Uint8Array.from([0x10, 0x01, 0x0a, 0x02, 0xc3, 0x28]), "invalid_utf8", 2], // offset of the field's tag
  ];
  for (const [bytes, kind, offset] of cases) {
    assert.throws(
      () => Test.decode(bytes),
      (/** @type {any} */ e) =>
        e instanceof DecodeError && e.kind === kind && e.offset === offset && e.message.endsWith(`at byte ${offset}`),
      `${hex(bytes)} -> ${kind}`,
    );
  }
  // Nesting past the depth limit (100) is an error, not a stack overflow: 150 nested layers.
  const { Layer } = await (await importCodec("partialSketch")).load();
  let nested = [];
  for (let i = 0; i < 150; i++) {
    const length = [];
    for (let n = nested.length; ; n >>>= 7) {
      if (n < 0x80) {
        length.push(n);
        break;
      }
      length.push((n & 0x7f) | 0x80);
    }
    nested = [0x8a, 0x01, ...length, ...nested]; // field 17 "layers", length-delimited
  }
  const nestedBytes = Uint8Array.from(nested);
  assert.throws(
    () => Layer.decode(nestedBytes),
    (/** @type {any} */ e) => e.kind === "depth_exceeded",
  );
  // The codec stays usable after errors.
  assert.deepEqual(Test.decode(good), BENCH_OBJECT);
});

test("invalid JS input throws InputError naming the field path", async () => {
  const { Test } = await load();
  const cases = [
    [{ uint32: -1 }, "uint32", /uint32/],
    [{ uint32: 1.5 }, "uint32", /uint32/],
    [{ uint32: "9000" }, "uint32", /got "9000"/],
    [{ float: "x" }, "float", /a number/],
    [{ string: 42 }, "string", /a string/],
    [{ string: "a\uD800b" }, "string", /lone UTF-16 surrogate/],
    [{ inner: 5 }, "inner", /an object/],
    [{ inner: { int32: 2 ** 31 } }, "inner.int32", /int32/],
    [{ inner: { innerInner: { long: 2n ** 63n } } }, "inner.innerInner.long", /int64/],
    [{ inner: { innerInner: { long: "12x" } } }, "inner.innerInner.long", /int64/],
    [{ inner: { innerInner: { long: 0.5 } } }, "inner.innerInner.long", /int64/],
    [{ inner: { innerInner: { enum: "TWO" } } }, "inner.innerInner.enum", /int32/],
    [{ inner: { outer: { bool: [true, 1] } } }, "inner.outer.bool[1]", /a boolean/],
    [{ inner: { outer: { bool: true } } }, "inner.outer.bool", /an array/],
  ];
  for (const [object, path, reason] of cases) {
    assert.throws(
      () => Test.encode(object),
      (/** @type {any} */ e) =>
        e instanceof InputError && e.path === path && /** @type {RegExp} */ (reason).test(e.message),
      JSON.stringify(object, (k, v) => (typeof v === "bigint" ? String(v) : v)),
    );
  }
  for (const notAnObject of [null, undefined, 5, "x", [1]]) assert.throws(() => Test.encode(notAnObject), InputError);
  // A cycle ends at the depth limit with a clear error instead of a stack overflow.
  const sketch = await importCodec("partialSketch");
  const { Layer } = await sketch.load();
  const cyclic = { layers: [] };
  cyclic.layers.push(cyclic);
  assert.throws(
    () => Layer.encode(cyclic),
    (/** @type {any} */ e) =>
      e instanceof sketch.InputError &&
      /nesting of at most 100/.test(e.message) &&
      e.path.startsWith("layers[0].layers[0]"),
  );
  assert.equal(hex(Test.encode({ uint32: 9000 })), "10a846");
});

test("maps encode in key order (strings bytewise), a repeated key keeps its last value, one oneof member", async () => {
  const { Maps } = await (await importCodec("maps")).load();
  // Bytewise UTF-8 order puts U+FFFD (EF BF BD) before U+1F600 (F0 9F 98 80); UTF-16 order would not.
  // The int32 keys "1" and "01" are both 1: the later one (Object.keys order) stays.
  const object = { counts: { "\u{1F600}": 2, "\uFFFD": 1, a: 3 }, names: { 5: "a", 1: "x", "-1": "b", "01": "y" } };
  const w = protobuf.Writer.create();
  /** @type {(key: string, value: number) => unknown} */
  const count = (key, value) => w.uint32(0x0a).fork().uint32(0x0a).string(key).uint32(0x10).int32(value).ldelim();
  /** @type {(key: number, value: string) => unknown} */
  const name = (key, value) => w.uint32(0x12).fork().uint32(0x08).int32(key).uint32(0x12).string(value).ldelim();
  count("a", 3);
  count("\uFFFD", 1);
  count("\u{1F600}", 2);
  name(-1, "b");
  name(1, "y");
  name(5, "a");
  const expected = hex(w.finish());
  assert.equal(hex(Maps.encode(object)), expected);
  const resident = Maps.create(object);
  assert.equal(hex(resident.encode()), expected, "the C++ class filled from the same tape");
  resident.free();
  // Of two members of one oneof set in a plain object, the higher-numbered one is kept (oneof_string,
  // 113, over oneof_uint32, 111), from JS and in a resident message alike.
  const TestAllTypesProto3 = (await (await importCodec("conformance")).load()).byFullName.get(
    "protobuf_test_messages.proto3.TestAllTypesProto3",
  );
  const both = { oneofUint32: 7, oneofString: "s" };
  assert.equal(hex(TestAllTypesProto3.encode(both)), "8a070173");
  const message = TestAllTypesProto3.create(both);
  assert.equal(hex(message.encode()), "8a070173");
  message.free();
});

test("resident maps are read in place, walking std::map's tree: every entry of 1,000-entry maps, in key order", async () => {
  const { Maps } = await (await importCodec("maps")).load();
  const TestAllTypesProto2 = (await (await importCodec("conformance")).load({ int64: "string" })).byFullName.get(
    "protobuf_test_messages.proto2.TestAllTypesProto2",
  );
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  const object = { counts: {}, names: {}, items: {} };
  for (let i = 0; i < 1000; i++) {
    const k = next();
    object.counts[`k${k}`] = k % 1000;
    object.names[(k % 200000) - 100000] = `name ${k}`;
    object.items[`item ${k % 5000}`] = { id: i, label: `label ${k}`, weight: k / 7 };
  }
  const resident = Maps.create(object);
  const decoded = Maps.decode(Maps.encode(object));
  for (const field of ["counts", "names", "items"]) {
    const read = resident[field];
    assert.deepEqual(read, decoded[field], field);
    const keys = Object.keys(read).filter((key) => !/^(0|[1-9][0-9]*)$/.test(key)); // index keys come first in JS
    const sorted = [...keys].sort((a, b) =>
      field === "names" ? Number(a) - Number(b) : Buffer.compare(Buffer.from(a), Buffer.from(b)),
    );
    assert.deepEqual(keys, sorted, `${field}: std::map's order`);
  }
  assert.deepEqual(resident.toObject(), decoded);
  resident.free();
  // Every key kind (bool, 32- and 64-bit, signed and unsigned, string), values of every kind.
  /** @type {[string, (i: number) => string | number, (i: number) => unknown][]} */
  const maps = [
    ["mapInt32Int32", (i) => i * 7919 - 500000, (i) => -i],
    ["mapInt64Int64", (i) => String(BigInt(i) * 123456789012345n - 10n ** 15n), (i) => String(i)],
    ["mapUint32Uint32", (i) => i * 4000037, (i) => i],
    ["mapUint64Uint64", (i) => String(BigInt(i) * 18014398509481951n), (i) => String(i)],
    ["mapSint32Sint32", (i) => -i * 31, (i) => i],
    ["mapFixed64Fixed64", (i) => String(BigInt(i) * 2n ** 50n), (i) => String(i)],
    ["mapBoolBool", (i) => (i % 2 === 0 ? "true" : "false"), (i) => i % 3 === 0],
    ["mapStringString", (i) => `s${(i * 7919) % 1000}`, (i) => `v${i}`],
    ["mapStringNestedMessage", (i) => `m${i}`, (i) => ({ a: i })],
    ["mapStringBytes", (i) => `b${i}`, (i) => Uint8Array.of(i & 255, 1)],
    ["mapStringNestedEnum", (i) => `e${i}`, (i) => i % 3],
    ["mapInt32Double", (i) => i - 150, (i) => i / 3],
  ];
  /** @type {Record<string, Record<string, unknown>>} */
  const all = {};
  for (const [name, key, value] of maps) {
    all[name] = {};
    for (let i = 0; i < 300; i++) all[name][key(i)] = value(i);
  }
  const message = TestAllTypesProto2.create(all);
  const expected = TestAllTypesProto2.decode(TestAllTypesProto2.encode(all));
  for (const name of Object.keys(all)) assert.deepEqual(message[name], expected[name], name);
  assert.deepEqual(message.toObject(), expected);
  message.free();
});

test("resident messages: getters, setters, sub-message views, encode/decode in place, free", async () => {
  const { Test } = await load();
  const message = Test.create(BENCH_OBJECT);
  assert.equal(hex(message.encode()), BENCH_HEX);
  assert.equal(message.string, BENCH_OBJECT.string);
  assert.equal(message.inner.innerInner.long, BENCH_OBJECT.inner.innerInner.long);
  assert.deepEqual(message.inner.outer.bool, BENCH_OBJECT.inner.outer.bool);
  message.uint32 = 7;
  message.string = "héllo wörld 😀";
  message.inner.outer.double = 1.5;
  message.inner.outer.bool = [false];
  assert.deepEqual(message.toObject(), {
    ...BENCH_OBJECT,
    uint32: 7,
    string: "héllo wörld 😀",
    inner: { ...BENCH_OBJECT.inner, outer: { bool: [false], double: 1.5 } },
  });
  assert.equal(message.hasInner(), true);
  message.inner = null;
  assert.equal(message.inner, null);
  assert.equal(message.hasInner(), false);
  message.mutableInner().int32 = 3;
  assert.equal(message.inner.int32, 3);
  message.inner = { outer: { double: 2 } };
  assert.deepEqual(message.toObject().inner, { int32: 0, innerInner: null, outer: { bool: [], double: 2 } });
  // A sub-message view is kept while its allocation is: the same object, reading what is there now.
  const view = message.inner;
  assert.equal(message.inner, view);
  message.inner = null;
  assert.equal(message.inner, null);
  message.decode(Test.encode({ inner: { int32: 9, outer: { double: 4 } } }));
  assert.equal(message.inner.int32, 9);
  assert.equal(view.outer.double, 4, "the kept view reads the decoded sub-message");
  assert.throws(
    () => {
      message.uint32 = -1;
    },
    (/** @type {any} */ e) => e instanceof InputError && e.path === "uint32",
  );

  const other = Test.create().decode(message.encodeView());
  assert.deepEqual(other.toObject(), message.toObject());
  assert.throws(() => other.decode(Uint8Array.from([0x0f])), DecodeError);
  const inner = other.mutableInner();
  assert.throws(() => inner.free(), WirelensError);
  other.free();
  other.free(); // twice is harmless
  assert.throws(() => other.uint32, /freed/);
  assert.throws(() => inner.int32, /freed/);
  message.clear();
  assert.deepEqual(message.toObject(), Test.decode(new Uint8Array(0)));
  message.free();
});

test("encode hands a large root to wasm in parts: the same bytes, less wasm memory, parts freed on errors", async () => {
  const sketch = await importCodec("partialSketch");
  const { generatePartialSketch } = await import("../../../bench_cases/partialSketch/generator.mjs");
  const doc = generatePartialSketch(3, 400);
  // Fields before and after the root's repeated message field (layers = 17) land in the first
  // and the last part.
  Object.assign(doc, { booleanOperation: -1, frame: { _class: "rect", width: 7 }, _binary: Uint8Array.of(1, 2, 3) });
  const whole = await sketch.load({ segmentWords: 2 ** 30 });
  const inParts = await sketch.load({ segmentWords: 4096 });
  const wholeBefore = whole.heapUsed(),
    partsBefore = inParts.heapUsed();
  const expected = whole.Layer.encode(doc);
  assert.equal(hex(inParts.Layer.encode(doc)), hex(expected));
  assert.ok(expected.length > 1_000_000 && doc.layers.length > 40);
  // The tape never holds the whole document: the buffers kept for the next encode (tape, strings,
  // output) take less than half the wasm heap (measured in bytes allocated, which no engine or
  // initial memory size changes; the memory itself may not need to grow at all for either).
  const kept = inParts.heapUsed() - partsBefore;
  assert.ok(kept < 0.5 * (whole.heapUsed() - wholeBefore), `kept ${kept} bytes`);
  // What stays allocated after an encode is the reused buffers only, also when a later part fails.
  const heap = inParts.heapUsed();
  assert.equal(hex(inParts.Layer.encode(doc)), hex(expected));
  assert.equal(inParts.heapUsed(), heap);
  const last = doc.layers.length;
  assert.throws(
    () => inParts.Layer.encode({ ...doc, layers: [...doc.layers, 5] }),
    (/** @type {any} */ e) => e instanceof sketch.InputError && e.path === `layers[${last}]`,
  );
  assert.ok(inParts.heapUsed() <= heap);
  assert.equal(hex(inParts.Layer.encode(doc)), hex(expected));
  assert.equal(inParts.heapUsed(), heap);
  // encodeView (a view of wasm memory) and repeated fields below the root are not cut.
  assert.equal(hex(inParts.Layer.encodeView(doc)), hex(expected));
  assert.equal(hex(inParts.Layer.encode({ layers: [doc] })), hex(whole.Layer.encode({ layers: [doc] })));
});

test("resident repeated sub-messages: views and add", async () => {
  const { Layer } = await (await importCodec("partialSketch")).load();
  const layer = Layer.create({ doObjectID: "root" });
  const child = layer.addLayers();
  child.doObjectID = "child";
  child.mutableStyle().fills = [{ isEnabled: true, color: { alpha: 0.5 } }];
  assert.equal(layer.layers.length, 1);
  assert.equal(layer.layers[0].style.fills[0].color.alpha, 0.5);
  assert.equal(Layer.decode(layer.encode()).layers[0].doObjectID, "child");
  layer.free();
});

test("no wasm memory leaks over 1,000,000 encode/decode calls and 20,000 resident messages", async () => {
  const codecs = await load();
  const { Test } = codecs;
  const bytes = Test.encode(BENCH_OBJECT);
  for (let i = 0; i < 1000; i++) Test.decode(Test.encode(BENCH_OBJECT));
  Test.create(BENCH_OBJECT).free();
  const memory = codecs.memory.buffer.byteLength;
  const heap = codecs.heapUsed();
  for (let i = 0; i < 500000; i++) {
    Test.decode(bytes);
    Test.encode(BENCH_OBJECT);
  }
  assert.equal(codecs.heapUsed(), heap);
  for (let i = 0; i < 20000; i++) Test.create(BENCH_OBJECT).free();
  assert.equal(codecs.heapUsed(), heap);
  const leaked = Test.create(BENCH_OBJECT);
  assert.ok(codecs.heapUsed() > heap, "the check sees one live message");
  leaked.free();
  assert.equal(codecs.heapUsed(), heap);
  assert.equal(codecs.memory.buffer.byteLength, memory);
});

test("the classic script works without modules (file:// pages): globalThis.wirelensCodecs.bench", async () => {
  const context = vm.createContext({ TextDecoder, TextEncoder, WebAssembly, atob, FinalizationRegistry });
  vm.runInContext(readFileSync(join(CODECS_DIR, "bench.wl.classic.js"), "utf8"), context);
  const { Test } = await context.wirelensCodecs.bench.load();
  assert.equal(hex(Test.encode(BENCH_OBJECT)), BENCH_HEX);
});

test("the FinalizationRegistry frees resident messages that were never freed", async () => {
  assert.equal(typeof globalThis.gc, "function", "run with node --expose-gc");
  const codecs = await load();
  const { Test } = codecs;
  Test.create(BENCH_OBJECT).free();
  const heap = codecs.heapUsed();
  (() => {
    for (let i = 0; i < 1000; i++) Test.create(BENCH_OBJECT);
  })();
  assert.ok(codecs.heapUsed() > heap);
  for (let attempt = 0; attempt < 50 && codecs.heapUsed() > heap; attempt++) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.equal(codecs.heapUsed(), heap);
});
