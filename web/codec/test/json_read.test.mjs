// fromJson read in JS (the generated p_* readers, web/codec/runtime_json_read.js) against the C++
// JSON reader (the table-driven codec built with formats, which has no JS reader, compiled from the
// same .proto files): JSON printed from random objects, the same JSON mutated at random, and edge
// cases of every value form give the same object or both fail. A failure is always the C++ one
// (FormatError with line, column and path): the JS reader leaves what it does not read to wasm.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import protobuf from "protobufjs";
import { importCodec, REPO } from "./built_codecs.mjs";
import { rng, randomObject, normalize } from "./random_objects.mjs";

const PROTOC_36 = join(REPO, "node_modules/protoc/bin/protoc-linux-x86_64");
const PROTOC = existsSync(PROTOC_36) ? PROTOC_36 : "protoc";
const PROTOS = join(REPO, "web/codec/test/protos");
const FILES = ["tape_json3.proto", "tape_json2.proto"];
const TYPES = ["tapejson.Tree", "tapejson.Scalars", "tapejson.Lists", "tapejson.Maps", "tapejson.Proto2"];

async function codecs(int64) {
  const options = int64 === "long" ? { int64, Long: protobuf.util.Long } : { int64 };
  const generated = await (await importCodec("tape_json")).load(options);
  const table = await (await importCodec("table_formats")).load(options);
  const set = join(mkdtempSync(join(tmpdir(), "wirelens-json-read-")), "set.pb");
  execFileSync(PROTOC, ["--include_imports", `--descriptor_set_out=${set}`, `-I${PROTOS}`, ...FILES]);
  return { generated, compiled: table.compile(new Uint8Array(readFileSync(set))) };
}

/** The object fromJson gives (normalized), or the error it throws as { name, message }. */
function outcome(codec, json, options) {
  try {
    return { object: normalize(codec.fromJson(json, options)) };
  } catch (e) {
    return { name: e.name, message: e.message };
  }
}

// Edits a JSON text at random: a character dropped, doubled or replaced; a number or string
// swapped for a hostile one; a member repeated.
const HOSTILE = [
  "1e2",
  "1.0",
  "-0",
  "-0.0",
  "1e400",
  "-1e400",
  "1e-400",
  "0.1",
  "01",
  "2147483648",
  "-2147483649",
  "4294967296",
  "9007199254740993",
  '"9223372036854775807"',
  '"9223372036854775808"',
  "18446744073709551615",
  '"18446744073709551616"',
  '"-9223372036854775808"',
  "3.4028235e38",
  "3.4028236e38",
  "3.5e38",
  '"NaN"',
  '"Infinity"',
  '"-Infinity"',
  '"1e5"',
  '" 1"',
  '"0x10"',
  "null",
  "true",
  "[]",
  "{}",
  '"AP8="',
  '"AP8"',
  '"A"',
  '"AP-_"',
  '"AP 8="',
  '"QQ==QQ=="',
  '"\\ud800"',
  '"\\udc00"',
  '"\\ud83d\\ude00"',
  '"\ud800"',
  '"\\u00e9"',
  '"\\/\\b"',
  '"\\x"',
  '"RED"',
  '"BLUE"',
  '"NOPE"',
  "7",
  "-1",
  '"1"',
];
function mutate(json, random) {
  const at = Math.floor(random() * json.length);
  switch (Math.floor(random() * 5)) {
    case 0:
      return json.slice(0, at) + json.slice(at + 1);
    case 1:
      return json.slice(0, at) + json[at] + json.slice(at);
    case 2:
      return json.slice(0, at) + '{}[],:"0 \\'[Math.floor(random() * 12)] + json.slice(at + 1);
    case 3: {
      const value = /:(-?[\d.eE+]+|"[^"]*"|true|false|null)/g;
      const matches = [...json.matchAll(value)];
      if (matches.length === 0) return json;
      const m = matches[Math.floor(random() * matches.length)];
      const hostile = HOSTILE[Math.floor(random() * HOSTILE.length)];
      return json.slice(0, m.index + 1) + hostile + json.slice(m.index + m[0].length);
    }
    default: {
      const member = /"(\w+)":/g;
      const matches = [...json.matchAll(member)];
      if (matches.length === 0) return json;
      const m = matches[Math.floor(random() * matches.length)];
      return json.slice(0, m.index) + `"${m[1]}":null,` + json.slice(m.index);
    }
  }
}

for (const int64 of ["string", "bigint", "number", "long"]) {
  test(`fromJson in JS gives what the C++ reader gives (int64 as ${int64})`, async () => {
    const { generated, compiled } = await codecs(int64);
    const root = new protobuf.Root().loadSync(FILES.map((f) => join(PROTOS, f)));
    const random = rng(20261206);
    const optionSets = [undefined, { enumAsInteger: true }, { useProtoFieldName: true }];
    let printed = 0,
      mutated = 0;
    for (const name of TYPES) {
      const ours = generated.byFullName.get(name);
      const theirs = compiled.byFullName.get(name);
      for (let i = 0; i < 300; i++) {
        const object = randomObject(root.lookupType(name), random);
        const json = ours.toJson(ours.decode(ours.encode(object)), optionSets[i % 3]);
        const before = generated.readInJs();
        assert.deepEqual(outcome(ours, json), outcome(theirs, json), `${name} ${i}: ${json}`);
        printed += generated.readInJs() - before;
        for (let k = 0; k < 6; k++) {
          const edited = mutate(json, random);
          const want = outcome(theirs, edited);
          assert.deepEqual(outcome(ours, edited), want, `${name} ${i}: ${edited}`);
          if (want.object) mutated++;
        }
      }
    }
    // Printed JSON is read in JS but for what only C++ reads (closed enums' unknown numbers).
    assert.ok(printed > 1400, `${printed} of 1500 printed texts read in JS`);
    assert.ok(mutated > 1000, `${mutated} mutated texts read`);
  });
}

