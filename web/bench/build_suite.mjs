#!/usr/bin/env node
// Builds the Benchmark Suite's peers and bundle (run by CMake in the web tree, after the
// wirelens codecs of every case are assembled into CODECS_DIR):
//   OUT/gen/pbjs8/<case>.cjs   protobuf.js 8 static code (pbjs -t static-module, protobufjs-cli 2)
//   OUT/gen/pbjs7/<case>.cjs   protobuf.js 7.2.6 static code (protobufjs-cli 1.1.2, see pbjs7.cjs)
//   OUT/gen/es/<case>_pb.js    @bufbuild/protobuf 2 code (protoc-gen-es)
//   OUT/gen/gpb/<case>_pb.js   google-protobuf code (protoc-gen-js, CommonJS, binary)
//   OUT/gen/pbf/<case>.js      pbf 5 code (its `pbf` compiler: read<Type> / write<Type> functions)
//   OUT/gen/tsproto/<case>.js  ts-proto 2 code (protoc-gen-ts_proto, the .proto's field names),
//                              TypeScript made JavaScript by esbuild
//   OUT/gen/pbts/<case>.js     protobuf-ts 2 code (its protoc-gen-ts: int64 as number, the .proto's
//                              field names), the same way
//   OUT/gen/peers.mjs          every case's codecs (with the ProtoJSON one of a protoJson case), its
//                              .proto text and FileDescriptorSet (base64, for the table codec's
//                              compile()), imported by the suite
//   OUT/bench_suite.js         the suite for the page: one classic script (esbuild, from file://)
// Usage: node build_suite.mjs CODECS_DIR OUT PROTOC_GEN_JS
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CASES } from "../../bench_cases/cases.mjs";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const [codecsDir, out, protocGenJs] = process.argv.slice(2).map((p) => resolve(p));
if (!codecsDir || !out || !protocGenJs) {
  console.error("usage: build_suite.mjs CODECS_DIR OUT PROTOC_GEN_JS");
  process.exit(2);
}
const gen = join(out, "gen");
for (const dir of ["pbjs8", "pbjs7", "es", "gpb", "pbf", "tsproto", "pbts", "desc"])
  mkdirSync(join(gen, dir), { recursive: true });
// Both generators write .js: ES modules (protoc-gen-es) and CommonJS (protoc-gen-js).
writeFileSync(join(gen, "es", "package.json"), '{ "type": "module" }\n');
writeFileSync(join(gen, "gpb", "package.json"), '{ "type": "commonjs" }\n');
for (const dir of ["pbf", "tsproto", "pbts"]) writeFileSync(join(gen, dir, "package.json"), '{ "type": "module" }\n');
const bin = (name) => join(REPO, "node_modules/.bin", name);
const run = (command, args) => execFileSync(command, args, { stdio: ["ignore", "ignore", "inherit"] });

// An import specifier of `file` from the gen directory.
function relativeImport(file) {
  const path = relative(gen, file).split("\\").join("/");
  return path.startsWith(".") ? path : "./" + path;
}

