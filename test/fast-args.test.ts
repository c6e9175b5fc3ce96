import { ADAPTERS } from "../src/adapters/registry.js";
import { describe, expect, it } from "vitest";
import { fastParse } from "../src/cli/fast-args.js";
import { cli } from "./helpers/cli.js";
import { yargsParse } from "../src/cli/run.js";

const F = ["caplo", "agentmug", "mas"];

describe("fast argument parser", () => {
  it("parses well-formed command lines like yargs would", () => {
    expect(fastParse(["convert", "a.json", "b.json", "--to", "agentmug", "-o", "out/", "--strict", "-q"], F)).toEqual({
      command: "convert",
      args: expect.objectContaining({ inputs: ["a.json", "b.json"], to: "agentmug", output: "out/", strict: true, quiet: true, json: false, stash: true, bundle: false }),
    });
    expect(fastParse(["convert", "-", "--to=mas", "--no-stash", "--max-bytes", "100", "--json"], F)?.args).toEqual(expect.objectContaining({ inputs: ["-"], to: "mas", stash: false, "max-bytes": 100, json: true }));
    expect(fastParse(["convert", "dir", "--to", "caplo", "-o", "o", "--include", "*.json", "*.yaml", "--jobs", "2"], F)?.args).toEqual(expect.objectContaining({ include: ["*.json", "*.yaml"], jobs: 2 }));
    expect(fastParse(["formats", "--json"], F)).toEqual({ command: "formats", args: expect.objectContaining({ json: true }) });
    expect(fastParse(["validate", "x.yaml", "--from", "mas"], F)?.args).toEqual(expect.objectContaining({ inputs: ["x.yaml"], from: "mas" }));
  });
  it("defers everything unusual to yargs", () => {
    for (const argv of [
      [], ["--help"], ["convert", "--help"], ["convert", "a.json"], ["convert", "a.json", "--to", "nope"], ["convert", "a.json", "--to"],
      ["convert", "a.json", "--to", "caplo", "--frobnicate"], ["convert", "--to", "caplo"], ["formats", "extra"], ["convert", "a", "--to", "caplo", "--jobs", "x"],
      ["convert", "a", "--to", "caplo", "--strict=maybe"], ["convert", "a", "--to", "caplo", "-xyz"], ["unknown"],
    ]) expect(fastParse(argv, F), argv.join(" ")).toBeUndefined();
  });
  // Well-formed lines of every option: the fast parser must give exactly what yargs gives.
  const LINES: string[][] = [
    ["convert", "a.json", "b.json", "--to", "agentmug", "-o", "out/", "--strict", "-q"],
    ["convert", "-", "--to=mas", "--no-stash", "--max-bytes", "100", "--json"],
    ["convert", "dir", "--to", "caplo", "-o", "o", "--include", "*.json", "*.yaml", "--jobs", "2"],
    ["convert", "a.json", "--to", "caplo", "--exclude", "x/**", "--exported-at", "2026-01-01T00:00:00Z", "--bundle", "--lenient"],
    ["convert", "a.json", "--to", "mas", "--extract-prompts", "p", "--ledger", "l.json", "--verify-roundtrip", "--force", "--include-private"],
    ["convert", "a.json", "--to", "agentmug", "--allow-secrets", "--allow-outside-refs", "--from", "caplo", "--", "-weird.json"],
    ["convert", "a.json", "--to", "caplo", "-o", "x.json", "-j", "3", "--stash=false", "--debug"],
    ["formats", "--json"],
    ["validate", "x.yaml", "--from", "mas", "--max-bytes=5"],
    ["detect", "a", "b", "--json"],
  ];
  it("gives the same result as the yargs path for the same command line", async () => {
    for (const argv of LINES) {
      const fast = fastParse(argv, F);
      expect(fast, argv.join(" ")).toBeDefined();
      expect(await yargsParse(argv, F), argv.join(" ")).toEqual(fast);
    }
    // what the fast parser defers, yargs decides
    expect(await yargsParse(["convert", "a.json", "--to", "caplo", "--help-not-an-option"], F)).toEqual({ usageError: expect.stringMatching(/Unknown argument/) });
    expect(await yargsParse(["--debug", "formats", "--json"], F)).toEqual({ command: "formats", args: expect.objectContaining({ json: true, debug: true }) });
    const c = await cli(["--debug", "formats", "--json"]); // global option before the command: yargs path
    expect(c.code).toBe(0);
    expect(JSON.parse(c.stdout).formats).toHaveLength(ADAPTERS.length);
  });
});
