// What the report says must be true of the files it names (user trial 16, findings F6, F9-F12,
// docs/decisions.md "Report truth (session 16)"): a stash-stale warning names the stash entries it
// does not restore, as the home format spells them, never the edited value itself or a value that was
// restored; a YAML file of several documents says so in agentport's words.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { convert, type ConvertResult, type Diagnostic } from "../src/index.js";
import { buildLedger } from "../src/ir/ledger.js";
import { edited, listing, stale } from "./helpers/edits.js";

/** The entries a stash-stale message lists (after its last colon). */
function entriesOf(message: string): string[] {
  const at = message.lastIndexOf(": ");
  return message.slice(at + 2).split(", ");
}
const staleEntries = (r: ConvertResult): string[] => stale(r).flatMap((d) => entriesOf(d.message));

describe("F6: an AgentMug agent through mas, only max_tokens edited", () => {
  const there = convert(readFileSync("golden/agentmug-tool-kinds/input.agent.json", "utf8"), "mas", { file: "input.agent.json" });
  const out = there.outputs[0]!;

  it("names the stashed max tokens at blueprint.maxTokens, not the restored blueprint.primaryModel", () => {
    const text = out.text.replace("      max_tokens: 3001\n", "      max_tokens: 4000\n");
    expect(text).not.toBe(out.text);
    const back = convert(text, "agentmug", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(staleEntries(back), listing(back)).toEqual(["agentmug blueprint.maxTokens"]);
    const written = JSON.parse(back.outputs[0]!.text) as { blueprint: { primaryModel: string; maxTokens: number } };
    expect(written.blueprint.primaryModel).toBe("claude-opus-4-7");
    expect(written.blueprint.maxTokens).toBe(4000);
  });
});

describe("F6: a Caplo agent with a chat style through AgentMug, its prompt edited", () => {
  const there = convert(readFileSync("examples/support-bundle.caplo.json", "utf8"), "agentmug", { file: "support-bundle.caplo.json" });
  const out = there.outputs.find((o) => o.name.includes("front-desk"))!;

  it("names the edited prompt part at its Caplo place, not the edited systemPrompt; the untouched chatStyle part is restored, not named", () => {
    const text = edited(out.text, (d) => {
      const b = d["blueprint"] as { systemPrompt: string };
      b.systemPrompt = b.systemPrompt.replace("Never promise refunds yourself.", "Never promise refunds or discounts yourself.");
    });
    expect(text).not.toBe(out.text);
    const back = convert(text, "caplo", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    const entries = staleEntries(back);
    expect(entries, listing(back)).not.toContain("blueprint.systemPrompt");
    expect(entries).toEqual(["caplo instructions"]);
    // The [chat_style] part the edit left alone comes back as policy.chatStyle (docs/decisions.md "An edit of one part of a joined prompt").
    const agent = JSON.parse(back.outputs[0]!.text) as { policy?: { chatStyle?: string } };
    expect(agent.policy?.chatStyle).toBe("Short, friendly sentences.");
  });
});

describe("F12: a YAML file of several documents", () => {
  const multi = "---\napiVersion: mas/v1\nkind: Agent\nmetadata: {name: a}\nspec: {}\n---\napiVersion: mas/v1\nkind: Agent\nmetadata: {name: b}\nspec: {}\n";

  it("says in agentport's words that a file holds one manifest, at the second document", () => {
    const r = convert(multi, "caplo", { file: "multi.yaml" });
    expect(r.ok).toBe(false);
    const d = r.diagnostics.find((x) => x.code === "invalid-syntax");
    expect(d, listing(r)).toBeDefined();
    expect(d!.message).not.toMatch(/parseAllDocuments|YAML\./);
    expect(d!.message).toMatch(/one manifest/);
    expect(d!.source?.line).toBe(6);
  });
});
describe("F10: the ledger of a value carried in another form whose original rides in the stash", () => {
  it("is transformed, not kept only in x-agentport (a mas prompt part joined into system_prompt)", () => {
    const d: Diagnostic = {
      severity: "info", code: "stashed-value", effect: "representation",
      message: "spec.context is joined into one system_prompt; the original is kept in x-agentport for the way back",
      source: { file: "a.yaml", pointer: "/spec/context" }, target: { format: "agentspec", pointer: "/x-agentport" }, stashed: "transformed-value",
    };
    const lost: Diagnostic = { ...d, code: "stashed-value", source: { file: "a.yaml", pointer: "/spec/plugins" }, stashed: "dropped-field" };
    const rows = buildLedger({ spec: { context: { role: "You plan." }, plugins: ["x"] } }, [d, lost], "a.yaml");
    expect(rows.find((r) => r.sourcePointer === "/spec/context/role")).toMatchObject({ status: "transformed", code: "stashed-value" });
    expect(rows.find((r) => r.sourcePointer === "/spec/context/role")?.targetPointer).toBeUndefined();
    expect(rows.find((r) => r.sourcePointer === "/spec/plugins/0")).toMatchObject({ status: "stashed", targetPointer: "/x-agentport" });
  });
});

describe("F9: Caplo → Agent Spec → AgentMug, the stashed apiVersion", () => {
  const there = convert(readFileSync("golden/caplo-voice-concierge/input.caplo.json", "utf8"), "agentspec", { file: "input.caplo.json" });
  const out = there.outputs[0]!;

  it("is metadata, reported at its place in the Agent Spec file, as the direct conversion judges it", () => {
    const back = convert(out.text, "agentmug", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    const found = back.diagnostics.filter((d) => /^apiVersion\b/.test(d.message));
    expect(found, listing(back)).toHaveLength(1);
    expect(found[0]!.effect).toBe("metadata");
    expect(found[0]!.source?.pointer).not.toBe("/apiVersion");
    expect(found[0]!.source?.pointer).toContain("x-agentport");
    const direct = convert(readFileSync("golden/caplo-voice-concierge/input.caplo.json", "utf8"), "agentmug", { file: "input.caplo.json" });
    expect(direct.diagnostics.filter((d) => /^apiVersion\b/.test(d.message)).map((d) => d.effect)).toEqual(["metadata"]);
  });
});
