// The codecs the Benchmark Suite compares, each behind the same three operations on one case:
// encode (message/object -> bytes), decode (bytes -> message, then every field read) and
// combined (decode of encode). prepare() also checks the codec's bytes against protobuf.js
// static code before anything is timed: equal bytes, or decode-equal where field order may
// legitimately differ (map entries); a codec that fails the check does not run.
import protobuf from "protobufjs";
import { create, createFileRegistry, toBinary, fromBinary, toJsonString, fromJsonString } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import descriptorExtension from "protobufjs/ext/descriptor/index.js";
import { PbfReader, PbfWriter } from "pbf";

// protobuf.js's descriptor extension and Root (their types declare neither member used here).
const descriptor = /** @type {any} */ (descriptorExtension);
const Root = /** @type {any} */ (protobuf.Root);

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();

// ---- reading every field ("materialising"), the same walk for every codec ----

const SCALAR = { map: false };

// Sums something of every value so that no engine can drop the reads.
function touchValue(v, field) {
  if (v === null || v === undefined) return 0;
  switch (typeof v) {
    case "number":
      return v === v ? 1 : 0;
    case "string":
      return v.length;
    case "boolean":
      return v ? 1 : 0;
    case "bigint":
      return 1;
    default:
      break;
  }
  if (v instanceof Uint8Array) return v.length;
  if (Array.isArray(v)) {
    let s = 0;
    for (let i = 0; i < v.length; i++) s += touchValue(v[i], field);
    return s + 1;
  }
  if (typeof v.low === "number" && typeof v.high === "number") return 1; // Long
  if (field.map) {
    const values = field.resolvedType instanceof protobuf.Type ? field.resolvedType : null;
    let s = 0;
    for (const key in v) s += key.length + (values ? touchMessage(v[key], values) : touchValue(v[key], SCALAR));
    return s;
  }
  return touchMessage(v, field.resolvedType);
}
/** Reads every field of `message` by its protobuf.js name (plain objects, protobuf.js messages, resident views). */
export function touchMessage(message, type) {
  let s = 0;
  const fields = type.fieldsArray;
  for (let i = 0; i < fields.length; i++) s += touchValue(message[fields[i].name], fields[i]);
  return s;
}
// @bufbuild/protobuf messages: fields by localName, oneofs as { case, value }.
function touchEs(v, desc) {
  let s = 0;
  for (const member of desc.members) {
    if (member.kind === "oneof") {
      const o = v[member.localName];
      if (o.case !== undefined)
        s += touchEsField(
          o.value,
          member.fields.find((f) => f.localName === o.case),
        );
    } else {
      s += touchEsField(v[member.localName], member);
    }
  }
  return s;
}
function touchEsField(v, f) {
  if (f.fieldKind === "message") return v === undefined ? 0 : touchEs(v, f.message);
  if (f.fieldKind === "list") {
    let s = 1;
    for (const e of v) s += f.listKind === "message" ? touchEs(e, f.message) : touchValue(e, f);
    return s;
  }
  if (f.fieldKind === "map") {
    let s = 0;
    for (const key in v)
      s += key.length + (f.mapKind === "message" ? touchEs(v[key], f.message) : touchValue(v[key], f));
    return s;
  }
  return touchValue(v, f);
}

// ---- converting the case's plain object for codecs that need other shapes ----

