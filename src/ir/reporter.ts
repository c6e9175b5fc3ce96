// Builds diagnostics that point back into the source document. Emitters speak in
// IR paths; this turns them into the source's own pointers and key names, so a
// message says `policy.voiceStyle`, never an IR internal. It also remembers
// which IR value (or extension value) each diagnostic is about, so the stash
// (src/ir/stash.ts) can tell which reported losses it undoes.
import type { IrAgent, IrSourcePlace } from "./model.js";
import { diagnostic, renderMessage, STASH_KEY, type Diagnostic, type DiagnosticCode, type DiagnosticPlace, type Effect, type PayloadOf, type TargetLocation } from "./diagnostics.js";
import type { FilledRequired, LostValue } from "./payloads.js";
import { definitionOf, sourceOf } from "./agent.js";
import { isObject } from "./json.js";
import { dotted, escapeToken, firstToken, isAncestorOrSelf, join, parsePointer } from "./pointer.js";
import { linkSettings } from "./home.js";
import { adapterFor } from "../adapters/registry.js";
import { isPrivateExtension, privateDataOf } from "./private.js";

/** What a diagnostic is about: an IR path of an agent, or one of its extension values. */
export interface Subject {
  agent: IrAgent;
  ir?: string;
  ext?: { format: string; rel: string };
}

/** `effect: "behaviour"` on a reshape code (transformed-value, defaulted-required): the value itself changed, not only its form. */
type Extra = { targetPointer?: string; targetFile?: string; hint?: string; effect?: Effect };

/** A payload whose `value` (the value's name) the Reporter fills in from the pointer when the raiser leaves it out. */
type Named<T> = T extends unknown ? ("value" extends keyof T ? Omit<T, "value"> & { value?: string } : T) : never;
/** What a Reporter method takes for `code`: its payload, `value` optional (the Reporter names the value by its source key path). */
export type RaisePayload<C extends DiagnosticCode> = Named<PayloadOf<C>>;

/** The payload with the value's name filled in: the dotted name of `place` (a source pointer), spelled only when the payload lacks one. */
function withName<C extends DiagnosticCode>(payload: RaisePayload<C>, place: string): PayloadOf<C> {
  if ("kept" in payload || "value" in payload) return payload as PayloadOf<C>;
  const name = dotted(place);
  // `{ ...payload, value: name }` as Object.assign (the same keys in the same order): a spread of
  // payloads of many shapes is V8's generic copy, several times slower, and every raise comes here.
  const named = Object.assign({}, payload) as Record<string, unknown>;
  named["value"] = name;
  return named as PayloadOf<C>;
}

/**
 * The dotted name of a source place of `agent` (relative to its origin), as the agent reads it: a
 * place inside a part of its definition written elsewhere (IrOrigin.places: an Agent Spec component
 * in $referenced_components, an llm_config several agents share) is named at the place that part
 * stands for in the agent (`llm_config.url`, `tools[0].inputs`), not by the definition's own key
 * path, which spells a component's id. The deepest such part at or above the place names it. The
 * part that is the agent's own component keeps its key path when the place is the component itself
 * (its name as a path inside the agent would be "(document)", which is another place). The
 * diagnostic's pointer stays the definition's: only the name reads as the agent.
 */
export function nameIn(agent: IrAgent, rel: string): string {
  const inside = agentPlace(agent, rel);
  return dotted(inside ?? rel);
}

/** The place, relative to an agent of its format, that a source place of `agent` stands for (see nameIn); undefined where its key path names it. */
function agentPlace(agent: IrAgent, rel: string): string | undefined {
  const places = agent.origin.places;
  if (places === undefined) return undefined;
  const at = agent.origin.pointer + rel;
  for (let p = at; ; p = p.slice(0, p.lastIndexOf("/"))) {
    const as = Object.prototype.hasOwnProperty.call(places, p) ? places[p] : undefined;
    if (as !== undefined) {
      const inside = as + at.slice(p.length);
      return inside === "" ? undefined : inside;
    }
    if (p === "") return undefined;
  }
}

/**
 * A name as the agent reads it, saying which agent, where one output holds several agents' values
 * of that name (a Caplo bundle of a Swarm's agents: each has a `tools[0]`): by the agent's name,
 * else by the key path of its component.
 */
function qualified(agent: IrAgent, name: string): string {
  const label = typeof agent.name === "string" && agent.name !== "" ? agent.name : dotted(agent.sourceMap[""] ?? "");
  return `${label}'s ${name}`;
}

