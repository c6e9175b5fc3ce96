// Shared helpers of the Agent Spec parser and emitter: members kept verbatim in
// extensions.agentspec under their input pointer, and put back from there.
import type { IrAgent } from "../../ir/model.js";
import { keepExtension } from "../../ir/agent.js";
import { cloneJson, isObject, orderKeys, setKey, type JsonObject, type JsonValue } from "../../ir/json.js";
import { isAncestorOrSelf, join, parsePointer } from "../../ir/pointer.js";
import { A2A_ORDER, AGENT_ORDER, FORMAT, LLM_ORDER, TOOL_ORDER, TOOL_TYPES } from "./spec.js";

/** Keeps `v` at `pointer`: an object with members is kept member by member, so each can be reported (and placed) on its own. */
export function keepDeep(a: IrAgent, pointer: string, v: JsonValue): void {
  if (isObject(v) && Object.keys(v).length > 0) {
    for (const k of Object.keys(v)) keepDeep(a, join(pointer, k), v[k] as JsonValue);
    return;
  }
  keepExtension(a, FORMAT, pointer, cloneJson(v));
}

/**
 * Keeps every member of `obj` except those in `skip`, a component's in the order the emitter writes
 * its members (rebuild, then reorder): the emitter does not keep a source's member order, so kept in
 * the source's they would ride in a stash in one order and, read back from what was written, in
 * another (session 12: a RemoteTool's query_params before its inputs, then after).
 */
export function keepMembers(a: IrAgent, obj: JsonObject, pointer: string, skip: readonly string[]): void {
  const order = memberOrder(obj["component_type"]);
  const keys = order === undefined ? Object.keys(obj) : Object.keys(orderKeys({ ...obj }, order));
  for (const k of keys) if (!skip.includes(k)) keepDeep(a, join(pointer, k), obj[k] as JsonValue);
}

/** The member order the emitter writes a component of this type in, if it has one. */
function memberOrder(type: JsonValue | undefined): readonly string[] | undefined {
  if (typeof type !== "string") return undefined;
  if (type === "Agent") return AGENT_ORDER;
  if (type === "A2AAgent") return A2A_ORDER;
  if (TOOL_TYPES.includes(type)) return TOOL_ORDER;
  if (/Config$/.test(type) && type !== "A2AConnectionConfig") return LLM_ORDER;
  return undefined;
}

/**
 * The extension values kept under `base` (a component's input pointer), rebuilt
 * into an object, leaving out the subtrees in `exclude` (sub-components built on their own).
 */
export function rebuild(ext: JsonObject, base: string, exclude: readonly string[] = []): JsonObject {
  const out: JsonObject = {};
  const keys = Object.keys(ext).filter((k) => k !== base && isAncestorOrSelf(base, k) && !exclude.some((e) => isAncestorOrSelf(e, k)));
  // Parents before children: an empty object kept for its own sake is filled by its members' values.
  keys.sort((x, y) => parsePointer(x).length - parsePointer(y).length);
  for (const k of keys) {
    const tokens = parsePointer(k).slice(parsePointer(base).length);
    const last = tokens.pop();
    if (last === undefined) continue;
    let cur: JsonValue = out;
    for (const t of tokens) {
      if (!isObject(cur)) break;
      if (!isObject(cur[t])) setKey(cur, t, {});
      cur = cur[t] as JsonValue;
    }
    if (isObject(cur)) setKey(cur, last, cloneJson(ext[k] as JsonValue));
  }
  return out;
}

/** The kept value at exactly `pointer`, if any. */
export function kept(ext: JsonObject, pointer: string): JsonValue | undefined {
  return Object.prototype.hasOwnProperty.call(ext, pointer) ? ext[pointer] : undefined;
}

/**
 * The document as the stash guards see it (src/ir/stash-guard.ts): without any Agent's
 * metadata.x-agentport, and without a metadata object that held nothing else. Each stash is
 * computed before any is written and checked after all are, so neither sees the others.
 */
export function withoutStashes(v: JsonValue, member: string): JsonValue {
  if (Array.isArray(v)) return v.map((x) => withoutStashes(x, member));
  if (!isObject(v)) return v;
  const out: JsonObject = {};
  for (const k of Object.keys(v)) setKey(out, k, withoutStashes(v[k] as JsonValue, member));
  const md = out["metadata"];
  if (out["component_type"] === "Agent" && isObject(md)) {
    delete md[member];
    if (Object.keys(md).length === 0) delete out["metadata"];
  }
  return out;
}

/** Reorders an object's members in place (it may be referenced from several places). */
export function reorder(o: JsonObject, order: readonly string[]): void {
  const sorted = orderKeys({ ...o }, order);
  for (const k of Object.keys(o)) delete o[k];
  Object.assign(o, sorted);
}
