// IR document → one Agent Spec document: an Agent for one agent; for several
// agents that call each other, a ManagerWorkers when one agent (the first)
// delegates to all the others and they to no one, else a Swarm whose
// relationships are the links. Shared components are written once and referenced
// (share.ts). Every Agent component's metadata carries its x-agentport stash.
//
// The agents and their links are written by field handlers (src/ir/field-handlers.ts): the
// team's here (links, bundle keys), the Agent component's in emit-agent.ts; coverage.ts builds
// the emit table from HANDLERS.
import type { EffectiveDefault, EmitContext, EmitOptions } from "../types.js";
import type { IrAgent, IrDocument, IrLink } from "../../ir/model.js";
import { diagnostic } from "../../ir/diagnostics.js";
import { cloneJson, isObject, orderKeys, setKey, type JsonObject, type JsonValue } from "../../ir/json.js";
import { get, join, unescapeToken } from "../../ir/pointer.js";
import { isHome, placementMap } from "../../ir/home.js";
import { routingRead } from "../../ir/agent.js";
import { Reporter } from "../../ir/reporter.js";
import { spawnLoss } from "../../ir/spawn-loss.js";
import { fieldHandler, run, type DeclaringHandler, type EmitScope, type HandlerReporter } from "../../ir/field-handlers.js";
import type { EmitDraft } from "../../ir/emit-phases.js";
import { slugKey, uniqueKeys } from "../../ir/slug.js";
import { jsonText } from "../serialize.js";
import { A2A_ORDER, AGENT_ORDER, FORMAT, LABEL, MANAGER_ORDER, READ_VERSIONS, STASH_MEMBER, SUFFIX, SWARM_ORDER, WRITE_VERSION } from "./spec.js";
import { AGENT_HANDLERS, emitAgentComponent, stashed } from "./emit-agent.js";
import { rebuild, reorder, withoutStashes } from "./fields.js";
import { REF, REFS } from "./refs.js";
import { ownDefinitions, placeDefinitions, shareComponents } from "./share.js";


/** Team members of a ManagerWorkers or Swarm that are its own (not its agents), kept at document level. */
const TEAM_SKIP = ["/component_type", `/${REFS}`, "/agentspec_version", "/group_manager", "/workers", "/first_agent", "/relationships"];

interface Team {
  scope: EmitScope;
  doc: IrDocument;
  file: string;
  /** Document-level values kept by the Agent Spec parser. */
  docExt: JsonObject;
  /** Per agent: the source's values for settings it leaves unset where Agent Spec would assume the runtime's (the hub's). */
  defaults: readonly (Readonly<Record<string, EffectiveDefault>> | undefined)[];
}

/**
 * Phase 1 (src/ir/emit-phases.ts): the whole document, its Agent components written, one Reporter
 * for the team. The hub reads the document back whole and stashes into each component's metadata
 * (slot.ts), in the order a reader meets them; assemble serialises it.
 */