/** A pointer's tokens (no escapes are undone: coverage keys and IR member names hold none that matter here). */
const tokensOf = (p: string): string[] => (p === "" ? [] : p.slice(1).split("/"));
const INDEX = /^(?:0|[1-9][0-9]*)$/;
/** A coverage key's token against a pointer's: `[]` and `[<kind>]` stand for any list index. */
const tokenMatches = (pattern: string, t: string): boolean => (pattern.startsWith("[") && pattern.endsWith("]") ? INDEX.test(t) : pattern === t);
/** A coverage key's token that stands for any key or index (`[]`, `[<kind>]`, `*`): no name of one place. */
const wild = (t: string): boolean => t.startsWith("[") || t.includes("*");
/** A list item of the IR (`/tools/1`, `/models/0`): where a stash's placement hints name a home place. */
const LIST_ITEM_AT = /^\/(?:models|tools|knowledge|evals|subAgents)\/(?:0|[1-9][0-9]*)$/;

/**
 * How the agent's home format `format` spells the place of IR pointer `ir`, as a source pointer
 * relative to the agent there, from the placement hints a stash brought back (`places`: IR pointer →
 * home pointer, list items above all) and the format's parse declarations (which source path fills
 * which IR field): the place the hints name for `ir` itself; else, for a member of a list item the
 * hints place, the item's home place and the member's key as the declaration that fills it spells it
 * (`/tools/1/kind` at `/blueprint/tools/1` → `/blueprint/tools/1/kind`); else, outside any list, the one
 * source path declared to fill `ir`; else the home place of the list item `ir` lies in (`/models/0/raw`,
 * which no key of a Caplo file fills alone, is the item's `/model`). Undefined where nothing says: the
 * caller names the place by the target file then, never by the IR path (a stash-stale entry, session 15).
 */
export function homePlace(format: string, places: Readonly<Record<string, string>>, ir: string): string | undefined {
  const own = places[ir];
  if (own !== undefined && own !== "") return own;
  const tokens = tokensOf(ir);
  // A whole list (`/models`): where its first item's home place is an item of a list, that list (`/spec/models`).
  const first = tokens.length === 1 ? places[`${ir}/0`] : undefined;
  if (first !== undefined && first !== "" && INDEX.test(first.slice(first.lastIndexOf("/") + 1))) return first.slice(0, first.lastIndexOf("/"));
  const item = tokens.length > 2 && LIST_ITEM_AT.test(`/${tokens[0]}/${tokens[1]}`) ? `/${tokens[0]}/${tokens[1]}` : undefined;
  const itemHome = item === undefined ? undefined : places[item];
  if (item !== undefined && (itemHome === undefined || itemHome === "")) return undefined;
  const parse = adapterFor(format)?.coverage?.parse;
  const found = new Set<string>();
  // A member of the item that the format declares outside the item, by its own index (AgentMug's
  // `/blueprint/maxTokens` fills `/models/0/maxTokens`, beside `/blueprint/primaryModel`, user trial 16 F6).
  const outside = new Set<string>();
  for (const [key, rule] of Object.entries(parse ?? {})) {
    if (!("ir" in rule) || key.endsWith("/**")) continue;
    const irs: readonly string[] = typeof rule.ir === "string" ? [rule.ir] : rule.ir;
    // A list member the format declares by its items only (AgentMug's `/blueprint/tools/[]/scopes/[]` for `/tools/N/scopes`): the list's key.
    const byItems = (pattern: string): boolean => { const pt = tokensOf(pattern); return pt.length === tokens.length + 1 && wild(pt[pt.length - 1] as string) && pt.every((t, i) => i === tokens.length || tokenMatches(t, tokens[i] as string)); };
    const whole = irs.some((pattern) => { const pt = tokensOf(pattern); return pt.length === tokens.length && pt.every((t, i) => tokenMatches(t, tokens[i] as string)); });
    if (!whole && !(key.endsWith("/[]") && irs.some(byItems))) continue;
    const kt = whole ? tokensOf(key) : tokensOf(key).slice(0, -1);
    if (itemHome === undefined) {
      if (!kt.some(wild)) found.add(key);
      continue;
    }
    if (!kt.some(wild) && irs.includes(ir)) outside.add(key);
    // The declaration's key begins with the item's home place (its index any) and ends with the member's key.
    const ht = tokensOf(itemHome);
    if (kt.length <= ht.length || !ht.every((t, i) => (kt[i] as string).startsWith("[") ? INDEX.test(t) : kt[i] === t)) continue;
    const rest = kt.slice(ht.length);
    if (rest.some(wild)) continue;
    found.add(`${itemHome}/${rest.join("/")}`);
  }
  if (found.size === 1) return [...found][0];
  if (found.size === 0 && outside.size === 1) return [...outside][0];
  return itemHome;
}

