// Component references when writing: a component written more than once (one
// llm_config for every agent of a bundle), or one the source shared by
// reference, is defined once in a $referenced_components (the one of the
// component the source defined it in, else the document's) and referenced with
// {"$component_ref": id} everywhere it is used. Objects are moved, not copied,
// so callers keep hold of the components they built.
import { deepEqual, isObject, setKey, type JsonObject, type JsonValue } from "../../ir/json.js";
import { get, isAncestorOrSelf, join } from "../../ir/pointer.js";
import { slugKey, uniqueKeys } from "../../ir/slug.js";
import { LLM_PROVIDER } from "./spec.js";
import { REF, REFS } from "./refs.js";

interface Use {
  parent: JsonObject | JsonValue[];
  key: string | number;
  node: JsonObject;
  pointer: string;
}

const isComponent = (v: JsonValue | undefined): v is JsonObject => isObject(v) && typeof v["component_type"] === "string";

/**
 * Shares components of `root` in place. `owners`: the ids the source referenced, each with the pointer of the
 * component whose $referenced_components defined it. `defs` are the document's definitions so far (Swarm agents);
 * definitions that belong to another component are put into its own $referenced_components.
 */
/** A component whose id another, different component of the document also had: given a new one (`renamed`). */
export interface Renamed {
  id: string;
  now: string;
  /** Where the component (or the first of the uses sharing it) was written. */
  pointer: string;
}

export function shareComponents(root: JsonObject, owners: ReadonlyMap<string, string>, defs: JsonObject): Renamed[] {
  const uses = new Map<string, Use[]>();
  const walk = (parent: JsonObject | JsonValue[], key: string | number, v: JsonValue | undefined, pointer: string): void => {
    if (Array.isArray(v)) return v.forEach((x, i) => walk(v, i, x, `${pointer}/${i}`));
    if (!isObject(v)) return;
    if (isComponent(v)) {
      const id = typeof v["id"] === "string" ? `id:${v["id"]}` : (v["component_type"] as string) in LLM_PROVIDER ? `anon:${JSON.stringify(v)}` : undefined;
      if (id !== undefined) uses.set(id, [...(uses.get(id) ?? []), { parent, key, node: v, pointer }]);
    }
    for (const k of Object.keys(v)) if (k !== REF) walk(v, k, v[k], join(pointer, k));
  };
  for (const k of Object.keys(root)) walk(root, k, root[k], join("", k));
  for (const k of Object.keys(defs)) walk(defs, k, defs[k], join("", REFS, k));

  const taken = new Set<string>([...Object.keys(defs)]);
  for (const list of uses.values()) for (const u of list) if (typeof u.node["id"] === "string") taken.add(u.node["id"]);
  const chosen: { id: string; list: Use[] }[] = [];
  const anon: Use[][] = [];
  const renamed: Renamed[] = [];
  for (const [k, list] of uses) {
    if (k.startsWith("id:")) {
      const id = (list[0] as Use).node["id"] as string;
      // One id, several contents (a shared llm_config edited for one agent in another format): a document
      // whose components share an id is read as one of them, so the largest group keeps the id, each other a new one.
      const groups: Use[][] = [];
      for (const u of list) {
        const g = groups.find((x) => deepEqual((x[0] as Use).node, u.node));
        if (g) g.push(u);
        else groups.push([u]);
      }
      // Only an id the source shared by reference (one definition, now several contents): inline components
      // the source itself gave one id are its own spelling, written as they were.
      if (groups.length > 1 && !owners.has(id)) continue;
      const keep = groups.reduce((best, g) => (g.length > best.length ? g : best), groups[0] as Use[]);
      for (const g of groups) {
        let gid = id;
        if (g !== keep) {
          for (let n = 2; taken.has(gid); n++) gid = `${id}-${n}`;
          taken.add(gid);
          for (const u of g) u.node["id"] = gid;
          renamed.push({ id, now: gid, pointer: (g[0] as Use).pointer });
        }
        if (g.length > 1 || (g === keep && owners.has(id))) chosen.push({ id: gid, list: g });
      }
    } else if (list.length > 1) anon.push(list);
  }
  // A config written for several agents without an id of its own gets one from its name.
  const names = uniqueKeys([...taken, ...anon.map((l) => slugKey(String((l[0] as Use).node["name"] ?? "llm-config")))]).slice(taken.size);
  anon.forEach((list, i) => {
    const id = names[i] as string;
    const node = (list[0] as Use).node;
    const withId: JsonObject = {};
    for (const k of Object.keys(node)) {
      withId[k] = node[k] as JsonValue;
      if (k === "component_type") withId["id"] = id;
    }
    for (const k of Object.keys(node)) delete node[k];
    Object.assign(node, withId);
    chosen.push({ id, list });
  });
  for (const { id, list } of chosen) {
    const def = (list[0] as Use).node;
    const owner = owners.get(id);
    const holder = owner !== undefined && owner !== "" ? get(root, owner) : undefined;
    // Defined where the source defined it, when that component is written and every use lies inside it.
    const into = isComponent(holder as JsonValue) && list.every((u) => isAncestorOrSelf(owner as string, u.pointer)) ? ownDefinitions(holder as JsonObject) : defs;
    if (!Object.prototype.hasOwnProperty.call(into, id)) setKey(into, id, def);
    for (const u of list) {
      const ref = { [REF]: id };
      if (Array.isArray(u.parent)) u.parent[u.key as number] = ref;
      else if (u.parent !== into || u.key !== id) setKey(u.parent, u.key as string, ref);
    }
  }
  return renamed;
}

/** A component's own $referenced_components, created last among its members (before agentspec_version). */
export function ownDefinitions(c: JsonObject): JsonObject {
  if (!isObject(c[REFS])) placeDefinitions(c, {}, true);
  return c[REFS] as JsonObject;
}

/** Puts `defs` into the component's $referenced_components (kept definitions first), just before agentspec_version. */
export function placeDefinitions(root: JsonObject, defs: JsonObject, evenEmpty = false): void {
  if (Object.keys(defs).length === 0 && !evenEmpty) return;
  const version = root["agentspec_version"];
  delete root["agentspec_version"];
  const existing = isObject(root[REFS]) ? (root[REFS] as JsonObject) : {};
  delete root[REFS];
  const all: JsonObject = { ...existing };
  for (const k of Object.keys(defs)) if (!Object.prototype.hasOwnProperty.call(all, k)) setKey(all, k, defs[k] as JsonValue);
  root[REFS] = all;
  if (version !== undefined) root["agentspec_version"] = version;
}
