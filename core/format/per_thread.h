// WIRELENS_PER_THREAD: `thread_local` where the build has threads; plain static storage in wasm
// built without pthreads (one thread, and wasm-ld refuses thread-local storage without atomics).
#ifndef WIRELENS_CORE_FORMAT_PER_THREAD_H_
#define WIRELENS_CORE_FORMAT_PER_THREAD_H_

#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
#define WIRELENS_PER_THREAD
#else
#define WIRELENS_PER_THREAD thread_local
#endif

#endif  // WIRELENS_CORE_FORMAT_PER_THREAD_H_