// protobuf.js names -> @bufbuild/protobuf init object (localNames, bigint int64, oneof {case, value}).
function toEsInit(obj, type, desc) {
  const out = {};
  for (const field of type.fieldsArray) {
    const v = obj[field.name];
    if (v === undefined || v === null) continue;
    const f = desc.fields.find((d) => d.number === field.id);
    const convert = (x, sub) => {
      if (sub.kind === "message") return toEsInit(x, sub.type, sub.desc);
      return sub.is64 ? BigInt(x) : x;
    };
    const info = field.map
      ? {
          kind: f.mapKind === "message" ? "message" : "scalar",
          type: field.resolvedType,
          desc: f.message,
          is64: is64(field.type),
        }
      : {
          kind: field.resolvedType instanceof protobuf.Type ? "message" : "scalar",
          type: field.resolvedType,
          desc: f.message,
          is64: is64(field.type),
        };
    let value;
    if (field.map) value = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, convert(x, info)]));
    else if (field.repeated) value = v.map((x) => convert(x, info));
    else value = convert(v, info);
    if (f.oneof) out[f.oneof.localName] = { case: f.localName, value };
    else out[f.localName] = value;
  }
  return out;
}
// ---- google-protobuf (protoc-gen-js) messages: accessors named after the .proto field name ----

// protoc-gen-js's accessor stem: words split at "_", lowercased, then capitalised (do_objectID -> DoObjectid).
const jspbStem = (name) =>
  name
    .split("_")
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1).toLowerCase())
    .join("");

// The generated class of protobuf.js type `type` in module `gpb` (its package's exports).
function jspbClass(gpb, type) {
  const path = [];
  for (let t = type; t instanceof protobuf.Type; t = t.parent) path.unshift(t.name);
  return lookup(gpb, path.join("."));
}

// For each field of `type`: its object name, accessor names and sub-message plan, made once per
// type so that the walks below do no string work. `rawType` is the same type parsed with the
// .proto's own field names (protoc-gen-js derives its accessors from those).
const jspbPlans = new WeakMap();
function jspbPlan(type, rawType, gpb) {
  let plan = jspbPlans.get(type);
  if (plan) return plan;
  plan = { Class: jspbClass(gpb, type), fields: [] };
  jspbPlans.set(type, plan);
  for (const f of type.fieldsArray) {
    const raw = rawType.fieldsById[f.id];
    const stem = jspbStem(raw.name);
    const bytes = f.type === "bytes" ? "_asU8" : "";
    const sub = f.resolvedType instanceof protobuf.Type ? jspbPlan(f.resolvedType, raw.resolvedType, gpb) : null;
    const get = f.map ? `get${stem}Map` : f.repeated ? `get${stem}List${bytes}` : `get${stem}${bytes}`;
    const set = f.map ? null : f.repeated ? `set${stem}List` : `set${stem}`;
    for (const name of [get, set]) {
      if (name && typeof plan.Class.prototype[name] !== "function")
        throw new Error(`google-protobuf code has no ${name}()`);
    }
    plan.fields.push({
      name: f.name,
      get,
      set,
      sub,
      map: f.map,
      repeated: f.repeated,
      keyType: f.keyType,
      enumValues: f.resolvedType instanceof protobuf.Enum ? f.resolvedType.values : null,
    });
  }
  return plan;
}

// A plain object (protobuf.js names) as a google-protobuf message, built with its setters.
function toJspb(obj, plan) {
  const message = new plan.Class();
  for (const f of plan.fields) {
    const v = obj[f.name];
    if (v === undefined || v === null) continue;
    const value = (x) => (f.sub ? toJspb(x, f.sub) : typeof x === "string" && f.enumValues ? f.enumValues[x] : x);
    if (f.map) {
      const map = message[f.get]();
      const key = f.keyType === "string" ? (k) => k : f.keyType === "bool" ? (k) => k === "true" : Number;
      for (const k of Object.keys(v)) map.set(key(k), value(v[k]));
    } else {
      message[f.set](f.repeated ? v.map(value) : value(v));
    }
  }
  return message;
}

// Reads every field of a google-protobuf message through its getters.
function touchJspb(message, plan) {
  let s = 0;
  for (const f of plan.fields) {
    const v = message[f.get]();
    if (f.map) {
      v.forEach((x, k) => {
        s += String(k).length + (f.sub ? touchJspb(x, f.sub) : touchValue(x, SCALAR));
      });
    } else if (f.repeated) {
      s += 1;
      for (let i = 0; i < v.length; i++) s += f.sub ? touchJspb(v[i], f.sub) : touchValue(v[i], SCALAR);
    } else if (f.sub) {
      if (v != null) s += touchJspb(v, f.sub);
    } else {
      s += touchValue(v, SCALAR);
    }
  }
  return s;
}

