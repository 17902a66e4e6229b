// JSON and text format through the JS API (a codec built with formats: the conformance codec):
// objects and resident messages to JSON / text and back, the option names, errors, and a codec
// built without them saying so. The conformance runner checks the formats themselves (3213 tests).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import protobuf from "protobufjs";
import { importCodec, REPO } from "./built_codecs.mjs";
import { rng, randomObject } from "./random_objects.mjs";

const conformance = await importCodec("conformance");
const { FormatError, InputError } = conformance;
const codecs = await conformance.load({ int64: "string" });
// By full name: the conformance codec holds these messages' editions forms too, which share their
// short names (README: two such codecs are named with their package first).
const T3 = codecs.byFullName.get("protobuf_test_messages.proto3.TestAllTypesProto3");
const T2 = codecs.byFullName.get("protobuf_test_messages.proto2.TestAllTypesProto2");

test("objects and resident messages to JSON and back", () => {
  const object = {
    optionalInt32: -5,
    optionalInt64: "1234567890123",
    optionalString: 'a"b ü 😀',
    optionalBytes: new Uint8Array([0, 255]),
    optionalNestedMessage: { a: 7 },
    repeatedString: ["x"],
    mapStringString: { k: "v" },
    optionalNestedEnum: 2,
  };
  const json =
    '{"optionalInt32":-5,"optionalInt64":"1234567890123","optionalString":"a\\"b ü 😀","optionalBytes":"AP8=",' +
    '"optionalNestedMessage":{"a":7},"optionalNestedEnum":"BAZ","repeatedString":["x"],"mapStringString":{"k":"v"}}';
  assert.equal(T3.toJson(object), json);
  const back = T3.fromJson(json);
  assert.deepEqual(T3.encode(back), T3.encode(object));
  const resident = T3.create(object);
  assert.equal(resident.toJson(), json);
  assert.equal(T3.toJson(resident), json);
  resident.free();
  assert.deepEqual(T3.fromJson('{"optional_int32": 3}').optionalInt32, 3); // the field's own name
  // @bufbuild/protobuf's write options.
  const options = { useProtoFieldName: true, enumAsInteger: true };
  assert.equal(T3.toJson({ optionalNestedEnum: 2 }, options), '{"optional_nested_enum":2}');
  const all = T3.toJson({}, { alwaysEmitImplicit: true });
  assert.match(all, /^\{"optionalInt32":0,"optionalInt64":"0",/);
  assert.match(all, /"repeatedInt32":\[\],/);
  assert.equal(T3.encode(T3.fromJson(all)).length, 0);
});

test("JSON errors: FormatError with position and path; ignoreUnknownFields", () => {
  assert.throws(() => T3.fromJson('{"repeatedInt32": [1, "x"]}'), {
    name: "FormatError",
    message: "1:23: repeatedInt32[1]: expected an integer",
  });
  assert.throws(() => T3.fromJson('{"nope": 1}'), FormatError);
  assert.equal(T3.fromJson('{"nope": 1, "optionalBool": true}', { ignoreUnknownFields: true }).optionalBool, true);
  assert.throws(() => T3.fromJson(7), InputError);
  // No JSON form: an Any of a type outside the schema.
  assert.throws(() => T3.toJson({ optionalAny: { typeUrl: "type.googleapis.com/no.Such", value: new Uint8Array() } }), {
    name: "FormatError",
    message: "google.protobuf.Any of a type not in the schema: type.googleapis.com/no.Such",
  });
  // A resident message of another type.
  const other = T2.create();
  assert.throws(() => T3.toJson(other), InputError);
  other.free();
});

test("an Any holds any message type of the codec: its files are the type registry", () => {
  const url = "type.googleapis.com/protobuf_test_messages.proto2.TestAllTypesProto2";
  const packed = T2.encode({ optionalInt32: 5 });
  const json = T3.toJson({ optionalAny: { typeUrl: url, value: packed } });
  assert.equal(json, `{"optionalAny":{"@type":"${url}","optionalInt32":5}}`);
  assert.deepEqual(T3.fromJson(json).optionalAny, { typeUrl: url, value: packed });
});

test("text format both ways, unknown fields printed unless asked not to, proto2 extensions", () => {
  const object = T3.fromText("optional_int32: 1 reserved_field: { a: [1, 2] } optional_float: 1e50");
  assert.equal(object.optionalInt32, 1);
  assert.equal(object.optionalFloat, Infinity);
  const withUnknown = { ...object, $unknown: new Uint8Array([0x98, 0x3f, 0x01]) }; // field 1011: 1
  assert.equal(T3.toText(withUnknown), "optional_int32: 1\noptional_float: inf\n1011: 1\n");
  assert.equal(T3.toText(withUnknown, { printUnknownFields: false }), "optional_int32: 1\noptional_float: inf\n");
  assert.throws(() => T3.fromText("optional_float: 012"), FormatError);
  const extended = T2.fromText("[protobuf_test_messages.proto2.extension_int32]: 5");
  assert.equal(T2.toJson(extended), '{"[protobuf_test_messages.proto2.extension_int32]":5}');
});

// toJson of a plain object prints from the tape JS wrote (core/jsbind/tape_json.h); of a resident
// message, from its bytes (the printer of core/format): the two must print the same text.
test("JSON from the tape equals JSON from the bytes: random objects of every field shape", async () => {
  const tapeJson = await (await importCodec("tape_json")).load({ int64: "string" });
  const protos = join(REPO, "web/codec/test/protos");
  const root = new protobuf.Root().loadSync([join(protos, "tape_json3.proto"), join(protos, "tape_json2.proto")]);
  const random = rng(20261203);
  const optionSets = [undefined, { enumAsInteger: true }, { useProtoFieldName: true }];
  for (const name of ["tapejson.Tree", "tapejson.Scalars", "tapejson.Lists", "tapejson.Maps", "tapejson.Proto2"]) {
    const theirs = root.lookupType(name);
    const ours = tapeJson.byFullName.get(name);
    for (let i = 0; i < 400; i++) {
      const object = randomObject(theirs, random);
      const resident = ours.create(object);
      for (const options of optionSets) {
        assert.equal(ours.toJson(object, options), resident.toJson(options), `${name} object ${i}`);
      }
      resident.free();
    }
  }
  // Most of them printed in JS (j_*), the rest (closed enums' undefined numbers, map keys JS
  // orders otherwise) from the tape: both paths compared.
  assert.ok(tapeJson.printedInJs() > 3000, `${tapeJson.printedInJs()} of 6000 printed in JS`);
});

// toJson of a plain object is printed in JS where the generated printer can (j_* in the codec's
// parts): numbers, strings and bytes exactly as the C++ printers write them.
test("JSON printed in JS equals the C++ printer's: number bit patterns, every code point", async () => {
  const tapeJsonModule = await importCodec("tape_json");
  const tapeJson = await tapeJsonModule.load({ int64: "string" });
  const { Lists, Scalars } = tapeJson;
  const random = rng(20261205);
  const bits = new DataView(new ArrayBuffer(8));
  const randomDouble = () => {
    bits.setUint32(0, Math.floor(random() * 2 ** 32));
    bits.setUint32(4, Math.floor(random() * 2 ** 32));
    return bits.getFloat64(0);
  };
  const randomFloat = () => {
    bits.setUint32(0, Math.floor(random() * 2 ** 32));
    return bits.getFloat32(0);
  };
  // Edges: subnormals, where %g turns exponential, 15/17 digits, exact ties at 17 and 9 digits
  // (which printf rounds to even and toExponential away from zero), integers past 2^53.
  const doubles = [
    5e-324,
    -2.2250738585072014e-308,
    2.2250738585072014e-308,
    1e-5,
    1e-4,
    0.0001234,
    0.00001234,
    1e15,
    1e16,
    999999999999999,
    123456789012345680,
    1e21,
    1.7976931348623157e308,
    7.99999237060546875,
    7.999992370605469,
    10.0000152587890625,
    10.0000762939453125,
    1234567890123445,
    2 ** 60,
    0.1 + 0.2,
    -0,
    0,
    NaN,
    Infinity,
    -Infinity,
    2 ** -13,
    1 / 3,
  ];
  const floats = [
    2 ** -13,
    2 ** -149,
    1.1754943508222875e-38,
    1.1754942106924411e-38,
    3.4028234663852886e38,
    16777216,
    999999,
    1e6,
    123456.5,
    0.1,
    1 / 3,
    -0,
    NaN,
    Infinity,
    -1e-45,
  ];
  const same = (T, object) => {
    const before = tapeJson.printedInJs();
    const json = T.toJson(object);
    assert.equal(tapeJson.printedInJs(), before + 1, "printed in JS");
    const resident = T.create(object);
    assert.equal(json, resident.toJson());
    resident.free();
  };
  // Short decimals, as most data holds (the printers' short decimal search).
  const shortDecimal = () => Math.round(random() * 1e7) / 10 ** Math.floor(random() * 30 - 8);
  same(Lists, { rDouble: doubles, rFloat: floats });
  for (let i = 0; i < 100; i++) {
    same(Lists, {
      rDouble: Array.from({ length: 200 }, randomDouble).concat(Array.from({ length: 200 }, shortDecimal)),
      rFloat: Array.from({ length: 200 }, randomFloat).concat(Array.from({ length: 200 }, shortDecimal)),
    });
    same(Scalars, {
      fDouble: randomDouble(),
      fFloat: randomFloat(),
      fInt64: String(BigInt.asIntN(64, BigInt(i) << 57n)),
    });
  }
  // Every code point once (escapes, invisible characters, astral ones as surrogate pairs).
  const strings = [];
  for (let cp = 0; cp < 0x110000; cp += 512) {
    let s = "";
    for (let c = cp; c < cp + 512; c++) if (c < 0xd800 || c >= 0xe000) s += String.fromCodePoint(c);
    strings.push(s);
  }
  for (let i = 0; i < strings.length; i += 32) same(Lists, { rString: strings.slice(i, i + 32) });
  same(Lists, { rBytes: [new Uint8Array(0), new Uint8Array([1]), new Uint8Array([1, 2])] });
  // A list past JS_JSON_LIMIT's 2^18 characters is printed by C++ (the JS printer leaves it).
  const large = { rString: strings };
  const printed = tapeJson.printedInJs();
  const resident = Lists.create(large);
  assert.equal(Lists.toJson(large), resident.toJson());
  resident.free();
  assert.equal(tapeJson.printedInJs(), printed);
  same(Scalars, { fString: '<a href="x">\\</a>', fBytes: Uint8Array.from({ length: 256 }, (_, i) => i) });
  // Values the writer refuses leave to the tape, which throws the InputError.
  const before = tapeJson.printedInJs();
  assert.throws(() => Scalars.toJson({ fString: "\ud800" }), tapeJsonModule.InputError);
  assert.throws(() => Scalars.toJson({ fInt32: 1.5 }), tapeJsonModule.InputError);
  assert.equal(tapeJson.printedInJs(), before);
});

test("JSON from the tape: closed enum numbers left out, map keys in order, unknown fields", async () => {
  const { Proto2, Maps, Scalars } = await (await importCodec("tape_json")).load({ int64: "string" });
  const same = (T, object, expected) => {
    const resident = T.create(object);
    assert.equal(resident.toJson(), expected);
    resident.free();
    assert.equal(T.toJson(object), expected);
  };
  // A closed enum's undefined number is an unknown field: the member, the element, the entry go.
  same(
    Proto2,
    { closed: 7, closedList: [1, 7, 2], closedPacked: [7], closedMap: { a: 7, b: 2 }, zeroInt32: 0 },
    '{"closedList":["ONE","TWO"],"closedMap":{"b":"TWO"},"zeroInt32":0}',
  );
  // Map entries by key: numbers by value (negative first), strings bytewise.
  same(
    Maps,
    { int32Int32: { 5: 1, "-3": 2, 0: 3 }, stringString: { b: "1", a: "2", "": "3", é: "4", B: "5" } },
    '{"stringString":{"":"3","B":"5","a":"2","b":"1","é":"4"},"int32Int32":{"-3":2,"0":3,"5":1}}',
  );
  // Unknown fields: left out; but bytes holding a field the type knows print it (last one wins).
  same(Scalars, { fInt32: 1, $unknown: new Uint8Array([0x98, 0x3f, 0x01]) }, '{"fInt32":1}');
  same(Scalars, { fInt32: 1, $unknown: new Uint8Array([0x28, 0x09]) }, '{"fInt32":9}');
});

test("a codec built without formats says so", async () => {
  const bench = await importCodec("bench");
  const { Test } = await bench.load();
  assert.throws(() => Test.toJson({}), bench.WirelensError);
  assert.throws(() => Test.toJson({}), /Test: this codec has no JSON or text format/);
  assert.throws(() => Test.fromText(""), /build it with formats/);
  assert.throws(() => Test.fromJson("{}"), /Test: this codec has no JSON or text format/);
});
