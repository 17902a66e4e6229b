// A full binary tree of 15 Primitives (depth 4), every number field set; 64-bit values stay
// below 2^53 so that every codec can hold them as JS numbers.
import { seededRandom } from "../random.mjs";

export function generatePrimitives(seed = 1) {
  const r = seededRandom(seed);
  const big = () => r.int(0, 2 ** 21) * 2 ** 31 + r.int(0, 2 ** 31 - 1); // < 2^52
  const node = (depth) => {
    const n = {
      i32: r.int(-(2 ** 31), 2 ** 31 - 1),
      i64: big() * (r() < 0.5 ? -1 : 1),
      u32: r.int(0, 2 ** 32 - 1),
      u64: big(),
      s32: r.int(-(2 ** 31), 2 ** 31 - 1),
      s64: -big(),
      fx32: r.int(0, 2 ** 32 - 1),
      fx64: big(),
      sfx32: r.int(-(2 ** 31), 2 ** 31 - 1),
      sfx64: -big(),
      f: Math.fround(r() * 1000),
      d: r() * 1e9,
      b: true,
    };
    if (depth < 3) {
      n.left = node(depth + 1);
      n.right = node(depth + 1);
    }
    return n;
  };
  return node(0);
}
