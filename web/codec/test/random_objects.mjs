// Seeded random plain objects for a protobuf.js Type (the JS API's differential tests): every
// field type, presence, repeated fields and maps, strings with non-ASCII and astral characters.
import protobuf from "protobufjs";

// mulberry32: small, seeded, good enough for test data.
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = ["a", "b", "Z", "0", " ", "é", "ß", "中", "文", "😀", "\u0000", "\n", "ñ"];

function randomScalar(type, random, resolved) {
  const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  const big = (bits, signed) => {
    let v = 0n;
    for (let i = 0; i < bits; i += 16) v = (v << 16n) | BigInt(int(0, 0xffff));
    v &= (1n << BigInt(bits)) - 1n;
    return signed ? BigInt.asIntN(bits, v) : v;
  };
  const pick = () => random() < 0.3; // small values are common on the wire
  switch (type) {
    case "double":
      return pick() ? int(-5, 5) : (random() - 0.5) * 10 ** int(-20, 20);
    case "float":
      return Math.fround(pick() ? int(-5, 5) : (random() - 0.5) * 10 ** int(-10, 10));
    case "int32":
    case "sint32":
    case "sfixed32":
      return pick() ? int(-3, 3) : int(-2147483648, 2147483647);
    case "uint32":
    case "fixed32":
      return pick() ? int(0, 3) : int(0, 4294967295);
    case "int64":
    case "sint64":
    case "sfixed64":
      return String(pick() ? BigInt(int(-3, 3)) : big(64, true));
    case "uint64":
    case "fixed64":
      return String(pick() ? BigInt(int(0, 3)) : big(64, false));
    case "bool":
      return random() < 0.5;
    case "string": {
      let s = "";
      for (let i = int(0, 40); i > 0; i--) s += ALPHABET[int(0, ALPHABET.length - 1)];
      return s;
    }
    case "bytes":
      return Uint8Array.from({ length: int(0, 20) }, () => int(0, 255));
    default:
      if (resolved instanceof protobuf.Enum) {
        const values = Object.values(resolved.values);
        return values[int(0, values.length - 1)];
      }
      throw new Error(`no generator for ${type}`);
  }
}

// protobuf.js converts google.protobuf.Any in fromObject/toObject (its JSON-like form), so
// random objects leave Any fields out.
const SKIPPED_TYPES = new Set([".google.protobuf.Any", "google.protobuf.Any"]);

/** A random object for `type` (a protobuf.js Type), fields present with probability 0.7. */
export function randomObject(type, random, depth = 0) {
  const out = {};
  const oneofsDone = new Set();
  for (const field of type.fieldsArray) {
    field.resolve();
    if (field.declaringField || field.extend) continue; // extensions: unknown fields to wirelens
    if (random() > 0.7) continue;
    if (field.partOf) {
      if (oneofsDone.has(field.partOf)) continue;
      oneofsDone.add(field.partOf);
    }
    const isMessage = field.resolvedType instanceof protobuf.Type;
    if (isMessage && (depth >= 3 || SKIPPED_TYPES.has(field.resolvedType.fullName))) continue;
    const one = () =>
      isMessage
        ? randomObject(field.resolvedType, random, depth + 1)
        : randomScalar(field.type, random, field.resolvedType);
    if (field.map) {
      const map = {};
      for (let i = Math.floor(random() * 4); i > 0; i--) {
        const key = randomScalar(field.keyType, random, null);
        map[typeof key === "boolean" ? String(key) : key] = one();
      }
      out[field.name] = map;
    } else if (field.repeated) {
      out[field.name] = Array.from({ length: Math.floor(random() * 5) }, one);
    } else {
      out[field.name] = one();
    }
  }
  return out;
}

/** Deep copy with bytes as hex, 64-bit integers and Longs as decimal strings: comparable with deepStrictEqual. */
export function normalize(value) {
  if (value instanceof Uint8Array) return `bytes:${Buffer.from(value).toString("hex")}`;
  if (typeof value === "bigint") return String(value);
  if (value !== null && typeof value === "object" && typeof value.low === "number" && typeof value.high === "number") {
    return /** @type {any} */ (protobuf.util.Long).fromBits(value.low, value.high, value.unsigned).toString();
  }
  if (Array.isArray(value)) return value.map(normalize);
  if (value !== null && typeof value === "object") {
    const out = {};
    for (const key of Object.keys(value).sort()) out[key] = normalize(value[key]);
    return out;
  }
  return value;
}
