// npm run bench: what a conversion costs, as ratios measured side by side in one run.
//
//   (a) floor: parse the same bytes with the same parser the real path uses (JSON: JSON.parse
//       plus the duplicate-key scan parseText runs; YAML: the yaml Document API with a line
//       counter) and serialize the target documents the same way (the emitters' jsonText / yamlText).
//   (b) bound: a correct implementation, timed piece by piece: parse, ajv on the input, the
//       mapping (adapter parse + emit without the stash, which includes serialization), ajv on
//       the output, and the serialization of the stash's bytes the output holds (the real
//       outputs' serialization less the stash-less ones'). Building the stash and the
//       diagnostics' honesty checks are what sits above it.
//       With --pieces, also the same pieces as one pass per document (docs/performance.md).
//   (c) scaling: per-agent and per-tool cost at growing sizes against the smallest size.
//   (d) the CLI, one file, against a bare `node -e 0`.
//
// Every pair is interleaved (A, B, A, B …) after a warm-up, and reported as the median with
// min and max over the rounds. Prints figures, asserts nothing: a benchmark, not a test
// (docs/performance.md). Flags: --quick (fewer rounds), --only SECTION (floor|scaling|cli), --cpu
// (in-process rounds timed by CPU time, for a loaded machine).
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join, relative } from "node:path";
import { spawnSync } from "node:child_process";
import { stringify as yamlStringify } from "yaml";

const root = new URL("..", import.meta.url).pathname;
const { convert, detect } = await import(join(root, "dist/index.js"));
const { ADAPTERS, adapterFor } = await import(join(root, "dist/adapters/registry.js"));
const { parseText } = await import(join(root, "dist/text/parse.js"));
// The emitters' own serializers: the floor and the stash's bytes serialize as the real path does.
const { jsonText, yamlText } = await import(join(root, "dist/adapters/serialize.js"));
const serialize = (d, o) => (d.yamlOut ? yamlText(o) : jsonText(o));
const { makeReadFile } = await import(join(root, "dist/node/refs.js"));
const { convertManyRead } = await import(join(root, "dist/convert.js"));
const { verifyBundleRoundTrips } = await import(join(root, "dist/verify.js"));
// The hub's emit (a format with a slot writes its agents in phases, the hub between them).
const { emitWith } = await import(join(root, "dist/ir/emit-phases.js"));
// The hub's parse (a format with a slot reads its agents in phases, the hub's restore between them).
const { parseWith } = await import(join(root, "dist/ir/parse-phases.js"));

const argv = process.argv.slice(2);
const quick = argv.includes("--quick");
const only = argv.includes("--only") ? argv[argv.indexOf("--only") + 1] : undefined;
const ROUNDS = quick ? 9 : 21;
const ROUND_MS = quick ? 15 : 40;

// ---------------------------------------------------------------- timing
const wallClock = () => Number(process.hrtime.bigint()) / 1e6;
// --cpu: in-process rounds are timed by this process's CPU time (user + system, all its threads)
// instead of the wall clock: on a shared machine a round descheduled by other work then costs
// nothing extra, so the in-process ratios hold under load. The CLI section (d) stays wall time.
const cpuClock = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const now = process.argv.includes("--cpu") ? cpuClock : wallClock;

/** Runs fn until at least ROUND_MS passed; returns ms per call. */
function round(fn, calls) {
  const t = now();
  for (let i = 0; i < calls; i++) fn();
  return (now() - t) / calls;
}

function callsFor(fn) {
  let calls = 1;
  for (;;) {
    const t = now();
    for (let i = 0; i < calls; i++) fn();
    const ms = now() - t;
    if (ms >= ROUND_MS / 4 || calls >= 1 << 20) return Math.max(1, Math.ceil((calls * ROUND_MS) / Math.max(ms, 0.01)));
    calls *= 4;
  }
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], min: s[0], max: s[s.length - 1] };
};