/** A prompt part of the IR and its member: `/instructions/chunks/1/text` → 1, "text". */
const CHUNK_AT = /^\/instructions\/chunks\/(0|[1-9][0-9]*)(?:\/([^/]+))?$/;

/**
 * How the home format `format` spells the place of a prompt part (`ir` under `/instructions/chunks/N`)
 * whose key there was `key` (undefined: a part with no key): the declaration that fills the part so
 * keyed (`chunk`: Caplo `policy.chatStyle`), else the one that fills a part of any key by a key of its
 * own (mas `spec.context.*`, the key in place of `*`; its `ref` member by `spec.context.*.ref`); a part
 * with no key, the one declared to fill that part's text (`instructions`, `blueprint.systemPrompt`).
 * Undefined where nothing says (user trial 16 F6: a stash-stale warning named the edited prompt).
 */
export function chunkPlace(format: string, ir: string, key: string | undefined): string | undefined {
  const m = CHUNK_AT.exec(ir);
  if (m === null) return undefined;
  const member = m[2] ?? (key === undefined ? "text" : "key");
  const parse = adapterFor(format)?.coverage?.parse ?? {};
  const found: string[] = [];
  for (const [k, rule] of Object.entries(parse)) {
    if (!("ir" in rule) || k.endsWith("/**")) continue;
    const irs: readonly string[] = typeof rule.ir === "string" ? [rule.ir] : rule.ir;
    const kt = tokensOf(k);
    if (key === undefined) {
      if (!kt.some(wild) && irs.includes(`/instructions/chunks/${m[1] as string}/${member}`)) found.push(k);
    } else if (rule.chunk === key) return k;
    else if (rule.chunk === undefined && irs.includes(`/instructions/chunks/[]/${member}`) && kt.filter((t) => t === "*").length === 1 && !kt.some((t) => t.startsWith("["))) found.push(kt.map((t) => (t === "*" ? key : t)).join("/").replace(/^/, "/"));
  }
  found.sort((a, b) => a.length - b.length);
  return found[0];
}

/** The IR pointer of an extension value: extensions are part of the agent, keyed by their relative pointer. */
export function extensionPointer(format: string, rel: string): string {
  // join's rest parameters spelled out: asked for every extension value a report names.
  return "/extensions/" + escapeToken(format) + "/" + escapeToken(rel);
}

/**
 * Where an IR path was written when that is another document than the agent's own
 * (IrOrigin.outside): the deepest such path at or above it, unless a deeper path has a place in
 * the agent's own file (its source map).
 */
function outsidePlace(agent: IrAgent, irPointer: string): IrSourcePlace | undefined {
  const outside = agent.origin.outside;
  if (outside === undefined) return undefined;
  for (let p = irPointer; ; p = p.slice(0, p.lastIndexOf("/"))) {
    const hit = Object.prototype.hasOwnProperty.call(outside, p) ? outside[p] : undefined;
    if (hit !== undefined) return hit;
    if (agent.sourceMap[p] !== undefined || p === "") return undefined;
  }
}

/** A diagnostic with what it is about, as the stash reads them agent by agent. */
export interface AboutAgent {
  readonly d: Diagnostic;
  readonly s: Subject;
}

export class Reporter {
  readonly diagnostics: Diagnostic[] = [];
  /**
   * What the Reporter knows of each diagnostic it holds, in one record (one map entry per
   * diagnostic, not one per fact): where it sits in `diagnostics` (a replace needs no search), the
   * payload its raiser gave (the stash renders a loss it undoes again, as stashed-value) and what it is about.
   */
  private readonly records = new Map<Diagnostic, Held>();
  /**
   * Each agent's diagnostics that have a subject, in the order they were raised: the stash reads
   * one agent's at a time, and a bundle of n agents must not rescan all n agents' diagnostics n times.
   */
  private readonly byAgent = new Map<IrAgent, Held[]>();
  /** Each agent's source-map entries of canonical IR paths (lostExtension asks for every extension value; emitters never change the IR they write). */
  private readonly readPlaces = new Map<IrAgent, { first: Map<string, string>; within?: Set<string> }>();
  /** Each agent's source-map entries, all of them (preciseParts asks for every field a target cannot hold). */
  private readonly mapEntries = new Map<IrAgent, [string, string][]>();
  /**
   * The names this Reporter spelled as an agent reads them (nameIn), each with the first source
   * pointer so named and the diagnostics that carry it: one name for values of several agents at
   * several places (each agent of a bundle has a `tools[0]`) then says its agent. A component several
   * agents share is one place, one value: its name says no agent (one diagnostic, after onePerValue).
   */
  private readonly readings = new Map<string, Reading>();
  /** Each agent's guard places an emitter named (guardedBy): IR path, output place. */
  private readonly guardPlaces = new Map<IrAgent, [string, string][]>();
  /** Each agent's links guarded by their identity (linkedByIdentity). */
  private readonly linkItems = new Map<IrAgent, Set<string>>();
  /** The output file the diagnostics are about, unless a call names another one. */
  constructor(readonly targetFormat: string, public targetFile?: string) {}

