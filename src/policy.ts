// Loss policies (the `policy` option): which diagnostics fail a build, which only
// warn, which a team has accepted. Pure: the CLI finds the config file and reads
// the baseline; this module only decides, so the library and the CLI agree.
//
// A policy never touches an error the conversion raised itself (bad input, an
// invalid output): those always stop it. It changes the severity of findings
// (warnings and notes), or sets them aside as ignored.
import { DIAGNOSTIC_CODES, EFFECTS, diagnostic, type Diagnostic, type DiagnosticCode, type Effect, type Severity } from "./ir/diagnostics.js";
import { closest } from "./text/closest.js";

export { EFFECTS, type Effect };

/** A diagnostic's effect on the converted agent. */
export function effectOf(d: Diagnostic): Effect {
  return d.effect;
}

export interface Policy {
  /** Codes or effects whose findings become errors: the conversion fails (CLI exit 1), nothing is written. */
  error?: readonly string[];
  /** Codes whose findings become warnings (so --strict fails on them). */
  warn?: readonly string[];
  /** Codes, or JSON Pointer globs into the input ("/agents/*\/greeting", "/metadata/**"), whose findings are set aside. */
  ignore?: readonly string[];
  /** Findings a team has accepted (see baselineEntries): they stay reported but never fail --strict or a policy. */
  baseline?: readonly BaselineEntry[];
}

/** One accepted finding, keyed by input file, code, source pointer and target. */
export interface BaselineEntry {
  file?: string;
  code: string;
  pointer?: string;
  target?: string;
}

export interface PolicyResult {
  diagnostics: Diagnostic[];
  /** Findings an ignore rule set aside (still what became of those values: the ledger uses them). */
  ignored: Diagnostic[];
}

const isCode = (s: string): s is DiagnosticCode => Object.prototype.hasOwnProperty.call(DIAGNOSTIC_CODES, s);
const isEffect = (s: string): s is Effect => (EFFECTS as readonly string[]).includes(s);
const isGlob = (s: string) => s.startsWith("/") || s === "";
const CODES: readonly string[] = Object.keys(DIAGNOSTIC_CODES);

/** Usage errors for rules that name no code, effect or pointer (a typo must not pass silently), or contradict each other. */
export function checkPolicy(policy: Policy, origin = "policy"): Diagnostic[] {
  const out: Diagnostic[] = [];
  const bad = (message: string) => out.push(diagnostic("usage-error", { subject: origin, problem: message }, { hint: "codes are listed in docs/diagnostics.md; effects are behaviour, metadata, representation; ignore also takes a JSON Pointer glob starting with /" }));
  // A near miss names what was meant (fresh9 finding 15: `--error behavior`, `--ignore defualt-lost`), as a mistyped option does.
  const meant = (word: string, withEffects: boolean) => {
    const c = closest(word, withEffects ? [...CODES, ...EFFECTS] : CODES);
    return c === undefined ? "" : ` (did you mean ${c}?)`;
  };
  for (const e of policy.error ?? []) if (!isCode(e) && !isEffect(e)) bad(`error: "${e}" is neither a diagnostic code nor an effect${meant(e, true)}`);
  for (const w of policy.warn ?? []) if (!isCode(w)) bad(`warn: "${w}" is not a diagnostic code${meant(w, false)}`);
  for (const i of policy.ignore ?? []) if (!isCode(i) && !isGlob(i)) bad(`ignore: "${i}" is neither a diagnostic code nor a JSON Pointer glob (starting with /)${meant(i, false)}`);
  const error = new Set(policy.error ?? []);
  for (const w of policy.warn ?? []) if (error.has(w)) bad(`"${w}" is given both as error and as warn`);
  for (const i of policy.ignore ?? []) if (isCode(i) && (error.has(i) || (policy.warn ?? []).includes(i))) bad(`"${i}" is given both as ignore and as ${error.has(i) ? "error" : "warn"}`);
  return out;
}

/**
 * `over` (the command line) on top of `base` (the config file): a code `over` names keeps
 * only `over`'s rule for it; effects and pointer globs add up; `over`'s baseline replaces `base`'s.
 */
export function mergePolicies(base: Policy, over: Policy): Policy {
  const named = new Set([...(over.error ?? []), ...(over.warn ?? []), ...(over.ignore ?? [])].filter(isCode));
  const keep = (xs: readonly string[] | undefined) => (xs ?? []).filter((x) => !named.has(x as DiagnosticCode));
  const merged: Policy = {};
  const error = unique([...keep(base.error), ...(over.error ?? [])]);
  const warn = unique([...keep(base.warn), ...(over.warn ?? [])]);
  const ignore = unique([...keep(base.ignore), ...(over.ignore ?? [])]);
  if (error.length) merged.error = error;
  if (warn.length) merged.warn = warn;
  if (ignore.length) merged.ignore = ignore;
  const baseline = over.baseline ?? base.baseline;
  if (baseline) merged.baseline = baseline;
  return merged;
}

