// Memory of one encode or decode in Node (run with --expose-gc): a forced collection before, then
// the growth while the result is kept alive. The parts are kept apart: the JS heap, ArrayBuffer
// backing stores (process.memoryUsage().arrayBuffers; Node also counts them in `external`, so that
// is not added again), the bytes the wasm heap holds more, and the pages wasm memory grew by.
// Returns { jsHeap, external (the ArrayBuffers), wasm, wasmMemory, kept } in bytes, or nulls and a
// note without --expose-gc.
import v8 from "node:v8";
import { sampleAround } from "./suite.mjs";

export function measureNodeMemory(codec, prepared, op) {
  if (typeof globalThis.gc !== "function")
    return { jsHeap: null, external: null, wasm: null, note: "run node with --expose-gc" };
  // V8 frees dead ArrayBuffers on a background thread after a collection; on a busy machine those
  // frees landed inside the measurement (an 8 MiB output once counted as 5 MiB). Sweeping them on
  // the main thread while measuring leaves nothing of earlier garbage pending after gc().
  v8.setFlagsFromString("--no-concurrent-array-buffer-sweeping");
  try {
    globalThis.gc();
    const { before, after, wasm, wasmMemory, kept } = sampleAround(prepared, op, () => process.memoryUsage());
    return {
      jsHeap: after.heapUsed - before.heapUsed,
      external: after.arrayBuffers - before.arrayBuffers,
      wasm,
      wasmMemory,
      kept,
    };
  } finally {
    v8.setFlagsFromString("--concurrent-array-buffer-sweeping");
  }
}
