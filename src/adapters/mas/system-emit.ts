// IR bundle → one mas/v1 kind: MAS manifest beside the agent files: the agency
// list (refs to the files written), and the workflow whose delegates_to lists are
// the local links. MAS-level members a MAS input had (extensions.mas of the
// document) are put back at their pointers. See docs/adapters/mas.md.
import type { IrAgent, IrDocument } from "../../ir/model.js";
import { cloneJson, isObject, orderKeys, setKey, type JsonObject, type JsonValue } from "../../ir/json.js";
import { diagnostic, type Diagnostic } from "../../ir/diagnostics.js";
import { dotted, parsePointer } from "../../ir/pointer.js";
import { dirOf, joinPath } from "../../ir/file-paths.js";
import { documentPlace } from "../../ir/stash-slot.js";
import type { EmittedDocument } from "../types.js";
import { MAS } from "./parse-context.js";
import { masSystemSchema } from "./schema.generated.js";
import { validateMas } from "./validate.js";
import { toYaml } from "./yaml.js";

const LABEL = "mas/v1";
const NODE_ORDER = ["id", "role", "agent", "delegates_to", "dispatch", "config", "description"];

function props(node: unknown): string[] {
  return isObject(node) && isObject(node["properties"]) ? Object.keys(node["properties"]) : [];
}
const rootProps = isObject(masSystemSchema["properties"]) ? masSystemSchema["properties"] : {};
const TOP = props(masSystemSchema);
const SPEC = props(rootProps["spec"]);
const METADATA = props(rootProps["metadata"]);
const WORKFLOW = isObject(rootProps["spec"]) && isObject(rootProps["spec"]["properties"]) ? props(rootProps["spec"]["properties"]["workflow"]) : [];

/** A document's local links, worked out once: a bundle of n agents must not search the n agents for each link. */
export interface LinkIndex {
  /** The index of the agent a local link names (the first with that key), or -1. */
  target(local: string | undefined): number;
  /**
   * Whether a kind: MAS manifest is written: for a bundle the mas runtime can run as one app (one
   * whose agents a resolvable local link joins, or of one agent, which is the app's entry), or read
   * from a MAS manifest (its agency list kept, `own`). A bundle of several agents that no link joins
   * has no one entry: its agents are written as Agent files, each of which still runs.
   */
  readonly system: boolean;
  /** The first local link to agent `i` with a useWhen, in bundle order (see incomingRouting). */
  incoming(i: number): { text: string; parent: number; link: number } | undefined;
  /**
   * Whether link `link` of agent `agent` is written as a template of the sub-agent tool it was read
   * from (its spawn mark, emit-spawn.ts), not as a delegation: it has a mark and names another
   * agent of the document.
   */
  spawned(agent: number, link: number): boolean;
  /**
   * Each agent's own entry of the agency list the document keeps (its index there, ownEntries),
   * or undefined when no list is kept or it lists another count: worked out once, for the file
   * names, the agency list written and whether a MAS manifest is written.
   */
  readonly own: readonly number[] | undefined;
}

export function linkIndex(doc: IrDocument): LinkIndex {
  const byKey = new Map<string, number>();
  doc.agents.forEach((a, i) => {
    if (a.key !== undefined && !byKey.has(a.key)) byKey.set(a.key, i);
  });
  const target = (local: string | undefined) => (local === undefined ? -1 : (byKey.get(local) ?? -1));
  const spawns = new Set<string>();
  doc.agents.forEach((a, p) => (a.subAgents ?? []).forEach((l, j) => {
    const t = target(l.local);
    if (l.spawn !== undefined && t !== -1 && t !== p) spawns.add(`${p}/${j}`);
  }));
  const spawned = (agent: number, link: number) => spawns.has(`${agent}/${link}`);
  const ext = doc.extensions[MAS] ?? {};
  const linked = () => doc.agents.some((a, p) => (a.subAgents ?? []).some((l, j) => target(l.local) !== -1 && !spawned(p, j)));
  const keptList = Array.isArray(ext["/spec/agency/agents"]) || Array.isArray(ext["/spec/agents"]);
  const own = ownEntries(doc);
  // A kept list that lists as many agents as the document has (own is then set) writes the app again, though
  // the document read is no bundle: the agents were read from that app, and a stash brought its list back
  // through a format that holds one agent per file (AgentMug, an Open Agent Spec Agent). One agent of a
  // larger app, converted alone, stays an Agent.
  const system = doc.agents.length > 0 && (own !== undefined || (doc.bundle && (doc.agents.length === 1 || keptList || linked())));
  const first = new Map<number, { text: string; parent: number; link: number }>();
  if (system) {
    doc.agents.forEach((a, p) => (a.subAgents ?? []).forEach((l, j) => {
      const t = target(l.local);
      // A spawned child's template carries its own description: the link's useWhen is not the child's routing text.
      if (t === -1 || spawned(p, j) || l.useWhen === undefined || l.useWhen === "" || first.has(t)) return;
      first.set(t, { text: linkRoutingText(l.useWhen, l.doNotUseWhen), parent: p, link: j });
    }));
  }
  return { target, system, incoming: (i) => first.get(i), spawned, own };
}

