// --strict with --verify-roundtrip (user trial, session 18): the round trip is checked under --strict
// as without it, so a loss fails the run (exit 1, nothing written) and --json shows the real patch.
// Until session 18 the way back was converted under --strict too, whose gate (warnings the policy had
// ignored, or the run's own) failed it, and the round trip was silently not taken: exit 0, "lossless".
import { describe, expect, it } from "vitest";
import { cpSync, existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { cli } from "./helpers/cli.js";
import { tempDir } from "./helpers/tmp.js";

/** An AgentMug file whose conversion to Caplo warns only of defaults, and whose round trip differs. */
const LEGACY = "golden/agentmug-legacy-minimal/input.agent.json";
const TO_CAPLO = ["--to", "caplo", "--verify-roundtrip", "--ignore", "default-differs", "--ignore", "defaulted-required"];
/** A mas agent whose round trip to AgentMug loses one value (every finding ignored). */
const MODERATOR = "test/fixtures/mas/corpus/library-samples/apps/trip-planner/agents/moderator.yaml";

interface Entry {
  file: string;
  patch: unknown[];
}
const differences = (stdout: string) => (JSON.parse(stdout) as { roundtrip: Entry[] }).roundtrip.reduce((k, x) => k + x.patch.length, 0);
const empty = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

describe("--strict --verify-roundtrip, one-file runs", () => {
  it("a loss the policy leaves as the only one fails --strict: exit 1, the round trip's lines, nothing written", async () => {
    const lax = await cli(["convert", LEGACY, ...TO_CAPLO, "-o", tempDir("agentport-srt-lax-") + "/"]);
    expect(lax.code, lax.stderr).toBe(0);
    const lost = lax.stderr.split("\n").filter((l) => l.includes(": round trip: ")).length;
    expect(lost).toBeGreaterThan(0);
    const out = join(tempDir("agentport-srt-"), "st");
    const r = await cli(["convert", LEGACY, ...TO_CAPLO, "--strict", "-o", out + "/"]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr.split("\n").filter((l) => l.includes(": round trip: ")).length).toBe(lost);
    expect(r.stderr).toContain("not written (--strict and a round trip that does not give the input back)");
    expect(empty(out)).toBe(true);
  });

  it("with --baseline (the warnings accepted): the round trip still fails --strict", async () => {
    const dir = tempDir("agentport-srt-base-");
    const base = join(dir, "base.json");
    const first = await cli(["convert", LEGACY, "--to", "caplo", "--baseline", base, "-o", join(dir, "first") + "/"]);
    expect(first.code, first.stderr).toBe(0);
    expect(existsSync(base)).toBe(true);
    const out = join(dir, "st");
    const r = await cli(["convert", LEGACY, "--to", "caplo", "--verify-roundtrip", "--strict", "--baseline", base, "-o", out + "/"]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain("round trip: ");
    expect(empty(out)).toBe(true);
  });

  it("--json (no policy) shows the patch the run without --strict shows, not an empty one", async () => {
    const lax = await cli(["convert", LEGACY, "--to", "caplo", "--verify-roundtrip", "--json"]);
    const n = differences(lax.stdout);
    expect(n).toBeGreaterThan(0);
    const r = await cli(["convert", LEGACY, "--to", "caplo", "--verify-roundtrip", "--strict", "--json"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).roundtrip).toEqual(JSON.parse(lax.stdout).roundtrip);
  });

  it("a mas agent to AgentMug with every finding ignored: its one difference fails --strict", async () => {
    const lax = await cli(["convert", MODERATOR, "--to", "agentmug", "--verify-roundtrip", "--ignore", "/**", "--json"]);
    expect(lax.code, lax.stdout).toBe(0);
    expect(differences(lax.stdout)).toBe(1);
    const out = join(tempDir("agentport-srt-mas-"), "st");
    const r = await cli(["convert", MODERATOR, "--to", "agentmug", "--verify-roundtrip", "--strict", "--ignore", "/**", "-o", out + "/"]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain("round trip: 1 difference");
    expect(empty(out)).toBe(true);
  });

  it("several files named: each one's round trip counts, and a loss fails the run", async () => {
    const dir = tempDir("agentport-srt-two-");
    cpSync(LEGACY, join(dir, "a.agent.json"));
    cpSync(LEGACY, join(dir, "b.agent.json"));
    const out = join(dir, "st");
    const r = await cli(["convert", join(dir, "a.agent.json"), join(dir, "b.agent.json"), ...TO_CAPLO, "--strict", "--json", "-o", out + "/"]);
    expect(r.code, r.stdout).toBe(1);
    const body = JSON.parse(r.stdout) as { roundtrip: Entry[] };
    expect(body.roundtrip.map((x) => x.patch.length > 0)).toEqual([true, true]);
    expect(empty(out)).toBe(true);
  });
});

describe("--strict --verify-roundtrip, folder runs", () => {
  it("a file whose only loss is its round trip fails --strict with a policy too, nothing of it written", async () => {
    const root = tempDir("agentport-srt-dir-");
    cpSync(LEGACY, join(root, "legacy.agent.json"));
    const out = join(tempDir("agentport-srt-dir-out-"), "st");
    const r = await cli(["convert", root, ...TO_CAPLO, "--strict", "-o", out + "/", "--jobs", "1"]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain("failed 1");
    expect(r.stderr).toContain("round trip: ");
    expect(empty(out)).toBe(true);
  });

  it("--json of a file --strict fails by its warnings still holds its round trip", async () => {
    const root = tempDir("agentport-srt-dirj-");
    cpSync(LEGACY, join(root, "legacy.agent.json"));
    const r = await cli(["convert", root, "--to", "caplo", "--verify-roundtrip", "--strict", "--json", "-o", join(tempDir("agentport-srt-dirj-out-"), "st") + "/", "--jobs", "1"]);
    expect(r.code, r.stdout).toBe(1);
    expect(differences(r.stdout)).toBeGreaterThan(0);
  });
});
