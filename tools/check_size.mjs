// Size budget check: node tools/check_size.mjs FILE MAX_BYTES. Prints the size; fails above budget,
// and refuses to run (exit 2) without a file or with a budget that is not a positive whole number.
import { existsSync, statSync } from "node:fs";

const [file, budgetText] = process.argv.slice(2);
const budget = Number(budgetText);
if (file === undefined || !existsSync(file) || !/^[1-9][0-9]*$/.test(budgetText ?? "")) {
  console.error("usage: node tools/check_size.mjs FILE MAX_BYTES (an existing file, a budget in bytes)");
  process.exit(2);
}
const size = statSync(file).size;
console.log(`${file}: ${size} bytes (budget ${budget})`);
if (size > budget) {
  console.error(`over budget by ${size - budget} bytes`);
  process.exit(1);
}
