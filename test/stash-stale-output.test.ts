// A stash-stale warning names exactly the x-agentport values the way back does not write (session 17,
// verify16 N6/N7, user trial 16 F6): never a value that comes back unchanged (a prompt part the edit
// left alone, found by its key after a part before it was removed), never the edited field itself
// where the stash held no other value for it (an Agent Spec description that is the mas routing text),
// never an internal name (`(document)`); one warning per edit, attributed to the output it concerns.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { convert, type ConvertResult } from "../src/index.js";
import type { ReadFile } from "../src/adapters/types.js";
import { edited, listing, stale } from "./helpers/edits.js";

/** The entries a stash-stale message lists (after its last colon). */
const entriesOf = (message: string): string[] => message.slice(message.lastIndexOf(": ") + 2).split(", ");
/** An AgentMug file whose systemPrompt has one sentence edited and the `[removed]` part taken out, as a user would in an editor. */
const promptEdited = (text: string, [from, to]: [string, string], removed: string): string =>
  edited(text, (d) => {
    const b = d["blueprint"] as { systemPrompt: string };
    b.systemPrompt = b.systemPrompt.replace(from, to).replace(new RegExp(`\\n\\n\\[${removed}\\][^\\n]*`), "");
  });
const staleEntries = (r: ConvertResult): string[] => stale(r).flatMap((d) => entriesOf(d.message));

