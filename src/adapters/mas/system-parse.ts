// mas/v1 kind: MAS → one IR bundle. The MAS manifest names the agents (files it
// references, or inline manifests) and the delegation graph; each agent is read
// with the kind: Agent parser, and each workflow delegates_to becomes a local
// link. Every MAS-level member with no IR counterpart is kept in the document's
// extensions.mas under its pointer in the MAS file, so MAS → mas gives it back.
import type { IrAgent, IrDocument, IrLink, IrSourcePlace } from "../../ir/model.js";
import { cloneJson, deepEqual, isObject, setKey, type JsonObject, type JsonValue } from "../../ir/json.js";
import { diagnostic, STASH_KEY, type Diagnostic, type ProblemCode } from "../../ir/diagnostics.js";
import { NO_FILE_ACCESS, type Problem } from "../../ir/payloads.js";
import { dotted, get, join } from "../../ir/pointer.js";
import { dirOf, isAbsolutePath, joinPath } from "../../ir/file-paths.js";
import { emitSystem, linkIndex, linkRoutingText, NOT_FOR } from "./system-emit.js";
import { slugKey, uniqueKeys } from "../../ir/slug.js";
import { parseText } from "../../text/parse.js";
import { mergeDocumentExtensions } from "../../ir/stash.js";
import type { ParseOptions, ReadFile } from "../types.js";
import { refusedDraft, type ParseDraft } from "../../ir/parse-phases.js";
import { readMasAgent, type MasAgentRead } from "./agent-parse.js";
import { MAS } from "./parse-context.js";
import { validateMasAgent } from "./validate.js";

/** Where the agent list sits: the long form, else the short form. */
export function agencyPointer(spec: JsonObject): "/spec/agency/agents" | "/spec/agents" | undefined {
  if (isObject(spec["agency"]) && Array.isArray(spec["agency"]["agents"])) return "/spec/agency/agents";
  if (Array.isArray(spec["agents"])) return "/spec/agents";
  return undefined;
}

/** The agent files a kind: MAS manifest lists (spec.agency.agents[].ref, or spec.agents[].ref). */
export function agentRefs(data: JsonObject): string[] {
  const spec = isObject(data["spec"]) ? data["spec"] : {};
  const at = agencyPointer(spec);
  const list = at === "/spec/agents" ? spec["agents"] : at ? (spec["agency"] as JsonObject)["agents"] : [];
  return Array.isArray(list) ? list.flatMap((e) => (isObject(e) && typeof e["ref"] === "string" ? [e["ref"]] : [])) : [];
}

/**
 * A ref as a clean path relative to the MAS folder ("./a/../b.yaml" → "b.yaml", "../agents/a.yaml"
 * stays): an app's MAS manifest may name agents beside its folder. Whether a path may be read at
 * all is the file reader's decision (the Node side confines it to a root); undefined for an
 * absolute path or one that names no file.
 */
export function relPath(ref: string, base = ""): string | undefined {
  if (isAbsolutePath(ref)) return undefined;
  const path = joinPath(base, ref);
  return path === "" || path === ".." || path.endsWith("/..") ? undefined : path;
}

interface Member {
  agent: IrAgent;
  /** The pointer of its agency entry in the MAS file. */
  at: string;
  /**
   * Its spec.description as the file states it (and where, relative to the agent), before the hub's
   * restore: what every delegator of the app reads to choose it, whatever the stash did with it (a
   * home without a routing text takes it away, `absent`, or moves it to another field).
   */
  routing?: { text: string; at: string };
}

/** An agent of the MAS read (from its file, or inline), before the hub restores its stash. */
interface Listed {
  read: MasAgentRead;
  /** The manifest it was read from, as the stash guards compare it. */
  data: JsonObject;
  /** The pointer of its agency entry in the MAS file. */
  at: string;
  /** Where in the MAS manifest's diagnostics its own go (after those of the entries before it). */
  mark: number;
  /** One of its diagnostics (its manifest's, then its restore's) as the MAS manifest reports it. */
  place(d: Diagnostic): Diagnostic;
  /** An inline agent's origin is its entry in the MAS file (set once restored: its manifest is the entry). */
  inline?: true;
}

