// Sub-agent links and routing of a Caplo agent. Field handlers (src/ir/field-handlers.ts): each
// declares beside its code how it treats the IR fields it writes.
import type { IrAgent } from "../../ir/model.js";
import { fieldHandler, type HandlerReporter } from "../../ir/field-handlers.js";
import { spawnLoss } from "../../ir/spawn-loss.js";
import { orderKeys, setKey, type JsonObject } from "../../ir/json.js";
import { fitConfidence } from "./numbers.js";
import { LABEL, LINK_ORDER, MIN_CONFIDENCE, RELEASE_RE, ROUTING_ORDER } from "./spec.js";
import { requiredText, tp, type AgentTarget } from "./emit-checks.js";

/** subAgents: a local link by its (new) bundle key, else an agentId; useWhen is required. */
export const linksHandler = fieldHandler("sub-agent links", {
  "/subAgents/[]/local": ["exact", { transformed: "transformed-value", when: "the key changes" }, { dropped: "unresolved-link", when: "the agent is not in the output" }],
  "/subAgents/[]/external": ["exact", { dropped: "dropped-link", when: "next to a local key" }],
  "/subAgents/[]/release": ["exact", { dropped: "dropped-link", when: "neither latest nor x.y.z" }],
  "/subAgents/[]/useWhen": ["exact", { transformed: "transformed-value", when: "empty (Caplo requires one): the sub-agent's own description, else a sentence naming it" }],
  "/subAgents/[]/doNotUseWhen": "exact",
  "/subAgents/[]/mode": "exact",
  "/subAgents/[]/spawn/**": { dropped: "dropped-link" },
}, (r: HandlerReporter, a: IrAgent, t: AgentTarget): JsonObject[] => {
  const out: JsonObject[] = [];
  (a.subAgents ?? []).forEach((l, j) => {
    const p = `/subAgents/${j}`;
    const rel = `/subAgents/${out.length}`;
    const link: JsonObject = {};
    let child: IrAgent | undefined;
    if (l.local !== undefined) {
      const hit = t.resolve(l.local);
      if (hit === undefined) {
        r.at(a, "unresolved-link", p, { became: `names "${l.local}", which is not an agent of the emitted ${t.key === undefined ? "document (a single Agent has no bundle keys)" : "bundle"}; the link was dropped` }, { targetFile: t.file, hint: "convert all linked agents together (a bundle), or link by agentId" });
        return;
      }
      child = hit.agent;
      setKey(link, "local", hit.key);
      if (hit.key !== l.local) r.at(a, "transformed-value", `${p}/local`, { shown: l.local, became: `became the bundle key "${hit.key}"` }, tp(t, `${rel}/local`));
      if (l.external !== undefined) r.at(a, "dropped-link", `${p}/external`, { target: LABEL, why: "whose link names either a local key or an agentId, not both (the local key is written)" }, tp(t, rel));
    } else if (l.external !== undefined) {
      setKey(link, "agentId", l.external);
    } else {
      r.at(a, "dropped-link", p, { is: "a link that names no agent", target: LABEL }, { targetFile: t.file });
      return;
    }
    if (l.release !== undefined) {
      if (l.release === "latest" || RELEASE_RE.test(l.release)) setKey(link, "release", l.release);
      else r.at(a, "dropped-link", `${p}/release`, { shown: l.release, target: LABEL, why: 'whose release is "latest" or x.y.z (it then uses latest)' }, tp(t, rel));
    }
    const target = child === undefined ? (l.external ?? "") : (child.name ?? child.id ?? l.local ?? "");
    setKey(link, "useWhen", requiredText(r, a, t, `${p}/useWhen`, `${rel}/useWhen`, l.useWhen, () => {
      const own = child === undefined ? undefined : [child.routingDescription, child.description].find((s) => s !== undefined && s !== "");
      return own !== undefined ? { value: own, why: "the sub-agent's own description" } : { value: `When the request concerns ${target}`, why: "a sentence naming the sub-agent" };
    }));
    if (l.doNotUseWhen !== undefined) setKey(link, "doNotUseWhen", l.doNotUseWhen);
    if (l.mode !== undefined) setKey(link, "mode", l.mode);
    if (l.spawn !== undefined) r.at(a, "dropped-link", `${p}/spawn`, { to: l.local ?? l.external ?? "?", ...spawnLoss(l.spawn, l.local ?? l.external ?? "?"), target: LABEL, why: "whose sub-agent links call the agent" }, tp(t, rel));
    out.push(orderKeys(link, LINK_ORDER));
  });
  return out;
});

/** routing: fast routing only where every written link says when not to use it; minConfidence on Caplo's grid. */
export const routingHandler = fieldHandler("routing", {
  "/routing/mode": ["exact", { dropped: "dropped-field", when: "fast without doNotUseWhen on every link" }],
  "/routing/minConfidence": ["exact", { transformed: "clamped-value", when: "outside 0.6..0.99 or off the 0.01 grid" }],
}, (r: HandlerReporter, a: IrAgent, t: AgentTarget, links: readonly JsonObject[]): JsonObject | undefined => {
  const routing = a.routing;
  if (routing === undefined) return undefined;
  if (routing.mode === "fast") {
    const lacking = links.map((l, k) => (typeof l["doNotUseWhen"] === "string" ? undefined : k)).filter((k) => k !== undefined);
    if (lacking.length) {
      r.at(a, "dropped-field", "/routing", { shown: "fast", target: LABEL, why: `where it needs doNotUseWhen on every sub-agent, which subAgents ${lacking.map((k) => `[${k}]`).join(", ")} lack (the model decides)` }, tp(t, "/routing"));
      return undefined;
    }
  }
  const out: JsonObject = { mode: routing.mode };
  if (routing.minConfidence !== undefined) {
    const v = fitConfidence(routing.minConfidence);
    if (v !== routing.minConfidence) r.at(a, "clamped-value", "/routing/minConfidence", { was: routing.minConfidence, reason: `is outside Caplo's range ${MIN_CONFIDENCE.min}..${MIN_CONFIDENCE.max} in steps of ${MIN_CONFIDENCE.step}`, now: v }, tp(t, "/routing/minConfidence"));
    setKey(out, "minConfidence", v);
  }
  return orderKeys(out, ROUTING_ORDER);
});
