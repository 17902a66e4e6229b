// WL_COLD: code of the JS codec modules that runs rarely, compiled for size.
#ifndef WIRELENS_CORE_JSBIND_COLD_H_
#define WIRELENS_CORE_JSBIND_COLD_H_

// Marks code off the paths a user repeats per message (the from-JS decode's fallback through a
// C++ message, resident field setters, buffer growth): optimised for size rather than speed, which keeps the
// codec's wasm small (BENCHMARKS.md, "The bench codec's size").
#if defined(__clang__)
#define WL_COLD __attribute__((minsize))
#else
#define WL_COLD
#endif

#endif  // WIRELENS_CORE_JSBIND_COLD_H_
