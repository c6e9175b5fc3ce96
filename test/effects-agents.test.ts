// Which agent a diagnostic's place belongs to, when the hub judges its effect (src/ir/effects.ts,
// agentFinder): the deepest agent of the place's file whose pointer holds it. A file of one agent
// at its root, of a few agents, and of many are answered by three different paths; each must find
// the same agent, whatever the order the places are listed in.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { adapterFor } from "../src/adapters/registry.js";
import { parseWith } from "../src/ir/parse-phases.js";
import { emitWith } from "../src/ir/emit-phases.js";
import { resolveEffects, type AgentPlace } from "../src/ir/effects.js";
import type { Diagnostic } from "../src/ir/diagnostics.js";
import type { IrDocument } from "../src/ir/model.js";
import { parseText } from "../src/text/parse.js";
import { COVERAGES } from "./helpers/coverages.js";
import { GOLDEN_ROOT } from "./helpers/cases.js";

/** An input's IR and the diagnostics its emit into `to` raised, before the hub judged them. */
function emitted(dir: string, file: string, from: string, to: string): { doc: IrDocument; raw: Diagnostic[] } {
  const text = readFileSync(join(GOLDEN_ROOT, dir, file), "utf8");
  const doc = parseWith(adapterFor(from)!, parseText(text).data!, {}).doc!;
  return { doc, raw: emitWith(adapterFor(to)!, doc, {}).diagnostics };
}

const agentsOf = (doc: IrDocument): AgentPlace[] => doc.agents.map((a) => ({ pointer: a.origin.pointer, format: a.origin.format }));
const effects = (ds: readonly Diagnostic[]) => ds.map((d) => `${d.code} ${d.source?.pointer} ${d.effect} ${d.severity}`);

describe("the agent a place belongs to, for its effect", () => {
  it("a bundle's agents: the same judgement listed in any order, among a few places or many", () => {
    const { doc, raw } = emitted("caplo-support-bundle", "input.caplo.json", "caplo", "agentmug");
    expect(doc.agents.length).toBeGreaterThan(1);
    const agents = agentsOf(doc);
    const document: AgentPlace = { pointer: "", format: "caplo", document: true };
    const few = effects(resolveEffects(raw, COVERAGES, [...agents, document]));
    expect(effects(resolveEffects(raw, COVERAGES, [document, ...[...agents].reverse()]))).toEqual(few);
    // Places that hold none of the diagnostics make the file one of many agents: the walk answers the same.
    const elsewhere: AgentPlace[] = Array.from({ length: 12 }, (_, k) => ({ pointer: `/nowhere/${k}`, format: "mas" }));
    expect(effects(resolveEffects(raw, COVERAGES, [...elsewhere, ...agents, document]))).toEqual(few);
    // And the agents are what decides: judged as document members only, the same places read otherwise.
    expect(effects(resolveEffects(raw, COVERAGES, [document]))).not.toEqual(few);
  });

  it("an agent nested in another's place is the deeper one's, among a few places or many", () => {
    const { doc, raw } = emitted("caplo-minimal", "input.caplo.json", "caplo", "agentmug");
    const agent = agentsOf(doc)[0]!;
    expect(agent.pointer).toBe("");
    const judged = (ds: readonly Diagnostic[]) => ds.map((d) => `${d.code} ${d.effect} ${d.severity}`);
    const alone = judged(resolveEffects(raw, COVERAGES, [agent]));
    // The same agent read one level down, below a place of another format at the root.
    const nested = raw.map((d) => (d.source ? { ...d, source: { pointer: `/outer${d.source.pointer}` } } : d));
    const outer: AgentPlace = { pointer: "", format: "mas" };
    const inner: AgentPlace = { pointer: "/outer", format: agent.format };
    expect(judged(resolveEffects(nested, COVERAGES, [outer, inner]))).toEqual(alone);
    expect(judged(resolveEffects(nested, COVERAGES, [inner, outer]))).toEqual(alone);
    const many: AgentPlace[] = [outer, ...Array.from({ length: 12 }, (_, k) => ({ pointer: `/nowhere/${k}`, format: "mas" })), inner];
    expect(judged(resolveEffects(nested, COVERAGES, many))).toEqual(alone);
    // Judged as the outer place's, the same diagnostics read otherwise: the deeper agent is what decides.
    expect(judged(resolveEffects(nested, COVERAGES, [outer]))).not.toEqual(alone);
  });
});
