// JSON and text format through the JS API (a codec built with formats: the conformance codec):
// objects and resident messages to JSON / text and back, the option names, errors, and a codec
// built without them saying so. The conformance runner checks the formats themselves (3213 tests).
import { test } from "node:test";
import assert from "node:assert/strict";
import { importCodec } from "./built_codecs.mjs";

const conformance = await importCodec("conformance");
const { FormatError, InputError } = conformance;
const codecs = await conformance.load({ int64: "string" });
const { TestAllTypesProto3: T3, TestAllTypesProto2: T2 } = codecs;

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

test("a codec built without formats says so", async () => {
  const bench = await importCodec("bench");
  const { Test } = await bench.load();
  assert.throws(() => Test.toJson({}), bench.WirelensError);
  assert.throws(() => Test.toJson({}), /Test: this codec has no JSON or text format/);
  assert.throws(() => Test.fromText(""), /build it with formats/);
});
