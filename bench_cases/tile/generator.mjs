// 4 layers of 400 features (ids, 6 tags, a geometry of 20..200 packed commands), 20 keys and 30
// typed values per layer, like a dense vector tile.
import { seededRandom } from "../random.mjs";

export function generateTile(seed = 1) {
  const r = seededRandom(seed);
  const layers = [];
  for (const name of ["roads", "buildings", "water", "labels"]) {
    const features = [];
    for (let i = 0; i < 400; i++) {
      const geometry = [];
      for (let k = r.int(20, 200); k > 0; k--) geometry.push(r.int(0, 8191));
      features.push({
        id: r.int(1, 2 ** 40),
        tags: [0, r.int(0, 29), 1, r.int(0, 29), 2, r.int(0, 29)],
        type: r.int(1, 3),
        geometry,
      });
    }
    const keys = Array.from({ length: 20 }, (_, i) => `${name}_key_${i}`);
    const values = Array.from({ length: 30 }, (_, i) => {
      switch (i % 5) {
        case 0:
          return { stringValue: `${name} value ${i}` };
        case 1:
          return { floatValue: Math.fround(r() * 100) };
        case 2:
          return { doubleValue: r() * 1e6 };
        case 3:
          return { intValue: r.int(-1e9, 1e9) };
        default:
          return { boolValue: true };
      }
    });
    layers.push({ version: 2, name, features, keys, values, extent: 4096 });
  }
  return { layers };
}
