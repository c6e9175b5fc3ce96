// Agent Spec document → IR. References are resolved first (refs.ts); every
// object keeps the pointer it was read from, so a component shared by several
// agents (one llm_config for a whole Swarm) is reported at its one definition.
// Agents sit at their own pointer inside the document, but their IR origin is
// the document root: an agent's values may live outside its subtree (in an
// ancestor's $referenced_components), so every source-map entry and extension
// key is an absolute pointer, and sourceMap[""] names the agent's component.
import type { ParseOptions } from "../types.js";
import { refusedDraft, type ParseDraft } from "../../ir/parse-phases.js";
import type { IrAgent, IrDocument, IrLink, IrTool } from "../../ir/model.js";
import { keepExtension, mapSource, newAgent } from "../../ir/agent.js";
import { cloneJson, isObject, setKey, type JsonObject, type JsonValue } from "../../ir/json.js";
import { dotted, get, join, unescapeToken } from "../../ir/pointer.js";
import { diagnostic, type Diagnostic } from "../../ir/diagnostics.js";
import { mergeDocumentExtensions } from "../../ir/stash.js";
import { slugKey, uniqueKeys } from "../../ir/slug.js";
import { homeOrder } from "../../ir/merge.js";
import { keptRef, resolveRefs, REF, REFS, type Resolved } from "./refs.js";
import { withSupplied } from "./supplied.js";
import { closest } from "../../text/closest.js";
import { parseLlm } from "./llm.js";
import { keepDeep, keepMembers, withoutStashes } from "./fields.js";
import { parseTool } from "./tools.js";
import { SLOT } from "./slot.js";
import { relinkStash, reseatStash } from "./link-guards.js";
import { readWritten } from "../../ir/stash-guard.js";
// Read at a call, not at load: the registry imports this adapter.
import { adapterFor } from "../registry.js";
import { FORMAT, LABEL, REMOTE_AGENTS, STASH_MEMBER, WRITE_VERSION } from "./spec.js";
import { propertyToParameter, AGENTSPEC_PLACEHOLDERS } from "./parameters.js";

interface Ctx {
  res: Resolved;
  /** The input as written (references unresolved): values kept as they are keep their references. */
  data: JsonObject;
  /** Definitions read into the IR (an agent, its llm_config, a tool): written again from the IR. */
  consumed: Set<string>;
  file?: string;
  diagnostics: Diagnostic[];
  docExt: JsonObject;
  /** Unresolved references (outside sight excepted) by pointer: the id, and one near it the document defines. */
  unresolved: Map<string, { id: string; near?: string }>;
  /** Pointers of unresolved references an agent's IR holds as unresolved (origin.unresolved): the target says them. */
  said: Set<string>;
}

function src(ctx: Ctx, pointer: string): { pointer: string; file?: string } {
  return ctx.file === undefined ? { pointer } : { file: ctx.file, pointer };
}

function pointerOf(ctx: Ctx, v: JsonValue, fallback: string): string {
  return isObject(v) ? (ctx.res.at.get(v) ?? fallback) : fallback;
}

/** Keeps a document-level value (a ManagerWorkers' or Swarm's own members) under its pointer, member by member. */
function keepDoc(ctx: Ctx, pointer: string, v: JsonValue): void {
  if (isObject(v) && Object.keys(v).length > 0) {
    for (const k of Object.keys(v)) keepDoc(ctx, join(pointer, k), v[k] as JsonValue);
    return;
  }
  setKey(ctx.docExt, pointer, cloneJson(v));
}

/** Why a reference that names no component it can see is a mistake the document shows: its id is defined out of its sight; undefined: it may name another file's. */
function outOfSight(id: string, res: Resolved): string | undefined {
  const elsewhere = res.defined.find((d) => d.id === id);
  if (elsewhere === undefined) return undefined;
  const holder = elsewhere.pointer.slice(0, elsewhere.pointer.lastIndexOf(`/${REFS}/`));
  return `$component_ref "${id}" names no component it can see: "${id}" is defined at ${elsewhere.pointer}, which only ${holder === "" ? "the document" : holder} and what it holds can refer to`;
}

/**
 * Reads every Agent of the document; once the hub restored their stashes (metadata.x-agentport,
 * slot.ts), assemble puts a bundle's agents back in their home order and keeps the team's own values.
 */
