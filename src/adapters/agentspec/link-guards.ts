// The stash guards of an agent's links, by the link's identity instead of its index (review finding 1).
//
// An agent's links are read from a Swarm's relationships (or a ManagerWorkers' workers) in the order
// they are written, and its stash (written by the hub, src/ir/stash.ts) names them by index: `ir`
// entries at /subAgents/<i> of the IR it was written from, each guarded (src/ir/stash-guard.ts) by
// the relationship it was read back from, at /relationships/<r>. Delete one relationship and every
// later one moves up an index: each guard then names another relationship (stale), and the marks
// the user never touched (a mas spawn tool) were lost by position. Before the hub's restore, this
// finds each link the stash speaks of in the document as read now, by the digest of the place it was
// written to (its (caller, callee) pair, unchanged), and renumbers the stash's /subAgents entries,
// guards and placements to that link's index now, guarded where it is now. A link whose place no
// longer reads as written (deleted, retargeted) keeps its old guard at an index past the links read,
// so the hub reports its entries stale and restores none of them. See docs/decisions.md
// ("Spawn marks": what the guard keys on). The hub follows tools and model rows the same way, by
// their identity (src/ir/stash-items.ts); links are found by their place instead.
import type { IrAgent } from "../../ir/model.js";
import { cloneJson, isObject, setKey, type JsonObject, type JsonValue } from "../../ir/json.js";
import { escapeToken, get, unescapeToken } from "../../ir/pointer.js";
import { digest, identityOfItem, readWritten, type Guard, type Written } from "../../ir/stash-guard.js";

const LINK = /^\/subAgents\/(0|[1-9][0-9]*)(\/.*)?$/;

/**
 * The stash `raw`, its link entries renumbered to the links of `agent` as read from `document` (the
 * document without stashes, as the guards compare it); undefined when nothing moved or when the stash
 * speaks of the links in a way this cannot renumber safely (then the hub's positional guards decide).
 */