test("fromJson in JS: every value form and error against the C++ reader", async () => {
  const { generated, compiled } = await codecs("string");
  const cases = [
    ["Scalars", '{"fInt32": 1, "fInt64": "-9223372036854775808", "fUint64": "18446744073709551615"}'],
    ["Scalars", '{"fInt32": "12", "fUint32": 4294967295, "fSint32": -2147483648, "fFixed64": 9007199254740991}'],
    ["Scalars", '{"fInt32": 1e2}'],
    ["Scalars", '{"fInt32": 1.5}'],
    ["Scalars", '{"fInt32": -0}'],
    ["Scalars", '{"fDouble": -0, "fFloat": -0.0}'],
    ["Scalars", '{"fFloat": 3.4028235e38}'],
    ["Scalars", '{"fFloat": 3.40282356e38}'],
    ["Scalars", '{"fFloat": 3.5e38}'],
    ["Scalars", '{"fDouble": 1e400}'],
    ["Scalars", '{"fDouble": "NaN", "fFloat": "-Infinity"}'],
    ["Scalars", '{"fDouble": "1.5e3"}'],
    ["Scalars", '{"fDouble": 0.30000000000000004, "fFloat": 0.1}'],
    ["Scalars", '{"fDouble": 123456789012345678901234567890e-10}'],
    ["Scalars", '{"fBytes": "AP8="}'],
    ["Scalars", '{"fBytes": "AP-_"}'],
    ["Scalars", '{"fBytes": "QQ==QQ=="}'],
    ["Scalars", '{"fBytes": "A"}'],
    ["Scalars", '{"fBytes": "AP 8="}'],
    ["Scalars", '{"fString": "a\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00"}'],
    ["Scalars", '{"fString": "\\ud800"}'],
    ["Scalars", '{"fString": "\\u00\u0010\u0011"}'],
    ["Scalars", '{"fString": "\\u00E9\\u00e9"}'],
    ["Scalars", '{"fString": "\ud800"}'],
    ["Scalars", '{"fString": "😀 é"}'],
    ["Scalars", '{"fString": "a\u0001"}'],
    ["Scalars", '{"fInt32": 1, "fInt32": 2}'],
    ["Scalars", '{"fInt32": 1, "f_int32": 2}'],
    ["Scalars", '{"f_int32": 2}'],
    ["Scalars", '{"fInt32": null, "fString": null}'],
    ["Scalars", '{"nope": 1}'],
    ["Scalars", '{"fInt32": 1,}'],
    ["Scalars", '{"fInt32": 1} x'],
    ["Scalars", ' \n{ "fBool" : true }\t'],
    ["Scalars", "[]"],
    ["Lists", '{"rInt32": [1, null]}'],
    ["Lists", '{"rInt32": null, "rString": []}'],
    ["Maps", '{"int32Int32": {"1": 2, "-0": 3, "01": 4}}'],
    ["Maps", '{"int32Int32": {"-5": 2, "2147483648": 3}}'],
    ["Maps", '{"int64String": {"-9223372036854775808": "a", "1": "b", "1": "c"}}'],
    ["Maps", '{"fixed32Bool": {"4294967295": true}, "boolMessage": {"true": {}, "false": {"fInt32": 1}}}'],
    ["Maps", '{"boolMessage": {"yes": {}}}'],
    ["Maps", '{"stringString": {"k": null}}'],
  ];
  const tree = (depth) => (depth === 0 ? "{}" : `{"children": [${tree(depth - 1)}]}`);
  cases.push(["Tree", tree(98)], ["Tree", tree(99)], ["Tree", tree(101)], ["Tree", '{"cInt32": 1, "cString": "x"}']);
  cases.push(["Tree", '{"cInt32": null, "cString": "x"}']);
  let read = 0; // cases read in JS
  for (const [name, json] of cases) {
    const full = `tapejson.${name}`;
    const want = outcome(compiled.byFullName.get(full), json);
    const before = generated.readInJs();
    assert.deepEqual(outcome(generated.byFullName.get(full), json), want, json);
    read += generated.readInJs() - before;
  }
  assert.ok(read >= 20, `${read} of ${cases.length} read in JS`);
  // Unknown members with ignoreUnknownFields: read by wasm, as asked.
  assert.equal(generated.Scalars.fromJson('{"nope": 1, "fInt32": 3}', { ignoreUnknownFields: true }).fInt32, 3);
  const before = generated.readInJs();
  generated.Scalars.fromJson('{"fInt32": 3, "fString": "x"}');
  assert.equal(generated.readInJs(), before + 1);
});
