// The coverage declarations: each adapter declares, as data (src/adapters/<fmt>/coverage.ts),
// how its parser maps its own schema's paths and how its emitter treats each canonical IR
// field, with the effect of every value. The emit declarations stand beside the code that runs
// them: each field handler of an emitter declares the fields it writes (src/ir/field-handlers.ts),
// and the table here is built from the handlers. This file holds their types and how a declaration
// is looked up. The rest of the job lives by itself: the schema walker (schema-paths.ts), the
// canonical IR paths read from the zod model (ir-paths.ts), the S → T matrix
// (coverage-matrix.ts) and its Markdown rendering, docs/mapping.md (scripts/render-mapping.mjs).
import type { DiagnosticCode } from "./diagnostics.js";
import type { JsonValue } from "./json.js";

// ---------------------------------------------------------------------------
// Declarations

/**
 * How a parser treats one schema path (or, with a key ending in "/**", a whole subtree).
 * IR paths use "[]" for any item of an array, "0" for the one primary item a
 * single-model or single-prompt format produces, and "[<kind>]" for a tool of that kind.
 */
/**
 * What a value at a schema path is, for the agent: `behaviour` (changes what the model sees,
 * may call or is limited by), or `metadata` (identity, display, catalogue, UI-only). Declared
 * once per path here; diagnostics take their effect from it (src/ir/effects.ts). A rule without
 * one counts as behaviour (test/coverage.test.ts requires it of every registered format but the newest).
 */
export type ValueEffect = "behaviour" | "metadata";

/**
 * The values at which a behaviour path is inert: the format's own default for it when absent, which
 * every target behaves as too (MAPPING.md §6; AgentMug `inputs: { accepts: ["text"] }`). Losing
 * exactly such a value changes nothing the agent does, so the hub gives the loss (dropped-field,
 * stashed-value) the representation effect instead of the path's behaviour (src/ir/effects.ts).
 * Compared as JSON (key order aside) with the source value at the diagnostic's own place, and only
 * there: for a "p/**" key they are values of p itself, and a loss deeper under p stays behaviour.
 */
export type InertValues = readonly JsonValue[];

/**
 * Members of an object path's value that never reach the model (AgentMug `inputs.placeholder`, the
 * input box's hint text): compared with the inert values without them, so a UI text beside the
 * default does not make it bear behaviour (`inertBeside`, declared next to `inert`).
 */
export type InertBeside = readonly string[];

export type ParseRule =
  /**
   * Mapped to canonical IR field(s); several when one value fills several fields.
   * `changed`: parse itself already changes the value's form and raises that code.
   * `extensionWhen`: the condition under which parse keeps the value in extensions instead.
   * `chunk`: the key of the prompt part the value fills (Caplo `policy.chatStyle`: `chat_style`), so a
   * stashed part is named at its place (a stash-stale entry).
   */
  | { ir: string | readonly string[]; chunk?: string; effect?: ValueEffect; inert?: InertValues; inertBeside?: InertBeside; changed?: DiagnosticCode; extensionWhen?: string; note?: string }
  /**
   * Kept verbatim in extensions.<format>. `private` values are never carried into another format, stash or
   * not (private-omitted). `linkWhen`: the values of which a loss is a lost link (dropped-link), not a field.
   * `part`: a member of the value that, under `when`, fills a canonical IR field instead (and follows its emit declaration).
   * `read`: a diagnostic the parser itself raises for such values, under `when`.
   */
  | { extension: true; effect?: ValueEffect; inert?: InertValues; inertBeside?: InertBeside; private?: boolean; note?: string; linkWhen?: string; part?: { ir: string; when: string }; read?: ParseNote | readonly ParseNote[] }
  /** Not agent data (a format marker, a container of agents): metadata. */
  | { ignored: string }
  /**
   * An object or array whose members have their own declarations; it gets no row of its own,
   * unless `kept` says when the parser keeps the whole value in extensions instead (an empty one).
   * Its effect is its own `effect`, else the strongest of its members' (behaviour over metadata).
   */
  | { container: true; kept?: string; effect?: ValueEffect; inert?: InertValues; inertBeside?: InertBeside };

/** A diagnostic the parser itself raises for a value, under `when`. */
export interface ParseNote {
  code: DiagnosticCode;
  when: string;
}

/** How an emitter treats one canonical IR field. */
export type EmitRule =
  | "exact"
  | { transformed: DiagnosticCode; when?: string }
  | { stashed: DiagnosticCode; when?: string }
  | { dropped: DiagnosticCode; when?: string }
  | { defaulted: DiagnosticCode; when?: string };

/** One rule, or the usual outcome first followed by the value-dependent exceptions (each with `when`). */
export type EmitDecl = EmitRule | readonly EmitRule[];

/**
 * Canonical IR path (or "prefix/**") → how an emitter treats the field. An adapter's table is built
 * from its field handlers (src/ir/field-handlers.ts: emitTable), each declaring the fields it writes.
 */
export type EmitDecls = Readonly<Record<string, EmitDecl>>;

/** A schema document (or one of its $defs) whose paths are relative to one agent. */
export interface SchemaRoot {
  /** The document that holds the node ($id and local refs resolve against it). */
  document: Readonly<Record<string, unknown>>;
  /** JSON Pointer of the root node inside the document ("" for the whole document). */
  pointer: string;
  /** Only this many levels below the root (a bundle document: its own members, not the agents). */
  depth?: number;
}

