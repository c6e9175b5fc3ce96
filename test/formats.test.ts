// `agentport formats` says, per format, whether it has a multi-agent document (`bundles`): what
// the adapter declares, checked here against what `--bundle` writes. Until session 9 mas said
// `bundles: false` (a user trial), though a kind: MAS app holds several agents and the workflow
// linking them, and `--bundle … --to mas` writes one.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { convert, formats, parse } from "../src/index.js";
import { ADAPTERS } from "../src/adapters/registry.js";
import { memoryReadFile } from "./helpers/memory-read-file.js";
import { cli } from "./helpers/cli.js";

const BUNDLE = readFileSync("golden/caplo-support-bundle/input.caplo.json", "utf8");

/** The most agents one output of `--bundle` holds, reading each output with the files written beside it. */
function mostAgentsInOne(to: string): number {
  const r = convert(BUNDLE, to, { bundle: true });
  expect(r.ok).toBe(true);
  const written = new Map(r.outputs.map((o) => [o.name, o.text] as const));
  return Math.max(...r.outputs.map((o) => parse(o.text, { from: to, file: o.name, readFile: memoryReadFile(written) }).doc?.agents.length ?? 0));
}

describe("agentport formats: bundles", () => {
  it("is true exactly for the formats whose --bundle output is one document holding all the agents", () => {
    const agents = parse(BUNDLE).doc?.agents.length ?? 0;
    expect(agents).toBeGreaterThan(1);
    for (const f of formats()) expect({ id: f.id, bundles: f.bundles }).toEqual({ id: f.id, bundles: mostAgentsInOne(f.id) === agents });
  });

  it("is what each adapter declares, in the text and --json listings", async () => {
    const json = JSON.parse((await cli(["formats", "--json"])).stdout) as { formats: { id: string; bundles: boolean }[] };
    expect(json.formats.map((f) => [f.id, f.bundles])).toEqual(ADAPTERS.map((a) => [a.id, a.bundles]));
    expect(json.formats.find((f) => f.id === "mas")?.bundles).toBe(true);
    const text = (await cli(["formats"])).stdout;
    expect(text).toMatch(/^mas +mas\/v1 \(bundles\)$/m);
    // An alias an adapter declares is listed beside its format (fresh9 finding 15: `--to oas`).
    for (const a of ADAPTERS) for (const alias of a.aliases ?? []) expect(text).toMatch(new RegExp(`^${a.id} .*, also --to .*\\b${alias}\\b`, "m"));
    expect(text).toMatch(/^agentspec .*, also --to oas$/m);
    // --bundle's help names each format's multi-agent document (bundleName): test/format-options.test.ts.
  });
});
