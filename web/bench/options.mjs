// Benchmark.js settings of the suite. Light cases: 1 s per benchmark; heavy (megabyte) cases:
// at least 5 samples, which Benchmark.js takes as single calls.
export const defaultOptions = { maxTime: 1, minSamples: 5, heavyMaxTime: 3, heavyMinSamples: 5 };
// Checks the machinery, not the speed (tests): the shortest runs Benchmark.js allows.
export const quickOptions = { maxTime: 0.05, minSamples: 2, heavyMaxTime: 0.05, heavyMinSamples: 2 };
