// Which effect a diagnostic has: the hub turns each diagnostic's place into the
// effect its source adapter declared for that path (src/adapters/<format>/coverage.ts,
// `effect` on every parse rule), so the code, docs/mapping.md and the diagnostics
// cannot disagree. A value a stash brought back is judged by the canonical field it
// fills; a value the target filled in (at the agent's root) by the target path it fills.
// A loss of a value its path declares inert (`inert`: the format's own default, which every target
// behaves as) is judged by the value itself: it changes nothing the agent does.
import { DIAGNOSTIC_CODES, withEffect, type CatalogEntry, type Category, type Diagnostic, type Effect } from "./diagnostics.js";
import { inertBesideOf, inertValuesOf, type FormatCoverage, type InertBeside, type InertValues, type ValueEffect } from "./coverage.js";
import { deepEqual, isObject, setKey, type JsonObject, type JsonValue } from "./json.js";
import { schemaPathIndex, schemaPathOf, type SchemaPathIndex } from "./schema-paths.js";
import { effectsBySchemaPath, schemaEffectTable, schemaPathsOf, type SchemaEffectTable } from "./schema-effects.js";
import { escapeToken, generalIrPath, isAncestorOrSelf, parsePointer } from "./pointer.js";

/** The member every stash lives in (src/ir/stash.ts); its places are judged by what they hold. */
const STASH_KEY = "x-agentport";

/** Where an agent of a read document sits, and in which format. */
export interface AgentPlace {
  file?: string;
  pointer: string;
  format: string;
  /** The place is a multi-agent document's root (its own members), not an agent. */
  document?: boolean;
  /** The place, relative to an agent of the format, that `pointer` stands for (IrOrigin.places); "" when absent. */
  as?: string;
}

interface Prepared {
  cov: FormatCoverage;
  /** The schema paths by parent, built once: each diagnostic's effect looks several places up. */
  index: SchemaPathIndex;
  /** Declared effect per schema path (containers: their own, else the strongest below them). */
  bySchemaPath: Map<string, ValueEffect>;
  /**
   * ofSource's answers by place (relative to the agent): a document's diagnostics name the same
   * places again and again (each agent of a bundle, each tool's same member). Emptied when full.
   */
  known: Map<string, ValueEffect | null>;
  /** Schema path → the values at which it is inert (coverage `inert`). */
  inert: Map<string, InertValues>;
  /** inertAt's answers by place, as `known`: a bundle's agents lose the same members. */
  inertKnown: Map<string, InertValues | null>;
  /** Schema path → the members its inert values are compared without (coverage `inertBeside`). */
  beside: Map<string, InertBeside>;
  /**
   * ofSourceOrBelow's answers by schema path: each agent's unset settings are reported at the same
   * few objects (AgentMug's /blueprint, each agent of a bundle), and each answer walks every path.
   */
  below: Map<string, ValueEffect | null>;
}

/** At most this many places are remembered per format (a bound for long batch runs). */
const KNOWN_PLACES = 4096;

const strongest = (a: ValueEffect | undefined, b: ValueEffect | undefined): ValueEffect | undefined => (a === "behaviour" || b === "behaviour" ? "behaviour" : a ?? b);

/** The effects of a set of formats' declarations, ready for lookups. */
export class EffectIndex {
  private readonly formats = new Map<string, Prepared>();
  /** The declarations by format; a format's table is prepared on its first lookup (a one-file run needs one or two of them). */
  private readonly declared = new Map<string, FormatCoverage>();
  /** Canonical IR path ("[]" for items and kinds) → the effect the parse rules that fill it declare. */
  private readonly byIrPath = new Map<string, ValueEffect>();

  /**
   * `tables`: the formats' schema paths and effects made at build time (Adapter.schemaEffects); a
   * format without one has its schema walked on its first lookup (15–230 ms a format).
   */
  constructor(
    coverages: readonly FormatCoverage[],
    private readonly tables: ReadonlyMap<string, SchemaEffectTable> = new Map(),
  ) {
    for (const cov of coverages) {
      this.declared.set(cov.format, cov);
      for (const rule of Object.values(cov.parse)) {
        if ("ignored" in rule || "container" in rule || rule.effect === undefined) continue;
        const irs = "ir" in rule ? (typeof rule.ir === "string" ? [rule.ir] : rule.ir) : rule.part !== undefined ? [rule.part.ir] : [];
        for (const ir of irs) {
          const g = generalIrPath(ir);
          const e: ValueEffect = rule.effect;
          this.byIrPath.set(g, strongest(this.byIrPath.get(g), e) ?? e);
        }
      }
    }
  }

