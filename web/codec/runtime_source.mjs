// The runtime of every JS codec as one text: runtime.js with the modules it imports
// (runtime_json.js) spliced in where it imports them, their exports dropped, so that a codec's
// module is one scope, as the generated parts need. The assembler and its tests read it.
import { readFileSync } from "node:fs";

const IMPORT = /^import \{[^}]*\} from "\.\/(runtime_\w+\.js)";\n/gm;

/** The joined text of web/codec/runtime.js; throws when a spliced module imports in turn. */
export function readRuntime() {
  const runtime = readFileSync(new URL("./runtime.js", import.meta.url), "utf8");
  return runtime.replace(IMPORT, (_, file) => {
    const text = readFileSync(new URL(`./${file}`, import.meta.url), "utf8");
    if (/^import /m.test(text)) throw new Error(`${file}: a module spliced into runtime.js may not import`);
    return text.replace(/^export (?=function |const |let |class )/gm, "");
  });
}