/**
 * Reads every agent the MAS lists; once the hub restored their stashes (a key, links with the
 * settings a MAS cannot hold), assemble names them and links the workflow to them.
 */
export function parseMasSystem(data: JsonObject, options: ParseOptions): ParseDraft {
  const diagnostics: Diagnostic[] = [];
  const masFile = options.file;
  const inMas = (pointer: string) => (masFile === undefined ? { pointer } : { file: masFile, pointer });
  const error = (code: ProblemCode, pointer: string, problem: Problem, hint?: string) =>
    diagnostics.push(diagnostic(code, problem, { source: inMas(pointer), ...(hint ? { hint } : {}) }));
  const spec = isObject(data["spec"]) ? data["spec"] : {};
  const listAt = agencyPointer(spec);
  const list = listAt === "/spec/agents" ? (spec["agents"] as JsonValue[]) : listAt ? ((spec["agency"] as JsonObject)["agents"] as JsonValue[]) : [];
  if (listAt === undefined || list.length === 0) {
    error("unsupported-document", "/spec", { problem: "this kind: MAS manifest lists no agents (spec.agency.agents), so there is nothing to convert" });
    return refusedDraft(diagnostics);
  }

  const listed: Listed[] = [];
  list.forEach((entry, i) => {
    const at = `${listAt}/${i}`;
    if (!isObject(entry)) return;
    const got = typeof entry["ref"] === "string" ? readAgentFile(entry["ref"], `${at}/ref`, options, diagnostics, error) : inlineAgent(entry, at, options, diagnostics, error);
    if (got) listed.push(got);
  });
  return {
    agents: listed.map((l) => ({ agent: l.read.agent, document: () => l.data })),
    assemble(restored) {
      // Each agent's diagnostics where it was read, among the MAS manifest's (from the last, so the marks before stay).
      for (let i = listed.length - 1; i >= 0; i--) {
        const l = listed[i] as Listed;
        diagnostics.splice(l.mark, 0, ...[...l.read.diagnostics, ...(restored[i]?.diagnostics ?? [])].map(l.place));
      }
      if (diagnostics.some((d) => d.severity === "error")) return { diagnostics };
      const members: Member[] = listed.map((l, i) => {
        const agent = restored[i]?.agent;
        if (agent === undefined) throw new Error("internal: the hub restored no agent of a MAS manifest's agency");
        if (l.inline) agent.origin.pointer = l.at;
        const text = l.read.agent.routingDescription;
        const place = l.read.agent.sourceMap["/routingDescription"];
        return { agent, at: l.at, ...(text === undefined || place === undefined ? {} : { routing: { text, at: place } }) };
      });
      // Keys: a key a stash brought back wins (it is the original bundle key), else the slugged metadata.name.
      const keys = uniqueKeys(members.map((m) => m.agent.key ?? slugKey(m.agent.id ?? m.agent.name ?? "agent")));
      members.forEach((m, i) => (m.agent.key = keys[i] as string));

      const extensions: JsonObject = {};
      keepMasMembers(data, spec, listAt, list, extensions);
      const entered = linkWorkflow(spec, list, listAt, members, error, inMas, (d) => diagnostics.push(d));
      if (diagnostics.some((d) => d.severity === "error")) return { diagnostics };

      const doc: IrDocument = { format: MAS, bundle: true, agents: members.map((m) => m.agent), extensions: { [MAS]: extensions } };
      // Document-level values the agents' stashes bring back (a split bundle's, e.g. Caplo's apiVersion).
      for (const r of restored) mergeDocumentExtensions(doc.extensions, r.document);
      dropDerived(doc, extensions);
      // Set after dropDerived, which derives the entry as a way back without it would (through AgentMug files).
      if (entered?.key !== undefined) doc.entry = entered.key;
      if (masFile !== undefined) doc.file = masFile;
      return { doc, diagnostics };
    },
  };
}

type ErrorAt = (code: ProblemCode, pointer: string, problem: Problem, hint?: string) => void;

