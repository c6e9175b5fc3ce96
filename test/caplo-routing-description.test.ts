// A mas agent's spec.description is its routing text: what a delegating agent reads to choose it
// (MAPPING.md §6). Caplo has no place for it beside a description, but its sub-agent links say when to
// call an agent, and a link written from a mas delegation says exactly that text. So in a whole team (a
// bundle, a mas app) where every link that calls the agent says it, or no agent calls it, dropping it
// changes no agent's behaviour: an info note, not the behaviour warning a fresh user met for every
// single-agent mas app. A kind: Agent file on its own keeps the warning: apps elsewhere delegate to it.
import { describe, expect, it } from "vitest";
import { convert } from "../src/index.js";
import { masAgent, masManifest } from "./helpers/mas-app.js";
import { memoryReadFile } from "./helpers/memory-read-file.js";

const single = `apiVersion: mas/v1
kind: Agent
metadata:
  name: qa-agent
  description: QA agent with semantic memory
spec:
  description: Answer general knowledge questions.
  context:
    role: Answer questions clearly.
  models:
    - model: gpt-4o
`;


const withName = (n: string) => masAgent(n).replace("metadata:\n", `metadata:\n  description: The ${n} agent\n`);
const oneAgentApp = () => {
  const files = new Map([["agents/qa.yaml", withName("qa")]]);
  return { text: masManifest([{ id: "qa", ref: "agents/qa.yaml" }]), options: { file: "mas.yaml", readFile: memoryReadFile(files) } };
};
const twoAgentApp = () => {
  const files = new Map([["agents/desk.yaml", withName("desk")], ["agents/planner.yaml", withName("planner")]]);
  return { text: masManifest([{ id: "desk", ref: "agents/desk.yaml" }, { id: "planner", ref: "agents/planner.yaml" }]), options: { file: "mas.yaml", readFile: memoryReadFile(files) } };
};
const routingAt = (r: ReturnType<typeof convert>, file: string) => r.diagnostics.filter((d) => d.source?.file === file && d.source?.pointer === "/spec/description" && (d.code === "dropped-field" || d.code === "stashed-value"));

for (const to of ["caplo", "agentmug", "agentspec"]) {
  describe(`mas spec.description (routing text) → ${to}`, () => {
    // Agent Spec's one description is what a manager reads: the routing text is written there (N2, session 16).
    if (to !== "agentspec") it("a kind: Agent file on its own: still a behaviour warning (apps elsewhere delegate to it)", () => {
      const r = convert(single, to, { file: "agent.yaml" });
      expect(r.ok).toBe(true);
      expect(routingAt(r, "agent.yaml").map((d) => [d.severity, d.effect])).toEqual([["warning", "behaviour"]]);
    });
    else it("a kind: Agent file on its own: the routing text is the description a manager reads (an info note)", () => {
      const r = convert(single, to, { file: "agent.yaml" });
      expect(r.ok).toBe(true);
      expect(r.outputs[0]!.document["description"]).toBe("Answer general knowledge questions.");
      expect(routingAt(r, "agent.yaml").map((d) => [d.severity, d.effect])).toEqual([["info", "representation"]]);
    });

    it("a one-agent mas app, whose agent nobody in it calls: an info note", () => {
      const { text, options } = oneAgentApp();
      const r = convert(text, to, options);
      expect(r.ok).toBe(true);
      const notes = routingAt(r, "agents/qa.yaml");
      expect(notes.map((d) => d.severity)).toEqual(["info"]);
      expect(notes[0]!.message).toContain("no agent of this document calls this one");
    });
  });
}

describe("mas app → Caplo: a delegate's routing text, which the calling link says", () => {
  it("an info note, and the link carries the text the mas delegator read", () => {
    const { text, options } = twoAgentApp();
    const r = convert(text, "caplo", options);
    expect(r.ok).toBe(true);
    const planner = r.diagnostics.filter((d) => d.source?.file === "agents/planner.yaml" && d.source?.pointer === "/spec/description" && d.code !== "stash-stale");
    expect(planner.map((d) => d.severity)).toEqual(["info"]);
    // Carried by the link (a reshape: the ledger says transformed), not dropped (user trial 18b).
    expect(planner[0]!.code).toBe("transformed-value");
    expect(planner[0]!.message).toContain("is carried by the sub-agent links that call this agent: each says it as when to call it");
    const agents = r.outputs[0]!.document["agents"] as { key: string; subAgents?: { useWhen: string }[] }[];
    expect(agents.find((a) => a.key === "desk")?.subAgents?.[0]?.useWhen).toBe("Answers questions about planner.");
  });
});

describe("mas app → Agent Spec: a worker its manager calls, whose description is another text", () => {
  // Session 16 (N2): the worker's description is its routing text, which the manager reads; the other text rides in the stash.
  it("the worker's description is its routing text (an info note); an info note for the uncalled manager", () => {
    const { text, options } = twoAgentApp();
    const r = convert(text, "agentspec", options);
    expect(r.ok).toBe(true);
    // Two notes: it becomes the description, and the manager's link reads it there (its stash guard, F1).
    expect(routingAt(r, "agents/planner.yaml").map((d) => d.severity)).toEqual(["info", "info"]);
    expect(routingAt(r, "agents/desk.yaml").map((d) => d.severity)).toEqual(["info"]);
    const workers = r.outputs[0]!.document["workers"] as { description?: string }[];
    expect(workers[0]?.description).toBe("Answers questions about planner.");
  });
});
