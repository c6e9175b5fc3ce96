// Multi-hop chains (session 12): X → Y → X → Y must give the same Y twice. An Agent Spec team split
// into AgentMug files and merged back with --bundle came back in the files' order (alphabetical, as a
// shell glob or a folder gives them): a Swarm's first_agent and a ManagerWorkers' manager are the
// team's first agent, so the Swarm began with another agent and the ManagerWorkers became a Swarm,
// with no word. Its members all sit at the document root, so the stash's pointer could not say their
// order: the stash now records the agent's index (homeOrder puts the agents back by it).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convert } from "../src/index.js";
import { errors, hop, texts } from "./helpers/chains.js";
import type { JsonObject } from "../src/ir/json.js";


describe("an Agent Spec team through AgentMug files and back", () => {
  const swarmText = readFileSync("golden/agentspec-swarm/input.json", "utf8");
  const swarm = JSON.parse(swarmText) as JsonObject;

  it("a Swarm keeps its first agent and its relationships", () => {
    const files = hop([{ file: "swarm.json", text: swarmText }], "agentmug");
    // The first agent's file does not sort first: the glob order is not the team's.
    expect(files.map((f) => f.file).sort()[0]).not.toBe(files[0]!.file);
    const back = JSON.parse(hop(files, "agentspec")[0]!.text as string) as JsonObject;
    expect(back["first_agent"]).toEqual(swarm["first_agent"]);
    expect(back["relationships"]).toEqual(swarm["relationships"]);
  });

  it("agentspec → agentmug → agentspec → agentmug: both AgentMug hops are the same files", () => {
    const h1 = hop([{ file: "swarm.json", text: swarmText }], "agentmug");
    const h3 = hop(hop(h1, "agentspec"), "agentmug");
    expect(texts(h3)).toEqual(texts(h1));
  });

  it("a ManagerWorkers stays one, with its manager", () => {
    const input = readFileSync("golden/agentspec-manager-workers/input.yaml", "utf8");
    const files = hop([{ file: "team.yaml", text: input }], "agentmug");
    const forward = convert(input, "agentspec", { file: "team.yaml" });
    const manager = ((forward.outputs[0]!.document as JsonObject)["group_manager"] as JsonObject)["name"];
    const back = JSON.parse(hop(files, "agentspec")[0]!.text as string) as JsonObject;
    expect(back["component_type"]).toBe("ManagerWorkers");
    expect((back["group_manager"] as JsonObject)["name"]).toBe(manager);
  });
});

describe("a team's entry chosen in Agent Spec", () => {
  // A Caplo bundle whose links are no star: written as a Swarm that begins with its first agent.
  const agent = (key: string, to?: string) => ({ key, name: key, instructions: `You are ${key}.`, greeting: "Hi", model: { provider: "OpenAI", name: "gpt-4.1" }, ...(to ? { subAgents: [{ local: to, useWhen: `for ${to}` }] } : {}) });
  const bundle = JSON.stringify({ apiVersion: "v2", kind: "AgentBundle", agents: [agent("desk", "sales"), agent("sales", "billing"), agent("billing")] });

  it("stays first on the way home: the home order puts the others back, not the entry", () => {
    const swarm = convert(bundle, "agentspec");
    expect(swarm.ok, errors(swarm)).toBe(true);
    const team = JSON.parse(swarm.outputs[0]!.text) as JsonObject;
    expect(team["component_type"]).toBe("Swarm");
    team["first_agent"] = { $component_ref: "sales" };
    const back = convert(JSON.stringify(team), "caplo");
    expect(back.ok, errors(back)).toBe(true);
    expect(((back.outputs[0]!.document as JsonObject)["agents"] as JsonObject[]).map((a) => a["key"])).toEqual(["sales", "desk", "billing"]);
  });
});