  private prepared(format: string): Prepared | undefined {
    const known = this.formats.get(format);
    if (known) return known;
    const cov = this.declared.get(format);
    if (!cov) return undefined;
    const table = this.tables.get(format) ?? schemaEffectTable(cov);
    const f: Prepared = { cov, index: schemaPathIndex(schemaPathsOf(table)), bySchemaPath: effectsBySchemaPath(table), known: new Map(), inert: inertValuesOf(cov), inertKnown: new Map(), beside: inertBesideOf(cov), below: new Map() };
    this.formats.set(format, f);
    return f;
  }

  /** The declared effect of a place in a document of `format`, relative to its agent; undefined when nothing declares it. */
  ofSource(format: string, rel: string): ValueEffect | undefined {
    // A stash rides where its format's slot is (a top-level member, an Agent Spec component's metadata).
    const at = stashAt(rel);
    if (at !== -1) return this.ofStash(parsePointer(rel.slice(at)).slice(1));
    const f = this.prepared(format);
    if (!f) return undefined;
    const known = f.known.get(rel);
    if (known !== undefined) return known ?? undefined;
    const effect = this.lookUp(f, rel);
    if (f.known.size >= KNOWN_PLACES) f.known.clear();
    f.known.set(rel, effect ?? null);
    return effect;
  }

  private lookUp(f: Prepared, rel: string): ValueEffect | undefined {
    if (f.cov.undeclaredEffects && rel !== "" && !schemaPathOf(f.index, rel)) {
      const e = longestMatch(f.cov.undeclaredEffects, rel);
      if (e) return e;
    }
    for (let p = rel; ; p = p.slice(0, p.lastIndexOf("/"))) {
      const sp = p === "" ? undefined : schemaPathOf(f.index, p);
      if (sp) return f.bySchemaPath.get(sp.path);
      if (p === "") return undefined;
    }
  }

  /**
   * The values at which the place (relative to an agent of `format`) is inert: declared for its own
   * schema path, not an ancestor's (inside an opaque value, schemaPathOf answers the opaque path).
   */
  inertAt(format: string, rel: string): InertValues | undefined {
    const f = this.prepared(format);
    if (!f || f.inert.size === 0 || rel === "") return undefined;
    const known = f.inertKnown.get(rel);
    if (known !== undefined) return known ?? undefined;
    const sp = schemaPathOf(f.index, rel);
    const inert = sp && parsePointer(sp.path).length === parsePointer(rel).length ? f.inert.get(sp.path) : undefined;
    if (f.inertKnown.size >= KNOWN_PLACES) f.inertKnown.clear();
    f.inertKnown.set(rel, inert ?? null);
    return inert;
  }

  /**
   * The strongest effect declared at or below a place (relative to an agent of `format`): what the
   * object there can hold. A setting a diagnostic says the agent goes without (a default the target
   * assumes instead) is not the place's own value, which may be a null or empty object declared
   * metadata, but one that would go in it. Remembered by schema path (a schema has few).
   */
  ofSourceOrBelow(format: string, rel: string): ValueEffect | undefined {
    const f = this.prepared(format);
    const sp = f && rel !== "" ? schemaPathOf(f.index, rel) : undefined;
    if (!f || !sp) return this.ofSource(format, rel);
    const known = f.below.get(sp.path);
    if (known !== undefined) return known ?? undefined;
    let e: ValueEffect | undefined;
    for (const [path, declared] of f.bySchemaPath) if (path === sp.path || path.startsWith(sp.path + "/")) e = strongest(e, declared);
    f.below.set(sp.path, e ?? null);
    return e;
  }

  /** The members the inert values of the place (see inertAt) are compared without; asked only where it has some. */
  inertBesideAt(format: string, rel: string): InertBeside | undefined {
    const f = this.prepared(format);
    if (!f || f.beside.size === 0) return undefined;
    const sp = schemaPathOf(f.index, rel);
    return sp ? f.beside.get(sp.path) : undefined;
  }

  /** The declared effect of a member of a document of `format` (not of one of its agents); undefined when nothing declares it. */
  ofDocument(format: string, rel: string): ValueEffect | undefined {
    return longestMatch(this.declared.get(format)?.documentEffects, rel) ?? this.ofSource(format, rel);
  }

  /** The effect of a canonical IR path: the declarations that fill it, else what they fill below it, else above it. */
  ofIr(irPointer: string): ValueEffect | undefined {
    const g = generalIrPath(irPointer);
    if (this.byIrPath.has(g)) return this.byIrPath.get(g);
    let below: ValueEffect | undefined;
    for (const [q, e] of this.byIrPath) if (q.startsWith(g + "/")) below = strongest(below, e);
    if (below !== undefined) return below;
    for (let p = g.slice(0, g.lastIndexOf("/")); p !== ""; p = p.slice(0, p.lastIndexOf("/"))) if (this.byIrPath.has(p)) return this.byIrPath.get(p);
    return undefined;
  }

