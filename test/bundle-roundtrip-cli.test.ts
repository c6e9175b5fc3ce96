// --verify-roundtrip with --bundle compares what the way back of the bundle written gives (fresh10
// finding 6): the README quick start's AgentMug files, bundled into Caplo, came back from the
// bundle with their ids, but each was verified converted alone and reported `replace /id`.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, cliTemp, EXAMPLE_BUNDLE } from "./helpers/cli.js";

const tmp = cliTemp("bundle-roundtrip");

describe("--verify-roundtrip --bundle", () => {
  it("into a format with bundles: each AgentMug input is compared with what the bundle gives back", async () => {
    const d = tmp();
    const qs = join(d, "qs");
    expect((await cli(["convert", EXAMPLE_BUNDLE, "--to", "agentmug", "-o", qs + "/"])).code).toBe(0);
    const files = readdirSync(qs).sort().map((f) => join(qs, f));
    expect(files).toHaveLength(3);
    const r = await cli(["convert", ...files, "--to", "caplo", "--bundle", "-o", join(d, "b.caplo.json"), "--verify-roundtrip", "--json"]);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout) as { roundtrip: { file: string; patch: unknown[]; failed?: boolean }[] };
    expect(body.roundtrip.map((x) => x.file)).toEqual(files);
    expect(body.roundtrip.map((x) => x.patch)).toEqual([[], [], []]);
    expect(body.roundtrip.some((x) => x.failed)).toBe(false);
    // What the bundle does not carry back (AgentMug's own values, without the stash) is a difference of that input.
    const mug = ["hello.agent", "researcher.agent"].map((f) => `test/fixtures/agentmug/${f}`);
    const lossy = await cli(["convert", ...mug, "--to", "caplo", "--bundle", "-o", join(d, "n.caplo.json"), "--verify-roundtrip", "--no-stash", "--json"]);
    const back = JSON.parse(lossy.stdout) as { roundtrip: { file: string; patch: { op: string; path: string }[] }[] };
    expect(back.roundtrip.map((x) => x.file)).toEqual(mug);
    for (const x of back.roundtrip) expect(x.patch).toContainEqual(expect.objectContaining({ path: "/triggers" }));
    expect(back.roundtrip.flatMap((x) => x.patch.map((p) => p.path))).not.toContain("/id");
  });
});
