// Multi-hop chains (session 12): X → Y → X → Y must give the same Y twice. A stashed IR value kept its
// source's member order (Caplo policy {maxReads, history}: the Agent Spec stash's limits came back
// {historyTokens, maxToolCalls}), and an extension bag the order its parser met the members in (an
// Agent Spec remote tool's query_params before inputs), while the home emitter writes its own order:
// the second stash differed from the first by order alone. IR values are now stashed in the IR
// model's order; the Agent Spec parser keeps a component's members in its emitter's order.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convert } from "../src/index.js";
import { hop, texts } from "./helpers/chains.js";


describe("a stashed value's member order", () => {
  const bundle = readFileSync("examples/support-bundle.caplo.json", "utf8");

  it("caplo → agentspec → caplo → agentspec: the same Agent Spec document twice", () => {
    const h1 = hop([{ file: "support-bundle.caplo.json", text: bundle }], "agentspec");
    const h3 = hop(hop(h1, "caplo"), "agentspec");
    expect(texts(h3)).toEqual(texts(h1));
  });

  it("caplo → agentmug → caplo → agentmug: the same AgentMug files twice", () => {
    const h1 = hop([{ file: "support-bundle.caplo.json", text: bundle }], "agentmug");
    const h3 = hop(hop(h1, "caplo"), "agentmug");
    expect(texts(h3)).toEqual(texts(h1));
  });

  it("agentspec → agentmug → agentspec → agentmug: a remote tool's kept members in one order", () => {
    const input = readFileSync("golden/agentspec-manager-workers/input.yaml", "utf8");
    const h1 = hop([{ file: "team.yaml", text: input }], "agentmug");
    expect(texts(hop(hop(h1, "agentspec"), "agentmug"))).toEqual(texts(h1));
  });

  it("a Caplo policy written in any member order stashes its limits in the IR's order", () => {
    const one = (policy: string) => `{"apiVersion":"v2","kind":"Agent","name":"T","instructions":"Help.","greeting":"Hi","model":{"provider":"OpenAI","name":"gpt-4.1"},"policy":${policy}}`;
    const a = convert(one(`{"maxReads":16,"history":{"maxTokens":24000}}`), "agentmug");
    const b = convert(one(`{"history":{"maxTokens":24000},"maxReads":16}`), "agentmug");
    expect(b.outputs[0]!.text).toBe(a.outputs[0]!.text);
  });
});
