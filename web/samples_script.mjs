// Writes the app's bundled samples as a classic script (window.wirelensSamples), which web/page.js
// adds after the app's first frame and loads as dropped files: a script works from file:// too,
// where a fetch of the files would not. Usage: node web/samples_script.mjs SAMPLES_DIR OUT.js
// SAMPLES_DIR holds .proto files, .bin payloads and manifest.txt ("payload type" per line; the
// first is selected). Names are those the app used for embedded samples: "x.proto", "samples/y.bin".
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [dir, out] = process.argv.slice(2);
const names = readdirSync(dir).sort();
const file = (name, as) => ({ name: as, base64: readFileSync(join(dir, name)).toString("base64") });
const files = [
  ...names.filter((n) => n.endsWith(".proto")).map((n) => file(n, n)),
  ...names.filter((n) => n.endsWith(".bin")).map((n) => file(n, `samples/${n}`)),
];
const [payload, type] = readFileSync(join(dir, "manifest.txt"), "utf8").split("\n")[0].split(" ");
const samples = { files, select: { payload: `samples/${payload}`, type } };
writeFileSync(out, `// Built by web/samples_script.mjs.\nwindow.wirelensSamples = ${JSON.stringify(samples)};\n`);
