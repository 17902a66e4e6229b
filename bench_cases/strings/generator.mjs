// 2,000 entries: short ASCII keys, ASCII values of 10..200 characters, notes of 0..40 characters
// mixing Latin-1, CJK and emoji.
import { seededRandom } from "../random.mjs";

const WORDS = ["lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "sed", "do"];
const WIDE = ["é", "ü", "ß", "中", "文", "字", "😀", "🚀", "a", "b", " "];

export function generateStrings(seed = 1) {
  const r = seededRandom(seed);
  const entries = [];
  for (let i = 0; i < 2000; i++) {
    let value = "";
    const length = r.int(10, 200);
    while (value.length < length) value += r.pick(WORDS) + " ";
    let note = "";
    for (let k = r.int(0, 40); k > 0; k--) note += r.pick(WIDE);
    entries.push({ key: `key-${i}`, value: value.slice(0, length), note });
  }
  return { entries };
}
