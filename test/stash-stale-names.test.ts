// A stash-stale warning names what x-agentport does not restore as the user's files spell it: the
// home format's key path (`caplo model`, `agentmug blueprint.tools[1].kind`), or, where no home place
// is known, the target place that was edited. It used to list IR paths (`models[0].raw`,
// `tools[1].kind`), which users see nowhere else (session 15, docs/decisions.md "Stash-stale names").
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { convert, type ConvertResult } from "../src/index.js";
import { listing, stale } from "./helpers/edits.js";

/** The entries a stash-stale message lists (after its last colon). */
function entriesOf(message: string): string[] {
  const at = message.lastIndexOf(": ");
  return message.slice(at + 2).split(", ");
}

/** Every entry of every stash-stale warning of `r`. */
const staleEntries = (r: ConvertResult): string[] => stale(r).flatMap((d) => entriesOf(d.message));

/** An IR path as the IR spells it: its top-level names with an index or a member (`models[0].raw`, `tools[1].kind`, `limits.maxDepth`). */
const IR_PATH = /^(?:models|tools|knowledge|evals|subAgents|limits|instructions|reasoning|placeholders|routing|extensions)(?:\[|\.)/;

describe("a Caplo agent through mas, its model edited in mas", () => {
  const there = convert(readFileSync("golden/caplo-minimal/input.caplo.json", "utf8"), "mas", { file: "input.caplo.json" });
  const out = there.outputs[0]!;

  it("names the model's stashed value at its Caplo place, not as models[0].raw", () => {
    const edited = out.text.replace("model: openai/gpt-4o-mini\n", "model: openai/gpt-4o\n");
    expect(edited).not.toBe(out.text);
    const back = convert(edited, "caplo", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(stale(back), listing(back)).toHaveLength(1);
    const entries = staleEntries(back);
    for (const e of entries) expect(e, stale(back)[0]!.message).not.toMatch(IR_PATH);
    expect(entries).toEqual(["caplo model"]);
  });
});

describe("an AgentMug agent with tools through mas, two tools edited in mas", () => {
  const there = convert(readFileSync("golden/agentmug-tool-kinds/input.agent.json", "utf8"), "mas", { file: "input.agent.json" });
  const out = there.outputs[0]!;

  it("names each tool's stashed values by their AgentMug key paths", () => {
    const edited = out.text.replace("    - calculator\n", "    - calc\n").replace("    - deploy.log\n", "    - deploy.logs\n");
    expect(edited).not.toBe(out.text);
    const back = convert(edited, "agentmug", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(stale(back), listing(back)).toHaveLength(2);
    const entries = staleEntries(back);
    for (const e of entries) expect(e, listing(back)).not.toMatch(IR_PATH);
    expect(entriesOf(stale(back)[0]!.message)).toEqual(["agentmug blueprint.tools[1].kind", "agentmug blueprint.tools[1].description"]);
    expect(entriesOf(stale(back)[1]!.message)).toEqual([
      "agentmug blueprint.tools[3].kind",
      "agentmug blueprint.tools[3].url",
      "agentmug blueprint.tools[3].method",
      "agentmug blueprint.tools[3].requiresUserAuth",
      "agentmug blueprint.tools[3].description",
    ]);
  });
});
