/**
 * The codecs compile() builds from a descriptor set: one per message type (named as a generated
 * module names them), and all of them by full name. `M` types them: the decoded objects' types by
 * codec name (e.g. the interfaces a generated .d.ts of the same .proto declares, or your own);
 * without it every codec takes and gives `any`.
 */
export type CompiledCodecs<M extends object = { [name: string]: any }> = (string extends keyof M
  ? { readonly [name: string]: MessageCodec<any, any, CompiledResident<any>> }
  : { readonly [K in keyof M]: MessageCodec<M[K], CompiledInput<M[K]>, CompiledResident<M[K]>> }) & {
  readonly byFullName: ReadonlyMap<string, MessageCodec<any, any, CompiledResident<any>>>;
  /** Gives the schema's tables back to wasm; its codecs must not be used afterwards. */
  free(): void;
  /** What compile() took, in ms: the descriptor set read into tables in wasm; the JS readers and writers built. */
  readonly buildTimes: { readonly tables: number; readonly js: number };
};
/**
 * A resident message of a compiled schema (create(), then decode/set/encode in wasm): its fields as
 * getters that read wasm memory in place and setters that write one field; a singular message
 * field reads as a resident view (or null), a repeated one as an array of them, a map as a plain
 * object; has<Name>() for fields with presence, mutable<Name>() / add<Name>() make a sub-message in
 * place. Views are valid until their root is decoded, set or freed.
 */
export type CompiledResident<T> = ResidentMessage<T, CompiledInput<T>> & {
  -readonly [K in keyof T]: T[K] extends Uint8Array | string | number | boolean | bigint | null | undefined
    ? T[K]
    : T[K] extends readonly (infer E)[]
      ? E extends object
        ? E extends Uint8Array
          ? T[K]
          : CompiledResident<E>[]
        : T[K]
      : any;
} & { [method: `has${string}` | `mutable${string}` | `add${string}`]: (() => any) | undefined };
/** What encode() takes for a decoded object of type T: every field optional, null for absent. */
export type CompiledInput<T> = { readonly [K in keyof T]?: CompiledInputValue<T[K]> | null };
type CompiledInputValue<V> = V extends Uint8Array
  ? V
  : V extends readonly (infer E)[]
    ? readonly CompiledInputValue<E>[]
    : V extends bigint
      ? bigint | number | string
      : V extends object
        ? CompiledInput<V>
        : V;
//+codec /** Codecs for any schema, from its FileDescriptorSet (protoc --descriptor_set_out --include_imports); M types them. */
//+codec compile<M extends object = { [name: string]: any }>(descriptorSet: Uint8Array): CompiledCodecs<M>;