export interface SchemaSpec {
  roots: readonly SchemaRoot[];
  /** Further documents that refs may name by $id (mas fragments). */
  documents?: readonly Readonly<Record<string, unknown>>[];
  /** Paths that belong to the document rather than to an agent. */
  documentLevel?: readonly string[];
}

export interface FormatCoverage {
  format: string;
  label: string;
  schema: SchemaSpec;
  /** Schema path (or "prefix/**") → how parse handles it. */
  parse: Readonly<Record<string, ParseRule>>;
  /** Canonical IR path (or "prefix/**") → how emit handles it: built from the emitter's field handlers (emitTable). */
  emit: EmitDecls;
  /** True once the format has an extension slot that carries every value it cannot hold (other formats' extensions included). */
  stash: boolean;
  /** Where a document of this format holds several agents (an array); their paths are relative to one item. */
  agents?: string;
  /** For the mapping doc: what this format's paths are relative to ("the AgentMug file root"). */
  relativeTo: string;
  /** For the mapping doc: the values this format declares private ("AgentMug `brain` and `memory`"); absent: none. */
  privateValues?: string;
  /** For the mapping doc: how this format's rows read where the general rules do not say (one sentence each). */
  notes?: readonly string[];
  /**
   * The effect of members of the format's own multi-agent documents that no agent schema describes
   * (a mas `kind: MAS` manifest's metadata, its file layout), by pointer from the document's root:
   * the longest key at or above a place wins; a token `<^x->` stands for any `x-` member. Unlisted: behaviour.
   */
  documentEffects?: Readonly<Record<string, ValueEffect>>;
  /** The effect of agent places the schema does not have but the format's runtime accepts (keyed as documentEffects). */
  undeclaredEffects?: Readonly<Record<string, ValueEffect>>;
}

// ---------------------------------------------------------------------------
// Looking declarations up

/** The parse declaration that covers a schema path: its own, else the nearest "prefix/**". */
export function parseDeclarationOf(cov: FormatCoverage, path: string): { key: string; rule: ParseRule } | undefined {
  if (cov.parse[path] !== undefined) return { key: path, rule: cov.parse[path] };
  for (let p = path; p !== ""; p = p.slice(0, p.lastIndexOf("/"))) {
    const key = `${p}/**`;
    if (cov.parse[key] !== undefined) return { key, rule: cov.parse[key] };
  }
  return undefined;
}

/** Spellings of an IR path from the most to the least specific: itself, then with [kind] and primary 0 generalised to []. */
export function irSpellings(path: string): string[] {
  const general = path.replace(/\/\[[^\]/]+\]/g, "/[]").replace(/\/(0|[1-9][0-9]*)(?=\/|$)/g, "/[]");
  return general === path ? [path] : [path, general];
}

/**
 * Schema path → the inert values its own declaration names (a "p/**" key's are p's, unless p has
 * an exact key of its own).
 */
export function inertValuesOf(cov: Pick<FormatCoverage, "parse">): Map<string, InertValues> {
  return declaredPerPath(cov, (rule) => ("inert" in rule ? rule.inert : undefined));
}

/** Schema path → the members its inert values are compared without (`inertBeside`), keyed as inertValuesOf. */
export function inertBesideOf(cov: Pick<FormatCoverage, "parse">): Map<string, InertBeside> {
  return declaredPerPath(cov, (rule) => ("inert" in rule && rule.inert !== undefined && "inertBeside" in rule ? rule.inertBeside : undefined));
}

function declaredPerPath<T>(cov: Pick<FormatCoverage, "parse">, pick: (rule: ParseRule) => T | undefined): Map<string, T> {
  const out = new Map<string, T>();
  for (const [key, rule] of Object.entries(cov.parse)) {
    const value = pick(rule);
    if (value === undefined) continue;
    const path = key.endsWith("/**") ? key.slice(0, -3) : key;
    // An exact key declares the path itself (parseDeclarationOf): a subtree key's values do not apply to it.
    if (key !== path && cov.parse[path] !== undefined) continue;
    out.set(path, value);
  }
  return out;
}

/** The emit declaration that covers an IR path: its own, its generalised spelling, else the nearest declared ancestor. */
export function emitDeclarationOf(cov: Pick<FormatCoverage, "emit">, irPath: string): { key: string; decl: EmitDecl } | undefined {
  // A declaration for the specific spelling (or a subtree holding it) wins over the general one.
  for (const s of irSpellings(irPath)) {
    if (cov.emit[s] !== undefined) return { key: s, decl: cov.emit[s] };
    for (let p = s.slice(0, s.lastIndexOf("/")); p !== ""; p = p.slice(0, p.lastIndexOf("/"))) {
      for (const key of [`${p}/**`, p]) if (cov.emit[key] !== undefined) return { key, decl: cov.emit[key] };
    }
  }
  return undefined;
}

/**
 * The effect a format declares for the value at a schema path (or "prefix/**" key): the rule's own,
 * metadata for a format marker, and for a container without one the strongest of its members'.
 */
export function effectOfDeclaration(cov: FormatCoverage, path: string): ValueEffect {
  const found = parseDeclarationOf(cov, path);
  const rule = found?.rule;
  if (rule === undefined) return "behaviour";
  if ("ignored" in rule) return "metadata";
  if ("container" in rule && rule.effect === undefined) {
    const base = path.endsWith("/**") ? path.slice(0, -3) : path;
    const below = Object.keys(cov.parse).filter((k) => k.startsWith(base + "/"));
    const effects = below.map((k) => effectOfDeclaration(cov, k));
    return effects.includes("behaviour") || effects.length === 0 ? "behaviour" : "metadata";
  }
  return rule.effect ?? "behaviour";
}