function readAgentFile(ref: string, refAt: string, options: ParseOptions, diagnostics: Diagnostic[], error: ErrorAt): Listed | undefined {
  const path = relPath(ref);
  if (!options.readFile) {
    error("ref-not-found", refAt, { problem: `the agent file ${ref} cannot be read without file access` }, NO_FILE_ACCESS);
    return undefined;
  }
  const got = options.readFile(ref);
  if (!got.ok) {
    error(got.code, refAt, { problem: got.message });
    return undefined;
  }
  const file = path ?? ref;
  const parsed = options.parseFile ? options.parseFile(got.text, file) : parseText(got.text, file);
  if (parsed.data === undefined) {
    diagnostics.push(...parsed.diagnostics);
    return undefined;
  }
  const data = parsed.data;
  if (!isObject(data) || data["apiVersion"] !== "mas/v1" || data["kind"] !== "Agent") {
    error("invalid-input", refAt, { subject: file, problem: "not a mas/v1 kind: Agent manifest" });
    return undefined;
  }
  if (!checkAgent(data, { file, ref: refAt, locate: parsed.locate }, refAt, options, error, diagnostics)) return undefined;
  // The agent's own references (prompt files, tool manifests) are relative to its folder.
  const base = dirOf(file);
  const readFile: ReadFile = (p) => {
    // An absolute path goes to the reader as written (it refuses it unless allowed).
    const inner = relPath(p, base);
    if (inner === undefined && !p.startsWith("/")) return { ok: false, code: "ref-not-found", message: `${p} (in ${file}) names no file` };
    // The reader gets the path from the MAS manifest's folder; its messages quote the agent file's own reference.
    return (options.readFile as ReadFile)(inner ?? p, inner === undefined || inner === p ? undefined : { ref: p, file });
  };
  const read = readMasAgent(data, { file, readFile, ...(options.lenient ? { lenient: true } : {}), ...(parsed.keyOrder ? { keyOrder: parsed.keyOrder } : {}) });
  if (read === undefined) return undefined;
  // The hub locates line and column in the MAS file only; this file's positions are found here.
  const place = (d: Diagnostic): Diagnostic => {
    if (d.source && d.source.file === file && d.source.line === undefined) {
      const pos = parsed.locate(d.source.pointer);
      if (pos) d.source = { ...d.source, ...pos };
    }
    return d;
  };
  return { read, data, at: refAt.slice(0, -"/ref".length), mark: diagnostics.length, place };
}

function inlineAgent(entry: JsonObject, at: string, options: ParseOptions, diagnostics: Diagnostic[], error: ErrorAt): Listed | undefined {
  const data: JsonObject = { apiVersion: "mas/v1", ...cloneJson(entry) };
  if (!checkAgent(data, undefined, at, options, error, diagnostics)) return undefined;
  const keyOrder = options.keyOrder;
  const read = readMasAgent(data, { ...(options.file === undefined ? {} : { file: options.file }), ...(options.readFile ? { readFile: options.readFile } : {}), ...(options.lenient ? { lenient: true } : {}), ...(keyOrder ? { keyOrder: (p: string) => keyOrder(at + p) } : {}) });
  if (read === undefined) return undefined;
  // Parsed as a document of its own: its pointers gain the entry's place in the MAS file.
  const place = (d: Diagnostic): Diagnostic => (d.source && d.source.file === options.file ? { ...d, source: { ...d.source, pointer: at + d.source.pointer } } : d);
  return { read, data, at, mark: diagnostics.length, place, inline: true };
}

/** An agent file read through a MAS manifest's ref: its problems are located in that file, at the value. */
interface AgentFile {
  file: string;
  /** The pointer of the ref in the MAS manifest, which messages name. */
  ref: string;
  locate: (pointer: string) => { line: number; column: number } | undefined;
}

function checkAgent(data: JsonObject, read: AgentFile | undefined, at: string, options: ParseOptions, error: ErrorAt, diagnostics: Diagnostic[]): boolean {
  const issues = validateMasAgent(data);
  const code = options.lenient ? "lenient-input" : "invalid-input";
  const hint = options.lenient ? undefined : "fix the agent manifest, or convert with --lenient to read it as written";
  for (const issue of issues) {
    if (read === undefined) {
      error(code, at + issue.pointer, { subject: "mas/v1", problem: issue.message }, hint);
      continue;
    }
    const pos = read.locate(issue.pointer);
    const through = options.file === undefined ? `the MAS manifest's ${dotted(read.ref)}` : `${options.file}'s ${dotted(read.ref)}`;
    diagnostics.push(diagnostic(code, { subject: "mas/v1", problem: `${issue.message} (an agent read through ${through})` }, { source: { file: read.file, pointer: issue.pointer, ...(pos ?? {}) }, ...(hint ? { hint } : {}) }));
  }
  return options.lenient === true || issues.length === 0;
}

