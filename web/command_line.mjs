// Command lines of the scripts: node:util's parseArgs, with the script's usage and exit code 2 on
// anything it does not take (an unknown option, a missing value, a failed check).
import { parseArgs } from "node:util";

/**
 * Parses process.argv after the script name. `options` as parseArgs takes them; `valid` checks the
 * result. Returns { values, positionals }; on an error prints it with `usage` and exits with 2.
 * @param {import("node:util").ParseArgsConfig["options"]} options
 * @param {string} usage
 * @param {(parsed: { values: Record<string, any>, positionals: string[] }) => boolean} [valid]
 * @returns {{ values: Record<string, any>, positionals: string[] }}
 */
export function parseCommandLine(options, usage, valid = () => true) {
  let parsed;
  try {
    parsed = parseArgs({ args: process.argv.slice(2), options, allowPositionals: true });
  } catch (error) {
    console.error(`${error.message}\n${usage}`);
    process.exit(2);
  }
  if (!valid(parsed)) {
    console.error(usage);
    process.exit(2);
  }
  return parsed;
}