export function emitAgentspec(doc: IrDocument, _options: EmitOptions, context: EmitContext = {}): EmitDraft {
  const r = new Reporter(FORMAT);
  const scope: EmitScope = { r, check: context.checkDeclarations === true };
  const agents = doc.agents;
  if (agents.length === 0) {
    // Nothing is written, so the hub's report of the document-level values has nothing to say.
    return { agents: [], readings: () => [], assemble: () => ({ outputs: [], diagnostics: [diagnostic("usage-error", { problem: `there is no agent to write as ${LABEL}` })] }) };
  }
  const docExt = doc.extensions[FORMAT] ?? {};
  const multi = agents.length > 1 || (agents[0]?.subAgents ?? []).some((l) => l.external !== undefined && isUrl(l.external));
  const teamName = typeof docExt["/name"] === "string" ? docExt["/name"] : undefined;
  const file = `${slugKey(multi ? (teamName ?? `${agents[0]?.name ?? agents[0]?.key ?? "agents"} team`) : (agents[0]?.name ?? agents[0]?.key ?? agents[0]?.id ?? "agent"))}${SUFFIX}`;
  const team: Team = { scope, doc, file, docExt, defaults: context.effectiveDefaults ?? [] };
  const defs: JsonObject = {};
  const { root, components } = run(teamHandler, scope, team, multi, defs);
  root["agentspec_version"] = versionOf(docExt);
  // Components the source shared by reference (kept as their id at the definition's pointer): shared again, there.
  const owners = new Map<string, string>();
  // Each part an agent read from Agent Spec was defined in a $referenced_components (its placement says where).
  for (const a of agents) {
    for (const [ir, at] of Object.entries(placementMap(a, FORMAT) ?? {})) {
      const m = SHARED_PART.test(ir) ? DEFINITION.exec(at) : null;
      if (m) owners.set(unescapeToken(m[2] as string), m[1] as string);
    }
  }
  // Documents written by earlier versions kept each such definition as its id at its pointer.
  for (const k of Object.keys(docExt)) {
    const m = DEFINITION.exec(k);
    if (m && typeof docExt[k] === "string") owners.set(unescapeToken(m[2] as string), m[1] as string);
  }
  for (const c of shareComponents(root, owners, defs)) {
    r.atSource(agents[0] as IrAgent, "transformed-value", "", { value: `the component id "${c.id}"`, became: `is written as "${c.now}" for one of the components that had it: they now differ (one was edited), and a document whose components share an id is read as one of them` }, { targetPointer: c.pointer, targetFile: file });
  }
  keepDefinitions(root, docExt, defs);
  placeDefinitions(root, defs);
  // The stash's notes come after the report of the document-level values (assemble).
  const handled = r.diagnostics.length;
  return {
    agents: components.map((c, k) => ({ agent: doc.agents[c.agent] as IrAgent, r, holder: c.value, reading: 0, at: k, file })),
    // Read back whole (components refer to each other); the guards compare it without any component's stash.
    readings: () => [{ data: cloneJson(root), written: withoutStashes(root, STASH_MEMBER) }],
    file,
    assemble: (documentReport) => ({
      outputs: [{ name: file, format: FORMAT, document: root, text: jsonText(root), agents: agents.map((_, i) => i) }],
      diagnostics: [...r.diagnostics.slice(0, handled), ...documentReport, ...r.diagnostics.slice(handled)],
    }),
  };
}

const DEFINITION = /^(.*)\/\$referenced_components\/([^/]+)$/;
/** The IR places of an agent's parts that Agent Spec defines as components of their own: the agent, its llm_config, a tool. */
const SHARED_PART = /^$|^\/(?:models|tools)\/(?:0|[1-9][0-9]*)$/;

/**
 * Definitions the source kept as they were (nothing the IR holds refers to them: a transform's datastore, an
 * unused one): written back into the $referenced_components they were in, when that component is written.
 */
function keepDefinitions(root: JsonObject, docExt: JsonObject, defs: JsonObject): void {
  for (const k of Object.keys(docExt)) {
    const m = DEFINITION.exec(k);
    if (!m || typeof docExt[k] === "string") continue;
    const owner = m[1] as string;
    const id = unescapeToken(m[2] as string);
    const holder = owner === "" ? undefined : get(root, owner);
    const into = isObject(holder) && typeof holder["component_type"] === "string" ? ownDefinitions(holder) : defs;
    if (!Object.prototype.hasOwnProperty.call(into, id)) setKey(into, id, cloneJson(docExt[k] as JsonValue));
  }
}

function isUrl(s: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(s);
}

interface Written {
  root: JsonObject;
  components: { agent: number; value: JsonObject }[];
}

/**
 * The agents, as one Agent or as the team (a ManagerWorkers or a Swarm) whose links are the IR's
 * sub-agent links; a bundle key becomes the component id.
 */
const teamHandler = fieldHandler("team", {
  "/key": [
    { transformed: "transformed-value", when: "without an id: the key becomes the component id (read back, the key again)" },
    { transformed: "stashed-value", when: "next to an id that is not the key: read back, the key is derived from the id or the name" },
  ],
  "/subAgents/[]/local": ["exact", { transformed: "transformed-value", when: "ManagerWorkers when the first agent delegates to every other, else a Swarm relationship" }],
  "/subAgents/[]/external": ["exact", { dropped: "dropped-link", when: "not a URL: Agent Spec reaches a served agent by URL (A2AAgent)" }],
  "/subAgents/[]/useWhen": [stashed, { transformed: "transformed-value", when: "it is what the description written for the agent it calls says: that description is where it lives (an edit of it is the link's)" }],
  "/subAgents/[]/doNotUseWhen": stashed,
  "/subAgents/[]/release": stashed,
  "/subAgents/[]/mode": stashed,
  "/subAgents/[]/spawn/**": stashed,
}, (r: HandlerReporter, team: Team, multi: boolean, defs: JsonObject): Written => (multi ? writeTeam(r, team, defs) : writeOne(r, team)));

