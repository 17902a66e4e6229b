// The table-driven codec's JS half (spliced into web/codec/runtime.js's bind(), like a generated
// part): compile(descriptorSet) loads a schema into the wasm tables (core/table/exports.cc) and
// builds, from the description wasm gives back, the same tape readers and writers protoc-gen-wirelens
// generates for a message (gen/js/module.cc), as source run in this scope, so that they use the
// runtime's own readers, writers and errors; and resident classes over the records wasm keeps
// (core/table/record.h). JSON and text format in the module built with formats
// (codecs/table_formats.wl.js).

// JS reading tape views through a local cursor (as gen/js/module.cc's OnLocalCursor): for a read or
// write pattern "X[P++]..." with a three-letter view, the view and the pattern on `w[q++]`.
function tableLocalCursor(code) {
  const at = code.indexOf("[P++]");
  const paren = code.indexOf("(");
  if (at < 3 || (paren >= 0 && paren < at)) return null;
  return { view: code.slice(at - 3, at), code: code.slice(0, at - 3) + "w[q++]" + code.slice(at + 5) };
}

// Resident getters: one value of each tape kind (core/jsbind/tape_kind.h's order) at byte address
// `a` of a record (core/table/record.h), and the bytes between two values in a list.
const TABLE_AT = [
  (a) => `U32[${a} >> 2] !== 0`,
  (a) => `I32[${a} >> 2]`,
  (a) => `U32[${a} >> 2]`,
  (a) => `I32[${a} >> 2]`,
  (a) => `F32[${a} >> 2]`,
  (a) => `F64[${a} >> 3]`,
  (a) => `i64At(${a})`,
  (a) => `u64At(${a})`,
  (a) => `utf8At(U32[${a} >> 2], U32[(${a} + 4) >> 2])`,
  (a) => `copyOut(U32[${a} >> 2], U32[(${a} + 4) >> 2])`,
];
const TABLE_STRIDE = [4, 4, 4, 4, 4, 8, 8, 8, 8, 8, 4];

// The resident class R_<id> of message `m` (its fields as tableSource reads them): getters read
// its record in place (a map: its field alone on a tape, read as decode() reads it); setters write
// the value alone on a tape (`valueWrite`) for wasm to set; sub-message views are kept while the
// record holds the same one, as generated resident classes keep theirs (gen/js/resident.cc).
function tableResidentClass(id, m, fields, valueWrite) {
  const KIND_MESSAGE = 10,
    SHAPE_REPEATED = 4,
    SHAPE_MAP = 5;
  const viewed = fields.filter((f) => f.shape !== SHAPE_REPEATED && f.shape !== SHAPE_MAP && f.kind === KIND_MESSAGE);
  let c = `class R_${id} extends Resident {\n`;
  if (viewed.length > 0) {
    c += `  constructor(ptr, parent) {\n    super(ptr, parent);\n${viewed.map((f) => `    this.$v${f.slot} = null;\n`).join("")}  }\n`;
  }
  for (const f of fields) {
    const q = JSON.stringify(f.name);
    const Name = f.name.charAt(0).toUpperCase() + f.name.slice(1);
    const at = m.offsets[f.slot];
    const present = `(U32[(p >> 2) + ${f.slot >> 5}] & 0x${((1 << (f.slot % 32)) >>> 0).toString(16)}) !== 0`;
    const get = (body) => `  get ${q}() {\n    const p = this.$at(), a = p + ${at};\n${body}  }\n`;
    if (f.shape === SHAPE_MAP) {
      c += get(
        `    if (!(${present})) return {};\n    tableFieldTape(handle, ${id}, p, ${f.slot});\n    return rl_${id}$${f.slot}();\n`,
      );
    } else if (f.shape === SHAPE_REPEATED) {
      const stride = TABLE_STRIDE[f.kind];
      const element = f.kind === KIND_MESSAGE ? `new R_${f.sub}(U32[e >> 2], this)` : TABLE_AT[f.kind]("e");
      c += get(
        `    const b = U32[a >> 2], n = U32[(a + 4) >> 2], v = new Array(n);\n` +
          `    for (let i = 0, e = b; i < n; i++, e += ${stride}) v[i] = ${element};\n    return v;\n`,
      );
    } else if (f.kind === KIND_MESSAGE) {
      c += get(
        `    if (!(${present})) return null;\n    const r = U32[a >> 2], c = this.$v${f.slot};\n` +
          `    return c !== null && c.ptr_ === r ? c : (this.$v${f.slot} = new R_${f.sub}(r, this));\n`,
      );
    } else {
      c += get(`    return ${f.explicit ? `${present} ? ${TABLE_AT[f.kind]("a")} : null` : TABLE_AT[f.kind]("a")};\n`);
    }
    if (f.explicit || (f.kind === KIND_MESSAGE && f.shape !== SHAPE_REPEATED)) {
      c += `  has${Name}() {\n    const p = this.$at();\n    return ${present};\n  }\n`;
    }
    if (f.kind === KIND_MESSAGE && f.shape !== SHAPE_REPEATED && f.shape !== SHAPE_MAP) {
      c += `  set ${q}(v) {\n    fSetMessage(this, ${f.slot}, wm_${f.sub}, v, ${q});\n  }\n`;
      c += `  mutable${Name}() {\n    return new R_${f.sub}(fMutable(this, ${f.slot}), this);\n  }\n`;
      continue;
    }
    const list = f.kind === KIND_MESSAGE && f.shape === SHAPE_REPEATED;
    if (list) c += `  add${Name}() {\n    return new R_${f.sub}(fMutable(this, ${f.slot}), this);\n  }\n`;
    c +=
      `  set ${q}(v) {\n    if (v == null) return fClear(this, ${f.slot});\n${list ? "    v = plainList(v);\n" : ""}` +
      `    fBegin(this);\n    const d = 0;\n${valueWrite(f, q)}    fSet(this, ${f.slot});\n  }\n`;
  }
  return `${c}}`;
}

