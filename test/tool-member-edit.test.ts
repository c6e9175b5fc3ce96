// An edit of one member of a tool costs only that member (verify16 N3, docs/decisions.md "A tool
// member edited in the target costs only that member (session 16)"): an AgentMug MCP tool written as
// an Agent Spec MCPTool keeps toolName, inputSchema, scopes, requiresUserAuth, provider and timeoutMs
// in the stash; editing its description in Agent Spec must bring all of them back. Agent Spec's reader
// fills requiresUserAuth (false) for an MCPTool, which says nothing of user auth: that value is no
// value the output holds, so it must not make the tool's stash hang on the whole tool as written.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { convert, type ConvertResult } from "../src/index.js";
import { isObject, type JsonObject, type JsonValue } from "../src/ir/json.js";
import { edited, listing, stale } from "./helpers/edits.js";

const input = readFileSync("golden/agentmug-tool-kinds/input.agent.json", "utf8");
const NAME = "tracker.search";
const original = (): JsonObject => ((JSON.parse(input) as JsonObject)["blueprint"] as { tools: JsonValue[] }).tools.find((t) => isObject(t) && t["name"] === NAME) as JsonObject;

function toAgentspec(): string {
  const r = convert(input, "agentspec", { file: "input.agent.json" });
  expect(r.ok, listing(r)).toBe(true);
  return r.outputs[0]!.text;
}

function backToAgentmug(text: string): { r: ConvertResult; tools: JsonValue[] } {
  const r = convert(text, "agentmug", { file: "ops-desk.agentspec.json" });
  expect(r.ok, listing(r)).toBe(true);
  return { r, tools: ((r.outputs[0]!.document as JsonObject)["blueprint"] as JsonObject)["tools"] as JsonValue[] };
}

const editTool = (edit: (t: JsonObject) => void) => (d: JsonObject) => edit((d["tools"] as JsonObject[]).find((t) => t["name"] === NAME)!);

describe("an AgentMug MCP tool through Agent Spec, only its description edited", () => {
  it("comes back with every other member, the new description, and nothing stale", () => {
    const text = edited(toAgentspec(), editTool((t) => { t["description"] = "Searches open, closed and archived tickets."; }));
    const { r, tools } = backToAgentmug(text);
    expect(tools.find((t) => isObject(t) && t["name"] === NAME)).toEqual({ ...original(), description: "Searches open, closed and archived tickets." });
    expect(stale(r), listing(r)).toEqual([]);
    // The other tools are untouched.
    const home = ((JSON.parse(input) as JsonObject)["blueprint"] as { tools: JsonValue[] }).tools;
    expect(tools.filter((t) => !(isObject(t) && t["name"] === NAME))).toEqual(home.filter((t) => !(isObject(t) && t["name"] === NAME)));
  });

  it("a tool inserted before it as well: it still keeps its members", () => {
    const text = edited(toAgentspec(), (d) => {
      editTool((t) => { t["description"] = "Searches every ticket."; })(d);
      (d["tools"] as JsonValue[]).splice(0, 0, { component_type: "ServerTool", name: "translate" });
    });
    const { r, tools } = backToAgentmug(text);
    expect(tools.find((t) => isObject(t) && t["name"] === NAME)).toEqual({ ...original(), description: "Searches every ticket." });
    expect(stale(r), listing(r)).toEqual([]);
  });
});

describe("an AgentMug MCP tool through Agent Spec, its description edited and the tool before it removed", () => {
  it("keeps its members; only the removed tool's value is named", () => {
    const text = edited(toAgentspec(), (d) => {
      editTool((t) => { t["description"] = "X."; })(d);
      (d["tools"] as JsonValue[]).splice(1, 1);
    });
    const { r, tools } = backToAgentmug(text);
    expect(tools.find((t) => isObject(t) && t["name"] === NAME)).toEqual({ ...original(), description: "X." });
    expect(stale(r).map((d) => d.message), listing(r)).toEqual([expect.stringMatching(/^tools\[1\]/)]);
  });
});

describe("an AgentMug MCP tool through Agent Spec, renamed", () => {
  it("is another tool: its stashed members are not restored, and the warning names each of them", () => {
    const text = edited(toAgentspec(), editTool((t) => { t["name"] = "tracker.find"; }));
    const { r, tools } = backToAgentmug(text);
    const tool = tools.find((t) => isObject(t) && t["name"] === "tracker.find") as JsonObject;
    expect(tool["toolName"]).toBeUndefined();
    const warnings = stale(r);
    expect(warnings.length, listing(r)).toBe(1);
    expect(warnings[0]!.severity).toBe("warning");
    for (const m of ["toolName", "inputSchema", "scopes", "requiresUserAuth", "provider", "timeoutMs"]) expect(warnings[0]!.message).toContain(`blueprint.tools[2].${m}`);
    expect(warnings[0]!.message).not.toMatch(/blueprint\.tools\[2\](?:,|$)/);
  });
});