export function parseAgentspec(data: JsonValue, options: ParseOptions): ParseDraft {
  const file = options.file;
  const fail = (problem: string, pointer = "", code: "invalid-input" | "unsupported-document" = "invalid-input"): ParseDraft =>
    refusedDraft([diagnostic(code, { problem }, { source: file === undefined ? { pointer } : { file, pointer } })]);
  if (!isObject(data)) return fail(`an ${LABEL} document must be an object`);
  let res = resolveRefs(data);
  const at = (pointer: string) => (file === undefined ? { pointer } : { file, pointer });
  // What it names and does not define, another input of the run may supply (supplied.ts): read as its own.
  const supplied = res.unresolved.length && options.supplied?.length ? withSupplied(data, res, options.supplied) : undefined;
  // A refusal says where the supplied parts came from too: its finding may be in one of them.
  const refused = (diagnostics: Diagnostic[]): ParseDraft => (supplied ? { agents: [], assemble: () => ({ diagnostics, supplied: supplied.parts }) } : refusedDraft(diagnostics));
  const bad = (supplied?.issues ?? []).map((issue) => diagnostic(options.lenient ? "lenient-input" : "invalid-input", { subject: LABEL, problem: issue.message }, {
    source: at(issue.pointer),
    hint: options.lenient ? "accepted in lenient mode; the value may not convert faithfully" : `fix the value or see the ${LABEL} schema; --lenient converts anyway, with warnings`,
  }));
  if (bad.length && !options.lenient) return refused(bad);
  if (supplied) {
    data = supplied.data;
    res = supplied.res;
  }
  const ctx: Ctx = { res, data, consumed: new Set(), diagnostics: [], docExt: {}, unresolved: new Map(), said: new Set(), ...(file === undefined ? {} : { file }) };
  ctx.diagnostics.push(...bad);
  if (res.cycles.length) return refused([diagnostic("invalid-input", { problem: `$component_ref leads back into its own definition (a cycle)` }, { source: at(res.cycles[0] as string) })]);
  // A reference is mistaken (bad input, at the reference) when the document shows it: the id is defined where
  // the reference cannot see it. Any other id may name a component of another file (pyagentspec's
  // disaggregated components, loaded with a components registry), also in a document that defines others
  // (agentport's own output shares a model its agents hold alike), so it is kept; one edit or two from an id
  // the document defines (a typo, or another file's id that looks like one), it is kept with a warning, at the
  // place the reference fills (an llm_config, a tool: what the agent may run without), not at the id (metadata).
  const dangling = res.unresolved.flatMap((u) => {
    const problem = outOfSight(u.id, res);
    return problem === undefined ? [] : [diagnostic(options.lenient ? "lenient-input" : "invalid-input", { subject: LABEL, problem }, {
      source: src(ctx, join(u.pointer, REF)),
      hint: options.lenient ? "accepted in lenient mode; kept as a reference, which no other format resolves" : "name a component a $referenced_components of this object or of one around it defines; --lenient converts anyway, keeping the reference",
    })];
  });
  if (dangling.length && !options.lenient) return refused(dangling);
  ctx.diagnostics.push(...dangling);
  const ids = [...new Set(res.defined.map((d) => d.id))];
  const refKept: { pointer: string; d: Diagnostic }[] = [];
  for (const u of res.unresolved) {
    const near = res.defined.some((d) => d.id === u.id) ? undefined : closest(u.id, ids);
    ctx.unresolved.set(u.pointer, { id: u.id, ...(near === undefined ? {} : { near }) });
    const k = keptRef(u.id, near);
    refKept.push({ pointer: u.pointer, d: diagnostic("ref-kept", k.payload, { source: src(ctx, u.pointer), ...(k.effect ? { effect: k.effect } : {}), ...(k.hint ? { hint: k.hint } : {}) }) });
  }
  // Said here unless an agent's IR holds the reference as unresolved (its model): then the target says it (put back in place below).
  const refKeptAt = ctx.diagnostics.length;
  const root = res.value as JsonObject;
  const version = data["agentspec_version"];
  // An earlier version the document was written as is kept (a document-level value, in the stash
  // through other formats), so the way home writes it again (emit.ts versionOf).
  if (typeof version === "string" && version !== WRITE_VERSION) setKey(ctx.docExt, "/agentspec_version", version);
  for (const u of res.unused) setKey(ctx.docExt, u.pointer, cloneJson(u.value));

  const type = root["component_type"];
  let agents: IrAgent[];
  let bundle = false;
  if (type === "Agent") agents = [parseAgent(ctx, root, "")];
  else if (type === "ManagerWorkers" || type === "Swarm") {
    const r = type === "ManagerWorkers" ? parseManagerWorkers(ctx, root) : parseSwarm(ctx, root);
    if ("error" in r) return refusedDraft([r.error]);
    agents = r.agents;
    bundle = true;
    setKey(ctx.docExt, "/component_type", type);
  } else return fail(`${LABEL} component_type "${String(type)}" is not converted`, "/component_type", "unsupported-document");

  ctx.diagnostics.splice(refKeptAt, 0, ...refKept.filter((k) => !ctx.said.has(k.pointer)).map((k) => k.d));
  // Each definition something refers to that the IR did not read (a transform's datastore…), whole, at its pointer.
  // One the IR read (an agent, an llm_config, a tool) is where its agent's source map places that part (sourceMap[""],
  // ["/models/0"], ["/tools/<i>"]), so the emitter shares it again there: it is no value of its own (reported, it
  // would cover every value of the agent it defines).
  for (const p of res.used) {
    if (!ctx.consumed.has(p)) setKey(ctx.docExt, p, cloneJson(get(data, p) as JsonValue));
    else ctx.diagnostics.push(sharedNote(ctx, p));
  }
  // The stash guards see the document without any Agent's stash (fields.ts withoutStashes), made once when a stash is found.
  let guarded: JsonValue | undefined;
  const document = (): JsonValue => (guarded ??= withoutStashes(ctx.data, STASH_MEMBER));
  // A team's links are guarded by the place each was written to, not by its index (link-guards.ts).
  // The places of the workers whose component carries its own stash as written there (before any reseat): a link
  // written to that place whose worker was renamed is still that worker's (relinkStash).
  const ownStash = new Set<string>();
  if (type === "ManagerWorkers") for (const a of agents) {
    const raw = a.extensions[FORMAT]?.[SLOT.pointer(a)];
    const here = a.sourceMap[""];
    const guards = isObject(raw) ? readWritten(raw["written"]) : undefined;
    if (here !== undefined && guards !== undefined && Object.values(guards).some((g) => g.at !== undefined && g.at.startsWith(here + "/"))) ownStash.add(here);
  }
  if (bundle) for (const a of agents) {
    const bag = a.extensions[FORMAT];
    const at = SLOT.pointer(a);
    if (bag === undefined || !Object.prototype.hasOwnProperty.call(bag, at)) continue;
    // A worker's stash is in its own component: judged where the worker is now, not at the index it was written at.
    const reseated = type === "ManagerWorkers" ? reseatStash(a, bag[at] as JsonValue) : undefined;
    if (reseated !== undefined) bag[at] = reseated;
    const relinked = relinkStash(a, bag[at] as JsonValue, document(), type === "ManagerWorkers", (p) => ownStash.has(p));
    if (relinked !== undefined) bag[at] = relinked;
    const kept = keepTeamLinks(ctx, a, bag[at] as JsonValue, type as string);
    if (kept !== undefined) bag[at] = kept;
  }
  return {
    agents: agents.map((agent) => ({ agent, document })),
    assemble(restoredAgents) {
      const docExtensions: IrDocument["extensions"] = {};
      for (const r of restoredAgents) {
        mergeDocumentExtensions(docExtensions, r.document);
        ctx.diagnostics.push(...r.diagnostics);
      }
      // Agents that all came back from one bundle of another format return to its order (a Swarm may name them otherwise),
      // but the first stays first: it is the team's entry (first_agent, group_manager), which agentport writes as the home's
      // first agent, so another one there is the user's choice in this document, and a round trip must not undo it.
      const read = restoredAgents.map((r) => r.agent);
      const ordered = homeOrder(read);
      const entry = read[0];
      const restored = entry === undefined || ordered[0] === entry ? ordered : [entry, ...ordered.filter((a) => a !== entry)];
      // A team written from another format's bundle (every agent came back from its stash): its component_type and a
      // name derived from its first agent are what the emitter chose (emit.ts), no values of the team's own; carried on,
      // they would ride in every agent's stash on the way home. A name or a component_type the user edited (a
      // ManagerWorkers made a Swarm) is the team's own, and kept: the emitter honours a kept Swarm.
      if (bundle && restored.length > 0 && restored.every((a) => a.home !== undefined && a.home.format !== FORMAT)) {
        if (ctx.docExt["/component_type"] === derivedTeamType(restored)) delete ctx.docExt["/component_type"];
        if (ctx.docExt["/name"] === `${restored[0]?.name ?? restored[0]?.key ?? "agents"} team`) delete ctx.docExt["/name"];
      }
      if (Object.keys(ctx.docExt).length) {
        const own = docExtensions[FORMAT] ?? {};
        for (const k of Object.keys(ctx.docExt)) setKey(own, k, ctx.docExt[k] as JsonValue);
        docExtensions[FORMAT] = own;
      }
      const doc: IrDocument = { format: FORMAT, bundle, agents: restored, extensions: docExtensions };
      if (bundle && entry?.key !== undefined) doc.entry = entry.key;
      if (file !== undefined) doc.file = file;
      return supplied ? { doc, diagnostics: ctx.diagnostics, supplied: supplied.parts } : { doc, diagnostics: ctx.diagnostics };
    },
  };
}

