// Strings from wasm to JS: every string of a tape is a cut of one of two texts decoded once per
// call (ASCII, UTF-16; core/jsbind/tape.h TapeWriter::Text), or raw UTF-8 decoded on its own
// (proto2 strings that are not UTF-8). These tests put strings of every kind side by side, so a
// cut that is off by one unit shows in a neighbour.
import { test } from "node:test";
import assert from "node:assert/strict";
import { importCodec } from "./built_codecs.mjs";

const { load } = await importCodec("conformance");
const codecs = await load();
const Proto3 = codecs.byFullName.get("protobuf_test_messages.proto3.TestAllTypesProto3");
const Proto2 = codecs.byFullName.get("protobuf_test_messages.proto2.TestAllTypesProto2");

const MIXED = [
  "",
  "a",
  "ascii only",
  "é",
  "héllo wörld",
  "😀",
  "a😀b",
  "😀😀",
  "中文",
  "x".repeat(33),
  "ü".repeat(40),
  "🚀".repeat(20) + "tail",
  "",
  "end",
];

test("strings of every kind side by side decode to themselves (decode, map keys and values, resident)", () => {
  const object = {
    optionalString: "é😀 first",
    repeatedString: MIXED,
    mapStringString: Object.fromEntries(MIXED.map((s, i) => [`${s}#${i}`, MIXED[MIXED.length - 1 - i]])),
    optionalNestedMessage: { corecursive: { optionalString: "nested 😀", repeatedString: ["a", "ß", ""] } },
  };
  const decoded = Proto3.decode(Proto3.encode(object));
  assert.equal(decoded.optionalString, object.optionalString);
  assert.deepEqual(decoded.repeatedString, MIXED);
  assert.deepEqual(decoded.mapStringString, object.mapStringString);
  assert.equal(decoded.optionalNestedMessage.corecursive.optionalString, "nested 😀");
  assert.deepEqual(decoded.optionalNestedMessage.corecursive.repeatedString, ["a", "ß", ""]);
  const resident = Proto3.create(object);
  assert.deepEqual(resident.repeatedString, MIXED);
  assert.equal(resident.optionalString, object.optionalString);
  resident.free();
});

test("each call decodes its own texts: a second decode does not see the first one's strings", () => {
  const first = Proto3.decode(Proto3.encode({ repeatedString: ["abc", "ñ"] }));
  const second = Proto3.decode(Proto3.encode({ repeatedString: ["xyz", "ø", "😀"] }));
  assert.deepEqual(first.repeatedString, ["abc", "ñ"]);
  assert.deepEqual(second.repeatedString, ["xyz", "ø", "😀"]);
});

test("proto2 strings that are not UTF-8 decode as TextDecoder does, between well-formed ones", () => {
  // repeated_string (field 44): "ok", ff 61, "😀", c3 (truncated), "é"
  const items = [
    Buffer.from("ok"),
    Buffer.from([0xff, 0x61]),
    Buffer.from("😀"),
    Buffer.from([0xc3]),
    Buffer.from("é"),
  ];
  const bytes = Buffer.concat(items.flatMap((b) => [Buffer.from([0xe2, 0x02, b.length]), b]));
  const decoded = Proto2.decode(bytes);
  const utf8 = new TextDecoder();
  assert.deepEqual(
    decoded.repeatedString,
    items.map((b) => utf8.decode(b)),
  );
  assert.equal(decoded.repeatedString[1], "\uFFFDa");
});

test("a large message: 50,003 strings, 16 MB of text, cut after wasm memory grew", () => {
  const big = "é".repeat(3_000_000); // 6 MB of UTF-8, 3M units
  const ascii = "q".repeat(5_000_000);
  const many = Array.from({ length: 50_000 }, (_, i) => (i % 3 === 0 ? `ß${i}` : `k${i}`));
  const decoded = Proto3.decode(Proto3.encode({ repeatedString: [ascii, ...many, big, "😀"] }));
  assert.equal(decoded.repeatedString.length, many.length + 3);
  assert.equal(decoded.repeatedString[0], ascii);
  assert.deepEqual(decoded.repeatedString.slice(1, many.length + 1), many);
  assert.equal(decoded.repeatedString[many.length + 1], big);
  assert.equal(decoded.repeatedString[many.length + 2], "😀");
});

// Resident getters decode short non-ASCII strings in JS in browsers (runtime.js utf8Short); under
// Node only when asked (shortUtf8), so that this test runs the browsers' path against TextDecoder.
test("resident strings decoded in JS equal TextDecoder's on 20,000 well- and ill-formed UTF-8 byte strings", async () => {
  // Buffer's decoder counted: the codec takes it at load, and must not call it for these strings.
  const utf8Slice = Buffer.prototype.utf8Slice;
  let sliced = 0;
  Buffer.prototype.utf8Slice = function (...args) {
    sliced++;
    return utf8Slice.apply(this, args);
  };
  const codecs = await load({ shortUtf8: 64 }).finally(() => (Buffer.prototype.utf8Slice = utf8Slice));
  const inJs = codecs.byFullName.get("protobuf_test_messages.proto2.TestAllTypesProto2");
  const message = inJs.create();
  const utf8 = new TextDecoder();
  // Lead bytes at and past each boundary, continuation bytes at their ends, and whole code points.
  const EDGES = [0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef];
  EDGES.push(0xf0, 0xf4, 0xf5, 0xff);
  const POINTS = ["é", "ß", "中", "\u07ff", "\u0800", "\uffff", "😀", "\u{10ffff}", "\u{10000}"].map((s) => [
    ...Buffer.from(s),
  ]);
  let seed = 46;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  let nonAscii = 0;
  for (let k = 0; k < 20000; k++) {
    const bytes = [];
    for (let length = random(72); bytes.length < length;) {
      const pick = random(3);
      if (pick === 0) bytes.push(EDGES[random(EDGES.length)]);
      else if (pick === 1) bytes.push(...POINTS[random(POINTS.length)]);
      else bytes.push(0x20 + random(0x5f));
    }
    if (bytes.some((b) => b >= 0x80) && bytes.length <= 64) nonAscii++;
    // optional_string (field 14), unvalidated in proto2.
    const wire = Uint8Array.from([0x72, bytes.length, ...bytes]);
    const expected = utf8.decode(Uint8Array.from(bytes));
    assert.equal(message.decode(wire).optionalString, expected, `bytes ${Buffer.from(bytes).toString("hex")}`);
  }
  assert.ok(nonAscii > 15000, `${nonAscii} non-ASCII of at most 64 bytes`);
  assert.ok(sliced < 20000 - nonAscii, `Buffer's decoder called ${sliced} times`);
  message.free();
});