/**
 * Binds each workflow node to an agent (node.agent, else node.id, matched against metadata.name or
 * the agency entry id), links the agents by the nodes' delegates_to, and returns the agent the
 * workflow's entry names (a node's or an agent's), if any.
 */
function linkWorkflow(spec: JsonObject, list: JsonValue[], listAt: string, members: Member[], error: ErrorAt, inMas: (pointer: string) => IrSourcePlace, report: (d: Diagnostic) => void): IrAgent | undefined {
  const workflow = isObject(spec["workflow"]) ? spec["workflow"] : {};
  const nodes = Array.isArray(workflow["nodes"]) ? workflow["nodes"] : [];
  const byName = new Map<string, IrAgent>();
  for (const m of members) if (m.agent.id !== undefined && !byName.has(m.agent.id)) byName.set(m.agent.id, m.agent);
  const routingOf = new Map(members.map((m) => [m.agent, m.routing]));
  const keys = new Set(members.flatMap((m) => (m.agent.key === undefined ? [] : [m.agent.key])));
  for (const m of members) {
    const entry = list[Number(m.at.slice(listAt.length + 1))];
    const id = isObject(entry) ? entry["id"] : undefined;
    if (typeof id === "string" && !byName.has(id)) byName.set(id, m.agent);
  }
  const { byNode, issues } = bindWorkflow(nodes, byName);
  for (const issue of issues) error("invalid-input", issue.pointer, issue.problem);
  const links = new Map<IrAgent, IrLink[]>();
  // Where each link was written: its delegates_to entry in this file, and the child's spec.description its useWhen came from.
  const written = new Map<IrAgent, Written[]>();
  // Each delegator's node where the links a stash brought back were written: its first that lists delegates, else its first.
  const nodeOf = new Map<IrAgent, number>();
  const listing = new Set<IrAgent>();
  nodes.forEach((n, i) => {
    const parent = isObject(n) && typeof n["id"] === "string" ? byNode.get(n["id"]) : undefined;
    if (parent === undefined || listing.has(parent)) return;
    if (!nodeOf.has(parent) || (isObject(n) && Array.isArray(n["delegates_to"]))) nodeOf.set(parent, i);
    if (isObject(n) && Array.isArray(n["delegates_to"])) listing.add(parent);
  });
  nodes.forEach((n, i) => {
    if (!isObject(n) || !Array.isArray(n["delegates_to"])) return;
    const parent = typeof n["id"] === "string" ? byNode.get(n["id"]) : undefined;
    if (!parent) return;
    n["delegates_to"].forEach((t, j) => {
      const child = typeof t === "string" ? (byNode.get(t) ?? byName.get(t)) : undefined;
      if (!child) return;
      const link: IrLink = { local: child.key as string };
      // The delegate's spec.description as the file states it: a link the stash holds no settings for
      // (added, or to a renamed agent) reads it as the mas runtime does, though the restore took the
      // agent's routing text away (its home had none: the text was the link's).
      const routing = routingOf.get(child);
      if (routing !== undefined) Object.assign(link, splitRouting(routing.text));
      // Appended in place: a copy per entry was quadratic in a node that delegates to every agent.
      const own = links.get(parent);
      if (own === undefined) links.set(parent, [link]);
      else own.push(link);
      const description = routing?.at;
      const place = { link: inMas(`/spec/workflow/nodes/${i}/delegates_to/${j}`), ...(description === undefined ? {} : { useWhen: inFileOf(child, description) }) };
      const placed = written.get(parent);
      if (placed === undefined) written.set(parent, [place]);
      else placed.push(place);
    });
  });
  for (const m of members) {
    const node = nodeOf.get(m.agent);
    const at = node === undefined ? "/spec/workflow/nodes" : `/spec/workflow/nodes/${node}/delegates_to`;
    relink(m.agent, links.get(m.agent) ?? [], written.get(m.agent) ?? [], (k) => inMas(node === undefined ? at : `${at}/${k}`), keys, report);
  }
  routeAsEdited(members.map((m) => m.agent), report);
  const entry = workflow["entry"];
  return typeof entry === "string" ? (byNode.get(entry) ?? byName.get(entry)) : undefined;
}