/**
 * The component_type the emitter derives for these agents (emit.ts writeTeam): a ManagerWorkers when only the
 * first agent links, to each other agent at most once (a star), else a Swarm.
 */
function derivedTeamType(agents: readonly IrAgent[]): "ManagerWorkers" | "Swarm" {
  const index = new Map<string, number>();
  agents.forEach((a, i) => {
    if (a.key !== undefined && !index.has(a.key)) index.set(a.key, i);
  });
  agents.forEach((a, i) => {
    if (a.id !== undefined && !index.has(a.id)) index.set(a.id, i);
  });
  const targets: number[] = [];
  let star = true;
  agents.forEach((a, i) => (a.subAgents ?? []).forEach((l) => {
    const to = l.local !== undefined ? index.get(l.local) : undefined;
    // A link the emitter drops (to no agent of the document, to an external agent that is no URL) is no edge.
    if (to === undefined && !(l.external !== undefined && /^https?:\/\/[^\s]+$/i.test(l.external))) return;
    if (i !== 0) star = false;
    if (to !== undefined) targets.push(to);
  }));
  return star && new Set(targets).size === targets.length && !targets.includes(0) ? "ManagerWorkers" : "Swarm";
}

/**
 * A definition the IR read where it is referred to: that it was shared by reference, and under which id, is
 * the document's spelling (Agent Spec writes it by reference again), said once at the definition.
 */
