// The ledger and the fidelity figures of a file that carries an x-agentport stash (user trial, session 18).
// The stash's bookkeeping (its version, home, guards, source map, the paths it removes or moves) is no
// value of the source: it has no row and is not counted. The values the stash restores (`ir`,
// `extensions`, `document` entries) are the source's, and count by what became of them: one an edit in
// the target stopped (stash-stale) is not carried, so it is `dropped`, never `exact`.
import { describe, expect, it } from "vitest";
import { readFileSync, writeFileSync, cpSync } from "node:fs";
import { join } from "node:path";
import { cli, EXAMPLE_BUNDLE } from "./helpers/cli.js";
import { tempDir } from "./helpers/tmp.js";

interface Row {
  file: string;
  sourcePointer: string;
  status: string;
  code?: string;
}
interface Figures {
  file: string;
  values: number;
  exact: number;
  behaviour: { values: number; kept: number; changed: number; unset: number; stale: number };
}

const tmp = () => tempDir("agentport-ledger-stash-");
/** The members of a stash that hold the source's values; every other member is bookkeeping. */
const VALUES = /^\/x-agentport\/(?:ir|extensions|document)\//;
const inStash = (r: Row) => r.sourcePointer.startsWith("/x-agentport/");

/** Converts back with a ledger and --json; the ledger's rows and the --json fidelity figures. */
async function back(args: string[], ledger: string): Promise<{ rows: Row[]; fidelity: Figures[]; stderr: string; code: number }> {
  const r = await cli([...args, "--ledger", ledger, "--json"]);
  const body = JSON.parse(r.stdout) as { fidelity: Figures[] };
  return { rows: JSON.parse(readFileSync(ledger, "utf8")) as Row[], fidelity: body.fidelity, stderr: r.stderr, code: r.code };
}

describe("Caplo bundle → AgentMug, primaryModel edited → Caplo --bundle", () => {
  it("the stopped temperature is dropped (stash-stale), the bookkeeping has no row, the figures count values only", async () => {
    const d = tmp();
    const a = join(d, "a");
    expect((await cli(["convert", EXAMPLE_BUNDLE, "--to", "agentmug", "-o", a + "/"])).code).toBe(0);
    const front = join(a, "front-desk.agent.json");
    const doc = JSON.parse(readFileSync(front, "utf8"));
    doc.blueprint.primaryModel = "gpt-5";
    writeFileSync(front, JSON.stringify(doc, null, 2) + "\n");
    const inputs = ["front-desk", "billing", "tech"].map((n) => join(a, `${n}.agent.json`));
    const { rows, fidelity, code } = await back(["convert", ...inputs, "--to", "caplo", "--bundle", "-o", join(d, "b") + "/"], join(d, "led.json"));
    expect(code).toBe(0);
    const out = JSON.parse(readFileSync(join(d, "b", "front-desk-bundle.caplo.json"), "utf8"));
    expect(out.agents[0].model.temperature).toBeUndefined();
    const at = (file: string, p: string) => rows.find((r) => r.file === file && r.sourcePointer === p);
    expect(at(front, "/x-agentport/ir/~1models~10~1temperature")).toMatchObject({ status: "dropped", code: "stash-stale" });
    // Unedited, billing's temperature is restored and written: carried exactly.
    expect(at(inputs[1]!, "/x-agentport/ir/~1models~10~1temperature")).toMatchObject({ status: "exact" });
    // A stash value restored and written is carried (the greeting); the edited model is carried too (Caplo spells it with its provider).
    expect(at(front, "/x-agentport/ir/~1greeting")?.status).toBe("exact");
    expect(at(front, "/blueprint/primaryModel")).toMatchObject({ status: "transformed" });
    // No row for the stash's bookkeeping.
    expect(rows.filter(inStash).filter((r) => !VALUES.test(r.sourcePointer))).toEqual([]);
    expect(rows.filter(inStash).length).toBeGreaterThan(0);
    // The figures count the ledger's rows: each stopped value is a behaviour change; the edit is still said.
    for (const f of fidelity) {
      const own = rows.filter((r) => r.file === f.file);
      expect(f.values).toBe(own.length);
      expect(f.exact).toBe(own.filter((r) => r.status === "exact").length);
    }
    const stopped = rows.filter((r) => r.code === "stash-stale");
    expect(stopped.every((r) => r.file === front && r.status === "dropped")).toBe(true);
    const sum = (k: "values" | "changed" | "stale") => fidelity.reduce((n, f) => n + f.behaviour[k], 0);
    expect(sum("values")).toBeLessThanOrEqual(rows.length);
    expect(sum("changed")).toBe(stopped.length);
    expect(sum("stale")).toBe(1);
  });

  it("unedited, nothing is dropped and the bookkeeping is not counted either", async () => {
    const d = tmp();
    const a = join(d, "a");
    expect((await cli(["convert", EXAMPLE_BUNDLE, "--to", "agentmug", "-o", a + "/"])).code).toBe(0);
    const inputs = ["front-desk", "billing", "tech"].map((n) => join(a, `${n}.agent.json`));
    const { rows, fidelity } = await back(["convert", ...inputs, "--to", "caplo", "--bundle", "-o", join(d, "b") + "/"], join(d, "led.json"));
    expect(rows.filter((r) => r.status === "dropped")).toEqual([]);
    expect(rows.filter(inStash).filter((r) => !VALUES.test(r.sourcePointer))).toEqual([]);
    expect(fidelity.reduce((n, f) => n + f.behaviour.changed + f.behaviour.stale, 0)).toBe(0);
    expect(fidelity.reduce((n, f) => n + f.values, 0)).toBe(rows.length);
  });
});

