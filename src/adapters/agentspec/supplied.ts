// Components another input of the run supplies (pyagentspec's disaggregated configuration: a
// main file names its llm_config and tools by $component_ref, a second file of
// $referenced_components only defines them, and the runtime loads both). Named together in one
// run, the main file's references resolve there: each component it names and does not define is
// read as if the main file's own $referenced_components defined it, at the pointer it has in the
// component file (/$referenced_components/<id>), so the hub names findings about it by that file.
import type { SchemaIssue, SuppliedInput, SuppliedPart } from "../types.js";
import { isObject, type JsonObject, type JsonValue } from "../../ir/json.js";
import { join } from "../../ir/pointer.js";
import { resolveRefs, REFS, type Resolved } from "./refs.js";
import { validateAgentspec } from "./validate.js";

export interface WithSupplied {
  /** The document with the supplied components it names in its root $referenced_components. */
  data: JsonObject;
  res: Resolved;
  parts: SuppliedPart[];
  /** Schema issues of the document with them: in the supplied components only (the input alone was valid). */
  issues: SchemaIssue[];
}

/**
 * The document read with the components the supplied inputs define for its unresolved references
 * (the first input defining an id gives it; ids those components name in turn are taken too), or
 * undefined when no supplied input defines any. A reference defined somewhere in the document,
 * out of its sight, is the document's mistake, never resolved elsewhere.
 */
export function withSupplied(data: JsonObject, res: Resolved, supplied: readonly SuppliedInput[]): WithSupplied | undefined {
  const own = isObject(data[REFS]) ? data[REFS] : {};
  const defs: JsonObject = {};
  const parts: SuppliedPart[] = [];
  let merged: JsonObject | undefined;
  for (;;) {
    let added = false;
    for (const u of res.unresolved) {
      if (Object.prototype.hasOwnProperty.call(defs, u.id) || res.defined.some((d) => d.id === u.id)) continue;
      const from = supplied.find((s) => definesId(s.data, u.id));
      if (from === undefined) continue;
      Object.defineProperty(defs, u.id, { value: asComponent((from.data as JsonObject)[REFS] as JsonObject, u.id), enumerable: true, writable: true, configurable: true });
      parts.push({ pointer: join("", REFS, u.id), file: from.file });
      added = true;
    }
    if (!added) break;
    merged = withKey(data, REFS, { ...own, ...defs });
    res = resolveRefs(merged);
  }
  if (merged === undefined) return undefined;
  // Only the supplied components are new to the schema check: an issue elsewhere is the input's, which the hub checked.
  const issues = validateAgentspec(merged).filter((i) => parts.some((p) => i.pointer === p.pointer || i.pointer.startsWith(p.pointer + "/")));
  return { data: merged, res, parts, issues };
}

function definesId(data: JsonValue, id: string): boolean {
  const refs = isObject(data) ? data[REFS] : undefined;
  return isObject(refs) && Object.prototype.hasOwnProperty.call(refs, id);
}

/**
 * The component as a member of a $referenced_components: without the agentspec_version pyagentspec
 * writes beside each root component of the component file, which the schema allows only at a
 * document's root. Its pointer in both files is the same.
 */
function asComponent(refs: JsonObject, id: string): JsonValue {
  const c = refs[id] as JsonValue;
  if (!isObject(c) || !("agentspec_version" in c)) return c;
  const out: JsonObject = {};
  for (const k of Object.keys(c)) if (k !== "agentspec_version") Object.defineProperty(out, k, { value: c[k], enumerable: true, writable: true, configurable: true });
  return out;
}

function withKey(data: JsonObject, key: string, value: JsonValue): JsonObject {
  const out: JsonObject = {};
  for (const k of Object.keys(data)) Object.defineProperty(out, k, { value: k === key ? value : data[k], enumerable: true, writable: true, configurable: true });
  if (!(key in out)) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}
