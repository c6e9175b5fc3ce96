// Written into its home format an agent's stash keeps what the home cannot hold at all and its
// emitter reports lost (a value an edit in another format added), never the home's own
// normalisations (docs/decisions.md, "Written into its home format").
import { describe, expect, it } from "vitest";
import { convert, type ConvertResult } from "../src/index.js";
import type { JsonObject, JsonValue } from "../src/ir/json.js";
import { parseText } from "../src/text/parse.js";
import { loadCase, convertOptions } from "./helpers/cases.js";

const listing = (r: ConvertResult) => r.diagnostics.map((d) => `  ${d.severity} ${d.code} @ ${d.source?.pointer ?? ""}: ${d.message}`).join("\n");
const NANGO: JsonObject = { kind: "nango", name: "outlook.list_messages", provider: "microsoft-outlook", endpoint: "/me/messages", method: "GET", scopes: ["Mail.Read"], requiresUserAuth: true };
const TRIGGERS: JsonValue[] = [{ type: "manual" }, { type: "schedule", cron: "0 9 * * *" }];

describe("mas → AgentMug (edit: triggers and a nango tool) → mas → AgentMug", () => {
  const c = loadCase("mas-tool-forms");
  const there = convert(c.text, "agentmug", convertOptions(c));
  const out = there.outputs[0]!;
  const doc = JSON.parse(out.text) as JsonObject;
  doc["triggers"] = TRIGGERS;
  ((doc["blueprint"] as JsonObject)["tools"] as JsonValue[]).push(NANGO);
  const home = convert(JSON.stringify(doc, null, 2), "mas", { file: out.name });
  const agentFile = home.outputs.find((o) => (o.document as JsonObject)["kind"] === "Agent")!;

  it("the mas file's stash keeps the added values, and says so", () => {
    expect(there.ok && home.ok, listing(home)).toBe(true);
    const stash = (agentFile.document as JsonObject)["x-agentport"] as JsonObject;
    expect((stash["ir"] as JsonObject)["/triggers"]).toEqual(TRIGGERS);
    expect(home.diagnostics.filter((d) => d.code === "dropped-field"), listing(home)).toEqual([]);
    const kept = home.diagnostics.filter((d) => d.code === "stashed-value" && d.severity === "warning").map((d) => d.source?.pointer);
    expect(kept).toContain("/triggers");
  });

  it("back in AgentMug, the triggers and the nango tool are as the edit wrote them", () => {
    const back = convert(agentFile.text, "agentmug", { file: agentFile.name, readFile: c.readFile });
    expect(back.ok, listing(back)).toBe(true);
    const d = back.outputs[0]!.document as JsonObject;
    expect(d["triggers"]).toEqual(TRIGGERS);
    const tools = (d["blueprint"] as JsonObject)["tools"] as JsonValue[];
    expect(tools[tools.length - 1]).toEqual(NANGO);
  });

  it("unedited, mas → mas still writes no stash", () => {
    const same = convert(c.text, "mas", convertOptions(c));
    for (const o of same.outputs) expect(o.text).not.toContain("x-agentport");
  });
});

describe("a normalisation of the home format stays beside a kept edit", () => {
  const c = loadCase("agentmug-tool-kinds");
  const there = convert(c.text, "mas", convertOptions(c));
  const agentFile = there.outputs.find((o) => (o.document as JsonObject)["kind"] === "Agent") ?? there.outputs[0]!;
  const data = parseText(agentFile.text, agentFile.name).data as JsonObject;
  (data["spec"] as JsonObject)["design_pattern"] = "cot";
  const edited = convert(JSON.stringify(data), "agentmug", { file: agentFile.name, exportedAt: "2030-01-02T03:04:05Z" });

  it("the requested exportedAt is written, and the mas-only edit rides in the stash", () => {
    expect(there.ok && edited.ok, listing(edited)).toBe(true);
    const d = edited.outputs[0]!.document as JsonObject;
    expect(d["exportedAt"]).toBe("2030-01-02T03:04:05Z");
    expect(JSON.stringify(d["x-agentport"])).toContain("cot");
    expect(JSON.stringify(d["x-agentport"] ?? {})).not.toContain("/provenance");
  });

  it("back in mas the design pattern is the edit's; again in AgentMug, exportedAt is not undone", () => {
    const d = edited.outputs[0]!;
    const mas = convert(d.text, "mas", { file: d.name });
    expect(mas.ok, listing(mas)).toBe(true);
    const agent = mas.outputs.find((o) => (o.document as JsonObject)["kind"] === "Agent")!;
    expect(((agent.document as JsonObject)["spec"] as JsonObject)["design_pattern"]).toBe("cot");
    const again = convert(agent.text, "agentmug", { file: agent.name });
    expect((again.outputs[0]!.document as JsonObject)["exportedAt"]).toBe("2030-01-02T03:04:05Z");
  });
});

