// Small helpers over IR agents that every adapter needs.
import type { IrAgent, IrDocument, IrInstructions } from "./model.js";
import type { JsonValue } from "./json.js";
import { setKey } from "./json.js";
import { CONVERT_BOTH } from "./payloads.js";

export function newAgent(format: string, pointer: string, file?: string): IrAgent {
  const origin = file === undefined ? { format, pointer } : { format, pointer, file };
  return { origin, extensions: {}, sourceMap: {} };
}

/** Records that IR path `irPointer` was read from `relPointer` (relative to the agent's origin). */
export function mapSource(agent: IrAgent, irPointer: string, relPointer: string): void {
  setKey(agent.sourceMap, irPointer, relPointer);
}

/** Keeps a value only `format` has, under its pointer relative to the agent's origin. */
export function keepExtension(agent: IrAgent, format: string, relPointer: string, value: JsonValue): void {
  const bag = agent.extensions[format] ?? {};
  setKey(bag, relPointer, value);
  agent.extensions[format] = bag;
}

/** The source pointer (relative to origin) that best explains an IR path: itself or its nearest mapped ancestor. */
export function sourceOf(agent: IrAgent, irPointer: string): string | undefined {
  let p = irPointer;
  for (;;) {
    const hit = agent.sourceMap[p];
    // An unmapped descendant is reported at its mapped ancestor, which always exists in the source.
    if (hit !== undefined) return hit;
    if (p === "") return undefined;
    p = p.slice(0, p.lastIndexOf("/"));
  }
}

/**
 * Where a place of the agent as an agent of its format holds it (`/llm_config`, relative to the
 * origin) is defined in the source, relative to the origin too: inside the deepest part of its
 * definition written elsewhere that stands for it (IrOrigin.places: a Swarm's agent in
 * $referenced_components, the llm_config its agents share); else the place itself. The inverse of
 * the reporter's naming (nameIn), for a place to point at rather than one to name.
 */
export function definitionOf(agent: IrAgent, rel: string): string {
  const places = agent.origin.places;
  if (places === undefined) return rel;
  const origin = agent.origin.pointer;
  let abs: string | undefined;
  let as = "";
  for (const [p, stands] of Object.entries(places)) {
    if (!p.startsWith(origin) || !(rel === stands || rel.startsWith(stands + "/"))) continue;
    if (abs === undefined || stands.length > as.length) [abs, as] = [p, stands];
  }
  return abs === undefined ? rel : abs.slice(origin.length) + rel.slice(as.length);
}

/**
 * The prompt as one string, rendered exactly as the mas runtime injects named chunks:
 * `[key] text` per chunk, parts joined by a blank line. A single unnamed chunk is its text verbatim.
 */
export function renderInstructions(instr: IrInstructions | undefined): string | undefined {
  if (!instr || instr.chunks.length === 0) return undefined;
  const only = instr.chunks[0];
  if (instr.chunks.length === 1 && only && only.key === undefined) return only.text ?? "";
  const parts: string[] = [];
  for (const c of instr.chunks) {
    const text = (c.text ?? "").trim();
    if (text === "") continue;
    parts.push(c.key === undefined ? text : `[${c.key}] ${text}`);
  }
  return parts.join("\n\n");
}

/**
 * The row of the agent's main model, or -1 when no row has that role: a mas agent whose main row
 * is `model: any` (it pins nothing, so the IR holds no row for it) keeps only models of other
 * roles, and none of them is the model the agent runs (docs/decisions.md, model rows).
 */
export function mainModelIndex(agent: IrAgent): number {
  return (agent.models ?? []).findIndex((m) => m.role === undefined || m.role === "main");
}

/** The primary model row: the first row without a role or with role "main". */
export function primaryModelIndex(agent: IrAgent): number {
  const models = agent.models ?? [];
  const i = models.findIndex((m) => m.role === undefined || m.role === "main");
  return i === -1 ? (models.length ? 0 : -1) : i;
}

/**
 * The agent is one of a graph of agents: it links to sub-agents, or another agent of the document
 * links to it. A limit a format counts over the whole graph is not the same limit for it alone.
 */
export function inAgentGraph(doc: IrDocument, index: number): boolean {
  const agent = doc.agents[index];
  if (agent === undefined) return false;
  if ((agent.subAgents?.length ?? 0) > 0) return true;
  const key = agent.key;
  return key !== undefined && doc.agents.some((other, j) => j !== index && other.subAgents?.some((l) => l.local === key) === true);
}

/** True when another agent of the document links to `agent` (by its key or id): some agent reads its routing text. */
export function isCalled(doc: IrDocument, agent: IrAgent): boolean {
  const names = [agent.key, agent.id].filter((n): n is string => n !== undefined);
  return names.length > 0 && doc.agents.some((other) => other !== agent && other.subAgents?.some((l) => l.local !== undefined && names.includes(l.local)) === true);
}

/**
 * Whether anything may read an agent's routing text (what a delegating agent reads to choose it):
 * another agent of the document calls it, or the document is one agent on its own (a mas kind: Agent
 * file, which apps elsewhere delegate to). A whole team (a bundle, an app that names its entry) that
 * never calls the agent reads it nowhere.
 */
export function routingRead(doc: IrDocument, agent: IrAgent): boolean {
  return isCalled(doc, agent) || loneAgent(doc);
}

/** The document is one agent on its own, no team (a mas kind: Agent file): apps elsewhere may delegate to it. */
export function loneAgent(doc: IrDocument): boolean {
  return !doc.bundle && doc.entry === undefined && doc.agents.length === 1;
}

/**
 * What the source states at IR path `irPath` by a reference nothing read resolves (origin.unresolved),
 * in the words of a placeholder written instead: its `because` and hint, and the source place to report
 * it at (the reference). Undefined when the source states nothing unresolved there.
 */
export function unresolvedReason(agent: IrAgent, irPath: string, what: string): { at: string; because: string; hint: string } | undefined {
  const u = agent.origin.unresolved?.[irPath];
  if (u === undefined) return undefined;
  return {
    at: u.at,
    because: `the ${what} reference "${u.ref}" could not be resolved: no document read defines it${u.near === undefined ? "" : ` (one defines "${u.near}")`}`,
    hint: u.near === undefined
      ? `name the file that defines "${u.ref}" in the same run ${CONVERT_BOTH}, or name the ${what} in the source`
      : `did you mean "${u.near}"? Fix the reference in the source, or name the file that defines "${u.ref}" in the same run`,
  };
}