/** A reader of the files `files` holds (a MAS app's outputs, edited), by their names. */
function reader(files: Map<string, string>): ReadFile {
  return (p) => {
    const text = files.get(p.replace(/^\.\//, ""));
    return text === undefined ? { ok: false, code: "ref-not-found", message: `${p} not found` } : { ok: true, text };
  };
}

/** golden/mas-system read as a MAS app (its agent files from disk), to Open Agent Spec. */
function masSystemToAgentSpec(): string {
  const readFile: ReadFile = (p) => ({ ok: true, text: readFileSync(`golden/mas-system/${p.replace(/^\.\//, "")}`, "utf8") });
  const r = convert(readFileSync("golden/mas-system/input.yaml", "utf8"), "agentspec", { file: "input.yaml", readFile });
  expect(r.ok, listing(r)).toBe(true);
  return r.outputs[0]!.text;
}

const yamlOf = (r: ConvertResult, name: string): string => r.outputs.find((o) => o.name === name)?.text ?? "";

describe("N6: mas-system → Agent Spec, a worker's description edited → mas", () => {
  const as = masSystemToAgentSpec();
  const one = edited(as, (d) => {
    ((d["$referenced_components"] as Record<string, Record<string, unknown>>)["booker"] as Record<string, unknown>)["description"] = "Books flights, hotels and trains once a plan is agreed.";
  });
  const two = edited(one, (d) => {
    ((d["$referenced_components"] as Record<string, Record<string, unknown>>)["planner"] as Record<string, unknown>)["description"] = "Builds a day-by-day itinerary when a trip is wanted.";
  });

  it("writes the edit as the routing text (spec.description) and adds no metadata.description", () => {
    const back = convert(one, "mas", { file: "as.json" });
    expect(back.ok, listing(back)).toBe(true);
    const booker = yamlOf(back, "booker.yaml");
    expect(booker).toMatch(/^ {2}description: Books flights, hotels and trains once a plan is agreed\.$/m);
    expect(booker.slice(0, booker.indexOf("spec:"))).not.toMatch(/description/);
  });

  it("never names the edited description itself, nor spec.description the edit wrote", () => {
    for (const text of [one, two]) {
      const back = convert(text, "mas", { file: "as.json" });
      expect(back.ok, listing(back)).toBe(true);
      const entries = staleEntries(back);
      expect(entries.filter((e) => /description/.test(e)), listing(back)).toEqual([]);
    }
  });

  it("gives at most one stash-stale warning per edited value, each about an output", () => {
    const back = convert(two, "mas", { file: "as.json" });
    const places = stale(back).map((d) => `${d.source?.file}${d.source?.pointer}`);
    expect(new Set(places).size, listing(back)).toBe(places.length);
    for (const d of stale(back)) expect(back.outputs.map((o) => o.name), listing(back)).toContain(d.target?.file);
  });

  it("to Caplo too: the links to booker read the edit, and nothing names the description", () => {
    const back = convert(one, "caplo", { file: "as.json" });
    expect(back.ok, listing(back)).toBe(true);
    expect(staleEntries(back).filter((e) => /description/.test(e)), listing(back)).toEqual([]);
    const agents = back.outputs[0]!.document["agents"] as { key: string; subAgents?: { local?: string; useWhen?: string }[] }[];
    const toBooker = agents.flatMap((a) => a.subAgents ?? []).filter((l) => l.local === "booker");
    expect(toBooker.length).toBeGreaterThan(0);
    for (const l of toBooker) expect(l.useWhen).toBe("Books flights, hotels and trains once a plan is agreed.");
  });
});

describe("stash-stale goes with the output it concerns", () => {
  it("mas-system → Agent Spec, booker's prompt edited → mas: the warning is booker.yaml's", () => {
    const as = edited(masSystemToAgentSpec(), (d) => {
      const booker = (d["$referenced_components"] as Record<string, Record<string, unknown>>)["booker"] as Record<string, unknown>;
      booker["system_prompt"] = String(booker["system_prompt"]) + " Always confirm the dates.";
    });
    const back = convert(as, "mas", { file: "as.json" });
    expect(back.ok, listing(back)).toBe(true);
    expect(stale(back).length, listing(back)).toBe(1);
    expect(stale(back)[0]!.target?.file).toBe("booker.yaml");
  });
});

describe("N7: a Caplo voice concierge through AgentMug, [voice_style] removed and a sentence edited", () => {
  const there = convert(readFileSync("golden/caplo-voice-concierge/input.caplo.json", "utf8"), "agentmug", { file: "input.caplo.json" });
  const text = promptEdited(there.outputs[0]!.text, ["room type.", "room type and price."], "voice_style");

  it("names the edited instructions and the removed voiceStyle, not the chatStyle that comes back unchanged", () => {
    const back = convert(text, "caplo", { file: there.outputs[0]!.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(staleEntries(back), listing(back)).toEqual(["caplo instructions", "caplo policy.voiceStyle"]);
    const policy = (back.outputs[0]!.document["agents"] as { policy?: Record<string, string> }[] | undefined)?.[0]?.policy ?? (back.outputs[0]!.document["policy"] as Record<string, string>);
    expect(policy["chatStyle"]).toBe("Use the guest's name once you know it.");
    expect(policy["voiceStyle"]).toBeUndefined();
    expect(stale(back)[0]!.target?.file).toBe(back.outputs[0]!.name);
  });
});

describe("N7: mas-prompt-files through AgentMug, [rules] edited and [tone] removed", () => {
  const readFile: ReadFile = (p) => { try { return { ok: true, text: readFileSync(`golden/mas-prompt-files/${p.replace(/^\.\//, "")}`, "utf8") }; } catch { return { ok: false, code: "ref-not-found", message: `${p} not found` }; } };
  const there = convert(readFileSync("golden/mas-prompt-files/input.yaml", "utf8"), "agentmug", { file: "input.yaml", readFile });
  const text = promptEdited(there.outputs[0]!.text, ["on-call queue.", "on-call queue at once."], "tone");

  it("does not name spec.context.note, which comes back unchanged", () => {
    const back = convert(text, "mas", { file: there.outputs[0]!.name });
    expect(back.ok, listing(back)).toBe(true);
    const entries = staleEntries(back);
    expect(entries, listing(back)).not.toContain("mas spec.context.note");
    expect(entries).toContain("mas spec.context.tone");
    expect(back.outputs[0]!.text).toMatch(/^ {4}note: Prefer A\/B answers over essays$/m);
  });
});

describe("F6: golden/agentspec-swarm → mas, pharmacist renamed chemist → Agent Spec", () => {
  const r = convert(readFileSync("golden/agentspec-swarm/input.json", "utf8"), "mas", { file: "input.json" });
  const files = new Map(r.outputs.map((o) => [o.name, o.text]));
  const manifest = r.outputs.find((o) => o.name.endsWith("-mas.yaml"))!.name;
  files.set("chemist.yaml", (files.get("pharmacist.yaml") as string).replace(/^ {2}name: pharmacist$/m, "  name: chemist"));
  files.delete("pharmacist.yaml");
  files.set(manifest, (files.get(manifest) as string).replace(/id: pharmacist/g, "id: chemist").replace(/pharmacist\.yaml/g, "chemist.yaml").replace(/- pharmacist$/gm, "- chemist"));

  it("names no internal place and not the display name, which is restored", () => {
    const back = convert(files.get(manifest) as string, "agentspec", { file: manifest, readFile: reader(files) });
    expect(back.ok, listing(back)).toBe(true);
    const entries = staleEntries(back);
    expect(entries.filter((e) => /\(document\)/.test(e)), listing(back)).toEqual([]);
    // What the rename does not restore is the Agent Spec component's key (its id), named by its place there.
    expect(entries.every((e) => e.startsWith("agentspec $referenced_components.13265e9c-f26e-437d-8f4f-02bbf9e33463")), listing(back)).toBe(true);
    expect(back.outputs[0]!.text).toContain('"name": "Pharmacist"');
  });
});
