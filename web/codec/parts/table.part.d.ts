/** The codecs compile() builds from a descriptor set: one per message type, and by full name. */
export type CompiledCodecs = { readonly [name: string]: MessageCodec<any, any, never> } & {
  readonly byFullName: ReadonlyMap<string, MessageCodec<any, any, never>>;
  /** Gives the schema's tables back to wasm; its codecs must not be used afterwards. */
  free(): void;
};
//+codec /** Codecs for any schema, from its FileDescriptorSet (protoc --descriptor_set_out --include_imports). */
//+codec compile(descriptorSet: Uint8Array): CompiledCodecs;
