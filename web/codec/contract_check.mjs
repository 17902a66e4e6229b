// The check assemble.mjs runs on the C++ half's contract (core/jsbind/contract.cc's wl_contract)
// before writing it into a codec: every member runtime.js reads must be there, with a number
// where it reads a number. So a State field renamed or dropped on one side fails the build, not
// a user's load() with NaN offsets.

/**
 * The contract members `runtimeText` (runtime.js) reads, as paths: ["state", "tape"],
 * ["wide_string"], ["layout", "holds"]... Found from how it reads them: `state.X` (the alias of
 * contract.state), `contract.X` / `contract.X.Y` / `CONTRACT.X`, and destructuring
 * `const { X: ALIAS, ... } = contract.Y`.
 * @param {string} runtimeText
 * @returns {string[][]}
 */
export function contractReads(runtimeText) {
  const code = runtimeText.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|\s)\/\/.*$/gm, "$1");
  const paths = new Map();
  const add = (...path) => paths.set(path.join("."), path);
  for (const [, key] of code.matchAll(/(?<![\w/.])state\.(\w+)/g)) add("state", key);
  for (const [, key, member] of code.matchAll(/(?<![\w/.])(?:contract|CONTRACT)\.(\w+)(?:\.(\w+))?/g)) {
    if (key === "state" && member === undefined) continue;
    if (member === undefined) add(key);
    else add(key, member);
  }
  for (const [, members, key] of code.matchAll(/const \{([^}]*)\} = (?:contract|CONTRACT)\.(\w+)/g)) {
    for (const member of members.split(",")) {
      const name = member.split(":")[0].trim();
      if (name !== "") add(key, name);
    }
  }
  return [...paths.values()];
}

/**
 * Throws an Error naming every problem when `contract` lacks a member runtime.js reads, or holds
 * something else than a number (state offsets: a whole number of words) or a boolean where it reads
 * one; "kinds" must be a list of [name, sentence] pairs, "json_hex_escapes" of ascending ranges.
 * @param {any} contract  wl_contract's JSON, parsed
 * @param {string} runtimeText  runtime.js
 * @param {string} source  the contract's file, for the message
 */
export function checkContract(contract, runtimeText, source) {
  const problems = [];
  for (const path of contractReads(runtimeText)) {
    let value = contract;
    for (const key of path) value = value !== null && typeof value === "object" ? value[key] : undefined;
    const name = path.join(".");
    if (value === undefined) problems.push(`lacks "${name}"`);
    else if (path[0] === "state" && !(Number.isInteger(value) && value >= 0))
      problems.push(`"${name}" is ${JSON.stringify(value)}, not a word offset`);
    else if (path[0] === "kinds") {
      const pairs = Array.isArray(value) && value.every((p) => p.length === 2 && p.every((s) => typeof s === "string"));
      if (!pairs || value.length === 0) problems.push(`"kinds" is not a list of [name, sentence] pairs`);
    } else if (path[0] === "json_hex_escapes") {
      const ranges =
        Array.isArray(value) &&
        value.every((r, i) => r.length === 2 && r[0] <= r[1] && (i === 0 || value[i - 1][1] < r[0]));
      if (!ranges || value.length === 0) problems.push(`"json_hex_escapes" is not a list of ascending ranges`);
    } else if (path.length === 2 && typeof value !== "number" && typeof value !== "boolean")
      problems.push(`"${name}" is ${JSON.stringify(value)}, not a number`);
  }
  if (problems.length > 0) throw new Error(`${source}: the contract ${problems.join("; ")}`);
}

/**
 * The exports runtime.js calls: module-wide ones (`ex.wl_state`) and per message type ones
 * (`op("decode")`, `` ex[`wl:${full}:layout`] ``), the latter exported as "wl:<full name>:<op>".
 * @param {string} runtimeText
 * @returns {{ global: string[], perType: string[] }}
 */
export function exportReads(runtimeText) {
  const global = new Set([...runtimeText.matchAll(/\bex\.(wl_\w+)/g)].map((m) => m[1]));
  const perType = new Set([...runtimeText.matchAll(/\bop\("(\w+)"\)/g)].map((m) => m[1]));
  for (const [, op] of runtimeText.matchAll(/ex\[`wl:\$\{\w+\}:(\w+)`\]/g)) perType.add(op);
  return { global: [...global], perType: [...perType] };
}

/**
 * Throws when the codec's wasm lacks an export runtime.js calls: every module-wide one, and for
 * each message type every per-type one (the format_* ops and the table codec's wl_table_format_*
 * all or none: only codecs built with formats have them).
 * @param {string[]} exportNames  WebAssembly.Module.exports(module)'s names
 * @param {string} runtimeText  the runtime with the parts spliced into it
 * @param {string} source  the wasm's file, for the message
 */
export function checkExports(exportNames, runtimeText, source) {
  const { global, perType } = exportReads(runtimeText);
  const names = new Set(exportNames);
  // The table codec's format exports, like the per-type format_* ops: all or none.
  const tableFormats = exportNames.some((name) => name.startsWith("wl_table_format_"));
  const problems = global
    .filter((name) => !names.has(name) && (tableFormats || !name.startsWith("wl_table_format_")))
    .map((name) => `lacks ${name}`);
  const types = new Map();
  for (const name of exportNames) {
    const match = /^wl:(.+):(\w+)$/.exec(name);
    if (match === null) continue;
    if (!types.has(match[1])) types.set(match[1], new Set());
    types.get(match[1]).add(match[2]);
  }
  for (const [full, ops] of types) {
    const formats = [...ops].some((op) => op.startsWith("format_"));
    for (const op of perType) {
      if (!ops.has(op) && (formats || !op.startsWith("format_"))) problems.push(`lacks wl:${full}:${op}`);
    }
  }
  // A module of generated codecs has its types; the table codec's module builds them at run time.
  if (types.size === 0 && !names.has("wl_table_load")) {
    problems.push("exports no message type (wl:<full name>:<op>) and no table codec (wl_table_load)");
  }
  if (problems.length > 0) throw new Error(`${source}: the codec ${problems.join("; ")}`);
}
