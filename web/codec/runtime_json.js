// proto3 JSON of plain objects in JS: the helpers the generated j_* printers call (BENCHMARKS.md,
// issue 18). An ES module for the linters and tsc; web/codec/assemble.mjs splices it, without its
// exports, into runtime.js where runtime.js imports it, so a codec is still one scope.
// Each helper returns a value's JSON text, the text core/jsbind/tape_json.cc prints for the value
// the tape writer would store, or throws LEAVE for a value it does not print: one the writer
// refuses (toJson then goes through the tape, which throws the InputError) or one whose JSON only
// the C++ printers know (a Map value, a closed enum's undefined number, unknown fields).
export const LEAVE = { leave: true };
// Past about this many characters in one list or map the printer leaves too: a JS string built of
// millions of pieces costs more in garbage collection than the tape and the C++ printer do
// (BENCHMARKS.md: partialSketch's 82 MB toJson).
export const JS_JSON_LIMIT = 1 << 18;
/** @returns {never} */
export function leave() {
  throw LEAVE;
}
export function jBool(v) {
  return v === true ? "true" : v === false ? "false" : leave();
}
export function jI32(v) {
  return typeof v === "number" && (v | 0) === v ? String(v | 0) : leave();
}
export function jU32(v) {
  return typeof v === "number" && v >>> 0 === v ? String(v) : leave();
}
/** An enum value: its quoted name from `names`, else the number (open enums only). */
export function jEnum(v, names, closed, asInteger) {
  if (typeof v !== "number" || (v | 0) !== v) leave();
  const name = names[v];
  if (name === undefined) return closed ? leave() : String(v | 0);
  return asInteger ? String(v | 0) : name;
}
const INT64_DECIMAL = /^-?\d+$/;
function j64(v, signed) {
  if (typeof v === "number") {
    const min = signed ? -9223372036854775808 : 0,
      max = signed ? 9223372036854775808 : 18446744073709551616;
    return Number.isInteger(v) && v >= min && v < max ? `"${v}"` : leave();
  }
  if (typeof v === "string" && INT64_DECIMAL.test(v)) v = BigInt(v);
  if (typeof v !== "bigint" || (signed ? BigInt.asIntN(64, v) : BigInt.asUintN(64, v)) !== v) leave();
  return `"${v}"`;
}
export function jI64(v) {
  return j64(v, true);
}
export function jU64(v) {
  return j64(v, false);
}
function jNonFinite(v) {
  return v !== v ? '"NaN"' : v > 0 ? '"Infinity"' : '"-Infinity"';
}
// A double as C++ prints it (protobuf's SimpleDtoa: "%.15g" where it reads back, else "%.17g").
export function jF64(v) {
  if (typeof v !== "number") leave();
  if (v === 0) return 1 / v > 0 ? "0" : "-0";
  if (v - v !== 0) return jNonFinite(v);
  // JS's shortest text is %.15g's where it has at most 15 digits and no exponent in either.
  const s = String(v);
  const digits = s.length - (v < 0 ? 1 : 0) - (s.includes(".") ? 1 : 0);
  if (digits <= 15 && !s.includes("e") && !s.startsWith(v < 0 ? "-0.0000" : "0.0000")) return s;
  const s15 = v.toPrecision(15);
  return Number(s15) === v ? printfG(v, 15) : printfG(v, 17);
}
const FLOAT_MIN_NORMAL = 1.1754943508222875e-38;
// A float (the value rounded as the tape stores it) as C++ prints it (SimpleFtoa: "%.6g" where
// it reads back as the float, else "%.9g"; subnormals always "%.9g"), through the same short
// decimal search first (toPrecision is most of a toJson in V8).
export function jF32(v) {
  if (typeof v !== "number") leave();
  const f = Math.fround(v);
  if (f === 0) return 1 / f > 0 ? "0" : "-0";
  if (f - f !== 0) return jNonFinite(f);
  const short = shortFloat(f);
  if (short !== "") return short;
  return printfG(f, Math.abs(f) >= FLOAT_MIN_NORMAL && Math.fround(Number(f.toPrecision(6))) === f ? 6 : 9);
}
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));
const FLOAT_BITS = new Uint32Array(1),
  FLOAT_VALUE = new Float32Array(FLOAT_BITS.buffer);