/** Where a MAS manifest's agency list is kept (extensions.mas): spec.agency.agents, or the older spec.agents. */
function agencyListAt(ext: Readonly<Record<string, JsonValue>>): "/spec/agents" | "/spec/agency/agents" {
  return Array.isArray(ext["/spec/agents"]) && !Array.isArray(ext["/spec/agency/agents"]) ? "/spec/agents" : "/spec/agency/agents";
}

const AGENT_FILE = /^(?:\.\/)?(?:[^/\\]+\/)*([A-Za-z0-9][A-Za-z0-9._-]*\.ya?ml)$/;

/**
 * Each agent's own entry of the kept agency list (its index there), or undefined when no list is
 * kept or it lists another count. A bundle merged from one file per agent (AgentMug, given in any
 * order) has its agents in the inputs' order, not the list's: pairing by position would write one
 * agent under another's entry. The parse ties an agent to its entry by the entry's place, which
 * only the MAS manifest read holds; so an agent owns, in this order of evidence: the entry its
 * home pointer names (an inline agent, kept as null); the entry whose ref is the file it was read
 * from (a mas agent read through this list); the entry whose id is its key or metadata.name (the
 * names its workflow node binds); the entry whose ref's file stem is one of them. Each entry has
 * one owner. The agents nothing ties (a renamed agent, an app whose ids name no agent) take the
 * entries left, in order, as every agent did by position before: an app of one agent keeps its
 * entry whatever its names.
 */
function ownEntries(doc: IrDocument): number[] | undefined {
  const ext = doc.extensions[MAS] ?? {};
  const stored = ext[agencyListAt(ext)];
  if (!Array.isArray(stored) || stored.length !== doc.agents.length) return undefined;
  return pairEntries(doc, stored, true);
}

/**
 * Each agent's entry of `stored` by the evidence ownEntries lists (-1: none ties it). With `fill`,
 * the agents nothing ties take the entries left, in order (the list describes these agents);
 * without, they have none (a list of another count: an app merged with other agents).
 */