  /** Places inside a stash: `ir/<IR pointer>/…`, `extensions|document/<format>/<pointer>/…`; the rest is bookkeeping. */
  private ofStash(tokens: readonly string[]): ValueEffect | undefined {
    const [part, a, b, ...rest] = tokens;
    const tail = (t: readonly (string | undefined)[]) => t.filter((x): x is string => x !== undefined).map((x) => "/" + escapeToken(x)).join("");
    if (part === undefined) return undefined;
    if (part === "ir" && a !== undefined) return this.ofIr(a + tail([b, ...rest]));
    // A value stashed from another format is judged as that format judges it where it was read: an agent's value, or its document's.
    if (part === "extensions" && a !== undefined && b !== undefined) return this.ofSource(a, b + tail(rest));
    if (part === "document" && a !== undefined && b !== undefined) return this.ofDocument(a, b + tail(rest));
    return "metadata";
  }

  /**
   * The place a value stands for: inside a stash, an extension value of another format is that
   * format's place (`extensions/<format>/<pointer>/…`), a document-level one that format's
   * document's place; any other place stands for itself. A stashed value is the value as it was
   * read at home, so the home's inert values (inertAt) apply to it there.
   */
  homePlace(format: string, rel: string): { format: string; rel: string; document?: true } {
    const at = stashAt(rel);
    if (at === -1) return { format, rel };
    const [part, a, b, ...rest] = parsePointer(rel.slice(at)).slice(1);
    if ((part !== "extensions" && part !== "document") || a === undefined || b === undefined) return { format, rel };
    const home = b + rest.map((x) => "/" + escapeToken(x)).join("");
    return part === "document" ? { format: a, rel: home, document: true } : { format: a, rel: home };
  }
}

/** Where the stash member starts in a place (relative to an agent): the index of its "/x-agentport" token, or -1. */
function stashAt(rel: string): number {
  for (let i = rel.indexOf(`/${STASH_KEY}`); i !== -1; i = rel.indexOf(`/${STASH_KEY}`, i + 1)) {
    const end = i + STASH_KEY.length + 1;
    if (end === rel.length || rel.charCodeAt(end) === 47) return i;
  }
  return -1;
}

/** The effect of the longest key at or above `rel` (a `<^x->` token stands for any x- member). */
function longestMatch(declared: Readonly<Record<string, ValueEffect>> | undefined, rel: string): ValueEffect | undefined {
  if (!declared) return undefined;
  const tokens = parsePointer(rel);
  let best: { length: number; effect: ValueEffect } | undefined;
  for (const [key, effect] of Object.entries(declared)) {
    const k = parsePointer(key);
    if (k.length > tokens.length || (best && k.length <= best.length)) continue;
    if (k.every((t, i) => (t === "<^x->" ? (tokens[i] ?? "").startsWith("x-") : t === tokens[i]))) best = { length: k.length, effect };
  }
  return best?.effect;
}

function isInert(inert: InertValues, v: JsonValue | undefined, beside?: InertBeside): boolean {
  if (v === undefined) return false;
  let value = v;
  if (beside !== undefined && isObject(v)) {
    const rest: JsonObject = {};
    for (const k of Object.keys(v)) if (!beside.includes(k)) setKey(rest, k, v[k] as JsonValue);
    value = rest;
  }
  return inert.some((x) => deepEqual(x, value));
}


/** The declared effect of a place in an output of `format` (a filled-in required value), relative to its agent. */
function ofTarget(index: EffectIndex, coverages: readonly FormatCoverage[], format: string, pointer: string): ValueEffect | undefined {
  const agentsAt = coverages.find((c) => c.format === format)?.agents;
  let rel = pointer;
  if (agentsAt !== undefined && rel.startsWith(agentsAt + "/")) rel = rel.slice(agentsAt.length).replace(/^\/[0-9]+/, "");
  return index.ofSource(format, rel);
}

/**
 * The agent a source place belongs to: the deepest agent of that file whose pointer holds it.
 * Agents are indexed by file once. A file read as one agent at its root (most documents) answers
 * without a test: every place of it is that agent's. A file of a few agents (a bundle, an Agent
 * Spec document with components) tests each of them, which builds no string; a file of many has
 * each place look up its own ancestors, so a bundle of n agents does not compare each
 * diagnostic with all n.
 */
