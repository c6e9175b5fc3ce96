// Writes docs/mapping.md, the coverage matrix of every conversion direction, from the
// coverage declarations of every registered format (src/adapters/<id>/coverage.ts) as built in dist/.
// Run after `npm run build`: `node scripts/gen-mapping.mjs` (or `--check` to only compare).
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = (rel) => import(new URL(`../dist/${rel}`, import.meta.url).href);

const { renderMapping } = await import(new URL("./render-mapping.mjs", import.meta.url).href);
const matrix = await dist("ir/coverage-matrix.js");
const { MAX_SCHEMA_DEPTH } = await dist("ir/schema-paths.js");
const { ADAPTERS } = await dist("adapters/registry.js");
const isCoverage = (v) => typeof v === "object" && v !== null && typeof v.format === "string" && typeof v.parse === "object";
const coverages = [];
for (const a of ADAPTERS) {
  const found = Object.values(await dist(`adapters/${a.id}/coverage.js`)).find(isCoverage);
  if (!found) throw new Error(`src/adapters/${a.id}/coverage.ts exports no coverage declaration`);
  coverages.push(found);
}

const file = join(root, "docs/mapping.md");
const text = renderMapping(coverages, matrix, MAX_SCHEMA_DEPTH);
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
