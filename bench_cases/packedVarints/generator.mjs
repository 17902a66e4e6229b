// 1,000,000 uint32 values whose varints take 1 to 5 bytes, equally often.
import { seededRandom } from "../random.mjs";

export function generatePackedVarints(seed = 1, count = 1000000) {
  const r = seededRandom(seed);
  const values = new Array(count);
  for (let i = 0; i < count; i++) {
    const bytes = r.int(1, 5);
    values[i] = Math.min(2 ** 32 - 1, Math.floor(r() * 2 ** (7 * bytes)));
  }
  return { values };
}
