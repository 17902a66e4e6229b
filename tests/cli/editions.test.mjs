// Editions (2023 and 2024) through the CLI: protoc 36 (npm `protoc`) writes the descriptor sets and
// the payloads from tests/cli/editions/*.txtpb; `wirelens decode --descriptor-set` must print what
// `protoc --decode` prints and `wirelens encode` must write what `protoc --encode` writes, so every
// resolved feature (presence, packed/expanded, delimited, closed enums, UTF-8 checks) is checked
// byte for byte. The .proto text of the same files (read by libprotobuf 3.21's parser, completed by
// core/schema/editions_text.h) gives the same output.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = resolve(fileURLToPath(import.meta.url), "../../..");
const CLI = process.env.WIRELENS_CLI ?? resolve(ROOT, "build/native/bin/wirelens");
const PROTOC = resolve(ROOT, "node_modules/protoc/bin/protoc-linux-x86_64");
const DIR = resolve(ROOT, "tests/cli/editions");
const TMP = mkdtempSync(join(tmpdir(), "wirelens-editions-"));

const run = (command, args, input) => spawnSync(command, args, { input, maxBuffer: 64 << 20 });
const ok = (result) => {
  assert.equal(result.status, 0, `${result.stderr}`);
  return result.stdout;
};

// extra: bytes appended to protoc's payload (what its text format cannot say).
const CASES = [
  {
    edition: "2023",
    proto: "shapes2023.proto",
    type: "ed2023.Shape",
    // color (closed enum) = 5, which Color lacks: an unknown field; open (open enum) = 7: kept
    extra: [0x40, 0x05, 0x78, 0x07],
  },
  { edition: "2024", proto: "shapes2024.proto", type: "ed2024.Node", extra: [] },
];

function prepare(c) {
  const set = join(TMP, `${c.edition}.pb`);
  ok(run(PROTOC, [`-I${DIR}`, "--include_imports", `--descriptor_set_out=${set}`, c.proto]));
  const text = readFileSync(join(DIR, c.proto.replace(".proto", ".txtpb")));
  const encoded = ok(run(PROTOC, [`--encode=${c.type}`, `-I${DIR}`, c.proto], text));
  const bin = join(TMP, `${c.edition}.bin`);
  writeFileSync(bin, Buffer.concat([encoded, Buffer.from(c.extra)]));
  return { set, text, encoded, bin };
}

for (const c of CASES) {
  test(`edition ${c.edition}: decode prints what protoc --decode prints`, () => {
    const { set, bin } = prepare(c);
    const expected = ok(run(PROTOC, [`--decode=${c.type}`, `-I${DIR}`, c.proto], readFileSync(bin))).toString();
    const ours = ok(run(CLI, ["decode", bin, "--descriptor-set", set, "--type", c.type])).toString();
    assert.equal(ours, expected);
    assert.ok(expected.split("\n").length > 15);
  });

  test(`edition ${c.edition}: encode writes what protoc --encode writes, and the decode encodes back`, () => {
    const { set, text, encoded } = prepare(c);
    const schema = ["--descriptor-set", set, "--type", c.type];
    assert.ok(ok(run(CLI, ["encode", "-", ...schema], text)).equals(encoded));
    const decoded = ok(run(CLI, ["decode", "-", ...schema], encoded));
    assert.ok(ok(run(CLI, ["encode", "-", ...schema], decoded)).equals(encoded));
  });

  test(`edition ${c.edition}: the .proto text decodes and encodes as the descriptor set does`, () => {
    const { set, text, encoded, bin } = prepare(c);
    const fromText = ["--proto", join(DIR, c.proto), "-I", DIR, "--type", c.type];
    const fromSet = ["--descriptor-set", set, "--type", c.type];
    assert.equal(
      ok(run(CLI, ["decode", bin, ...fromText])).toString(),
      ok(run(CLI, ["decode", bin, ...fromSet])).toString(),
    );
    assert.ok(ok(run(CLI, ["encode", "-", ...fromText], text)).equals(encoded));
  });
}

test("edition 2023: a string with UTF-8 checks off keeps its bytes, one with checks on is an error", () => {
  const { set } = prepare(CASES[0]);
  const schema = ["--descriptor-set", set, "--type", CASES[0].type];
  // required_id = 7, then raw (utf8_validation NONE) = ff, then checked (VERIFY) = ff
  const raw = Buffer.from([0x18, 0x07, 0x5a, 0x01, 0xff]);
  assert.equal(ok(run(CLI, ["decode", "-", ...schema], raw)).toString(), 'required_id: 7\nraw: "\\377"\n');
  const checked = run(CLI, ["decode", "-", ...schema], Buffer.concat([raw, Buffer.from([0x52, 0x01, 0xff])]));
  assert.equal(checked.status, 1);
  assert.match(checked.stderr.toString(), /UTF-8/);
});

test("edition 2023: text format names a delimited field by its type only when it is group-like, as protoc does", () => {
  const { set } = prepare(CASES[0]);
  const schema = ["--descriptor-set", set, "--type", CASES[0].type];
  const protoc = (text) => run(PROTOC, [`--encode=${CASES[0].type}`, `-I${DIR}`, CASES[0].proto], text);
  // child (Shape.Child, nested and named as its type) is group-like: its type name is its name
  // too; delimited (Item, declared beside Shape) goes by its field name only.
  for (const text of [
    "required_id: 1 Child { v: 2 }",
    "required_id: 1 child { v: 2 }",
    "required_id: 1 delimited { id: 3 }",
  ]) {
    assert.ok(ok(run(CLI, ["encode", "-", ...schema], text)).equals(ok(protoc(text))), text);
  }
  const byType = "required_id: 1 Item { id: 3 }";
  assert.notEqual(protoc(byType).status, 0);
  const ours = run(CLI, ["encode", "-", ...schema], byType);
  assert.equal(ours.status, 1);
  assert.match(ours.stderr.toString(), /no field named "Item"/);
});