/** Interleaved rounds of several tasks; ms per call for each, as { median, min, max }. */
function interleaved(tasks, rounds = ROUNDS) {
  for (const fn of Object.values(tasks)) { fn(); fn(); }
  const calls = Object.fromEntries(Object.entries(tasks).map(([k, fn]) => [k, callsFor(fn)]));
  const times = Object.fromEntries(Object.keys(tasks).map((k) => [k, []]));
  for (let r = 0; r < rounds; r++) for (const [k, fn] of Object.entries(tasks)) times[k].push(round(fn, calls[k]));
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, stats(v)]));
}

/** The ratio a/b per round pair is noisier than the ratio of medians; we report medians and their spread. */
const ratio = (a, b) => a.median / b.median;
const fmt = (x, d = 1) => x.toFixed(d);
const spread = (s) => `${fmt(s.median * 1000)} (${fmt(s.min * 1000)}–${fmt(s.max * 1000)})`;

// ---------------------------------------------------------------- inputs
function files(dir, re, out = []) {
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir).sort()) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) { if (e !== "expected") files(p, re, out); }
    else if (re.test(e)) out.push(p);
  }
  return out;
}

const FORMATS = ADAPTERS.map((a) => a.id);

/** Every golden input and corpus manifest that converts on its own, in both syntaxes. */
function loadInputs() {
  const corpus = BENCH.flatMap((b) => b.corpus ?? []).flatMap((dir) => files(join(root, dir), /\.(?:json|ya?ml)$/));
  const paths = [...files(join(root, "golden"), /^input\./), ...corpus];
  const out = [];
  for (const path of paths) {
    const text = readFileSync(path, "utf8");
    const format = detect(text).format;
    if (!format) continue;
    const data = parseText(text).data;
    if (data === undefined) continue;
    const readFile = makeReadFile(join(path, ".."));
    for (const syntax of ["json", "yaml"]) {
      const t = syntax === "json" ? JSON.stringify(data, null, 2) : yamlStringify(data);
      out.push({ path, format, syntax, text: t, readFile });
    }
  }
  return out;
}

