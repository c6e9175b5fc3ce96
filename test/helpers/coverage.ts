// The honesty rule as code: every value that did not carry over exactly must be
// explained by a warning or info diagnostic at its pointer or an ancestor deeper
// than its agent's root. Shared by the honesty and identity tests.
import { deepEqual, leaves, type JsonValue } from "../../src/ir/json.js";
import { isAncestorOrSelf } from "../../src/ir/pointer.js";
import type { Diagnostic } from "../../src/ir/diagnostics.js";

export type DiffKind = "missing" | "changed" | "added";

export interface LeafDiff {
  pointer: string;
  kind: DiffKind;
  before?: JsonValue;
  after?: JsonValue;
}

/** Leaves of `before` missing or changed in `after`, then leaves `after` added. */
export function diffLeaves(before: unknown, after: unknown): LeafDiff[] {
  const a = new Map(leaves(before).map((l) => [l.pointer, l.value] as const));
  const b = new Map(leaves(after).map((l) => [l.pointer, l.value] as const));
  const out: LeafDiff[] = [];
  for (const [p, v] of a) {
    if (!b.has(p)) out.push({ pointer: p, kind: "missing", before: v });
    else if (!deepEqual(v, b.get(p))) out.push({ pointer: p, kind: "changed", before: v, after: b.get(p)! });
  }
  for (const [p, v] of b) if (!a.has(p)) out.push({ pointer: p, kind: "added", after: v });
  return out;
}

/** The deepest agent root that contains `pointer` ("" when none does). */
export function agentRootOf(pointer: string, agentRoots: readonly string[]): string {
  let best = "";
  for (const r of agentRoots) if (isAncestorOrSelf(r, pointer) && r.length > best.length) best = r;
  return best;
}

/**
 * Codes that report a value the target required and the source lacked: they sit at the agent root, or
 * at the agent's definition inside it (a Swarm's agent: its component; a shared LLM config), which
 * the reporter points at rather than at the document root every agent of a team shares.
 */
const FILLED_IN = new Set<string>(["defaulted-required", "defaulted-placeholder"]);

/** The diagnostic that excuses a difference, or undefined. `inputFile` filters out diagnostics about referenced files. */
export function coveringDiagnostic(d: LeafDiff, diagnostics: readonly Diagnostic[], agentRoots: readonly string[], inputFile: string): Diagnostic | undefined {
  const root = agentRootOf(d.pointer, agentRoots);
  return diagnostics.find((x) => {
    if (x.severity === "error" || !x.source) return false;
    if (x.source.file !== undefined && x.source.file !== inputFile) return false;
    const sp = x.source.pointer;
    // A filled-in required value explains only what was added to that agent (the one whose root holds it).
    if (FILLED_IN.has(x.code) && d.kind === "added" && agentRootOf(sp, agentRoots) === root) return true;
    if (FILLED_IN.has(x.code) && sp === root) return false;
    return isAncestorOrSelf(sp, d.pointer) && sp.length > root.length && isAncestorOrSelf(root, sp);
  });
}

export function uncoveredDiffs(diffs: readonly LeafDiff[], diagnostics: readonly Diagnostic[], agentRoots: readonly string[], inputFile: string): LeafDiff[] {
  return diffs.filter((d) => coveringDiagnostic(d, diagnostics, agentRoots, inputFile) === undefined);
}

function show(v: JsonValue | undefined): string {
  if (v === undefined) return "(absent)";
  const s = JSON.stringify(v);
  return s.length > 120 ? s.slice(0, 117) + "..." : s;
}

/** A report an adapter engineer can act on: each unexplained pointer with both values, then what was reported. */
export function describeUncovered(title: string, uncovered: readonly LeafDiff[], diagnostics: readonly Diagnostic[]): string {
  const lines = [`${title}: ${uncovered.length} value(s) changed without a covering warning/info diagnostic:`];
  for (const u of uncovered) lines.push(`  ${u.kind.padEnd(7)} ${u.pointer || "(root)"}  original=${show(u.before)}  round-tripped=${show(u.after)}`);
  lines.push("forward diagnostics:");
  if (diagnostics.length === 0) lines.push("  (none)");
  for (const d of diagnostics) lines.push(`  ${d.severity} ${d.code} @ ${d.source ? d.source.pointer || "(root)" : "(no source)"}: ${d.message}`);
  return lines.join("\n");
}
