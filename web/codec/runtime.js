// The JS half of a wirelens codec: loads the wasm, moves messages over the tape (one wasm call
// per encode or decode; core/jsbind/tape.h has the layout) and checks what users pass in.
// web/codec/assemble.mjs puts the generated readers/writers where the SCHEMAS marker is, the
// wasm where the WASM marker is and the C++ half's contract where the CONTRACT marker is; this
// file alone is not a usable module.

const WASM_BASE64 = /*@@WASM@@*/ "";
// What the C++ half defines and this file uses (core/jsbind/contract.cc, wl_contract, run by the
// assembler): the State struct's fields as word indices, the tape's string flags and depth limit,
// buffer ids, resident field operations, error kinds, the layouts resident getters read.
/** @type {any} */
const CONTRACT = /*@@CONTRACT@@*/ {};
// The JSON helpers of the generated j_* printers (runtime_json.js, spliced in here by the assembler).
import { LEAVE, jObject, useJsonHexEscapes } from "./runtime_json.js";
// The cursor of the generated p_* JSON readers (runtime_json_read.js, spliced in the same way).
import { jBegin, jEnd } from "./runtime_json_read.js";
useJsonHexEscapes(CONTRACT.json_hex_escapes);

/** Base class of every error the codec throws. */
export class WirelensError extends Error {
  constructor(message) {
    super(message);
    this.name = new.target.name;
  }
}

// ErrorKind names and sentences by number.
/** @type {[string, string][]} */
const KINDS = CONTRACT.kinds;

/** Malformed protobuf bytes: `kind` (e.g. "truncated") and the byte `offset` where it starts. */
export class DecodeError extends WirelensError {
  constructor(kind, offset) {
    const [name, sentence] = KINDS[kind] ?? ["unknown", "unknown error"];
    super(`${sentence} at byte ${offset}`);
    this.kind = name;
    this.offset = offset;
  }
}

/**
 * JSON or text format that does not read (the message says "line:column: field path: what is
 * wrong"), or a message that has no JSON form (an Any of a type outside the schema).
 */
export class FormatError extends WirelensError {}

/** A JS value that cannot be encoded: `path` ("inner.outer.bool[2]") names the field. */
export class InputError extends WirelensError {
  constructor(segments, reason) {
    super(reason);
    this.segments = segments;
    this.reason = reason;
    this.update();
  }
  get path() {
    return this.segments.join(".");
  }
  update() {
    this.message = this.segments.length ? `${this.path}: ${this.reason}` : this.reason;
  }
}