/**
 * A delegate's spec.description is the routing text of the first link to it (the emitter writes
 * that link's useWhen, and doNotUseWhen as "Not for: …", there: writtenDescription): edited, the
 * edit is what every delegator's model reads, so that link takes it, though the stash brought the
 * link's old text back (relink). Said at the description; the stash's text stays in the file.
 */
function routeAsEdited(agents: readonly IrAgent[], report: (d: Diagnostic) => void): void {
  const first = new Map<string, { parent: IrAgent; n: number }>();
  for (const parent of agents) (parent.subAgents ?? []).forEach((l, n) => {
    if (l.local !== undefined && l.spawn === undefined && l.useWhen !== undefined && l.useWhen !== "" && !first.has(l.local)) first.set(l.local, { parent, n });
  });
  for (const child of agents) {
    const text = child.routingDescription;
    const at = child.key === undefined ? undefined : first.get(child.key);
    if (text === undefined || text === "" || at === undefined) continue;
    const link = (at.parent.subAgents as IrLink[])[at.n] as IrLink;
    if (linkRoutingText(link.useWhen as string, link.doNotUseWhen) === text) continue;
    const read = splitRouting(text);
    link.useWhen = read.useWhen as string;
    if (read.doNotUseWhen === undefined) delete link.doNotUseWhen;
    else link.doNotUseWhen = read.doNotUseWhen;
    const where = child.sourceMap["/routingDescription"];
    const source = where === undefined ? undefined : inFileOf(child, where);
    const whose = at.parent.key ?? at.parent.id ?? "its delegator";
    report(diagnostic("transformed-value", { value: "spec.description", shown: text, became: `is read as the routing text of "${whose}"'s link to "${child.key ?? child.id ?? "it"}" (useWhen${read.doNotUseWhen === undefined ? "" : ", and doNotUseWhen after \"Not for:\""}), as edited: the link's text ${STASH_KEY} kept is not restored` }, source ? { source } : {}));
  }
}

/** Where a link of the workflow was written: its delegates_to entry, and the child's spec.description its useWhen came from. */
interface Written {
  link: IrSourcePlace;
  useWhen?: IrSourcePlace;
}

/**
 * The links of `agent`: those of the workflow (`fromWorkflow`, read at `places`), each with the
 * settings a MAS cannot hold (useWhen, doNotUseWhen, mode, release) that the hub's stash brought
 * back for a link to the same target. A mas agent file read alone has no links, so the stash holds
 * them as one whole /subAgents list, which no guard of the file can check: the workflow is what
 * the user edits. A link is identified by its target (its local key), not its index, so removing,
 * adding, reordering or retargeting one delegates_to entry costs only that entry's settings, and
 * one stash-stale warning at the entry as written (`entryAt`: the k-th delegates_to entry of the
 * delegator's node) says what. The workflow's order wins for the links it writes; the stash's
 * other links (external ones, a sub-agent tool's templates) keep their places. See
 * docs/decisions.md ("session 12: a MAS app's links are their targets").
 */
