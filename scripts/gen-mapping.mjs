// Writes docs/mapping.md, the coverage matrix of the six conversion directions, from
// the adapters' coverage declarations (src/adapters/*/coverage.ts) as built in dist/.
// Run after `npm run build`: `node scripts/gen-mapping.mjs` (or `--check` to only compare).
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = (rel) => import(new URL(`../dist/${rel}`, import.meta.url).href);

const { renderMapping } = await dist("ir/coverage.js");
const { caploCoverage } = await dist("adapters/caplo/coverage.js");
const { agentmugCoverage } = await dist("adapters/agentmug/coverage.js");
const { masCoverage } = await dist("adapters/mas/coverage.js");

const file = join(root, "docs/mapping.md");
const text = renderMapping([caploCoverage, agentmugCoverage, masCoverage]);
if (process.argv.includes("--check")) {
  let current = "";
  try {
    current = readFileSync(file, "utf8");
  } catch {
    // a missing file is simply out of date
  }
  if (current !== text) {
    console.error("docs/mapping.md is out of date: run npm run build && npm run docs:mapping");
    process.exit(1);
  }
} else {
  writeFileSync(file, text);
  console.log(`wrote docs/mapping.md (${text.split("\n").length} lines)`);
}
