// The loss ledger: one row per leaf of the source document, saying what became of
// it, derived from the diagnostics (the honesty rule makes that complete: a value
// no diagnostic covers was carried exactly).
import { DIAGNOSTIC_CODES, LOSS_ORDER, type Category, type Diagnostic, type DiagnosticCode } from "./diagnostics.js";
import { leaves } from "./json.js";
import { isAncestorOrSelf, parsePointer } from "./pointer.js";
import type { StashRead } from "./stash.js";
import { normalisePath } from "./file-paths.js";

export type LedgerStatus = "exact" | "transformed" | "defaulted" | "stashed" | "dropped";

export interface LedgerRow {
  file?: string;
  sourcePointer: string;
  status: LedgerStatus;
  targetPointer?: string;
  code?: DiagnosticCode;
}

// What a code says happened to the value (its catalog category), as a ledger status.
const BY_CATEGORY: Partial<Record<Category, LedgerStatus>> = { dropped: "dropped", changed: "transformed", stashed: "stashed" };
const STATUS: Partial<Record<DiagnosticCode, LedgerStatus>> = Object.fromEntries(
  Object.entries(DIAGNOSTIC_CODES).flatMap(([code, e]) => (BY_CATEGORY[e.category] === undefined ? [] : [[code, BY_CATEGORY[e.category]]])),
);
/** Of two diagnostics at one place, the one that says more of the value is missing wins (the catalog's LOSS_ORDER). */
const rank = (code: DiagnosticCode): number => LOSS_ORDER.indexOf(DIAGNOSTIC_CODES[code].category);

/**
 * Rows for every leaf of `source`, using the diagnostics raised for `file` while converting it.
 * `agents`: where the input's agents and the parts of their definitions sit (InputRead.agents; the
 * document root when unknown). A diagnostic at such a place is about the agent or the part (a value
 * the target filled in, where a shared definition sits), not about each value under it.
 * `carried`: where values carried with an agent of another file sit (InputRead.carried); a finding
 * about an object around one of them is not about it (user trial 16 F10: a MAS workflow node's
 * stashed id and role are not its delegates_to, which are the agent's links).
 * `stashes`: the x-agentport stashes the reading restored in `source` (InputRead.stashes, of this
 * file: stashesIn). Only the values a stash restores are the source's (its `ir`, `extensions` and
 * `document` entries); the rest is agentport's bookkeeping and has no row (session 18: 173 of 225
 * rows of three AgentMug files were guards, digests and source maps). An entry the restore left out
 * (an edit stopped it: stash-stale) is not carried: `dropped`, whatever else is said about it.
 */
export function buildLedger(source: unknown, diagnostics: readonly Diagnostic[], file?: string, agents: readonly string[] = [""], carried: readonly string[] = [], stashes: readonly StashRead[] = []): LedgerRow[] {
  const relevant = diagnostics.filter((d) => d.source && d.source.file === file && STATUS[d.code] !== undefined);
  const roots = new Set(["", ...agents]);
  const inStash = stashPlaces(stashes);
  return leaves(source).flatMap(({ pointer }) => {
    const held = inStash(pointer);
    if (held === "bookkeeping") return [];
    if (held === "stopped") return [{ ...(file === undefined ? {} : { file }), sourcePointer: pointer, status: "dropped" as const, code: "stash-stale" as const }];
    let best: Diagnostic | undefined;
    for (const d of relevant) {
      const p = d.source!.pointer;
      if (!isAncestorOrSelf(p, pointer) || (roots.has(p) && pointer !== p) || carriedApart(p, pointer, carried)) continue;
      const deeper = !best || p.length > best.source!.pointer.length;
      const same = best && p.length === best.source!.pointer.length;
      if (deeper || (same && rank(d.code) > rank(best!.code))) best = d;
    }
    // A value the target carries in another form, its original kept in the stash for the way back (a
    // mas prompt part joined into one prompt): transformed, not held only in the stash (user trial 16 F10).
    const reshaped = best?.stashed !== undefined && DIAGNOSTIC_CODES[best.stashed].category === "changed";
    const row: LedgerRow = { ...(file === undefined ? {} : { file }), sourcePointer: pointer, status: best ? (reshaped ? "transformed" : STATUS[best.code]!) : "exact" };
    if (best?.target?.pointer !== undefined && !reshaped) row.targetPointer = best.target.pointer;
    if (best) row.code = best.code;
    return [row];
  });
}

/** What a leaf of the source is to the stashes it sits in: a value, one the restore left out, or bookkeeping. */
type StashRole = "value" | "stopped" | "bookkeeping";

/** The members of a stash that hold values of the source, and how deep an entry of each sits (`/ir/<path>`, `/extensions/<format>/<rel>`). */
const STASH_VALUES: Readonly<Record<string, number>> = { ir: 2, extensions: 3, document: 3 };

/**
 * A leaf's role in `stashes` (undefined: outside every stash), found by walking the leaf's ancestors
 * through sets, not by testing each stash and entry (a bundle of many agents has one stash each).
 */
function stashPlaces(stashes: readonly StashRead[]): (pointer: string) => StashRole | undefined {
  if (stashes.length === 0) return () => undefined;
  const at = new Set(stashes.map((s) => s.pointer));
  const stopped = new Set(stashes.flatMap((s) => s.stopped));
  return (pointer) => {
    let stop = false;
    for (let q = pointer; ; q = q.slice(0, q.lastIndexOf("/"))) {
      if (stopped.has(q)) stop = true;
      if (at.has(q)) {
        const rel = parsePointer(pointer.slice(q.length));
        const depth = STASH_VALUES[rel[0] ?? ""];
        if (depth === undefined || rel.length < depth) return "bookkeeping";
        return stop ? "stopped" : "value";
      }
      if (q === "") return undefined;
    }
  };
}

/** The stashes of `stashes` (InputRead.stashes) read from `file`: an input's own (`file` undefined or its name), or one of the files it read, by its path as read. */
export function stashesIn(stashes: readonly StashRead[] | undefined, file: string | undefined): StashRead[] {
  const named = file === undefined ? undefined : normalisePath(file);
  return (stashes ?? []).filter((s) => (s.file === undefined ? undefined : normalisePath(s.file)) === named);
}

/** A finding at `p` is about an object around `pointer`, which sits in a value carried apart from it. */
export function carriedApart(p: string, pointer: string, carried: readonly string[]): boolean {
  for (const q of carried) if (q !== p && isAncestorOrSelf(p, q) && isAncestorOrSelf(q, pointer)) return true;
  return false;
}

/** Share of source leaves carried exactly. */
export function fidelity(rows: readonly LedgerRow[]): { exact: number; total: number; ratio: number } {
  const exact = rows.filter((r) => r.status === "exact").length;
  return { exact, total: rows.length, ratio: rows.length ? exact / rows.length : 1 };
}
