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