describe("Agent Spec → mas, the model edited → Agent Spec", () => {
  it("the llm_config's url the edit stopped is dropped (stash-stale); what the stash restores is exact", async () => {
    const d = tmp();
    cpSync("golden/agentspec-ollama-minimal/input.yaml", join(d, "as.yaml"));
    expect((await cli(["convert", join(d, "as.yaml"), "--to", "mas", "-o", join(d, "m") + "/"])).code).toBe(0);
    const file = join(d, "m", "assistant.yaml");
    const text = readFileSync(file, "utf8");
    expect(text).toContain("model: ollama/llama3.2:latest");
    writeFileSync(file, text.replace("model: ollama/llama3.2:latest", "model: openai/gpt-4o"));
    const { rows, fidelity, code } = await back(["convert", file, "--to", "agentspec", "-o", join(d, "back") + "/"], join(d, "led.json"));
    expect(code).toBe(0);
    const out = JSON.parse(readFileSync(join(d, "back", "assistant.agentspec.json"), "utf8"));
    expect(out.llm_config.url).toBeUndefined();
    const at = (p: string) => rows.find((r) => r.sourcePointer === p);
    expect(at("/x-agentport/extensions/agentspec/~1llm_config~1url")).toMatchObject({ status: "dropped", code: "stash-stale" });
    expect(at("/x-agentport/extensions/agentspec/~1llm_config~1component_type")).toMatchObject({ status: "dropped", code: "stash-stale" });
    // The tool's id is restored and written.
    expect(out.tools[0].id).toBe("0276909b-66e0-4dd7-9c35-12bb570b60ed");
    expect(at("/x-agentport/extensions/agentspec/~1tools~10~1id")?.status).toBe("exact");
    expect(rows.filter(inStash).filter((r) => !VALUES.test(r.sourcePointer))).toEqual([]);
    const [f] = fidelity;
    expect(f!.values).toBe(rows.length);
    expect(f!.behaviour.changed).toBe(rows.filter((r) => r.code === "stash-stale").length);
    expect(f!.behaviour.changed).toBeGreaterThanOrEqual(2);
    expect(f!.behaviour.stale).toBe(1);
  });
});
