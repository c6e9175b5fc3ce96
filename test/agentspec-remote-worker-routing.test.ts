// A remote (A2A) worker's description is what the manager reads to choose it, as a local worker's
// is: the link's routing text (verify trial N4: Caplo got a placeholder useWhen, and the description
// was reported dropped as a behaviour change).
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { convert } from "../src/index.js";

const team = readFileSync("golden/agentspec-manager-workers/input.yaml", "utf8");

describe("an Agent Spec remote worker's description", () => {
  it("is the Caplo link's useWhen, not a placeholder, and its loss as written is a note", () => {
    const r = convert(team, "caplo", { file: "input.yaml" });
    const links = (r.outputs[0]!.document["agents"] as { subAgents?: { agentId?: string; useWhen?: string }[] }[])[0]!.subAgents ?? [];
    expect(links.find((l) => l.agentId === "https://visa.example.com/a2a")?.useWhen).toBe("Tells whether a traveller needs a visa.");
    const about = r.diagnostics.filter((d) => d.source?.pointer === "/workers/2/description");
    expect(about.map((d) => [d.severity, d.effect])).toEqual([["info", "representation"]]);
    expect(about[0]!.message).toMatch(/routing text of the link/);
  });

  it("comes back as the remote agent's description on the way home", () => {
    const there = convert(team, "caplo", { file: "input.yaml" });
    const back = convert(there.outputs[0]!.text, "agentspec", { file: there.outputs[0]!.name });
    const workers = back.outputs[0]!.document["workers"] as { agent_url?: string; description?: string }[];
    expect(workers.find((w) => w.agent_url === "https://visa.example.com/a2a")?.description).toBe("Tells whether a traveller needs a visa.");
  });
});
