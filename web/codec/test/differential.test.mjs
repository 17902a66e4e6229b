// The JS API against protobuf.js (reflection, from the same .proto files): random objects encode
// to the same bytes, and each side decodes the other's bytes to the same object; and against the
// generated C++ class (a resident message): the same bytes, and its getters (which read the C++
// message in place) the same values as decode(), field for field.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import protobuf from "protobufjs";
import { importCodec, REPO } from "./built_codecs.mjs";
import { rng, randomObject, normalize } from "./random_objects.mjs";

const PROTOBUF_SRC = process.env.WIRELENS_PROTOBUF_SRC;
const COUNT = Number(process.env.WIRELENS_JS_DIFF_OBJECTS ?? 1000);

// Absent, null and default values dropped: protobuf.js and we differ only in how absence looks.
function meaningful(value) {
  if (Array.isArray(value)) return value.map(meaningful);
  if (value === null || typeof value !== "object") return value;
  const out = {};
  for (const [k, raw] of Object.entries(value)) {
    const v = meaningful(raw);
    const isEmpty =
      v === null ||
      v === 0 ||
      v === "" ||
      v === false ||
      v === "0" ||
      v === "bytes:" ||
      (Array.isArray(v) && v.length === 0) ||
      (typeof v === "object" && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);
    if (!isEmpty) out[k] = v;
  }
  return out;
}
const comparable = (o) => meaningful(normalize(o));

const isResident = (v) => v !== null && typeof v === "object" && typeof v.toObject === "function";
/**
 * Every field of resident message `r` read through its getters, shaped like `like` (decode()'s
 * object for the same bytes); has<Name>() is checked against the getter on the way.
 */
function viaGetters(r, like) {
  const out = {};
  for (const key of Object.keys(like)) {
    if (key === "$unknown") continue;
    const v = r[key];
    const has = r[`has${key[0].toUpperCase()}${key.slice(1)}`];
    if (typeof has === "function") assert.equal(has.call(r), v !== null, `has of ${key}`);
    if (Array.isArray(v)) out[key] = v.map((e, i) => (isResident(e) ? viaGetters(e, like[key][i]) : e));
    else out[key] = isResident(v) ? viaGetters(v, like[key]) : v;
  }
  return out;
}
function withoutUnknown(o) {
  if (Array.isArray(o)) return o.map(withoutUnknown);
  if (o === null || typeof o !== "object" || o instanceof Uint8Array) return o;
  const out = {};
  for (const [k, v] of Object.entries(o)) if (k !== "$unknown") out[k] = withoutUnknown(v);
  return out;
}

async function differential(t, codecName, protoFile, includeDirs, typeNames, { sameBytes }) {
  const codecs = await (await importCodec(codecName)).load({ int64: "string" });
  // The same codec encoding in parts wherever it can: after each element of a root-level
  // repeated message field (runtime.js, restartRoot).
  const inParts = await (await importCodec(codecName)).load({ int64: "string", segmentWords: 1 });
  const root = new protobuf.Root();
  root.resolvePath = (origin, target) => {
    const found = includeDirs.map((dir) => join(dir, target)).find(existsSync);
    return found ?? protobuf.util.path.resolve(origin, target);
  };
  root.loadSync(protoFile, { keepCase: false });
  const random = rng(20261130);
  for (const typeName of typeNames) {
    await t.test(typeName, () => {
      const theirs = root.lookupType(typeName);
      const ours = codecs.byFullName.get(typeName);
      for (let i = 0; i < COUNT; i++) {
        const object = randomObject(theirs, random);
        const ourBytes = ours.encode(object);
        const partBytes = inParts.byFullName.get(typeName).encode(object);
        assert.equal(
          Buffer.from(partBytes).toString("hex"),
          Buffer.from(ourBytes).toString("hex"),
          `object ${i} in parts`,
        );
        // The from-JS encoder writes bytes from the tape; a resident message is the generated C++
        // class filled from the same tape: the two must agree byte for byte (map order included).
        const resident = ours.create(object);
        assert.equal(
          Buffer.from(resident.encode()).toString("hex"),
          Buffer.from(ourBytes).toString("hex"),
          `object ${i}`,
        );
        const decoded = ours.decode(ourBytes);
        assert.deepEqual(viaGetters(resident, decoded), withoutUnknown(decoded), `object ${i}: resident getters`);
        assert.deepEqual(resident.toObject(), decoded, `object ${i}: toObject(), read in place`);
        resident.free();
        const theirBytes = theirs.encode(theirs.fromObject(object)).finish();
        if (sameBytes)
          assert.equal(Buffer.from(ourBytes).toString("hex"), Buffer.from(theirBytes).toString("hex"), `object ${i}`);
        const theirView = theirs.toObject(theirs.decode(ourBytes), { longs: String, enums: Number });
        assert.deepEqual(comparable(ours.decode(theirBytes)), comparable(theirView), `object ${i}`);
        assert.deepEqual(comparable(ours.decode(ourBytes)), comparable(object), `object ${i} round trip`);
      }
    });
  }
}

test("bench.proto: same bytes as protobuf.js both ways", (t) =>
  differential(t, "bench", join(REPO, "bench_cases/bench/bench.proto"), [], ["Test"], { sameBytes: true }));

test("partialSketch.proto: same bytes as protobuf.js both ways", (t) =>
  differential(
    t,
    "partialSketch",
    join(REPO, "bench_cases/partialSketch/partialSketch.proto"),
    [],
    ["partialsketch.Layer"],
    { sameBytes: true },
  ));

test(
  "test_messages_proto3/proto2 (maps, oneofs, every type): decode-equal with protobuf.js",
  { skip: !PROTOBUF_SRC && "WIRELENS_PROTOBUF_SRC not set" },
  (t) =>
    differential(
      t,
      "conformance",
      ["proto3", "proto2"].map((v) => join(PROTOBUF_SRC, `src/google/protobuf/test_messages_${v}.proto`)),
      [join(PROTOBUF_SRC, "src")],
      ["protobuf_test_messages.proto3.TestAllTypesProto3", "protobuf_test_messages.proto2.TestAllTypesProto2"],
      { sameBytes: false },
    ),
);
