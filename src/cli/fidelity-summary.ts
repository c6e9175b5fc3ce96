// The fidelity figures of one input and the words the report says them in. Pure (no file or
// terminal access): the CLI's report and the playground page (src/playground/) both use it, so
// the page speaks the command line's words.
import { buildLedger, carriedApart, fidelity, type LedgerRow } from "../ir/ledger.js";
import type { StashRead } from "../ir/stash.js";
import { DIAGNOSTIC_CODES, type Category, type Diagnostic } from "../ir/diagnostics.js";
import { isAncestorOrSelf } from "../ir/pointer.js";
import { effectOf } from "../policy.js";

export interface BehaviourFigures {
  /** Behaviour-bearing source values. */
  values: number;
  /** How many of them a behaviour finding says changed. */
  changed: number;
  /**
   * Behaviour warnings about a value the source does not state (a target's default that differs
   * from the source's, a limit or a greeting the target imposes): no value of the input changed,
   * but the agent does.
   */
  unset: number;
  /**
   * Behaviour warnings about an edit made in the target (stash-stale): values x-agentport kept that
   * it does not restore, since the edit wins. The per-output lines count them as behaviour changes;
   * no value the input states changed, so they are neither `changed` nor `unset`.
   */
  stale: number;
}

export interface InputFigures {
  rows: LedgerRow[];
  /** Source values carried exactly, of all source values. */
  exact: number;
  total: number;
  behaviour: BehaviourFigures;
}

/**
 * Ledger rows and figures of one input (`data`, read from `file`, its agents at `agents`, values carried
 * with agents of other files at `carried`, the stashes its reading restored there at `stashes`) after a
 * conversion raised `diagnostics`.
 */
export function inputFigures(data: unknown, diagnostics: readonly Diagnostic[], file: string | undefined, agents?: readonly string[], carried: readonly string[] = [], stashes: readonly StashRead[] = []): InputFigures {
  const rows = buildLedger(data, diagnostics, file, agents, carried, stashes);
  const f = fidelity(rows);
  return { rows, exact: f.exact, total: f.total, behaviour: behaviourFigures(rows, diagnostics, file, agents, carried) };
}

/**
 * Behaviour-bearing values and behaviour changes of one input: a leaf counts unless the finding that
 * covers it is about a metadata value, and as changed when that finding is about behaviour (a warning,
 * or an error a target refused).
 */
export function behaviourFigures(rows: readonly LedgerRow[], diagnostics: readonly Diagnostic[], file: string | undefined, agents: readonly string[] = [], carried: readonly string[] = []): BehaviourFigures {
  // A finding at an agent's own place (or where a shared definition sits) is about the agent, not each value under it.
  const places = new Set(["", ...agents]);
  const own = diagnostics.filter((d) => d.source !== undefined && d.source.file === file && !places.has(d.source.pointer));
  // A behaviour loss of a value (dropped, or only in the stash) loses every value under it,
  // whatever deeper note is about one of them too (a ref-kept note under a dropped tool). Other
  // findings may sit at an ancestor for a value that is absent (a default at spec): only the
  // deepest finding of a value says what became of it.
  const changes = own.filter((d) => d.severity !== "info" && effectOf(d) === "behaviour" && SUBTREE.has(DIAGNOSTIC_CODES[d.code].category));
  const warnedAt = new Map<string, Diagnostic>();
  for (const d of own) if (d.severity !== "info" && effectOf(d) === "behaviour" && DIAGNOSTIC_CODES[d.code].category !== "noted" && !warnedAt.has(d.source!.pointer)) warnedAt.set(d.source!.pointer, d);
  let values = 0;
  let changed = 0;
  // The behaviour findings that say what became of a value.
  const counted = new Set<Diagnostic>();
  for (const row of rows) {
    // A value an x-agentport stash held that an edit stopped (buildLedger): not carried, so the agent
    // runs without it. The stash-stale warning is still counted apart (`stale`), for the edit itself.
    if (row.code === "stash-stale") {
      values++;
      changed++;
      continue;
    }
    const lost = changes.find((d) => isAncestorOrSelf(d.source!.pointer, row.sourcePointer) && !carriedApart(d.source!.pointer, row.sourcePointer, carried));
    if (lost) {
      counted.add(lost);
      values++;
      changed++;
      continue;
    }
    const cover = row.code === undefined ? undefined : deepest(own, row.sourcePointer, row.code);
    if (cover) counted.add(cover);
    const effect = cover ? effectOf(cover) : "behaviour";
    // A reshape of a behaviour-bearing value is a representation note (of a metadata value, a metadata one): the value is behaviour-bearing, and kept.
    if (effect === "metadata") continue;
    values++;
    // A behaviour warning at the value itself changes it too, whatever the ledger's status names
    // (an unfilled placeholder in a prompt carried exactly).
    const at = warnedAt.get(row.sourcePointer);
    if (at) counted.add(at);
    if ((cover && effect === "behaviour" && cover.severity !== "info") || at) changed++;
  }
  // A behaviour warning that says what became of no value of the input is about one it leaves unset
  // (a default that differs, a limit a target imposes where the source has none, a greeting a target
  // requires, raised at the agent's own place too); a note about an edit (stash-stale) is not: the
  // edited value is stated. It is counted apart (`stale`), so the closing line accounts for it too.
  let unset = 0;
  let stale = 0;
  for (const d of diagnostics) {
    if (d.source === undefined || d.source.file !== file || d.severity === "info" || effectOf(d) !== "behaviour" || counted.has(d)) continue;
    if (UNSET.has(DIAGNOSTIC_CODES[d.code].category)) unset++;
    else if (d.code === "stash-stale") stale++;
  }
  return { values, changed, unset, stale };
}

