// A prompt edited in Agent Spec, on its way back to AgentMug (trial finding fresh10 3). Agent Spec
// spells AgentMug's `{{params.company_name}}` as `{{company_name}}`; the stash keeps AgentMug's
// spelling (IrAgent.placeholders). Once the prompt was edited (written in Agent Spec's spelling),
// restoring that spelling made AgentMug read `{{company_name}}` as plain text: an unfilled
// placeholder, with no warning. Now the spelling stands with the prompt: an edited prompt is read
// in the spelling it was written in, and AgentMug gets `{{params.company_name}}` back.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { convert, type ConvertResult, type Diagnostic } from "../src/index.js";
import type { JsonObject } from "../src/ir/json.js";

// AgentMug's own example (provenance and license: test/fixtures/agentmug/SOURCES.md).
const INVOICE = readFileSync("test/fixtures/agentmug/invoice-chaser.agent", "utf8");

const listing = (r: ConvertResult) => r.diagnostics.map((d) => `  ${d.severity} ${d.code} @ ${d.source?.pointer ?? ""}: ${d.message}`).join("\n");
const stale = (r: ConvertResult): Diagnostic[] => r.diagnostics.filter((d) => d.code === "stash-stale");
const promptOf = (r: ConvertResult): string => (r.outputs[0]!.document["blueprint"] as JsonObject)["systemPrompt"] as string;

function editPrompt(text: string, edit: (prompt: string) => string): string {
  const doc = JSON.parse(text) as JsonObject;
  doc["system_prompt"] = edit(doc["system_prompt"] as string);
  return JSON.stringify(doc, null, 2) + "\n";
}

describe("an AgentMug prompt with a parameter, through Agent Spec, edited there", () => {
  const there = convert(INVOICE, "agentspec", { file: "invoice-chaser.agent" });
  const out = there.outputs[0]!;

  it("Agent Spec spells the placeholder {{company_name}}", () => {
    expect(there.ok, listing(there)).toBe(true);
    expect(INVOICE).toContain("{{params.company_name}}");
    expect(out.document["system_prompt"]).toContain("{{company_name}}");
    expect(out.document["system_prompt"]).not.toContain("{{params.");
  });

  it("unedited, AgentMug gets its prompt back as it was", () => {
    const back = convert(out.text, "agentmug", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(stale(back)).toEqual([]);
    expect(promptOf(back)).toBe((JSON.parse(INVOICE) as { blueprint: { systemPrompt: string } }).blueprint.systemPrompt);
  });

  it("edited, the edit comes back with the placeholder spelled {{params.company_name}}, and one warning", () => {
    const back = convert(editPrompt(out.text, (p) => `${p}\nAlways be polite.`), "agentmug", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    const prompt = promptOf(back);
    expect(prompt).toMatch(/\nAlways be polite\.$/);
    expect(prompt).toContain("{{params.company_name}}");
    expect(prompt).not.toMatch(/\{\{company_name\}\}/);
    const warnings = stale(back);
    expect(warnings.length, listing(back)).toBe(1);
    expect(warnings[0]!.source?.pointer).toBe("/system_prompt");
    // The prompt's text at its AgentMug place, the spelling (no key of its own there) by the prompt edited here.
    expect(warnings[0]!.message).toMatch(/: agentmug blueprint\.systemPrompt, system_prompt$/);
    expect(back.diagnostics.filter((d) => d.code === "unfilled-placeholder")).toEqual([]);
  });
});

describe("a prompt with no placeholder, one added in Agent Spec", () => {
  // The prompt needs no stash entry (Agent Spec carries it exactly): the spelling is guarded by the prompt itself.
  const plain = INVOICE.replace("{{params.company_name}}", "the company");
  const there = convert(plain, "agentspec", { file: "invoice-chaser.agent" });
  const out = there.outputs[0]!;

  it("the stash guards the spelling it sets by the prompt as written", () => {
    expect(there.ok, listing(there)).toBe(true);
    const stash = (out.document["metadata"] as JsonObject)["x-agentport"] as JsonObject;
    expect(Object.keys(stash["ir"] as JsonObject)).toContain("/placeholders/prefix");
    expect(Object.keys(stash["ir"] as JsonObject).some((k) => k.startsWith("/instructions"))).toBe(false);
    expect((stash["written"] as JsonObject)["/instructions"]).toMatchObject({ at: "/system_prompt" });
  });

  it("the added {{company_name}} is AgentMug's {{params.company_name}}", () => {
    const back = convert(editPrompt(out.text, (p) => `${p}\nSign as {{company_name}}.`), "agentmug", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(promptOf(back)).toMatch(/\nSign as \{\{params\.company_name\}\}\.$/);
    // The spelling (placeholders.prefix) has no key of its own in AgentMug: named by the prompt edited.
    expect(stale(back).map((d) => d.message)).toEqual([expect.stringMatching(/contradict it: system_prompt$/)]);
  });
});

describe("the same prompt edited in mas, which has no spelling of its own", () => {
  it("keeps AgentMug's spelling as written: Agent Spec gets {{company_name}}, AgentMug {{params.company_name}}", () => {
    const mas = convert(INVOICE, "mas", { file: "invoice-chaser.agent" });
    expect(mas.ok, listing(mas)).toBe(true);
    const main = mas.outputs.find((o) => o.name.endsWith(".yaml"))!;
    expect(main.text).toContain("{{params.company_name}}");
    const edited = main.text.replace("and message the owner.", "and message the owner. Be polite.");
    expect(edited).not.toBe(main.text);
    const spec = convert(edited, "agentspec", { file: main.name });
    expect(spec.ok, listing(spec)).toBe(true);
    expect(spec.outputs[0]!.document["system_prompt"]).toMatch(/\{\{company_name\}\}.*Be polite\.$/s);
    const mug = convert(edited, "agentmug", { file: main.name });
    expect(mug.ok, listing(mug)).toBe(true);
    expect(promptOf(mug)).toMatch(/\{\{params\.company_name\}\}.*Be polite\.$/s);
  });
});