function pairEntries(doc: IrDocument, stored: readonly JsonValue[], fill: boolean): number[] {
  const listAt = agencyListAt(doc.extensions[MAS] ?? {});
  const inline = new Map<string, number>();
  const byPath = new Map<string, number>();
  const byId = new Map<string, number>();
  const byStem = new Map<string, number>();
  const first = (m: Map<string, number>, k: string, j: number) => {
    if (!m.has(k)) m.set(k, j);
  };
  stored.forEach((s, j) => {
    if (s === null) first(inline, `${listAt}/${j}`, j);
    if (!isObject(s)) return;
    if (typeof s["id"] === "string") first(byId, s["id"], j);
    if (typeof s["ref"] !== "string") return;
    // As the parse names the file it reads (system-parse.ts, relPath).
    first(byPath, joinPath("", s["ref"]), j);
    const m = AGENT_FILE.exec(s["ref"]);
    if (m) first(byStem, (m[1] as string).replace(/\.ya?ml$/, ""), j);
  });
  const own = doc.agents.map(() => -1);
  const taken = new Set<number>();
  const pass = (find: (a: IrAgent) => (number | undefined)[]) => doc.agents.forEach((a, i) => {
    if (own[i] !== -1) return;
    const j = find(a).find((x) => x !== undefined && !taken.has(x));
    if (j === undefined) return;
    own[i] = j;
    taken.add(j);
  });
  const names = (a: IrAgent) => [a.key, a.id].filter((n): n is string => n !== undefined);
  pass((a) => [inline.get(a.home?.pointer ?? a.origin.pointer)]);
  pass((a) => (a.origin.format === MAS && a.origin.file !== undefined ? [byPath.get(a.origin.file)] : []));
  pass((a) => names(a).map((n) => byId.get(n)));
  pass((a) => names(a).map((n) => byStem.get(n)));
  if (!fill) return own;
  const left = stored.map((_, j) => j).filter((j) => !taken.has(j));
  own.forEach((j, i) => {
    if (j === -1) own[i] = left.shift() as number;
  });
  return own;
}

/**
 * The folder, from the MAS manifest's, of the agent file agent `i`'s own entry of the kept agency
 * list names ("agents" for `ref: agents/a.yaml`); "" when it names none there (an inline agent, an
 * entry beside the manifest, no list kept). An agent that came back through another format's stash
 * makes its relative references from that folder, as it did in its app.
 */
export function keptEntryFolder(doc: IrDocument, i: number, links: LinkIndex): string {
  const ext = doc.extensions[MAS] ?? {};
  const stored = ext[agencyListAt(ext)];
  // One agent of a larger app, converted alone, is tied to its entry by the same evidence, without the fill by position.
  const own = links.own?.[i] ?? (Array.isArray(stored) ? pairEntries(doc, stored, false)[i] : undefined);
  if (own === undefined || own === -1) return "";
  const s = Array.isArray(stored) ? stored[own] : undefined;
  return isObject(s) && typeof s["ref"] === "string" && !/^[A-Za-z][A-Za-z0-9+._-]*:|^[\\/]/.test(s["ref"]) ? dirOf(joinPath("", s["ref"])) : "";
}

/**
 * Each agent's output file. An app read from a MAS manifest keeps its agents' file names (the
 * refs of their own entries of the agency list the document keeps, ownEntries): a conversion
 * there and back must not rename the user's files. Else, or when the list no longer describes
 * these agents (another count, a ref that is not a plain YAML file name, two agents in one file),
 * each file is named after the agent (`stems[i]`, its metadata.name). The files are written beside the MAS manifest, so a ref into
 * a folder keeps its name and loses its folder (the agency entry reports it).
 */
export function agentFileNames(doc: IrDocument, stems: readonly string[], links: LinkIndex = linkIndex(doc)): string[] {
  const byName = stems.map((n) => `${n}.yaml`);
  const ext = doc.extensions[MAS] ?? {};
  const stored = ext[agencyListAt(ext)];
  const own = links.own;
  if (!Array.isArray(stored) || own === undefined) return byName;
  const kept = own.map((j, i) => {
    const s = stored[j];
    const m = isObject(s) && typeof s["ref"] === "string" ? AGENT_FILE.exec(s["ref"]) : null;
    return m ? (m[1] as string) : (byName[i] as string);
  });
  const seen = new Set(kept.map((f) => f.toLowerCase()));
  return seen.size === kept.length ? kept : byName;
}

/** The sentence a link's doNotUseWhen becomes at the end of the delegate's spec.description (read back by system-parse). */
export const NOT_FOR = " Not for: ";

/** A link's routing text as one spec.description: useWhen, then doNotUseWhen as a "Not for: …" sentence. */
export function linkRoutingText(useWhen: string, doNotUseWhen: string | undefined): string {
  if (doNotUseWhen === undefined || doNotUseWhen.trim() === "") return useWhen;
  const head = useWhen.trimEnd();
  return `${head}${/[.!?]$/.test(head) || head === "" ? "" : "."}${NOT_FOR}${doNotUseWhen}`;
}