/** Every field handler of the emitter, in the order they write: coverage.ts's emit table is built from them. */
export const HANDLERS: readonly DeclaringHandler[] = [teamHandler, ...AGENT_HANDLERS];

/** One agent: an Agent component, which calls no other agent. */
function writeOne(r: HandlerReporter, team: Team): Written {
  const { doc, file } = team;
  const a = doc.agents[0] as IrAgent;
  const value = emitAgentComponent(a, { scope: team.scope, file, at: "", ...(routingRead(doc, a) ? {} : { uncalled: true as const }), ...(team.defaults[0] ? { defaults: team.defaults[0] } : {}) });
  (a.subAgents ?? []).forEach((l, j) => r.at(a, "dropped-link", `/subAgents/${j}`, { to: l.local ?? l.external ?? "?", target: "this document", why: "as an Agent Spec agent calls other agents only inside a ManagerWorkers or Swarm, and this document holds one agent" }, { targetFile: file }));
  if (doc.bundle) r.atSource(a, "transformed-value", "", { value: "the bundle", aside: "of one agent", became: `is written as an ${LABEL} Agent` }, { targetFile: file });
  if (a.subAgents?.length === 0) r.at(a, "dropped-field", "/subAgents", { aside: "an empty list", target: "an Agent Spec Agent" }, { targetFile: file, effect: "representation" });
  return { root: value, components: [{ agent: 0, value }] };
}

