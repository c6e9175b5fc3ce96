// An agent's home format: the format it was first read from. An emitter writing
// the agent back into its home format puts values where they were (list
// indexes, spellings) using that format's source map, which is the agent's own
// source map when it was read from that format, or the placement hints a stash
// brought back (IrAgent.home) after a trip through another format.
// The registry is read lazily (at a call, not at load): ir/ names no format.
import { adapterFor } from "../adapters/registry.js";
import type { IrAgent, IrTool } from "./model.js";

/** True when `format` is where the agent's values were first written. */
export function isHome(agent: IrAgent, format: string): boolean {
  return agent.origin.format === format || agent.home?.format === format;
}

/** The source map of the agent in `format`, when that is its origin or its home; else undefined. */
export function placementMap(agent: IrAgent, format: string): Readonly<Record<string, string>> | undefined {
  if (agent.origin.format === format) return agent.sourceMap;
  if (agent.home?.format === format) return agent.home.sourceMap;
  return undefined;
}

/**
 * IR pointers whose source-map entries emitters use for placement, so a stash
 * carries them home: list items (models, tools, knowledge, evals return to their
 * source index; sub-agent links: a link to a served agent is its component), the agent's own component ("": Agent Spec places an agent by it), a tool's name (mas: derived from module_path) and its description and parameters (mas: read through a Tool manifest's ref), the reasoning
 * effort's spelling (mas: reasoning_effort) and maxDepth (mas: a spawn tool's params).
 */
export const PLACEMENT = /^$|^\/(?:models|tools|knowledge|evals|subAgents)\/(?:0|[1-9][0-9]*)$|^\/tools\/(?:0|[1-9][0-9]*)\/(?:name|description|inputSchema)$|^\/reasoning\/effort$|^\/limits\/maxDepth$/;

/**
 * For the extension values of `format`: true when one lies inside a sub-agent tool's settings, so
 * losing it loses a link. The sub-agent tools' places are worked out once per agent and format, and
 * each value is then checked against its own ancestors (an agent with thousands of tools and
 * thousands of extension values would otherwise compare every value with every tool).
 */
export function linkSettings(agent: IrAgent, format: string): (rel: string) => boolean {
  const map = placementMap(agent, format);
  // The format declares which of its runtime tools spawn sub-agents (Adapter.subAgentTools).
  const spawns = adapterFor(format)?.subAgentTools;
  if (!map || !spawns?.length) return () => false;
  const isSubAgentTool = (t: IrTool) => t.kind === "system" && spawns.includes(t.name);
  const places = new Set<string>();
  (agent.tools ?? []).forEach((t, i) => {
    const src = map[`/tools/${i}`];
    if (src !== undefined && isSubAgentTool(t)) places.add(src);
  });
  if (places.size === 0) return () => false;
  // A tool placed at the root (never written so, but the map is data) holds every other value.
  if (places.has("")) return (rel) => rel !== "";
  return (rel) => {
    for (let i = rel.lastIndexOf("/"); i > 0; i = rel.lastIndexOf("/", i - 1)) if (places.has(rel.slice(0, i))) return true;
    return false;
  };
}