  /**
   * No diagnostic: the output place `targetPointer` is what the target reads in the stead of the IR
   * value at `irPointer` of `agent`, which it cannot hold (a link's when-to-use text, where a manager
   * reads the worker's description): the stash guards that value's entry by that place, so an edit of
   * it stops the entry, and an edit elsewhere of what holds the value does not (src/ir/stash.ts).
   */
  guardedBy(agent: IrAgent, irPointer: string, targetPointer: string): void {
    let list = this.guardPlaces.get(agent);
    if (list === undefined) this.guardPlaces.set(agent, (list = []));
    list.push([irPointer, targetPointer]);
  }

  /**
   * No diagnostic: the place the target reads the link `item` (`/subAgents/0`) of `agent` from holds more
   * than the link (an Agent Spec worker's component): the stash guards the link's values by what the link
   * depends on (its target, its routing text: LINK_IDENTITY, src/ir/stash-guard.ts), not by all of that place.
   */
  linkedByIdentity(agent: IrAgent, item: string): void {
    let set = this.linkItems.get(agent);
    if (set === undefined) this.linkItems.set(agent, (set = new Set()));
    set.add(item);
  }

  /** The links named for `agent` (linkedByIdentity). */
  linksOf(agent: IrAgent): ReadonlySet<string> {
    return this.linkItems.get(agent) ?? new Set();
  }

  /** The guard places named for `agent` (guardedBy), in the order named. */
  guardsOf(agent: IrAgent): readonly (readonly [string, string])[] {
    return this.guardPlaces.get(agent) ?? [];
  }

  private target(pointer?: string, file?: string): TargetLocation {
    const t: TargetLocation = { format: this.targetFormat };
    const f = file ?? this.targetFile;
    if (f !== undefined) t.file = f;
    if (pointer !== undefined) t.pointer = pointer;
    return t;
  }

  /** The absolute source pointer and dotted source name of an IR path of `agent`. */
  where(agent: IrAgent, irPointer: string): { pointer: string; name: string } {
    const rel = sourceOf(agent, irPointer) ?? "";
    return { pointer: agent.origin.pointer + rel, name: nameIn(agent, rel) };
  }

  /** A diagnostic about a value of the source, located by its pointer relative to the agent's origin. */
  atSource<C extends DiagnosticCode>(agent: IrAgent, code: C, relPointer: string, payload: RaisePayload<C>, extra: Extra = {}): Diagnostic {
    const d = this.named(agent, code, relPointer, payload, extra, relPointer);
    // At a reference the source states a part by that nothing read resolves (origin.unresolved): about that part,
    // so the reference's kept value is not also reported as lost (dropForeignExtensions, the stash's notes).
    const unresolved = relPointer === "" || agent.origin.unresolved === undefined ? undefined : Object.entries(agent.origin.unresolved).find(([, u]) => u.at === relPointer);
    if (unresolved !== undefined) this.about(d, { agent, ir: unresolved[0] });
    return d;
  }

