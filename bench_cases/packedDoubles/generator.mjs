// 1,000,000 doubles in (-500000, 500000).
import { seededRandom } from "../random.mjs";

export function generatePackedDoubles(seed = 1, count = 1000000) {
  const r = seededRandom(seed);
  const values = new Array(count);
  for (let i = 0; i < count; i++) values[i] = (r() - 0.5) * 1e6;
  return { values };
}
