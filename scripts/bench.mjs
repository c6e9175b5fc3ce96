// npm run bench: conversion time against the machine's floor, as ratios.
// Floor = parse the source text + serialize the target document with the same
// libraries (JSON.parse / yaml.parse, JSON.stringify / yaml.stringify). The CLI is
// compared with a bare `node -e 0` measured in the same run. Prints figures,
// asserts nothing: it is a benchmark, not a test (docs/performance.md).
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join, relative } from "node:path";
import { spawnSync } from "node:child_process";
import { Bench } from "tinybench";
import { parse as yamlParse, stringify as yamlStringify } from "yaml";

const root = new URL("..", import.meta.url).pathname;
const { convert, detect } = await import(join(root, "dist/index.js"));
const { makeReadFile } = await import(join(root, "dist/node/refs.js"));

function files(dir, re, out = []) {
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir).sort()) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) { if (e !== "expected") files(p, re, out); }
    else if (re.test(e)) out.push(p);
  }
  return out;
}

const inputs = [...files(join(root, "golden"), /^input\./), ...files(join(root, "test/fixtures/mas/corpus"), /\.ya?ml$/)]
  .map((path) => ({ path, text: readFileSync(path, "utf8") }))
  .map((f) => ({ ...f, format: detect(f.text).format }))
  .filter((f) => f.format);

const FORMATS = ["caplo", "agentmug", "mas"];
const isYaml = (t) => !/^\s*[{[]/.test(t);
const time = process.argv.includes("--quick") ? 200 : 800;

console.log(`agentport bench — node ${process.version}, ${inputs.length} inputs, ${time} ms per task\n`);
console.log("direction            docs  convert µs/doc  floor µs/doc  ratio  target");
const rows = [];
for (const from of FORMATS) {
  for (const to of FORMATS) {
    if (from === to) continue;
    const docs = inputs.filter((f) => f.format === from).map((f) => {
      const readFile = makeReadFile(join(f.path, ".."));
      const r = convert(f.text, to, { readFile, file: relative(root, f.path), lenient: true });
      return { ...f, readFile, outputs: r.outputs.map((o) => o.document) };
    }).filter((d) => d.outputs.length);
    if (!docs.length) { console.log(`${from} → ${to}`.padEnd(20), "  (no inputs)"); continue; }
    const yamlInvolved = docs.some((d) => isYaml(d.text)) || to === "mas";
    const bench = new Bench({ time, warmupTime: 100 });
    bench.add("convert", () => { for (const d of docs) convert(d.text, to, { readFile: d.readFile, lenient: true }); });
    bench.add("floor", () => {
      for (const d of docs) {
        isYaml(d.text) ? yamlParse(d.text) : JSON.parse(d.text);
        for (const o of d.outputs) to === "mas" ? yamlStringify(o) : JSON.stringify(o, null, 2);
      }
    });
    await bench.run();
    const [c, fl] = bench.tasks.map((t) => (t.result.latency?.mean ?? t.result.mean) * 1000 / docs.length);
    const ratio = c / fl;
    const target = yamlInvolved ? 1.5 : 3;
    rows.push({ dir: `${from} → ${to}`, docs: docs.length, c, fl, ratio, target });
    console.log(`${from} → ${to}`.padEnd(20), String(docs.length).padStart(5), c.toFixed(1).padStart(15), fl.toFixed(1).padStart(13), ratio.toFixed(2).padStart(6), `  ≤ ${target} ${ratio <= target ? "met" : "NOT met"}`);
  }
}

function wall(args, n = 15) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, { encoding: "utf8" });
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const sample = inputs.find((f) => f.format === "mas" && f.path.includes("golden")) ?? inputs[0];
const bare = wall(["-e", "0"]);
console.log(`\nCLI one-file wall time (median of 15), input ${relative(root, sample.path)} → caplo`);
console.log(`node -e 0                      ${bare.toFixed(1).padStart(7)} ms   1.00`);
for (const [label, bin] of [["dist/cli/main.js (tsc output)", "dist/cli/main.js"], ["dist/agentport.mjs (bundle)", "dist/agentport.mjs"]]) {
  if (!existsSync(join(root, bin))) continue;
  const t = wall([join(root, bin), "convert", sample.path, "--to", "caplo", "-q"]);
  console.log(`${label.padEnd(30)} ${t.toFixed(1).padStart(7)} ms  ${(t / bare).toFixed(2).padStart(5)}  ≤ 2 ${t / bare <= 2 ? "met" : "NOT met"}`);
}