const imports = [];
const entries = [];
for (const c of CASES) {
  const dir = join(REPO, "bench_cases", c.name);
  const proto = join(dir, `${c.name}.proto`);
  // (node_modules/.bin/pbjs may be either CLI: both packages declare the bin.)
  run(process.execPath, [
    join(REPO, "node_modules/protobufjs-cli/bin/pbjs"),
    "-t",
    "static-module",
    "-w",
    "commonjs",
    "-o",
    join(gen, "pbjs8", `${c.name}.cjs`),
    proto,
  ]);
  const pbjs7 = join(gen, "pbjs7", `${c.name}.cjs`);
  run(process.execPath, [
    join(REPO, "web/bench/pbjs7.cjs"),
    "-t",
    "static-module",
    "-w",
    "commonjs",
    "-o",
    pbjs7,
    proto,
  ]);
  writeFileSync(
    pbjs7,
    readFileSync(pbjs7, "utf8").replace('require("protobufjs/minimal")', 'require("protobufjs7/minimal")'),
  );
  run("protoc", [
    `--plugin=protoc-gen-es=${bin("protoc-gen-es")}`,
    `--es_out=${join(gen, "es")}`,
    "--es_opt=target=js,import_extension=js",
    `-I${dir}`,
    `${c.name}.proto`,
  ]);
  run("protoc", [
    `--plugin=protoc-gen-js=${protocGenJs}`,
    `--js_out=import_style=commonjs,binary:${join(gen, "gpb")}`,
    `-I${dir}`,
    `${c.name}.proto`,
  ]);
  writeFileSync(
    join(gen, "pbf", `${c.name}.js`),
    execFileSync(process.execPath, [join(REPO, "node_modules/pbf/bin/pbf"), proto], {
      stdio: ["ignore", "pipe", "inherit"],
    }),
  );
  // Field names as in the .proto for both TypeScript generators, so that one name map serves them
  // and pbf (naming costs nothing at run time).
  const typescript = [
    ["tsproto", "ts_proto", "protoc-gen-ts_proto", "snakeToCamel=false,outputJsonMethods=false"],
    ["pbts", "ts", "protoc-gen-ts", "long_type_number,use_proto_field_name"],
  ];
  for (const [dir, name, plugin, options] of typescript) {
    run("protoc", [
      `--plugin=protoc-gen-${name}=${bin(plugin)}`,
      `--${name}_out=${join(gen, dir)}`,
      `--${name}_opt=${options}`,
      `-I${join(REPO, "bench_cases", c.name)}`,
      `${c.name}.proto`,
    ]);
    run(bin("esbuild"), [
      join(gen, dir, `${c.name}.ts`),
      "--format=esm",
      "--target=es2022",
      `--outfile=${join(gen, dir, `${c.name}.js`)}`,
      "--log-level=warning",
    ]);
  }
  const descriptorSet = join(gen, "desc", `${c.name}.pb`);
  run("protoc", ["--include_imports", `--descriptor_set_out=${descriptorSet}`, `-I${dir}`, `${c.name}.proto`]);
  const id = c.name;
  const modulePath = (file) => relativeImport(join(codecsDir, file));
  imports.push(
    `import * as wl_${id} from "${modulePath(`${c.name}.wl.js`)}";`,
    `import pbjs8_${id} from "./pbjs8/${c.name}.cjs";`,
    `import pbjs7_${id} from "./pbjs7/${c.name}.cjs";`,
    `import * as es_${id} from "./es/${c.name}_pb.js";`,
    `import gpb_${id} from "./gpb/${c.name}_pb.js";`,
    `import * as pbf_${id} from "./pbf/${c.name}.js";`,
    `import * as tsproto_${id} from "./tsproto/${c.name}.js";`,
    `import * as pbts_${id} from "./pbts/${c.name}.js";`,
  );
  // The ProtoJSON codec (codecs/json/<case>_json.wl.js) of the cases that time JSON.
  if (c.protoJson) imports.push(`import * as wlJson_${id} from "${modulePath(`json/${c.name}_json.wl.js`)}";`);
  entries.push(
    `  ${JSON.stringify(c.name)}: { wirelens: wl_${id}, pbjs8: pbjs8_${id}, pbjs7: pbjs7_${id}, es: es_${id}, gpb: gpb_${id}, pbf: pbf_${id}, tsProto: tsproto_${id}, pbts: pbts_${id}, ` +
      (c.protoJson ? `wirelensJson: wlJson_${id}, ` : "") +
      `proto: ${JSON.stringify(readFileSync(proto, "utf8"))}, table: wlTable, ` +
      `descriptorSet: ${JSON.stringify(readFileSync(descriptorSet).toString("base64"))} },`,
  );
}
// The table-driven codec (codecs/table.wl.js): one module, compile()d with each case's descriptor set.
imports.push(`import * as wlTable from "${relativeImport(join(codecsDir, "table.wl.js"))}";`);
writeFileSync(
  join(gen, "peers.mjs"),
  `// Generated by web/bench/build_suite.mjs. Do not edit.\n${imports.join("\n")}\n\nexport const PEERS = {\n${entries.join("\n")}\n};\n`,
);

// The page's bundle: Benchmark.js (with lodash, see browser_entry.mjs), the peers, the suite.
run(bin("esbuild"), [
  join(REPO, "web/bench/browser_entry.mjs"),
  "--bundle",
  "--format=iife",
  "--platform=browser",
  "--target=es2022",
  `--outfile=${join(out, "bench_suite.js")}`,
  "--log-level=warning",
  // The table codec's compile() evaluates the readers it builds in the runtime's scope on purpose
  // (web/codec/parts/table.part.js); the names that code uses are locals of bind(), which keep their names.
  "--log-override:direct-eval=silent",
  `--alias:wirelens-bench-peers=${join(gen, "peers.mjs")}`,
  "--define:global=globalThis",
]);