function sharedNote(ctx: Ctx, p: string): Diagnostic {
  const v = get(ctx.data, p);
  const type = isObject(v) && typeof v["component_type"] === "string" ? v["component_type"] : "component";
  const name = isObject(v) && typeof v["name"] === "string" ? ` "${v["name"]}"` : "";
  // Agent Spec output shares a component by its id (src/adapters/agentspec/share.ts): one defined under
  // another key (pyagentspec's disaggregated files key it by its role, llm_config, beside a UUID id) comes
  // back under its id where several places use it, and in place where one does (verify trial 18).
  const key = unescapeToken(p.slice(p.lastIndexOf("/") + 1));
  const again = isObject(v) && typeof v["id"] === "string" && v["id"] !== key ? `written into ${LABEL} again by its id "${v["id"]}", not the key it is defined under: by reference where several places use it, else in place` : `written by reference again into ${LABEL}`;
  return diagnostic("transformed-value", { value: dotted(p), became: `defines the ${type}${name} once, by id, for each $component_ref that names it; read in each place that refers to it (${again})` }, { source: src(ctx, p), effect: "representation" });
}

/** A UUID, as pyagentspec generates for every component. */
const GENERATED_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const AGENT_SKIP = ["component_type", "id", "name", "description", "metadata", "inputs", "llm_config", "system_prompt", "tools", "agentspec_version"];