// ---- pbf (its compiled read<Type> / write<Type>): plain objects with the .proto's own field names ----

// A plain object with protobuf.js names as one with the .proto's own names (`rawType`, the same
// type parsed with keepCase), field by field number.
function toRawNames(obj, type, rawType) {
  const out = {};
  for (const f of type.fieldsArray) {
    const v = obj[f.name];
    if (v === undefined || v === null) continue;
    const raw = rawType.fieldsById[f.id];
    const sub = f.resolvedType instanceof protobuf.Type ? (x) => toRawNames(x, f.resolvedType, raw.resolvedType) : null;
    if (!sub) out[raw.name] = v;
    else if (f.map) out[raw.name] = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, sub(x)]));
    else if (f.repeated) out[raw.name] = v.map(sub);
    else out[raw.name] = sub(v);
  }
  return out;
}

// The case's type parsed with the .proto's own field names (what protoc-gen-js and pbf name from).
function rawTypeOf(peers, fullName) {
  const root = protobuf.parse(peers.proto, { keepCase: true }).root;
  root.resolveAll();
  return root.lookupType(fullName);
}

// The operations of a codec of plain messages named as in the .proto: make(object) gives its
// message from the case's object (renamed), encode(message) its bytes, decode(bytes) a message.
function plainOperations({ object, bytes, type, peers, c }, { make, encode, decode }) {
  const rawType = rawTypeOf(peers, c.type);
  const message = make(toRawNames(object, type, rawType));
  return {
    encode: () => encode(message),
    decode: () => touchMessage(decode(bytes), rawType),
    decoded: () => decode(bytes),
    combined: () => touchMessage(decode(encode(message)), rawType),
    produced: () => encode(message),
    roundTrip: () => encode(decode(bytes)),
  };
}

// A generated export of the case's type (pbf, ts-proto and protobuf-ts all drop the package).
function generated(module, prefix, c, what) {
  const name = prefix + c.type.split(".").pop();
  if (!module[name]) throw new Error(`${what} code has no ${name}`);
  return module[name];
}

// A resident codec's operations: `source` (set from the case's object) encodes; `target` decodes
// `bytes` and is read through its getters.
function residentOperations(codec, source, target, { bytes, type, wasm }) {
  return {
    encode: () => source.encodeView(),
    decode: () => touchMessage(target.decode(bytes), type),
    decoded: () => codec.create().decode(bytes), // a fresh message: its wasm heap is the growth
    combined: () => touchMessage(target.decode(source.encodeView()), type),
    produced: () => source.encode(),
    roundTrip: () => target.decode(bytes).encode(),
    wasm,
  };
}

const is64 = (t) => /^(u|s|sf|f)?(int|fixed)64$/.test(t) || t === "int64";

