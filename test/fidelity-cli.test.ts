// --ledger, --verify-roundtrip and the fidelity figure, from the CLI.
import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync, existsSync, mkdirSync, cpSync } from "node:fs";
import { join } from "node:path";
import { cli } from "./helpers/cli.js";
import { leaves } from "../src/ir/json.js";
import { tempDir } from "./helpers/tmp.js";

const BUNDLE = "examples/support-bundle.caplo.json";
const tmp = () => tempDir("agentport-fidelity-");
const STATUSES = ["exact", "transformed", "defaulted", "stashed", "dropped"];

describe("--ledger", () => {
  it("is written like an output: never over a file the conversion read, an existing file only with --force, nothing on failure", async () => {
    // A user trial's finding: --ledger replaced the MAS manifest it was converting (and the agent file it read).
    const d = tmp();
    const app = join(d, "app");
    mkdirSync(join(app, "agents"), { recursive: true });
    cpSync("golden/mas-system/input.yaml", join(app, "mas.yaml"));
    cpSync("golden/mas-system/agents", join(app, "agents"), { recursive: true });
    const manifest = readFileSync(join(app, "mas.yaml"), "utf8");
    const agent = readFileSync(join(app, "agents/concierge.yaml"), "utf8");
    for (const target of [join(app, "mas.yaml"), join(app, "agents/concierge.yaml")]) {
      const r = await cli(["convert", join(app, "mas.yaml"), "--to", "agentmug", "-o", join(d, "out") + "/", "--ledger", target, "--force"]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`refusing to overwrite the input ${target}`);
      expect(existsSync(join(d, "out"))).toBe(false);
    }
    expect(readFileSync(join(app, "mas.yaml"), "utf8")).toBe(manifest);
    expect(readFileSync(join(app, "agents/concierge.yaml"), "utf8")).toBe(agent);
    const ledger = join(d, "ledger.json");
    expect((await cli(["convert", BUNDLE, "--to", "agentmug", "-o", join(d, "o1") + "/", "--ledger", ledger])).code).toBe(0);
    const again = await cli(["convert", BUNDLE, "--to", "agentmug", "-o", join(d, "o2") + "/", "--ledger", ledger]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`${ledger} exists; pass --force to replace it`);
    expect(existsSync(join(d, "o2"))).toBe(false);
    expect((await cli(["convert", BUNDLE, "--to", "agentmug", "-o", join(d, "o2") + "/", "--ledger", ledger, "--force"])).code).toBe(0);
    // --strict failing writes nothing, the ledger neither.
    const strict = await cli(["convert", BUNDLE, "--to", "agentmug", "-o", join(d, "o3") + "/", "--ledger", join(d, "strict.json"), "--strict"]);
    expect(strict.code).toBe(1);
    expect(existsSync(join(d, "strict.json"))).toBe(false);
    expect(existsSync(join(d, "o3"))).toBe(false);
  });

  it("without a file name is a usage error (exit 2), not an internal one", async () => {
    for (const flag of ["--ledger", "--baseline"]) {
      const r = await cli(["convert", BUNDLE, "--to", "agentmug", flag, ""]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${flag} needs a file name`);
      expect(r.stderr).not.toMatch(/internal error/);
    }
  });

  it("writes one row per source leaf, each with a status, and a code for every non-exact row", async () => {
    const d = tmp();
    const ledger = join(d, "ledger.json");
    const r = await cli(["convert", BUNDLE, "--to", "agentmug", "-o", join(d, "out") + "/", "--ledger", ledger, "--no-stash", "--verbose"]);
    expect(r.code).toBe(0);
    const rows = JSON.parse(readFileSync(ledger, "utf8")) as { file: string; sourcePointer: string; status: string; code?: string; targetPointer?: string }[];
    const source = JSON.parse(readFileSync(BUNDLE, "utf8"));
    expect(rows.map((x) => x.sourcePointer)).toEqual(leaves(source).map((l) => l.pointer));
    for (const row of rows) {
      expect(STATUSES).toContain(row.status);
      expect(row.file).toBe(BUNDLE);
      if (row.status !== "exact") expect(row.code, row.sourcePointer).toBeDefined();
    }
    const at = (p: string) => rows.find((x) => x.sourcePointer === p)!;
    expect(at("/agents/0/greeting")).toMatchObject({ status: "dropped", code: "dropped-field" });
    expect(at("/agents/0/subAgents/0/local").status).toBe("dropped");
    // The triage agent's chat style (a Caplo platform text) is appended to its system prompt: the instructions are joined with it.
    expect(at("/agents/0/instructions").status).toBe("transformed");
    expect(at("/agents/1/instructions").status).toBe("exact");
    // the summary's fidelity figure agrees with the ledger
    const exact = rows.filter((x) => x.status === "exact").length;
    expect(r.stderr).toContain(`agentport: fidelity ${BUNDLE} ${((100 * exact) / rows.length).toFixed(1)}% (${exact} of ${rows.length} source values carried exactly)`);
  });

  it("marks values carried in the x-agentport slot as stashed", async () => {
    const d = tmp();
    const ledger = join(d, "ledger.json");
    expect((await cli(["convert", BUNDLE, "--to", "agentmug", "-o", join(d, "out") + "/", "--ledger", ledger])).code).toBe(0);
    const rows = JSON.parse(readFileSync(ledger, "utf8")) as { sourcePointer: string; status: string }[];
    expect(rows.find((x) => x.sourcePointer === "/agents/0/greeting")!.status).toBe("stashed");
    expect(rows.some((x) => x.status === "dropped")).toBe(false);
  });
});

describe("--verify-roundtrip", () => {
  it("is lossless through the stash, and says so", async () => {
    const d = tmp();
    const r = await cli(["convert", BUNDLE, "--to", "agentmug", "-o", join(d, "out") + "/", "--verify-roundtrip"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^agentport: behaviour kept for .*; round trip: lossless$/m);
    expect(r.stderr).not.toMatch(/round trip: (remove|replace|add)/);
  });

  it("prints every value that did not survive as an RFC 6902 operation, and --strict exits 1 writing nothing", async () => {
    const d = tmp();
    const r = await cli(["convert", BUNDLE, "--to", "agentmug", "-o", join(d, "out") + "/", "--verify-roundtrip", "--no-stash"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^examples\/support-bundle\.caplo\.json: round trip: remove \/agents\/0\/subAgents$/m);
    expect(r.stderr).toMatch(/round trip: (replace|remove) \/agents\/0\/greeting/);
    const json = await cli(["convert", BUNDLE, "--to", "agentmug", "--json", "--verify-roundtrip", "--no-stash"]);
    const body = JSON.parse(json.stdout);
    expect(body.roundtrip[0].file).toBe(BUNDLE);
    expect(body.roundtrip[0].patch).toContainEqual({ op: "remove", path: "/agents/0/subAgents" });
    const out = join(d, "strict");
    const strict = await cli(["convert", BUNDLE, "--to", "agentmug", "-o", out + "/", "--verify-roundtrip", "--no-stash", "--strict"]);
    expect(strict.code).toBe(1);
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  });
});
