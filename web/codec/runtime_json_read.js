// proto3 JSON read in JS: the cursor and value readers the generated p_* readers call
// (gen/js/json_reader.cc). They read the JSON text once, straight into the plain objects decode()
// returns, with no JSON.parse, no tape and no call into wasm. Every reader accepts only what
// core/format/json_reader.cc accepts and gives the value it would; for anything else (an error, or
// a form it leaves to C++: exponents in integers, enum names it lacks, unknown members, whitespace
// in base64) it throws LEAVE, and fromJson reads the text in wasm instead, which answers with the
// value or the error and its position. Spliced into runtime.js like runtime_json.js.
import { leave } from "./runtime_json.js";

// The text being read, the cursor in it, and how 64-bit integers come out (the codec's int64
// option: jBegin's `int64`).
let J = "",
  JP = 0;
/** @type {{ small: (n: number, unsigned: boolean) => any, big: (b: bigint, unsigned: boolean) => any }} */
let INT64_OUT = { small: (n) => n, big: (b) => b };

/**
 * Starts reading `text`; int64: { small(n, unsigned) for a safe integer, big(b, unsigned) for a
 * bigint } -> the JS value of a 64-bit field (`unsigned`: uint64 or fixed64).
 */
export function jBegin(text, int64) {
  J = text;
  JP = 0;
  INT64_OUT = int64;
}
/** Leaves unless only whitespace follows the value read. */
export function jEnd() {
  jPeek();
  if (JP !== J.length) leave();
  J = "";
}
// The code of the next character that is not JSON whitespace (NaN at the end). The loops over
// characters keep text and cursor in locals: V8 reloads and stores module-scope ones per step.
function jPeek() {
  const s = J;
  let p = JP,
    c = s.charCodeAt(p);
  while (c === 32 || c === 10 || c === 13 || c === 9) c = s.charCodeAt(++p);
  JP = p;
  return c;
}
// jPeek, with the common case (no whitespace before the next token) small enough for V8 to inline.
function jAt() {
  const c = J.charCodeAt(JP);
  return c > 32 ? c : jPeek();
}
/** At '{': true when a member follows, false past an empty object's '}'. */
export function jOpen() {
  if (jAt() !== 123) leave();
  JP++;
  if (jAt() !== 125) return true;
  JP++;
  return false;
}
// Past the ':' after a member's name.
function jColon() {
  if (jAt() !== 58) leave();
  JP++;
}
/** A member's name, the cursor past its ':'. */
export function jKey() {
  if (jAt() !== 34) leave();
  const key = jString();
  jColon();
  return key;
}
// Whether the n units of `s` at `at` are the first n of `name`.
function unitsAre(s, at, name, n) {
  let i = 0;
  while (i < n && s.charCodeAt(at + i) === name.charCodeAt(i)) i++;
  return i === n;
}
/**
 * A member's name as its index in `names` (a message's member names), the cursor past its ':';
 * leaves when it is none of them. names[hint] is tried first (JSON printed from a message has its
 * fields in order). Compared a unit at a time in place: no string made, one call per member.
 */
