// Mutation fuzzing through the CLI entry, in-process: golden and corpus inputs are
// byte-flipped, truncated, have keys deleted or duplicated, types swapped and
// nesting deepened. Every result must be a conversion (exit 0/1) or a located
// error (exit 2); exit 3 (internal error), a throw or a slow run is a failure.
import { readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import { join, relative } from "node:path";
import { createHash } from "node:crypto";
import { runCli } from "../../src/cli/run.js";
import { ADAPTERS } from "../../src/adapters/registry.js";

export const TARGETS: readonly string[] = ADAPTERS.map((a) => a.id);

/** Deterministic PRNG (mulberry32), so a failing run can be replayed from its seed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seedInputs(root: string): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  const walk = (d: string) => {
    let entries: string[] = [];
    try {
      entries = readdirSync(d).sort();
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) {
        if (e !== "expected") walk(p);
      } else if (/^input\.|\.ya?ml$|\.agent(\.json)?$|\.caplo\.json$/.test(e) && statSync(p).size < 200_000) {
        out.push({ name: relative(root, p), text: readFileSync(p, "utf8") });
      }
    }
  };
  for (const d of ["golden", "examples", "test/fixtures"]) walk(join(root, d));
  return out;
}

type Mutator = (text: string, r: () => number) => string;
const pick = <T,>(xs: readonly T[], r: () => number): T => xs[Math.floor(r() * xs.length)]!;

const lines = (t: string) => t.split("\n");
export const MUTATORS: Record<string, Mutator> = {
  byteFlip: (t, r) => {
    const b = Buffer.from(t, "utf8");
    for (let n = 1 + Math.floor(r() * 4); n > 0 && b.length; n--) b[Math.floor(r() * b.length)] = Math.floor(r() * 256);
    return b.toString("utf8");
  },
  truncate: (t, r) => t.slice(0, Math.floor(r() * t.length)),
  deleteLine: (t, r) => {
    const ls = lines(t);
    ls.splice(Math.floor(r() * ls.length), 1 + Math.floor(r() * 3));
    return ls.join("\n");
  },
  duplicateLine: (t, r) => {
    const ls = lines(t);
    const i = Math.floor(r() * ls.length);
    ls.splice(i, 0, ls[i] ?? "");
    return ls.join("\n");
  },
  swapType: (t, r) => {
    const swaps: [RegExp, string][] = [[/"[^"\n]{1,40}"/, "42"], [/\b\d+(\.\d+)?\b/, '"7"'], [/\btrue\b|\bfalse\b/, "null"], [/\[[^\[\]\n]*\]/, "{}"], [/: [A-Za-z][^\n]{0,30}$/m, ": [1, 2]"], [/\{[^{}\n]*\}/, "[]"]];
    const [re, rep] = pick(swaps, r);
    return t.replace(re, rep);
  },
  deepNest: (t, r) => {
    const depth = 50 + Math.floor(r() * 500);
    const json = t.trimStart().startsWith("{");
    if (json) return t.replace(/\{/, `{"deep": ${"[".repeat(depth)}${"]".repeat(depth)}, `);
    return t + `\nx-deep: ${"[".repeat(depth)}${"]".repeat(depth)}\n`;
  },
  deleteKey: (t, r) => {
    const ls = lines(t);
    const keyed = ls.map((l, i) => (/^\s*"?[A-Za-z_$][\w$-]*"?\s*:/.test(l) ? i : -1)).filter((i) => i >= 0);
    if (!keyed.length) return t;
    ls.splice(pick(keyed, r), 1);
    return ls.join("\n");
  },
  // Gentle mutations keep the structure, so more inputs get past validation and exercise the converters.
  stringValue: (t, r) => {
    // JSON "key": "value", or a YAML plain scalar after "key: "
    const spots = [...t.matchAll(/: "([^"\\\n]{1,80})"/g), ...t.matchAll(/: ([A-Za-z][^\n"'{}[\]|>&*!#:]{0,80})$/gm)];
    const m = spots.length ? pick(spots, r) : undefined;
    if (!m || m.index === undefined) return t;
    const values = ["", " ", "on", "yes", "1.0", "~", "null", "2001-12-14", "a/b.md", "../x.md", "[role] text", "x".repeat(300), "ünïcödé 日本語", "line\\nbreak", "{{params.x}}"];
    return t.slice(0, m.index) + `: ${JSON.stringify(pick(values, r))}` + t.slice(m.index + m[0].length);
  },
  numberValue: (t, r) => {
    const spots = [...t.matchAll(/: (-?\d+(?:\.\d+)?)(?=[,\n}])/g)];
    const m = spots.length ? pick(spots, r) : undefined;
    if (!m || m.index === undefined) return t;
    return t.slice(0, m.index) + `: ${pick(["0", "-1", "0.5", "1.99", "2", "63", "64", "128001", "1e9", "0.57"], r)}` + t.slice(m.index + m[0].length);
  },
  protoKey: (t, r) => {
    const k = pick(["__proto__", "constructor", "prototype"], r);
    return t.trimStart().startsWith("{") ? t.replace(/\{/, `{"${k}": {"polluted": true}, `) : t.replace(/\n(\s*)([A-Za-z_][\w-]*):/, `\n$1${k}: {polluted: true}\n$1$2:`);
  },
};

export interface FuzzFailure {
  seed: number;
  source: string;
  target: string;
  mutations: string[];
  reason: string;
  input: string;
}

export interface FuzzStats {
  runs: number;
  converted: number;
  refused: number;
  failures: FuzzFailure[];
  slowestMs: number;
}

export async function checkOne(input: string, target: string): Promise<{ reason?: string; code?: number }> {
  const r = await check(input, target);
  return r;
}

async function check(input: string, target: string): Promise<{ reason?: string; code?: number }> {
  let stdout = "";
  let stderr = "";
  let code: number;
  try {
    code = await runCli(["convert", "-", "--to", target, "--json"], { out: (t) => void (stdout += t), err: (t) => void (stderr += t), readStdin: () => input });
  } catch (e) {
    return { reason: `uncaught exception: ${(e as Error).message}` };
  }
  if (code === 3) return { reason: `internal error: ${stderr.trim()}`, code };
  if (code !== 0 && code !== 1 && code !== 2) return { reason: `unexpected exit code ${code}`, code };
  let parsed: { outputs: unknown[]; diagnostics: { severity: string; code?: string; source?: { line?: number } }[] };
  try {
    parsed = JSON.parse(stdout);
  } catch {
    return { reason: "stdout is not one JSON object", code };
  }
  if (code === 2) {
    const errors = parsed.diagnostics.filter((d) => d.severity === "error");
    if (errors.length === 0) return { reason: "exit 2 without an error diagnostic", code };
    // A usage error is about the command line, not the input (several documents, or a document with
    // its skill files, need -o DIR): it has no place in the input to point at.
    if (!errors.some((d) => d.source?.line !== undefined || d.code === "usage-error")) return { reason: "exit 2 without a located error", code };
  } else if (parsed.outputs.length === 0) return { reason: `exit ${code} without outputs`, code };
  if (({} as Record<string, unknown>)["polluted"] !== undefined) return { reason: "Object.prototype polluted", code };
  return { code };
}

export async function fuzz(root: string, runs: number, seed0 = 1): Promise<FuzzStats> {
  const seeds = seedInputs(root);
  const stats: FuzzStats = { runs: 0, converted: 0, refused: 0, failures: [], slowestMs: 0 };
  const names = Object.keys(MUTATORS);
  for (let i = 0; i < runs; i++) {
    const seed = seed0 + i;
    const r = rng(seed);
    const src = pick(seeds, r);
    const target = pick(TARGETS, r);
    const mutations: string[] = [];
    let text = src.text;
    for (let n = 1 + Math.floor(r() * 3); n > 0; n--) {
      const m = pick(names, r);
      mutations.push(m);
      text = MUTATORS[m]!(text, r);
    }
    const t = performance.now();
    const result = await checkOne(text, target);
    const ms = performance.now() - t;
    stats.slowestMs = Math.max(stats.slowestMs, ms);
    stats.runs++;
    const failure = result.reason ?? (ms > 5_000 ? `slow: ${Math.round(ms)} ms` : undefined);
    if (failure) stats.failures.push({ seed, source: src.name, target, mutations, reason: failure, input: text });
    else if (result.code === 2) stats.refused++;
    else stats.converted++;
  }
  return stats;
}

/** Saves a failing input for the normal suite to replay (test/fuzz/replay.test.ts). */
export function saveFailure(root: string, f: FuzzFailure): string {
  const dir = join(root, "test", "fuzz-failures");
  mkdirSync(dir, { recursive: true });
  const name = `mutate-${createHash("sha256").update(f.input).digest("hex").slice(0, 12)}.json`;
  writeFileSync(join(dir, name), JSON.stringify({ target: f.target, source: f.source, mutations: f.mutations, reason: f.reason, input: f.input }, null, 2) + "\n");
  return name;
}
