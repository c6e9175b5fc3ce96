// sources[] and evaluation.checks[]: lists that mix canonical items (knowledge,
// eval cases) with items kept raw in extensions.agentmug. Items that came from
// AgentMug go back to their original index; new ones follow, in IR order, and
// are reported.
import type { IrAgent, IrKnowledge } from "../../ir/model.js";
import type { HandlerReporter } from "../../ir/field-handlers.js";
import { cloneJson, isObject, orderKeys, setKey, type JsonObject, type JsonValue } from "../../ir/json.js";
import { uniqueKeys } from "../../ir/slug.js";
import { dotted } from "../../ir/pointer.js";
import { isHome, placementMap } from "../../ir/home.js";
import { FORMAT, LABEL, SOURCE_ORDER } from "./spec.js";
import { caseCheckId, caseToCheck } from "./evals.js";

const MAX_SOURCES = 30;
const MAX_CHECKS = 50;

interface Placed {
  /** Original index in sources[]; new items have none and go last. */
  index: number | undefined;
  value: JsonObject;
}

/** Sources kept raw: the whole list (kept whole only when empty) and the "/sources/<i>" entries no knowledge item claimed. */
function keptSources(a: IrAgent, whole: JsonValue[] | undefined, claimed: ReadonlySet<string>, r: HandlerReporter, file: string): Placed[] {
  const out: Placed[] = [];
  whole?.forEach((v, i) => isObject(v) && out.push({ index: i, value: v }));
  const ext = a.extensions[FORMAT] ?? {};
  for (const [pointer, v] of Object.entries(ext)) {
    const m = /^\/sources\/(0|[1-9][0-9]*)$/.exec(pointer);
    if (!m || claimed.has(pointer)) continue;
    // A kept knowledge remainder whose IR item is gone cannot form a valid entry on its own.
    if (isObject(v) && typeof v["id"] === "string") out.push({ index: Number(m[1]), value: cloneJson(v) });
    else r.atSource(a, "dropped-field", pointer, { aside: "incomplete without its canonical part", target: LABEL }, { targetFile: file });
  }
  return out;
}

function byIndex(items: Placed[]): JsonObject[] {
  return [...items].sort((x, y) => (x.index ?? Infinity) - (y.index ?? Infinity)).map((p) => p.value);
}

/** A portable source role id (^[a-z][a-z0-9._-]{0,79}$) for a knowledge id. */
function sourceId(id: string): string {
  const s = id.toLowerCase().replace(/[^a-z0-9._-]+/g, "-").replace(/^[-._]+|[-._]+$/g, "");
  return (/^[a-z]/.test(s) ? s : `kb-${s}`).slice(0, 80).replace(/[-._]+$/, "") || "kb";
}

export function emitSources(a: IrAgent, whole: JsonValue[] | undefined, r: HandlerReporter, file: string): JsonObject[] | undefined {
  const ext = a.extensions[FORMAT] ?? {};
  const home = placementMap(a, FORMAT);
  const claimed = new Set<string>();
  const known: Placed[] = [];
  const fresh: { k: IrKnowledge; i: number }[] = [];
  (a.knowledge ?? []).forEach((k, i) => {
    const src = home?.[`/knowledge/${i}`];
    const rest = src === undefined ? undefined : ext[src];
    if (src === undefined || !isObject(rest)) return fresh.push({ k, i });
    claimed.add(src);
    const value: JsonObject = cloneJson(rest);
    setKey(value, "id", k.id);
    if (k.label !== undefined) setKey(value, "label", k.label);
    if (k.description !== undefined) setKey(value, "description", k.description);
    known.push({ index: Number(src.slice("/sources/".length)), value: orderKeys(value, SOURCE_ORDER) });
  });
  const items = [...keptSources(a, whole, claimed, r, file), ...known];
  const taken = items.map((p) => String(p.value["id"]));
  const ids = uniqueKeys([...taken, ...fresh.map(({ k }) => sourceId(k.id))]).slice(taken.length);
  fresh.forEach(({ k, i }, n) => {
    const id = ids[n] as string;
    if (items.length >= MAX_SOURCES) {
      r.at(a, "dropped-field", `/knowledge/${i}`, { target: LABEL, why: `which allows at most ${MAX_SOURCES} sources` }, { targetFile: file });
      return;
    }
    // label has minLength 1: an empty label or id falls back to the written id.
    const value: JsonObject = { id, label: k.label || k.id || id };
    if (k.description !== undefined) value["description"] = k.description;
    Object.assign(value, { role: "knowledge", kind: "workspace", required: true, access: { capabilities: ["read", "search"] }, sharing: { strategy: "rebind" } });
    const renamed = id === k.id ? "" : `; its id "${k.id}" is written as "${id}"`;
    r.at(a, "transformed-value", `/knowledge/${i}`, { became: `becomes a source requirement (role knowledge, kind workspace, read and search, rebound by the importing user)${renamed}` }, { targetPointer: `/sources/${items.length}`, targetFile: file });
    items.push({ index: undefined, value });
  });
  return items.length || whole !== undefined ? byIndex(items) : undefined;
}

/** Puts items with a known original index back there and fills the other places with `rest`, in order. */
function interleave(known: { index: number; value: JsonObject }[], rest: JsonObject[]): JsonObject[] {
  const total = known.length + rest.length;
  const slots: (JsonObject | undefined)[] = new Array<JsonObject | undefined>(total).fill(undefined);
  const late: JsonObject[] = [];
  for (const k of known) {
    if (k.index < total && slots[k.index] === undefined) slots[k.index] = k.value;
    else late.push(k.value);
  }
  const queue = [...rest];
  return [...slots.map((s) => s ?? queue.shift()).filter((s): s is JsonObject => s !== undefined), ...queue, ...late];
}

/**
 * evaluation.checks: the kept non-case checks plus one check per IR eval. Evals
 * that came from AgentMug return to their index; others follow, and are reported.
 */
export function emitChecks(a: IrAgent, kept: readonly JsonValue[], r: HandlerReporter, file: string): { checks: JsonObject[]; added: boolean } {
  const home = isHome(a, FORMAT) ? placementMap(a, FORMAT) : undefined;
  const evals = a.evals ?? [];
  const known: { index: number; value: JsonObject }[] = [];
  const fresh: number[] = [];
  evals.forEach((c, i) => {
    const src = home?.[`/evals/${i}`];
    if (src?.startsWith("/evaluation/checks/")) known.push({ index: Number(src.slice("/evaluation/checks/".length)), value: caseToCheck(c) });
    else fresh.push(i);
  });
  const checks = interleave(known, kept.filter(isObject));
  const taken = checks.map((c) => String(c["id"]));
  const ids = uniqueKeys([...taken, ...fresh.map((i) => caseCheckId(evals[i]!))]).slice(taken.length);
  fresh.forEach((i, n) => {
    if (checks.length >= MAX_CHECKS) {
      r.at(a, "dropped-field", `/evals/${i}`, { target: LABEL, why: `which allows at most ${MAX_CHECKS} evaluation checks` }, { targetFile: file });
      return;
    }
    const id = ids[n] as string;
    r.at(a, "transformed-value", `/evals/${i}`, { became: `becomes evaluation check "${id}" (custom, post-run, assertion = desiredOutcome) with the whole case in config.evalCase` }, { targetPointer: `/evaluation/checks/${checks.length}`, targetFile: file });
    checks.push(caseToCheck(evals[i]!, id));
  });
  return { checks, added: fresh.length > 0 };
}