// ---------------------------------------------------------------- (a) + (b)
function directions() {
  const inputs = loadInputs();
  console.log(`\n(a) floor and (b) bound — ${inputs.length / 2} inputs, each as JSON and as YAML; µs per document (${now === cpuClock ? "CPU time" : "wall time"}), median (min–max) of ${ROUNDS} interleaved rounds`);
  console.log("direction            syntax docs   convert µs          floor µs            bound µs        ×floor  ×bound");
  for (const from of FORMATS) {
    for (const to of FORMATS) {
      if (from === to) continue;
      for (const syntax of ["json", "yaml"]) {
        const src = adapterFor(from);
        const dst = adapterFor(to);
        const docs = [];
        for (const f of inputs) {
          if (f.format !== from || f.syntax !== syntax) continue;
          const r = convert(f.text, to, { readFile: f.readFile, lenient: true });
          if (!r.ok || !r.outputs.length) continue;
          const data = parseText(f.text).data;
          const ir = parseWith(src, data, { readFile: f.readFile, lenient: true }).doc;
          if (!ir) continue;
          // What the mapping alone writes (no stash): its serialization is inside the map piece.
          const plain = emitWith(dst, ir, { stash: false }).outputs.map((o) => o.document);
          docs.push({ ...f, data, ir, outputs: r.outputs.map((o) => o.document), plain, yamlOut: /\.ya?ml$/.test(r.outputs[0].name) });
        }
        if (!docs.length) continue;
        const n = docs.length;
        const t = interleaved({
          convert: () => { for (const d of docs) convert(d.text, to, { readFile: d.readFile, lenient: true }); },
          floor: () => {
            for (const d of docs) {
              parseText(d.text);
              for (const o of d.outputs) serialize(d, o);
            }
          },
          parse: () => { for (const d of docs) parseText(d.text); },
          validateIn: () => { for (const d of docs) src.validate(d.data); },
          map: () => { for (const d of docs) parseWith(src, d.data, { readFile: d.readFile, lenient: true }); for (const d of docs) emitWith(dst, d.ir, { stash: false }); },
          validateOut: () => { for (const d of docs) for (const o of d.outputs) dst.validate(o); },
          // The output a correct conversion writes holds the stash (x-agentport: what the target
          // cannot hold, kept for the way back; 3–7 × the stash-less bytes into a slot format).
          // The map piece serializes only the stash-less documents, so the bound adds the
          // serialization of the real outputs and takes away that of the map's own.
          serialize: () => { for (const d of docs) for (const o of d.outputs) serialize(d, o); },
          serializePlain: () => { for (const d of docs) for (const o of d.plain) serialize(d, o); },
          // The same pieces as one pass per document, as a correct implementation would run them:
          // timed alone, each piece runs warm on data it has just seen; in one pass they share the
          // caches and the collector with each other, as convert's steps do (printed with --pieces).
          ...(argv.includes("--pieces") ? {
            // The whole conversion without the stash: what the stash's own work (build, guards, report) adds is convert less this.
            nostash: () => { for (const d of docs) convert(d.text, to, { readFile: d.readFile, lenient: true, stash: false }); },
            pipeline: () => {
              for (const d of docs) {
                const data = parseText(d.text).data;
                src.validate(data);
                const ir = parseWith(src, data, { readFile: d.readFile, lenient: true }).doc;
                if (ir) for (const o of emitWith(dst, ir, { stash: false }).outputs) dst.validate(o.document);
              }
            },
          } : {}),
        });
        const per = (s) => ({ median: s.median / n, min: s.min / n, max: s.max / n });
        // The stash's bytes written, as timed: never below zero (a stash-less target's two documents are the same).
        const stashBytes = { median: Math.max(0, t.serialize.median - t.serializePlain.median), min: Math.max(0, t.serialize.min - t.serializePlain.max), max: Math.max(0, t.serialize.max - t.serializePlain.min) };
        t.stashBytes = stashBytes;
        const bound = ["parse", "validateIn", "map", "validateOut", "stashBytes"].reduce((acc, k) => ({ median: acc.median + t[k].median, min: acc.min + t[k].min, max: acc.max + t[k].max }), { median: 0, min: 0, max: 0 });
        console.log(`${from} → ${to}`.padEnd(21), syntax.padEnd(6), String(n).padStart(4), spread(per(t.convert)).padStart(20), spread(per(t.floor)).padStart(19), spread(per(bound)).padStart(19), fmt(ratio(t.convert, t.floor), 2).padStart(7), fmt(ratio(t.convert, bound), 2).padStart(7));
        if (argv.includes("--pieces")) {
          const pieces = ["parse", "validateIn", "map", "validateOut", "stashBytes"].map((k) => `${k} ${fmt((t[k].median / n) * 1000)}`).join(", ");
          console.log(" ".repeat(29), `bound pieces µs/doc: ${pieces}; as one pass ${fmt((t.pipeline.median / n) * 1000)}, with the stash's bytes ${fmt(((t.pipeline.median + stashBytes.median) / n) * 1000)} (convert ×${fmt(t.convert.median / (t.pipeline.median + stashBytes.median), 2)}); convert without the stash ${fmt((t.nostash.median / n) * 1000)} (×bound ${fmt(ratio(t.nostash, bound), 2)})`);
        }
      }
    }
  }
}

// ---------------------------------------------------------------- (c)
/** What each adapter folder offers the bench (src/adapters/<format>/bench.samples.mjs), in registry order. */
const BENCH = [];
for (const id of FORMATS) {
  const file = join(root, "src/adapters", id, "bench.samples.mjs");
  if (existsSync(file)) BENCH.push({ id, ...(await import(file)) });
}

