// The code of a wasm module by part: each function body's bytes, named from the module's name
// section (link with --profiling-funcs), summed into groups by name. Prints the groups, largest
// first, then the largest functions. A measurement tool (BENCHMARKS.md "Sizes in wasm").
// Usage: node tools/wasm_sizes.mjs MODULE.wasm [--top N]
import { readFileSync } from "node:fs";

// Groups by the first pattern a (mangled or demangled) function name matches; the rest: "other".
const GROUPS = [
  ["libprotobuf (the .proto parser, descriptors)", /google::protobuf|6google8protobuf|absl|utf8_range/],
  ["Dear ImGui", /ImGui|\bIm[A-Z]|_Z\d+Im[A-Z]|stb_|STB_/],
  ["wirelens inspector", /wirelens::inspect|8wirelens7inspect/],
  ["wirelens formats (text, JSON)", /wirelens::format|wirelens::text|8wirelens6format|8wirelens4text/],
  ["wirelens schema model", /wirelens::schema|8wirelens6schema/],
  ["wirelens app (panels, model)", /wirelens::app|8wirelens3app|Draw[A-Z]|Platform/],
  ["wirelens other (wire, unpack, zlib)", /wirelens|inflate|deflate|crc32|adler32|zlib|z_stream/i],
  ["libc++ / libc++abi", /^std::|_ZNSt|_ZNKSt|_ZSt|__cxa|__cxx|std::__2|_ZNS_|_ZNK?St3__2/],
  ["malloc", /malloc|free|memalign|sbrk|dl[a-z]/],
  ["libc (printf, strings, math)", /printf|scanf|str[a-z]+|mem[a-z]+|__|fmt_|pop_arg|atof|strto|frexp|pow|exp|log/],
  ["SDL / GL / Emscripten glue", /SDL|gl[A-Z]|emscripten|Emscripten|_emval|embind/],
];

function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[at.pos++];
    value += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) return value;
    shift += 7;
  }
}
const name = (bytes, at) => {
  const n = leb(bytes, at);
  const s = Buffer.from(bytes.subarray(at.pos, at.pos + n)).toString("utf8");
  at.pos += n;
  return s;
};

const file = process.argv[2];
const top = Number(process.argv[process.argv.indexOf("--top") + 1] || 25);
const bytes = readFileSync(file);
let importedFunctions = 0;
const bodies = [];
const names = new Map();
for (const at = { pos: 8 }; at.pos < bytes.length;) {
  const id = bytes[at.pos++];
  const size = leb(bytes, at);
  const end = at.pos + size;
  if (id === 2) {
    for (let i = leb(bytes, at); i > 0; i--) {
      name(bytes, at);
      name(bytes, at);
      const kind = bytes[at.pos++];
      if (kind === 0) {
        leb(bytes, at);
        importedFunctions++;
      } else if (kind === 1) {
        at.pos++;
        if (bytes[at.pos++] & 1) leb(bytes, at);
        leb(bytes, at);
      } else if (kind === 2) {
        if (bytes[at.pos++] & 1) leb(bytes, at);
        leb(bytes, at);
      } else {
        at.pos += 2;
      }
    }
  } else if (id === 10) {
    for (let i = leb(bytes, at); i > 0; i--) {
      const length = leb(bytes, at);
      bodies.push(length);
      at.pos += length;
    }
  } else if (id === 0 && name(bytes, at) === "name") {
    while (at.pos < end) {
      const sub = bytes[at.pos++];
      const subSize = leb(bytes, at);
      const subEnd = at.pos + subSize;
      if (sub === 1) {
        for (let i = leb(bytes, at); i > 0; i--) names.set(leb(bytes, at), name(bytes, at));
      }
      at.pos = subEnd;
    }
  }
  at.pos = end;
}

const totals = new Map();
const functions = bodies.map((length, i) => ({ length, name: names.get(i + importedFunctions) ?? `#${i}` }));
for (const f of functions) {
  const group = GROUPS.find(([, pattern]) => pattern.test(f.name))?.[0] ?? "other";
  totals.set(group, (totals.get(group) ?? 0) + f.length);
}
const code = functions.reduce((sum, f) => sum + f.length, 0);
console.log(
  `${file}: ${bytes.length} bytes, code ${code} bytes in ${functions.length} functions` +
    (names.size === 0 ? " (no name section: link with --profiling-funcs)" : ""),
);
console.log("\n| part | code bytes | share |\n|---|---:|---:|");
for (const [group, total] of [...totals].sort((a, b) => b[1] - a[1])) {
  console.log(`| ${group} | ${total.toLocaleString("en")} | ${((100 * total) / code).toFixed(1)}% |`);
}
console.log(`\nlargest ${top} functions:`);
for (const f of functions.sort((a, b) => b.length - a.length).slice(0, top)) {
  console.log(`${String(f.length).padStart(8)}  ${f.name.slice(0, 120)}`);
}