function relink(agent: IrAgent, fromWorkflow: readonly IrLink[], places: readonly Written[], entryAt: (k: number) => IrSourcePlace, keys: ReadonlySet<string>, report: (d: Diagnostic) => void): void {
  const stashed = agent.subAgents;
  if (stashed === undefined) {
    if (fromWorkflow.length === 0) return;
    agent.subAgents = [...fromWorkflow];
    const outside: Record<string, IrSourcePlace> = { ...agent.origin.outside };
    places.forEach((p, n) => placeLink(outside, n, p, true));
    agent.origin.outside = outside;
    return;
  }
  // The stash's links the emitter wrote as delegates_to entries, in that order: local, and no sub-agent tool's template.
  const delegated = stashed.flatMap((l, n) => (l.local !== undefined && l.spawn === undefined ? [n] : []));
  // Each workflow link's stashed link: the first one to the same target not taken yet (-1: a link the edit added).
  const taken = new Set<number>();
  const match = fromWorkflow.map((w) => {
    const n = delegated.find((d) => !taken.has(d) && stashed[d]?.local === w.local);
    if (n === undefined) return -1;
    taken.add(n);
    return n;
  });
  // A delegate renamed (its file, metadata.name, agency id and delegates_to entry together, verify trial 16 N5): the
  // entry at k names a target no stashed link has, the stashed link written at k names one that is no agent of the
  // app now, and the new target's spec.description says the stashed link's routing text unedited. It is that link,
  // renamed: it keeps every setting the stash held for it (mode, release), its target the rename's.
  const renamed = new Set<number>();
  fromWorkflow.forEach((w, k) => {
    const n = delegated[k];
    if (match[k] !== -1 || n === undefined || taken.has(n)) return;
    const was = stashed[n] as IrLink;
    if (was.local === undefined || keys.has(was.local) || w.useWhen === undefined || w.useWhen !== was.useWhen || w.doNotUseWhen !== was.doNotUseWhen) return;
    match[k] = n;
    taken.add(n);
    renamed.add(k);
  });
  // The workflow's links fill the places the delegated links held, in the workflow's order; more of them go last.
  const out: IrLink[] = [];
  const from: (number | undefined)[] = [];
  let next = 0;
  const take = () => {
    const w = next++;
    const n = match[w] as number;
    out.push(n === -1 ? (fromWorkflow[w] as IrLink) : renamed.has(w) ? { ...(stashed[n] as IrLink), local: (fromWorkflow[w] as IrLink).local as string } : (stashed[n] as IrLink));
    from.push(w);
  };
  stashed.forEach((l, n) => {
    if (!delegated.includes(n)) {
      out.push(l);
      from.push(undefined);
    } else if (next < fromWorkflow.length) take();
  });
  while (next < fromWorkflow.length) take();
  // A stashed link the workflow no longer names: the edit wins, and what its settings were is said where it was written.
  delegated.forEach((n, k) => {
    if (taken.has(n)) return;
    const link = stashed[n] as IrLink;
    // The entry written at k now names another target (retargeted, an agent renamed) or is gone (removed; later ones moved up).
    const removed = k >= fromWorkflow.length || match[k] !== -1;
    // Retargeted, the link there now reads its settings from the workflow (the delegate's spec.description):
    // one it says as the stash did is no loss (an agent renamed keeps its routing text).
    const now = removed ? undefined : (fromWorkflow[k] as IrLink);
    const lost = (Object.keys(link) as (keyof IrLink)[]).filter((f) => f !== "local" && (now === undefined || !deepEqual(now[f], link[f]))).map((f) => dotted(`/subAgents/${n}/${f}`));
    if (lost.length === 0) return;
    const file = agent.origin.file === undefined ? "" : ` of ${agent.origin.file}`;
    const source = entryAt(k);
    report(diagnostic("stash-stale", { value: dotted(source.pointer), entries: lost, ...(removed ? { removed: true as const } : {}) }, { source, hint: `the originals are still in ${STASH_KEY}${file}: undo the edit to get them back` }));
  });
  // An empty list the stash brought back is the source's own (Caplo `subAgents: []`); one the edit emptied is gone.
  if (out.length === 0 && stashed.length > 0) {
    delete agent.subAgents;
    return;
  }
  agent.subAgents = out;
  // One copy of the agent's places for all its links (a copy per link was quadratic in an entry that delegates to every agent).
  const outside: Record<string, IrSourcePlace> = { ...agent.origin.outside };
  from.forEach((w, n) => {
    if (w !== undefined) placeLink(outside, n, places[w] as Written, match[w] === -1);
  });
  agent.origin.outside = outside;
  // Each stashed link's placement hint (an external link's remote component in its home document, at
  // /subAgents/<n>) follows the link to its index now; a link gone, or one the edit added, has none.
  // (Indexed once: an indexOf per link was quadratic in a manager of many links.)
  const stashedAt = new Map<IrLink, number>();
  stashed.forEach((l, n) => {
    if (!stashedAt.has(l)) stashedAt.set(l, n);
  });
  const was = out.map((l, n) => {
    const w = from[n];
    if (w === undefined) return stashedAt.get(l) ?? -1;
    return match[w] === -1 ? -1 : (match[w] as number);
  });
  followLinks(agent, was);
}

