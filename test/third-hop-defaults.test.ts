// A default the first hop wrote out stays written on every later hop into that format (session 11):
// Caplo -> mas writes billing's max_tokens 1024 and tech's temperature 0.4 (Caplo's defaults, which
// mas does not share); mas -> Agent Spec -> mas gave them back without either, and said nothing,
// because the document states them while the stash says "Caplo stated nothing", and the defaults
// check took a stated value for the source's own.
import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { cli } from "./helpers/cli.js";
import { tempDir } from "./helpers/tmp.js";

const files = (dir: string): Map<string, string> => {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) e.isDirectory() ? walk(join(d, e.name)) : out.set(e.name, readFileSync(join(d, e.name), "utf8"));
  };
  walk(dir);
  return out;
};

describe("Caplo -> mas -> Agent Spec -> mas", () => {
  it("gives the mas files of the first hop again, with the Caplo defaults it wrote out", async () => {
    const d = tempDir("agentport-third-hop-");
    const [m1, s1, m2] = ["m1", "s1", "m2"].map((x) => join(d, x) + "/");
    expect((await cli(["convert", "examples/support-bundle.caplo.json", "--to", "mas", "-o", m1!])).code).toBe(0);
    expect((await cli(["convert", m1!, "--to", "agentspec", "-o", s1!])).code).toBe(0);
    const back = await cli(["convert", s1!, "--to", "mas", "-o", m2!, "--verbose"]);
    expect(back.code, back.stderr).toBe(0);
    const first = files(m1!);
    const third = files(m2!);
    expect(first.get("billing.yaml")).toMatch(/max_tokens: 1024/);
    expect(first.get("tech.yaml")).toMatch(/temperature: 0.4/);
    for (const [name, text] of first) expect(third.get(name), name).toBe(text);
    // And the hop says what it wrote, as the first did.
    expect(back.stderr).toMatch(/default-differs model\.responseLimit is not set: Caplo v2 assumes 1024, while mas\/v1 assumes 2000/);
    expect(back.stderr).toMatch(/default-differs model\.temperature is not set: Caplo v2 assumes 0\.4, while mas\/v1 assumes 0\.7/);
  });
});
