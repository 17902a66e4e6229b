#!/usr/bin/env node
// One command from .proto files to a JS codec, for projects that do not use CMake (CMake users:
// wirelens_js_codec() in cmake/WirelensJs.cmake does the same steps):
//   node web/codec/build_codec.mjs --name NAME --out DIR [-I DIR]... [--plugin PATH] [--protoc PATH]
//                                  [--formats] [--profiling] FILE.proto...
// 1. protoc with protoc-gen-wirelens ("js" parameter), 2. em++ of the generated C++ with core/wire
// and core/jsbind (its malloc too) into NAME.wasm, and core/jsbind/contract.cc into the contract
// module, 3. web/codec/assemble.mjs -> DIR/NAME.wl.js, .classic.js, .d.ts.
// Needs protoc, em++ (Emscripten) and the plugin of a native build (make native). The protoc is the
// npm protoc 36 that tools/setup.sh installs (it reads editions files; proto2 and proto3 files give
// the same code as with Debian's protoc 3.21, tests/gen/same_output.mjs), else the one on PATH.
import { parseCommandLine } from "../command_line.mjs";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const PROTOC36 = join(REPO, "node_modules/protoc/bin/protoc-linux-x86_64");

function commandLine() {
  const { values, positionals } = parseCommandLine(
    {
      name: { type: "string" },
      out: { type: "string" },
      plugin: { type: "string", default: join(REPO, "build/native/gen/protoc-gen-wirelens") },
      protoc: { type: "string", default: existsSync(PROTOC36) ? PROTOC36 : "protoc" },
      include: { type: "string", short: "I", multiple: true, default: ["."] },
      formats: { type: "boolean", default: false },
      profiling: { type: "boolean", default: false }, // function names kept in the .wasm, for profilers
    },
    "usage: build_codec.mjs --name NAME --out DIR [-I DIR]... [--plugin PATH] [--protoc PATH] [--formats] " +
      "[--profiling] FILE.proto...",
    ({ values, positionals }) => values.name && values.out && positionals.length > 0,
  );
  return {
    name: values.name,
    out: values.out,
    plugin: values.plugin,
    protoc: values.protoc,
    includes: values.include,
    formats: values.formats,
    profiling: values.profiling,
    protos: positionals,
  };
}

function run(command, args) {
  console.log(`$ ${command} ${args.join(" ")}`);
  execFileSync(command, args, { stdio: "inherit", env: { ...process.env, NODE_PATH: "/usr/share/nodejs" } });
}

const args = commandLine();
const work = mkdtempSync(join(tmpdir(), "wirelens-codec-"));
try {
  run(args.protoc, [
    `--plugin=protoc-gen-wirelens=${args.plugin}`,
    `--wirelens_out=${args.formats ? "js,formats" : "js"}:${work}`,
    ...args.includes.map((dir) => `-I${dir}`),
    ...args.protos,
  ]);
  const generated = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else generated.push(path);
    }
  };
  walk(work);
  const runtime = [
    "core/jsbind/jsbind.cc",
    "core/jsbind/tape_encoder.cc",
    "core/jsbind/heap.cc",
    "core/jsbind/malloc.cc",
    "core/wire/status.cc",
    "core/wire/varint.cc",
    "core/wire/reader.cc",
    "core/wire/utf8.cc",
  ].map((f) => join(REPO, f));
  // The printers and readers of core/format over the schema model: every source of core/format and
  // core/inspect but the tests and unpack.cc (zlib), with core/schema's libprotobuf-free part, and
  // the JSON printer of the tape.
  if (args.formats) {
    for (const dir of ["core/format", "core/inspect"]) {
      for (const file of readdirSync(join(REPO, dir))) {
        if (file.endsWith(".cc") && !file.endsWith("_test.cc") && file !== "unpack.cc")
          runtime.push(join(REPO, dir, file));
      }
    }
    runtime.push(
      join(REPO, "core/schema/schema.cc"),
      join(REPO, "core/schema/descriptor_reader.cc"),
      join(REPO, "core/jsbind/tape_json.cc"),
    );
  }
  const wasm = join(work, `${args.name}.wasm`);
  const flags = [
    "-O3",
    "-std=c++17",
    "-fno-exceptions",
    "-fno-rtti",
    "-mbulk-memory",
    `-I${REPO}`,
    "--no-entry",
    "-sMALLOC=none",
  ];
  // The contract module (core/jsbind/contract.cc) the assembler writes the contract from.
  const contract = join(work, "js_contract.wasm");
  const contractSources = [
    "core/jsbind/contract.cc",
    "core/jsbind/heap.cc",
    "core/jsbind/malloc.cc",
    "core/wire/status.cc",
  ];
  run("em++", [...flags, ...contractSources.map((f) => join(REPO, f)), "-o", contract]);
  run("em++", [
    ...flags,
    `-I${work}`,
    "-sALLOW_MEMORY_GROWTH=1",
    "-sMAXIMUM_MEMORY=2GB",
    ...(args.profiling ? ["--profiling-funcs"] : []),
    ...generated.filter((f) => f.endsWith(".wl.cc") || f.endsWith(".wl.js.cc")),
    ...runtime,
    "-o",
    wasm,
  ]);
  run(process.execPath, [
    join(REPO, "web/codec/assemble.mjs"),
    "--name",
    args.name,
    "--wasm",
    wasm,
    "--contract",
    contract,
    "--out",
    args.out,
    ...generated.filter((f) => f.endsWith(".wl.part.js")),
  ]);
} finally {
  rmSync(work, { recursive: true, force: true });
}