  /**
   * Raises a diagnostic at `relPointer` whose value is named after the source place `namePlace`
   * (a pointer relative to the agent). A name as the agent reads it (nameIn) is remembered with its
   * agent and place: once another agent's value at another place gets the same name in this
   * Reporter's output (one Caplo bundle), every diagnostic of that name says its agent.
   */
  private named<C extends DiagnosticCode>(agent: IrAgent, code: C, relPointer: string, payload: RaisePayload<C>, extra: Extra, namePlace: string): Diagnostic {
    // A value filled in for the agent as a whole sits where the agent is defined (a Swarm's agent: its
    // component), not at the document root every agent of the file shares (user trial 16 F11).
    const pointer = agent.origin.pointer + (relPointer === "" && FILLED_IN.has(code) ? definitionOf(agent, "") : relPointer);
    const source = agent.origin.file === undefined ? { pointer } : { file: agent.origin.file, pointer };
    const inside = agentPlace(agent, namePlace);
    if (inside === undefined) return this.raise(code, source, withName(payload, namePlace), extra);
    const name = dotted(inside);
    const given = (payload as { value?: unknown }).value;
    // A name the raiser gave is the agent's reading only when it is the one spelled here (lostExtension's).
    if ("kept" in payload || (given !== undefined && given !== name)) return this.raise(code, source, withName(payload, namePlace), extra);
    let same = this.readings.get(name);
    if (same === undefined) this.readings.set(name, (same = { at: pointer, held: [] }));
    // Another agent's value of the same name at another place: each such name says its agent from now on.
    else if (same.at !== pointer && !same.qualified && same.held.some((h) => h.reads?.agent !== agent)) this.qualify(same);
    const d = this.raise(code, source, Object.assign({}, payload, { value: same.qualified ? qualified(agent, name) : name }) as unknown as PayloadOf<C>, extra);
    const held = this.records.get(d)!;
    held.reads = { agent, name };
    same.held.push(held);
    return d;
  }

  /** Says the agent in each name of `same` already raised (their message and payload), and in those raised later. */
  private qualify(same: Reading): void {
    same.qualified = true;
    for (const held of same.held) {
      if (held.reads === undefined || held.payload === undefined) continue;
      const payload = Object.assign({}, held.payload, { value: qualified(held.reads.agent, held.reads.name) }) as PayloadOf<DiagnosticCode>;
      // The same diagnostic object keeps its place (callers hold it): only its words change.
      held.d.message = renderMessage(held.d.code, payload);
      held.payload = payload;
    }
  }

  private raise<C extends DiagnosticCode>(code: C, source: IrSourcePlace, payload: PayloadOf<C>, extra: Extra): Diagnostic {
    const place: DiagnosticPlace = { source, target: this.target(extra.targetPointer, extra.targetFile) };
    if (extra.hint) place.hint = extra.hint;
    if (extra.effect) place.effect = extra.effect;
    const d = diagnostic(code, payload, place);
    this.records.set(d, { d, i: this.diagnostics.length, payload });
    this.diagnostics.push(d);
    return d;
  }

  /** The payload `d` was raised with (every diagnostic raised through this Reporter has one). */
  payloadOf<C extends DiagnosticCode>(d: Diagnostic & { code: C }): PayloadOf<C> {
    const payload = this.records.get(d)?.payload as PayloadOf<C> | undefined;
    if (payload === undefined) throw new Error(`internal: no payload for the ${d.code} diagnostic "${d.message}"`);
    return payload;
  }

  /** A diagnostic about an IR value; the payload's `value`, when left out, is the source's key path of it. */
  at<C extends DiagnosticCode>(agent: IrAgent, code: C, irPointer: string, payload: RaisePayload<C>, extra: Extra = {}): void {
    // A value written in another document than the agent's own (a MAS manifest's delegates_to) is reported there.
    const elsewhere = outsidePlace(agent, irPointer);
    // Named by its source key path (relative to the agent, or the other document's pointer), spelled only when the raiser gave no name.
    const d = elsewhere ? this.raise(code, { ...elsewhere }, withName(payload, elsewhere.pointer), extra) : this.atSource(agent, code, sourceOf(agent, irPointer) ?? "", payload, extra);
    this.about(d, { agent, ir: irPointer });
  }

  /**
   * A diagnostic about one extension value. Values of the agent's own format sit
   * at their pointer; values a stash brought back sit where the stash holds them.
   */
  atExtension<C extends DiagnosticCode>(agent: IrAgent, code: C, format: string, rel: string, payload: RaisePayload<C>, extra: Extra = {}): void {
    // A value of the agent's own format is keyed by its source place, named as the agent reads it; another format's key is that format's own path.
    const place = this.extensionPlace(agent, format, rel);
    const d = format === agent.origin.format ? this.named(agent, code, place, payload, extra, rel) : this.atSource(agent, code, place, withName(payload, rel) as RaisePayload<C>, extra);
    this.about(d, { agent, ext: { format, rel } });
  }

  /**
   * Where in the agent's source an extension value was read, relative to the agent: a value of its
   * own format at its pointer, unless a stash brought it back (the source map names the stash's place,
   * as for another format's value): the file read holds it there, not at its home pointer.
   */
  extensionPlace(agent: IrAgent, format: string, rel: string): string {
    const mapped = agent.sourceMap[extensionPointer(format, rel)];
    if (format !== agent.origin.format) return mapped ?? rel;
    return mapped !== undefined && isStashPlace(mapped) ? mapped : rel;
  }

