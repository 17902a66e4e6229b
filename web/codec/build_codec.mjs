#!/usr/bin/env node
// One command from .proto files to a JS codec, for projects that do not use CMake (CMake users:
// wirelens_js_codec() in cmake/WirelensJs.cmake does the same steps):
//   node web/codec/build_codec.mjs --name NAME --out DIR [-I DIR]... [--plugin PATH] [--protoc PATH]
//                                  [--formats] [--profiling] [--build-info FILE] FILE.proto...
// 1. protoc with protoc-gen-wirelens ("js" parameter), 2. em++ of the generated C++ and of the
// libraries it links (core/wire, core/jsbind and its malloc; with --formats core/format and what it
// needs) into NAME.wasm, and core/jsbind/contract.cc into the contract module, each source with the
// options CMake gives it (build/web/js_codec_build.json, written by the web tree's CMake), 3.
// web/codec/assemble.mjs -> DIR/NAME.wl.js, .classic.js, .d.ts.
// Needs protoc, em++ (Emscripten), the plugin of the native tree and js_codec_build.json of the web
// tree (make web builds both). The protoc is the
// npm protoc 36 that tools/setup.sh installs (it reads editions files; proto2 and proto3 files give
// the same code as with Debian's protoc 3.21, tests/gen/same_output.mjs), else the one on PATH.
import { parseCommandLine } from "../command_line.mjs";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
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
      "build-info": { type: "string", default: join(REPO, "build/web/js_codec_build.json") },
    },
    "usage: build_codec.mjs --name NAME --out DIR [-I DIR]... [--plugin PATH] [--protoc PATH] [--formats] " +
      "[--profiling] [--build-info FILE] FILE.proto...",
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
    build: readBuildInfo(values["build-info"]),
    protos: positionals,
  };
}

// The sources and options of the libraries a codec links, as the web tree's CMake wrote them.
function readBuildInfo(file) {
  if (!existsSync(file)) {
    console.error(
      `build_codec.mjs: ${file} is missing: run \`make web\` first (CMake writes it), or pass --build-info`,
    );
    process.exit(2);
  }
  return JSON.parse(readFileSync(file, "utf8"));
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
  // Each library a codec links, compiled with its own options: a static library archived, an
  // object library's objects linked whole, in the order CMake links them (own objects, objects of
  // object libraries, archives).
  const build = args.build;
  const compiled = new Map();
  const compile = (library) => {
    if (compiled.has(library)) return compiled.get(library);
    const { type, sources, options } = build.libraries[library];
    const dir = join(work, "lib", library);
    mkdirSync(dir, { recursive: true });
    const objects = sources.map((source, i) => {
      const object = join(dir, `${i}-${basename(source)}.o`);
      run("em++", [...options, `-I${REPO}`, "-c", join(REPO, source), "-o", object]);
      return object;
    });
    let files = objects;
    if (type !== "OBJECT_LIBRARY") {
      files = [join(dir, `lib${library}.a`)];
      run("emar", ["qc", files[0], ...objects]);
    }
    compiled.set(library, { objects: type === "OBJECT_LIBRARY", files });
    return compiled.get(library);
  };
  const linkInputs = (libraries) => {
    const parts = libraries.map(compile);
    return [...parts.filter((p) => p.objects), ...parts.filter((p) => !p.objects)].flatMap((p) => p.files);
  };
  const ownObjects = (sources, options, prefix) =>
    sources.map((source, i) => {
      const object = join(work, `${prefix}${i}-${basename(source)}.o`);
      run("em++", [...options, `-I${REPO}`, `-I${work}`, "-c", source, "-o", object]);
      return object;
    });
  const wasm = join(work, `${args.name}.wasm`);
  const codecSources = generated.filter((f) => f.endsWith(".wl.cc") || f.endsWith(".wl.js.cc"));
  const libraries = args.formats ? build.formats.libraries : build.codec.libraries;
  run("em++", [
    ...build.codec.link,
    ...(args.profiling ? ["--profiling-funcs"] : []),
    ...ownObjects(codecSources, build.codec.options, ""),
    ...linkInputs(libraries),
    "-o",
    wasm,
  ]);
  // The contract module (core/jsbind/contract.cc) the assembler writes the contract from.
  const contract = join(work, "js_contract.wasm");
  const contractSources = build.contract.sources.map((f) => join(REPO, f));
  run("em++", [
    ...build.contract.link,
    ...ownObjects(contractSources, build.contract.options, "contract-"),
    ...linkInputs(build.contract.libraries),
    "-o",
    contract,
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
