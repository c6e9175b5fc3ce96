// An official Agent Spec Swarm (howto_swarm: three agents defined in $referenced_components
// under generated ids, sharing one llm_config, linked by $component_ref relationships),
// converted as a user would: the files are named for people, the Swarm's own members and
// the references that became the workflow are no behaviour warnings, each agent's metadata
// is judged as an agent's metadata, and the fidelity line counts what was carried.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { convert, type Diagnostic } from "../src/index.js";
import { inputFigures } from "../src/cli/fidelity-summary.js";
import { convertManyRead } from "../src/convert.js";
import { isAncestorOrSelf } from "../src/ir/pointer.js";
import { PROJECT_ROOT } from "./helpers/cases.js";
import { cli } from "./helpers/cli.js";
import { tempDir } from "./helpers/tmp.js";

const FILE = "test/fixtures/agentspec/howto_swarm.json";
const TEXT = readFileSync(join(PROJECT_ROOT, FILE), "utf8");
const DEFS = "/$referenced_components";
const AGENTS = ["55f143da-4dff-466e-bc5c-f8da5bf8c22a", "13265e9c-f26e-437d-8f4f-02bbf9e33463", "5c88130e-24f9-4ec0-8009-93a91c4ccd6e"];
const LLM = `${DEFS}/5fd42c44-d0e7-484c-bf6b-1e9649d42576`;

const at = (ds: readonly Diagnostic[], pointer: string) => ds.filter((d) => d.source?.pointer !== undefined && isAncestorOrSelf(pointer, d.source.pointer));

describe("an Agent Spec Swarm converted", () => {
  it("names each agent's file and the MAS manifest from the agent's name, not its generated id; unique and stable", () => {
    const mas = convert(TEXT, "mas", { file: FILE });
    expect(mas.ok).toBe(true);
    expect(mas.outputs.map((o) => o.name)).toEqual(["general-practitioner.yaml", "pharmacist.yaml", "dermatologist.yaml", "general-practitioner-mas.yaml"]);
    expect(convert(TEXT, "mas", { file: FILE }).outputs.map((o) => o.text)).toEqual(mas.outputs.map((o) => o.text));
    const mug = convert(TEXT, "agentmug", { file: FILE });
    expect(mug.outputs.map((o) => o.name)).toEqual(["general-practitioner.agent.json", "pharmacist.agent.json", "dermatologist.agent.json"]);
    // The generated id rides along for the way back: Agent Spec → mas → Agent Spec gives the ids back.
    const back = convert(mas.outputs.find((o) => o.name.endsWith("-mas.yaml"))!.text, "agentspec", {
      file: "general-practitioner-mas.yaml",
      readFile: (p) => {
        const o = mas.outputs.find((x) => x.name === p.replace(/^\.\//, ""));
        return o ? { ok: true, text: o.text } : { ok: false, code: "ref-not-found", message: p };
      },
    });
    expect(back.ok).toBe(true);
    expect(Object.keys((back.outputs[0]!.document as Record<string, Record<string, unknown>>)["$referenced_components"]!)).toEqual(expect.arrayContaining([...AGENTS, LLM.slice(DEFS.length + 1)]));
  });

  for (const to of ["mas", "agentmug", "caplo"]) {
    it(`into ${to}: the Swarm's own members and the references that became its links are no behaviour warnings, and say nothing false`, () => {
      const r = convert(TEXT, to, { file: FILE });
      expect(r.ok).toBe(true);
      const refs = ["/first_agent", "/relationships/0/0", "/relationships/0/1", "/relationships/1/0", "/relationships/1/1", "/relationships/2/0", "/relationships/2/1"].map((p) => `${p}/$component_ref`);
      for (const p of ["/component_type", "/id", "/name", "/description", "/metadata", ...refs, ...AGENTS.map((a) => `${DEFS}/${a}/llm_config/$component_ref`)]) {
        expect(at(r.diagnostics, p).filter((d) => d.severity !== "info").map((d) => `${d.source?.pointer}: ${d.message}`), p).toEqual([]);
      }
      // The references were used: never "no counterpart" for them, nor for the definitions that became the agents.
      const used = r.diagnostics.filter((d) => /\$component_ref$|^\/(first_agent|relationships)(\/|$)/.test(d.source?.pointer ?? "") || AGENTS.some((a) => d.source?.pointer === `${DEFS}/${a}`) || d.source?.pointer === LLM);
      expect(used.filter((d) => /no counterpart|no place/.test(d.message)).map((d) => `${d.source?.pointer}: ${d.message}`)).toEqual([]);
      // handoff is how the agents hand over: a behaviour warning.
      expect(at(r.diagnostics, "/handoff").map((d) => d.severity)).toEqual(["warning"]);
      // An agent's metadata, name and id, where its definition sits, are an agent's metadata.
      for (const a of AGENTS) for (const m of ["metadata", "name", "id"]) {
        expect(at(r.diagnostics, `${DEFS}/${a}/${m}`).filter((d) => d.severity !== "info").map((d) => d.message), `${a}/${m}`).toEqual([]);
      }
    });
  }

  it("reports the shared llm_config's values once per output file", () => {
    const r = convert(TEXT, "mas", { file: FILE });
    const url = at(r.diagnostics, `${LLM}/url`);
    expect(url.map((d) => d.target?.file).sort()).toEqual(["dermatologist.yaml", "general-practitioner.yaml", "pharmacist.yaml"]);
    expect(url.every((d) => d.severity === "warning")).toBe(true);
  });

  it("counts the prompts and the model as behaviour kept", async () => {
    const r = convertManyRead([{ text: TEXT, file: FILE }], "mas");
    const f = inputFigures(r.read[0]!.data, r.diagnostics, FILE, r.read[0]!.agents);
    const row = (p: string) => f.rows.find((x) => x.sourcePointer === p);
    for (const a of AGENTS) expect(at(r.diagnostics, `${DEFS}/${a}/system_prompt`).map((d) => d.severity)).not.toContain("warning");
    expect(row(`${LLM}/model_id`)?.status).toBe("exact");
    // A definition's own place (where it sits, under which id) covers none of its values.
    for (const a of AGENTS) expect(row(`${DEFS}/${a}/description`)?.status, JSON.stringify(r.read[0]!.agents)).toBe("exact");
    expect(f.behaviour.values - f.behaviour.changed).toBeGreaterThanOrEqual(AGENTS.length + 1);
    const out = tempDir("agentport-swarm-");
    const run = await cli(["convert", join(PROJECT_ROOT, FILE), "--to", "mas", "-o", out + "/"]);
    expect(run.code, run.stderr).toBe(0);
    const line = /behaviour kept for (\d+) of (\d+)/.exec(run.stderr);
    expect(Number(line?.[1])).toBeGreaterThanOrEqual(AGENTS.length + 1);
    expect(readdirSync(out).sort()).toEqual(["dermatologist.yaml", "general-practitioner-mas.yaml", "general-practitioner.yaml", "pharmacist.yaml"]);
  });
});