  /**
   * The source places (relative to the agent) that diagnostics about `agent` already name, its root
   * aside: one value, one diagnostic. An extension value read at such a place (a provider's spelling
   * beside the provider an emitter reported) is not reported a second time.
   */
  namedPlaces(agent: IrAgent): Set<string> {
    const at = agent.origin.pointer;
    const places = new Set<string>();
    for (const { d } of this.byAgent.get(agent) ?? []) if (d.source && d.source.pointer !== at && d.source.file === agent.origin.file) places.add(d.source.pointer.slice(at.length));
    return places;
  }

  /** Reports every canonical field in `irFields` that the agent sets but the target cannot hold. */
  dropUnsupported(agent: IrAgent, irFields: readonly string[], targetLabel: string, targetFile?: string): void {
    for (const f of irFields) {
      const key = firstToken(f) as keyof IrAgent | undefined;
      if (key === undefined || agent[key] === undefined) continue;
      const extra = targetFile === undefined ? {} : { targetFile };
      for (const p of preciseParts(agent, f, () => this.entriesOf(agent))) this.at(agent, "dropped-field", p, { target: targetLabel }, extra);
    }
  }

  /** The agent's source-map entries, read once per agent (a source map is a dictionary-mode object). */
  private entriesOf(agent: IrAgent): [string, string][] {
    let entries = this.mapEntries.get(agent);
    if (entries === undefined) this.mapEntries.set(agent, (entries = Object.entries(agent.sourceMap)));
    return entries;
  }

  /**
   * What the target cannot hold of an extension value, in the words of a loss message (without its
   * ending), and the effect of that loss when it is less than the value's own. A value the parse
   * used is never said to be lost whole: one that chose a canonical field (an Agent Spec
   * component_type that names the provider or the tool kind) is that field's spelling, a
   * representation; an object whose other members the parse read into the agent (an AgentMug
   * source whose id, label and description are a knowledge base) loses only the members that
   * stayed behind. An empty list or object holds nothing to lose: a representation too.
   */
  lostExtension(agent: IrAgent, format: string, rel: string, targetLabel: string): { payload: LostValue; effect?: Effect } {
    const v = agent.extensions[format]?.[rel];
    const value = format === agent.origin.format ? nameIn(agent, rel) : dotted(rel);
    const place = this.extensionPlace(agent, format, rel);
    let read = this.readPlaces.get(agent);
    if (read === undefined) {
      // Each extension value asks for its own place: the first canonical path read at each source
      // place, and every place at or above one (a value whose members the parse read), looked up, not scanned.
      const first = new Map<string, string>();
      for (const [ir, src] of this.entriesOf(agent)) {
        if (ir === "" || ir.startsWith("/extensions/")) continue;
        if (!first.has(src)) first.set(src, ir);
      }
      this.readPlaces.set(agent, (read = { first }));
    }
    // A reference the reading could not resolve (origin.unresolved), which only the origin's format writes back.
    const unresolved = format === agent.origin.format && agent.origin.unresolved !== undefined ? Object.entries(agent.origin.unresolved).find(([, u]) => u.at === place) : undefined;
    if (unresolved !== undefined) {
      const u = unresolved[1];
      if (unresolved[0] === "/tools") {
        // A tool list with a reference nothing read resolves: the target has tools, but not that one's definition.
        return { payload: { value, carried: `holds $component_ref "${u.ref}", a tool no document read defines (${u.near === undefined ? "a component of another file" : `did you mean "${u.near}"?`}): the agent is written without its tools`, rest: "the reference", target: targetLabel }, effect: "behaviour" };
      }
      const what = unresolved[0] === "/models" ? "model" : dotted(unresolved[0]);
      return { payload: { value, is: `the ${what} reference "${u.ref}" (could not be resolved${u.near === undefined ? "" : `: did you mean "${u.near}"?`}; the agent is written without a ${what})`, target: targetLabel } };
    }
    // A value the parse set aside on purpose at the place of a field the target has (origin.setAside): not the agent's field there.
    const aside = format === agent.origin.format && agent.origin.setAside !== undefined ? Object.entries(agent.origin.setAside).find(([, u]) => u.at === place) : undefined;
    if (aside !== undefined) return { payload: { value, ...(v === undefined ? {} : { shown: v }), aside: aside[1].is, not: `the agent's ${dotted(aside[0])}`, why: `which ${aside[1].instead}`, target: targetLabel } };
    // A null holds nothing: the target lacks no field for it (an Agent Spec description: null).
    if (v === null) return { payload: { value, nothing: "null", target: targetLabel }, effect: "representation" };
    const chose = read.first.get(place);
    if (chose !== undefined && v !== undefined && !isObject(v) && !Array.isArray(v)) {
      const field = parsePointer(chose).at(-1) ?? chose;
      return { payload: { value, shown: v, chose: `the ${FIELD_WORDS[field] ?? field}`, target: targetLabel }, effect: "representation" };
    }
    if (isObject(v) && Object.keys(v).length > 0 && (read.within ??= placesWithin(read.first)).has(place)) {
      return { payload: { value, parts: Object.keys(v), target: targetLabel } };
    }
    if (isEmpty(v)) return { payload: { value, aside: Array.isArray(v) ? "an empty list" : "empty", target: targetLabel }, effect: "representation" };
    return { payload: { value, target: targetLabel } };
  }

