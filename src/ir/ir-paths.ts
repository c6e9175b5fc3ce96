// The canonical IR paths, read from the zod model (src/ir/model.ts), so a coverage
// declaration can be checked to name a real field.
import { irSchemas } from "./model.js";
import { parsePointer } from "./pointer.js";
import { setKey, type JsonObject, type JsonValue } from "./json.js";

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

type UnionMember = { kind?: string; shape: Record<string, unknown> };
const membersOf = new WeakMap<object, UnionMember[] | undefined>();

/** A union's members (each object option's shape and `kind` literal), worked out once per schema object. */
function unionMembers(s: unknown): UnionMember[] | undefined {
  if (typeof s !== "object" || s === null) return undefined;
  if (membersOf.has(s)) return membersOf.get(s);
  const m = readUnion(s);
  membersOf.set(s, m);
  return m;
}

function readUnion(s: unknown): UnionMember[] | undefined {
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
  walk(irSchemas().IrAgent, "");
  return out;
}

/** Whether `path` names a canonical IR field (a leaf, a container, or a place inside a free-form value). */
export function isIrPath(path: string): boolean {
  let s: unknown = irSchemas().IrAgent;
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


/**
 * `value`, the IR value at `path`, with each object's members in the IR model's order (members the
 * model does not name after them, as they were). A parser builds some IR objects in its source's
 * member order (Caplo's policy, a mas budget), and an emitter writes them in its own: a stash that
 * copied the value as read would differ between A → B and A → B → A → B by order alone (session 12).
 */
export function inIrOrder(path: string, value: JsonValue): JsonValue {
  // Most stashed values are strings and numbers: no member order to look up.
  if (typeof value !== "object" || value === null) return value;
  return ordered(schemaAt(path), value);
}

// The schema at a path depends on its field names only (an index is any array item): worked out once
// per path shape, as irSchemas builds the model once. Only shapes the model has are kept, so the
// table is bounded by the model: a path through an extension bag or a free-form value holds the
// user's own keys (a long-lived process converting many documents would keep every one), and its
// walk ends at the first member the model does not name anyway.
const schemaByShape = new Map<string, unknown>();

function schemaAt(path: string): unknown {
  const shape = path.replace(/\/(?:0|[1-9][0-9]*)(?=\/|$)/g, "/#");
  const known = schemaByShape.get(shape);
  if (known !== undefined) return known;
  const s = walkTo(path);
  if (s !== undefined) schemaByShape.set(shape, s);
  return s;
}

/** How many path shapes the schema table holds (a test's view of its bound). */
export function schemaShapesKept(): number {
  return schemaByShape.size;
}

function walkTo(path: string): unknown {
  let s: unknown = irSchemas().IrAgent;
  for (const t of parsePointer(path)) {
    const u = unwrap(s);
    const d = def(u);
    if (d?.type === "array") {
      s = d["element"];
      continue;
    }
    const shape = objectShape(u);
    const next = shape !== undefined ? shape[t] : undefined;
    if (next === undefined || !Object.prototype.hasOwnProperty.call(shape, t)) return undefined;
    s = next;
  }
  return s;
}

/**
 * How `ordered` treats a value of one schema: an array's item schema, an object's member schemas in
 * the model's order, a union's members (matched by kind), or nothing to order. Worked out once per
 * schema object: unwrapping zod's wrappers per value and member was most of a stash's reordering.
 */
type OrderPlan =
  | { kind: "array"; element: unknown }
  | { kind: "object"; keys: readonly string[]; shape: Record<string, unknown> }
  | { kind: "union"; members: UnionMember[] }
  | { kind: "none" };
const plans = new WeakMap<object, OrderPlan>();
const NO_PLAN: OrderPlan = { kind: "none" };

function planOf(s: unknown): OrderPlan {
  if (typeof s !== "object" || s === null) return NO_PLAN;
  let plan = plans.get(s);
  if (plan !== undefined) return plan;
  const u = unwrap(s);
  const d = def(u);
  const shape = objectShape(u);
  const members = unionMembers(u);
  plan = d?.type === "array" ? { kind: "array", element: d["element"] } : shape !== undefined ? { kind: "object", keys: Object.keys(shape), shape } : members !== undefined ? { kind: "union", members } : NO_PLAN;
  plans.set(s, plan);
  return plan;
}

function ordered(s: unknown, v: JsonValue): JsonValue {
  const plan = planOf(s);
  if (Array.isArray(v)) return plan.kind === "array" ? v.map((x) => ordered(plan.element, x)) : v;
  if (typeof v !== "object" || v === null) return v;
  // An object member of a union (a tool of one kind): its own members' order, matched by its kind.
  let shape: Record<string, unknown> | undefined;
  let keys: readonly string[] | undefined;
  if (plan.kind === "object") ({ shape, keys } = plan);
  else if (plan.kind === "union") {
    shape = (plan.members.find((m) => m.kind !== undefined && m.kind === v["kind"]) ?? (plan.members.length === 1 ? plan.members[0] : undefined))?.shape;
    keys = shape === undefined ? undefined : Object.keys(shape);
  }
  if (shape === undefined || keys === undefined) return v;
  const out: JsonObject = {};
  for (const k of keys) if (Object.prototype.hasOwnProperty.call(v, k)) setKey(out, k, ordered(shape[k], v[k] as JsonValue));
  for (const k of Object.keys(v)) if (!Object.prototype.hasOwnProperty.call(shape, k)) setKey(out, k, v[k] as JsonValue);
  return out;
}