function writeTeam(r: HandlerReporter, team: Team, defs: JsonObject): Written {
  const { doc, file, docExt } = team;
  const agents = doc.agents;
  const index = new Map<string, number>();
  agents.forEach((a, i) => {
    if (a.key !== undefined && !index.has(a.key)) index.set(a.key, i);
  });
  agents.forEach((a, i) => {
    if (a.id !== undefined && !index.has(a.id)) index.set(a.id, i);
  });
  // Each link: to an agent of the document, to a served agent, or nowhere Agent Spec can point.
  type Edge = { from: number; j: number; to?: number; remote?: JsonObject; link: IrLink };
  const edges: Edge[] = [];

  agents.forEach((a, i) => (a.subAgents ?? []).forEach((link, j) => {
    const to = link.local !== undefined ? index.get(link.local) : undefined;
    if (to !== undefined) edges.push({ from: i, j, to, link });
    else if (link.external !== undefined) {
      const remote = remoteAgent(r, team, a, link, j);
      if (remote) edges.push({ from: i, j, remote, link });
    } else r.at(a, "dropped-link", `/subAgents/${j}`, { to: link.local ?? "?", target: LABEL, why: "as no agent of the document has that key" }, { targetFile: file });
  }));
  const local = edges.filter((e) => e.to !== undefined);
  // The agent that takes the user's request: the one the document names (a mas workflow's entry), else the first.
  const first = doc.entry === undefined ? 0 : (index.get(doc.entry) ?? 0);
  const star = first === 0 && edges.every((e) => e.from === 0) && new Set(local.map((e) => e.to)).size === local.length && local.every((e) => e.to !== 0);
  const homeType = docExt["/component_type"];
  const swarm = homeType === "Swarm" ? local.length > 0 : !star;
  // A team its own document calls a ManagerWorkers whose links no longer make one (a worker that
  // delegates, a manager not first): written as a Swarm, its agents hand the conversation over
  // instead of a manager calling workers and answering, a change of behaviour no other finding names.
  if (homeType === "ManagerWorkers" && swarm) r.atSource(agents[0] as IrAgent, "transformed-value", "", { value: "the team", aside: "a ManagerWorkers in the document it came from", became: "is written as a Swarm, as its links are no longer one manager's to each other agent: its agents hand the conversation to each other rather than a manager calling them as workers" }, { targetPointer: "/relationships", targetFile: file, effect: "behaviour" });
  const ids = uniqueKeys(agents.map((a) => a.id ?? keptId(a) ?? slugKey(a.key ?? a.name ?? "agent")));
  const componentAt = (i: number) => (swarm ? `/${REFS}/${ids[i]}` : i === 0 ? "/group_manager" : `/workers/${i - 1}`);
  // The routing text of the first link to a worker (Caplo's useWhen): what describes it to its manager
  // where it has no description of its own (emit-agent.ts `description`), as mas makes it the child's
  // spec.description. Only a ManagerWorkers' worker: a manager reads its workers' descriptions; a
  // Swarm's links are written in the document's agent order, not the links' (no text follows them).
  const routedBy = (i: number): string | undefined => (swarm ? undefined : local.find((e) => e.to === i && typeof e.link.useWhen === "string" && e.link.useWhen !== "")?.link.useWhen);
  const comps = agents.map((a, i) => {
    const by = routedBy(i);
    return emitAgentComponent(a, { scope: team.scope, file, at: componentAt(i), ...(local.some((e) => e.to === i) || routingRead(doc, a) ? {} : { uncalled: true as const }), ...(by === undefined ? {} : { routedBy: by }), ...(team.defaults[i] ? { defaults: team.defaults[i] } : {}) });
  });
  for (const e of edges) reportLinkDetails(r, agents[e.from] as IrAgent, e.link, e.j, file, (e.to === undefined ? e.remote : comps[e.to])?.["description"], e.to === undefined ? undefined : `${componentAt(e.to)}/description`, !swarm);
  agents.forEach((a, i) => {
    const c = comps[i] as JsonObject;
    if (a.id === undefined && a.key !== undefined && keptId(a) === undefined) {
      // A bundle key is the agent's id in the document (read back, a key-shaped id is the key again).
      c["id"] = ids[i] as string;
      reorder(c, AGENT_ORDER);
      r.at(a, "transformed-value", "/key", { shown: a.key, became: `becomes the component id${ids[i] === a.key ? "" : ` "${String(ids[i])}"`} (Agent Spec links agents by reference)` }, { targetFile: file });
    } else if (a.key !== undefined && a.sourceMap["/key"] !== undefined && a.key !== (/^[a-z][a-z0-9-]*$/.test(a.id ?? "") ? a.id : slugKey(a.name ?? a.id ?? "agent"))) {
      r.at(a, "transformed-value", "/key", { shown: a.key, became: "is not carried: Agent Spec agents are linked by reference, and read back the key is derived from the id or the name" }, { targetFile: file });
    }
    if (swarm && a.id === undefined && a.key === undefined) r.defaulted(a, `/${REFS}/${ids[i]}/id`, { field: "id", by: "a Swarm, which refers to its agents by id", filled: "set to", set: ids[i] ?? "" }, file);
  });
  const own = rebuild(docExt, "", TEAM_SKIP);
  const name = typeof own["name"] === "string" ? own["name"] : `${agents[0]?.name ?? agents[0]?.key ?? "agents"} team`;
  if (typeof own["name"] !== "string") r.atSource(agents[0] as IrAgent, "defaulted-required", "", { field: "name", by: swarm ? "Swarm" : "ManagerWorkers", filled: "set to", set: name }, { targetPointer: "/name", targetFile: file });
  if (!swarm) {
    // The manager delegates to the workers in the document's agent order; remote workers follow.
    const workers: JsonValue[] = comps.slice(1);
    for (const e of edges) if (e.remote) workers.push(e.remote);
    const linkedOrder = local.map((e) => e.to);
    if (local.length > 1 && linkedOrder.some((to, k) => to !== k + 1)) r.at(agents[0] as IrAgent, "transformed-value", "/subAgents", { clause: "the workers are written in the document's agent order, not the order of the links" }, { targetFile: file });
    if (local.length < agents.length - 1) {
      // The first agent's own name, not the team's (fresh9 finding 14: "Hello Agent team" for the agent "Hello Agent").
      const first = agents[0] as IrAgent;
      const manager = first.name ?? first.key ?? first.id ?? "agent";
      r.atSource(first, "defaulted-placeholder", "", { because: "ManagerWorkers needs a group manager and nothing in the source names one", wrote: `the first agent, "${manager}", as the manager of the ${agents.length - 1 - local.length === 1 ? "other agent" : "other agents"}`, check: "it can now delegate to them (review)" }, { targetPointer: "/group_manager", targetFile: file });
    }
    const root = orderKeys({ ...own, component_type: "ManagerWorkers", name, group_manager: comps[0] as JsonObject, workers }, MANAGER_ORDER);
    return { root, components: comps.map((value, agent) => ({ agent, value })) };
  }
  // Swarm: every agent is defined once by id; first_agent and each relationship refer to them.
  comps.forEach((c, i) => {
    c["id"] = ids[i] as string;
    reorder(c, AGENT_ORDER);
    setKey(defs, ids[i] as string, c);
  });
  const ref = (i: number) => ({ [REF]: ids[i] as string });
  // A Swarm holds only the agents of its relationships: one that neither calls nor is called is reached
  // from the first agent, which nothing in the source says (a placeholder to review).
  const reached = new Set<number>([first, ...edges.flatMap((e) => (e.to === undefined ? [e.from] : [e.from, e.to]))]);
  const added: Edge[] = agents.flatMap((a, i) => (reached.has(i) ? [] : [{ from: first, j: -1, to: i, link: { local: a.key ?? String(i) } }]));
  if (added.length) {
    const names = added.map((e) => `"${agents[e.to as number]?.name ?? agents[e.to as number]?.key ?? e.to}"`).join(", ");
    r.atSource(agents[first] as IrAgent, "defaulted-placeholder", "", { because: `a Swarm holds only agents that call or are called, and ${names} ${added.length === 1 ? "is" : "are"} neither`, wrote: `a relationship from the first agent, "${agents[first]?.name ?? agents[first]?.key ?? String(first)}", to ${added.length === 1 ? "it" : "each"}`, check: `it can now hand over to ${added.length === 1 ? "it" : "them"} (review)` }, { targetPointer: "/relationships", targetFile: file });
  }
  // Agents are read back in the order the relationships first name them: written so that it is the document's order.
  const order = (e: Edge) => Math.max(e.from, e.to ?? e.from);
  const sorted = [...edges, ...added].sort((x, y) => order(x) - order(y));
  agents.forEach((a, i) => {
    const was = edges.filter((e) => e.from === i);
    const now = sorted.filter((e) => e.from === i && e.j !== -1);
    if (was.some((e, k) => now[k] !== e)) r.at(a, "transformed-value", "/subAgents", { clause: "its relationships are written in the order that names the agents in the document's order, not the order of the links" }, { targetFile: file });
  });
  const relationships: JsonValue[] = sorted.map((e) => [ref(e.from), e.to !== undefined ? ref(e.to) : (e.remote as JsonObject)]);
  const root = orderKeys({ ...own, component_type: "Swarm", name, first_agent: ref(first), relationships }, SWARM_ORDER);
  // The order a reader meets them in (a caller named before its callee may come out of the document's order).
  const met: number[] = [first];
  for (const e of sorted) for (const i of e.to === undefined ? [e.from] : [e.from, e.to]) if (!met.includes(i)) met.push(i);
  return { root, components: met.map((agent) => ({ agent, value: comps[agent] as JsonObject })) };
}