export function jField(names, hint) {
  if (jAt() !== 34) leave();
  const s = J,
    start = JP + 1,
    count = names.length;
  // The name expected next, compared as it is read: the name then its closing quote.
  if (hint < count && unitsAre(s, start, names[hint], names[hint].length)) {
    const end = start + names[hint].length;
    if (s.charCodeAt(end) === 34) {
      JP = end + 1;
      jColon();
      return hint;
    }
  }
  let p = start,
    c = s.charCodeAt(p);
  while (c !== 34) {
    if (c === 92 || !(c >= 32) || (c & 0xf800) === 0xd800) return jFieldEscaped(names);
    c = s.charCodeAt(++p);
  }
  const length = p - start;
  JP = p + 1;
  jColon();
  for (let k = 0; k < count; k++) if (names[k].length === length && unitsAre(s, start, names[k], length)) return k;
  return leave();
}
function jFieldEscaped(names) {
  const at = names.indexOf(jKey());
  return at < 0 ? leave() : at;
}
/** After a member: true past a ',' (another member follows), false past the object's '}'. */
export function jNext() {
  const c = jAt();
  JP++;
  if (c === 44) return true;
  if (c !== 125) leave();
  return false;
}
/** At '[': true when an element follows, false past an empty array's ']'. */
export function jArray() {
  if (jAt() !== 91) leave();
  JP++;
  if (jAt() !== 93) return true;
  JP++;
  return false;
}
/** After an element: true past a ',', false past the array's ']'. */
export function jNextElement() {
  const c = jAt();
  JP++;
  if (c === 44) return true;
  if (c !== 93) leave();
  return false;
}
/** Reads a null (true), or leaves the cursor at the value that is not one (false). */
export function jNull() {
  if (jAt() !== 110) return false;
  const s = J,
    p = JP;
  if (s.charCodeAt(p + 1) !== 117 || s.charCodeAt(p + 2) !== 108 || s.charCodeAt(p + 3) !== 108) leave();
  JP = p + 4;
  return true;
}

// ---- strings ----

// The string at the cursor (at its '"'), the cursor past it. Well-formed UTF-16 only: a lone
// surrogate, escaped (an error in C++) or not (U+FFFD in the UTF-8 wasm would read), leaves.
function jString() {
  const s = J,
    start = JP + 1;
  let p = start,
    c = s.charCodeAt(p);
  while (c !== 34) {
    // !(c >= 32): also the end of the text (NaN)
    if (c === 92 || !(c >= 32) || (c & 0xf800) === 0xd800) {
      JP = p;
      return jStringSlow(start);
    }
    c = s.charCodeAt(++p);
  }
  JP = p + 1;
  return s.slice(start, p);
}
function hexUnit(at) {
  let v = 0;
  for (let i = at; i < at + 4; i++) {
    const c = J.charCodeAt(i),
      lower = c | 0x20;
    const d = c >= 48 && c <= 57 ? c - 48 : lower >= 97 && lower <= 102 ? lower - 87 : -1;
    if (d < 0) leave();
    v = v * 16 + d;
  }
  return v;
}
const ESCAPED = { 34: '"', 92: "\\", 47: "/", 98: "\b", 102: "\f", 110: "\n", 114: "\r", 116: "\t" };
function jStringSlow(start) {
  let out = "",
    run = start;
  for (;;) {
    const c = J.charCodeAt(JP);
    if (c === 34) break;
    if (c !== c || c < 32) leave(); // the end of the text, or a control character
    if ((c & 0xf800) === 0xd800) {
      const low = J.charCodeAt(JP + 1);
      if (c >= 0xdc00 || !(low >= 0xdc00 && low <= 0xdfff)) leave();
      JP += 2;
      continue;
    }
    if (c !== 92) {
      JP++;
      continue;
    }
    out += J.slice(run, JP);
    const e = J.charCodeAt(JP + 1);
    if (e === 117) {
      const unit = hexUnit(JP + 2);
      JP += 6;
      if (unit >= 0xd800 && unit <= 0xdfff) {
        if (unit >= 0xdc00 || J.charCodeAt(JP) !== 92 || J.charCodeAt(JP + 1) !== 117) leave();
        const low = hexUnit(JP + 2);
        if (low < 0xdc00 || low > 0xdfff) leave();
        JP += 6;
        out += String.fromCharCode(unit, low);
      } else {
        out += String.fromCharCode(unit);
      }
    } else {
      const s = ESCAPED[e];
      if (s === undefined) leave();
      out += s;
      JP += 2;
    }
    run = JP;
  }
  return out + J.slice(run, JP++);
}
/** A string value. */
export function jpStr() {
  if (jAt() !== 34) leave();
  return jString();
}

// ---- numbers ----

