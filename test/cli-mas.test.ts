// The CLI with mas kind: MAS manifests, which are read with their agent files: validate,
// --verify-roundtrip, positions and file names in diagnostics (issue 9, item 5).
import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { cli } from "./helpers/cli.js";
import { tempDir } from "./helpers/tmp.js";
import { roundTripLost, roundTripNote } from "../src/cli/fidelity.js";

const MAS_APP = "golden/mas-system/input.yaml";
const BUNDLE = "examples/support-bundle.caplo.json";

interface Diag { severity: string; code: string; message: string; source?: { file?: string; pointer: string; line?: number; column?: number }; target?: { format: string; file?: string } }
interface RoundTripEntry { file: string; patch: { op: string; path: string }[]; failed?: boolean }

describe("validate with a kind: MAS manifest", () => {
  it("reads the agent files (the CLI has file access): the golden app and agentport's own output are valid", async () => {
    const r = await cli(["validate", MAS_APP]);
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe(`${MAS_APP}: valid mas\n`);
    expect(r.code).toBe(0);
    const out = tempDir();
    expect((await cli(["convert", BUNDLE, "--to", "mas", "-o", out + "/"])).code).toBe(0);
    const files = readdirSync(out).map((f) => join(out, f));
    const v = await cli(["validate", ...files, "--json"]);
    expect(v.code, v.stdout).toBe(0);
    expect(JSON.parse(v.stdout).files.map((f: { valid: boolean }) => f.valid)).toEqual(files.map(() => true));
  });
});

describe("--verify-roundtrip through kind: MAS files", () => {
  it("a MAS app → AgentMug → back is verified file by file, not reported as failed and lossless at once", async () => {
    const r = await cli(["convert", MAS_APP, "--to", "agentmug", "--json", "--verify-roundtrip"]);
    expect(r.code).toBe(0);
    const rt = JSON.parse(r.stdout).roundtrip as RoundTripEntry[];
    expect(rt.some((e) => e.failed)).toBe(false);
    // the manifest and each of its agent files
    expect(rt.map((e) => e.file)).toEqual([MAS_APP, "golden/mas-system/agents/concierge.yaml", "golden/mas-system/agents/planner.yaml", "golden/mas-system/agents/booker.yaml"]);
    const text = await cli(["convert", MAS_APP, "--to", "agentmug", "--verify-roundtrip", "-o", tempDir() + "/"]);
    expect(text.stderr).not.toMatch(/the way back failed/);
    expect(text.stderr).toMatch(/round trip: (lossless|\d+ difference)/);
  });

  it("a Caplo bundle → mas (MAS + agent files) → back is one bundle again", async () => {
    const r = await cli(["convert", BUNDLE, "--to", "mas", "--json", "--verify-roundtrip"]);
    const rt = JSON.parse(r.stdout).roundtrip as RoundTripEntry[];
    expect(rt).toEqual([{ file: BUNDLE, patch: [] }]);
  });

  it("outputs written to another folder: the references rewritten to name the same files from there are no round-trip loss", async () => {
    // ./tools/calc.tool.yaml is copied beside the output (ref-rewritten) and named as the input spells
    // it, which names the copy from there; the way back is judged as written beside the input.
    const out = tempDir();
    const r = await cli(["convert", "golden/mas-tool-forms/input.yaml", "--to", "mas", "-o", out + "/", "--json", "--verify-roundtrip"]);
    expect(r.code, r.stderr).toBe(0);
    const json = JSON.parse(r.stdout) as { roundtrip: RoundTripEntry[]; diagnostics: Diag[] };
    expect(json.diagnostics.some((d) => d.code === "ref-rewritten")).toBe(true);
    expect(readFileSync(join(out, "cost-planner.yaml"), "utf8")).toMatch(/- ref: \.\/tools\/calc\.tool\.yaml\n/);
    expect(existsSync(join(out, "tools/calc.tool.yaml"))).toBe(true);
    expect(json.roundtrip).toEqual([{ file: "golden/mas-tool-forms/input.yaml", patch: [] }]);
  });

  it("a failed way back is never 'lossless' and counts as a loss for --strict; differences in read files count too", () => {
    expect(roundTripNote({ patch: [], failed: true })).toBe("failed");
    expect(roundTripLost({ patch: [], failed: true })).toBe(true);
    expect(roundTripNote({ patch: [], files: [{ path: "agents/a.yaml", patch: [{ op: "remove", path: "/spec/x" }] }] })).toBe("1 difference");
    expect(roundTripLost({ patch: [], files: [{ path: "agents/a.yaml", patch: [] }] })).toBe(false);
  });

  it("a way back that fails is a failure: never 'lossless', and --strict exits 1 writing nothing", async () => {
    // Without the stash the MAS structure (agency, workflow) has nowhere to go in AgentMug.
    const out = tempDir();
    const r = await cli(["convert", MAS_APP, "--to", "agentmug", "--no-stash", "--verify-roundtrip", "--strict", "-o", out + "/"]);
    expect(r.code).toBe(1);
    expect(readdirSync(out)).toEqual([]);
    expect(r.stderr).not.toMatch(/lossless/);
    const ok = await cli(["convert", MAS_APP, "--to", "agentmug", "--no-stash", "--verify-roundtrip", "--json"]);
    const rt = JSON.parse(ok.stdout).roundtrip as RoundTripEntry[];
    expect(rt[0]!.failed === true || rt.some((e) => e.patch.length > 0)).toBe(true);
  });
});

describe("diagnostics about the agent files of a kind: MAS manifest", () => {
  it("have a line and a column", async () => {
    const r = await cli(["convert", MAS_APP, "--to", "caplo", "--json"]);
    const diags = JSON.parse(r.stdout).diagnostics as Diag[];
    const inAgents = diags.filter((d) => d.source?.file?.includes("agents/"));
    expect(inAgents.length).toBeGreaterThan(5);
    for (const d of inAgents) expect(d.source, `${d.code} ${d.message}`).toMatchObject({ line: expect.any(Number), column: expect.any(Number) });
  });

  it("name the MAS file as it is written (<entry>-mas.yaml), never a bare mas.yaml", async () => {
    const r = await cli(["convert", MAS_APP, "--to", "mas", "--json"]);
    const body = JSON.parse(r.stdout) as { outputs: { name: string }[]; diagnostics: Diag[] };
    const names = body.outputs.map((o) => o.name);
    expect(names).toContain("concierge-mas.yaml");
    const targets = body.diagnostics.map((d) => d.target?.file).filter((f): f is string => f !== undefined);
    expect(targets).toContain("concierge-mas.yaml");
    for (const f of targets) expect(names, f).toContain(f);
  });
});
