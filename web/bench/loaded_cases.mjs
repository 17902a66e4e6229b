// The Benchmark Suite's cases of a user's own schema and payloads, in Node (loaded.mjs reads the
// files) and in the page (browser_entry.mjs): one case per payload, timed with the codecs built
// from the schema at run time (codecs.mjs's dynamic ones). What a user can get wrong (a schema
// that does not load, a type it lacks, a payload that does not decode as the type) is a LoadError
// naming the file; nothing is timed then.
import protobuf from "protobufjs";
import descriptorExtension from "protobufjs/ext/descriptor/index.js";

// protobuf.js's descriptor extension (its types declare neither member below).
const descriptor = /** @type {any} */ (descriptorExtension);
const Root = /** @type {any} */ (protobuf.Root);
// Payloads above this size are heavy cases: fewer samples, and memory measured (as cases.mjs's).
const HEAVY_BYTES = 1 << 20;

/** A mistake in the user's input, with the message to show. */
export class LoadError extends Error {}

/**
 * The schema of a serialized FileDescriptorSet (protoc --descriptor_set_out --include_imports):
 * { bytes, root (protobuf.js, field names in lowerCamelCase), source (its file, for messages) }.
 */
export function schemaFromDescriptorSet(bytes, source) {
  let set;
  try {
    set = descriptor.FileDescriptorSet.decode(bytes);
    if (set.file.length === 0 || set.file.some((f) => !f.name)) throw new Error("no named file in it");
  } catch (e) {
    throw new LoadError(`${source}: not a FileDescriptorSet (${e.message})`);
  }
  let root;
  try {
    root = Root.fromDescriptor(set).resolveAll();
  } catch (e) {
    // protobuf.js times the reflection row and reads the payloads for the other codecs.
    throw new LoadError(`${source}: protobuf.js 8 cannot build this descriptor set (${e.message}); try --proto`);
  }
  return { bytes, root, source };
}

/** How a payload's messages are framed (as the inspector's --framing): one message, or frames of them. */
export const FRAMINGS = ["bare", "delimited", "grpc", "confluent"];

/** The size of a Confluent record's header (magic, schema id, message indexes); `fail(at, why)` throws. */
function confluentHeaderSize(bytes, fail) {
  if (bytes.length < 6) fail(0, "a Confluent header cut short");
  if (bytes[0] !== 0) fail(0, "a Confluent magic byte other than 0");
  let at = 5;
  const varint = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      if (at >= bytes.length || shift > 28) fail(at, "a message index cut short or too long");
      const b = bytes[at++];
      value += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return value;
    }
  };
  const count = varint();
  if (count % 2 === 1 || count / 2 > 64) fail(5, "a bad count of message indexes");
  for (let i = 0; i < count / 2; i++) varint();
  return at;
}

/**
 * The message frames of a payload: [bytes] for "bare"; for "delimited" (each message after its
 * length as a varint) and "grpc" (each after a flag byte 0 and a 4-byte big-endian length), the
 * bodies, views into `bytes`; for "confluent" (a Kafka record: magic 0, a 4-byte schema id, the
 * message indexes as zigzag varints after their count), the one message after the header. A framing the bytes do not follow is a LoadError naming the file
 * and the byte.
 */
export function splitFrames(bytes, framing, file) {
  if (!FRAMINGS.includes(framing)) throw new LoadError(`--framing ${framing}: one of ${FRAMINGS.join(", ")}`);
  if (framing === "bare") return [bytes];
  const frames = [];
  const fail = (at, why) => {
    throw new LoadError(`${file}: not ${framing} frames: ${why} at byte ${at} (frame ${frames.length + 1})`);
  };
  if (framing === "confluent") return [bytes.subarray(confluentHeaderSize(bytes, fail))];
  for (let at = 0; at < bytes.length;) {
    let length = 0,
      body = at;
    if (framing === "grpc") {
      if (bytes.length - at < 5) fail(at, "a gRPC frame header cut short");
      if (bytes[at] !== 0)
        fail(at, bytes[at] === 1 ? "a compressed gRPC frame (inflate it first)" : "a bad gRPC flag byte");
      length = ((bytes[at + 1] << 24) | (bytes[at + 2] << 16) | (bytes[at + 3] << 8) | bytes[at + 4]) >>> 0;
      body = at + 5;
    } else {
      for (let shift = 0; ; shift += 7) {
        if (body >= bytes.length || shift > 28) fail(at, "a length varint cut short or too long");
        const b = bytes[body++];
        length += (b & 0x7f) * 2 ** shift;
        if (b < 0x80) break;
      }
    }
    if (length > bytes.length - body) fail(at, `a ${length}-byte frame past the end`);
    frames.push(bytes.subarray(body, body + length));
    at = body + length;
  }
  if (frames.length === 0) fail(0, "no frame");
  return frames;
}

// Every message type's full name under `root`.
function typeNames(root) {
  const names = [];
  const walk = (ns) => {
    for (const nested of ns.nestedArray ?? []) {
      if (nested instanceof protobuf.Type) names.push(nested.fullName.slice(1));
      if (nested.nestedArray) walk(nested);
    }
  };
  walk(root);
  return names;
}

/**
 * The cases of `payloads` ([{ file, bytes, typeName?, framing? }]) as messages of their typeName
 * (else of `typeName`) in `schema`, framed as their framing (else `framing`, else bare), every
 * frame checked to decode with the table codec module `table` (codecs/table.wl.js), and each
 * case's peers entry: { cases, peers }.
 */
export async function loadedCases({ schema, typeName, framing = "bare", payloads, table }) {
  if (payloads.length === 0) throw new LoadError("--payload FILE: at least one payload to time");
  const module = await table.load({ int64: "string" });
  const codecs = module.compile(schema.bytes);
  const cases = [];
  const peers = {};
  for (const { file, bytes, typeName: own, framing: ownFraming } of payloads) {
    const name = own ?? typeName;
    const framedAs = ownFraming ?? framing;
    const frames = splitFrames(bytes, framedAs, file);
    if (!name) throw new LoadError("--type FULL.Name: which message type the payloads hold");
    let type;
    try {
      type = schema.root.lookupType(name);
    } catch {
      const known = typeNames(schema.root);
      const list = known.slice(0, 20).join(", ") + (known.length > 20 ? ", ..." : "");
      throw new LoadError(`${schema.source}: no message type ${name} (it has ${known.length}: ${list})`);
    }
    const codec = codecs.byFullName.get(name);
    if (!codec) throw new LoadError(`${schema.source}: ${name} is not a message type the codec can build`);
    frames.forEach((frame, i) => {
      try {
        codec.decode(frame);
      } catch (e) {
        const where =
          frames.length > 1
            ? ` (frame ${i + 1} of ${frames.length}, at byte ${frame.byteOffset - bytes.byteOffset})`
            : "";
        throw new LoadError(`${file}: does not decode as ${name}${where}: ${e.message}`);
      }
    });
    const base = file.split(/[\\/]/).pop();
    let caseName = base;
    for (let n = 2; peers[caseName]; n++) caseName = `${base} (${n})`;
    cases.push({
      name: caseName,
      type: name,
      size: bytes.length,
      heavy: bytes.length > HEAVY_BYTES,
      about: `${name} from ${file}${framedAs !== "bare" ? `, ${frames.length} ${framedAs} frames` : ""}`,
      loaded: { bytes, type, frames: framedAs === "bare" ? undefined : frames },
    });
    peers[caseName] = { table, descriptorSet: schema.bytes };
  }
  codecs.free();
  return { cases, peers };
}
