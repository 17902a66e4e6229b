// Self time per function of a V8 CPU profile (Profiler.stop's result, from Node's inspector or a
// browser's DevTools protocol), for the profiling programs beside this file.

/**
 * Returns { total, top }: the sampled time in µs, and the `count` functions with the most self time
 * as [name, µs] pairs, largest first. A function is named with its file and line.
 * @param {{ nodes: any[], samples?: number[], timeDeltas?: number[] }} profile
 * @param {number} count
 */
export function selfTimes(profile, count) {
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const self = new Map();
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  for (let i = 0; i < samples.length; i++) {
    const f = nodes.get(samples[i]).callFrame;
    const key = `${f.functionName || "(anonymous)"} ${f.url.split("/").pop()}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + deltas[i]);
  }
  const total = deltas.reduce((a, b) => a + b, 0);
  return { total, top: [...self].sort((a, b) => b[1] - a[1]).slice(0, count) };
}
