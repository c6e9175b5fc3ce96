// An edit of one part of a joined prompt costs only what it touches (session 16, user-trial16 F2, F7).
// A target that holds the prompt as one string (AgentMug systemPrompt, Agent Spec system_prompt) gets
// the IR's chunks joined as "[key] text" parts. Edited there, the stash's chunks used to be left out
// as a whole: Caplo's [chat_style] part stayed inside the instructions (policy.chatStyle gone, though
// the same file without its stash splits it back), and every mas prompt-file reference was inlined,
// the unedited ones too, with no word. Now the prompt is split by the stash's own markers: a part whose
// text is unchanged is the stashed chunk (its key, its ref, its spelling), an edited part keeps its key,
// and a file reference given up is named in the stash-stale warning.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { convert, convertMany, type ConvertResult } from "../src/index.js";
import type { JsonObject } from "../src/ir/json.js";
import { loadCase, convertOptions } from "./helpers/cases.js";
import { edited, listing, stale } from "./helpers/edits.js";

const agentOf = (r: ConvertResult, i = 0): JsonObject => {
  const d = r.outputs[0]!.document;
  return Array.isArray(d["agents"]) ? (d["agents"] as JsonObject[])[i]! : d;
};

describe("Caplo bundle → AgentMug, one sentence of a prompt edited → Caplo", () => {
  const text = readFileSync("examples/support-bundle.caplo.json", "utf8");
  const original = (JSON.parse(text) as { agents: JsonObject[] }).agents[0]!;
  const there = convert(text, "agentmug", { file: "support-bundle.caplo.json" });
  const back = (edit: (prompt: string) => string): ConvertResult =>
    convertMany(
      there.outputs.map((o) => ({ file: o.name, text: o.name === "front-desk.agent.json" ? edited(o.text, (d) => ((d["blueprint"] as JsonObject)["systemPrompt"] = edit(String((d["blueprint"] as JsonObject)["systemPrompt"])))) : o.text })),
      "caplo",
      { bundle: true },
    );

  it("the [chat_style] part goes back to policy.chatStyle, the edit stays in the instructions", () => {
    expect(there.ok, listing(there)).toBe(true);
    const r = back((p) => p.replace("Never promise refunds yourself.", "Never promise refunds or discounts yourself."));
    expect(r.ok, listing(r)).toBe(true);
    const a = agentOf(r);
    expect(a["instructions"]).toBe(String(original["instructions"]).replace("Never promise refunds yourself.", "Never promise refunds or discounts yourself."));
    expect(a["policy"]).toEqual(original["policy"]);
    // Nothing else the stash held is given up: one warning, at the edited prompt, for the old text the edit replaced.
    expect(stale(r).map((d) => d.source?.pointer), listing(r)).toEqual(["/blueprint/systemPrompt"]);
  });

  it("an edit of the [chat_style] text is the new policy.chatStyle", () => {
    const r = back((p) => p.replace("[chat_style] Short, friendly sentences.", "[chat_style] Short sentences."));
    expect(r.ok, listing(r)).toBe(true);
    const a = agentOf(r);
    expect(a["instructions"]).toBe(original["instructions"]);
    expect((a["policy"] as JsonObject)["chatStyle"]).toBe("Short sentences.");
    expect((a["policy"] as JsonObject)["maxDepth"]).toBe(2);
  });

  it("the [chat_style] part deleted: no chatStyle, and the instructions are the edit's", () => {
    const r = back((p) => p.replace("\n\n[chat_style] Short, friendly sentences.", ""));
    expect(r.ok, listing(r)).toBe(true);
    const a = agentOf(r);
    expect(a["instructions"]).toBe(original["instructions"]);
    expect((a["policy"] as JsonObject)["chatStyle"]).toBeUndefined();
  });
});

describe("Caplo voice agent → Agent Spec, one sentence of the prompt edited → Caplo", () => {
  const c = loadCase("caplo-voice-concierge");
  const original = JSON.parse(c.text) as JsonObject;
  const out = convert(c.text, "agentspec", convertOptions(c)).outputs[0]!;

  it("voiceStyle and chatStyle come back as policy texts", () => {
    const text = edited(out.text, (d) => (d["system_prompt"] = String(d["system_prompt"]).replace("room type.", "room type and price.")));
    expect(text).not.toBe(out.text);
    const r = convert(text, "caplo", { file: out.name });
    expect(r.ok, listing(r)).toBe(true);
    const a = agentOf(r);
    expect(a["instructions"]).toBe(String(original["instructions"]).replace("room type.", "room type and price."));
    expect(a["policy"]).toEqual(original["policy"]);
    expect(stale(r).map((d) => d.source?.pointer), listing(r)).toEqual(["/system_prompt"]);
  });
});

