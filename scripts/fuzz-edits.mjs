// npm run fuzz:edits -- --edits N [--seed S] [--docs D] [--shards K] [--progress FILE]: the edit property
// (test/fuzz/edit-property.ts) at any size: N counted edits of files converted into
// AgentMug and mas from every golden case and D schema-fuzz documents per format
// (default 10). --shards K runs K processes side by side (seeds S, S+1, …, N/K edits
// each) and adds up their figures. Prints the closing figures (docs/fuzzing.md).
import { spawn } from "node:child_process";
const args = process.argv.slice(2);
const val = (flag, dflt) => {
  const i = args.indexOf(flag);
  return i >= 0 && args[i + 1] ? args[i + 1] : dflt;
};
const edits = Number(val("--edits", "1000"));
const seed = Number(val("--seed", "1"));
const shards = Math.max(1, Number(val("--shards", "1")));
const docs = val("--docs", "10");
// --progress FILE: each shard rewrites FILE.<i> with its figures every 1,000 edits.
const progress = val("--progress", "");
const FIGURES = /edit fuzz: (\d+) edits on (\d+) files, overwritten (\d+), not applied and unreported (\d+), reported yet applied (\d+), stale without an edit (\d+); (\d+) edits stopped (\d+) stash entries \(each reported\); not counted: (\d+) schema-invalid, (\d+) refused by the way back; (\d+) ms/;

function run(i) {
  const n = Math.floor(edits / shards) + (i < edits % shards ? 1 : 0);
  const env = { ...process.env, FUZZ_EDITS: String(n), FUZZ_SEED: String(seed + i), FUZZ_EDIT_DOCS: docs, ...(progress ? { FUZZ_PROGRESS: `${progress}.${i}` } : {}) };
  return new Promise((resolve) => {
    const child = spawn("npx", ["vitest", "run", "test/fuzz/edit-property.test.ts"], { env, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (b) => {
      out += b;
      if (shards === 1) process.stdout.write(b);
    });
    child.on("close", (code) => resolve({ code: code ?? 1, out, seed: seed + i }));
  });
}

const t0 = Date.now();
const results = await Promise.all(Array.from({ length: shards }, (_, i) => run(i)));
if (shards > 1) {
  const sum = new Array(11).fill(0);
  for (const r of results) {
    const m = FIGURES.exec(r.out.replace(/\x1b\[[0-9;]*m/g, ""));
    console.log(`seed ${r.seed}: ${m ? m[0] : "no closing figures (see its output below)"}`);
    if (m) m.slice(1).forEach((x, j) => (sum[j] += Number(x)));
    if (!m || r.code !== 0) console.log(r.out);
  }
  console.log(`all ${shards} shards: ${sum[0]} edits, overwritten ${sum[2]}, not applied and unreported ${sum[3]}, reported yet applied ${sum[4]}, stale without an edit ${sum[5]}; ${sum[6]} edits stopped ${sum[7]} stash entries (each reported); not counted: ${sum[8]} schema-invalid, ${sum[9]} refused by the way back; ${Math.round((Date.now() - t0) / 1000)} s`);
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
