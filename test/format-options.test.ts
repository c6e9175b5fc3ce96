// The options one format reads are declared by its adapter (Adapter.options), and the CLI
// is built from those declarations: each is a convert flag with its help text and type,
// its value reaches the library option it names, and its check is the usage error.
import { describe, expect, it } from "vitest";
import { ADAPTERS } from "../src/adapters/registry.js";
import { COMMANDS } from "../src/cli/options.js";
import { cli } from "./helpers/cli.js";

const convert = COMMANDS.find((c) => c.name === "convert")!;
const declared = ADAPTERS.flatMap((a) => (a.options ?? []).map((o) => ({ adapter: a, option: o })));

describe("format options", () => {
  it("some adapter declares options (else this suite proves nothing)", () => {
    expect(declared.length).toBeGreaterThan(0);
  });

  it.each(declared.map((d) => [d.adapter.id, d.option.flag, d] as const))("%s --%s is a convert flag built from its declaration", (_id, _flag, { adapter, option }) => {
    const spec = convert.options.find((s) => s.name === option.flag);
    expect(spec, `--${option.flag}`).toBeDefined();
    expect(spec!.type).toBe(option.type);
    expect(spec!.describe).toBe(option.describe);
    expect(spec!.format).toMatchObject({ id: adapter.id, key: option.key });
    // One flag per option: no hub option and no other format declares the same flag.
    expect(convert.options.filter((s) => s.name === option.flag)).toHaveLength(1);
  });

  it("a declared check is the usage error, exit 2, as the --json shape", async () => {
    const checked = declared.find((d) => d.option.check !== undefined && d.option.check("\u0000not a value") !== undefined);
    expect(checked, "an option with a value check").toBeDefined();
    const { option } = checked!;
    const r = await cli(["convert", "-", "--to", checked!.adapter.id, `--${option.flag}`, "not a value", "--json"], "{}");
    expect(r.code).toBe(2);
    const out = JSON.parse(r.stdout) as { outputs: unknown[]; diagnostics: { code: string; message: string }[] };
    expect(out.outputs).toEqual([]);
    expect(out.diagnostics[0]!.code).toBe("usage-error");
    expect(out.diagnostics[0]!.message).toBe(`--${option.flag} ${option.check!("not a value")}, not "not a value"`);
  });

  it("help texts of hub options name the formats from their declarations", () => {
    const bundle = convert.options.find((s) => s.name === "bundle")!;
    for (const a of ADAPTERS) if (a.bundles && a.bundleName) expect(bundle.describe).toContain(a.bundleName);
    const secrets = convert.options.find((s) => s.name === "allow-secrets")!;
    for (const a of ADAPTERS) if (a.publishable) expect(secrets.describe).toContain(a.label);
  });
});