// A record's field `slot` alone on the tape, for JS to read (a map getter).
function tableFieldTape(handle, message, record, slot) {
  if (!ex.wl_table_record_to_tape(handle, message, record, slot)) throw outOfMemory();
  startReading();
}

// The source of every message's reader r_<i>, writer w_<i> (and wm_<i> for sub-message values) and
// resident class R_<i> of a description (core/table/exports.cc, Describe); its value is
// [[r_0, w_0, R_0], [r_1, w_1, R_1], ...].
function tableSource(description) {
  const { kinds, messages } = description;
  const KIND_F64 = 5;
  const SHAPE_SCALAR = 0,
    SHAPE_STRING = 1,
    SHAPE_REPEATED = 4,
    SHAPE_MAP = 5;
  const fill = (pattern, holes) => pattern.replace(/\$(\w+)\$/g, (_, name) => holes[name]);
  const wide = (kind) => kind === 5 || kind === 6 || kind === 7;
  const text = (kind) => kind === 8 || kind === 9;
  const field = ([name, slot, kind, shape, sub, oneof, explicit, enumZero]) => ({
    name,
    slot,
    kind,
    shape,
    sub,
    oneof,
    explicit,
    enumZero,
  });
  const read = (kind, sub) => fill(kinds[kind][0], { id: String(sub) });
  const write = (kind, sub, v, label) => fill(kinds[kind][1], { id: String(sub), v, label });
  const out = [];
  messages.forEach((m, id) => {
    const fields = m.fields.map(field);
    const bySlot = [...fields].sort((a, b) => a.slot - b.slot);
    const bit = (slot) => `m${slot >> 5} & 0x${((1 << (slot % 32)) >>> 0).toString(16)}`;
    const set = (slot) => `m${slot >> 5} |= 0x${((1 << (slot % 32)) >>> 0).toString(16)};`;
    const words = Array.from({ length: m.words }, (_, w) => w);
    // Readers of repeated and map fields.
    for (const f of fields) {
      const fn = `rl_${id}$${f.slot}`;
      if (f.shape === SHAPE_MAP) {
        const [key, value] = messages[f.sub].fields.map(field).sort((a, b) => a.slot - b.slot);
        out.push(
          `function ${fn}() {\n  const n = U32[P++], entries = {};\n  for (let i = 0; i < n; i++) {\n` +
            `    const k = ${fill(kinds[key.kind][3], {})};\n    entries[k] = ${read(value.kind, value.sub)};\n` +
            `  }\n  return entries;\n}`,
        );
      } else if (f.shape === SHAPE_REPEATED) {
        let body = `  const n = U32[P++], a = new Array(n);\n`;
        if (wide(f.kind)) body += `  if (n) P += P & 1;\n`;
        const r = read(f.kind, f.sub);
        const local = tableLocalCursor(r);
        if (f.kind === KIND_F64) {
          body += `  let at = P >> 1;\n  for (let i = 0; i < n; i++) a[i] = F64[at++];\n  if (n) P = at << 1;\n`;
        } else if (local) {
          body += `  const w = ${local.view};\n  let q = P;\n  for (let i = 0; i < n; i++) a[i] = ${local.code};\n  P = q;\n`;
        } else {
          body += `  for (let i = 0; i < n; i++) a[i] = ${r};\n`;
        }
        out.push(`function ${fn}() {\n${body}  return a;\n}`);
      }
    }
    // Reader: the mask, then one object literal in declaration order (one hidden class per type).
    const value = (f) => {
      const present =
        f.shape === SHAPE_REPEATED || f.shape === SHAPE_MAP ? `rl_${id}$${f.slot}()` : read(f.kind, f.sub);
      const absent =
        f.shape === SHAPE_REPEATED
          ? "[]"
          : f.shape === SHAPE_MAP
            ? "{}"
            : f.explicit
              ? "null"
              : kinds[f.kind][2] === ""
                ? String(f.enumZero)
                : kinds[f.kind][2];
      return `${bit(f.slot)} ? ${present} : ${absent}`;
    };
    let reader = `function r_${id}() {\n`;
    for (const w of words) reader += `  const m${w} = U32[P++];\n`;
    for (const f of bySlot) reader += `  const f${f.slot} = ${value(f)};\n`;
    reader += `  const o = {\n${fields.map((f) => `    ${JSON.stringify(f.name)}: f${f.slot},\n`).join("")}  };\n`;
    if (m.unknown) reader += `  if (${bit(fields.length)}) o.$unknown = rdBytes();\n`;
    out.push(`${reader}  return o;\n}`);
    // Writer: reserves the mask, writes the present fields in tape order, fills the mask in.
    let writer =
      `function w_${id}(o, d) {\n` +
      `  if (d > DEPTH_LIMIT) throw inputError(null, "nesting of at most " + DEPTH_LIMIT + " messages (a cycle?)", o);\n` +
      `  ensure(${m.words} + 3);\n  const at = P - TAPE;\n  P += ${m.words};\n`;
    for (const w of words) writer += `  let m${w} = 0;\n`;
    writer += `  let v;\n`;
    // The code writing field f's value v to the tape (its mask bit set by the caller).
    const valueWrite = (f, q) => {
      if (f.shape === SHAPE_REPEATED) {
        const per = wide(f.kind) || text(f.kind) ? 2 : 1;
        const w = write(f.kind, f.sub, "v[i]", "null");
        const local = tableLocalCursor(w);
        let code = `    if (!isList(v)) throw inputError(${q}, "an array", v);\n    const n = v.length;\n`;
        code += `    ensure(n * ${per} + 2);\n    U32[P++] = n;\n`;
        if (wide(f.kind)) code += `    if (n) P += P & 1;\n`;
        if (f.kind === KIND_F64) {
          return (
            code +
            `    let i = 0;\n    try {\n      let at = P >> 1;\n      for (; i < n; i++) F64[at++] = cNum(v[i], null);\n` +
            `      if (n) P = at << 1;\n    } catch (e) {\n      throw atPath(e, ${q}, i);\n    }\n`
          );
        }
        if (local) {
          return (
            code +
            `    let i = 0;\n    try {\n      const w = ${local.view};\n      let q = P;\n      for (; i < n; i++) ${local.code}\n` +
            `      P = q;\n    } catch (e) {\n      throw atPath(e, ${q}, i);\n    }\n`
          );
        }
        return (
          code +
          `    let i = 0;\n    try {\n      for (; i < n; i++) ${w}\n    } catch (e) {\n      throw atPath(e, ${q}, i);\n    }\n`
        );
      }
      if (f.shape === SHAPE_MAP) {
        const [key, val] = messages[f.sub].fields.map(field).sort((a, b) => a.slot - b.slot);
        return (
          `    const isMap = v instanceof Map, ks = mapKeys(v, ${q}), n = ks.length;\n    ensure(1);\n    U32[P++] = n;\n` +
          `    let k;\n    try {\n      for (let j = 0; j < n; j++) {\n        k = ks[j];\n` +
          `        const e = isMap ? v.get(k) : v[k];\n        ensure(6);\n` +
          `        ${write(key.kind, key.sub, kinds[key.kind][4], "null")}\n        ${write(val.kind, val.sub, "e", "null")}\n` +
          `      }\n    } catch (e) {\n      throw atPath(e, ${q}, k);\n    }\n`
        );
      }
      return `    ${write(f.kind, f.sub, "v", q)}\n`;
    };
    bySlot.forEach((f, i) => {
      const q = JSON.stringify(f.name);
      // Of several members of a oneof set, the tape carries the last (wasm refuses two).
      const later = bySlot
        .slice(i + 1)
        .filter((g) => f.oneof >= 0 && g.oneof === f.oneof)
        .map((g) => ` && o[${JSON.stringify(g.name)}] == null`)
        .join("");
      writer += `  v = o[${q}];\n  if (v != null${later}) {\n    ${set(f.slot)}\n` + valueWrite(f, q);
      const scalar = f.shape === SHAPE_SCALAR || f.shape === SHAPE_STRING;
      writer += scalar ? `  }\n  ensure(3);\n` : `    ensure(3);\n  }\n`;
    });
    if (m.unknown) {
      writer += `  v = o.$unknown;\n  if (v != null && v.length > 0) {\n    ${set(fields.length)}\n    wrBytes(v, "$unknown");\n  }\n`;
    }
    for (const w of words) writer += `  U32[TAPE + at + ${w}] = m${w};\n`;
    out.push(`${writer}}`);
    out.push(
      `function wm_${id}(v, d, f) {\n  if (v == null || v.constructor !== Object) checkMessageObject(v, f);\n` +
        `  try {\n    w_${id}(v, d + 1);\n  } catch (e) {\n    throw atPath(e, f);\n  }\n}`,
    );
    out.push(tableResidentClass(id, m, fields, valueWrite));
  });
  out.push(`[${messages.map((_, id) => `[r_${id}, w_${id}, R_${id}]`).join(", ")}]`);
  return out.join("\n");
}