function agentFinder(agents: readonly AgentPlace[]): (file: string | undefined, pointer: string) => AgentPlace | undefined {
  const byPlace = new Map<string | undefined, Map<string, AgentPlace>>();
  for (const a of agents) {
    const inFile = byPlace.get(a.file) ?? new Map<string, AgentPlace>();
    byPlace.set(a.file, inFile);
    // The first of agents at the same place, as a scan in order would keep.
    if (!inFile.has(a.pointer)) inFile.set(a.pointer, a);
  }
  const few = new Map<string | undefined, AgentPlace[]>();
  for (const [file, inFile] of byPlace) if (inFile.size <= FEW_AGENTS) few.set(file, [...inFile.values()]);
  return (file, pointer) => {
    const listed = few.get(file);
    if (listed !== undefined) {
      if (listed.length === 1 && listed[0]!.pointer === "") return listed[0];
      // The deepest that holds the place: one agent per pointer, so no two tie.
      let best: AgentPlace | undefined;
      for (const a of listed) if ((best === undefined || a.pointer.length > best.pointer.length) && isAncestorOrSelf(a.pointer, pointer)) best = a;
      return best;
    }
    const inFile = byPlace.get(file);
    if (!inFile) return undefined;
    for (let q = pointer; ; q = q.slice(0, q.lastIndexOf("/"))) {
      const a = inFile.get(q);
      if (a && isAncestorOrSelf(a.pointer, pointer)) return a;
      if (q === "" || q.lastIndexOf("/") === -1) break;
    }
    return inFile.get("");
  };
}

/** Up to this many agents in one file, each place is tested against each (agentFinder). */
const FEW_AGENTS = 8;

/** The source value at a place of an input (its file as diagnostics name it); undefined when unknown. */
export type SourceValue = (file: string | undefined, pointer: string) => JsonValue | undefined;

/** The categories of a loss: the target does without the value (dropped, or only in its stash). */
const LOSSES: ReadonlySet<Category> = new Set(["dropped", "stashed"]);

/**
 * Gives each diagnostic whose code's effect depends on the value ("value", "reshape") the
 * effect the coverage declarations give its place, and the severity that follows. A place no
 * declaration covers counts as behaviour. A loss of a value its place declares inert (compared
 * through `valueAt`; without it, none is) is representation: the target behaves as that value.
 * Idempotent: resolving twice gives the same result.
 */
export function resolveEffects(diagnostics: readonly Diagnostic[], coverages: readonly FormatCoverage[], agents: readonly AgentPlace[], index: EffectIndex = new EffectIndex(coverages), valueAt?: SourceValue): Diagnostic[] {
  const effectOf = effectJudge(coverages, agents, index, valueAt);
  return diagnostics.map((d) => withEffect(d, effectOf(d)));
}

/**
 * resolveEffects for one diagnostic at a time: the effect `d` has once judged (its own when its
 * code's effect is fixed), for a caller that makes each diagnostic's final copy in one pass.
 */
export function effectJudge(coverages: readonly FormatCoverage[], agents: readonly AgentPlace[], index: EffectIndex = new EffectIndex(coverages), valueAt?: SourceValue): (d: Diagnostic) => Effect {
  const agentOf = agentFinder(agents);
  return (d) => {
    const entry = DIAGNOSTIC_CODES[d.code] as CatalogEntry;
    const rule = entry.effect;
    if (rule !== "value" && rule !== "reshape") return d.effect;
    let value: ValueEffect | undefined;
    if (d.source) {
      const agent = agentOf(d.source.file, d.source.pointer);
      const rel = agent ? (agent.as ?? "") + d.source.pointer.slice(agent.pointer.length) : d.source.pointer;
      // At the agent's root, a filled-in value is judged by the target place it fills.
      if (rel === "" && d.target?.pointer !== undefined) value = ofTarget(index, coverages, d.target.format, d.target.pointer);
      // A value the target assumes in place of an unset one (a default) would go in the place named.
      else if (agent) value = agent.document ? index.ofDocument(agent.format, rel) : entry.category === "defaulted" ? index.ofSourceOrBelow(agent.format, rel) : index.ofSource(agent.format, rel);
      if (value === "behaviour" && d.effect === "behaviour" && valueAt && agent && !agent.document && LOSSES.has(entry.category)) {
        // A stashed value is compared with its home format's inert values, at its home place.
        const home = index.homePlace(agent.format, rel);
        const inert = home.document ? undefined : index.inertAt(home.format, home.rel);
        if (inert && isInert(inert, valueAt(d.source.file, d.source.pointer), index.inertBesideAt(home.format, home.rel))) return "representation";
      }
    }
    const v: ValueEffect = value ?? "behaviour";
    // The value changed or was lost (the raiser's effect is behaviour): it has the value's effect; a reshape
    // (the raiser's effect is representation) is representation, or metadata for a metadata value.
    return d.effect === "behaviour" ? v : v === "metadata" ? "metadata" : "representation";
  };
}
