// --json without -o holds every output, and each one's own files (a skill's SKILL.md beside a mas
// agent): an AgentMug agent with a skill converted to mas was a usage error under --json, though
// several documents were not (fresh-user finding 9, session 12); the text report names the files.
import { describe, expect, it } from "vitest";
import { cli } from "./helpers/cli.js";

const CHASER = "test/fixtures/agentmug/invoice-chaser.agent";

describe("--json and no -o, an output with files of its own", () => {
  it("prints them in the output's files, and exits 0", async () => {
    const r = await cli(["convert", CHASER, "--to", "mas", "--json"]);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout) as { outputs: { name: string; files?: { path: string; text: string }[] }[] };
    const files = body.outputs.flatMap((o) => o.files ?? []);
    expect(files.map((f) => f.path)).toEqual([expect.stringMatching(/^skills\/[^/]+\/SKILL\.md$/)]);
    expect(files[0]!.text.length).toBeGreaterThan(0);
  });

  it("without --json is a usage error that names each file and the way out", async () => {
    const r = await cli(["convert", CHASER, "--to", "mas"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/this conversion yields 2 files \([^)]*\.yaml, skills\/[^)]*SKILL\.md\); name a folder with -o DIR/);
    expect(r.stderr).toContain("--json");
  });
});
