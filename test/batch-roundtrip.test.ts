// --verify-roundtrip on folders: each file of the tree is converted back and compared, as a
// one-file run compares it (a mas app is a folder: a shell glob of it names its topology and
// overlay files too, which are no agents, so the folder is the way to check it; session 11).
import { describe, expect, it } from "vitest";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cli } from "./helpers/cli.js";
import { tempDir } from "./helpers/tmp.js";

const bundle = JSON.parse(readFileSync("examples/support-bundle.caplo.json", "utf8"));
const APP = "test/fixtures/mas/apps/03-experiments-and-analysis";

function caploTree(): string {
  const root = tempDir("agentport-batch-rt-");
  mkdirSync(join(root, "team"));
  const tech = { apiVersion: "v2", kind: "Agent", ...bundle.agents.find((a: { key: string }) => a.key === "tech"), key: undefined };
  writeFileSync(join(root, "tech.json"), JSON.stringify(tech, null, 2));
  writeFileSync(join(root, "team", "bundle.json"), JSON.stringify(bundle, null, 2));
  return root;
}

interface RoundTripEntry {
  file: string;
  patch: unknown[];
  failed?: boolean;
}

describe("convert DIR --verify-roundtrip", () => {
  it("compares each file's way back and says lossless when every file comes back (stash on)", async () => {
    const root = caploTree();
    const out = tempDir("agentport-batch-rt-out-");
    const r = await cli(["convert", root, "--to", "agentmug", "-o", out + "/", "--verify-roundtrip", "--jobs", "1"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/round trip: lossless \(2 files compared\)/);
    const j = await cli(["convert", root, "--to", "agentmug", "-o", tempDir("agentport-batch-rt-json-") + "/", "--verify-roundtrip", "--json", "--jobs", "1"]);
    const body = JSON.parse(j.stdout) as { roundtrip: RoundTripEntry[] };
    expect(body.roundtrip.map((x) => [x.file.slice(root.length + 1), x.patch.length])).toEqual([["team/bundle.json", 0], ["tech.json", 0]]);
  });

  it("lists each difference by file, counts them on the closing line, and fails --strict before writing", async () => {
    const root = caploTree();
    const out = tempDir("agentport-batch-rt-out-");
    const r = await cli(["convert", root, "--to", "agentmug", "-o", out + "/", "--verify-roundtrip", "--no-stash", "--jobs", "1"]);
    expect(r.code, r.stderr).toBe(0);
    const ops = r.stderr.split("\n").filter((l) => l.includes(": round trip: "));
    expect(ops.length).toBeGreaterThan(0);
    expect(ops.every((l) => l.startsWith(join(root, "tech.json")) || l.startsWith(join(root, "team", "bundle.json")))).toBe(true);
    // The same figure a one-file run gives for each file, summed.
    let single = 0;
    for (const f of [join(root, "tech.json"), join(root, "team", "bundle.json")]) {
      const one = await cli(["convert", f, "--to", "agentmug", "-o", tempDir("agentport-batch-rt-one-") + "/", "--verify-roundtrip", "--no-stash", "--json"]);
      single += (JSON.parse(one.stdout) as { roundtrip: RoundTripEntry[] }).roundtrip.reduce((k, x) => k + x.patch.length, 0);
    }
    expect(ops.length).toBe(single);
    expect(r.stderr).toContain(`round trip: ${single} differences in 2 files (2 compared)`);
  });

  it("fails --strict on a round trip that loses, with no warning at all, and writes nothing of that file", async () => {
    // The legacy $schema alias is written as the URL producers must emit (an info): the only loss is the round trip's.
    const root = tempDir("agentport-batch-rt-strict-");
    cpSync("golden/agentmug-legacy-minimal/input.agent.json", join(root, "legacy.agent.json"));
    const out = join(tempDir("agentport-batch-rt-strict-out-"), "out");
    const lax = await cli(["convert", root, "--to", "agentmug", "-o", out + "/", "--verify-roundtrip", "--jobs", "1"]);
    expect(lax.code, lax.stderr).toBe(0);
    expect(lax.stderr).toContain("round trip: replace /$schema");
    const strictOut = join(tempDir("agentport-batch-rt-strict-out-"), "out");
    const s = await cli(["convert", root, "--to", "agentmug", "-o", strictOut + "/", "--verify-roundtrip", "--strict", "--jobs", "1"]);
    expect(s.code, s.stderr).toBe(1);
    expect(s.stderr).toContain("failed 1");
    expect(existsSync(join(strictOut, "legacy.agent.json"))).toBe(false);
  });

  it("checks a mas app folder as one input with its agent files, as the one-file run of its mas.yaml does", async () => {
    const app = join(tempDir("agentport-batch-rt-app-"), "app");
    cpSync(APP, app, { recursive: true });
    const out = tempDir("agentport-batch-rt-app-out-");
    const r = await cli(["convert", app, "--to", "agentspec", "-o", out + "/", "--verify-roundtrip", "--json", "--jobs", "1"]);
    expect(r.code, r.stderr).toBe(0);
    const batch = (JSON.parse(r.stdout) as { roundtrip: RoundTripEntry[] }).roundtrip;
    const one = await cli(["convert", join(app, "mas.yaml"), "--to", "agentspec", "-o", tempDir("agentport-batch-rt-app-one-") + "/", "--verify-roundtrip", "--json"]);
    expect(one.code, one.stderr).toBe(0);
    const single = (JSON.parse(one.stdout) as { roundtrip: RoundTripEntry[] }).roundtrip;
    expect(batch).toEqual(single);
    expect(batch.map((x) => x.file.slice(app.length + 1))).toEqual(["mas.yaml", "agent.yaml"]);
  });
});

describe("--strict failed by a round trip alone", () => {
  it("says so on a one-file run's closing line, not '--strict and 0 warnings'", async () => {
    const out = tempDir("agentport-rt-strict-one-");
    const r = await cli(["convert", "golden/agentmug-legacy-minimal/input.agent.json", "--to", "agentmug", "-o", out + "/", "--verify-roundtrip", "--strict"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("not written (--strict and a round trip that does not give the input back)");
    expect(r.stderr).not.toContain("0 warnings");
  });
});