const isDigit = (c) => c >= 48 && c <= 57;
// The value of the number literal at the cursor (JSON's grammar), the cursor past it, as strtod
// reads it: correctly rounded. A literal of at most 15 significant digits and a power of ten up to
// 22 is one rounding of two exact doubles (Clinger's fast path); any other goes through Number().
function jNumber() {
  const s = J,
    start = JP;
  let p = start,
    c = s.charCodeAt(p);
  const negative = c === 45;
  if (negative) c = s.charCodeAt(++p);
  let mantissa = 0,
    digits = 0,
    scale = 0;
  if (c === 48) {
    c = s.charCodeAt(++p);
  } else if (isDigit(c)) {
    do {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      c = s.charCodeAt(++p);
    } while (isDigit(c));
  } else {
    leave();
  }
  if (c === 46) {
    c = s.charCodeAt(++p);
    if (!isDigit(c)) leave();
    do {
      if (mantissa !== 0 || c !== 48) digits++;
      mantissa = mantissa * 10 + (c - 48);
      scale--;
      c = s.charCodeAt(++p);
    } while (isDigit(c));
  }
  if (c === 101 || c === 69) {
    c = s.charCodeAt(++p);
    let sign = 1,
      exponent = 0;
    if (c === 43 || c === 45) {
      if (c === 45) sign = -1;
      c = s.charCodeAt(++p);
    }
    if (!isDigit(c)) leave();
    do {
      if (exponent < 100000) exponent = exponent * 10 + (c - 48);
      c = s.charCodeAt(++p);
    } while (isDigit(c));
    scale += sign * exponent;
  }
  JP = p;
  let v;
  if (digits <= 15 && scale >= -22 && scale <= 22) {
    v = scale < 0 ? mantissa / POWERS_OF_TEN_22[-scale] : mantissa * POWERS_OF_TEN_22[scale];
  } else {
    v = Number(s.slice(negative ? start + 1 : start, p));
  }
  return negative ? -v : v;
}
const POWERS_OF_TEN_22 = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));

// An integer written as a plain JSON number or a string of one, without fraction or exponent
// (C++ takes those where whole: they leave), of at most 15 digits, so exact; as a number with
// no negative zero. More digits: a string of them in jBigDigits, and NaN.
let jBigDigits = "";
function jInteger(wide) {
  let c = jAt();
  const s = J,
    quoted = c === 34;
  let p = JP;
  if (quoted) c = s.charCodeAt(++p);
  const start = p;
  if (c === 45) c = s.charCodeAt(++p);
  let n = 0;
  const first = p;
  if (c === 48) {
    c = s.charCodeAt(++p);
  } else {
    while (isDigit(c)) {
      n = n * 10 + (c - 48);
      c = s.charCodeAt(++p);
    }
  }
  const digits = p - first;
  if (digits === 0 || isDigit(c) || c === 46 || c === 101 || c === 69) leave();
  if (quoted && c !== 34) leave();
  JP = quoted ? p + 1 : p;
  if (digits > 15) {
    if (!wide || digits > 20) leave();
    jBigDigits = s.slice(start, p);
    return NaN;
  }
  return first > start ? 0 - n : n;
}
/** int32, sint32, sfixed32. */
export function jpI32() {
  const v = jInteger(false);
  if (!(v >= -2147483648 && v <= 2147483647)) leave();
  return v;
}
/** uint32, fixed32. */
export function jpU32() {
  const v = jInteger(false);
  if (!(v >= 0 && v <= 4294967295)) leave();
  return v;
}
function jp64(signed) {
  const v = jInteger(true);
  if (v === v) {
    if (!signed && v < 0) leave();
    return INT64_OUT.small(v, !signed);
  }
  const b = BigInt(jBigDigits);
  if ((signed ? BigInt.asIntN(64, b) : BigInt.asUintN(64, b)) !== b) leave();
  return INT64_OUT.big(b, !signed);
}
/** int64, sint64, sfixed64 (as the codec's int64 option gives them). */
export function jpI64() {
  return jp64(true);
}
/** uint64, fixed64. */
export function jpU64() {
  return jp64(false);
}
const NUMBER_TEXT = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?$/;
/** double: a number, or a string of one or of NaN, Infinity, -Infinity; finite numbers only. */
export function jpF64() {
  const c = jAt();
  let v;
  if (c === 34) {
    const s = jString();
    if (s === "NaN") return NaN;
    if (s === "Infinity") return Infinity;
    if (s === "-Infinity") return -Infinity;
    if (!NUMBER_TEXT.test(s)) leave();
    v = Number(s);
  } else {
    v = jNumber();
  }
  if (v - v !== 0) leave(); // past the range of a double
  return v;
}
const FLOAT_MAX = 3.4028234663852886e38;
/** float: as double, past FLT_MAX by at most its rounding taken as FLT_MAX (as C++ does). */
export function jpF32() {
  const v = jpF64();
  const magnitude = Math.abs(v);
  if (magnitude <= FLOAT_MAX || magnitude !== magnitude) return Math.fround(v);
  if (magnitude === Infinity) return v;
  if (magnitude > 3.4028235677973366e38) leave();
  return v < 0 ? -FLOAT_MAX : FLOAT_MAX;
}
/** bool: true or false. */
export function jpBool() {
  const c = jAt(),
    s = J,
    p = JP;
  if (c === 116 && s.charCodeAt(p + 1) === 114 && s.charCodeAt(p + 2) === 117 && s.charCodeAt(p + 3) === 101) {
    JP = p + 4;
    return true;
  }
  if (
    c === 102 &&
    s.charCodeAt(p + 1) === 97 &&
    s.charCodeAt(p + 2) === 108 &&
    s.charCodeAt(p + 3) === 115 &&
    s.charCodeAt(p + 4) === 101
  ) {
    JP = p + 5;
    return false;
  }
  return leave();
}
/** An enum: a name of `numbers` (name -> number), or an integer (of `names`' numbers when closed). */
export function jpEnum(numbers, names, closed) {
  if (jAt() === 34) {
    const v = numbers.get(jString());
    return v === undefined ? leave() : v;
  }
  const v = jpI32();
  if (closed && names[v] === undefined) leave();
  return v;
}