/** One resolved Agent component at `at`. */
function parseAgent(ctx: Ctx, node: JsonObject, at: string): IrAgent {
  const a = newAgent(FORMAT, "", ctx.file);
  mapSource(a, "", at);
  ctx.consumed.add(at);
  const original = (isObject(get(ctx.data, at)) ? get(ctx.data, at) : node) as JsonObject;
  // A place that refers to a shared component it read: the reference is the document's spelling (the part's
  // placement, sourceMap, says where it is defined, and Agent Spec writes it by reference again), said once.
  const refSite = (member: (string | number)[], v: JsonValue | undefined, resolved: JsonValue | undefined): void => {
    if (!isObject(v) || typeof v[REF] !== "string") return;
    const p = join(at, ...member, REF);
    // Agent Spec output shares a component by its id (share.ts): one named by another key comes back under its id, or in place (verify trial 18).
    const id = isObject(resolved) && typeof resolved["id"] === "string" ? resolved["id"] : undefined;
    const again = id !== undefined && id !== v[REF] ? `written into ${LABEL} again by its id "${id}", not this key: by reference where several places use it, else in place` : `written by reference again into ${LABEL}`;
    ctx.diagnostics.push(diagnostic("transformed-value", { value: dotted(p), became: `names the component "${v[REF]}": read as that component, and ${again}` }, { source: src(ctx, p), effect: "representation" }));
  };
  for (const k of ["id", "name", "description"] as const) {
    const v = node[k];
    // A generated id (pyagentspec writes a UUID) names the component for references, not for people: it stays
    // Agent Spec's own, so the formats that name agents and files by id use the agent's name (docs/adapters/agentspec.md).
    if (k === "id" && typeof v === "string" && GENERATED_ID.test(v) && typeof node["name"] === "string" && node["name"] !== "") {
      keepDeep(a, join(at, k), v);
      // Declared, so that a target that cannot hold it says it is not the agent's id, not that it has no id.
      a.origin.setAside = { ...a.origin.setAside, "/id": { at: join(at, k), is: "a generated id", instead: "is derived from its name" } };
    }
    else if (typeof v === "string") {
      a[k] = v;
      mapSource(a, `/${k}`, join(at, k));
    } else if (v !== undefined) keepDeep(a, join(at, k), v);
  }
  const md = node["metadata"];
  if (isObject(md) && Object.keys(md).length > 0) {
    keepMembers(a, md, join(at, "metadata"), [STASH_MEMBER]);
    // The stash is one value (the hub's restore applies it, or it stays as it is).
    if (md[STASH_MEMBER] !== undefined) keepExtension(a, FORMAT, join(at, "metadata", STASH_MEMBER), cloneJson(md[STASH_MEMBER] as JsonValue));
  }
  else if (md !== undefined) keepDeep(a, join(at, "metadata"), md);

  const prompt = node["system_prompt"];
  if (typeof prompt === "string") {
    a.instructions = { chunks: [{ text: prompt }] };
    for (const p of ["/instructions", "/instructions/chunks/0", "/instructions/chunks/0/text"]) mapSource(a, p, join(at, "system_prompt"));
  } else if (prompt !== undefined) keepDeep(a, join(at, "system_prompt"), prompt);

  parseInputs(a, node["inputs"], join(at, "inputs"));

  const llm = node["llm_config"];
  const llmAt = pointerOf(ctx, llm as JsonValue, join(at, "llm_config"));
  if (llm !== undefined && parseLlm(a, llm, llmAt)) {
    ctx.consumed.add(llmAt);
    refSite(["llm_config"], original["llm_config"], llm);
  } else if (llm !== undefined) {
    // A reference to a config the IR does not hold is kept whole, at the place of the config the agent lacks.
    const v = original["llm_config"] ?? llm;
    if (isObject(v) && typeof v[REF] === "string") {
      keepExtension(a, FORMAT, join(at, "llm_config"), cloneJson(v));
      // The agent's model is a reference nothing read resolves: said by the target, which knows whether it writes the reference back.
      const u = isObject(llm) && typeof llm[REF] === "string" ? ctx.unresolved.get(llmAt) : undefined;
      if (u !== undefined) {
        a.origin.unresolved = { ...a.origin.unresolved, "/models": { at: join(at, "llm_config"), ref: u.id, ...(u.near === undefined ? {} : { near: u.near }) } };
        ctx.said.add(llmAt);
      }
    } else keepDeep(a, join(at, "llm_config"), v);
  }

  const tools = node["tools"];
  if (Array.isArray(tools) && tools.length > 0) {
    const parsed: IrTool[] = [];
    const ok = tools.every((t, j) => {
      const tool = parseTool(a, t, pointerOf(ctx, t, join(at, "tools", j)), j);
      if (tool) parsed.push(tool);
      return tool !== undefined;
    });
    if (ok) {
      a.tools = parsed;
      mapSource(a, "/tools", join(at, "tools"));
      tools.forEach((t, j) => {
        ctx.consumed.add(pointerOf(ctx, t, join(at, "tools", j)));
        refSite(["tools", j], (original["tools"] as JsonValue[] | undefined)?.[j], t);
      });
    } else {
      // All or nothing: a list with a tool the IR cannot hold (an unresolved reference) is kept as it is, in order.
      for (const k of Object.keys(a.sourceMap)) if (k.startsWith("/tools")) delete a.sourceMap[k];
      const bag = a.extensions[FORMAT] ?? {};
      tools.forEach((t, j) => {
        const p = pointerOf(ctx, t, join(at, "tools", j));
        for (const k of Object.keys(bag)) if (k === p || k.startsWith(p + "/")) delete bag[k];
      });
      keepDeep(a, join(at, "tools"), original["tools"] ?? tools);
      // A tool that is a reference nothing read resolves (another file's component): the agent has no tools
      // in a target without references, which the target says (origin.unresolved), as for its model.
      const refs = tools.flatMap((t, j) => {
        const p = join(at, "tools", j);
        const u = isObject(t) && typeof t[REF] === "string" ? ctx.unresolved.get(p) : undefined;
        return u === undefined ? [] : [{ p, u }];
      });
      const first = refs[0];
      if (first !== undefined) {
        a.origin.unresolved = { ...a.origin.unresolved, "/tools": { at: join(at, "tools"), ref: first.u.id, ...(first.u.near === undefined ? {} : { near: first.u.near }) } };
        for (const { p } of refs) ctx.said.add(p);
      }
    }
  } else if (Array.isArray(tools)) {
    // No tools: an empty list, which the IR holds as such.
    a.tools = [];
    mapSource(a, "/tools", join(at, "tools"));
  } else if (tools !== undefined) keepDeep(a, join(at, "tools"), tools);

  keepMembers(a, original, at, [...AGENT_SKIP, REFS]);
  recordPlaces(ctx, a, node);
  return a;
}

