// Memory of one encode or decode in Node (run with --expose-gc): a forced collection before, then
// the growth while the result is kept alive. The parts are kept apart: the JS heap, ArrayBuffer
// backing stores (process.memoryUsage().arrayBuffers; Node also counts them in `external`, so that
// is not added again), the bytes the wasm heap holds more, and the pages wasm memory grew by.
// Returns { jsHeap, external (the ArrayBuffers), wasm, wasmMemory, kept } in bytes, or nulls and a
// note without --expose-gc.
import { sampleAround } from "./suite.mjs";

export function measureNodeMemory(codec, prepared, op) {
  if (typeof globalThis.gc !== "function")
    return { jsHeap: null, external: null, wasm: null, note: "run node with --expose-gc" };
  globalThis.gc();
  const { before, after, wasm, wasmMemory, kept } = sampleAround(prepared, op, () => process.memoryUsage());
  return {
    jsHeap: after.heapUsed - before.heapUsed,
    external: after.arrayBuffers - before.arrayBuffers,
    wasm,
    wasmMemory,
    kept,
  };
}
