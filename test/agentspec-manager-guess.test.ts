// A bundle no link organises becomes a ManagerWorkers whose manager agentport guesses (the first
// agent): the warning names that agent, not the team named after it (fresh9 finding 14: it said
// `the first agent, "Hello Agent team"` for the agent "Hello Agent").
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convertMany } from "../src/index.js";
import type { JsonObject } from "../src/ir/json.js";

// AgentMug examples (test/fixtures/agentmug/SOURCES.md).
const inputs = ["hello.agent", "researcher.agent"].map((f) => ({ file: f, text: readFileSync(`test/fixtures/agentmug/${f}`, "utf8") }));

describe("the guessed manager of a ManagerWorkers", () => {
  it("is named by its own name in the warning; the team keeps the derived name", () => {
    const r = convertMany(inputs, "agentspec", { bundle: true });
    expect(r.ok).toBe(true);
    const team = r.outputs[0]!.document as JsonObject;
    const manager = team["group_manager"] as JsonObject;
    expect(team["name"]).toBe(`${String(manager["name"])} team`);
    const guess = r.diagnostics.filter((d) => d.code === "defaulted-placeholder" && d.target?.pointer === "/group_manager");
    expect(guess).toHaveLength(1);
    expect(guess[0]!.message).toContain(`wrote the first agent, "${String(manager["name"])}", as the manager of the other agent`);
  });
});