/** `run` is what is timed on each size's input (`make(n)`): a conversion unless said. */
function scalingTable(label, unit, sizes, make, to, run) {
  console.log(`\n${label} → ${to}: ms per conversion and µs per ${unit}, median (min–max); ratio = per-${unit} cost / at ${sizes[0]}, per round, median (min–max)`);
  const texts = new Map();
  const once = run ?? ((text) => convert(text, to, { lenient: true }));
  for (const n of sizes) {
    const text = make(n);
    if (run === undefined) {
      const first = convert(text, to, { lenient: true });
      if (!first.outputs.length) throw new Error(`${label} ${n}: ${first.diagnostics.find((d) => d.severity === "error")?.message}`);
    } else run(text);
    texts.set(n, text);
  }
  // The sizes are interleaved round by round, so a drift of the machine's speed hits them alike;
  // each size's per-unit cost is compared with the smallest size's in the same round.
  const tasks = Object.fromEntries(sizes.map((n) => [n, () => once(texts.get(n))]));
  for (const fn of Object.values(tasks)) fn();
  const calls = Object.fromEntries(Object.entries(tasks).map(([k, fn]) => [k, callsFor(fn)]));
  const rounds = sizes.some((n) => n >= 1000) ? Math.max(5, Math.floor(ROUNDS / 3)) : ROUNDS;
  const times = Object.fromEntries(sizes.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++) for (const n of sizes) times[n].push(round(tasks[n], calls[n]));
  const base = times[sizes[0]];
  let last;
  for (const n of sizes) {
    const c = stats(times[n]);
    const ratios = stats(times[n].map((t, i) => t / n / (base[i] / sizes[0])));
    console.log(`  ${String(n).padStart(7)} ${unit}s  ${fmt(c.median, 2).padStart(9)} ms (${fmt(c.min, 2)}–${fmt(c.max, 2)})  ${fmt((c.median / n) * 1000, 1).padStart(9)} µs/${unit}  ${fmt(ratios.median, 2).padStart(5)}× (${fmt(ratios.min, 2)}–${fmt(ratios.max, 2)})`);
    last = ratios;
  }
  return { label, unit, ratio: last.median };
}

/**
 * Sets of one-agent files (an adapter's `fileSets`) merged with --bundle and verified, as
 * `--bundle --verify-roundtrip` does: each input's round trip through the bundle written.
 */
function bundleVerifyTable(label, unit, sizes, make, to) {
  const sets = new Map(sizes.map((n) => [n, make(n).map((text, i) => ({ text, file: `a${i}.json` }))]));
  const run = (inputs) => {
    const forward = convertManyRead(inputs, to, { bundle: true, lenient: true });
    if (!forward.ok) throw new Error(`${label}: ${forward.diagnostics.find((d) => d.severity === "error")?.message}`);
    return verifyBundleRoundTrips(forward.read, forward.outputs, { lenient: true });
  };
  return scalingTable(`${label} (${to} bundle and back)`, unit, sizes, (n) => sets.get(n), to, run);
}

function scaling() {
  console.log("\n(c) scaling");
  for (const { id, fileSets = [] } of BENCH) {
    // Into the first format with bundles: the bundle written is the way back's input.
    const to = FORMATS.find((f) => f !== id && adapterFor(f).bundles);
    if (to !== undefined) for (const set of fileSets) bundleVerifyTable(set.label, set.unit, quick ? set.sizes.quick : set.sizes.full, set.make, to);
  }
  const fromTen = (sizes) => sizes.filter((s) => s >= 10);
  for (const { id, samples = [] } of BENCH) {
    // Into the first two other formats of the registry: a scaling curve, not the direction matrix of (a).
    const targets = FORMATS.filter((f) => f !== id).slice(0, 2);
    for (const sample of samples) {
      const sizes = quick ? sample.sizes.quick : sample.sizes.full;
      if (sample.fromTen) scalingTable(sample.label, sample.unit, sizes, sample.make, targets[0]);
      for (const to of targets) scalingTable(sample.label, sample.unit, sample.fromTen ? fromTen(sizes) : sizes, sample.make, to);
    }
  }
  // Into the format itself, with the options each input is read and written with (an adapter's `into`).
  for (const { id, into = [] } of BENCH) {
    for (const sample of into) {
      const run = ({ text, options }) => {
        const r = convert(text, id, { lenient: true, ...options });
        if (!r.outputs.length) throw new Error(`${sample.label}: ${r.diagnostics.find((d) => d.severity === "error")?.message}`);
        return r;
      };
      const sizes = quick ? sample.sizes.quick : sample.sizes.full;
      scalingTable(sample.label, sample.unit, sizes, sample.make, id, run);
      // The emitter alone, on the document parsed once, with the files the parse read (as convert hands them on).
      const adapter = adapterFor(id);
      const parsed = new Map();
      const emitOnly = (n) => {
        if (!parsed.has(n)) {
          const { text, options } = sample.make(n);
          const { readFile, file, ...emitOptions } = options;
          const reads = [];
          const recording = (ref, written) => {
            const got = readFile(ref, written);
            if (got.ok) reads.push({ path: ref.replace(/^(?:\.\/)+/, ""), text: got.text });
            return got;
          };
          const doc = parseWith(adapter, parseText(text, file).data, { readFile: recording, lenient: true, file }).doc;
          parsed.set(n, { doc, options: { ...emitOptions }, context: { readFiles: reads } });
        }
        return parsed.get(n);
      };
      scalingTable(`${sample.label}, the emitter alone`, sample.unit, sizes, emitOnly, id, ({ doc, options, context }) => emitWith(adapter, doc, options, context));
    }
  }
}

