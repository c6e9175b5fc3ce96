// A ManagerWorkers agentport wrote from a bundle no link organised (it guessed the manager) states
// the manager's delegation; the agents' stash, which says they had no links, must not take it away
// on the way on (fresh10 finding 7: to mas it gave 3 kind: Agent files and a note that "no local link
// joins its agents").
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convert, convertMany } from "../src/index.js";
import type { JsonObject } from "../src/ir/json.js";
import { withoutStash } from "../src/verify.js";

// AgentMug examples (test/fixtures/agentmug/SOURCES.md).
const names = ["hello.agent", "client-brief.agent", "researcher.agent"];
const inputs = names.map((f) => ({ file: f, text: readFileSync(`test/fixtures/agentmug/${f}`, "utf8") }));
const team = convertMany(inputs, "agentspec", { bundle: true });
const teamText = team.outputs[0]!.text;

describe("a ManagerWorkers written from agents without links", () => {
  it("was written with a guessed manager", () => {
    expect(team.ok).toBe(true);
    expect((team.outputs[0]!.document as JsonObject)["component_type"]).toBe("ManagerWorkers");
    expect(team.diagnostics.some((d) => d.code === "defaulted-placeholder" && d.target?.pointer === "/group_manager")).toBe(true);
  });

  it("→ mas: an app whose manager delegates to the workers, with a note that says why", () => {
    const r = convert(teamText, "mas", { file: "team.agentspec.json" });
    expect(r.ok).toBe(true);
    const manifest = r.outputs.find((o) => (o.document as JsonObject)["kind"] === "MAS");
    expect(manifest).toBeDefined();
    const nodes = ((manifest!.document["spec"] as JsonObject)["workflow"] as JsonObject)["nodes"] as JsonObject[];
    const manager = nodes.find((n) => Array.isArray(n["delegates_to"]));
    expect(manager?.["delegates_to"]).toHaveLength(2);
    expect(r.diagnostics.filter((d) => d.message.includes("no local link joins its agents"))).toEqual([]);
    const note = r.diagnostics.filter((d) => d.code === "transformed-value" && d.source?.pointer === "/workers");
    expect(note).toHaveLength(1);
    expect(note[0]!.message).toContain(`workers is read as the delegation of its manager, "Hello Agent", though the agents this document was written from had no links`);
  });

  it("→ AgentMug: each agent as it was (AgentMug has no links: the delegation is reported lost)", () => {
    const r = convert(teamText, "agentmug", { file: "team.agentspec.json" });
    expect(r.ok).toBe(true);
    const originals = inputs.map((i) => JSON.parse(i.text) as JsonObject);
    expect(r.outputs.map((o) => withoutStash(o.document))).toEqual(originals.map((o) => withoutStash(o)));
    expect(r.diagnostics.filter((d) => d.code === "dropped-link").map((d) => d.source?.pointer)).toEqual(["/workers/0", "/workers/1"]);
  });

  it("a team whose manager's links are its own is read as before: no note", () => {
    const own = convert(teamText.replace(/"x-agentport"/g, '"x-other"'), "mas", { file: "team.agentspec.json", lenient: true });
    expect(own.diagnostics.filter((d) => d.code === "transformed-value" && d.source?.pointer === "/workers")).toEqual([]);
  });
});
