// Size budget check: node tools/check_size.mjs FILE MAX_BYTES. Prints the size; fails above budget.
import { statSync } from "node:fs";

const [file, budget] = process.argv.slice(2);
const size = statSync(file).size;
console.log(`${file}: ${size} bytes (budget ${budget})`);
if (size > Number(budget)) {
  console.error(`over budget by ${size - Number(budget)} bytes`);
  process.exit(1);
}
