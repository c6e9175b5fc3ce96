// How a prompt spells a parameter (IrAgent.placeholders) stands with the prompt (session 10,
// fresh10 finding 3). Session 12 (fresh-user finding 6): the spelling was guarded by where the
// target reads it from, AgentMug's `parameters` list, so editing a parameter's label (or any other
// member of the list) said "placeholders.prefix" was not restored though the prompt was untouched,
// and the agent came back with its prompt spelled {{user_name}} and a spelling that says
// {{params.user_name}}: into a format without parameters, the unfilled placeholder went unreported.
// Now the spelling is guarded by the prompt as written, and nothing else.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { convert } from "../src/index.js";
import type { JsonObject } from "../src/ir/json.js";
import { listing, stale, edited } from "./helpers/edits.js";

// The Open Agent Spec how-to agent (test/fixtures/agentspec/SOURCES.md): system_prompt names {{user_name}}, an input.
const HOWTO = readFileSync("test/fixtures/agentspec/howto_agents.json", "utf8");


const firstParameter = (d: JsonObject) => (d["parameters"] as JsonObject[])[0]!;

describe("Agent Spec {{user_name}} → AgentMug, a parameter's label edited → back", () => {
  const there = convert(HOWTO, "agentmug", { file: "howto_agents.json" });
  const out = there.outputs[0]!;
  const text = edited(out.text, (d) => (firstParameter(d)["label"] = "Your name"));

  it("unedited, nothing is said about the spelling", () => {
    expect(there.ok, listing(there)).toBe(true);
    expect(stale(convert(out.text, "agentspec", { file: out.name }))).toEqual([]);
  });

  it("→ Agent Spec: the warning names the label only, not the spelling; the prompt is Agent Spec's", () => {
    const back = convert(text, "agentspec", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    const named = stale(back).flatMap((d) => d.message.slice(d.message.lastIndexOf(": ") + 2).split(", "));
    expect(named).not.toContain("placeholders.prefix");
    expect(back.outputs[0]!.document["system_prompt"]).toContain("{{user_name}}");
  });

  it("→ mas, which has no parameters: the placeholder the prompt spells is still reported unfilled", () => {
    const back = convert(text, "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    // The spelling's entry is named by the prompt it describes (the home's system_prompt, else the prompt in this file): never among them.
    expect(stale(back).flatMap((d) => d.message)).not.toContainEqual(expect.stringMatching(/system_?[pP]rompt/));
    expect(back.diagnostics.filter((d) => d.code === "unfilled-placeholder").map((d) => d.message), listing(back)).toEqual([expect.stringContaining("{{user_name}}")]);
  });

  it("the prompt edited: the spelling is still the prompt's, as before", () => {
    const prompt = (d: JsonObject) => d["blueprint"] as JsonObject;
    const back = convert(edited(out.text, (d) => (prompt(d)["systemPrompt"] = `${prompt(d)["systemPrompt"] as string}\nBe brief.`)), "agentspec", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    // The prompt's text is named at its Agent Spec place; the spelling (placeholders.prefix, no key of its own there) by the prompt edited.
    expect(stale(back).map((d) => d.message)).toEqual([expect.stringMatching(/: agentspec system_prompt, blueprint\.systemPrompt$/)]);
    expect(back.outputs[0]!.document["system_prompt"]).toContain("{{user_name}}");
  });
});
