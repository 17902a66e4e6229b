// Types of what web/codec/runtime.js gives every assembled codec: load options, resident messages,
// the codec interface and the errors. assemble.mjs puts them at the head of each NAME.wl.d.ts.
/** What encode() accepts for 64-bit integer fields (a Long is {low, high}). */
export type Int64Input = bigint | number | string | { low: number; high: number; unsigned?: boolean };
export interface LoadOptions {
  /** How decode() returns 64-bit integers: bigint (default), number (loses precision past 2^53), decimal string, or Long. */
  int64?: "bigint" | "number" | "string" | "long";
  /** The Long class (long.js) for int64: "long". */
  Long?: { fromBits(low: number, high: number, unsigned?: boolean): unknown; ZERO: unknown; UZERO: unknown };
  /** The codec's wasm, instead of the copy embedded in this module. */
  wasm?: BufferSource | WebAssembly.Module;
  /** Longest string (in UTF-8 bytes) decoded by the JS loop instead of TextDecoder. */
  shortString?: number;
  /** Longest non-ASCII string (in UTF-8 bytes, at most 256) a resident getter decodes in JS: default 64 in browsers, 0 under Node (Buffer's decoder is cheaper). */
  shortUtf8?: number;
  /** Tape words after which encode() hands a root message to wasm in parts (default 2^20). */
  segmentWords?: number;
}
type Int64Of<O> = O extends { int64: "number" }
  ? number
  : O extends { int64: "string" }
    ? string
    : O extends { int64: "long" }
      ? unknown
      : bigint;
/** A message in wasm memory (resident mode); free() it, or let the FinalizationRegistry do it. */
export interface ResidentMessage<T, I> {
  encode(): Uint8Array;
  /** A view of wasm memory, valid until the next call into this codec. */
  encodeView(): Uint8Array;
  decode(bytes: Uint8Array): this;
  toObject(): T;
  /** proto3 JSON (codecs built with formats); throws FormatError when the message has no JSON form. */
  toJson(options?: JsonWriteOptions): string;
  /** Text format, as protoc --decode prints it (codecs built with formats). */
  toText(options?: TextWriteOptions): string;
  set(object: I): this;
  clear(): this;
  free(): void;
}
export interface MessageCodec<T, I, R> {
  readonly name: string;
  readonly fullName: string;
  encode(object: I): Uint8Array;
  /** A view of wasm memory, valid until the next call into this codec. */
  encodeView(object: I): Uint8Array;
  decode(bytes: Uint8Array): T;
  create(init?: I): R;
  /** proto3 JSON of an object or resident message (codecs built with formats; libprotobuf's default options). */
  toJson(message: I | R, options?: JsonWriteOptions): string;
  /** The object `json` holds (proto3 JSON mapping); throws FormatError with line, column and path. */
  fromJson(json: string, options?: JsonReadOptions): T;
  /** Text format of an object or resident message, as protoc --decode prints it. */
  toText(message: I | R, options?: TextWriteOptions): string;
  /** The object text format `text` holds (what protoc --encode reads); throws FormatError. */
  fromText(text: string): T;
}
export interface JsonReadOptions {
  /** Leave out members that name no field, and enum names the enum lacks (as @bufbuild/protobuf). */
  ignoreUnknownFields?: boolean;
}
export interface JsonWriteOptions {
  /** Also fields without presence at their defaults: repeated [], maps {}, proto3 scalars 0, "". */
  alwaysEmitImplicit?: boolean;
  /** Enum values as numbers instead of names. */
  enumAsInteger?: boolean;
  /** Field names as in the .proto ("optional_int32") instead of lowerCamelCase. */
  useProtoFieldName?: boolean;
}
export interface TextWriteOptions {
  /** Print fields the schema does not declare, by number (default true). */
  printUnknownFields?: boolean;
}
export class WirelensError extends Error {}
export class DecodeError extends WirelensError {
  /** e.g. "truncated", "length_past_end", "invalid_utf8" */
  readonly kind: string;
  readonly offset: number;
}
/** JSON or text that does not read ("1:12: items[2].id: out of range for int32"), or a message with no JSON form. */
export class FormatError extends WirelensError {}
export class InputError extends WirelensError {
  /** e.g. "inner.outer.bool[2]" */
  readonly path: string;
  readonly reason: string;
}