/** The first local link to agent `i` with a useWhen, in bundle order: the text its delegators read in a MAS app. */
export function incomingRouting(doc: IrDocument, i: number, links: LinkIndex = linkIndex(doc)): { text: string; parent: number; link: number } | undefined {
  return links.incoming(i);
}

/**
 * The text agent `i`'s spec.description will hold: its own routing description, else the useWhen
 * of the first link to it (the mas runtime gives every delegator's delegate_to_<id> tool this
 * text, as Caplo gives the parent's model useWhen), else its description, else its name.
 */
export function writtenDescription(doc: IrDocument, i: number, name: string, links: LinkIndex = linkIndex(doc)): string {
  const agent = doc.agents[i] as IrAgent;
  if (agent.routingDescription !== undefined && agent.routingDescription !== "") return agent.routingDescription;
  const incoming = incomingRouting(doc, i, links);
  if (incoming) return incoming.text;
  if (agent.description !== undefined && agent.description !== "") return agent.description;
  return agent.name ?? name;
}

export interface SystemResult {
  output: EmittedDocument;
  /** Agents written inline in the MAS manifest (no file of their own). */
  inline: Set<number>;
  diagnostics: Diagnostic[];
}

/**
 * `names[i]` is agent i's metadata.name, `files[i]` the name of its output
 * file, `documents[i]` its document (for an inline agency entry). With `nameOnly`, the result
 * holds only the manifest's name (the agents' diagnostics name it before it is written).
 */
