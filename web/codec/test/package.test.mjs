// The assembled codecs as a package ("wirelens-codecs/<name>"): imported by Node through the
// exports map, bundled by esbuild for the browser, and type-checked by tsc against the .d.ts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CODECS_DIR, REPO } from "./built_codecs.mjs";

const project = mkdtempSync(join(tmpdir(), "wl-package-"));
mkdirSync(join(project, "node_modules"));
symlinkSync(CODECS_DIR, join(project, "node_modules", "wirelens-codecs"), "dir");
symlinkSync(join(REPO, "node_modules", "long"), join(project, "node_modules", "long"), "dir");

const USAGE = `import { load, DecodeError, InputError } from "wirelens-codecs/bench";
const { Test } = await load();
const bytes = Test.encode({ string: "hi", uint32: 9000, inner: { int32: 20161110 } });
const obj = Test.decode(bytes);
let thrown = "";
try { Test.decode(bytes.subarray(0, 3)); } catch (e) { if (e instanceof DecodeError) thrown = e.kind; }
try { Test.encode({ inner: { int32: 0.5 } }); } catch (e) { if (e instanceof InputError) thrown += " " + e.path; }
console.log(JSON.stringify({ length: bytes.length, string: obj.string, int32: obj.inner?.int32, thrown }));
`;
const EXPECTED = { length: 14, string: "hi", int32: 20161110, thrown: "length_past_end inner.int32" };

test("Node 20 imports a codec through the package's exports map", () => {
  writeFileSync(join(project, "usage.mjs"), USAGE);
  assert.deepEqual(
    JSON.parse(execFileSync(process.execPath, [join(project, "usage.mjs")], { encoding: "utf8" })),
    EXPECTED,
  );
});

test("esbuild bundles it for the browser (one file, no imports left)", () => {
  writeFileSync(join(project, "usage.mjs"), USAGE);
  const bundle = join(project, "bundle.mjs");
  execFileSync(
    join(REPO, "node_modules/.bin/esbuild"),
    [
      join(project, "usage.mjs"),
      "--bundle",
      "--format=esm",
      "--platform=browser",
      "--target=es2022",
      `--outfile=${bundle}`,
      "--log-level=warning",
    ],
    { cwd: project },
  );
  assert.deepEqual(JSON.parse(execFileSync(process.execPath, [bundle], { encoding: "utf8" })), EXPECTED);
});

test("the .d.ts types the API (tsc --strict: correct use compiles, misuse does not)", () => {
  writeFileSync(
    join(project, "usage.ts"),
    `import Long from "long";
import { load, DecodeError, FormatError, type Test, type ITest } from "wirelens-codecs/bench";
import { load as loadTable } from "wirelens-codecs/table";
const { Test: TestCodec, InnerInner } = await load();
const input: ITest = { string: "hi", uint32: 9000, inner: { int32: 20161110, innerInner: { long: 5n } } };
const bytes: Uint8Array = TestCodec.encode(input);
const decoded: Test = TestCodec.decode(bytes);
const text: string = decoded.string;
const long: bigint | undefined = decoded.inner?.innerInner?.long;
const asNumbers = await load({ int64: "number" });
const small: number = asNumbers.InnerInner.decode(InnerInner.encode({ long: "12" })).long;
const asLongs = await load({ int64: "long", Long });
void asLongs.InnerInner.decode(new Uint8Array(0)).long;
const resident = TestCodec.create(input);
resident.uint32 = 5;
resident.mutableInner().int32 = 3;
const view: Uint8Array = resident.encodeView();
resident.free();
try { TestCodec.decode(view); } catch (e) { if (e instanceof DecodeError) console.log(e.kind, e.offset); }
const json: string = TestCodec.toJson(input);
const fromJson: Test = TestCodec.fromJson(json, { ignoreUnknownFields: true });
const textFormat: string = TestCodec.toText(resident, { printUnknownFields: false }) + resident.toJson();
try { TestCodec.fromText(textFormat); } catch (e) { if (e instanceof FormatError) console.log(e.message); }
const byName: Uint8Array | undefined = (await load()).byFullName.get("Test")?.encode({});
// @ts-expect-error fromJson takes a string
TestCodec.fromJson({});
// @ts-expect-error uint32 is a number
TestCodec.encode({ uint32: "9000" });
// @ts-expect-error no such field
TestCodec.encode({ unknownField: 1 });
// @ts-expect-error decode() returns bigint int64 by default
const notNumber: number = decoded.inner!.innerInner!.long;
void [text, long, small, notNumber, fromJson, byName];
// Any schema at run time: compile() typed by the objects' own types, or untyped.
const table = await loadTable();
const typed = table.compile<{ Test: Test; InnerInner: { long: bigint } }>(new Uint8Array(0));
const fromTable: Test = typed.Test.decode(typed.Test.encode({ string: "hi", inner: { int32: 1 } }));
const wide: bigint = typed.InnerInner.decode(typed.InnerInner.encode({ long: "12" })).long;
// @ts-expect-error uint32 is a number
typed.Test.encode({ uint32: "9000" });
// @ts-expect-error no such field
typed.Test.encode({ unknownField: 1 });
// @ts-expect-error not a codec of M
void typed.Nope;
const untyped = table.compile(new Uint8Array(0));
const anything: unknown = untyped.Whatever.decode(new Uint8Array(0)).anyField;
untyped.byFullName.get("Test")?.encode({ string: "x" });
typed.free();
void [fromTable, wide, anything];
`,
  );
  writeFileSync(
    join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        module: "nodenext",
        moduleResolution: "nodenext",
        target: "es2022",
        types: [],
        skipLibCheck: false,
      },
      files: ["usage.ts"],
    }),
  );
  writeFileSync(join(project, "package.json"), '{ "type": "module" }');
  execFileSync(process.execPath, [join(REPO, "node_modules/typescript/bin/tsc"), "-p", project], { encoding: "utf8" });
});