/**
 * Renumbers the agent's home placement hints of its links (`/subAgents/<i>…`) to the links read now:
 * `was[n]` is the stashed index of link n (-1: no stashed link). A link to a served agent is placed
 * by its hint (an Agent Spec A2AAgent's name, description and connection are kept at its component's
 * place): left at the old index, it described whichever link moved there, or none (user trial 16 F5).
 */
function followLinks(agent: IrAgent, was: readonly number[]): void {
  const map = agent.home?.sourceMap;
  if (map === undefined || was.every((i, n) => i === n)) return;
  const to = new Map<number, number>();
  was.forEach((i, n) => {
    if (i !== -1) to.set(i, n);
  });
  const next: Record<string, string> = {};
  for (const [k, v] of Object.entries(map)) {
    const m = /^\/subAgents\/(0|[1-9][0-9]*)(\/.*)?$/.exec(k);
    if (m === null) {
      next[k] = v;
      continue;
    }
    const n = to.get(Number(m[1]));
    if (n !== undefined) next[`/subAgents/${n}${m[2] ?? ""}`] = v;
  }
  (agent.home as { sourceMap: Record<string, string> }).sourceMap = next;
}

/** Records where link `n` of the agent was written (IrOrigin.outside); its useWhen too when the workflow's reading gave it (`own`). */
function placeLink(outside: Record<string, IrSourcePlace>, n: number, p: Written, own: boolean): void {
  outside[`/subAgents/${n}`] = p.link;
  if (own && p.useWhen) outside[`/subAgents/${n}/useWhen`] = p.useWhen;
}

/**
 * The mas runtime's rules for a workflow (node.agent, else node.id, names an agent by its
 * metadata.name or agency id; a delegates_to entry names a node or an agent): each node's agent
 * (`byName`: the agents by those names), and what breaks the rules. The parse refuses such a
 * manifest, and the emitter's output check (checkMasOutput) holds what it wrote to them.
 */
export function bindWorkflow<T>(nodes: readonly JsonValue[], byName: ReadonlyMap<string, T>): { byNode: Map<string, T>; issues: { pointer: string; problem: Problem }[] } {
  const byNode = new Map<string, T>();
  const issues: { pointer: string; problem: Problem }[] = [];
  nodes.forEach((n, i) => {
    if (!isObject(n) || typeof n["id"] !== "string") return;
    const binding = typeof n["agent"] === "string" ? n["agent"] : n["id"];
    const agent = byName.get(binding);
    if (agent === undefined) {
      issues.push({ pointer: `/spec/workflow/nodes/${i}/${typeof n["agent"] === "string" ? "agent" : "id"}`, problem: { problem: `workflow node "${String(n["id"])}" is bound to "${binding}", which is no agent of this MAS (no metadata.name or agency id)` } });
      return;
    }
    byNode.set(n["id"], agent);
  });
  nodes.forEach((n, i) => {
    if (!isObject(n) || !Array.isArray(n["delegates_to"])) return;
    if (typeof n["id"] !== "string" || !byNode.has(n["id"])) return;
    n["delegates_to"].forEach((t, j) => {
      if (typeof t === "string" && (byNode.has(t) || byName.has(t))) return;
      issues.push({ pointer: `/spec/workflow/nodes/${i}/delegates_to/${j}`, problem: { subject: `spec.workflow.nodes[${i}].delegates_to`, problem: `${JSON.stringify(t)} is no node or agent of this MAS` } });
    });
  });
  return { byNode, issues };
}

/** A pointer relative to an agent, as a place in that agent's own file. */
function inFileOf(agent: IrAgent, rel: string): IrSourcePlace {
  const pointer = agent.origin.pointer + rel;
  return agent.origin.file === undefined ? { pointer } : { file: agent.origin.file, pointer };
}