export function emitSystem(doc: IrDocument, names: readonly string[], files: readonly string[], documents: readonly JsonObject[], links: LinkIndex = linkIndex(doc), nameOnly = false): SystemResult {
  const diagnostics: Diagnostic[] = [];
  const ext = doc.extensions[MAS] ?? {};
  // A value of a merged bundle is reported in the input it came from (IrDocument.extensionFiles), by the kept member it is in,
  // where that input holds it (a stash's, IrDocument.extensionPlaces).
  const source = (pointer: string, rel: string = pointer) => documentPlace(doc, MAS, rel, pointer.slice(rel.length));
  const used = new Set<string>();
  const listAt = agencyListAt(ext);
  used.add(listAt);
  let stored = ext[listAt];
  // The agents the ids of a list no longer written named, for the kept workflow's nodes and entry, which bind by them.
  let former: Map<string, number> | undefined;
  // The agents the kept list did not describe: another input's (--bundle) or added in another format.
  let joined: number[] = [];
  if (Array.isArray(stored) && stored.length !== doc.agents.length) {
    const n = stored.length;
    diagnostics.push(diagnostic("dropped-field", { value: dotted(listAt), carried: `lists ${n} agent${n === 1 ? "" : "s"} and the bundle now has ${doc.agents.length}; a new list is written`, rest: "the old list", target: LABEL }, { source: source(listAt), target: { format: MAS } }));
    const was = formerIds(doc, stored);
    former = was.ids;
    joined = doc.agents.map((_, i) => i).filter((i) => !was.listed.has(i));
    stored = undefined;
  }
  const storedList = Array.isArray(stored) ? stored : undefined;
  // Each agent's own entry (not the one at its index: a merged bundle has the inputs' order); set exactly when storedList is.
  const own = links.own;
  const entryOf = (i: number) => (own === undefined ? undefined : storedList?.[own[i] as number]);
  let fileName = "";
  const target = (pointer: string) => ({ format: MAS, file: fileName, pointer });

  // Agency entries, and the id each agent answers to in the workflow.
  const inline = new Set<number>();
  const entryIds = names.map((n, i) => {
    const s = entryOf(i);
    return isObject(s) && typeof s["id"] === "string" ? s["id"] : n;
  });
  // The kept list's order is the user's: the agency is written in it, whatever the bundle's order.
  const order = doc.agents.map((_, i) => i);
  if (own) order.sort((x, y) => (own[x] as number) - (own[y] as number));
  // Reported once the file's name is known (it comes from the workflow's entry, below).
  const movedRefs: { i: number; from: JsonValue | undefined; ref: string }[] = [];
  const agency: JsonValue[] = order.map((i, at) => {
    const s = entryOf(i);
    if (s === null) {
      inline.add(i);
      return cloneJson(documents[i] as JsonObject);
    }
    // The list's own spelling of the same file ("agent.yaml" or "./agent.yaml") is kept: a round trip must not edit it.
    const same = isObject(s) && (s["ref"] === files[i] || s["ref"] === `./${files[i]}`);
    const ref = same ? (s["ref"] as string) : `./${files[i]}`;
    const entry: JsonObject = { id: entryIds[i] as string, ref };
    if (isObject(s) && s["id"] === undefined) delete entry["id"];
    // Its place in the list written, which is its place in the kept list.
    if (isObject(s) && s["ref"] !== ref) movedRefs.push({ i: at, from: s["ref"], ref });
    return entry;
  });

  // The workflow: kept nodes first (their ids and settings), their delegates_to from the links.
  const byName = new Map<string, number>();
  names.forEach((n, i) => { if (!byName.has(n)) byName.set(n, i); });
  entryIds.forEach((n, i) => { if (!byName.has(n)) byName.set(n, i); });
  const keptNodes = Array.isArray(ext["/spec/workflow/nodes"]) ? ext["/spec/workflow/nodes"] : undefined;
  if (keptNodes) used.add("/spec/workflow/nodes");
  const kept = keptNodes ? keepNodes(keptNodes, byName, former, entryIds, source, diagnostics) : undefined;
  const nodes: JsonObject[] = kept ? kept.nodes : order.map((i) => ({ id: entryIds[i] as string }));
  const nodeOf = new Map<number, JsonObject>();
  for (const n of nodes) {
    const binding = typeof n["agent"] === "string" ? n["agent"] : n["id"];
    const i = typeof binding === "string" ? byName.get(binding) : undefined;
    if (i !== undefined && !nodeOf.has(i)) nodeOf.set(i, n);
  }
  const label = (i: number) => {
    const id = nodeOf.get(i)?.["id"];
    return typeof id === "string" ? id : (entryIds[i] as string);
  };
  const targeted = new Set<number>();
  order.forEach((i) => {
    const a = doc.agents[i] as IrAgent;
    const all = (a.subAgents ?? []).map((l) => links.target(l.local));
    // A spawned child is no root of the app either, though its template, not the workflow, names it.
    all.forEach((j) => j !== -1 && targeted.add(j));
    const to = all.filter((j, k) => j !== -1 && !links.spawned(i, k));
    if (to.length === 0) return;
    let node = nodeOf.get(i);
    if (!node) {
      node = { id: entryIds[i] as string };
      nodes.push(node);
      nodeOf.set(i, node);
    }
    node["delegates_to"] = to.map(label);
  });

  // An agent that joined the app (another input's, or one added elsewhere) is a node of its workflow,
  // as every agent is of a workflow written afresh; the kept nodes do not name it.
  if (kept) {
    for (const i of joined) {
      if (nodeOf.has(i)) continue;
      const node: JsonObject = { id: entryIds[i] as string };
      nodes.push(node);
      nodeOf.set(i, node);
    }
  }

  const roots = order.filter((i) => !targeted.has(i));
  const keptEntry = keptEntryOf(ext["/spec/workflow/entry"], nodes, nodeOf, byName, former, kept?.renamed, label, source, diagnostics);
  if (ext["/spec/workflow/entry"] !== undefined) used.add("/spec/workflow/entry");
  let entryIndex = roots[0] ?? 0;
  let entry: string;
  // The entry the document read names (doc.entry: an Agent Spec team's first agent) wins over a kept
  // one that names another agent: it is the document as the user left it (an edit of first_agent).
  const named = doc.entry === undefined ? -1 : links.target(doc.entry);
  if (keptEntry !== undefined && (named === -1 || keptEntry.index === named)) {
    entry = keptEntry.entry;
    entryIndex = keptEntry.index;
  } else if (named !== -1) {
    entryIndex = named;
    entry = label(entryIndex);
    if (keptEntry !== undefined) diagnostics.push(diagnostic("transformed-value", { value: dotted("/spec/workflow/entry"), shown: keptEntry.entry, became: `is written as "${entry}", the agent the document converted names its entry (its first agent or manager, edited since this value was kept): the edit wins` }, { source: source("/spec/workflow/entry"), target: { format: MAS, pointer: "/spec/workflow/entry" } }));
  } else entry = label(entryIndex);
  const entryKnown = keptEntry !== undefined || named !== -1;
  const stem = (names[entryIndex] ?? "agents").replace(/[/\\]+/g, "-");
  fileName = `${stem}-mas.yaml`;
  if (nameOnly) return { output: { name: fileName, format: MAS, document: {}, text: "" }, inline, diagnostics };
  // Those raised before the file had its name (it comes from the entry) are about it too.
  for (const d of diagnostics) if (d.target !== undefined && d.target.file === undefined) d.target = { ...d.target, file: fileName };
  for (const { i, from, ref } of movedRefs) {
    diagnostics.push(diagnostic("transformed-value", { value: dotted(`${listAt}/${i}/ref`), shown: from, became: `is written as "${ref}": agentport writes the agent files next to the MAS manifest` }, { source: source(`${listAt}/${i}/ref`, listAt), target: target(`${listAt}/${i}/ref`) }));
  }
  if (!entryKnown && roots.length !== 1) {
    const because = roots.length === 0
      ? "every agent is delegated to by another (a cycle), so the workflow has no natural entry"
      : `${roots.length} agents are delegated to by no other (${roots.map((i) => names[i]).join(", ")})`;
    diagnostics.push(diagnostic("defaulted-placeholder", { because, wrote: `spec.workflow.entry "${entry}", the first ${roots.length === 0 ? "agent" : "of them"}` }, {
      target: target("/spec/workflow/entry"),
      hint: "set spec.workflow.entry in the MAS manifest to the agent that should receive the user's request",
    }));
  }

  // The kept entry is the kept app's: an agent that joined the app and that nothing from the entry
  // delegates to is in the workflow, and no request reaches it.
  if (entryKnown && joined.length > 0) {
    const reached = reachable(doc, entryIndex, links);
    const apart = joined.filter((i) => !reached.has(i));
    if (apart.length > 0) {
      const them = apart.map((i) => `"${label(i)}"`).join(", ");
      const one = apart.length === 1;
      diagnostics.push(diagnostic("defaulted-placeholder", {
        because: `${them} joined the app (from another input than its workflow, or added in another format) and nothing the entry reaches delegates to ${one ? "it" : "them"}`,
        wrote: `spec.workflow.entry "${entry}", the ${keptEntry !== undefined && keptEntry.index === entryIndex ? "kept entry" : "entry the document converted names"}`,
        check: `${them} ${one ? "receives" : "receive"} no request (review)`,
      }, { target: target("/spec/workflow/entry"), hint: "set spec.workflow.entry, or a delegates_to of a node the entry reaches, so that each agent is reached" }));
    }
  }

  const workflow: JsonObject = { entry, nodes: nodes.map((n) => orderKeys(n, NODE_ORDER)) };
  const metadata: JsonObject = { name: `${stem}-mas` };
  const out: JsonObject = { apiVersion: "mas/v1", kind: "MAS", metadata, spec: {} };
  const spec = out["spec"] as JsonObject;
  const agencyHolder: JsonObject = {};
  if (listAt === "/spec/agents") spec["agents"] = agency;
  else {
    agencyHolder["agents"] = agency;
    spec["agency"] = agencyHolder;
  }
  spec["workflow"] = workflow;
  for (const rel of Object.keys(ext)) {
    if (used.has(rel)) continue;
    const tokens = parsePointer(rel);
    const value = cloneJson(ext[rel] as JsonValue);
    const [top, second, third] = tokens;
    let placed = false;
    if (tokens.length === 1 && top !== undefined && (TOP.includes(top) || top.startsWith("x-")) && top !== "spec") {
      setKey(out, top, value);
      placed = true;
    } else if (top === "spec" && tokens.length === 2 && second !== undefined && (SPEC.includes(second) || second.startsWith("x-")) && second !== "agency" && second !== "workflow") {
      setKey(spec, second, value);
      placed = true;
    } else if (top === "spec" && second === "workflow" && tokens.length === 3 && third !== undefined && WORKFLOW.includes(third)) {
      setKey(workflow, third, value);
      placed = true;
    } else if (top === "spec" && second === "agency" && tokens.length === 3 && third !== undefined && third !== "agents") {
      setKey(agencyHolder, third, value);
      placed = true;
    }
    if (!placed) diagnostics.push(diagnostic("dropped-field", { value: dotted(rel), aside: "not allowed there", target: `a ${LABEL} kind: MAS manifest` }, { source: source(rel), target: { format: MAS, file: fileName } }));
  }
  if (!isObject(out["metadata"]) || typeof out["metadata"]["name"] !== "string") out["metadata"] = metadata;
  out["metadata"] = orderKeys(out["metadata"] as JsonObject, METADATA);
  out["spec"] = orderKeys(spec, SPEC);
  (out["spec"] as JsonObject)["workflow"] = orderKeys(workflow, WORKFLOW);
  const document = orderKeys(out, TOP);
  dropInvalid(document, ext, source, fileName, diagnostics);
  return { output: { name: fileName, format: MAS, document, text: toYaml(document) }, inline, diagnostics };
}

