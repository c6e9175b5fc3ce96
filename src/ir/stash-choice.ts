// Values an emitter wrote as one choice (AgentMug's placeholder primaryModel, the maxTokens planned
// for it and modelPolicy host_choice, written for a source that names no main model): an edit of
// any of them is an answer to that choice, so it stops every stash entry the choice stood for,
// and only those (docs/decisions.md, "Edits win over the stash"). The emitter declares the output
// places and the IR path they stand for; the stash guards the entries at or under that path, the
// entries guarded at those places, and the extension values a format's coverage reads into that
// path (a mas `model: any` row kept whole), by every place of the choice (src/ir/stash-guard.ts).
import { adapterFor } from "../adapters/registry.js";
import { isAncestorOrSelf } from "./pointer.js";

/** Output places written as one choice, and the IR path (of the agent) they stand for. */
export interface WrittenChoice {
  /** Target pointers, each written by the choice (the first is where the choice is reported). */
  readonly places: readonly string[];
  /** The IR path the choice stands for ("/models": the agent's model, which the source names none of). */
  readonly for: string;
}

const INDEX = /\/(?:0|[1-9][0-9]*)(?=\/|$)/g;

/**
 * True when `format`'s coverage reads its place `rel` (or a member of it) into IR at or under `ir`:
 * a value of that place kept whole as an extension value is one the IR path would hold.
 */
export function readsInto(format: string, rel: string, ir: string): boolean {
  const parse = adapterFor(format)?.coverage?.parse;
  if (parse === undefined) return false;
  const path = rel.replace(INDEX, "/[]");
  const general = ir.replace(INDEX, "/[]");
  for (const [key, rule] of Object.entries(parse)) {
    const at = key.endsWith("/**") ? key.slice(0, -3) : key;
    if (!isAncestorOrSelf(path, at) || !("ir" in rule)) continue;
    const irs: readonly string[] = typeof rule.ir === "string" ? [rule.ir] : rule.ir;
    if (irs.some((p) => isAncestorOrSelf(general, p))) return true;
  }
  return false;
}
