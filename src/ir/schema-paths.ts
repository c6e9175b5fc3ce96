// The schema walker: every property path an official schema (its roots, and further
// documents its refs name) can hold, for the coverage declarations and the effects.
import type { SchemaSpec } from "./coverage.js";
import { escapeToken, parsePointer } from "./pointer.js";

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

/** Enumerated paths by their parent path: build it once (schemaPathIndex) where many places are looked up. */
export type SchemaPathIndex = ReadonlyMap<string, readonly SchemaPath[]>;

export function schemaPathIndex(paths: readonly SchemaPath[]): SchemaPathIndex {
  const byParent = new Map<string, SchemaPath[]>();
  for (const p of paths) {
    const parent = p.path.slice(0, p.path.lastIndexOf("/"));
    const list = byParent.get(parent);
    if (list) list.push(p);
    else byParent.set(parent, [p]);
  }
  return byParent;
}

/**
 * The schema path a concrete pointer (relative to its agent) falls under: the deepest
 * enumerated path it matches, literal names before patterns before "*". Inside an
 * opaque value the opaque path itself. Undefined for members the schema does not name.
 */
export function schemaPathOf(paths: readonly SchemaPath[] | SchemaPathIndex, relPointer: string): SchemaPath | undefined {
  const byParent = Array.isArray(paths) ? schemaPathIndex(paths) : (paths as SchemaPathIndex);
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

