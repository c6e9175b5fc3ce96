// A mas agent's spec.description is its routing text: what a delegating agent reads to choose it
// (MAPPING.md §6). Caplo has no place for it beside a description, but its sub-agent links say when to
// call an agent, and a link written from a mas delegation says exactly that text. So where every link
// that calls the agent says it, or no agent calls it, dropping it changes no agent's behaviour: an info
// note, not the behaviour warning a fresh user met for every single-agent mas app.
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

const routingNotes = (r: ReturnType<typeof convert>) => r.diagnostics.filter((d) => d.code === "dropped-field" && d.source?.pointer === "/spec/description");

describe("mas spec.description (routing text) → Caplo", () => {
  it("a single agent nobody calls: an info note, no behaviour warning", () => {
    const r = convert(single, "caplo", { file: "agent.yaml" });
    expect(r.ok).toBe(true);
    const notes = routingNotes(r);
    expect(notes.map((d) => [d.severity, d.effect])).toEqual([["info", "representation"]]);
    expect(notes[0]!.message).toContain("no agent of this document calls this one");
    expect(r.outputs[0]!.document["description"]).toBe("QA agent with semantic memory");
  });

  it("an app's delegates, each called by a link that says its routing text: info notes", () => {
    const withName = (n: string) => masAgent(n).replace("metadata:\n", `metadata:\n  description: The ${n} agent\n`);
    const files = new Map([["agents/desk.yaml", withName("desk")], ["agents/planner.yaml", withName("planner")]]);
    const r = convert(masManifest([{ id: "desk", ref: "agents/desk.yaml" }, { id: "planner", ref: "agents/planner.yaml" }]), "caplo", { file: "mas.yaml", readFile: memoryReadFile(files) });
    expect(r.ok).toBe(true);
    const planner = r.diagnostics.filter((d) => d.code === "dropped-field" && d.source?.file === "agents/planner.yaml" && d.source?.pointer === "/spec/description");
    expect(planner.map((d) => d.severity)).toEqual(["info"]);
    expect(planner[0]!.message).toContain("each says this text");
    // The link carries the text the mas delegator read.
    const agents = r.outputs[0]!.document["agents"] as { key: string; subAgents?: { useWhen: string }[] }[];
    expect(agents.find((a) => a.key === "desk")?.subAgents?.[0]?.useWhen).toBe("Answers questions about planner.");
  });
});