// A case's FileDescriptorSet: bytes (loaded payloads), or base64 (build_suite.mjs's built-in cases).
function descriptorSetOf(peers) {
  const set = peers.descriptorSet;
  if (set instanceof Uint8Array) return set;
  const binary = atob(set);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

// The table codec module, the case schema's compile(), and the case type's codec in it.
async function compiledCodec(peers, c) {
  const table = await peers.table.load({ int64: "number" });
  const codecs = table.compile(descriptorSetOf(peers));
  return { table, codecs, codec: codecs.byFullName.get(c.type) };
}

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * Codecs in the order of the results table. protoJson: runs only in cases with protoJson; dynamic:
 * built from the schema at run time, so it also runs on loaded payloads (loaded.mjs), the only
 * codecs that do; loadedOnly: runs on loaded payloads only; versus:
 * the codec its ratios are to (default: the reference). Each prepare(ctx) gets the case context and returns
 * { encode, decode, combined } (functions without arguments; decode reads every field of the
 * result, decoded() returns it unread, for memory measurements), or throws why it cannot run.
 * A dynamic codec has build(ctx) instead: the codec made once per case, { bind(part), free? }, where
 * bind gives one message's operations as prepare() does (part: { object, bytes }; a framed payload
 * has one part per frame); and, where it has one, coldStart(ctx): a function that goes from the
 * schema's bytes to the case's parts decoded once (the suite's "build" operation).
 * ctx: { c (the case), object (plain), bytes (reference encoding), type (protobuf.js Type),
 *        peers (build_suite.mjs's PEERS entry), parts: [{ object, bytes }] }.
 */
export const CODECS = [
  {
    id: "wirelens",
    label: "wirelens wasm (from JS)",
    async prepare({ object, bytes, type, peers, c }) {
      const codecs = await peers.wirelens.load({ int64: "number" });
      return fromJs(codecs.byFullName.get(c.type), codecs, { object, bytes, type });
    },
  },
  {
    id: "wirelens-resident",
    label: "wirelens wasm (resident)",
    async prepare({ object, bytes, type, peers, c }) {
      const codecs = await peers.wirelens.load({ int64: "number" });
      const codec = codecs.byFullName.get(c.type);
      return residentOperations(codec, codec.create(object), codec.create(), { bytes, type, wasm: codecs });
    },
  },
  {
    id: "wirelens-table",
    label: "wirelens tables (from JS)",
    dynamic: true,
    async build({ type, peers, c }) {
      const { table, codecs, codec } = await compiledCodec(peers, c);
      return { bind: (part) => fromJs(codec, table, { ...part, type }), free: () => codecs.free() };
    },
    async coldStart({ type, peers, c, parts }) {
      const table = await peers.table.load({ int64: "number" });
      const set = descriptorSetOf(peers);
      return () => {
        const codecs = table.compile(set);
        const sum = decodeParts(codecs.byFullName.get(c.type), parts, type);
        codecs.free();
        return sum;
      };
    },
  },
  {
    id: "wirelens-table-resident",
    label: "wirelens tables (resident)",
    dynamic: true,
    async build({ type, peers, c }) {
      const { table, codecs, codec } = await compiledCodec(peers, c);
      const made = [];
      const resident = (init) => {
        const message = codec.create(init);
        made.push(message);
        return message;
      };
      return {
        bind: ({ object, bytes }) =>
          residentOperations(codec, resident(object), resident(), { bytes, type, wasm: table }),
        free: () => {
          for (const message of made) message.free();
          codecs.free();
        },
      };
    },
  },
  {
    id: "pbjs8-static",
    label: "protobuf.js 8 static",
    reference: true,
    async prepare({ object, bytes, type, peers, c }) {
      return protobufJs(lookup(peers.pbjs8, c.type), { object, bytes, type });
    },
  },
  {
    id: "pbjs8-reflect",
    label: "protobuf.js 8 reflect",
    dynamic: true,
    async build({ type }) {
      return { bind: (part) => protobufJs(type, { ...part, type }) };
    },
    async coldStart({ type, peers, c, parts }) {
      const set = descriptorSetOf(peers);
      return () => {
        const root = Root.fromDescriptor(descriptor.FileDescriptorSet.decode(set)).resolveAll();
        return decodeParts(root.lookupType(c.type), parts, type);
      };
    },
  },
  {
    id: "pbjs7-static",
    label: "protobuf.js 7.2.6 static",
    async prepare({ object, bytes, type, peers, c }) {
      return protobufJs(lookup(peers.pbjs7, c.type), { object, bytes, type });
    },
  },
  {
    id: "bufbuild",
    label: "@bufbuild/protobuf 2",
    async prepare({ object, bytes, type, peers, c }) {
      const schema = peers.es[`${c.type.split(".").pop()}Schema`];
      const message = create(schema, toEsInit(object, type, schema));
      return bufbuild(schema, message, bytes);
    },
  },
  {
    id: "bufbuild-dynamic",
    label: "@bufbuild/protobuf 2 (registry)",
    dynamic: true,
    loadedOnly: true,
    async build({ type, peers, c }) {
      const schema = registrySchema(descriptorSetOf(peers), c.type);
      return {
        bind: (part) =>
          bufbuild(schema, create(schema, /** @type {any} */ (toEsInit(part.object, type, schema))), part.bytes),
      };
    },
    async coldStart({ peers, c, parts }) {
      const set = descriptorSetOf(peers);
      return () => {
        const schema = registrySchema(set, c.type);
        let sum = 0;
        for (const part of parts) sum += touchEs(fromBinary(schema, part.bytes), schema);
        return sum;
      };
    },
  },
  {
    id: "google-protobuf",
    label: "google-protobuf 3.21.4",
    async prepare({ object, bytes, type, peers, c }) {
      const plan = jspbPlan(type, rawTypeOf(peers, c.type), peers.gpb);
      const T = plan.Class;
      const message = toJspb(object, plan);
      return {
        encode: () => message.serializeBinary(),
        decode: () => touchJspb(T.deserializeBinary(bytes), plan),
        decoded: () => T.deserializeBinary(bytes),
        combined: () => touchJspb(T.deserializeBinary(message.serializeBinary()), plan),
        produced: () => message.serializeBinary(),
        roundTrip: () => T.deserializeBinary(bytes).serializeBinary(),
      };
    },
  },
  {
    id: "pbf",
    label: "pbf 5.2.1",
    async prepare(ctx) {
      const read = generated(ctx.peers.pbf, "read", ctx.c, "pbf");
      const write = generated(ctx.peers.pbf, "write", ctx.c, "pbf");
      const encode = (m) => {
        const writer = new PbfWriter();
        write(m, writer);
        return writer.finish();
      };
      return plainOperations(ctx, { make: (o) => o, encode, decode: (b) => read(new PbfReader(b)) });
    },
  },
  {
    id: "ts-proto",
    label: "ts-proto 2.18.0",
    async prepare(ctx) {
      const T = generated(ctx.peers.tsProto, "", ctx.c, "ts-proto");
      return plainOperations(ctx, {
        make: (o) => T.fromPartial(o),
        encode: (m) => T.encode(m).finish(),
        decode: (b) => T.decode(b),
      });
    },
  },
  {
    id: "protobuf-ts",
    label: "protobuf-ts 2.11.1",
    async prepare(ctx) {
      const T = generated(ctx.peers.pbts, "", ctx.c, "protobuf-ts");
      return plainOperations(ctx, {
        make: (o) => T.create(o),
        encode: (m) => T.toBinary(m),
        decode: (b) => T.fromBinary(b),
      });
    },
  },
  // ProtoJSON (the proto3 JSON mapping), in the cases that time it (cases.mjs's protoJson): encode
  // is message -> JSON text, decode is JSON text -> message with every field read. Their ratios
  // are to @bufbuild/protobuf's (versus).
  {
    id: "wirelens-json",
    label: "wirelens wasm ProtoJSON (from JS)",
    protoJson: true,
    versus: "bufbuild-json",
    async prepare({ object, type, peers, c }) {
      const codecs = await peers.wirelensJson.load({ int64: "number" });
      const codec = codecs.byFullName.get(c.type);
      const json = codec.toJson(object);
      return {
        encode: () => codec.toJson(object),
        decode: () => touchMessage(codec.fromJson(json), type),
        decoded: () => codec.fromJson(json),
        combined: () => touchMessage(codec.fromJson(codec.toJson(object)), type),
        produced: () => codec.encode(codec.fromJson(codec.toJson(object))),
        wasm: codecs,
      };
    },
  },
  {
    id: "bufbuild-json",
    label: "@bufbuild/protobuf 2 ProtoJSON",
    protoJson: true,
    async prepare({ object, type, peers, c }) {
      const schema = peers.es[`${c.type.split(".").pop()}Schema`];
      const message = create(schema, toEsInit(object, type, schema));
      const json = toJsonString(schema, message);
      return {
        encode: () => toJsonString(schema, message),
        decode: () => touchEs(fromJsonString(schema, json), schema),
        decoded: () => fromJsonString(schema, json),
        combined: () => touchEs(fromJsonString(schema, toJsonString(schema, message)), schema),
        produced: () => toBinary(schema, fromJsonString(schema, toJsonString(schema, message))),
      };
    },
  },
  {
    id: "pbjs8-json",
    label: "protobuf.js 8 toObject + JSON",
    protoJson: true,
    versus: "bufbuild-json",
    async prepare({ object, type, peers, c }) {
      const T = lookup(peers.pbjs8, c.type);
      const message = T.fromObject(object);
      const options = { longs: String, enums: String, bytes: String };
      const json = JSON.stringify(T.toObject(message, options));
      return {
        encode: () => JSON.stringify(T.toObject(message, options)),
        decode: () => touchMessage(T.fromObject(JSON.parse(json)), type),
        decoded: () => T.fromObject(JSON.parse(json)),
        combined: () => touchMessage(T.fromObject(JSON.parse(JSON.stringify(T.toObject(message, options)))), type),
        produced: () => T.encode(T.fromObject(JSON.parse(JSON.stringify(T.toObject(message, options))))).finish(),
      };
    },
  },
  {
    id: "json-string",
    label: "JSON.stringify/parse (string)",
    json: true,
    dynamic: true,
    async build({ type }) {
      return {
        bind({ object }) {
          const text = JSON.stringify(object);
          return {
            encode: () => JSON.stringify(object),
            decode: () => touchMessage(JSON.parse(text), type),
            decoded: () => JSON.parse(text),
            combined: () => touchMessage(JSON.parse(JSON.stringify(object)), type),
            produced: () => JSON.parse(JSON.stringify(object)),
          };
        },
      };
    },
  },
  {
    id: "json-buffer",
    label: "JSON via TextEncoder (buffer)",
    json: true,
    async prepare({ object, type }) {
      const buffer = utf8Encoder.encode(JSON.stringify(object));
      return {
        encode: () => utf8Encoder.encode(JSON.stringify(object)),
        decode: () => touchMessage(JSON.parse(utf8Decoder.decode(buffer)), type),
        decoded: () => JSON.parse(utf8Decoder.decode(buffer)),
        combined: () => touchMessage(JSON.parse(utf8Decoder.decode(utf8Encoder.encode(JSON.stringify(object)))), type),
        produced: () => JSON.parse(utf8Decoder.decode(utf8Encoder.encode(JSON.stringify(object)))),
      };
    },
  },
];

// A dynamic codec prepared for the case's one message, as the others are (for the programs and
// tests that time one codec outside runSuite).
for (const codec of CODECS) {
  if (codec.build) codec.prepare = async (ctx) => (await codec.build(ctx)).bind(ctx);
}

// The message type `fullName` of a FileDescriptorSet's bytes, through @bufbuild's registry.
function registrySchema(set, fullName) {
  const schema = createFileRegistry(fromBinary(FileDescriptorSetSchema, set)).getMessage(fullName);
  if (!schema) throw new Error(`${fullName} is not in the descriptor set`);
  return schema;
}

// Decodes every part's bytes with `codec` (anything with decode(bytes)) and reads every field.
function decodeParts(codec, parts, type) {
  let sum = 0;
  for (const part of parts) sum += touchMessage(codec.decode(part.bytes), type);
  return sum;
}

// The operations of @bufbuild/protobuf on `message` of `schema` (generated or from a registry).
function bufbuild(schema, message, bytes) {
  return {
    encode: () => toBinary(schema, message),
    decode: () => touchEs(fromBinary(schema, bytes), schema),
    decoded: () => fromBinary(schema, bytes),
    combined: () => touchEs(fromBinary(schema, toBinary(schema, message)), schema),
    produced: () => toBinary(schema, message),
    roundTrip: () => toBinary(schema, fromBinary(schema, bytes)),
  };
}

// The operations of a wirelens codec in from-JS mode (generated or compiled), `wasm` its module.
function fromJs(codec, wasm, { object, bytes, type }) {
  return {
    encode: () => codec.encode(object),
    decode: () => touchMessage(codec.decode(bytes), type),
    decoded: () => codec.decode(bytes),
    combined: () => touchMessage(codec.decode(codec.encode(object)), type),
    produced: () => codec.encode(object),
    roundTrip: () => codec.encode(codec.decode(bytes)),
    wasm,
  };
}

// The operations of a protobuf.js message class `T` (static code, or the reflected Type itself);
// its message is made with fromObject() beforehand, as protobuf.js users do.
function protobufJs(T, { object, bytes, type }) {
  const message = T.fromObject(object);
  return {
    encode: () => T.encode(message).finish(),
    decode: () => touchMessage(T.decode(bytes), type),
    decoded: () => T.decode(bytes),
    combined: () => touchMessage(T.decode(T.encode(message).finish()), type),
    produced: () => T.encode(message).finish(),
    roundTrip: () => T.encode(T.decode(bytes)).finish(),
  };
}

function lookup(root, fullName) {
  let node = root;
  for (const part of fullName.split(".")) node = node?.[part];
  if (!node) throw new Error(`${fullName} not in the generated code`);
  return node;
}

/**
 * Checks a prepared codec's output before timing: { ok, detail }. Binary codecs: their bytes
 * equal the reference encoding, or decode to the same message (map entries may be ordered or
 * spelled differently, e.g. with a default value written); their decode of the reference bytes
 * encodes back to an equal message. JSON: the object survives the trip.
 */
export function checkOutput(codec, prepared, { bytes, type, object }) {
  const canonical = (b) => JSON.stringify(sortKeys(type.toObject(type.decode(b), { longs: String, defaults: true })));
  const compare = (candidate) =>
    hex(candidate) === hex(bytes)
      ? "same bytes"
      : canonical(candidate) === canonical(bytes)
        ? `decode-equal (${candidate.length} bytes)`
        : null;
  try {
    // ProtoJSON codecs produce the binary of the message their JSON reads back as.
    if (codec.protoJson) {
      const produced = compare(prepared.produced());
      return produced
        ? { ok: true, detail: `JSON round trip: ${produced}` }
        : { ok: false, detail: "the JSON does not read back as the message" };
    }
    if (codec.json) {
      return sameData(prepared.produced(), object)
        ? { ok: true, detail: "JSON round trip" }
        : { ok: false, detail: "the JSON round trip changed the object" };
    }
    const produced = prepared.produced();
    const encoded = compare(produced);
    if (!encoded)
      return {
        ok: false,
        detail: `encode gave ${produced.length} bytes that do not decode to protobuf.js's message (${bytes.length} bytes)`,
      };
    if (!compare(prepared.roundTrip()))
      return { ok: false, detail: "decode then encode of the reference bytes does not give the message back" };
    return { ok: true, detail: encoded };
  } catch (e) {
    return { ok: false, detail: `threw: ${e.message}` };
  }
}

// Whether two decoded objects hold the same data: bytes stay Uint8Arrays (JSON turns them into
// plain objects, which is a change), everything else compared as JSON would print it.
function sameData(a, b) {
  if (a instanceof Uint8Array || b instanceof Uint8Array) {
    return a instanceof Uint8Array && b instanceof Uint8Array && hex(a) === hex(b);
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameData(x, b[i]));
  }
  if (a !== null && b !== null && typeof a === "object" && typeof b === "object") {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameData(a[k], b[k]));
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

function sortKeys(v) {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === "object" && !(v instanceof Uint8Array)) {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortKeys(v[k])]),
    );
  }
  return v instanceof Uint8Array ? hex(v) : v;
}
