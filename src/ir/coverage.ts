// The schema coverage matrix: what happens to every property path of each official
// schema on the way to each other format. Each adapter declares, as data
// (src/adapters/<fmt>/coverage.ts), how its parser maps its own schema's paths and
// how its emitter treats each canonical IR field; the matrix for S → T joins S's
// parse declaration with T's emit declaration. docs/mapping.md is rendered from it.
import type { DiagnosticCode } from "./diagnostics.js";
import { IrAgent } from "./model.js";
import { escapeToken, parsePointer } from "./pointer.js";

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

export type ParseRule =
  /**
   * Mapped to canonical IR field(s); several when one value fills several fields.
   * `changed`: parse itself already changes the value's form and raises that code.
   * `extensionWhen`: the condition under which parse keeps the value in extensions instead.
   */
  | { ir: string | readonly string[]; effect?: ValueEffect; changed?: DiagnosticCode; extensionWhen?: string; note?: string }
  /**
   * Kept verbatim in extensions.<format>. `private` values are never carried into another format, stash or
   * not (private-omitted). `linkWhen`: the values of which a loss is a lost link (dropped-link), not a field.
   * `part`: a member of the value that, under `when`, fills a canonical IR field instead (and follows its emit declaration).
   * `read`: a diagnostic the parser itself raises for such values, under `when`.
   */
  | { extension: true; effect?: ValueEffect; private?: boolean; note?: string; linkWhen?: string; part?: { ir: string; when: string }; read?: { code: DiagnosticCode; when: string } }
  /** Not agent data (a format marker, a container of agents): metadata. */
  | { ignored: string }
  /**
   * An object or array whose members have their own declarations; it gets no row of its own,
   * unless `kept` says when the parser keeps the whole value in extensions instead (an empty one).
   * Its effect is its own `effect`, else the strongest of its members' (behaviour over metadata).
   */
  | { container: true; kept?: string; effect?: ValueEffect };

/** How an emitter treats one canonical IR field. */
export type EmitRule =
  | "exact"
  | { transformed: DiagnosticCode; when?: string }
  | { stashed: DiagnosticCode; when?: string }
  | { dropped: DiagnosticCode; when?: string }
  | { defaulted: DiagnosticCode; when?: string };

/** One rule, or the usual outcome first followed by the value-dependent exceptions (each with `when`). */
export type EmitDecl = EmitRule | readonly EmitRule[];

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
  /** Canonical IR path (or "prefix/**") → how emit handles it. */
  emit: Readonly<Record<string, EmitDecl>>;
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
// Schema paths

/** Below this many segments a schema is not followed further (a safety net; free-form objects stop earlier). */
export const MAX_SCHEMA_DEPTH = 10;

export interface SchemaPath {
  /** "/model/temperature", "/tools/[]", "/spec/context/*", "/metadata/<^x->". */
  path: string;
  documentLevel: boolean;
  /** An object or array without declared members: its content is opaque and gets no deeper paths. */
  opaque: boolean;
  /** Has declared members (child paths). */
  container: boolean;
}

type Node = Readonly<Record<string, unknown>>;
interface Facet {
  node: Node;
  doc: Node;
  refs: readonly string[];
}

