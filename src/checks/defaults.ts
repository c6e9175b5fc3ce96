// Effective defaults: a setting the source leaves unset, whose default differs
// between the source's format and the target's, would change the agent's
// behaviour. The hub asks the target's emitter to write the source's value
// (effectiveDefaults), and says so (default-differs); a setting the target
// cannot state at all loses that behaviour (a warning), and one the source
// cannot state runs with the target's default (a warning too).
import { adapterFor } from "../adapters/registry.js";
import type { Adapter, DefaultValue, EffectiveDefault, UnfixedDefault } from "../adapters/types.js";
import { diagnostic, type Diagnostic } from "../ir/diagnostics.js";
import type { IrAgent, IrDocument } from "../ir/model.js";
import type { JsonValue } from "../ir/json.js";
import { escapeToken, get as getPointer } from "../ir/pointer.js";
import { definitionOf, inAgentGraph, mainModelIndex } from "../ir/agent.js";

type Sources = readonly { file?: string; data: JsonValue }[];

interface Difference {
  pointer: string;
  source: Adapter;
  /** The source's value (null: no limit). */
  was: DefaultValue;
  name: string;
  /** The target's default for it, or undefined when the target cannot state the setting. */
  now?: { value: DefaultValue; name: string };
  unstated?: { setting: string; decider: string };
  at: string;
  /** The agent is one of a graph and the formats count the setting over different scopes: the target's and the source's. */
  counted?: { target: string; source: string };
  /** The source cannot state the setting at all: what it lacks and who decides there. */
  lacks?: { setting: string; decider: string };
}

const isUnfixed = (v: DefaultValue | undefined): v is UnfixedDefault => typeof v === "object" && v !== null;

/** A default as messages say it: "0.7", "no limit", "the host's default". */
const show = (v: DefaultValue): string => (v === null ? "no limit" : isUnfixed(v) ? v.unfixed : String(v));

/** The format whose defaults an agent's unset settings follow: where it was first written. */
function sourceOf(agent: IrAgent): Adapter | undefined {
  return adapterFor(agent.home?.format ?? agent.origin.format);
}

/** A declared model setting ("/models/0/temperature") is the main model's: the first row is not always it. */
const MODEL = "/models/0/";

/**
 * The agent's main model row, as the emitters find it (mainModelIndex): a declared model setting's
 * value there, and the places to point at. With no main row (a mas main row of `model: any` beside
 * rows of other roles) the agent's model sets nothing, whatever the other rows set.
 */
function mainRow(agent: IrAgent): { value: (pointer: string) => unknown; at: (pointer: string, candidates: readonly string[]) => readonly string[] } {
  const main = mainModelIndex(agent);
  const readAt = (i: number) => agent.sourceMap?.[`/models/${i}`];
  return {
    value: (pointer) => (!pointer.startsWith(MODEL) ? getPointer(agent, pointer) : main === -1 ? undefined : getPointer(agent, `/models/${main}/${pointer.slice(MODEL.length)}`)),
    // A declared place that is where the first row was read from is that row's, not the main row's:
    // the main row's own place instead, or (no main row) the others the declaration names.
    at: (pointer, candidates) => {
      const first = readAt(0);
      if (!pointer.startsWith(MODEL) || main === 0 || first === undefined || !candidates.includes(first)) return candidates;
      const own = main === -1 ? undefined : readAt(main);
      return candidates.flatMap((c) => (c !== first ? [c] : own === undefined ? [] : [own]));
    },
  };
}

type Declared = NonNullable<Adapter["defaults"]>[string];

