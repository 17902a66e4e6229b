// Seeded random numbers for the JS case generators (mulberry32: small, fast, same on every engine).
export function seededRandom(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** integer in [lo, hi] */
  next.int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  /** one of the items */
  next.pick = (items) => items[Math.floor(next() * items.length)];
  return next;
}
