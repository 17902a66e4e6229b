// Hostile bytes through the JS API (the wasm codec under Node): more than 10,000 malformed payloads
// made from real ones (truncations, bit flips and wire-type changes at every byte or at 1,000 random
// ones, overlong varints, huge lengths, deep nests). Every one either decodes, to an object that round-trips, or
// throws a DecodeError with a known kind and an offset inside the input; from-JS and resident
// decodes agree; nothing else is thrown, and the wasm heap is where it was afterwards.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import protobuf from "protobufjs";
import { importCodec } from "./built_codecs.mjs";
import { rng, randomObject } from "./random_objects.mjs";
import { generatePartialSketch } from "../../../bench_cases/partialSketch/generator.mjs";

const PROTOBUF_SRC = process.env.WIRELENS_PROTOBUF_SRC;
const KINDS = new Set([
  "truncated",
  "varint_too_long",
  "bad_wire_type",
  "bad_field_number",
  "length_past_end",
  "unmatched_group_end",
  "depth_exceeded",
  "wire_type_mismatch",
  "invalid_utf8",
  "limit_exceeded",
]);

/**
 * Malformed variants of `bytes`, seeded: truncations, bit flips, wire types, varints, lengths at
 * every byte, or at `positions` random bytes of a longer payload.
 */
function* malformed(bytes, random, positions = 1000) {
  const at = (i, ...insert) => Uint8Array.from([...bytes.subarray(0, i), ...insert, ...bytes.subarray(i)]);
  const every = bytes.length <= positions;
  for (let k = 0; k < Math.min(bytes.length, positions); k++) {
    const i = every ? k : Math.floor(random() * bytes.length);
    yield bytes.subarray(0, i);
    const flipped = bytes.slice();
    flipped[i] ^= 1 << Math.floor(random() * 8);
    yield flipped;
    const rewired = bytes.slice();
    rewired[i] ^= 1 + Math.floor(random() * 7); // a tag here gets another wire type
    yield rewired;
    if (random() < 0.1) yield at(i, ...Array(10).fill(0xff), 0x01); // an 11-byte varint
    if (random() < 0.1) yield at(i, 0xff, 0xff, 0xff, 0xff, 0x0f); // a length of 4 GB
  }
}

/** `depth` nested copies of a length-delimited field `tag` (one or two bytes) around `inner`. */
function nest(tag, depth, inner = new Uint8Array(0)) {
  const prefixes = []; // innermost first
  let length = inner.length;
  for (let i = 0; i < depth; i++) {
    const prefix = [...tag];
    for (let n = length; ; n >>>= 7) {
      if (n < 0x80) {
        prefix.push(n);
        break;
      }
      prefix.push((n & 0x7f) | 0x80);
    }
    prefixes.push(prefix);
    length += prefix.length;
  }
  return Uint8Array.from([...prefixes.reverse().flat(), ...inner]);
}

function outcome(decode) {
  try {
    return { value: decode() };
  } catch (error) {
    return { error };
  }
}

/** Runs one payload through `Type` (from-JS and resident); returns true when it was malformed. */
function check(DecodeError, Type, bytes, what) {
  const plain = outcome(() => Type.decode(bytes));
  const message = Type.create();
  const resident = outcome(() => message.decode(bytes).toObject());
  message.free();
  if (plain.error) {
    const e = plain.error;
    assert.ok(e instanceof DecodeError, `${what}: ${e.stack}`);
    assert.ok(KINDS.has(e.kind), `${what}: kind ${e.kind}`);
    assert.ok(Number.isInteger(e.offset) && e.offset >= 0 && e.offset <= bytes.length, `${what}: offset ${e.offset}`);
    assert.ok(resident.error, `${what}: resident decode accepted what decode refused`);
    assert.deepEqual([resident.error.kind, resident.error.offset], [e.kind, e.offset], what);
    return true;
  }
  assert.ok(!resident.error, `${what}: resident decode refused: ${resident.error?.message}`);
  assert.deepEqual(resident.value, plain.value, what);
  assert.deepEqual(Type.decode(Type.encode(plain.value)), plain.value, `${what}: round trip`);
  return false;
}

test("10,000+ malformed payloads: DecodeError with kind and offset, or a round-tripping object", async () => {
  const random = rng(7);
  const bases = []; // [label, codec module, codecs, Type, bytes, tag of a recursive field]
  const benchModule = await importCodec("bench");
  const bench = await benchModule.load();
  bases.push([
    "bench",
    benchModule,
    bench,
    bench.Test,
    bench.Test.encode({
      string: "Lorem ipsum dolor sit amet.",
      uint32: 9000,
      float: 0.25,
      inner: {
        int32: 20161110,
        innerInner: { long: 649545084044315n, enum: 2, sint32: -42 },
        outer: { bool: [true, false, true], double: 204.8 },
      },
    }),
    null,
  ]);
  const sketchModule = await importCodec("partialSketch");
  const sketch = await sketchModule.load();
  const Layer = sketch.byFullName.get("partialsketch.Layer");
  bases.push(["partialSketch", sketchModule, sketch, Layer, Layer.encode(generatePartialSketch(3, 1)), [0x8a, 0x01]]);
  if (PROTOBUF_SRC) {
    const conformanceModule = await importCodec("conformance");
    const conformance = await conformanceModule.load({ int64: "string" });
    const root = new protobuf.Root();
    root.resolvePath = (origin, target) => join(PROTOBUF_SRC, "src", target);
    for (const v of ["proto3", "proto2"]) {
      root.loadSync(`google/protobuf/test_messages_${v}.proto`, { keepCase: false });
      const name = `protobuf_test_messages.${v}.TestAllTypes${v === "proto3" ? "Proto3" : "Proto2"}`;
      const Type = conformance.byFullName.get(name);
      for (let i = 0; i < 2; i++)
        bases.push([
          `${name} #${i}`,
          conformanceModule,
          conformance,
          Type,
          Type.encode(randomObject(root.lookupType(name), random)),
          [0xda, 0x01],
        ]);
    }
  }
  let payloads = 0,
    refused = 0;
  for (const [label, { DecodeError }, codecs, Type, bytes, nestedTag] of bases) {
    const variants = [...malformed(bytes, random)];
    if (nestedTag) variants.push(nest(nestedTag, 150), nest(nestedTag, 20000), nest(nestedTag, 99, bytes));
    let index = 0;
    for (const variant of variants) {
      refused += +check(DecodeError, Type, variant, `${label}, variant ${index++}`);
      payloads++;
    }
    // A second pass over the same payloads allocates nothing more: the reused decode message and
    // buffers have grown to fit them, and nothing was lost on an error path.
    const heap = codecs.heapUsed();
    for (const variant of variants) check(DecodeError, Type, variant, label);
    assert.equal(codecs.heapUsed(), heap, `${label}: wasm heap after ${variants.length} malformed payloads again`);
    if (nestedTag) {
      // Past the depth limit of 100: refused where the 101st level starts, without recursing on.
      const deep = nest(nestedTag, 20000);
      assert.throws(
        () => Type.decode(deep),
        (/** @type {any} */ e) => e.kind === "depth_exceeded" && e.offset === 100 * (nestedTag.length + 3),
      );
    }
    assert.deepEqual(Type.decode(bytes), Type.decode(Type.encode(Type.decode(bytes))), `${label}: still decodes`);
  }
  console.log(`${payloads} payloads from ${bases.length} real ones: ${refused} refused, ${payloads - refused} decoded`);
  assert.ok(payloads >= 10000, `${payloads} payloads`);
  assert.ok(refused > payloads / 4 && refused < payloads, `${refused} refused`);
});
