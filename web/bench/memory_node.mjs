// Memory of one encode or decode in Node (run with --expose-gc): a forced collection before, then
// the growth while the result is kept alive. The parts are kept apart: the JS heap, ArrayBuffer
// backing stores (process.memoryUsage().arrayBuffers; Node also counts them in `external`, so that
// is not added again), the bytes the wasm heap holds more, and the pages wasm memory grew by.
// Returns { jsHeap, external (the ArrayBuffers), wasm, wasmMemory, kept } in bytes, or nulls and a
// note without --expose-gc.
export function measureNodeMemory(codec, prepared, op) {
  if (typeof globalThis.gc !== "function") return { jsHeap: null, external: null, wasm: null, note: "run node with --expose-gc" };
  globalThis.gc();
  const before = process.memoryUsage();
  const wasmHeapBefore = prepared.wasm ? prepared.wasm.heapUsed() : null;
  const wasmMemoryBefore = prepared.wasm ? prepared.wasm.memory.buffer.byteLength : null;
  const kept = op === "encode" ? prepared.encode() : prepared.decoded();
  const after = process.memoryUsage();
  return {
    jsHeap: after.heapUsed - before.heapUsed,
    external: after.arrayBuffers - before.arrayBuffers,
    wasm: prepared.wasm ? prepared.wasm.heapUsed() - wasmHeapBefore : null,
    wasmMemory: prepared.wasm ? prepared.wasm.memory.buffer.byteLength - wasmMemoryBefore : null,
    kept: kept !== undefined,
  };
}