function isNode(v: unknown): v is Node {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function docId(doc: Node): string {
  return typeof doc["$id"] === "string" ? doc["$id"].replace(/#$/, "") : "";
}

function at(doc: Node, pointer: string): Node | undefined {
  let cur: unknown = doc;
  for (const t of parsePointer(pointer)) {
    if (Array.isArray(cur)) cur = cur[Number(t)];
    else if (isNode(cur) && Object.prototype.hasOwnProperty.call(cur, t)) cur = cur[t];
    else return undefined;
  }
  return isNode(cur) ? cur : undefined;
}

function resolveRef(ref: string, doc: Node, registry: ReadonlyMap<string, Node>): { key: string; node: Node; doc: Node } | undefined {
  const hash = ref.indexOf("#");
  const base = hash === -1 ? ref : ref.slice(0, hash);
  const frag = hash === -1 ? "" : decodeURIComponent(ref.slice(hash + 1));
  let target = doc;
  if (base !== "") {
    let abs = base;
    try {
      abs = new URL(base, docId(doc) || undefined).href;
    } catch {
      // a relative ref without a base id: look it up as written
    }
    const found = registry.get(abs) ?? registry.get(base);
    if (!found) return undefined;
    target = found;
  }
  const node = at(target, frag);
  return node ? { key: `${docId(target)}#${frag}`, node, doc: target } : undefined;
}

/** The node and everything that applies at the same path: its $ref and its allOf/anyOf/oneOf/if/then/else branches. */
function expand(f: Facet, registry: ReadonlyMap<string, Node>, out: Facet[]): void {
  out.push(f);
  const n = f.node;
  if (typeof n["$ref"] === "string") {
    const r = resolveRef(n["$ref"], f.doc, registry);
    // A ref already being expanded above this path is a cycle: stop there.
    if (r && !f.refs.includes(r.key)) expand({ node: r.node, doc: r.doc, refs: [...f.refs, r.key] }, registry, out);
  }
  for (const k of ["allOf", "anyOf", "oneOf"]) {
    const list = n[k];
    if (Array.isArray(list)) for (const b of list) if (isNode(b)) expand({ ...f, node: b }, registry, out);
  }
  for (const k of ["if", "then", "else"]) {
    const b = n[k];
    if (isNode(b)) expand({ ...f, node: b }, registry, out);
  }
}

function children(facets: readonly Facet[]): Map<string, Facet[]> {
  const out = new Map<string, Facet[]>();
  const add = (seg: string, node: unknown, f: Facet): void => {
    if (!isNode(node)) return;
    const list = out.get(seg) ?? [];
    list.push({ ...f, node });
    out.set(seg, list);
  };
  for (const f of facets) {
    const n = f.node;
    if (isNode(n["properties"])) for (const [k, v] of Object.entries(n["properties"])) add(escapeToken(k), v, f);
    if (isNode(n["patternProperties"])) for (const [k, v] of Object.entries(n["patternProperties"])) add(`<${k}>`, v, f);
    if (isNode(n["additionalProperties"])) add("*", n["additionalProperties"], f);
    if (isNode(n["items"])) add("[]", n["items"], f);
    for (const k of ["items", "prefixItems"]) {
      const tuple = n[k];
      if (Array.isArray(tuple)) for (const v of tuple) add("[]", v, f);
    }
  }
  return out;
}

function typed(facets: readonly Facet[], type: string): boolean {
  return facets.some((f) => f.node["type"] === type || (Array.isArray(f.node["type"]) && f.node["type"].includes(type)));
}

/** Every property path of a format's schema, in schema order, relative to one agent. */
export function enumerateSchemaPaths(spec: SchemaSpec): SchemaPath[] {
  const registry = new Map<string, Node>();
  for (const d of [...spec.roots.map((r) => r.document), ...(spec.documents ?? [])]) if (docId(d)) registry.set(docId(d), d);
  const docLevel = new Set(spec.documentLevel ?? []);
  const found = new Map<string, SchemaPath>();
  const walk = (path: string, facets: Facet[], depth: number, limit: number): void => {
    const all: Facet[] = [];
    for (const f of facets) expand(f, registry, all);
    const kids = depth < Math.min(limit, MAX_SCHEMA_DEPTH) ? children(all) : new Map<string, Facet[]>();
    if (path !== "") {
      const prev = found.get(path);
      // Without members and without a scalar type or enum, the value is free-form: its content is opaque.
      const scalar = all.some((f) => "const" in f.node || "enum" in f.node || ["string", "number", "integer", "boolean", "null"].some((t) => typed([f], t)));
      const opaque = kids.size === 0 && !scalar;
      found.set(path, {
        path,
        documentLevel: docLevel.has(path),
        opaque: (prev?.opaque ?? false) || opaque,
        container: (prev?.container ?? false) || kids.size > 0,
      });
    }
    for (const [seg, list] of kids) walk(`${path}/${seg}`, list, depth + 1, limit);
  };
  for (const r of spec.roots) {
    const node = at(r.document, r.pointer);
    if (!node) throw new Error(`schema root ${docId(r.document)}#${r.pointer} not found`);
    walk("", [{ node, doc: r.document, refs: [] }], 0, r.depth ?? MAX_SCHEMA_DEPTH);
  }
  return [...found.values()];
}

function segMatches(seg: string, token: string): boolean {
  if (seg === "[]") return /^(0|[1-9][0-9]*)$/.test(token);
  if (seg === "*") return true;
  if (seg.startsWith("<") && seg.endsWith(">")) {
    try {
      return new RegExp(seg.slice(1, -1), "u").test(token);
    } catch {
      return false;
    }
  }
  return seg === escapeToken(token);
}

/**
 * The schema path a concrete pointer (relative to its agent) falls under: the deepest
 * enumerated path it matches, literal names before patterns before "*". Inside an
 * opaque value the opaque path itself. Undefined for members the schema does not name.
 */
export function schemaPathOf(paths: readonly SchemaPath[], relPointer: string): SchemaPath | undefined {
  const byParent = new Map<string, SchemaPath[]>();
  for (const p of paths) {
    const parent = p.path.slice(0, p.path.lastIndexOf("/"));
    byParent.set(parent, [...(byParent.get(parent) ?? []), p]);
  }
  const rank = (seg: string): number => (seg === "*" ? 2 : seg.startsWith("<") ? 1 : 0);
  let cur = "";
  let hit: SchemaPath | undefined;
  for (const token of parsePointer(relPointer)) {
    const next = (byParent.get(cur) ?? [])
      .filter((p) => segMatches(p.path.slice(cur.length + 1), token))
      .sort((a, b) => rank(a.path.slice(cur.length + 1)) - rank(b.path.slice(cur.length + 1)))[0];
    if (!next) return hit?.opaque ? hit : undefined;
    hit = next;
    cur = next.path;
  }
  return hit;
}

// ---------------------------------------------------------------------------
// Canonical IR paths, read from the zod model

interface ZodLike {
  _zod: { def: Record<string, unknown> & { type: string } };
}

function def(s: unknown): (Record<string, unknown> & { type: string }) | undefined {
  return typeof s === "object" && s !== null && "_zod" in s ? (s as ZodLike)._zod.def : undefined;
}

function unwrap(s: unknown): unknown {
  let d = def(s);
  while (d && (d.type === "optional" || d.type === "nullable" || d.type === "default")) {
    s = d["innerType"];
    d = def(s);
  }
  return s;
}

/** Not canonical fields: bookkeeping every agent has. */
const NOT_CANONICAL = new Set(["origin", "extensions", "sourceMap", "home"]);

function objectShape(s: unknown): Record<string, unknown> | undefined {
  const d = def(unwrap(s));
  return d?.type === "object" ? (d["shape"] as Record<string, unknown>) : undefined;
}

function unionMembers(s: unknown): { kind?: string; shape: Record<string, unknown> }[] | undefined {
  const d = def(unwrap(s));
  if (d?.type !== "union" || !Array.isArray(d["options"])) return undefined;
  return (d["options"] as unknown[]).map((o) => {
    const shape = objectShape(o) ?? {};
    const lit = def(shape["kind"]);
    const values = lit?.type === "literal" && Array.isArray(lit["values"]) ? (lit["values"] as unknown[]) : [];
    return typeof values[0] === "string" ? { kind: values[0], shape } : { shape };
  });
}

/** Every canonical IR leaf path ("[]" for array items; free-form JSON values are leaves). */
export function irLeafPaths(): string[] {
  const out: string[] = [];
  const walk = (s: unknown, path: string): void => {
    const u = unwrap(s);
    const d = def(u);
    const shape = objectShape(u);
    const members = unionMembers(u);
    if (shape) {
      for (const k of Object.keys(shape)) if (path !== "" || !NOT_CANONICAL.has(k)) walk(shape[k], `${path}/${k}`);
    } else if (members) {
      const seen = new Set<string>();
      for (const m of members) for (const k of Object.keys(m.shape)) if (!seen.has(k)) (seen.add(k), walk(m.shape[k], `${path}/${k}`));
    } else if (d?.type === "array") walk(d["element"], `${path}/[]`);
    else out.push(path);
  };
  walk(IrAgent, "");
  return out;
}

/** Whether `path` names a canonical IR field (a leaf, a container, or a place inside a free-form value). */
export function isIrPath(path: string): boolean {
  let s: unknown = IrAgent;
  const tokens = parsePointer(path);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as string;
    if (i === 0 && NOT_CANONICAL.has(t)) return false;
    const u = unwrap(s);
    const d = def(u);
    if (d?.type === "array") {
      const kind = /^\[(.+)\]$/.exec(t)?.[1];
      if (t !== "[]" && !/^(0|[1-9][0-9]*)$/.test(t) && kind === undefined) return false;
      if (kind !== undefined && !(unionMembers(d["element"]) ?? []).some((m) => m.kind === kind)) return false;
      s = d["element"];
      if (kind !== undefined) s = { _zod: { def: { type: "object", shape: unionMembers(d["element"])!.find((m) => m.kind === kind)!.shape } } };
      continue;
    }
    if (d?.type === "record" || d?.type === "lazy") return true;
    const shape = objectShape(u);
    const members = unionMembers(u);
    const next = shape?.[t] ?? members?.find((m) => t in m.shape)?.shape[t];
    if (next === undefined || !Object.prototype.hasOwnProperty.call(shape ?? members?.find((m) => t in m.shape)?.shape ?? {}, t)) return false;
    s = next;
  }
  return true;
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
function irSpellings(path: string): string[] {
  const general = path.replace(/\/\[[^\]/]+\]/g, "/[]").replace(/\/(0|[1-9][0-9]*)(?=\/|$)/g, "/[]");
  return general === path ? [path] : [path, general];
}

/** The emit declaration that covers an IR path: its own, its generalised spelling, else the nearest declared ancestor. */
export function emitDeclarationOf(cov: FormatCoverage, irPath: string): { key: string; decl: EmitDecl } | undefined {
  // A declaration for the specific spelling (or a subtree holding it) wins over the general one.
  for (const s of irSpellings(irPath)) {
    if (cov.emit[s] !== undefined) return { key: s, decl: cov.emit[s] };
    for (let p = s.slice(0, s.lastIndexOf("/")); p !== ""; p = p.slice(0, p.lastIndexOf("/"))) {
      for (const key of [`${p}/**`, p]) if (cov.emit[key] !== undefined) return { key, decl: cov.emit[key] };
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// The matrix

export type Status = "exact" | "transformed" | "stashed" | "dropped" | "ignored" | "undeclared";
const RANK: Record<Status, number> = { ignored: 0, exact: 1, transformed: 2, stashed: 3, dropped: 4, undeclared: 5 };
export const STATUSES: readonly Status[] = ["exact", "transformed", "stashed", "dropped", "ignored"];

export interface Outcome {
  code: string;
  when?: string;
}

export interface MatrixRow {
  /** Schema path, or "prefix/**" for a subtree declared as a whole. */
  path: string;
  documentLevel: boolean;
  /** Canonical IR paths, "ext" (kept in extensions, maybe followed by the IR path a part fills), or "" (ignored). */
  ir: string;
  /** The source adapter's remark on the path. */
  note?: string;
  /** What the value is for the agent, as the source adapter declares it (containers: their strongest member). */
  effect: ValueEffect;
  status: Status;
  /** The diagnostics this conversion raises for the value; exceptions carry their condition. */
  outcomes: Outcome[];
  /** Schema paths the row stands for (more than one for a subtree). */
  covers: number;
}

function ruleParts(r: EmitRule): { status: Status; outcome?: Outcome } {
  if (r === "exact") return { status: "exact" };
  const [key, code] = Object.entries(r).find(([k]) => k !== "when") as [string, string];
  const status: Status = key === "defaulted" ? "transformed" : (key as Status);
  return { status, outcome: r.when === undefined ? { code } : { code, when: r.when } };
}

/** The usual status of a declaration (its first rule) and every code it may raise. */
export function summarise(decl: EmitDecl): { status: Status; outcomes: Outcome[] } {
  const rules: readonly EmitRule[] = typeof decl === "string" || !Array.isArray(decl) ? [decl as EmitRule] : decl;
  const parts = rules.map(ruleParts);
  return { status: parts[0]?.status ?? "undeclared", outcomes: parts.flatMap((p) => (p.outcome ? [p.outcome] : [])) };
}

/** What converting `source` to `target` does with the value at one declared path. */
export function rowFor(target: FormatCoverage, rule: ParseRule): Omit<MatrixRow, "path" | "documentLevel" | "covers" | "effect"> {
  if ("ignored" in rule) return { ir: "", status: "ignored", outcomes: [{ code: "", when: rule.ignored }] };
  if ("container" in rule) {
    if (rule.kept === undefined) return { ir: "", status: "ignored", outcomes: [] };
    return { ir: "ext", status: target.stash ? "stashed" : "dropped", outcomes: [{ code: target.stash ? "stashed-value" : "dropped-field", when: `${rule.kept} (kept whole in ext)` }] };
  }
  if ("extension" in rule) {
    if (rule.private === true) return { ir: "ext", status: "dropped", outcomes: [{ code: "private-omitted" }] };
    const outcomes: Outcome[] = [];
    if (rule.read !== undefined) outcomes.push({ code: rule.read.code, when: `${rule.read.when}, read (parse)` });
    outcomes.push({ code: target.stash ? "stashed-value" : "dropped-field" });
    // With a stash a lost link rides in it like any other value.
    if (rule.linkWhen !== undefined && !target.stash) outcomes.push({ code: "dropped-link", when: rule.linkWhen });
    let status: Status = target.stash ? "stashed" : "dropped";
    if (rule.part !== undefined) {
      const found = emitDeclarationOf(target, rule.part.ir);
      const s = found ? summarise(found.decl) : { status: "undeclared" as Status, outcomes: [] };
      if (s.status === "undeclared") status = "undeclared";
      for (const o of s.outcomes) {
        // The value's own unconditional code already covers that part.
        if (outcomes.some((x) => x.code === o.code && x.when === undefined)) continue;
        outcomes.push({ code: o.code, when: o.when === undefined ? rule.part.when : `${rule.part.when}, ${o.when}` });
      }
    }
    return { ir: rule.part === undefined ? "ext" : `ext, ${rule.part.ir}`, status, outcomes };
  }
  const irs = typeof rule.ir === "string" ? [rule.ir] : [...rule.ir];
  let status: Status = rule.changed === undefined ? "ignored" : "transformed";
  const outcomes: Outcome[] = rule.changed === undefined ? [] : [{ code: rule.changed, when: "read (parse)" }];
  if (rule.extensionWhen !== undefined) outcomes.push({ code: target.stash ? "stashed-value" : "dropped-field", when: `${rule.extensionWhen} (kept in ext)` });
  for (const ir of irs) {
    const found = emitDeclarationOf(target, ir);
    const s = found ? summarise(found.decl) : { status: "undeclared" as Status, outcomes: [] };
    if (RANK[s.status] > RANK[status]) status = s.status;
    for (const o of s.outcomes) if (!outcomes.some((x) => x.code === o.code && x.when === o.when)) outcomes.push(o);
  }
  return { ir: irs.join(", "), status, outcomes };
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

/** One row per declared path of `source` (subtrees once), in schema order. */
export function buildMatrix(source: FormatCoverage, target: FormatCoverage): MatrixRow[] {
  const rows: MatrixRow[] = [];
  const byKey = new Map<string, MatrixRow>();
  for (const p of enumerateSchemaPaths(source.schema)) {
    const found = parseDeclarationOf(source, p.path);
    if (!found) {
      rows.push({ path: p.path, documentLevel: p.documentLevel, ir: "", effect: "behaviour", status: "undeclared", outcomes: [], covers: 1 });
      continue;
    }
    if ("container" in found.rule && found.rule.kept === undefined) continue;
    const prev = byKey.get(found.key);
    if (prev) {
      prev.covers++;
      continue;
    }
    const row: MatrixRow = { path: found.key, documentLevel: p.documentLevel, covers: 1, effect: effectOfDeclaration(source, found.key), ...rowFor(target, found.rule) };
    if ("note" in found.rule && found.rule.note !== undefined) row.note = found.rule.note;
    byKey.set(found.key, row);
    rows.push(row);
  }
  return rows;
}

// ---------------------------------------------------------------------------
// docs/mapping.md

function cell(s: string): string {
  return s.replace(/\|/g, "\\|");
}

function outcomeText(o: Outcome): string {
  if (o.code === "") return o.when ?? "";
  return o.when === undefined ? `\`${o.code}\`` : `\`${o.code}\` when ${o.when}`;
}

/** The generated mapping document: an intro, then one table and one summary line per direction. */
export function renderMapping(coverages: readonly FormatCoverage[]): string {
  const list = (xs: readonly string[]) => (xs.length < 2 ? xs.join("") : `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`);
  const withSlot = coverages.filter((c) => c.stash).map((c) => c.label);
  const without = coverages.filter((c) => !c.stash).map((c) => c.label);
  const lines: string[] = [
    "# Format mapping: the coverage matrix",
    "",
    "<!-- GENERATED by scripts/gen-mapping.mjs from src/adapters/*/coverage.ts: do not edit. Run `npm run build && npm run docs:mapping`. -->",
    "",
    `For each of the ${coverages.length * (coverages.length - 1)} conversion directions, one row per property path of the source format's official schema,`,
    "saying what becomes of a value found there. The rows are derived from two declarations: how the source",
    "adapter's parser maps the path (`src/adapters/<source>/coverage.ts`, `parse`) and how the target adapter's",
    "emitter treats the canonical IR field it lands in (`src/adapters/<target>/coverage.ts`, `emit`).",
    "`test/coverage.test.ts` fails when a schema path has no declaration, when a declaration names a path the schema",
    "lacks, when an IR path is not a canonical field, and when a path declared `exact` does not come back unchanged",
    "from a round trip of a golden case. The reasoning behind each decision is in `docs/adapters/*.md`.",
    "",
    "Effects (declared once per source path by the source adapter, `effect` in its `parse` declarations; every",
    "diagnostic about a value takes its effect, and so its severity, from here: see docs/diagnostics.md):",
    "",
    "- **behaviour**: the value changes what the model sees, may call or is limited by. Lost or changed, it is a warning,",
    "  also when the stash keeps it for the way back (the agent on the target does not have it).",
    "- **metadata**: identity, display, catalogue or UI-only (ids, names, descriptions shown to people, versions, tags,",
    "  export stamps, `x-` UI keys, eval cases). Lost or changed, it is a note (info).",
    "",
    "A value carried in another shape (a `transformed` row's reshaping) is `representation`, a note.",
    "",
    "Statuses:",
    "",
    "- **exact**: carried unchanged. A code listed with a condition is the exception, raised only for such values.",
    "- **transformed**: carried in another form (renamed, joined, split, clamped, moved); the code is the diagnostic raised.",
    "- **stashed**: the target cannot hold it in a field of its own; it rides in the target's `x-agentport` slot and comes back (`stashed-value`).",
    "- **dropped**: not carried; reported with the code shown at the value's pointer (or its parent item's).",
    "",
    `${list(withSlot)} ${withSlot.length === 1 ? "has" : "have"} the \`x-agentport\` slot${without.length ? ` and ${list(without)} ${without.length === 1 ? "has" : "have"} none` : ""}, so the tables into ${list(withSlot)} show the`,
    "default, the stash on: every loss or change the way back undoes is reported as `stashed-value` (a value carried in",
    "another form is *transformed* with that code). With `--no-stash` (`stash: false`) those values are lost again and",
    "reported as the target would without a slot: `dropped-field`, `dropped-link` for a sub-agent link or a sub-agent",
    `tool's settings, \`clamped-value\`, \`truncated-value\` or \`transformed-value\`, as in the tables into ${list(without) || "a format without one"}.`,
    `Values a format declares private (${coverages.flatMap((c) => (c.privateValues ? [c.privateValues] : [])).join(", ")}) are never stashed and left out of every other format (\`private-omitted\`).`,
    "- **ignored**: not agent data (format markers, the list of agents in a bundle); each format writes its own.",
    "",
    `Paths are JSON-Pointer-like and relative to one agent: ${list(coverages.map((c) => c.relativeTo))}. \`[]\` is any array`,
    "item, `*` any member of a map, `<re>` a member whose name matches the pattern. A row ending in `/**` stands for",
    "a whole subtree the adapter handles as one value (the count says how many schema paths it covers). The walk",
    "follows `properties`, `patternProperties`, `additionalProperties` schemas, `items`, `$ref` (into further schema",
    `files by file path) and \`allOf\`/\`anyOf\`/\`oneOf\`/\`if\`/\`then\`/\`else\` branches. It stops at a cycle, at ${MAX_SCHEMA_DEPTH} levels,`,
    "and at a free-form value (an object or array without declared members, such as an `inputSchema` or plugin",
    "`params`), whose content is opaque. Members that a schema admits only through `additionalProperties: true`",
    "have no row: they are reported like the member that holds them, unless a format's note below says otherwise.",
    "",
    ...coverages.flatMap((c) => (c.notes ?? []).map((n) => `- **${c.label}**: ${n}`)),
    ...(coverages.some((c) => c.notes?.length) ? [""] : []),
    "In the IR column, `0` is the one primary item a single-model or single-prompt format has, `[]` any item, and",
    "`[kind]` a tool of that kind; `ext` means kept in `extensions.<source format>` (followed by an IR path when a part",
    "of the value fills that field). A code \"when ..., read (parse)\" is raised by the source's parser, whatever the target.",
    "",
  ];
  for (const s of coverages) {
    for (const t of coverages) {
      if (s === t) continue;
      const rows = buildMatrix(s, t);
      lines.push(`## ${s.format} → ${t.format}`, "");
      const count = (st: Status) => rows.filter((r) => r.status === st).reduce((n, r) => n + r.covers, 0);
      const total = rows.reduce((n, r) => n + r.covers, 0);
      lines.push(`${s.label} → ${t.label}: ${total} schema paths in ${rows.length} rows: ${STATUSES.map((st) => `${count(st)} ${st}`).join(", ")}${count("undeclared") ? `, ${count("undeclared")} UNDECLARED` : ""}.`, "");
      lines.push("| source path | IR | effect | status | code |", "|---|---|---|---|---|");
      for (const r of rows) {
        const path = `\`${r.path}\`${r.documentLevel ? " *(document)*" : ""}${r.covers > 1 ? ` (${r.covers} paths)` : ""}`;
        const ir = (r.ir === "" ? "—" : r.ir.split(", ").map((x) => (x === "ext" ? x : `\`${x}\``)).join(", ")) + (r.note ? ` (${r.note})` : "");
        lines.push(`| ${cell(path)} | ${cell(ir)} | ${r.effect} | ${r.status} | ${cell(r.outcomes.map(outcomeText).join("; "))} |`);
      }
      lines.push("");
    }
  }
  return lines.join("\n");
}