  /** Reports every value another format's adapter kept in the agent's extensions: the target cannot hold them. */
  dropForeignExtensions(agent: IrAgent, targetLabel: string, targetFile?: string): void {
    const named = this.namedPlaces(agent);
    for (const [format, bag] of Object.entries(agent.extensions)) {
      if (format === this.targetFormat) continue;
      const isLinkSetting = linkSettings(agent, format);
      for (const rel of Object.keys(bag)) {
        const extra = targetFile === undefined ? {} : { targetFile };
        if (isPrivateExtension(format, rel, bag[rel])) {
          // Counted, never quoted: the content of private data appears in no output and no message.
          const v = bag[rel];
          const p = privateDataOf(format);
          this.atExtension(agent, "private-omitted", format, rel, { ...(Array.isArray(v) ? { entries: v.length } : {}), what: p?.what ?? "private data", ...(p ? { only: p.only } : {}), target: targetLabel }, extra);
        } else if (isLinkSetting(rel)) {
          this.atExtension(agent, "dropped-link", format, rel, { is: "a setting of a sub-agent tool (its templates are links to other agents)", target: targetLabel }, extra);
        } else if (!named.has(this.extensionPlace(agent, format, rel))) {
          const lost = this.lostExtension(agent, format, rel, targetLabel);
          this.atExtension(agent, "dropped-field", format, rel, lost.payload, lost.effect ? { ...extra, effect: lost.effect } : extra);
        }
      }
    }
  }

  /** A required target field filled with a derived value. */
  defaulted(agent: IrAgent, targetPointer: string, payload: FilledRequired, targetFile?: string): void {
    const extra = targetFile === undefined ? { targetPointer } : { targetPointer, targetFile };
    this.atSource(agent, "defaulted-required", "", payload, extra);
  }

  private about(d: Diagnostic, s: Subject): void {
    let entry = this.records.get(d);
    if (entry === undefined) this.records.set(d, (entry = { d }));
    entry.s = s;
    const list = this.byAgent.get(s.agent);
    if (list) list.push(entry);
    else this.byAgent.set(s.agent, [entry]);
  }

  push(d: Diagnostic): void {
    const entry = this.records.get(d);
    if (entry === undefined) this.records.set(d, { d, i: this.diagnostics.length });
    else entry.i = this.diagnostics.length;
    this.diagnostics.push(d);
  }

  subjectOf(d: Diagnostic): Subject | undefined {
    return this.records.get(d)?.s;
  }

  /** The diagnostics about `agent` (those with a subject), in the order they were raised: a copy. */
  aboutAgent(agent: IrAgent): AboutAgent[] {
    const list = this.byAgent.get(agent);
    return list === undefined ? [] : list.map((e) => ({ d: e.d, s: e.s! }));
  }

  /** Puts `next` in the place of `d`, keeping what it is about. */
  replace(d: Diagnostic, next: Diagnostic): void {
    const entry = this.records.get(d);
    const known = entry?.i;
    // The array is public: a caller that pushed or moved diagnostics itself is found by a search.
    const i = known !== undefined && this.diagnostics[known] === d ? known : this.diagnostics.indexOf(d);
    if (i === -1) return;
    this.diagnostics[i] = next;
    const had = this.records.get(next);
    this.records.delete(d);
    if (entry === undefined) {
      // `d` was pushed by hand and never raised here: `next` takes its place, and keeps what it had.
      if (had === undefined) this.records.set(next, { d: next, i });
      else had.i = i;
      return;
    }
    // `next` keeps a payload of its own (one raised here), else takes the loss's; it is about what `d` was.
    // Its words are its raiser's: a later qualify leaves them as they are.
    delete entry.reads;
    entry.d = next;
    entry.i = i;
    if (had?.payload !== undefined) entry.payload = had.payload;
    if (entry.s === undefined && had?.s !== undefined) entry.s = had.s;
    this.records.set(next, entry);
  }
}