type Place = (pointer: string, rel?: string) => { pointer: string; file?: string };

/** The agents a request entering agent `from` can reach, through its links and theirs (delegated or spawned). */
function reachable(doc: IrDocument, from: number, links: LinkIndex): Set<number> {
  const seen = new Set<number>([from]);
  const todo = [from];
  for (let i = todo.pop(); i !== undefined; i = todo.pop()) {
    for (const l of doc.agents[i]?.subAgents ?? []) {
      const j = links.target(l.local);
      if (j === -1 || seen.has(j)) continue;
      seen.add(j);
      todo.push(j);
    }
  }
  return seen;
}

/**
 * The agent each id of a kept agency list no longer written named (its entry's id, by the
 * evidence that ties agents to entries, pairEntries; and each agent's metadata.name as read), so
 * that the kept workflow, which binds its nodes by those ids, follows the agents to their new ones;
 * and the agents the list described (`listed`; the others joined the app: merged, or added).
 */
function formerIds(doc: IrDocument, stored: readonly JsonValue[]): { ids: Map<string, number>; listed: Set<number> } {
  const out = new Map<string, number>();
  const listed = new Set<number>();
  pairEntries(doc, stored, false).forEach((j, i) => {
    if (j !== -1) listed.add(i);
    const s = j === -1 ? undefined : stored[j];
    if (isObject(s) && typeof s["id"] === "string" && !out.has(s["id"])) out.set(s["id"], i);
  });
  doc.agents.forEach((a, i) => {
    if (a.id !== undefined && !out.has(a.id)) out.set(a.id, i);
  });
  return { ids: out, listed };
}