// ---------------------------------------------------------------- (d)
function cli() {
  const declared = BENCH.find((b) => b.cli !== undefined);
  if (!declared) return;
  const sample = join(root, declared.cli);
  // Into the first other format of the registry.
  const to = FORMATS.find((f) => f !== declared.id);
  // The published bin (package.json), and the ES-module launcher the README runs.
  const bin = join(root, JSON.parse(readFileSync(join(root, "package.json"), "utf8")).bin.agentport);
  const mjs = join(root, "dist/agentport.mjs");
  if (!existsSync(bin) || !existsSync(sample)) return;
  const run = (args) => {
    const t = wallClock();
    const r = spawnSync(process.execPath, args, { encoding: "utf8" });
    if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(" ")} exited ${r.status}: ${r.stderr}`);
    return wallClock() - t;
  };
  const n = quick ? 9 : 21;
  const commands = { bare: ["-e", "0"], bin: [bin, "convert", sample, "--to", to, "-q"], mjs: [mjs, "convert", sample, "--to", to, "-q"] };
  const times = { bare: [], bin: [], mjs: [] };
  const ratios = { bin: [], mjs: [] };
  for (const args of Object.values(commands)) run(args);
  for (let i = 0; i < n; i++) {
    for (const [k, args] of Object.entries(commands)) times[k].push(run(args));
    for (const k of ["bin", "mjs"]) ratios[k].push(times[k][i] / times.bare[i]);
  }
  const s = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, stats(v)]));
  const r = Object.fromEntries(Object.entries(ratios).map(([k, v]) => [k, stats(v)]));
  console.log(`\n(d) CLI one-file wall time, ${relative(root, sample)} → ${to}, ${n} interleaved runs, ms median (min–max); ratio to bare node per run, median (min–max)`);
  console.log(`  node -e 0                  ${fmt(s.bare.median)} (${fmt(s.bare.min)}–${fmt(s.bare.max)})`);
  console.log(`  ${relative(root, bin).padEnd(26)} ${fmt(s.bin.median)} (${fmt(s.bin.min)}–${fmt(s.bin.max)})   ${fmt(r.bin.median, 2)}× (${fmt(r.bin.min, 2)}–${fmt(r.bin.max, 2)}) bare node`);
  console.log(`  ${relative(root, mjs).padEnd(26)} ${fmt(s.mjs.median)} (${fmt(s.mjs.min)}–${fmt(s.mjs.max)})   ${fmt(r.mjs.median, 2)}× (${fmt(r.mjs.min, 2)}–${fmt(r.mjs.max, 2)}) bare node`);
}

console.log(`agentport bench — node ${process.version}${quick ? " (quick)" : ""}`);
if (!only || only === "floor") directions();
if (!only || only === "scaling") scaling();
if (!only || only === "cli") cli();