// Whether the decimal `quotient` (one division rounded it) reads back as the positive float
// `value`, as core/text/decimal.cc's ReadsBack: rounding to double, then to float, differs
// from rounding once only where the double lands halfway between two floats.
function floatReadsBack(quotient, value) {
  const f = Math.fround(quotient);
  if (f !== value) return false;
  if (f === quotient) return true;
  FLOAT_VALUE[0] = f;
  FLOAT_BITS[0] += quotient > value ? 1 : -1; // the next float towards quotient
  return (f + FLOAT_VALUE[0]) / 2 !== quotient;
}
// core/text/decimal.cc's WriteShortDecimal(f, 6, float): the fewest decimals k whose m / 10^k
// (m < 10^6) reads back, printed as %g would; "" where there is none.
function shortFloat(f) {
  const magnitude = Math.abs(f);
  if (!(magnitude < 1e6) || magnitude < 1e-22) return "";
  let m = 0,
    k = 0;
  for (; ; ++k) {
    if (k > 22) return "";
    const product = magnitude * POWERS_OF_TEN[k];
    m = Math.round(product);
    if (m - product === 0.5 && m % 2 !== 0) m -= 1; // nearbyint: ties to even
    if (m >= 1e6) return "";
    if (m !== 0 && floatReadsBack(m / POWERS_OF_TEN[k], magnitude)) break;
  }
  const digits = String(m),
    count = digits.length,
    exponent = count - 1 - k;
  let end = count; // the fraction's trailing zeros off
  while (end > count - k && digits.charCodeAt(end - 1) === 48) end--;
  let text;
  if (exponent < -4) {
    text = `${digits[0]}${end > 1 ? "." + digits.slice(1, end) : ""}e-${-exponent < 10 ? "0" : ""}${-exponent}`;
  } else if (exponent >= 0) {
    text = digits.slice(0, count - k) + (end > count - k ? "." + digits.slice(count - k, end) : "");
  } else {
    text = "0." + "0".repeat(-exponent - 1) + digits.slice(0, end);
  }
  return f < 0 ? "-" + text : text;
}
// printf's "%.<p>g" of a finite nonzero v. toExponential rounds a tie away from zero and printf
// to even; a tie at 17 (or 9) digits needs v's exact decimal to have exactly one digit more, a
// 5, which toExponential with more digits shows. (At 15 or 6 digits a tie never reads back, so
// the caller has gone on to 17 or 9 by then.)
function printfG(v, p) {
  let s = v.toExponential(p - 1);
  if (p === 17 || p === 9) {
    const longer = v.toExponential(p);
    const e = longer.indexOf("e");
    if (longer.charCodeAt(e - 1) === 53 && (longer.charCodeAt(e - 2) & 1) === 0) {
      const exact = v.toExponential(p + 40);
      const tail = exact.slice(exact.indexOf(".") + p + 1, exact.indexOf("e"));
      if (/^0*$/.test(tail)) s = longer.slice(0, e - 1) + longer.slice(e);
    }
  }
  const negative = v < 0,
    e = s.indexOf("e"),
    exponent = Number(s.slice(e + 1));
  const digits = s
    .slice(negative ? 1 : 0, e)
    .replace(".", "")
    .replace(/0+$/, "");
  let text;
  if (exponent < -4 || exponent >= p) {
    const magnitude = Math.abs(exponent);
    text = `${digits[0]}${digits.length > 1 ? "." + digits.slice(1) : ""}e${exponent < 0 ? "-" : "+"}${magnitude < 10 ? "0" : ""}${magnitude}`;
  } else if (exponent < 0) {
    text = "0." + "0".repeat(-exponent - 1) + digits;
  } else if (digits.length <= exponent + 1) {
    text = digits + "0".repeat(exponent + 1 - digits.length);
  } else {
    text = digits.slice(0, exponent + 1) + "." + digits.slice(exponent + 1);
  }
  return negative ? "-" + text : text;
}
// Characters that stand for themselves in C++'s JSON strings: printable ASCII but '"', '\\', '<', '>'.
const JSON_PLAIN = /^[\x20\x21\x23-\x3b\x3d\x3f-\x5b\x5d-\x7e]*$/;
const JSON_SHORT_ESCAPES = { 34: '\\"', 92: "\\\\", 8: "\\b", 9: "\\t", 10: "\\n", 12: "\\f", 13: "\\r" };
// Code points C++'s JSON printers write as \u escapes besides controls, '<' and '>': ascending
// [first, last] ranges, from core/format/json_escapes.h through the contract.
/** @type {[number, number][]} */
let JSON_HEX_ESCAPES = [];
/** Sets the \u-escaped ranges (the contract's json_hex_escapes; runtime.js calls it at load). */
export function useJsonHexEscapes(ranges) {
  JSON_HEX_ESCAPES = ranges;
}
function jsonHexEscaped(cp) {
  for (const [first, last] of JSON_HEX_ESCAPES) {
    if (cp < first) return false;
    if (cp <= last) return true;
  }
  return false;
}
const hex4 = (unit) => "\\u" + unit.toString(16).padStart(4, "0");
export function jStr(v) {
  if (typeof v !== "string") leave();
  return JSON_PLAIN.test(v) ? `"${v}"` : jsonEscaped(v);
}
function jsonEscaped(v) {
  let out = '"',
    plain = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f && c !== 34 && c !== 92 && c !== 60 && c !== 62) continue;
    let cp = c,
      units = 1;
    if (c >= 0xd800 && c < 0xe000) {
      const next = v.charCodeAt(i + 1);
      if (c >= 0xdc00 || !(next >= 0xdc00 && next < 0xe000)) leave(); // a lone surrogate: the writer refuses it
      cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
      units = 2;
    }
    const short = JSON_SHORT_ESCAPES[c];
    if (short !== undefined || cp < 0x20 || c === 60 || c === 62 || jsonHexEscaped(cp)) {
      out += v.slice(plain, i) + (short ?? (units === 2 ? hex4(c) + hex4(v.charCodeAt(i + 1)) : hex4(c)));
      plain = i + units;
    }
    i += units - 1;
  }
  return out + v.slice(plain) + '"';
}
const BASE64_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
export function jBytes(v) {
  if (!(v instanceof Uint8Array) || v.length > JS_JSON_LIMIT) leave();
  const n = v.length,
    d = BASE64_DIGITS;
  let out = '"',
    i = 0;
  for (; i + 2 < n; i += 3) {
    const x = (v[i] << 16) | (v[i + 1] << 8) | v[i + 2];
    out += d[x >> 18] + d[(x >> 12) & 63] + d[(x >> 6) & 63] + d[x & 63];
  }
  if (i + 1 === n) out += d[v[i] >> 2] + d[(v[i] & 3) << 4] + "==";
  else if (i + 2 === n) out += d[v[i] >> 2] + d[((v[i] & 3) << 4) | (v[i + 1] >> 4)] + d[(v[i + 1] & 15) << 2] + "=";
  return out + '"';
}
/** A message value the tape writer takes as it is: a plain object literal. */
export function jObject(v) {
  return v !== null && typeof v === "object" && v.constructor === Object ? v : leave();
}
/** A list value (an array or typed array, as the writer's isList). */
export function jList(v) {
  return Array.isArray(v) || (ArrayBuffer.isView(v) && !(v instanceof DataView)) ? v : leave();
}
// UTF-8's order of two strings (code point order): UTF-16's, but for surrogates, which stand for
// code points above U+FFFF.
function utf8Order(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i),
      y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x < 0xe000 ? x + 0x2000 : x - 0x800;
      y = y < 0xe000 ? y + 0x2000 : y - 0x800;
    }
    return x - y;
  }
  return a.length - b.length;
}
// A map value's keys in the order C++ prints them, as [key, its JSON member name] pairs: strings
// bytewise in UTF-8, numbers by value, false before true. Keys the writer reads otherwise
// (non-canonical numbers) leave to the tape.
export function jMapKeys(v, kind) {
  const keys = Object.keys(jObject(v));
  if (kind === "string") return keys.sort(utf8Order).map((k) => [k, jStr(k)]);
  if (kind === "bool") {
    for (const k of keys) if (k !== "true" && k !== "false") leave();
    return keys.sort().map((k) => [k, `"${k}"`]);
  }
  const wide = kind === "int64" || kind === "uint64";
  const pairs = keys.map((k) => {
    const n = wide ? (INT64_DECIMAL.test(k) ? BigInt(k) : leave()) : Number(k);
    if (String(n) !== k) leave();
    if (wide) {
      j64(/** @type {bigint} */ (n), kind === "int64"); // in range, or leaves
    } else {
      const x = Number(n);
      if (kind === "int32" ? (x | 0) !== x : x >>> 0 !== x) leave();
    }
    return [k, `"${k}"`, n];
  });
  return pairs.sort((a, b) => (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0));
}