/**
 * The kept workflow nodes (copies), each bound to an agent written: a node bound by an id of the
 * list no longer written (`former`) is bound by the agent's new id (a node named by it is renamed,
 * `renamed`: old id → new), one bound to no agent of the bundle is left out. Both reported: a
 * MAS manifest whose node names no agent of its agency is refused by the mas runtime and by agentport.
 */
function keepNodes(kept: readonly JsonValue[], byName: ReadonlyMap<string, number>, former: ReadonlyMap<string, number> | undefined, entryIds: readonly string[], source: Place, diagnostics: Diagnostic[]): { nodes: JsonObject[]; renamed: Map<string, string> } {
  const nodes: JsonObject[] = [];
  const renamed = new Map<string, string>();
  const at = "/spec/workflow/nodes";
  kept.forEach((n, k) => {
    if (!isObject(n)) return;
    const node = cloneJson(n);
    const key = typeof node["agent"] === "string" ? "agent" : "id";
    const binding = node[key];
    if (typeof binding === "string" && byName.has(binding)) return void nodes.push(node);
    const i = typeof binding === "string" ? former?.get(binding) : undefined;
    const now = i === undefined ? undefined : entryIds[i];
    const id = node["id"];
    const clash = key === "id" && now !== undefined && (nodes.some((x) => x["id"] === now) || kept.some((x) => isObject(x) && x["id"] === now));
    if (now === undefined || clash) {
      diagnostics.push(diagnostic("dropped-field", { value: dotted(`${at}/${k}`), ...(typeof id === "string" ? { shown: id } : {}), aside: `bound to ${JSON.stringify(binding)}, which is no agent of the bundle written`, target: `a ${LABEL} kind: MAS manifest`, why: "whose workflow nodes name agents of its agency" }, { source: source(`${at}/${k}/${key}`, at), target: { format: MAS } }));
      return;
    }
    node[key] = now;
    if (key === "id" && typeof id === "string") renamed.set(id, now);
    diagnostics.push(diagnostic("transformed-value", { value: dotted(`${at}/${k}/${key}`), shown: binding as string, became: `is written as "${now}", the agent's id in the agency list written` }, { source: source(`${at}/${k}/${key}`, at), target: { format: MAS, pointer: `${at}/${nodes.length}/${key}` } }));
    nodes.push(node);
  });
  return { nodes, renamed };
}

