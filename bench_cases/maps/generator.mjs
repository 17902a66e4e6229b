// Three maps of 1,000 entries: string -> int32, int32 -> string, string -> message.
import { seededRandom } from "../random.mjs";

export function generateMaps(seed = 1) {
  const r = seededRandom(seed);
  const counts = {},
    names = {},
    items = {};
  for (let i = 0; i < 1000; i++) {
    counts[`word-${i}`] = r.int(0, 100000);
    names[i * 7 - 3000] = `name ${i} ${"x".repeat(r.int(0, 20))}`;
    items[`item-${i}`] = { id: i, label: `label ${r.int(0, 1e6)}`, weight: r() * 100 };
  }
  return { counts, names, items };
}