function base64Bytes(text) {
  if (typeof Buffer === "function") return Buffer.from(text, "base64");
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/**
 * Instantiates the codec. options: int64 ("bigint" default | "number" | "string" | "long" with
 * options.Long, a long.js-compatible class), wasm (bytes or a WebAssembly.Module instead of the
 * embedded copy). Resolves to an object with one codec per message type.
 */
export async function load(options = {}) {
  const source = options.wasm ?? base64Bytes(WASM_BASE64);
  const imports = {
    wasi_snapshot_preview1: {
      proc_exit(code) {
        throw new WirelensError(`wasm codec aborted (exit ${code})`);
      },
    },
  };
  const instance =
    source instanceof WebAssembly.Module
      ? await WebAssembly.instantiate(source, imports)
      : (await WebAssembly.instantiate(source, imports)).instance;
  return bind(instance.exports, options);
}

function bind(ex, options) {
  if (ex._initialize) ex._initialize();
  const memory = ex.memory;
  let U8 = new Uint8Array(0),
    U32,
    I32,
    U16,
    F32,
    F64,
    I64,
    U64;
  // After a call that may have grown memory: growth detaches the old buffer, and a detached view
  // has length 0 (cheaper to test than reading memory.buffer, which showed in profiles).
  function views() {
    if (U8.length !== 0) return;
    const BUF = memory.buffer;
    U8 = new Uint8Array(BUF);
    U16 = new Uint16Array(BUF);
    U32 = new Uint32Array(BUF);
    I32 = new Int32Array(BUF);
    F32 = new Float32Array(BUF);
    F64 = new Float64Array(BUF);
    I64 = new BigInt64Array(BUF);
    U64 = new BigUint64Array(BUF);
  }
  const contract = CONTRACT;
  const S = ex.wl_state() >> 2,
    state = contract.state;
  const S_TAPE = S + state.tape,
    S_TAPE_WORDS = S + state.tape_words,
    S_TAPE_END = S + state.tape_end,
    S_BYTES = S + state.bytes,
    S_BYTES_CAP = S + state.bytes_capacity,
    S_INPUT = S + state.input,
    S_INPUT_CAP = S + state.input_capacity,
    S_OUTPUT = S + state.output,
    S_OUTPUT_SIZE = S + state.output_size,
    S_ERROR_OFFSET = S + state.error_offset,
    S_TEXT = S + state.text,
    S_TEXT_SIZE = S + state.text_size,
    S_WIDE = S + state.wide,
    S_WIDE_UNITS = S + state.wide_units,
    S_SCRATCH = S + state.scratch;
  const WIDE_STRING = contract.wide_string,
    RAW_STRING = contract.raw_string,
    DEPTH_LIMIT = contract.depth_limit,
    TAPE_ERROR = contract.tape_error,
    FORMAT_ERROR = contract.format_error,
    IN_SCRATCH = contract.in_scratch;
  const { tape: TAPE_BUFFER, bytes: BYTES_BUFFER, input: INPUT_BUFFER } = contract.buffers;
  const { set: SET, clear: CLEAR, mutable: MUTABLE } = contract.field_ops;
  // Where std::string and Box keep their parts, for resident getters reading a message in place.
  const { string_size: STRING_SIZE, box_pointer: BOX_POINTER, box_present: BOX_PRESENT } = contract.layout;
  if (!contract.layout.holds) {
    throw new WirelensError(
      "internal error: this wasm's C++ library lays out std::string, std::vector or Box differently from what " +
        "resident getters read (core/jsbind/contract.cc, InPlaceLayoutHolds)",
    );
  }
  // Strings up to this many bytes are decoded by a JS loop, longer ones by TextDecoder
  // (BENCHMARKS.md: "JS API boundary").
  const SHORT_STRING = options.shortString ?? 32;
  const utf8 = new TextDecoder();
  // Node's TextDecoder goes through ICU, several times slower than Buffer's decoders
  // (BENCHMARKS.md: "strings"); browsers have only TextDecoder.
  const NodeBuffer = typeof Buffer === "function" ? Buffer : null;
  const utf16Decoder = NodeBuffer ? null : new TextDecoder("utf-16le");
  const decodeAscii = NodeBuffer
    ? (at, n) => NodeBuffer.from(U8.buffer, at, n).toString("latin1")
    : (at, n) => utf8.decode(U8.subarray(at, at + n));
  // Buffer's UTF-8 decoder replaces invalid bytes as TextDecoder does (compared on 300,000
  // malformed sequences), without ICU; its utf8Slice reads any Uint8Array without a Buffer made
  // per string (half the cost of Buffer.from(...).toString in Node 20).
  const utf8Slice = NodeBuffer?.prototype.utf8Slice;
  const decodeUtf8 =
    typeof utf8Slice === "function"
      ? (at, n) => utf8Slice.call(U8, at, at + n)
      : (at, n) => utf8.decode(U8.subarray(at, at + n));
  // Non-ASCII strings up to this many bytes are decoded by utf8Short in JS where the platform's
  // decoder is TextDecoder, whose call costs about 300 ns in Chromium and 200 ns in Firefox (a
  // 20-byte string in JS: 62 / 90 ns; 42 bytes: 162 / 183 against 343 / 228; BENCHMARKS.md
  // "resident strings"); Node's utf8Slice is cheaper than the loop.
  const SHORT_UTF8 = Math.min(options.shortUtf8 ?? (typeof utf8Slice === "function" ? 0 : 64), 256);
  const decodeUtf16 = NodeBuffer
    ? (at, n) => NodeBuffer.from(U8.buffer, at, 2 * n).toString("utf16le")
    : (at, n) => utf16Decoder.decode(U8.subarray(at, at + 2 * n));
  const utf8Encoder = new TextEncoder();
  const EMPTY_BYTES = new Uint8Array(0);
  for (const which of [TAPE_BUFFER, BYTES_BUFFER, INPUT_BUFFER]) ex.wl_reserve(which, 65536, 0);
  views();

  // Tape cursor (absolute word index), tape start and end, string byte area.
  let P = 0,
    TAPE = 0,
    TEND = 0,
    BP = 0,
    BBASE = 0,
    BCAP = 0;

  // The decoded texts of the strings on the tape being read (null until a string is read).
  /** @type {string | null} */
  let TEXT = null,
    WIDE = null;

  function outOfMemory() {
    return new WirelensError("wasm memory exhausted (the codec's limit is 2 GiB)");
  }
  function check(kind) {
    views();
    if (kind === 0) return;
    if (kind === TAPE_ERROR) throw new WirelensError("internal error: the codec rejected its own tape");
    throw new DecodeError(kind, U32[S_ERROR_OFFSET]);
  }
  function beginTape() {
    views();
    TAPE = U32[S_TAPE] >> 2;
    TEND = TAPE + U32[S_TAPE_WORDS];
    P = TAPE;
    BBASE = U32[S_BYTES];
    BCAP = U32[S_BYTES_CAP];
    BP = 0;
  }
  function endTape() {
    U32[S_TAPE_END] = P - TAPE;
  }
  function startReading() {
    P = U32[S_TAPE] >> 2;
    TEXT = WIDE = null;
  }
  function ensure(n) {
    if (P + n > TEND) growTape(n);
  }
  function growTape(n) {
    const used = P - TAPE;
    if (!ex.wl_reserve(TAPE_BUFFER, (used + n) * 4, used * 4)) throw outOfMemory();
    views();
    TAPE = U32[S_TAPE] >> 2;
    TEND = TAPE + U32[S_TAPE_WORDS];
    P = TAPE + used;
  }
  function growBytes(n) {
    if (!ex.wl_reserve(BYTES_BUFFER, BP + n, BP)) throw outOfMemory();
    views();
    BBASE = U32[S_BYTES];
    BCAP = U32[S_BYTES_CAP];
  }
  function copyIn(bytes) {
    if (!(bytes instanceof Uint8Array)) throw new InputError([], `expected a Uint8Array, got ${describe(bytes)}`);
    views();
    if (bytes.length > U32[S_INPUT_CAP]) {
      if (!ex.wl_reserve(INPUT_BUFFER, bytes.length, 0)) throw outOfMemory();
      views();
    }
    U8.set(bytes, U32[S_INPUT]);
    return bytes.length;
  }
  // A string's UTF-8 into the input buffer; its length in bytes. encodeInto writes into wasm memory
  // directly (TextEncoder.encode allocates first: about 2 us for a 233-character JSON in Node 20).
  // The buffer grows to 3 bytes per character only for text that did not fit at one per character.
  function copyStringIn(text) {
    views();
    if (text.length > U32[S_INPUT_CAP]) {
      if (!ex.wl_reserve(INPUT_BUFFER, text.length, 0)) throw outOfMemory();
      views();
    }
    let result = utf8Encoder.encodeInto(text, U8.subarray(U32[S_INPUT], U32[S_INPUT] + U32[S_INPUT_CAP]));
    if (result.read < text.length) {
      if (!ex.wl_reserve(INPUT_BUFFER, text.length * 3, 0)) throw outOfMemory();
      views();
      result = utf8Encoder.encodeInto(text, U8.subarray(U32[S_INPUT], U32[S_INPUT] + U32[S_INPUT_CAP]));
    }
    return result.written;
  }
  // Copies of up to POOL_MAX bytes are cut from a shared 8 KiB slab, as protobuf.js and Node's
  // Buffer do: allocating a small ArrayBuffer costs more than the whole encode (BENCHMARKS.md).
  const POOL_SIZE = 8192,
    POOL_MAX = 4096;
  let pool = new Uint8Array(POOL_SIZE),
    poolAt = 0;
  // A large copy goes into memory that is not zeroed first where the host offers it (Node's
  // allocUnsafeSlow: its own ArrayBuffer of exactly n bytes): zeroing 8 MB costs more than copying it.
  const allocUninitialised = NodeBuffer ? (n) => new Uint8Array(NodeBuffer.allocUnsafeSlow(n).buffer, 0, n) : null;
  function copyOut(at, n) {
    if (n > POOL_MAX) {
      if (!allocUninitialised) return U8.slice(at, at + n);
      const copy = allocUninitialised(n);
      copy.set(U8.subarray(at, at + n));
      return copy;
    }
    if (poolAt + n > POOL_SIZE) {
      pool = new Uint8Array(POOL_SIZE);
      poolAt = 0;
    }
    const start = poolAt;
    pool.set(U8.subarray(at, at + n), start);
    poolAt = (start + n + 7) & ~7;
    return pool.subarray(start, start + n);
  }
  function output(copy) {
    const at = U32[S_OUTPUT],
      n = U32[S_OUTPUT_SIZE];
    return copy ? copyOut(at, n) : U8.subarray(at, at + n);
  }

  // ---- reading values (wasm -> JS) ----
  function rdF64() {
    P += P & 1;
    const v = F64[P >> 1];
    P += 2;
    return v;
  }
  // Readers of the 64-bit integer at (even) word index w.
  const int64Readers = {
    bigint: [(w) => I64[w >> 1], (w) => U64[w >> 1], 0n, 0n],
    number: [(w) => I32[w + 1] * 4294967296 + U32[w], (w) => U32[w + 1] * 4294967296 + U32[w], 0, 0],
    string: [(w) => String(I64[w >> 1]), (w) => String(U64[w >> 1]), "0", "0"],
    long: [
      (w) => options.Long.fromBits(I32[w], I32[w + 1], false),
      (w) => options.Long.fromBits(I32[w], I32[w + 1], true),
      options.Long?.ZERO,
      options.Long?.UZERO,
    ],
  };
  const int64Mode = int64Readers[options.int64 ?? "bigint"];
  if (!int64Mode || (options.int64 === "long" && typeof options.Long?.fromBits !== "function")) {
    throw new WirelensError('options.int64 must be "bigint", "number", "string" or "long" (with options.Long)');
  }
  const [readI64, readU64, I64_ZERO, U64_ZERO] = int64Mode;
  // A 64-bit integer read from JSON (a safe integer n, or a bigint b in range) as readI64/readU64 give it.
  const longOf = (b, unsigned) =>
    options.Long.fromBits(Number(BigInt.asIntN(32, b)), Number(BigInt.asIntN(32, b >> 32n)), unsigned);
  const int64FromJson = {
    bigint: { small: (n) => BigInt(n), big: (b) => b },
    number: { small: (n) => n, big: (b) => Number(b) },
    string: { small: (n) => String(n), big: (b) => String(b) },
    long: { small: (n, unsigned) => longOf(BigInt(n), unsigned), big: longOf },
  }[options.int64 ?? "bigint"];
  function rdI64() {
    P += P & 1;
    const v = readI64(P);
    P += 2;
    return v;
  }
  function rdU64() {
    P += P & 1;
    const v = readU64(P);
    P += 2;
    return v;
  }
  function rdKeyI64() {
    P += P & 1;
    const v = String(I64[P >> 1]);
    P += 2;
    return v;
  }
  function rdKeyU64() {
    P += P & 1;
    const v = String(U64[P >> 1]);
    P += 2;
    return v;
  }
  // The two texts of the tape being read (ASCII, UTF-16) are decoded by one call each on their
  // first string and cut into strings by rdStr; short ones by String.fromCharCode, cheaper than a
  // decoder call below SHORT_STRING units.
  function readText() {
    const at = U32[S_TEXT],
      n = U32[S_TEXT_SIZE];
    return n <= SHORT_STRING ? shortString(U8, at, n) : decodeAscii(at, n);
  }
  function readWide() {
    const at = U32[S_WIDE],
      n = U32[S_WIDE_UNITS];
    return n <= SHORT_STRING ? shortString(U16, at >> 1, n) : decodeUtf16(at, n);
  }
  // fromCharCode over an Array: V8 spreads a typed array into apply's arguments slowly, and a
  // kept array of each short length spares the allocation (a 27-byte string: Chromium 101 -> 50 ns,
  // Firefox 184 -> 131 ns).
  const CODES = Array.from(
    { length: Math.max(0, Math.min(Math.max(SHORT_STRING, SHORT_UTF8), Math.max(64, SHORT_UTF8))) + 1 },
    (_, n) => new Array(n).fill(0),
  );
  const codesOf = (n) => (n < CODES.length ? CODES[n] : new Array(n));
  function shortString(view, at, n) {
    const codes = codesOf(n);
    for (let i = 0; i < n; i++) codes[i] = view[at + i];
    return String.fromCharCode.apply(null, codes);
  }
  function rdStr() {
    const at = U32[P],
      n = U32[P + 1];
    P += 2;
    if (n < WIDE_STRING) {
      if (TEXT === null) TEXT = readText();
      return TEXT.substring(at, at + n);
    }
    if (n < RAW_STRING) {
      if (WIDE === null) WIDE = readWide();
      return WIDE.substring(at, at + n - WIDE_STRING);
    }
    return utf8.decode(U8.subarray(at, at + n - RAW_STRING));
  }
  function rdBytes() {
    const at = U32[P],
      n = U32[P + 1];
    P += 2;
    return copyOut(at, n);
  }

  // ---- reading a resident message in place (byte address a; core/jsbind/jsbind.cc checks at
  // load that std::string, std::vector and Box lie as read here: libc++ on wasm32) ----
  const i64At = (a) => readI64(a >> 2);
  const u64At = (a) => readU64(a >> 2);
  // A std::string: a short one holds its bytes first and its size in its last byte (high bit
  // clear); a long one has that bit set, and data pointer and size in its first two words.
  function strAt(a) {
    const b = U8[a + 11];
    return b < 0x80 ? utf8At(a, b) : utf8At(U32[a >> 2], U32[(a + 4) >> 2]);
  }
  function sizeAt(a) {
    const b = U8[a + 11];
    return b < 0x80 ? b : U32[(a + 4) >> 2];
  }
  function bytesAt(a) {
    const b = U8[a + 11];
    return b < 0x80 ? copyOut(a, b) : copyOut(U32[a >> 2], U32[(a + 4) >> 2]);
  }
  // UTF-8 (not validated: invalid bytes become U+FFFD, as decode() does with proto2 strings).
  function utf8At(at, n) {
    if (n > SHORT_STRING) return n <= SHORT_UTF8 ? utf8Short(at, n) : decodeUtf8(at, n);
    const codes = codesOf(n);
    for (let i = 0; i < n; i++) {
      const c = U8[at + i];
      if (c >= 0x80) return n <= SHORT_UTF8 ? utf8Short(at, n) : decodeUtf8(at, n);
      codes[i] = c;
    }
    return String.fromCharCode.apply(null, codes);
  }
  // The n <= SHORT_UTF8 bytes at `at` as TextDecoder decodes them (WHATWG UTF-8 decode: each
  // maximal ill-formed subsequence becomes one U+FFFD). At most one UTF-16 unit per byte.
  const UNITS = new Array(SHORT_UTF8).fill(0);
  function utf8Short(at, n) {
    const end = at + n;
    let units = 0,
      needed = 0,
      seen = 0,
      point = 0,
      lower = 0x80,
      upper = 0xbf;
    for (let i = at; i < end; i++) {
      const b = U8[i];
      if (needed === 0) {
        if (b < 0x80) UNITS[units++] = b;
        else if (b >= 0xc2 && b <= 0xdf) {
          needed = 1;
          point = b & 0x1f;
        } else if (b >= 0xe0 && b <= 0xef) {
          if (b === 0xe0) lower = 0xa0;
          else if (b === 0xed) upper = 0x9f;
          needed = 2;
          point = b & 0xf;
        } else if (b >= 0xf0 && b <= 0xf4) {
          if (b === 0xf0) lower = 0x90;
          else if (b === 0xf4) upper = 0x8f;
          needed = 3;
          point = b & 0x7;
        } else {
          UNITS[units++] = 0xfffd;
        }
        continue;
      }
      if (b < lower || b > upper) {
        // The sequence ends here; this byte starts the next one.
        needed = seen = 0;
        lower = 0x80;
        upper = 0xbf;
        UNITS[units++] = 0xfffd;
        i--;
        continue;
      }
      lower = 0x80;
      upper = 0xbf;
      point = (point << 6) | (b & 0x3f);
      if (++seen !== needed) continue;
      if (point > 0xffff) {
        point -= 0x10000;
        UNITS[units++] = 0xd800 | (point >> 10);
        UNITS[units++] = 0xdc00 | (point & 0x3ff);
      } else {
        UNITS[units++] = point;
      }
      needed = seen = 0;
    }
    if (needed !== 0) UNITS[units++] = 0xfffd;
    const codes = codesOf(units);
    for (let i = 0; i < units; i++) codes[i] = UNITS[i];
    return String.fromCharCode.apply(null, codes);
  }
  // The node after std::map node n in key order (libc++'s __tree_next_iter; links at words 0, 1, 2:
  // left, right, parent): the leftmost node of its right subtree, else the parent of the first
  // ancestor that is a left child. After the last node comes the map's end node.
  function treeNext(n) {
    let r = U32[(n + 4) >> 2];
    if (r !== 0) {
      for (let l = U32[r >> 2]; l !== 0; l = U32[r >> 2]) r = l;
      return r;
    }
    for (;;) {
      const parent = U32[(n + 8) >> 2];
      if (U32[parent >> 2] === n) return parent;
      n = parent;
    }
  }
  // A type's MessageLayout (generated C++): byte offsets of its size, has-bits, oneof cases, fields.
  function layout(full, count) {
    const w = ex[`wl:${full}:layout`]() >> 2;
    views();
    if (U32[w] !== count) throw new WirelensError(`internal error: the layout of ${full} does not match its getters`);
    return Array.from(U32.subarray(w + 1, w + 1 + count));
  }

  // ---- checking and writing values (JS -> wasm) ----
  function describe(v) {
    if (v === null) return "null";
    if (typeof v === "string") return JSON.stringify(v.length > 40 ? v.slice(0, 40) + "…" : v);
    if (typeof v === "bigint") return `${v}n`;
    if (typeof v === "object") return v.constructor?.name ?? "object";
    return typeof v === "number" || typeof v === "boolean" ? String(v) : typeof v;
  }
  function inputError(field, expected, v) {
    return new InputError(field == null ? [] : [field], `expected ${expected}, got ${describe(v)}`);
  }
  function atPath(e, field, index) {
    if (!(e instanceof InputError) || field == null) return e;
    e.segments.unshift(
      index === undefined ? field : `${field}[${typeof index === "string" ? JSON.stringify(index) : index}]`,
    );
    e.update();
    return e;
  }
  function cI32(v, f) {
    if (typeof v === "number" && (v | 0) === v) return v;
    throw inputError(f, "an int32 (an integer in [-2^31, 2^31))", v);
  }
  function cU32(v, f) {
    if (typeof v === "number" && v >>> 0 === v) return v;
    throw inputError(f, "a uint32 (an integer in [0, 2^32))", v);
  }
  function cBool(v, f) {
    if (v === true) return 1;
    if (v === false) return 0;
    throw inputError(f, "a boolean", v);
  }
  function cNum(v, f) {
    if (typeof v === "number") return v;
    throw inputError(f, "a number", v);
  }
  function wrF64(v, f) {
    P += P & 1;
    F64[P >> 1] = cNum(v, f);
    P += 2;
  }
  const DECIMAL = /^-?\d+$/;
  // Writes a 64-bit integer given as bigint, number, decimal string or Long ({low, high}).
  function wr64(v, f, signed) {
    P += P & 1;
    const min = signed ? -9223372036854775808 : 0,
      max = signed ? 9223372036854775808 : 18446744073709551616;
    if (typeof v === "number") {
      if (!Number.isInteger(v) || v < min || v >= max) throw inputError(f, signed ? "an int64" : "a uint64", v);
      U32[P] = v;
      I32[P + 1] = Math.floor(v / 4294967296);
    } else if (typeof v === "bigint" || (typeof v === "string" && DECIMAL.test(v))) {
      const b = BigInt(v);
      if ((signed ? BigInt.asIntN(64, b) : BigInt.asUintN(64, b)) !== b) {
        throw inputError(f, signed ? "an int64 (in [-2^63, 2^63))" : "a uint64 (in [0, 2^64))", v);
      }
      I64[P >> 1] = b;
    } else if (v !== null && typeof v === "object" && typeof v.low === "number" && typeof v.high === "number") {
      U32[P] = v.low;
      U32[P + 1] = v.high;
    } else {
      throw inputError(
        f,
        signed
          ? "an int64 (bigint, integer number, decimal string or Long)"
          : "a uint64 (bigint, integer number, decimal string or Long)",
        v,
      );
    }
    P += 2;
  }
  function wrI64(v, f) {
    wr64(v, f, true);
  }
  function wrU64(v, f) {
    wr64(v, f, false);
  }
  const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
  // Strings to wasm: ASCII ones up to SHORT_ENCODE characters by a JS loop, anything else by one
  // encodeInto call over the whole string. A call into encodeInto costs about 200 ns in Node 20
  // and much more in Chromium and Firefox, where the loop wins on the bench message's 27
  // characters (docs/BENCHMARKS_HISTORY.md: "JS boundary, step 1").
  const SHORT_ENCODE = 64;
  function wrStr(v, f) {
    if (typeof v !== "string") throw inputError(f, "a string", v);
    const n = v.length;
    if (BP + n * 3 > BCAP) growBytes(n * 3);
    const start = BBASE + BP;
    let at = start,
      i = 0;
    if (n <= SHORT_ENCODE) {
      for (; i < n; i++) {
        const c = v.charCodeAt(i);
        if (c > 127) break;
        U8[at++] = c;
      }
    }
    if (i < n) {
      if (v.isWellFormed ? !v.isWellFormed() : LONE_SURROGATE.test(v)) {
        throw inputError(f, "a well-formed string (it has a lone UTF-16 surrogate)", v);
      }
      at = start + utf8Encoder.encodeInto(v, U8.subarray(start, BBASE + BCAP)).written;
    }
    U32[P++] = BP;
    U32[P++] = at - start;
    BP += at - start;
  }
  function wrBytes(v, f) {
    if (!(v instanceof Uint8Array)) throw inputError(f, "a Uint8Array", v);
    const n = v.length;
    if (BP + n > BCAP) growBytes(n);
    U8.set(v, BBASE + BP);
    U32[P++] = BP;
    U32[P++] = n;
    BP += n;
  }
  // The checks of a sub-message value that is not a plain object literal (the generated wm_*
  // writers test v.constructor === Object first).
  function checkMessageObject(v, f) {
    if (v === null || typeof v !== "object" || Array.isArray(v) || ArrayBuffer.isView(v)) {
      throw inputError(f, "an object", v);
    }
    if (v instanceof Resident) throw inputError(f, "a plain object (call toObject() on a resident message)", v);
  }
  function isList(v) {
    return Array.isArray(v) || (ArrayBuffer.isView(v) && !(v instanceof DataView));
  }
  // The keys of a map field's value: a Map's, or a plain object's own enumerable ones.
  function mapKeys(v, f) {
    if (v instanceof Map) return [...v.keys()];
    if (typeof v !== "object" || Array.isArray(v)) throw inputError(f, "an object or a Map", v);
    return Object.keys(v);
  }
  function keyNum(k) {
    return typeof k === "string" && k.trim() !== "" ? Number(k) : k;
  }
  function keyBool(k) {
    return k === "true" ? true : k === "false" ? false : k;
  }
  function keyBig(k) {
    return typeof k === "string" && DECIMAL.test(k) ? BigInt(k) : k;
  }

  // ---- resident messages ----
  const registry =
    typeof FinalizationRegistry === "function" ? new FinalizationRegistry((held) => held.del(held.ptr)) : null;

  /** A message in wasm memory. Sub-message views share their root's lifetime. */
  class Resident {
    constructor(ptr, parent) {
      this.ptr_ = ptr;
      this.owner = parent ? parent.owner : this;
      if (!parent && registry) registry.register(this, { ptr, del: this.$type.del }, this);
    }
    live() {
      if (this.owner.ptr_ === 0) throw new WirelensError("this resident message was freed");
      return this.ptr_;
    }
    /** live(), with the memory views current, for getters reading the message in place ($: no field name has one). */
    $at() {
      if (this.owner.ptr_ === 0) throw new WirelensError("this resident message was freed");
      views();
      return this.ptr_;
    }
    /** Releases the wasm memory now (the FinalizationRegistry would do it later). */
    free() {
      if (this.owner !== this) throw new WirelensError("free() the root message, not a view of a sub-message");
      if (this.ptr_ === 0) return;
      if (registry) registry.unregister(this);
      this.$type.del(this.ptr_);
      this.ptr_ = 0;
    }
    /** Replaces the contents with the message decoded from `bytes`; throws DecodeError. */
    decode(bytes) {
      const p = this.live();
      check(this.$type.decode(p, copyIn(bytes)));
      return this;
    }
    /** The encoded message, copied out (safe to keep). */
    encode() {
      check(this.$type.encode(this.live()));
      return output(true);
    }
    /** The encoded message as a view of wasm memory, valid until the next codec call. */
    encodeView() {
      check(this.$type.encode(this.live()));
      return output(false);
    }
    /** A plain object like decode() returns. */
    toObject() {
      return this.$type.o(this.$at());
    }
    /** proto3 JSON (codecs built with formats; options as MessageCodec.toJson); throws FormatError when it has none. */
    toJson(options) {
      return formatOut(this.$type, this, jsonFlags(options));
    }
    /** Text format, as protoc --decode prints it (options.printUnknownFields, default true). */
    toText(options) {
      return formatOut(this.$type, this, textFlags(options));
    }
    /** Replaces the contents with a plain object (as encode() accepts). */
    set(obj) {
      const p = this.live();
      writeRoot(this.$type, obj);
      check(this.$type.fromTape(p));
      return this;
    }
    clear() {
      return this.set({});
    }
  }
  /** The generated type of a message: each generated subclass sets its own on its prototype. @type {any} */
  Resident.prototype.$type = null;
  function fBegin(h) {
    h.live();
    beginTape();
    ensure(8);
  }
  function fSet(h, i) {
    endTape();
    const ok = h.$type.field(h.live(), i, SET);
    views();
    if (!ok) throw new WirelensError("internal error: the codec rejected a field value");
  }
  function fClear(h, i) {
    h.$type.field(h.live(), i, CLEAR);
    views();
  }
  function fMutable(h, i) {
    const p = h.$type.field(h.live(), i, MUTABLE);
    views();
    if (p === 0) throw outOfMemory();
    return p;
  }
  function fSetMessage(h, i, wm, v, f) {
    if (v == null) return fClear(h, i);
    if (v instanceof Resident) v = v.toObject();
    fBegin(h);
    wm(v, 0, f);
    fSet(h, i);
  }
  function plainList(v) {
    return Array.isArray(v) ? v.map((e) => (e instanceof Resident ? e.toObject() : e)) : v;
  }

  // ---- codecs ----
  // encode() from JS hands the root's tape to wasm in parts: between two elements of a root-level
  // repeated message field, once the tape holds more than SEGMENT_WORDS words, the generated
  // writer ends the tape there (a root's encoding is its fields' encodings in order, so each part
  // encodes to the next stretch of the output) and starts the next (restartRoot). Each part's bytes
  // stay in wasm memory until encode() joins them, so the tape, its strings and the size log no
  // longer grow with the message (BENCHMARKS.md: "the first encode of partialSketch").
  const SEGMENT_WORDS = options.segmentWords ?? 1 << 20;
  /** The type encode() is writing in parts, or null (toJson, resident setters, encodeView). */
  let segmenting = null;
  /** (address, size) of each finished part's bytes in wasm memory, which encodeInParts frees. */
  const parts = [];
  // Ends the root tape being written (its mask and counts filled in by the caller), encodes it as
  // one part and starts the next tape with `words` mask words and a count; returns the count's
  // index from TAPE (the tape may move as it grows).
  function restartRoot(words) {
    endTape();
    check(segmenting.encodeJs());
    parts.push(ex.wl_take_output(), U32[S_OUTPUT_SIZE]);
    beginTape();
    ensure(words + 2);
    P += words;
    U32[P++] = 0;
    return P - 1 - TAPE;
  }
  function encodeInParts(t, obj) {
    segmenting = t;
    try {
      writeRoot(t, obj);
      check(t.encodeJs());
      return parts.length === 0 ? output(true) : joinParts();
    } finally {
      segmenting = null;
      for (let i = 0; i < parts.length; i += 2) ex.wl_release(parts[i]);
      parts.length = 0;
    }
  }
  // The parts' bytes and the last part's (in the output buffer) as one copy.
  function joinParts() {
    const lastAt = U32[S_OUTPUT],
      lastSize = U32[S_OUTPUT_SIZE];
    let total = lastSize;
    for (let i = 1; i < parts.length; i += 2) total += parts[i];
    const out = allocUninitialised ? allocUninitialised(total) : new Uint8Array(total);
    let at = 0;
    for (let i = 0; i < parts.length; i += 2) {
      out.set(U8.subarray(parts[i], parts[i] + parts[i + 1]), at);
      at += parts[i + 1];
    }
    out.set(U8.subarray(lastAt, lastAt + lastSize), at);
    return out;
  }
  function writeRoot(t, obj) {
    if (obj === null || typeof obj !== "object" || Array.isArray(obj)) {
      throw new InputError([], `expected an object, got ${describe(obj)}`);
    }
    if (obj instanceof Resident) obj = obj.toObject();
    beginTape();
    t.w(obj, 0);
    endTape();
  }

  // ---- JSON and text format (codecs built with formats: core/jsbind/format_exports.h) ----
  const {
    text: FORMAT_TEXT,
    unknown_fields: FORMAT_UNKNOWN_FIELDS,
    always_emit_implicit: ALWAYS_EMIT_IMPLICIT,
    enum_as_integer: ENUM_AS_INTEGER,
    use_proto_field_name: USE_PROTO_FIELD_NAME,
  } = contract.format_flags;
  // JSON write options (@bufbuild/protobuf's names) as the flags of core/jsbind/format_exports.h.
  const jsonFlags = (options) =>
    (options?.alwaysEmitImplicit ? ALWAYS_EMIT_IMPLICIT : 0) |
    (options?.enumAsInteger ? ENUM_AS_INTEGER : 0) |
    (options?.useProtoFieldName ? USE_PROTO_FIELD_NAME : 0);
  const textFlags = (options) => FORMAT_TEXT | (options?.printUnknownFields === false ? 0 : FORMAT_UNKNOWN_FIELDS);
  function formatsOf(t) {
    if (t.formatOut === undefined) {
      throw new WirelensError(`${t.full}: this codec has no JSON or text format (build it with formats)`);
    }
    return t;
  }
  // The UTF-8 text a format export left in the output buffer: its result, or its error message.
  function outputText() {
    views();
    return decodeUtf8(U32[S_OUTPUT], U32[S_OUTPUT_SIZE]);
  }
  // toJson calls the generated JS printers answered (for tests: the rest went through the tape).
  let printedInJs = 0;
  // A plain object (the JS printer, else its tape) or a resident message (its encoding) of type t -> text.
  function formatOut(t, message, flags) {
    formatsOf(t);
    if (t.j !== null && (flags & (FORMAT_TEXT | ALWAYS_EMIT_IMPLICIT)) === 0 && !(message instanceof Resident)) {
      try {
        const json = t.j(jObject(message), 0, flags);
        printedInJs++;
        return json;
      } catch (e) {
        if (e !== LEAVE) throw e;
      }
    }
    let kind;
    if (message instanceof Resident) {
      if (message.$type !== t) throw new InputError([], `expected a ${t.full}, got a resident ${message.$type.full}`);
      check(t.encode(message.live()));
      kind = t.formatOut(U32[S_OUTPUT], U32[S_OUTPUT_SIZE], flags);
    } else {
      writeRoot(t, message);
      kind = t.formatTape(flags);
    }
    if (kind === FORMAT_ERROR) throw new FormatError(outputText());
    check(kind);
    return outputText();
  }
  // fromJson calls the generated JS readers answered (for tests: the rest went through wasm).
  let readInJs = 0;
  // JSON the generated reader reads in JS, or null where it leaves the text to wasm.
  function jsonInJs(t, json) {
    if (t.p === null || typeof json !== "string") return null;
    try {
      jBegin(json, int64FromJson);
      const o = t.p(0);
      jEnd();
      readInJs++;
      return o;
    } catch (e) {
      if (e !== LEAVE) throw e;
      jBegin("", int64FromJson); // not keeping the text alive
      return null;
    }
  }
  // JSON or text -> (wasm: wire bytes, then the tape) -> a plain object.
  function formatIn(t, source, flags) {
    formatsOf(t);
    if (typeof source !== "string") throw new InputError([], `expected a string, got ${describe(source)}`);
    const kind = t.formatIn(copyStringIn(source), flags);
    if (kind === FORMAT_ERROR) throw new FormatError(outputText());
    return decoded(t, kind);
  }
  // The plain object of a from-JS decode that returned `kind`: from the tape, or where the
  // transcoder gave up, read in place from the message wasm decoded into.
  function decoded(t, kind) {
    if (kind === IN_SCRATCH) {
      views();
      return t.o(U32[S_SCRATCH]);
    }
    check(kind);
    startReading();
    return t.r();
  }

  /** encode/decode for one message type (from-JS mode) and create() for resident mode. */
  class MessageCodec {
    constructor(t) {
      this.t = t;
      this.name = t.name;
      this.fullName = t.full;
    }
    /** Plain object -> encoded bytes (a copy, safe to keep). Throws InputError with the field path. */
    encode(obj) {
      return encodeInParts(this.t, obj);
    }
    /** Like encode(), but a view of wasm memory that the next codec call overwrites. */
    encodeView(obj) {
      writeRoot(this.t, obj);
      check(this.t.encodeJs());
      return output(false);
    }
    /** Encoded bytes -> plain object with every field. Throws DecodeError (kind, offset). */
    decode(bytes) {
      return decoded(this.t, this.t.decodeJs(copyIn(bytes)));
    }
    /**
     * proto3 JSON of a plain object or a resident message; options (as @bufbuild/protobuf):
     * alwaysEmitImplicit, enumAsInteger, useProtoFieldName.
     */
    toJson(message, options) {
      return formatOut(this.t, message, jsonFlags(options));
    }
    /** The plain object proto3 JSON `json` holds; options.ignoreUnknownFields. Throws FormatError. */
    fromJson(json, options) {
      return jsonInJs(this.t, json) ?? formatIn(this.t, json, options?.ignoreUnknownFields ? FORMAT_UNKNOWN_FIELDS : 0);
    }
    /** Text format of a plain object or a resident message (options.printUnknownFields, default true). */
    toText(message, options) {
      return formatOut(this.t, message, textFlags(options));
    }
    /** The plain object text format `text` holds (what protoc --encode reads). Throws FormatError. */
    fromText(text) {
      return formatIn(this.t, text, FORMAT_TEXT);
    }
    /** A new resident message (empty, or set from a plain object). */
    create(init) {
      const p = this.t.create();
      views();
      if (p === 0) throw outOfMemory();
      const message = new this.t.R(p, null);
      return init == null ? message : message.set(init);
    }
  }

  const codecs = {};
  const byFullName = new Map();
  function defineType(full, name, r, w, R, o, j, p = null) {
    const op = (name) => ex[`wl:${full}:${name}`];
    const t = {
      full,
      name,
      r,
      w,
      R,
      o,
      j,
      p,
      decodeJs: op("decode_js"),
      encodeJs: op("encode_js"),
      create: op("new"),
      del: op("delete"),
      decode: op("decode"),
      encode: op("encode"),
      formatOut: op("format_out"),
      formatTape: op("format_tape"),
      formatIn: op("format_in"),
      fromTape: op("from_tape"),
      field: op("field"),
    };
    R.prototype.$type = t;
    if (Object.hasOwn(codecs, name)) throw new WirelensError(`two message types are named ${name}`);
    codecs[name] = new MessageCodec(t);
    byFullName.set(full, codecs[name]);
  }

  /*@@SCHEMAS@@*/

  Object.defineProperty(codecs, "byFullName", { value: byFullName });
  Object.defineProperty(codecs, "memory", { value: memory });
  // Bytes malloc has handed out and not yet taken back (for leak checks).
  Object.defineProperty(codecs, "heapUsed", { value: () => ex.wl_heap_used() });
  // How many toJson calls the generated JS printers answered (for tests).
  Object.defineProperty(codecs, "printedInJs", { value: () => printedInJs });
  // How many fromJson calls the generated JS readers answered (for tests).
  Object.defineProperty(codecs, "readInJs", { value: () => readInJs });
  return codecs;
}