/**
 * The kept workflow entry, as written, and the agent it enters (undefined: none is kept, or it
 * is left out): a node's id or an agent's; an id of the list no longer written follows its agent
 * (or its renamed node); one that names neither is left out, reported, and the entry derived.
 */
function keptEntryOf(kept: JsonValue | undefined, nodes: readonly JsonObject[], nodeOf: ReadonlyMap<number, JsonObject>, byName: ReadonlyMap<string, number>, former: ReadonlyMap<string, number> | undefined, renamed: ReadonlyMap<string, string> | undefined, label: (i: number) => string, source: Place, diagnostics: Diagnostic[]): { entry: string; index: number } | undefined {
  if (typeof kept !== "string") return undefined;
  const at = "/spec/workflow/entry";
  const indexOfNode = (id: string) => {
    for (const [i, n] of nodeOf) if (n["id"] === id) return i;
    return undefined;
  };
  const onNode = nodes.some((n) => n["id"] === kept);
  if (onNode || byName.has(kept)) return { entry: kept, index: (onNode ? indexOfNode(kept) : undefined) ?? byName.get(kept) ?? 0 };
  const now = renamed?.get(kept) ?? (former?.get(kept) === undefined ? undefined : label(former.get(kept) as number));
  if (now !== undefined) {
    diagnostics.push(diagnostic("transformed-value", { value: dotted(at), shown: kept, became: `is written as "${now}", the id its agent has in the MAS manifest written` }, { source: source(at), target: { format: MAS, pointer: at } }));
    return { entry: now, index: indexOfNode(now) ?? byName.get(now) ?? 0 };
  }
  diagnostics.push(diagnostic("dropped-field", { value: dotted(at), shown: kept, aside: "it names no node or agent of the bundle written", target: `a ${LABEL} kind: MAS manifest`, why: "whose entry is one of its agents" }, { source: source(at), target: { format: MAS } }));
  return undefined;
}

/** A kept member the schema rejects (a stash edited by hand) is taken out, and reported. */
function dropInvalid(document: JsonObject, ext: JsonObject, source: (p: string, rel?: string) => { pointer: string; file?: string }, file: string, diagnostics: Diagnostic[]): void {
  for (const issue of validateMas(document)) {
    const rel = Object.keys(ext).find((k) => issue.pointer === k || issue.pointer.startsWith(`${k}/`));
    if (rel === undefined) continue;
    const tokens = parsePointer(rel);
    let parent: JsonValue | undefined = document;
    for (const t of tokens.slice(0, -1)) parent = isObject(parent) ? parent[t] : undefined;
    const last = tokens[tokens.length - 1];
    if (!isObject(parent) || last === undefined || last === "agents" || last === "nodes" || last === "entry" || last === "name" || !(last in parent)) continue;
    delete parent[last];
    diagnostics.push(diagnostic("dropped-field", { value: dotted(rel), aside: `it does not conform to the schema: ${issue.message}`, target: `a ${LABEL} kind: MAS manifest` }, { source: source(rel), target: { format: MAS, file } }));
  }
}