/**
 * The codecs of every message type of a schema given as a serialized FileDescriptorSet (protoc
 * --descriptor_set_out --include_imports; @bufbuild's createFileRegistry takes the same): the same
 * surface as a generated module's, named the same way, and byFullName. free() gives the tables back.
 */
function compile(descriptorSet) {
  // Strict, also where a bundler has put the runtime into sloppy code (esbuild's IIFE): a sloppy
  // direct eval may add variables to this scope, so V8 would look up every name the readers and
  // writers use at run time (Chrome ran them 4-8x slower than the generated ones; BENCHMARKS.md).
  "use strict";
  if (!(descriptorSet instanceof Uint8Array)) {
    throw new InputError([], `expected the bytes of a FileDescriptorSet, got ${describe(descriptorSet)}`);
  }
  const started = performance.now();
  const handle = ex.wl_table_load(copyIn(descriptorSet));
  views();
  if (handle === 0) throw new WirelensError(`the descriptor set does not load: ${outputText()}`);
  const tablesBuilt = performance.now();
  if (ex.wl_table_describe(handle) === 0) throw outOfMemory();
  const description = JSON.parse(outputText());
  // Direct eval: the readers and writers run in this scope, on the runtime's tape and helpers.
  const functions = eval(tableSource(description));
  const compiled = {};
  const byName = new Map();
  const formats = ex.wl_table_format_tape !== undefined;
  description.messages.forEach((m, index) => {
    if (m.entry) return;
    /** @type {any} */
    const t = {
      full: m.full,
      name: m.name,
      r: functions[index][0],
      w: functions[index][1],
      decodeJs: (size) => ex.wl_table_decode(handle, index, size),
      encodeJs: () => ex.wl_table_encode(handle, index),
      // Resident messages: records in wasm memory (core/table/record.h).
      R: functions[index][2],
      o: (p) => {
        tableFieldTape(handle, index, p, -1);
        return t.r();
      },
      create: () => ex.wl_table_new(handle, index),
      del: (p) => ex.wl_table_delete(p),
      decode: (p, size) => ex.wl_table_record_decode(handle, index, p, size),
      encode: (p) => ex.wl_table_record_encode(handle, index, p),
      fromTape: (p) => ex.wl_table_record_from_tape(handle, index, p),
      field: (p, slot, op) => ex.wl_table_record_field(handle, index, p, slot, op),
      // No JS printer or reader of JSON (defineType's j and p): JSON and text format in the module
      // built with formats (table_formats.wl.js), a plain object through its tape and wire bytes,
      // a resident one through its bytes.
      j: null,
      p: null,
      ...(formats && {
        formatOut: (at, size, flags) => ex.wl_table_format_out(handle, index, at, size, flags),
        formatTape: (flags) => ex.wl_table_format_tape(handle, index, flags),
        formatIn: (size, flags) => ex.wl_table_format_in(handle, index, size, flags),
      }),
    };
    t.R.prototype.$type = t;
    compiled[m.name] = new MessageCodec(t);
    byName.set(m.full, compiled[m.name]);
  });
  Object.defineProperty(compiled, "byFullName", { value: byName });
  Object.defineProperty(compiled, "free", { value: () => ex.wl_table_free(handle) });
  const buildTimes = { tables: tablesBuilt - started, js: performance.now() - tablesBuilt };
  Object.defineProperty(compiled, "buildTimes", { value: Object.freeze(buildTimes) });
  return compiled;
}
Object.defineProperty(codecs, "compile", { value: compile });