// An edit made in a format that is neither the agent's home nor the target (docs/decisions.md, "A value
// an edit added in a format that is neither the home nor the target"): mas is the home, the edit is made
// in the Agent Spec file, and the way back to Agent Spec goes through mas.
describe("mas → Agent Spec (edit: a ServerTool's inputs, the agent's human_in_the_loop) → mas → Agent Spec", () => {
  const INPUTS: JsonValue[] = [{ title: "query", type: "string", description: "What to search for" }];
  const c = loadCase("mas-tool-forms");
  const there = convert(c.text, "agentspec", convertOptions(c));
  const out = there.outputs[0]!;
  const edit = (change: (doc: JsonObject) => void): string => {
    const doc = JSON.parse(out.text) as JsonObject;
    change(doc);
    return JSON.stringify(doc, null, 2);
  };
  const edited = edit((doc) => {
    (((doc["tools"] as JsonValue[])[0]) as JsonObject)["inputs"] = INPUTS;
    doc["human_in_the_loop"] = false;
  });
  const home = convert(edited, "mas", { file: out.name });
  const agentFile = home.outputs.find((o) => (o.document as JsonObject)["kind"] === "Agent")!;
  const back = convert(agentFile.text, "agentspec", { file: agentFile.name, readFile: c.readFile });
  const written = back.outputs[0]!.document as JsonObject;
  const stashOf = (d: JsonObject) => (d["metadata"] as JsonObject | undefined)?.["x-agentport"] as JsonObject | undefined;

  it("the mas file keeps the Agent Spec values, and says so", () => {
    expect(there.ok && home.ok, listing(home)).toBe(true);
    const stash = (agentFile.document as JsonObject)["x-agentport"] as JsonObject;
    expect(((stash["extensions"] as JsonObject)["agentspec"] as JsonObject)["/tools/0/inputs"]).toEqual(INPUTS);
    const kept = home.diagnostics.filter((d) => d.code === "stashed-value").map((d) => d.source?.pointer);
    expect(kept).toEqual(expect.arrayContaining(["/tools/0/inputs", "/human_in_the_loop"]));
  });

  it("back in Agent Spec the tool has the inputs and the agent its human_in_the_loop, written where the edit put them", () => {
    expect(back.ok, listing(back)).toBe(true);
    const tool = (written["tools"] as JsonValue[])[0] as JsonObject;
    expect(tool).toEqual({ component_type: "ServerTool", name: "web-search", inputs: INPUTS });
    expect(written["human_in_the_loop"]).toBe(false);
    // Written, so neither ridden in the Agent Spec file's own stash nor reported as a value Agent Spec cannot hold.
    expect(JSON.stringify(stashOf(written)?.["extensions"] ?? {})).not.toContain("agentspec");
    expect(back.diagnostics.filter((d) => d.source?.pointer?.includes("/x-agentport/extensions/agentspec")), listing(back)).toEqual([]);
  });

  it("it is the Agent Spec file the edit made, but for the stash: once more through mas, the same mas file", () => {
    const expected = JSON.parse(edited) as JsonObject;
    const strip = (d: JsonObject) => {
      const { metadata: _m, ...rest } = d;
      return rest;
    };
    expect(strip(written)).toEqual(strip(expected));
    const again = convert(back.outputs[0]!.text, "mas", { file: back.outputs[0]!.name });
    expect(again.outputs.find((o) => (o.document as JsonObject)["kind"] === "Agent")!.text).toBe(agentFile.text);
  });

  it("a kept member never replaces what the IR says of a tool: with web-search removed in mas, calc keeps its own inputs", () => {
    const data = parseText(agentFile.text, agentFile.name).data as JsonObject;
    ((data["spec"] as JsonObject)["tools"] as JsonValue[]).splice(0, 1);
    const r = convert(JSON.stringify(data), "agentspec", { file: agentFile.name, readFile: c.readFile });
    const calc = ((r.outputs[0]!.document as JsonObject)["tools"] as JsonValue[])[0] as JsonObject;
    expect(calc["name"]).toBe("calc");
    expect(calc["inputs"]).toEqual([{ title: "expression", type: "string", description: "Arithmetic expression to evaluate (e.g. '28 + 22')." }]);
  });
});

describe("AgentMug → Agent Spec (edit: an MCP transport's headers, a RemoteTool's headers) → AgentMug → Agent Spec", () => {
  const c = loadCase("agentmug-tool-kinds");
  const there = convert(c.text, "agentspec", convertOptions(c));
  const out = there.outputs[0]!;
  const doc = JSON.parse(out.text) as JsonObject;
  const tools = doc["tools"] as JsonObject[];
  const mcp = tools.findIndex((t) => t["component_type"] === "MCPTool");
  const remote = tools.findIndex((t) => t["component_type"] === "RemoteTool");
  (tools[mcp]!["client_transport"] as JsonObject)["headers"] = { "X-Team": "sre" };
  tools[remote]!["headers"] = { "X-Trace": "1" };
  const home = convert(JSON.stringify(doc, null, 2), "agentmug", { file: out.name });
  const back = convert(home.outputs[0]!.text, "agentspec", { file: home.outputs[0]!.name });

  it("the tools come back as the edit left them, in a valid document (the transport keeps the type and name it was written with)", () => {
    expect(mcp >= 0 && remote >= 0 && home.ok, listing(home)).toBe(true);
    expect(back.ok, listing(back)).toBe(true);
    const written = (back.outputs[0]!.document as JsonObject)["tools"] as JsonObject[];
    expect(written[mcp]).toEqual(tools[mcp]);
    expect(written[remote]).toEqual(tools[remote]);
    expect(back.diagnostics.filter((d) => d.source?.pointer?.includes("/x-agentport/extensions/agentspec")), listing(back)).toEqual([]);
  });
});
