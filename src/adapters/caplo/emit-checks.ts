// The checks several Caplo fields share (a text limit, a required text, a numeric range, a source
// default written out, a placeholder), as helpers the field handlers call with their own reporter:
// a raise stays the calling handler's, checked against its declarations (src/ir/field-handlers.ts).
import type { HandlerReporter, EmitScope } from "../../ir/field-handlers.js";
import type { IrAgent, IrLink } from "../../ir/model.js";
import type { Placeholder } from "../../ir/payloads.js";
import { setKey, type JsonObject } from "../../ir/json.js";
import { dotted } from "../../ir/pointer.js";
import type { EffectiveDefault } from "../types.js";
import { describeRange, fit } from "./numbers.js";
import type { Range } from "./spec.js";
import { truncateAtWord } from "./text.js";

/** Where one agent object is written, and what the document knows that the agent does not. */
export interface AgentTarget {
  /** Where the handlers raise (run gives each its reporter). */
  scope: EmitScope;
  /** Output file name, for diagnostics. */
  file: string;
  /** The agent object's pointer in the output ("" or "/agents/3"). */
  at: string;
  /** Bundle key; absent for a single Agent document. */
  key?: string;
  /** The source's values for settings it leaves to its defaults (IR pointer → value), written explicitly. */
  defaults?: Readonly<Record<string, EffectiveDefault>>;
  /** New bundle key of the agent a `local` link names, if it is emitted. */
  resolve(local: string): { key: string; agent: IrAgent } | undefined;
  /** What each link of the document that calls this agent says of when to call it (undefined: the link states no useWhen). */
  calledWith?: readonly (Pick<IrLink, "useWhen" | "doNotUseWhen"> | undefined)[];
  /** The document is this one agent on its own (loneAgent): apps elsewhere may delegate to it. */
  alone?: boolean;
}

export function tp(t: AgentTarget, rel: string): { targetPointer: string; targetFile: string } {
  return { targetPointer: t.at + rel, targetFile: t.file };
}

/** A required value nothing in the source implies: a warning at the agent's root, naming the filled target field. */
export function placeholder(r: HandlerReporter, a: IrAgent, t: AgentTarget, rel: string, payload: Placeholder, at: { pointer: string; hint: string } | undefined = undefined): void {
  // At the source's unresolved reference, when the filled value stands for one (unresolvedReason).
  if (at !== undefined) r.atSource(a, "defaulted-placeholder", at.pointer, payload, { ...tp(t, rel), hint: at.hint });
  else r.atSource(a, "defaulted-placeholder", "", payload, tp(t, rel));
}

/** A string with a length cap; a longer one is shortened at a word boundary and reported. */
export function limitText(r: HandlerReporter, a: IrAgent, t: AgentTarget, ir: string, rel: string, s: string, max: number): string {
  const out = truncateAtWord(s, max);
  if (out !== s) r.at(a, "truncated-value", ir, { length: [...s].length, max, target: "Caplo" }, tp(t, rel));
  return out;
}

/** A required non-empty string: the IR value, else a derived one (reported as defaulted, or as changed when the source had ""). */
export function requiredText(r: HandlerReporter, a: IrAgent, t: AgentTarget, ir: string, rel: string, v: string | undefined, derive: () => { value: string; why: string; changes?: { hint: string } }): string {
  if (v !== undefined && v !== "") return v;
  const d = derive();
  // `changes`: the filled text is something the agent says or the model sees, which the source's agent did not (a behaviour change).
  const changes = d.changes === undefined ? {} : { effect: "behaviour" as const, hint: d.changes.hint };
  if (v === "") r.at(a, "transformed-value", ir, { became: `is empty but Caplo requires ${dotted(rel)}; ${d.why} was used` }, { ...tp(t, rel), ...changes });
  else if (d.changes === undefined) r.defaulted(a, t.at + rel, { field: dotted(rel), by: "Caplo", filled: `${d.why} was used` }, t.file);
  else r.atSource(a, "defaulted-required", "", { field: dotted(rel), by: "Caplo", filled: `${d.why} was used` }, { targetPointer: t.at + rel, ...(t.file === undefined ? {} : { targetFile: t.file }), ...changes });
  return d.value;
}

/** A number fitted into a Caplo range; a changed one is reported. */
export function clamp(r: HandlerReporter, a: IrAgent, t: AgentTarget, ir: string, rel: string, v: number, range: Range): number {
  const out = fit(v, range);
  if (out !== v) r.at(a, "clamped-value", ir, { was: v, reason: `is outside Caplo's ${dotted(rel)} range ${describeRange(range)}`, now: out }, tp(t, rel));
  return out;
}

/**
 * A setting the source left to its own default, which Caplo would assume differently: the source's
 * value is written (fitted into Caplo's range), and "no limit" becomes Caplo's highest value. The hub
 * reports the difference (default-differs); only a value that had to change is reported here.
 */
export function setDefault(r: HandlerReporter, a: IrAgent, t: AgentTarget, out: JsonObject, member: string, ir: string, rel: string, range: Range): void {
  const d = t.defaults?.[ir];
  if (d === undefined) return;
  const target = { ...tp(t, rel), hint: "set the limit the agent needs in the source, or edit it here" };
  if (d.value === null) {
    setKey(out, member, range.max);
    r.atSource(a, "clamped-value", d.at, { value: d.name, reason: `is not set, which in ${d.from} means no limit; Caplo always limits ${dotted(rel)} (to ${range.max} at most)`, now: range.max }, target);
    return;
  }
  const v = fit(d.value, range);
  if (v !== d.value) r.atSource(a, "clamped-value", d.at, { value: d.name, reason: `is not set, so ${d.from} uses ${d.value}, which is outside Caplo's ${dotted(rel)} range ${describeRange(range)}`, now: v }, target);
  setKey(out, member, v);
}
