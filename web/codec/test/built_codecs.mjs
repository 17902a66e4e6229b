// Where the JS API tests find the built codecs (build/web/codecs unless WIRELENS_CODECS says).
import { fileURLToPath, pathToFileURL } from "node:url";
import { join } from "node:path";

export const CODECS_DIR =
  process.env.WIRELENS_CODECS ?? fileURLToPath(new URL("../../../build/web/codecs", import.meta.url));
export const REPO = fileURLToPath(new URL("../../..", import.meta.url));

/** The ES module of codec `name` (e.g. "bench"). */
export function importCodec(name) {
  return import(pathToFileURL(join(CODECS_DIR, `${name}.wl.js`)).href);
}
