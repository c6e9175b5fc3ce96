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