export function relinkStash(agent: IrAgent, raw: JsonValue, document: JsonValue, byIdentity = false, ownStashAt: (at: string) => boolean = () => false): JsonObject | undefined {
  if (!isObject(raw)) return undefined;
  const written = readWritten(raw["written"]);
  const ir = isObject(raw["ir"]) ? raw["ir"] : {};
  if (written === undefined) return undefined;
  const placements = isObject(raw["sourceMap"]) ? raw["sourceMap"] : {};
  const linkKeys = [...Object.keys(ir), ...Object.keys(written), ...Object.keys(placements)].filter((p) => p === "/subAgents" || p.startsWith("/subAgents/"));
  if (linkKeys.length === 0) return undefined;
  // Whole-list entries, values the reading added (absent) or carried elsewhere (moved): read by position only.
  if (linkKeys.some((p) => !LINK.test(p))) return undefined;
  const byPosition = (v: JsonValue | undefined) => Array.isArray(v) && v.some((p) => typeof p === "string" && p.startsWith("/subAgents"));
  if (byPosition(raw["absent"]) || (isObject(raw["moved"]) && Object.entries(raw["moved"]).some(([k, v]) => k.startsWith("/subAgents") || (typeof v === "string" && v.startsWith("/subAgents"))))) return undefined;
  // A reported guard of a link's member (its when-to-use text, guarded by the worker's description) is carried with
  // its link, inside the link's place; any other reported link guard: read by position only.
  const within = (k: string, g: Guard): boolean => {
    const m = LINK.exec(k);
    const whole = m === null ? undefined : written[`/subAgents/${m[1] as string}`];
    return m?.[2] !== undefined && whole?.at !== undefined && g.at?.startsWith(whole.at + "/") === true;
  };
  if (Object.entries(written).some(([k, g]) => g.reported === true && k.startsWith("/subAgents") && !within(k, g))) return undefined;

  const links = agent.subAgents ?? [];
  // Where each link read now was read from, and the digest of that place.
  const place = links.map((_, j) => agent.sourceMap[`/subAgents/${j}`]);
  const placeDigest = place.map((at) => (at === undefined ? undefined : digest(get(document, at))));
  // A link whose place was edited elsewhere than in what it depends on (its target, its routing text: LINK_IDENTITY,
  // a worker's prompt or temperature) is still that link (finding N1): found by its identity as read now.
  const idNow = links.map((_, j) => identityOfItem(agent, `/subAgents/${j}`));
  // Only where a link's place is its worker's component (`byIdentity`, a ManagerWorkers): a Swarm relationship is the link itself.
  const matches = (g: Guard, j: number): boolean => placeDigest[j] === g.digest || (byIdentity && g.identity !== undefined && idNow[j] === g.identity);
  const writtenLinks = Object.entries(written).filter(([k, g]) => /^\/subAgents\/(0|[1-9][0-9]*)$/.test(k) && g.at !== undefined);
  // Every link where it was written, as written: the positional guards are right, the stash is left as it is.
  if (writtenLinks.every(([k, g]) => place[Number(k.slice("/subAgents/".length))] === g.at && placeDigest[Number(k.slice("/subAgents/".length))] === g.digest)) return undefined;
  const unchanged = new Set<number>();
  // The links as read back when written whose place reads otherwise now (deleted, edited): where a gone link was.
  const lost: number[] = [];
  for (const [k, g] of writtenLinks) {
    const found = links.flatMap((_, j) => (matches(g, j) ? [j] : []));
    if (found.length === 1) unchanged.add(found[0] as number);
    else if (found.length === 0) lost.push(Number(k.slice("/subAgents/".length)));
  }

  // Each link of the stash (an index of the IR it was written from): the link read now that it is, if any.
  const indexes = [...new Set(linkKeys.map((p) => Number(LINK.exec(p)?.[1])))].sort((x, y) => x - y);
  const found = new Map<number, number>();
  const gone: number[] = [];
  for (const i of indexes) {
    const named = ir[`/subAgents/${i}/local`] ?? ir[`/subAgents/${i}/external`];
    let now: number[];
    if (typeof named === "string") {
      // Its target, restored by the stash (the team wrote the links in another order): the unchanged link to it.
      const field = ir[`/subAgents/${i}/local`] !== undefined ? "local" : "external";
      now = [...unchanged].filter((j) => links[j]?.[field] === named);
    } else {
      // The link read back at its index when it was written: the unchanged link whose place digests as that one did.
      const g = written[`/subAgents/${i}`];
      if (g === undefined) return undefined;
      now = links.flatMap((_, j) => (matches(g, j) ? [j] : []));
    }
    if (now.length > 1) return undefined;
    if (now.length === 0) gone.push(i);
    else {
      if ([...found.values()].includes(now[0] as number)) return undefined;
      found.set(i, now[0] as number);
    }
  }
  // A worker renamed (its id, and every reference to it, verify trial 16 N5): its link's identity is another (its
  // target), so no link read now is the gone one. Still the same worker when the one link read now that is none of the
  // stash's is read from the very place the gone one was written to, and that worker component carries its own stash as
  // written there (it rides in the component's metadata: the component is the worker it was written for). The link
  // keeps its settings, guarded as a link found by its identity; the rename is the edit's.
  if (byIdentity) for (const i of [...gone]) {
    const at = written[`/subAgents/${i}`]?.at;
    const taken = new Set(found.values());
    const here = links.flatMap((_, j) => (!taken.has(j) && place[j] === at ? [j] : []));
    if (at === undefined || here.length !== 1 || !ownStashAt(at)) continue;
    found.set(i, here[0] as number);
    gone.splice(gone.indexOf(i), 1);
    if (lost.includes(i)) lost.splice(lost.indexOf(i), 1);
  }
  if (byIdentity) {
    const sorted = [...found].sort(([x], [y]) => x - y);
    found.clear();
    for (const [i, j] of sorted) found.set(i, j);
  }
  // A link read now that is none of the stash's (added, or one the stash says nothing of): its place is the user's.
  if (found.size !== links.length) return undefined;
  // The links that are still there, in the order of the IR the stash was written from; the gone ones past them,
  // where no reading holds them, so their guards are stale and their entries reported (stash-stale), not restored.
  const map = new Map<number, number>();
  [...found.keys()].forEach((i, x) => map.set(i, x));
  gone.forEach((i, c) => map.set(i, links.length + c));
  const rename = (p: string): string => {
    const m = LINK.exec(p);
    return m ? `/subAgents/${map.get(Number(m[1])) as number}${m[2] ?? ""}` : p;
  };
  const out = cloneJson(raw) as JsonObject;
  const next: JsonObject = {};
  for (const k of Object.keys(ir)) if (!LINK.test(k)) setKey(next, k, cloneJson(ir[k] as JsonValue));
  const guards: Written = {};
  const guard = (key: string, g: Guard) => setKey(guards as unknown as JsonObject, key, g as unknown as JsonObject);
  for (const [k, g] of Object.entries(written)) if (!LINK.test(k)) guard(k, g);
  for (const [i, j] of found) {
    const x = map.get(i) as number;
    const link = links[j] as NonNullable<IrAgent["subAgents"]>[number];
    const field = link.local !== undefined ? "local" : "external";
    // Read now at another index than the stash restores it to: its target is the stash's to write there.
    if (links[x]?.[field] === undefined) return undefined;
    if (links[x]?.[field] !== link[field]) setKey(next, `/subAgents/${x}/${field}`, link[field] as string);
    for (const k of Object.keys(ir)) if (LINK.exec(k)?.[1] === String(i) && (k !== `/subAgents/${i}/${field}` || links[x]?.[field] !== link[field])) setKey(next, rename(k), cloneJson(ir[k] as JsonValue));
    // Guarded by the place the link is read from now (reported: its own place, whatever index reads it).
    guard(`/subAgents/${x}`, { at: place[j] as string, digest: placeDigest[j] as string, reported: true });
    // Its members' own guards (in its place as written: the worker's description) move with it.
    const was = written[`/subAgents/${i}`]?.at as string;
    for (const [k, g] of Object.entries(written)) {
      const m = LINK.exec(k);
      if (m?.[1] === String(i) && m[2] !== undefined && within(k, g)) guard(`/subAgents/${x}${m[2]}`, { ...g, at: (place[j] as string) + (g.at as string).slice(was.length) });
    }
  }
  // A gone link is guarded by what was written where a gone link was: stale, and reported there.
  gone.forEach((i, c) => {
    const x = links.length + c;
    for (const k of Object.keys(ir)) if (LINK.exec(k)?.[1] === String(i)) setKey(next, rename(k), cloneJson(ir[k] as JsonValue));
    const from = lost[c] ?? i;
    for (const [k, g] of Object.entries(written)) {
      const m = LINK.exec(k);
      if (m !== null && Number(m[1]) === from) guard(`/subAgents/${x}${m[2] ?? ""}`, g);
    }
    if (guards[`/subAgents/${x}`] === undefined) guard(`/subAgents/${x}`, written[`/subAgents/${i}`] ?? { digest: "" });
    // Every link read now is one of the stash's (found.size is links.length): a gone one was removed, not edited into another.
    const item = guards[`/subAgents/${x}`] as Guard;
    guard(`/subAgents/${x}`, { ...item, removed: true });
  });
  if (Object.keys(next).length) out["ir"] = next;
  if (isObject(raw["sourceMap"])) {
    const map2: JsonObject = {};
    for (const k of Object.keys(placements)) setKey(map2, rename(k), cloneJson(placements[k] as JsonValue));
    out["sourceMap"] = map2;
  }
  out["written"] = guards as unknown as JsonObject;
  return out;
}