/** One name as agents read it, in one Reporter (Reporter.readings). */
interface Reading {
  at: string;
  held: Held[];
  qualified?: boolean;
}

/** What the Reporter holds of one diagnostic: the entry the stash reads back (d, s) and its bookkeeping. */
interface Held {
  d: Diagnostic;
  /** Its index in `diagnostics`, when the Reporter put it there. */
  i?: number;
  payload?: PayloadOf<DiagnosticCode>;
  s?: Subject;
  /** Its value's name as its agent reads it (nameIn), when the Reporter spelled it so. */
  reads?: { agent: IrAgent; name: string };
}

/**
 * What became of a document-level value that the source's parse used (Adapter.documentValueUse):
 * the words that follow its name in a loss message, and `representation` when losing it as written
 * changes nothing the agents do.
 */
export interface DocumentValueUse {
  /** What the value became ("lists the agents, which are carried"). */
  text: string;
  /** What of it has no counterpart in the target; "as written, it" when only its spelling is lost. */
  lost?: string;
  effect?: "representation";
}

/**
 * The loss (its payload) of a document-level value the target cannot hold, and the loss's effect
 * when it is less than the value's: a used value says what it became, never that it was lost whole.
 */
export function lostDocumentValue(rel: string, value: unknown, targetLabel: string, use?: DocumentValueUse): { payload: LostValue; effect?: Effect } {
  const name = dotted(rel);
  if (!use && isEmpty(value)) return { payload: { value: name, aside: Array.isArray(value) ? "an empty list" : "empty", target: targetLabel }, effect: "representation" };
  if (!use) return { payload: { value: name, target: targetLabel } };
  return { payload: { value: name, carried: use.text, ...(use.lost === undefined ? {} : { rest: use.lost }), target: targetLabel }, ...(use.effect ? { effect: use.effect } : {}) };
}

/** A place inside an x-agentport stash (relative to an agent: the member anywhere its format's slot puts it). */
/** The codes of a value the target required and the source lacked: raised at the agent's root, they sit at its definition. */
const FILLED_IN: ReadonlySet<DiagnosticCode> = new Set(["defaulted-required", "defaulted-placeholder"]);

const isStashPlace = (p: string): boolean => p.includes(`/${STASH_KEY}/`);

/** An empty list or object: nothing in it for a runtime to act on. */
const isEmpty = (v: unknown): boolean => (Array.isArray(v) && v.length === 0) || (isObject(v) && Object.keys(v).length === 0);

/** How a loss message names a canonical field a source value chose. */
const FIELD_WORDS: Readonly<Record<string, string>> = { provider: "model's provider", kind: "tool's kind" };

/**
 * The IR paths to report a lost field at. A field whose source member also holds
 * other values (Caplo `policy` holds the limits, and guidance, reasoning…) is
 * reported member by member at each member's own pointer, so no value is
 * reported twice (once with the whole member, once on its own).
 */
function preciseParts(agent: IrAgent, field: string, mapEntries: () => readonly [string, string][]): string[] {
  const value = (agent as unknown as Record<string, unknown>)[firstToken(field) ?? ""];
  const src = agent.sourceMap[field];
  if (!isObject(value) || src === undefined) return [field];
  const members = Object.keys(value).filter((k) => value[k] !== undefined).map((k) => `${field}/${escapeToken(k)}`);
  if (members.length === 0 || members.some((m) => agent.sourceMap[m] === undefined || agent.sourceMap[m] === src)) return [field];
  const inside = (p: string) => p !== src && isAncestorOrSelf(src, p);
  const sharedByMap = mapEntries().some(([ir, s]) => !isAncestorOrSelf(field, ir) && inside(s));
  const sharedByExtension = Object.keys(agent.extensions[agent.origin.format] ?? {}).some(inside);
  return sharedByMap || sharedByExtension ? members : [field];
}

/** Every source place at or above one the parse read a canonical value from (`first`'s keys): asked only for an object value. */
function placesWithin(first: ReadonlyMap<string, string>): Set<string> {
  const within = new Set<string>();
  for (const src of first.keys()) {
    for (let p = src; !within.has(p); p = p.slice(0, Math.max(0, p.lastIndexOf("/")))) {
      within.add(p);
      if (p === "") break;
    }
  }
  return within;
}
