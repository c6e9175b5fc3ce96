// Where a run's policy comes from: the config file (agentport.config.json, or the
// "agentport" key of a package.json, the nearest one walking up from the first
// input; or --config FILE), then the command line on top of it. And the baseline
// file: read when it exists, written when it does not. The rules themselves are
// applied by the core (src/policy.ts); this is the file-system half.
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { diagnostic, type Diagnostic } from "../ir/diagnostics.js";
import { mergePolicies, type BaselineEntry, type BaselineFinding, type Policy } from "../policy.js";
import { writeAtomic } from "../node/write.js";

export const CONFIG_FILE = "agentport.config.json";
const KEYS = ["$schema", "error", "warn", "ignore", "baseline"];

export interface FoundConfig {
  /** The file the policy was read from. */
  file: string;
  /** The policy object (agentport.config.json itself, or package.json's "agentport" member). */
  data: unknown;
}

/** The nearest config file from `start` upwards: agentport.config.json first, then a package.json that has an "agentport" key. */
export function findConfig(start: string): FoundConfig | { error: Diagnostic } | undefined {
  let dir = resolve(start);
  for (;;) {
    const own = join(dir, CONFIG_FILE);
    if (isFile(own)) return readJson(own, (d) => d);
    const pkg = join(dir, "package.json");
    if (isFile(pkg)) {
      const r = readJson(pkg, (d) => (isRecord(d) ? d["agentport"] : undefined));
      if ("error" in r || r.data !== undefined) return r;
    }
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function readJson(file: string, pick: (d: unknown) => unknown): FoundConfig | { error: Diagnostic } {
  try {
    return { file, data: pick(JSON.parse(readFileSync(file, "utf8"))) };
  } catch (e) {
    const why = e instanceof Error ? e.message.split("\n")[0] : String(e);
    return { error: diagnostic("usage-error", { problem: `${file}: not readable as JSON (${why})` }, { source: { file, pointer: "" } }) };
  }
}

/** A config object as a policy (its baseline path resolved against the file's folder). */
export function policyFromConfig(found: FoundConfig): { policy: Policy; baseline?: string; diagnostics: Diagnostic[] } {
  const { file, data } = found;
  const bad = (message: string, pointer = "") => diagnostic("usage-error", { subject: file, problem: message }, { source: { file, pointer }, hint: `allowed keys: ${KEYS.slice(1).join(", ")} (docs/diagnostics.md)` });
  if (!isRecord(data)) return { policy: {}, diagnostics: [bad("the agentport policy must be a JSON object")] };
  const diagnostics: Diagnostic[] = [];
  const policy: Policy = {};
  let baseline: string | undefined;
  for (const [k, v] of Object.entries(data)) {
    if (!KEYS.includes(k)) diagnostics.push(bad(`unknown key "${k}"`, "/" + k));
    else if (k === "baseline") {
      if (typeof v !== "string" || v === "") diagnostics.push(bad("baseline must be a file name", "/baseline"));
      else baseline = resolve(dirname(file), v);
    } else if (k === "error" || k === "warn" || k === "ignore") {
      const xs = typeof v === "string" ? [v] : Array.isArray(v) && v.every((x) => typeof x === "string") ? (v as string[]) : undefined;
      if (xs === undefined) diagnostics.push(bad(`${k} must be a string or a list of strings`, "/" + k));
      else if (xs.length) policy[k] = xs;
    }
  }
  return { policy, ...(baseline !== undefined ? { baseline } : {}), diagnostics };
}

export interface RunPolicy {
  policy?: Policy;
  /** The baseline file (to read, or to write when `write`). */
  baseline?: string;
  /** The baseline file does not exist yet: this run writes it. */
  writeBaseline?: boolean;
  diagnostics: Diagnostic[];
}

/** The policy of a run: the config file's (found from the first input, or --config), the command line's on top. */
export function runPolicy(inputs: readonly string[], cli: { policy?: Policy; baseline?: string; config?: string }): RunPolicy {
  const diagnostics: Diagnostic[] = [];
  let file: Policy = {};
  let baseline = cli.baseline;
  let found: FoundConfig | { error: Diagnostic } | undefined;
  if (cli.config !== undefined) {
    found = existsSync(cli.config) ? readJson(cli.config, (d) => d) : { error: diagnostic("usage-error", { problem: `no such config file: ${cli.config}` }) };
  } else {
    const first = inputs.find((i) => i !== "-");
    found = findConfig(first === undefined ? process.cwd() : isDir(first) ? first : dirname(resolve(first)));
  }
  if (found && "error" in found) diagnostics.push(found.error);
  else if (found) {
    const c = policyFromConfig(found);
    diagnostics.push(...c.diagnostics);
    file = c.policy;
    if (baseline === undefined && c.baseline !== undefined) baseline = c.baseline;
  }
  let policy = mergePolicies(file, cli.policy ?? {});
  const out: RunPolicy = { diagnostics };
  if (baseline !== undefined) {
    out.baseline = baseline;
    if (!existsSync(baseline)) out.writeBaseline = true;
    else {
      const b = readBaseline(baseline);
      if ("error" in b) diagnostics.push(b.error);
      else policy = { ...policy, baseline: b.entries.map((e) => (e.file === undefined || e.file.startsWith("<") ? e : { ...e, file: asInput(resolve(dirname(baseline!), e.file), inputs) })) };
    }
  }
  if (Object.keys(policy).length) out.policy = policy;
  return out;
}

/** The spelling diagnostics use for a file: the run's input that names it, else the path from the working folder. */
function asInput(abs: string, inputs: readonly string[]): string {
  for (const i of inputs) {
    if (i === "-") continue;
    if (resolve(i) === abs) return i;
    // A file under a folder input is named as the folder walk names it: join(folder, rel).
    const rel = relative(resolve(i), abs);
    if (rel && !rel.startsWith("..") && !isAbsolute(rel) && isDir(i)) return join(i, rel);
  }
  return relative(process.cwd(), abs);
}

/** A diagnostic's file as the baseline stores it: relative to the baseline's folder, "/"-separated (the baseline moves with the repository). */
function fromBaseline(file: string, baseline: string): string {
  if (file.startsWith("<")) return file;
  const rel = relative(dirname(resolve(baseline)), resolve(file));
  return isAbsolute(rel) ? rel : rel.split(sep).join("/");
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** The baseline file: `{ "agentport": "baseline", "version": 1, "findings": [{ file?, code, pointer?, target?, severity, message }] }`. */
export function readBaseline(file: string): { entries: BaselineEntry[] } | { error: Diagnostic } {
  const r = readJson(file, (d) => d);
  if ("error" in r) return r;
  const d = r.data;
  const findings = isRecord(d) && d["agentport"] === "baseline" ? d["findings"] : undefined;
  if (!Array.isArray(findings) || !findings.every((f) => isRecord(f) && typeof f["code"] === "string")) {
    return { error: diagnostic("usage-error", { problem: `${file} is not an agentport baseline` }, { source: { file, pointer: "" }, hint: "remove it to write a new baseline from this run" }) };
  }
  const str = (v: unknown) => (typeof v === "string" ? v : undefined);
  return {
    entries: (findings as Record<string, unknown>[]).map((f) => {
      const e: BaselineEntry = { code: f["code"] as string };
      const file = str(f["file"]);
      const pointer = str(f["pointer"]);
      const target = str(f["target"]);
      if (file !== undefined) e.file = file;
      if (pointer !== undefined) e.pointer = pointer;
      if (target !== undefined) e.target = target;
      return e;
    }),
  };
}

/** Writes findings as a baseline file, each file named relative to the baseline's folder. */
export function writeBaseline(file: string, findings: readonly BaselineFinding[]): void {
  const rows = findings.map((f) => (f.file === undefined ? f : { ...f, file: fromBaseline(f.file, file) }));
  writeAtomic(file, JSON.stringify({ agentport: "baseline", version: 1, findings: rows }, null, 2) + "\n", true);
}