function unique(xs: readonly string[]): string[] {
  return [...new Set(xs)];
}

/** The baseline key of a diagnostic: input file, code, source pointer, target (format, file and pointer). */
export function baselineEntry(d: Diagnostic): BaselineEntry {
  const e: BaselineEntry = { code: d.code };
  if (d.source?.file !== undefined) e.file = d.source.file;
  if (d.source !== undefined) e.pointer = d.source.pointer;
  const t = d.target;
  if (t) e.target = `${t.format}${t.file !== undefined ? ":" + t.file : ""}${t.pointer !== undefined ? "#" + t.pointer : ""}`;
  return e;
}

/** The identity of a baseline entry (what --strict compares). */
export const baselineKey = (e: BaselineEntry): string => JSON.stringify([e.file ?? null, e.code, e.pointer ?? null, e.target ?? null]);

/** A baseline entry with what it said, for the people who review the baseline file. */
export interface BaselineFinding extends BaselineEntry {
  severity: Severity;
  message: string;
}

/**
 * What a baseline file holds for these diagnostics: every finding (the conversion's own errors
 * stop a run and are never accepted), one per key, sorted by key so the file diffs well.
 */
export function baselineFindings(diagnostics: readonly Diagnostic[]): BaselineFinding[] {
  const byKey = new Map<string, BaselineFinding>();
  for (const d of diagnostics) {
    if (d.severity === "error" && d.policy === undefined) continue;
    const e = baselineEntry(d);
    const k = baselineKey(e);
    if (!byKey.has(k)) byKey.set(k, { ...e, severity: d.severity, message: d.message });
  }
  return [...byKey.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, e]) => e);
}

/** `*` matches within one pointer segment, `**` any number of whole segments (none included). */
export function pointerGlob(glob: string): RegExp {
  const segs = glob.split("/").slice(1);
  let re = "^";
  for (const s of segs) {
    if (s === "**") re += "(?:/[^/]*)*";
    else re += "/" + s.split("*").map((p) => p.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join("[^/]*");
  }
  return new RegExp(re + "$");
}

/**
 * Applies a policy. Order of precedence: an ignore rule (code or pointer glob), then a code's
 * own rule (error or warn), then an effect's (error). Findings in the baseline are never made
 * errors, and are marked `baseline: true`.
 */
export function applyPolicy(diagnostics: readonly Diagnostic[], policy: Policy): PolicyResult {
  const globs = (policy.ignore ?? []).filter(isGlob).map(pointerGlob);
  const ignoreCodes = new Set((policy.ignore ?? []).filter(isCode));
  const errorCodes = new Set((policy.error ?? []).filter(isCode));
  const errorEffects = new Set((policy.error ?? []).filter(isEffect));
  const warnCodes = new Set((policy.warn ?? []).filter(isCode));
  const known = new Set((policy.baseline ?? []).map(baselineKey));
  const out: PolicyResult = { diagnostics: [], ignored: [] };
  for (const d of diagnostics) {
    // The conversion's own errors are not findings: no rule touches them.
    if (d.severity === "error" && d.policy === undefined) {
      out.diagnostics.push(d);
      continue;
    }
    const pointer = d.source?.pointer;
    if (ignoreCodes.has(d.code) || (pointer !== undefined && globs.some((g) => g.test(pointer)))) {
      out.ignored.push(d);
      continue;
    }
    const inBaseline = known.size > 0 && known.has(baselineKey(baselineEntry(d)));
    let severity: Severity = d.severity;
    let rule: "error" | "warn" | undefined;
    if (errorCodes.has(d.code)) rule = "error";
    else if (warnCodes.has(d.code)) rule = "warn";
    else if (errorEffects.has(effectOf(d))) rule = "error";
    if (rule === "error" && inBaseline) rule = d.severity === "info" ? undefined : "warn";
    if (rule === "error") severity = "error";
    else if (rule === "warn") severity = "warning";
    const next: Diagnostic = severity === d.severity && !inBaseline ? d : { ...d, severity };
    if (severity !== d.severity) next.policy = rule!;
    if (inBaseline) next.baseline = true;
    out.diagnostics.push(next);
  }
  return out;
}

/** Warnings that fail --strict: not in the baseline. */
export function strictFailures(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((d) => d.severity === "warning" && d.baseline !== true);
}

/** Errors a policy raised (a failed gate, CLI exit 1), as opposed to the conversion's own (exit 2). */
export function policyErrors(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((d) => d.severity === "error" && d.policy === "error");
}