const SUBTREE: ReadonlySet<Category> = new Set(["dropped", "stashed"]);
/** The categories of a finding that may be about a value the input leaves unset (not a refusal, not a note about an edit). */
const UNSET: ReadonlySet<Category> = new Set(["defaulted", "changed"]);

function deepest(ds: readonly Diagnostic[], pointer: string, code: string): Diagnostic | undefined {
  let best: Diagnostic | undefined;
  for (const d of ds) {
    if (d.code !== code || !isAncestorOrSelf(d.source!.pointer, pointer)) continue;
    if (!best || d.source!.pointer.length > best.source!.pointer.length) best = d;
  }
  return best;
}

export const pct = (n: number, of: number): string => (of ? ((100 * n) / of).toFixed(1) : "100.0");

/**
 * `behaviour kept for 41 of 44 behaviour-bearing values (3 changed)`, over all inputs, and
 * `; 1 more change where the source states no value` when a warning is about a value none of them
 * holds (a default that differs): without it the line said "0 changed" beside such a warning; and
 * `; 1 edit where x-agentport values are not restored` for each stash-stale warning (session 12:
 * the line said "0 changed" beside the per-output "1 behaviour change" of such a warning).
 */
export function behaviourLine(files: readonly { behaviour: BehaviourFigures }[]): string {
  const values = files.reduce((n, f) => n + f.behaviour.values, 0);
  const changed = files.reduce((n, f) => n + f.behaviour.changed, 0);
  const unset = files.reduce((n, f) => n + f.behaviour.unset, 0);
  const stale = files.reduce((n, f) => n + f.behaviour.stale, 0);
  const more = unset ? `; ${unset} more change${unset === 1 ? "" : "s"} where the source states no value` : "";
  // The per-output lines count each stash-stale warning as a behaviour change: so does this line.
  const edits = stale ? `; ${stale} edit${stale === 1 ? "" : "s"} where x-agentport values are not restored` : "";
  return `behaviour kept for ${values - changed} of ${values} behaviour-bearing value${values === 1 ? "" : "s"} (${changed} changed)${more}${edits}`;
}

/** `fidelity bundle.json 12.5% (5 of 40 source values carried exactly)`: the exact-carry share of one input. */
export function fidelityLine(f: { file: string; exact: number; total: number }): string {
  return `fidelity ${f.file} ${pct(f.exact, f.total)}% (${f.exact} of ${f.total} source values carried exactly)`;
}