describe("mas agent with prompt files → Agent Spec, one [rules] line added → mas", () => {
  const c = loadCase("mas-prompt-files");
  const out = convert(c.text, "agentspec", convertOptions(c)).outputs[0]!;
  const back = (edit: (prompt: string) => string): ConvertResult => {
    const text = edited(out.text, (d) => (d["system_prompt"] = edit(String(d["system_prompt"]))));
    expect(text).not.toBe(out.text);
    return convert(text, "mas", { file: out.name });
  };
  const context = (r: ConvertResult): JsonObject => (agentOf(r)["spec"] as JsonObject)["context"] as JsonObject;

  it("the unedited chunks keep their file references and spelling; the edited one is inline, and its reference is named", () => {
    const r = back((p) => p.replace("- Outages go to the on-call queue.", "- Outages go to the on-call queue.\n- Security reports go to the security queue."));
    expect(r.ok, listing(r)).toBe(true);
    const ctx = context(r);
    expect(Object.keys(ctx)).toEqual(["role", "intent", "rules", "tone", "note"]);
    expect(ctx["role"]).toBe("prompts/role.md");
    expect(ctx["intent"]).toEqual({ ref: "prompts/intent.md" });
    expect(ctx["rules"]).toBe("- Billing questions go to the billing queue.\n- Outages go to the on-call queue.\n- Security reports go to the security queue.");
    // Unedited, tone keeps its trailing newline (a YAML literal block).
    expect(ctx["tone"]).toBe("Be brief and friendly.\n");
    expect(ctx["note"]).toBe("Prefer A/B answers over essays");
    const w = stale(r);
    expect(w, listing(r)).toHaveLength(1);
    expect(w[0]!.source?.pointer).toBe("/system_prompt");
    expect(w[0]!.severity).toBe("warning");
    expect(w[0]!.message).toContain("./prompts/rules.md");
    expect(w[0]!.message).not.toContain("prompts/role.md");
    expect(w[0]!.message).not.toContain("prompts/intent.md");
  });

  it("a part deleted from the prompt gives up its file reference, named", () => {
    const r = back((p) => p.replace("[intent] Classify the ticket; never answer it yourself.\n\n", ""));
    expect(r.ok, listing(r)).toBe(true);
    const ctx = context(r);
    expect(Object.keys(ctx)).toEqual(["role", "rules", "tone", "note"]);
    expect(ctx["role"]).toBe("prompts/role.md");
    expect(ctx["rules"]).toBe("./prompts/rules.md");
    const w = stale(r);
    expect(w, listing(r)).toHaveLength(1);
    expect(w[0]!.message).toContain("prompts/intent.md");
    expect(w[0]!.message).not.toContain("prompts/role.md");
  });

  it("unedited, every chunk comes back as it was, with no warning", () => {
    const r = convert(out.text, "mas", { file: out.name });
    expect(stale(r), listing(r)).toEqual([]);
    const ctx = context(r);
    expect(ctx["role"]).toBe("prompts/role.md");
    expect(ctx["tone"]).toBe("Be brief and friendly.\n");
  });
});

describe("mas agent with prompt files → AgentMug, one [intent] word edited → mas", () => {
  const c = loadCase("mas-prompt-files");
  const out = convert(c.text, "agentmug", convertOptions(c)).outputs[0]!;

  it("the same split: only the edited part's file reference is given up", () => {
    const text = edited(out.text, (d) => ((d["blueprint"] as JsonObject)["systemPrompt"] = String((d["blueprint"] as JsonObject)["systemPrompt"]).replace("never answer it yourself", "never answer it")));
    const r = convert(text, "mas", { file: out.name });
    expect(r.ok, listing(r)).toBe(true);
    const ctx = (agentOf(r)["spec"] as JsonObject)["context"] as JsonObject;
    expect(ctx["role"]).toBe("prompts/role.md");
    expect(ctx["intent"]).toBe("Classify the ticket; never answer it.");
    expect(ctx["rules"]).toBe("./prompts/rules.md");
    const w = stale(r);
    expect(w, listing(r)).toHaveLength(1);
    expect(w[0]!.source?.pointer).toBe("/blueprint/systemPrompt");
    expect(w[0]!.message).toContain("the prompt file prompts/intent.md of the prompt part [intent] (no longer read: the part is written inline)");
  });

  it("a part left empty is no exact split: the stash's guards decide as before (every chunk is the edit's)", () => {
    const text = edited(out.text, (d) => ((d["blueprint"] as JsonObject)["systemPrompt"] = String((d["blueprint"] as JsonObject)["systemPrompt"]).replace("[intent] Classify the ticket; never answer it yourself.", "[intent] ")));
    const r = convert(text, "mas", { file: out.name });
    expect(r.ok, listing(r)).toBe(true);
    expect(r.outputs[0]!.text).not.toContain("prompts/role.md");
    expect(stale(r), listing(r)).toHaveLength(1);
  });
});