// ---- bytes ----

const BASE64_VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++)
  BASE64_VALUES["ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".charCodeAt(i)] = i;
BASE64_VALUES[45] = 62; // '-' and '_': the URL-safe alphabet
BASE64_VALUES[95] = 63;
/** bytes: base64, standard or URL-safe, padding optional (as core/text/base64.cc, but whitespace leaves). */
export function jpBytes() {
  const s = jpStr(),
    n = s.length;
  const out = new Uint8Array((n * 3) >> 2);
  let buffer = 0,
    bits = 0,
    symbols = 0,
    size = 0;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 61) {
      if ((symbols & 3) === 1) leave();
      bits = 0;
      symbols = 0;
      continue;
    }
    const v = c < 128 ? BASE64_VALUES[c] : -1;
    if (v < 0) leave();
    symbols++;
    buffer = ((buffer << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[size++] = buffer >> bits;
    }
  }
  if ((symbols & 3) === 1) leave();
  return size === out.length ? out : out.slice(0, size);
}

// ---- map keys (member names) as the tape reader names them ----

const INTEGER_KEY = /^-?(?:0|[1-9]\d*)$/;
/** An integer key of `kind` ("int32", "uint32", "int64", "uint64"), named as the tape reader names it. */
export function jKeyInt(k, kind) {
  if (!INTEGER_KEY.test(k)) leave();
  if (kind === "int64" || kind === "uint64") {
    const b = BigInt(k);
    if ((kind === "int64" ? BigInt.asIntN(64, b) : BigInt.asUintN(64, b)) !== b) leave();
  } else if (k.length > 11 || (kind === "int32" ? (Number(k) | 0) !== Number(k) : Number(k) >>> 0 !== Number(k))) {
    leave();
  }
  return k === "-0" ? "0" : k;
}
/** A bool key. */
export function jKeyBool(k) {
  return k === "true" || k === "false" ? k : leave();
}