/**
 * Where the agent's definition sits outside its own place (origin.places): its component when it is
 * not the document (a ManagerWorkers' worker, a Swarm's agent defined in $referenced_components), and
 * each component it refers to (a shared llm_config, a tool), as the place of an Agent it stands for.
 * The hub judges a diagnostic there by that place's declared effect.
 */
function recordPlaces(ctx: Ctx, a: IrAgent, node: JsonObject): void {
  const places: Record<string, string> = {};
  const walk = (v: JsonValue, expected: string, rel: string): void => {
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${expected}/${i}`, `${rel}/${i}`));
    if (!isObject(v)) return;
    const at = ctx.res.at.get(v);
    let here = expected;
    if (at !== undefined && at !== expected) {
      if (!Object.prototype.hasOwnProperty.call(places, at)) places[at] = rel;
      here = at;
    }
    for (const k of Object.keys(v)) walk(v[k] as JsonValue, join(here, k), join(rel, k));
  };
  walk(node, a.origin.pointer, "");
  if (Object.keys(places).length) a.origin.places = places;
}

/** inputs (titled JSON-schema properties, the values system_prompt names as {{title}}) → IR parameters. */
function parseInputs(a: IrAgent, inputs: JsonValue | undefined, at: string): void {
  if (inputs === undefined) return;
  if (!Array.isArray(inputs) || inputs.length === 0 || !inputs.every((p) => isObject(p) && typeof p["title"] === "string")) return keepDeep(a, at, inputs);
  a.parameters = inputs.map((p, i) => {
    mapSource(a, `/parameters/${i}`, `${at}/${i}`);
    return propertyToParameter(p as JsonObject);
  });
  a.placeholders = { ...AGENTSPEC_PLACEHOLDERS };
  mapSource(a, "/parameters", at);
  mapSource(a, "/placeholders", at);
}

type Multi = { agents: IrAgent[] } | { error: Diagnostic };

function unsupportedMember(ctx: Ctx, pointer: string, what: string, v: JsonValue): Diagnostic {
  const type = isObject(v) && typeof v["component_type"] === "string" ? v["component_type"] : "(no component_type)";
  return diagnostic("unsupported-document", { problem: `${what} is a ${type}; agentport converts Agent members of ManagerWorkers and Swarm (and a remote agent as a worker or callee, which becomes an external link)` }, { source: src(ctx, pointer) });
}

const isAgent = (v: JsonValue): v is JsonObject => isObject(v) && v["component_type"] === "Agent";
const isRemote = (v: JsonValue): v is JsonObject => isObject(v) && typeof v["component_type"] === "string" && REMOTE_AGENTS.includes(v["component_type"]);

/** A remote agent (A2AAgent, OciAgent) → an external link; the component's other members stay at document level. */
function externalLink(ctx: Ctx, a: IrAgent, v: JsonObject, at: string, j: number): IrLink {
  const field = typeof v["agent_url"] === "string" ? "agent_url" : typeof v["agent_endpoint_id"] === "string" ? "agent_endpoint_id" : "name";
  const link: IrLink = { external: String(v[field]) };
  mapSource(a, `/subAgents/${j}`, at);
  mapSource(a, `/subAgents/${j}/external`, join(at, field));
  // Its description is what the manager reads to choose it, as a local worker's is (verify trial N4):
  // the link's routing text. It stays at document level too, for the component written back home.
  const described = v["description"];
  if (typeof described === "string" && described.trim() !== "") {
    link.useWhen = described;
    mapSource(a, `/subAgents/${j}/useWhen`, join(at, "description"));
  }
  for (const k of Object.keys(v)) if (k !== field) keepDoc(ctx, join(at, k), v[k] as JsonValue);
  return link;
}

/** Bundle keys: the component id when it is key-shaped (a key written as the id comes back), else from the name. */
function assignKeys(agents: IrAgent[]): void {
  const keys = uniqueKeys(agents.map((a) => (a.id !== undefined && /^[a-z][a-z0-9-]*$/.test(a.id) ? a.id : slugKey(a.name ?? a.id ?? "agent"))));
  agents.forEach((a, i) => {
    a.key = keys[i] as string;
    const at = a.sourceMap[""];
    if (at !== undefined) mapSource(a, "/key", a.id === a.key ? join(at, "id") : a.name !== undefined ? join(at, "name") : at);
  });
}

function keepTeamMembers(ctx: Ctx, root: JsonObject, skip: readonly string[]): void {
  for (const k of Object.keys(root)) if (!skip.includes(k)) keepDoc(ctx, join("", k), root[k] as JsonValue);
}

/** A whole link, or the whole list, among the values a stash says the reading added (`absent`). */
const WHOLE_LINK = /^\/subAgents(?:\/(?:0|[1-9][0-9]*))?$/;

/**
 * A team agentport wrote from agents that had no links (a bundle of files of a format without links,
 * which no link organised: it guessed a manager, or a relationship for an agent no other calls) states
 * links its agents' stash says they did not have (`absent`). The team is the document read: its manager delegates to its workers,
 * and a Swarm's relationships hand over, whatever the agents were before, so the restore must not
 * take those links away (fresh10 finding 7: written to mas, a reviewed ManagerWorkers lost its
 * delegation). The stash without those entries, and a note that says why the links are there;
 * undefined when the stash removes no link the document states.
 */
function keepTeamLinks(ctx: Ctx, agent: IrAgent, raw: JsonValue, type: string): JsonObject | undefined {
  if (!isObject(raw) || !Array.isArray(raw["absent"]) || (agent.subAgents ?? []).length === 0) return undefined;
  // Only where the agents' home holds no links at all (a format of one agent per document, no bundles):
  // there they had none because they could not, not by choice. A home bundle (Caplo, a MAS app) said
  // which agents its links join, and the way home gives that back (Caplo → Agent Spec → Caplo is lossless).
  const home = raw["from"];
  if (typeof home !== "string" || adapterFor(home)?.bundles !== false) return undefined;
  const absent = raw["absent"];
  const links = absent.filter((p) => typeof p === "string" && WHOLE_LINK.test(p));
  if (links.length === 0) return undefined;
  const out = cloneJson(raw);
  const rest = absent.filter((p) => !(typeof p === "string" && WHOLE_LINK.test(p)));
  if (rest.length) out["absent"] = rest;
  else delete out["absent"];
  // Their guards go with them: nothing of the stash speaks of those links now.
  const written = out["written"];
  if (isObject(written)) for (const p of links) delete written[p as string];
  const at = type === "ManagerWorkers" ? "/workers" : "/relationships";
  const who = type === "ManagerWorkers" ? `the delegation of its manager, "${agent.name ?? agent.id ?? agent.key ?? "agent"}"` : "the hand-overs of its agents";
  ctx.diagnostics.push(diagnostic("transformed-value", {
    value: dotted(at),
    became: `is read as ${who}, though the agents this document was written from had no links (agentport chose them when it wrote the team): the stash does not take away what the document states`,
  }, { source: src(ctx, at) }));
  return out;
}

function parseManagerWorkers(ctx: Ctx, root: JsonObject): Multi {
  const gm = root["group_manager"] as JsonValue;
  if (!isAgent(gm)) return { error: unsupportedMember(ctx, "/group_manager", "group_manager", gm) };
  const manager = parseAgent(ctx, gm, pointerOf(ctx, gm, "/group_manager"));
  const agents = [manager];
  const workers = Array.isArray(root["workers"]) ? root["workers"] : [];
  const links: (IrLink | IrAgent)[] = [];
  for (let i = 0; i < workers.length; i++) {
    const w = workers[i] as JsonValue;
    const at = pointerOf(ctx, w, `/workers/${i}`);
    if (isAgent(w)) {
      const agent = parseAgent(ctx, w, at);
      agents.push(agent);
      links.push(agent);
    } else if (isRemote(w)) links.push(externalLink(ctx, manager, w, at, i));
    else return { error: unsupportedMember(ctx, `/workers/${i}`, `workers[${i}]`, w) };
  }
  assignKeys(agents);
  manager.subAgents = links.map((l, j) => {
    if ("origin" in l) {
      mapSource(manager, `/subAgents/${j}`, `/workers/${j}`);
      mapSource(manager, `/subAgents/${j}/local`, `/workers/${j}`);
      return { local: l.key as string };
    }
    return l;
  });
  if (workers.length) mapSource(manager, "/subAgents", "/workers");
  keepTeamMembers(ctx, root, ["component_type", "group_manager", "workers", "agentspec_version", REFS]);
  return { agents };
}

function parseSwarm(ctx: Ctx, root: JsonObject): Multi {
  const first = root["first_agent"] as JsonValue;
  if (!isAgent(first)) return { error: unsupportedMember(ctx, "/first_agent", "first_agent", first) };
  const byId = new Map<string, IrAgent>();
  const agents: IrAgent[] = [];
  const identity = (v: JsonObject, at: string) => (typeof v["id"] === "string" ? `id:${v["id"]}` : `at:${at}`);
  const agentFor = (v: JsonObject, at: string): IrAgent => {
    const k = identity(v, at);
    const known = byId.get(k);
    if (known) return known;
    const agent = parseAgent(ctx, v, at);
    byId.set(k, agent);
    agents.push(agent);
    return agent;
  };
  agentFor(first, pointerOf(ctx, first, "/first_agent"));
  const rels = Array.isArray(root["relationships"]) ? root["relationships"] : [];
  const pending: { caller: IrAgent; callee: IrAgent | JsonObject; r: number; at: string }[] = [];
  for (let r = 0; r < rels.length; r++) {
    const pair = rels[r];
    if (!Array.isArray(pair) || pair.length !== 2) return { error: diagnostic("invalid-input", { problem: "a Swarm relationship is a pair [caller, callee]" }, { source: src(ctx, `/relationships/${r}`) }) };
    const [caller, callee] = pair as [JsonValue, JsonValue];
    if (!isAgent(caller)) return { error: unsupportedMember(ctx, `/relationships/${r}/0`, `the caller of relationships[${r}]`, caller) };
    const from = agentFor(caller, pointerOf(ctx, caller, `/relationships/${r}/0`));
    const at = pointerOf(ctx, callee, `/relationships/${r}/1`);
    if (isAgent(callee)) pending.push({ caller: from, callee: agentFor(callee, at), r, at });
    else if (isRemote(callee)) pending.push({ caller: from, callee, r, at });
    else return { error: unsupportedMember(ctx, `/relationships/${r}/1`, `the callee of relationships[${r}]`, callee) };
  }
  assignKeys(agents);
  for (const p of pending) {
    const list = p.caller.subAgents ?? [];
    const j = list.length;
    if ("origin" in p.callee) {
      list.push({ local: p.callee.key as string });
      mapSource(p.caller, `/subAgents/${j}`, `/relationships/${p.r}`);
      mapSource(p.caller, `/subAgents/${j}/local`, `/relationships/${p.r}/1`);
    } else {
      list.push(externalLink(ctx, p.caller, p.callee, p.at, j));
      mapSource(p.caller, `/subAgents/${j}`, `/relationships/${p.r}`);
    }
    p.caller.subAgents = list;
    if (j === 0) mapSource(p.caller, "/subAgents", "/relationships");
  }
  // The references a Swarm names its agents by are its spelling: written again from the agents' ids (the
  // definitions' note says so), they are no values of their own; a reference that names no agent was refused above.
  const byRef = (pointer: string) => {
    const v = get(ctx.data, pointer);
    return isObject(v) && typeof v[REF] === "string";
  };
  const note = (pointer: string, value: string, names: string) => ctx.diagnostics.push(diagnostic("transformed-value", { value, became: `${names} by $component_ref: read as the agent it names, and written again by that agent's id` }, { source: src(ctx, pointer), effect: "representation" }));
  if (byRef("/first_agent")) note("/first_agent", "first_agent", "names its agent");
  if (rels.some((_, r) => byRef(`/relationships/${r}/0`) || byRef(`/relationships/${r}/1`))) note("/relationships", "relationships", "name their agents");
  keepTeamMembers(ctx, root, ["component_type", "first_agent", "relationships", "agentspec_version", REFS]);
  return { agents };
}
