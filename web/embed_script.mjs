// Writes bytes the page needs as a classic script of gzip'd base64, which web/page.js unpacks
// (DecompressionStream): a script works from file:// too, where a fetch of the files would not.
// Usage:
//   node web/embed_script.mjs wasm APP.wasm OUT.js    window.wirelensAppWasm = "<gzip, base64>"
//   node web/embed_script.mjs samples DIR OUT.js      window.wirelensSamples = {files, select}
// A samples DIR holds .proto files, .bin payloads and manifest.txt ("payload type" per line; the
// first is selected); files are named as dropped files: "x.proto", "samples/y.bin".
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const [kind, input, out] = process.argv.slice(2);
const packed = (bytes) => gzipSync(bytes, { level: 9 }).toString("base64");
let value;
if (kind === "wasm") {
  value = { name: "wirelensAppWasm", content: packed(readFileSync(input)) };
} else if (kind === "samples") {
  const names = readdirSync(input).sort();
  const file = (name, as) => ({ name: as, gzipBase64: packed(readFileSync(join(input, name))) });
  const files = [
    ...names.filter((n) => n.endsWith(".proto")).map((n) => file(n, n)),
    ...names.filter((n) => n.endsWith(".bin")).map((n) => file(n, `samples/${n}`)),
  ];
  const [payload, type] = readFileSync(join(input, "manifest.txt"), "utf8").split("\n")[0].split(" ");
  value = { name: "wirelensSamples", content: { files, select: { payload: `samples/${payload}`, type } } };
} else {
  console.error("usage: node web/embed_script.mjs wasm APP.wasm OUT.js | samples DIR OUT.js");
  process.exit(2);
}
writeFileSync(out, `// Built by web/embed_script.mjs.\nwindow.${value.name} = ${JSON.stringify(value.content)};\n`);