/** The component id an agent read from Agent Spec kept as its own (a generated id, parse.ts), when it is written home. */
function keptId(a: IrAgent): string | undefined {
  const self = placementMap(a, FORMAT)?.[""];
  const v = self === undefined || !isHome(a, FORMAT) ? undefined : a.extensions[FORMAT]?.[join(self, "id")];
  return typeof v === "string" ? v : undefined;
}

/** A remote agent for an external link: the component the source had (Agent Spec home), or an A2AAgent for a URL. */
function remoteAgent(r: HandlerReporter, team: Team, a: IrAgent, link: IrLink, j: number): JsonObject | undefined {
  const ext = link.external as string;
  const pm = placementMap(a, FORMAT);
  const at = pm?.[`/subAgents/${j}`];
  const kept = at === undefined ? {} : rebuild(team.docExt, at);
  if (typeof kept["component_type"] === "string") {
    const field = kept["component_type"] === "OciAgent" ? "agent_endpoint_id" : "agent_url";
    // The link's routing text is the remote agent's description (the parse reads it so): an edit of it elsewhere is the description's.
    return orderKeys({ ...kept, ...(link.useWhen === undefined ? {} : { description: link.useWhen }), [field]: ext }, [...A2A_ORDER, "agent_endpoint_id", "client_config"]);
  }
  if (!isUrl(ext)) {
    r.at(a, "dropped-link", `/subAgents/${j}`, { to: ext, target: LABEL, why: "which reaches an agent served elsewhere only by its URL (A2AAgent)" }, { targetFile: team.file });
    return undefined;
  }
  r.atSource(a, "defaulted-required", "", { field: `the name and connection_config of the A2AAgent written for the external agent ${ext}`, plural: true, by: LABEL, filled: "derived from its URL" }, { targetFile: team.file });
  return orderKeys({ component_type: "A2AAgent", name: slugKey(ext.replace(/^https?:\/\//i, "")), ...(link.useWhen === undefined ? {} : { description: link.useWhen }), agent_url: ext, connection_config: { component_type: "A2AConnectionConfig", name: "connection" } }, A2A_ORDER);
}

/**
 * `described`: the description written for the agent the link calls, the text the caller's model reads
 * to choose it; `describedAt`: where it is written, for an agent of the document; `worker`: the link is
 * read from that agent's component (a ManagerWorkers' worker), not from a relationship.
 */
function reportLinkDetails(r: HandlerReporter, a: IrAgent, link: IrLink, j: number, file: string, described: JsonValue | undefined, describedAt?: string, worker = false): void {
  const lost: string[] = [];
  // When to use it is what the worker's description says (a mas delegation's text is its worker's description): nothing is lost.
  if (link.useWhen !== undefined && link.useWhen !== described) lost.push("when to use it");
  // Said there, the description is the link's text: where the stash guards it, so the description edited is the link's edit
  // (its stashed text is not restored over it, src/ir/stash-guard.ts `derived`), as the manager reads the edit (user trial 16, F1).
  else if (link.useWhen !== undefined && describedAt !== undefined) r.at(a, "transformed-value", `/subAgents/${j}/useWhen`, { became: `is the description written for "${link.local ?? "the agent it calls"}", which the calling agent reads to choose it` }, { targetPointer: describedAt, targetFile: file, effect: "representation" });
  if (link.doNotUseWhen !== undefined) lost.push("when not to use it");
  if (link.release !== undefined) lost.push(`the pinned release ${link.release}`);
  if (link.mode !== undefined) lost.push(`the mode ${link.mode}`);
  // Named by its target: links read from a MAS workflow share the agent's place, and one report must not stand for two links.
  // The manager reads the worker's description in their stead: where the stash guards when to use it and when not
  // (an edit of that description is an edit of them), while the link's other values hang on the worker's identity
  // only (src/ir/stash-guard.ts LINK_IDENTITY), so an edit of its prompt or temperature keeps them (finding N1).
  if (lost.length) r.at(a, "dropped-link", `/subAgents/${j}`, { to: link.local ?? link.external ?? "?", parts: lost, why: "as a manager reads the worker's description" }, { targetFile: file });
  if (worker) r.linkedByIdentity(a, `/subAgents/${j}`);
  for (const k of ["useWhen", "doNotUseWhen"] as const) {
    // Only where the link's place is the worker's component (a ManagerWorkers): a Swarm link's is its relationship.
    if (!worker || link[k] === undefined || describedAt === undefined || (k === "useWhen" && link.useWhen === described)) continue;
    r.guardedBy(a, `/subAgents/${j}/${k}`, describedAt);
  }
  // The source spawned a one-shot copy of the child per call (IrLink.spawn); a worker is called as itself.
  if (link.spawn !== undefined) r.at(a, "dropped-link", `/subAgents/${j}/spawn`, { to: link.local ?? link.external ?? "?", ...spawnLoss(link.spawn, link.local ?? link.external ?? "?"), target: LABEL, why: "where a manager or a Swarm agent calls its workers" }, { targetFile: file });
}

/**
 * The version a document is written as: the one it was read as, where agentport reads that version
 * (kept by the parse, brought home by a stash through another format), so Agent Spec → X → Agent
 * Spec gives the document back as read; else the version of agentport's schema. The published
 * 26.2.0 schema accepts every version agentport reads (its AgentSpecVersionEnum).
 */
function versionOf(docExt: JsonObject): string {
  const kept = docExt["/agentspec_version"];
  return typeof kept === "string" && READ_VERSIONS.includes(kept) ? kept : WRITE_VERSION;
}