function differences(agent: IrAgent, graph: boolean, target: Adapter, sources: Sources): Difference[] {
  const home = sourceOf(agent);
  // Pointers go into the document that was read, whose format may not be the agent's home.
  const reader = adapterFor(agent.origin.format);
  // A setting the user removed in the file read (agentport wrote it there): the file's runtime runs it
  // with the file's format's default, which is the source's value now, not the home's (session 14).
  const removed = new Set(agent.home?.removed ?? []);
  const settings: [string, Declared, Adapter][] = [];
  if (home && home.id !== target.id) for (const [pointer, was] of Object.entries(home.defaults ?? {})) if (!removed.has(pointer)) settings.push([pointer, was, home]);
  if (reader && reader.id !== target.id) for (const pointer of removed) { const was = reader.defaults?.[pointer]; if (was !== undefined) settings.push([pointer, was, reader]); }
  if (!home || (settings.length === 0 && (home.id === target.id || !home.unstated))) return [];
  const data = sources.find((s) => s.file === agent.origin.file)?.data;
  const out: Difference[] = [];
  const row = mainRow(agent);
  // An agent file another input read (a MAS manifest's agent) is not among the sources: what its
  // parse mapped says which places exist there, so the finding points where it does when the file is converted alone.
  const mapped = data === undefined ? Object.values(agent.sourceMap ?? {}) : [];
  const exists = (p: string) => (data !== undefined ? getPointer(data, agent.origin.pointer + p) !== undefined : mapped.some((s) => s === p || s.startsWith(p + "/")));
  for (const [pointer, was, source] of settings) {
    if (row.value(pointer) !== undefined) continue;
    // A model setting matters only when there is a model to apply it to.
    if (pointer.startsWith(MODEL) && !agent.models?.length) continue;
    const candidates = row.at(pointer, reader?.defaults?.[pointer]?.at ?? was.at);
    // A candidate is a place of an agent of the format, looked for where this agent's part is defined
    // (an Agent Spec Swarm's agents share an llm_config in $referenced_components); at worst the agent's own place.
    const at = candidates.map((c) => definitionOf(agent, c)).find(exists) ?? definitionOf(agent, "");
    // Stated where the IR read nothing (a mas main row of `model: any`, kept whole): the source's own value, not unset.
    // Not so for an agent read back from a format it was converted into (its home is another): there the
    // stash restored "the home format stated nothing", and the value in the document is the home's default
    // written out by the earlier hop, which this hop must write again (session 11: Caplo -> mas -> Agent
    // Spec -> mas lost billing's max_tokens 1024 and tech's temperature 0.4, with no word).
    const member = (reader?.defaults?.[pointer]?.name ?? was.name).split(".").pop() ?? "";
    const readHome = agent.home === undefined || agent.home.format === agent.origin.format;
    if (readHome && data !== undefined && getPointer(data, `${agent.origin.pointer}${at}/${escapeToken(member)}`) !== undefined) continue;
    const now = target.defaults?.[pointer];
    const unstated = target.unstated?.[pointer];
    // Two defaults neither format fixes (the runtime's, the host's) are no difference anyone can state.
    const unknownBoth = isUnfixed(now?.value) && isUnfixed(was.value);
    const counted = graph && now?.scope !== undefined && was.scope !== undefined && now.scope !== was.scope ? { target: now.scope, source: was.scope } : undefined;
    if (now !== undefined && now.value !== was.value && !unknownBoth) out.push({ pointer, source, was: was.value, name: was.name, now, at, ...(counted ? { counted } : {}) });
    // Losing a limit the source imposed, or a value it fixed, changes behaviour; losing "no limit" does not.
    else if (now === undefined && unstated !== undefined && typeof was.value === "number") out.push({ pointer, source, was: was.value, name: was.name, unstated, at });
  }
  // A setting the source cannot state (AgentMug's temperature, its host's): the target's fixed default
  // applies, and nothing says the host's value is the same. Nothing can be written; a target's
  // "no limit" imposes nothing the source did not, and one that fixes no value either is no difference.
  for (const [pointer, lack] of Object.entries(home.id === target.id ? {} : (home.unstated ?? {}))) {
    const now = target.defaults?.[pointer];
    if (home.defaults?.[pointer] !== undefined || now === undefined || typeof now.value !== "number") continue;
    if (row.value(pointer) !== undefined || (pointer.startsWith(MODEL) && !agent.models?.length)) continue;
    const at = (lack.at ?? []).map((c) => definitionOf(agent, c)).find(exists) ?? definitionOf(agent, "");
    out.push({ pointer, source: home, was: { unfixed: `${lack.decider}'s default` }, name: lack.setting, now, at, lacks: { setting: lack.setting, decider: lack.decider } });
  }
  return out;
}

