// npm run corpus -- --count N --out DIR: a synthetic corpus of N manifests, mixed
// formats and realistic sizes, built from the golden inputs with varied ids, names
// and prompt lengths, so batch figures can be reproduced (docs/performance.md).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parse, stringify } from "yaml";

const args = process.argv.slice(2);
const val = (f, d) => (args.includes(f) ? args[args.indexOf(f) + 1] : d);
const count = Number(val("--count", "1000"));
const out = val("--out", "/tmp/agentport-corpus");
const root = new URL("..", import.meta.url).pathname;

// How a document is varied is its format's (src/adapters/<format>/bench.samples.mjs `vary`);
// a format that says nothing is copied as is.
const { detect } = await import(join(root, "dist/index.js"));
const varyOf = new Map();
for (const id of readdirSync(join(root, "src/adapters")).sort()) {
  const file = join(root, "src/adapters", id, "bench.samples.mjs");
  if (existsSync(file)) varyOf.set(id, (await import(file)).vary);
}

// Templates: golden inputs that reference no other files.
const templates = [];
for (const c of readdirSync(join(root, "golden")).sort()) {
  const dir = join(root, "golden", c);
  if (!statSync(dir).isDirectory()) continue;
  const input = readdirSync(dir).find((f) => f.startsWith("input."));
  if (!input || readdirSync(dir).some((f) => !["expected", "case.json", input].includes(f))) continue;
  const text = readFileSync(join(dir, input), "utf8");
  templates.push({ name: c, format: detect(text).format, ext: input.replace(/^input/, ""), yaml: /\.ya?ml$/.test(input), data: /\.ya?ml$/.test(input) ? parse(text) : JSON.parse(text) });
}
let seed = 7;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const words = "agent triage billing support research travel schedule planner review summary policy customer".split(" ");
const sentence = (n) => Array.from({ length: n }, () => words[Math.floor(rand() * words.length)]).join(" ") + ".";

function vary(t, i) {
  const d = structuredClone(t.data);
  varyOf.get(t.format)?.(d, `-${i}`, () => sentence(5 + Math.floor(rand() * 60)));
  return d;
}

mkdirSync(out, { recursive: true });
for (let i = 0; i < count; i++) {
  const t = templates[i % templates.length];
  const dir = join(out, `part-${String(Math.floor(i / 100)).padStart(3, "0")}`);
  if (i % 100 === 0) mkdirSync(dir, { recursive: true });
  const d = vary(t, i);
  writeFileSync(join(dir, `${t.name}-${i}${t.ext}`), t.yaml ? stringify(d) : JSON.stringify(d, null, 2) + "\n");
}
console.log(`wrote ${count} manifests from ${templates.length} templates to ${out}`);
