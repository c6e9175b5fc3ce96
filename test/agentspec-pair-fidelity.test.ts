// The fidelity figures of a run naming Agent Spec's pair count the components file's values too:
// the closing line said "behaviour kept for 5 of 5 (0 changed)" while the output's line counted
// 8 behaviour changes, all about values the main file took from the components file (user trial 18,
// finding 4). The components file's values are the main file's reading, as a MAS manifest's agent
// files are the manifest's (withParts).
import { describe, expect, it } from "vitest";
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { cli } from "./helpers/cli.js";
import { tempDir } from "./helpers/tmp.js";

const FIXTURES = "test/fixtures/agentspec";
const MAIN = "howto_disaggregated_main_config.json";
const COMPONENTS = "howto_disaggregated_component_config.json";

type Fidelity = { file: string; values: number; exact: number; behaviour: { values: number; kept: number; changed: number } };

describe("fidelity of a run naming both files of the pair", () => {
  it("counts the components file's values, and its behaviour changes, with the main file's", async () => {
    const dir = tempDir("agentport-pair-fidelity-");
    for (const f of [MAIN, COMPONENTS]) copyFileSync(join(FIXTURES, f), join(dir, f));
    const out = tempDir("agentport-pair-fidelity-out-");
    const r = await cli(["convert", join(dir, MAIN), join(dir, COMPONENTS), "--to", "mas", "-o", out + "/", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const body = JSON.parse(r.stdout) as { fidelity: Fidelity[]; diagnostics: { severity: string; effect: string; source?: { file?: string } }[] };
    expect(body.fidelity.map((f) => f.file)).toEqual([join(dir, MAIN)]);
    const f = body.fidelity[0]!;
    const aboutComponents = body.diagnostics.filter((d) => d.severity === "warning" && d.effect === "behaviour" && d.source?.file === join(dir, COMPONENTS));
    expect(aboutComponents.length).toBeGreaterThan(0);
    // Each behaviour warning about a value of the components file is a changed value of the run's figures.
    expect(f.behaviour.changed).toBeGreaterThan(0);
    expect(f.behaviour.values).toBeGreaterThan(5);
    const text = await cli(["convert", join(dir, MAIN), join(dir, COMPONENTS), "--to", "mas", "-o", tempDir("agentport-pair-fidelity-out2-") + "/"]);
    expect(text.stderr).not.toMatch(/\(0 changed\)/);
  });
});