/** A delegate's spec.description as a link's routing text: a trailing "Not for: …" sentence (agentport's own writing) is the doNotUseWhen. */
function splitRouting(text: string): Pick<IrLink, "useWhen" | "doNotUseWhen"> {
  const at = text.lastIndexOf(NOT_FOR);
  const head = at === -1 ? "" : text.slice(0, at);
  const tail = at === -1 ? "" : text.slice(at + NOT_FOR.length);
  if (head.trim() === "" || tail.trim() === "") return { useWhen: text };
  return { useWhen: head, doNotUseWhen: tail };
}

/**
 * MAS-level members: one extension entry per top-level member (per workflow
 * member for the workflow). The agency list is kept whole (its refs are the file
 * layout), the nodes without their delegates_to lists (those are the links).
 */
function keepMasMembers(data: JsonObject, spec: JsonObject, listAt: string, list: JsonValue[], into: JsonObject): void {
  for (const key of Object.keys(data)) {
    if (key === "apiVersion" || key === "kind" || key === "spec") continue;
    setKey(into, join("", key), cloneJson(data[key] as JsonValue));
  }
  // Inline agents are agents of the bundle; their place in the list is kept as null.
  setKey(into, listAt, list.map((e) => (isObject(e) && typeof e["ref"] === "string" ? cloneJson(e) : null)));
  for (const key of Object.keys(spec)) {
    const v = spec[key] as JsonValue;
    if (key === "agents" && listAt === "/spec/agents") continue;
    if (key === "agency" && isObject(v)) {
      for (const k of Object.keys(v)) if (!(k === "agents" && listAt === "/spec/agency/agents")) setKey(into, join("/spec/agency", k), cloneJson(v[k] as JsonValue));
      continue;
    }
    if (key === "workflow" && isObject(v)) {
      for (const k of Object.keys(v)) {
        const w = v[k] as JsonValue;
        if (k === "nodes" && Array.isArray(w)) {
          setKey(into, "/spec/workflow/nodes", w.map((n) => {
            if (!isObject(n)) return cloneJson(n);
            const copy = cloneJson(n);
            if (Array.isArray(copy["delegates_to"]) && copy["delegates_to"].length > 0) delete copy["delegates_to"];
            return copy;
          }));
        } else setKey(into, join("/spec/workflow", k), cloneJson(w));
      }
      continue;
    }
    setKey(into, join("/spec", key), cloneJson(v));
  }
}

/**
 * Members equal to what the emitter derives from the bundle (a MAS manifest
 * agentport wrote: its name, refs, entry and plain nodes) carry no information
 * of their own: not keeping them spares other formats a report of their loss.
 */
function dropDerived(doc: IrDocument, kept: JsonObject): void {
  const probe: IrDocument = { ...doc, extensions: { ...doc.extensions, [MAS]: {} } };
  delete probe.entry;
  const links = linkIndex(probe);
  if (!links.system) return;
  const names = doc.agents.map((a) => (a.id ?? a.key ?? "agent").replace(/[/\\]+/g, "-"));
  const derived = emitSystem(probe, names, names.map((n) => `${n}.yaml`), names.map(() => ({})), links).output.document;
  const strip = (v: JsonValue | undefined) => (Array.isArray(v) ? v.map((n) => {
    if (!isObject(n)) return n;
    const c = cloneJson(n);
    if (Array.isArray(c["delegates_to"]) && c["delegates_to"].length > 0) delete c["delegates_to"];
    return c;
  }) : v);
  // The short form (spec.agents) is a spelling of its own, kept. The entry goes only with the nodes its label comes from.
  // An app of one agent keeps its list, derived or not: no link marks it as an app, and through a format of one agent
  // per file (AgentMug) the stash carries the list, by which the way back writes the app again (LinkIndex.system).
  for (const rel of ["/metadata", "/spec/agency/agents", "/spec/workflow/nodes", "/spec/workflow/entry"]) {
    if (!Object.prototype.hasOwnProperty.call(kept, rel)) continue;
    if (rel === "/spec/agency/agents" && doc.agents.length === 1) continue;
    if (rel === "/spec/workflow/entry" && Object.prototype.hasOwnProperty.call(kept, "/spec/workflow/nodes")) continue;
    const value = rel === "/spec/workflow/nodes" ? strip(get(derived, rel) as JsonValue | undefined) : get(derived, rel);
    if (deepEqual(kept[rel], value)) delete kept[rel];
  }
}
