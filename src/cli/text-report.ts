// How a conversion's diagnostics look on a terminal. Each diagnostic is one
// `file:line:col severity code message` line (tsc style). The default report
// shows what needs action: usage errors first, then errors and warnings (every
// behaviour change) grouped per output file, then one line per output file and
// the closing lines. Notes (info) only with --verbose; --quiet shows errors only.
import type { Diagnostic } from "../ir/diagnostics.js";
import { effectOf } from "../policy.js";
import { formatDiagnostic } from "../ir/diagnostic-line.js";
export { formatDiagnostic } from "../ir/diagnostic-line.js";

export type Verbosity = "quiet" | "default" | "verbose";

export function summarise(diags: readonly Diagnostic[]): string {
  const n = (s: string) => diags.filter((d) => d.severity === s).length;
  const parts = [`${n("error")} error${n("error") === 1 ? "" : "s"}`, `${n("warning")} warning${n("warning") === 1 ? "" : "s"}`, `${n("info")} info`];
  return parts.join(", ");
}

const isUsage = (d: Diagnostic) => d.code === "usage-error";

/**
 * The diagnostic lines of a report, in order. `failing`: the run failed on its warnings
 * (--strict), so --quiet shows them too: they are why nothing was written.
 */
export function diagnosticLines(diagnostics: readonly Diagnostic[], outputNames: readonly string[], verbosity: Verbosity, failing = false): string[] {
  const shown = diagnostics.filter((d) => d.severity === "error" || verbosity === "verbose" || (d.severity === "warning" && (verbosity === "default" || failing)));
  // Usage errors first: a mistyped option must not hide below a page of findings.
  const usage = shown.filter(isUsage);
  const rest = shown.filter((d) => !isUsage(d));
  if (verbosity === "verbose") return [...usage, ...rest].map(formatDiagnostic);
  // A command line to fix comes alone (with any other error): the findings of a run that wrote nothing
  // wait for the corrected command, or --verbose.
  if (usage.length) return [...usage, ...rest.filter((d) => d.severity === "error")].map(formatDiagnostic);
  // Grouped per output file (stable within a group); findings not about one output file come first.
  const order = new Map<string, number>();
  order.set("", 0);
  for (const name of outputNames) if (!order.has(name)) order.set(name, order.size);
  for (const d of rest) {
    const f = d.target?.file ?? "";
    if (!order.has(f)) order.set(f, order.size);
  }
  const grouped = rest
    .map((d, i) => ({ d, i, g: order.get(d.target?.file ?? "")! }))
    .sort((a, b) => a.g - b.g || a.i - b.i)
    .map((x) => x.d);
  return [...usage, ...grouped].map(formatDiagnostic);
}

export interface OutputCounts {
  name: string;
  /** Errors, the behaviour changes among them included. */
  errors: number;
  /** Of the behaviour changes, those that are errors (a policy's --error): said with them, not counted twice. */
  behaviourErrors: number;
  /** Warnings (or errors) about behaviour: the converted agent does something different. */
  behaviour: number;
  /** Other warnings (a policy made a note a warning). */
  warnings: number;
  notes: number;
}

/** The line of the findings about no single output, when there is not exactly one output to count them on. */
export const NO_SINGLE_OUTPUT = "about no single output";

/**
 * Per output file: how many behaviour changes and notes its diagnostics name. Every finding counts
 * on one line: with one output, what is about no single output (a MAS manifest's metadata) is about
 * that one; with several, it has a line of its own (NO_SINGLE_OUTPUT: a stash-stale warning about
 * an edit in an input, which no output holds), so the lines add up to the report's findings.
 */
export function countsPerOutput(diagnostics: readonly Diagnostic[], outputNames: readonly string[]): OutputCounts[] {
  const names = [...new Set(outputNames)];
  // A finding about a file the run did not produce (a failed run has no outputs) still gets its line; a note does not.
  for (const d of diagnostics) if (d.severity !== "info" && d.target?.file !== undefined && !names.includes(d.target.file)) names.push(d.target.file);
  const only = names.length === 1 ? names[0] : undefined;
  const counts = names.map((name) => count(diagnostics, (d) => d.target?.file === name || (name === only && d.target?.file === undefined), name));
  if (only !== undefined) return counts;
  const none = count(diagnostics, (d) => d.target?.file === undefined, NO_SINGLE_OUTPUT);
  return none.errors + none.behaviour + none.warnings + none.notes ? [...counts, none] : counts;
}

function count(diagnostics: readonly Diagnostic[], about: (d: Diagnostic) => boolean, name: string): OutputCounts {
  const c: OutputCounts = { name, errors: 0, behaviourErrors: 0, behaviour: 0, warnings: 0, notes: 0 };
  for (const d of diagnostics) {
    if (!about(d)) continue;
    if (d.severity === "info") c.notes++;
    else if (effectOf(d) === "behaviour") {
      c.behaviour++;
      if (d.severity === "error") c.behaviourErrors++;
    } else if (d.severity === "warning") c.warnings++;
    if (d.severity === "error") c.errors++;
  }
  return c;
}

const plural = (n: number, one: string, many = one + "s") => `${n} ${n === 1 ? one : many}`;

/**
 * `front-desk.agent.json: 3 behaviour changes, 14 notes`; each finding counted once: a behaviour
 * change a policy made an error is said with the behaviour changes (`4 behaviour changes, each an
 * error`, `… (2 of them errors)`), and only other errors are counted as errors.
 */
export function outputLine(c: OutputCounts): string {
  const parts: string[] = [];
  const otherErrors = c.errors - c.behaviourErrors;
  // Errors that are no behaviour change: first, or, after behaviour changes that are errors too, as the other ones.
  if (otherErrors && c.behaviourErrors === 0) parts.push(plural(otherErrors, "error"));
  const errorsAmong = c.behaviourErrors === 0 ? "" : c.behaviourErrors === c.behaviour ? (c.behaviour === 1 ? ", an error" : ", each an error") : ` (${c.behaviourErrors} of them ${c.behaviourErrors === 1 ? "an error" : "errors"})`;
  parts.push(c.behaviour ? plural(c.behaviour, "behaviour change") + errorsAmong : "no behaviour change");
  if (otherErrors && c.behaviourErrors > 0) parts.push(plural(otherErrors, "other error"));
  if (c.warnings) parts.push(plural(c.warnings, "other warning"));
  if (c.notes) parts.push(plural(c.notes, "note"));
  return `${c.name}: ${parts.join(", ")}`;
}

export function noteCount(diagnostics: readonly Diagnostic[]): number {
  return diagnostics.filter((d) => d.severity === "info").length;
}