/** Per document, per agent: the default differences a conversion into one target has (defaultPlan). */
export type DefaultPlan = readonly (readonly Difference[])[][];

/** The differences of every agent of the documents, found once for what is written and what is reported. */
export function defaultPlan(docs: readonly IrDocument[], to: string, sources: Sources): DefaultPlan {
  const target = adapterFor(to);
  return docs.map((doc) => doc.agents.map((agent, i) => (target ? differences(agent, inAgentGraph(doc, i), target, sources) : [])));
}

/** Per document, per agent: the source values the target's emitter writes explicitly. */
export function effectiveDefaults(plan: DefaultPlan): (Record<string, EffectiveDefault> | undefined)[][] {
  return plan.map((agents) => agents.map((diffs) => {
    const out: Record<string, EffectiveDefault> = {};
    for (const d of diffs) {
      if (d.now === undefined || isUnfixed(d.was)) continue;
      out[d.pointer] = { value: d.was, name: d.name, from: d.source.label, at: d.at };
    }
    return Object.keys(out).length ? out : undefined;
  }));
}

/** Where each output came from: the index of its IR document and of the agents it holds. */
export interface Placement {
  doc: number;
  agents?: number[];
}

/**
 * Unset is not default: where the source leaves a setting unset and its format's
 * default differs from the target's, say what was done, pointing at the object the
 * setting would go in: the source's value is written (numbers; "no limit" becomes the
 * target's highest value, which its emitter reports), or it cannot be (a warning).
 */
export function defaultDifferences(docs: readonly IrDocument[], to: string, outputs: readonly { name: string }[], placement: readonly Placement[], plan: DefaultPlan): Diagnostic[] {
  const target = adapterFor(to);
  const out: Diagnostic[] = [];
  if (!target) return out;
  docs.forEach((doc, d) => doc.agents.forEach((agent, i) => {
    const diffs = plan[d]?.[i] ?? [];
    if (diffs.length === 0) return;
    // The output that holds this agent, as its emitter placed it.
    const file = outputs.find((_, k) => placement[k]?.doc === d && placement[k]?.agents?.includes(i) === true)?.name;
    for (const diff of diffs) {
      const source = { ...(agent.origin.file === undefined ? {} : { file: agent.origin.file }), pointer: agent.origin.pointer + diff.at };
      const targetAt = { format: target.id, ...(file === undefined ? {} : { file }) };
      if (diff.now === undefined) {
        // differences() gives a difference without the target's default only for a setting the target declares unstated.
        if (diff.unstated) out.push(diagnostic("default-lost", { value: diff.name, source: diff.source.label, sourceDefault: show(diff.was), target: target.label, ...diff.unstated }, { source, target: targetAt }));
        continue;
      }
      // "No limit" into a target that always limits is written as its highest value, a change its emitter reports.
      if (diff.was === null && diff.now.value !== null) continue;
      const written = typeof diff.was === "number" || diff.was === null;
      const differs = { value: diff.name, source: diff.source.label, sourceDefault: show(diff.was), target: target.label, targetDefault: show(diff.now.value), targetField: diff.now.name, ...(diff.lacks ? { lacks: diff.lacks } : {}) };
      const keeps = written && diff.counted === undefined;
      // A setting the source cannot state can only be set on the target, to what its decider uses.
      const hint = diff.lacks ? `set ${diff.now.name} in the output to the value ${diff.lacks.decider} uses, to keep the agent's behaviour` : "set it explicitly in the source to keep the agent's behaviour";
      out.push(diagnostic("default-differs", written ? { ...differs, written: show(diff.was), ...(diff.counted ? { counted: diff.counted } : {}) } : differs, {
        source, target: targetAt,
        // Written, the agent keeps its behaviour (representation); not written, or counted otherwise, it changes.
        ...(keeps ? {} : { effect: "behaviour" as const }),
        ...(written ? {} : { hint }),
      }));
    }
  }));
  return out;
}
