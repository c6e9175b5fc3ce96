import { describe, expect, it } from "vitest";
import { fastParse } from "../src/cli/fast-args.js";
import { cli } from "./helpers/cli.js";

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
  it("gives the same result as the yargs path for the same command line", async () => {
    // --include is greedy in both parsers; "--" ends options in both.
    const a = await cli(["convert", "examples/support-bundle.caplo.json", "--to", "caplo", "--json"]);
    const b = await cli(["convert", "examples/support-bundle.caplo.json", "--to", "caplo", "--json", "--help-not-an-option"]);
    expect(a.code).toBe(0);
    expect(b.code).toBe(2); // unknown option: yargs reports it
    const c = await cli(["--debug", "formats", "--json"]); // global option before the command: yargs path
    expect(c.code).toBe(0);
    expect(JSON.parse(c.stdout).formats).toHaveLength(3);
  });
});
