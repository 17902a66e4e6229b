// The runtime of every JS codec as one text: runtime.js with the modules it imports
// (runtime_json.js, runtime_json_read.js) spliced in where it imports them, their exports dropped,
// so that a codec's module is one scope, as the generated parts need. A spliced module may import
// only from another one runtime.js splices in before it (its import is dropped: one scope). The
// assembler and its tests read it.
import { readFileSync } from "node:fs";

const IMPORT = /^import \{[^}]*\} from "\.\/(runtime_\w+\.js)";\n/gm;

/** The joined text of web/codec/runtime.js; throws when a spliced module imports what is not spliced before it. */
export function readRuntime() {
  const runtime = readFileSync(new URL("./runtime.js", import.meta.url), "utf8");
  const spliced = new Set();
  return runtime.replace(IMPORT, (_, file) => {
    const text = readFileSync(new URL(`./${file}`, import.meta.url), "utf8").replace(IMPORT, (__, from) => {
      if (!spliced.has(from))
        throw new Error(`${file}: imports ${from}, which runtime.js does not splice in before it`);
      return "";
    });
    if (/^import /m.test(text))
      throw new Error(`${file}: a module spliced into runtime.js may import only its siblings`);
    spliced.add(file);
    return text.replace(/^export (?=function |const |let |class )/gm, "");
  });
}