const WORKER = /^\/workers\/(0|[1-9][0-9]*)(?=\/|$)/;
const OWN_EXT = "/extensions/agentspec/";

/**
 * The stash `raw` of a ManagerWorkers worker read at another index of `workers` than it was written
 * at (a worker before it deleted or inserted), its document places moved to where it is read now:
 * the guards' places, the Agent Spec values it removes, sets or guards (keyed by their document
 * pointer), and, home, its placements. The stash rides in the worker's own component (its
 * metadata), so that component is the worker the stash was written for, wherever the list put it;
 * judged at its old index, its guards read another worker (or nothing) there, and the unedited
 * worker was reported edited or removed and lost what the stash kept (user trial 16 F8). Undefined
 * when nothing moved, or when the stash names places of more than one worker (then it is left as
 * written, and the positional guards decide).
 */
export function reseatStash(agent: IrAgent, raw: JsonValue): JsonObject | undefined {
  if (!isObject(raw)) return undefined;
  const now = WORKER.exec(agent.sourceMap[""] ?? "");
  if (now === null || now[0] !== agent.sourceMap[""]) return undefined;
  const written = readWritten(raw["written"]);
  if (written === undefined) return undefined;
  const ir = isObject(raw["ir"]) ? raw["ir"] : {};
  const absent = Array.isArray(raw["absent"]) ? raw["absent"].filter((p): p is string => typeof p === "string") : [];
  const extensions = isObject(raw["extensions"]) ? raw["extensions"] : {};
  const own = isObject(extensions["agentspec"]) ? extensions["agentspec"] : {};
  const home = raw["from"] === "agentspec" && isObject(raw["sourceMap"]) ? raw["sourceMap"] : {};
  // Every document place the stash names: an own extension value is keyed by its pointer as one token.
  const ownPlace = (k: string) => (k.startsWith(OWN_EXT) && !k.slice(OWN_EXT.length).includes("/") ? unescapeToken(k.slice(OWN_EXT.length)) : undefined);
  const places = [
    ...Object.values(written).flatMap((g) => [...(g.at === undefined ? [] : [g.at]), ...Object.keys(g.choice ?? {})]),
    ...[...Object.keys(ir), ...absent, ...Object.keys(written)].flatMap((k) => ownPlace(k) ?? []),
    ...Object.keys(own),
    ...Object.values(home).filter((v): v is string => typeof v === "string"),
  ];
  const was = new Set(places.flatMap((p) => WORKER.exec(p)?.[1] ?? []));
  if (was.size !== 1 || was.has(now[1] as string)) return undefined;
  const from = `/workers/${[...was][0] as string}`;
  const to = now[0];
  const move = (p: string): string => (WORKER.exec(p)?.[0] === from ? to + p.slice(from.length) : p);
  const key = (k: string): string => {
    const p = ownPlace(k);
    return p === undefined ? k : OWN_EXT + escapeToken(move(p));
  };
  const out = cloneJson(raw) as JsonObject;
  if (isObject(raw["ir"])) {
    const next: JsonObject = {};
    for (const k of Object.keys(ir)) setKey(next, key(k), cloneJson(ir[k] as JsonValue));
    out["ir"] = next;
  }
  if (Array.isArray(raw["absent"])) out["absent"] = raw["absent"].map((p) => (typeof p === "string" ? key(p) : p));
  const guards: JsonObject = {};
  for (const [k, g] of Object.entries(written)) {
    const moved: Guard = { ...g, ...(g.at === undefined ? {} : { at: move(g.at) }) };
    if (g.choice !== undefined) moved.choice = Object.fromEntries(Object.entries(g.choice).map(([p, d]) => [move(p), d]));
    setKey(guards, key(k), moved as unknown as JsonObject);
  }
  out["written"] = guards;
  if (isObject(extensions["agentspec"])) {
    const next: JsonObject = {};
    for (const k of Object.keys(own)) setKey(next, move(k), cloneJson(own[k] as JsonValue));
    setKey(out["extensions"] as JsonObject, "agentspec", next);
  }
  if (raw["from"] === "agentspec" && isObject(raw["sourceMap"])) {
    const next: JsonObject = {};
    for (const k of Object.keys(home)) setKey(next, k, typeof home[k] === "string" ? move(home[k] as string) : cloneJson(home[k] as JsonValue));
    out["sourceMap"] = next;
  }
  return out;
}
