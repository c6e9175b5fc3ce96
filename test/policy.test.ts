// Loss policies: --error / --warn / --ignore (library option `policy`), the config file,
// and the baseline that lets --strict gate on regressions only.
import { describe, expect, it } from "vitest";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cli, cliTemp, EXAMPLE_BUNDLE as BUNDLE } from "./helpers/cli.js";
import { convert } from "../src/index.js";
import { applyPolicy, checkPolicy, mergePolicies, pointerGlob, baselineFindings } from "../src/policy.js";
import { convertFiles } from "../src/node/files.js";
import { fastParse } from "../src/cli/fast-args.js";
import type { Diagnostic } from "../src/ir/diagnostics.js";

const BUNDLE_TEXT = readFileSync(BUNDLE, "utf8");
const tmp = cliTemp("policy");

const json = (s: string) => JSON.parse(s) as { outputs: unknown[]; diagnostics: Diagnostic[] };
const at = (ds: readonly Diagnostic[], pointer: string) => ds.filter((d) => d.source?.pointer === pointer);

/** A folder holding a copy of the example bundle (and whatever config a test writes next to it). */
function project(): { dir: string; input: string } {
  const dir = tmp();
  const input = join(dir, "bundle.caplo.json");
  writeFileSync(input, BUNDLE_TEXT);
  return { dir, input };
}

describe("pointer globs", () => {
  it("* matches within one segment, ** any number of segments", () => {
    expect(pointerGlob("/agents/*/greeting").test("/agents/2/greeting")).toBe(true);
    expect(pointerGlob("/agents/*/greeting").test("/agents/2/x/greeting")).toBe(false);
    expect(pointerGlob("/agents/**").test("/agents/0/model/temperature")).toBe(true);
    expect(pointerGlob("/agents/**").test("/agents")).toBe(true);
    expect(pointerGlob("/agents/**").test("/agentsx")).toBe(false);
    expect(pointerGlob("/a.b/*").test("/axb/c")).toBe(false);
  });
});

describe("the policy option (library)", () => {
  const plain = convert(BUNDLE_TEXT, "agentmug", { file: BUNDLE, stash: false });

  it("error: findings of a code or an effect become errors, the result fails and holds no outputs", () => {
    const r = convert(BUNDLE_TEXT, "agentmug", { file: BUNDLE, stash: false, policy: { error: ["dropped-link"] } });
    expect(r.ok).toBe(false);
    expect(r.outputs).toEqual([]);
    const links = r.diagnostics.filter((d) => d.code === "dropped-link");
    expect(links.length).toBe(plain.diagnostics.filter((d) => d.code === "dropped-link").length);
    for (const d of links) expect(d).toMatchObject({ severity: "error", policy: "error" });
    expect(r.diagnostics.filter((d) => d.severity === "error").every((d) => d.code === "dropped-link")).toBe(true);
    const byEffect = convert(BUNDLE_TEXT, "agentmug", { file: BUNDLE, stash: false, policy: { error: ["behaviour"] } });
    expect(byEffect.ok).toBe(false);
    expect(byEffect.diagnostics.filter((d) => d.severity === "error").length).toBe(plain.diagnostics.filter((d) => d.severity === "warning").length);
    expect(byEffect.diagnostics.filter((d) => d.severity === "info").length).toBe(plain.diagnostics.filter((d) => d.severity === "info").length);
  });

  it("error: the outputs a gate withholds are named in `withheld`, as the run without it names them", () => {
    const r = convert(BUNDLE_TEXT, "agentmug", { file: BUNDLE, stash: false, policy: { error: ["behaviour"] } });
    expect(r.outputs).toEqual([]);
    expect(plain.outputs.length).toBeGreaterThan(0);
    expect(r.withheld).toEqual(plain.outputs.map((o) => o.name));
    // Nothing withheld: a passing gate, a strict failure (the outputs are returned), the conversion's own error.
    expect(plain.withheld).toBeUndefined();
    const passing = convert(BUNDLE_TEXT, "agentmug", { file: BUNDLE, stash: false, policy: { warn: ["defaulted-required"] } });
    expect(passing.outputs.length).toBeGreaterThan(0);
    expect(passing.withheld).toBeUndefined();
    const strict = convert(BUNDLE_TEXT, "agentmug", { file: BUNDLE, stash: false, strict: true });
    expect(strict.ok).toBe(false);
    expect(strict.outputs.length).toBeGreaterThan(0);
    expect(strict.withheld).toBeUndefined();
    expect(convert("{ not json", "agentmug", { policy: { error: ["behaviour"] } }).withheld).toBeUndefined();
  });

  it("warn: notes of a code become warnings, and strict fails on them", () => {
    const r = convert(BUNDLE_TEXT, "agentmug", { file: BUNDLE, strict: true, policy: { warn: ["defaulted-required"] } });
    expect(r.ok).toBe(false);
    const raised = r.diagnostics.filter((d) => d.code === "defaulted-required");
    expect(raised.length).toBeGreaterThan(0);
    for (const d of raised) expect(d).toMatchObject({ severity: "warning", policy: "warn" });
  });

  it("ignore: by code or pointer glob; set-aside findings are returned as `ignored`, never lost", () => {
    const r = convert(BUNDLE_TEXT, "agentmug", { file: BUNDLE, stash: false, policy: { ignore: ["/agents/*/greeting", "dropped-link"] } });
    expect(r.ok).toBe(true);
    expect(at(r.diagnostics, "/agents/0/greeting")).toEqual([]);
    expect(r.diagnostics.some((d) => d.code === "dropped-link")).toBe(false);
    const ignored = r.ignored ?? [];
    expect(ignored.length + r.diagnostics.length).toBe(plain.diagnostics.length);
    expect(ignored.map((d) => d.source?.pointer)).toContain("/agents/2/greeting");
  });

  it("never touches the conversion's own errors", () => {
    const r = convert("{ not json", "agentmug", { policy: { ignore: ["invalid-syntax", "/**"], warn: [] } });
    expect(r.ok).toBe(false);
    expect(r.diagnostics.map((d) => d.code)).toContain("invalid-syntax");
  });

  it("a rule that names no code, effect or pointer is a usage error (a typo must not pass silently)", () => {
    for (const policy of [{ error: ["dropped-feild"] }, { warn: ["behaviour"] }, { ignore: ["greeting"] }, { error: ["dropped-link"], warn: ["dropped-link"] }]) {
      const r = convert(BUNDLE_TEXT, "agentmug", { policy });
      expect(r.ok, JSON.stringify(policy)).toBe(false);
      expect(r.diagnostics.map((d) => d.code)).toEqual(["usage-error"]);
    }
    expect(checkPolicy({ error: ["behaviour", "dropped-link"], warn: ["stashed-value"], ignore: ["/x/**", "ref-kept"] })).toEqual([]);
  });

  it("precedence: ignore, then a code's rule, then an effect's", () => {
    const ds = plain.diagnostics;
    const r = applyPolicy(ds, { error: ["behaviour"], warn: ["dropped-link"], ignore: ["/agents/0/**"] });
    expect(r.diagnostics.some((d) => d.source?.pointer.startsWith("/agents/0/"))).toBe(false);
    for (const d of r.diagnostics.filter((d) => d.code === "dropped-link")) expect(d.severity).toBe("warning");
    expect(r.diagnostics.some((d) => d.code === "dropped-field" && d.severity === "error")).toBe(true);
  });

  it("the command line's rule for a code replaces the file's; effects and globs add up", () => {
    expect(mergePolicies({ error: ["dropped-link", "behaviour"], ignore: ["/a", "ref-kept"] }, { warn: ["dropped-link"], ignore: ["/b"], error: ["ref-kept"] })).toEqual({
      error: ["behaviour", "ref-kept"],
      warn: ["dropped-link"],
      ignore: ["/a", "/b"],
    });
  });

  it("findings in the baseline stay reported, marked, and fail neither strict nor a policy", () => {
    const baseline = baselineFindings(plain.diagnostics);
    const r = convert(BUNDLE_TEXT, "agentmug", { file: BUNDLE, stash: false, strict: true, policy: { error: ["behaviour"], baseline } });
    expect(r.ok).toBe(true);
    expect(r.diagnostics.length).toBe(plain.diagnostics.length);
    expect(r.diagnostics.every((d) => d.baseline === true)).toBe(true);
    expect(r.diagnostics.filter((d) => d.severity === "warning").length).toBe(plain.diagnostics.filter((d) => d.severity === "warning").length);
  });
});

describe("policies on the command line", () => {
  it("--error CODE: exit 1 (a failed gate, not bad input), nothing written, the findings shown as errors", async () => {
    const out = join(tmp(), "out");
    const r = await cli(["convert", BUNDLE, "--to", "agentmug", "-o", out + "/", "--no-stash", "--error", "dropped-link"]);
    expect(r.code).toBe(1);
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
    expect(r.stderr).toMatch(/error dropped-link subAgents\[0\]/);
    expect(r.stderr).toMatch(/^agentport: not written \(3 findings made an error by policy\)/m);
  });

  it("repeated and comma-separated values, the same through the fast parser and yargs", async () => {
    const argv = ["convert", BUNDLE, "--to", "agentmug", "--no-stash", "--json", "--ignore", "dropped-link,defaulted-required", "--ignore", "/agents/*/greeting", "--warn", "transformed-value"];
    const parsed = fastParse(argv, ["caplo", "agentmug", "mas"]);
    expect(parsed?.args["ignore"]).toEqual(["dropped-link,defaulted-required", "/agents/*/greeting"]);
    const fast = await cli(argv);
    expect(fastParse(["--debug", ...argv], ["caplo", "agentmug", "mas"])).toBeUndefined();
    const viaYargs = await cli(["--debug", ...argv]); // a global option before the command: the yargs path
    expect(fast.code).toBe(0);
    expect(viaYargs.stdout).toBe(fast.stdout);
    const ds = json(fast.stdout).diagnostics;
    expect(ds.some((d) => d.code === "dropped-link" || d.code === "defaulted-required" || d.source?.pointer.endsWith("/greeting"))).toBe(false);
    expect(ds.filter((d) => d.code === "transformed-value").every((d) => d.severity === "warning")).toBe(true);
  });

  it("an unknown code is a usage error: exit 2, nothing converted", async () => {
    const r = await cli(["convert", BUNDLE, "--to", "agentmug", "--error", "dropped-feild"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/usage-error policy: error: "dropped-feild" is neither a diagnostic code nor an effect \(did you mean dropped-field\?\)/);
  });

  it("a near miss of a code or an effect says what was meant; a word near nothing says nothing more", () => {
    const problems = (p: Parameters<typeof checkPolicy>[0]) => checkPolicy(p).map((d) => d.message);
    expect(problems({ error: ["behavior"] })).toEqual([expect.stringMatching(/error: "behavior" is neither .* \(did you mean behaviour\?\)$/)]);
    expect(problems({ ignore: ["defualt-lost"] })).toEqual([expect.stringMatching(/ignore: "defualt-lost" .* \(did you mean default-lost\?\)$/)]);
    expect(problems({ warn: ["stashed-valeu"] })).toEqual([expect.stringMatching(/warn: "stashed-valeu" is not a diagnostic code \(did you mean stashed-value\?\)$/)]);
    // warn and ignore take codes only: an effect is not offered there.
    expect(problems({ warn: ["behavior"] })).toEqual([expect.stringMatching(/warn: "behavior" is not a diagnostic code$/)]);
    expect(problems({ error: ["zzzzzz"] })).toEqual([expect.stringMatching(/error: "zzzzzz" is neither a diagnostic code nor an effect$/)]);
  });

  it("the ledger still says what became of ignored values", async () => {
    const d = tmp();
    const ledger = join(d, "ledger.json");
    expect((await cli(["convert", BUNDLE, "--to", "agentmug", "-o", join(d, "out") + "/", "--no-stash", "--ignore", "/agents/*/greeting", "--ledger", ledger])).code).toBe(0);
    const rows = JSON.parse(readFileSync(ledger, "utf8")) as { sourcePointer: string; status: string }[];
    expect(rows.find((x) => x.sourcePointer === "/agents/0/greeting")!.status).toBe("dropped");
  });
});

describe("the config file", () => {
  it("agentport.config.json is found walking up from the input; the command line overrides it", async () => {
    const { dir } = project();
    const sub = join(dir, "agents", "deep");
    mkdirSync(sub, { recursive: true });
    const input = join(sub, "bundle.caplo.json");
    writeFileSync(input, BUNDLE_TEXT);
    writeFileSync(join(dir, "agentport.config.json"), JSON.stringify({ error: ["dropped-link"], ignore: ["/agents/*/greeting"] }));
    const r = await cli(["convert", input, "--to", "agentmug", "--no-stash", "--json"]);
    expect(r.code).toBe(1);
    const ds = json(r.stdout).diagnostics;
    expect(ds.filter((d) => d.code === "dropped-link").every((d) => d.severity === "error")).toBe(true);
    expect(ds.some((d) => d.source?.pointer.endsWith("/greeting"))).toBe(false);
    const over = await cli(["convert", input, "--to", "agentmug", "--no-stash", "--json", "--warn", "dropped-link"]);
    expect(over.code).toBe(0);
    const ods = json(over.stdout).diagnostics;
    expect(ods.filter((d) => d.code === "dropped-link").every((d) => d.severity === "warning")).toBe(true);
    // the file's ignore still holds: the command line named only dropped-link
    expect(ods.some((d) => d.source?.pointer.endsWith("/greeting"))).toBe(false);
  });

  it('the "agentport" key of package.json; agentport.config.json beside it wins; a package.json without the key is passed by', async () => {
    const { dir, input } = project();
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "x", agentport: { error: ["behaviour"] } }));
    expect((await cli(["convert", input, "--to", "agentmug", "--no-stash", "--json"])).code).toBe(1);
    writeFileSync(join(dir, "agentport.config.json"), JSON.stringify({ warn: ["defaulted-required"] }));
    expect((await cli(["convert", input, "--to", "agentmug", "--no-stash", "--json"])).code).toBe(0);
    const nested = join(dir, "pkg");
    mkdirSync(nested);
    writeFileSync(join(nested, "package.json"), JSON.stringify({ name: "y" }));
    writeFileSync(join(nested, "b.caplo.json"), BUNDLE_TEXT);
    rmSync(join(dir, "agentport.config.json"));
    expect((await cli(["convert", join(nested, "b.caplo.json"), "--to", "agentmug", "--no-stash", "--json"])).code).toBe(1);
  });

  it("--config FILE is used instead of a lookup; a broken or unknown-keyed config is a usage error with its file name", async () => {
    const { dir, input } = project();
    writeFileSync(join(dir, "agentport.config.json"), JSON.stringify({ error: ["behaviour"] }));
    const cfg = join(tmp(), "ci.json");
    writeFileSync(cfg, JSON.stringify({ ignore: ["dropped-link"] }));
    expect((await cli(["convert", input, "--to", "agentmug", "--no-stash", "--json", "--config", cfg])).code).toBe(0);
    writeFileSync(join(dir, "agentport.config.json"), JSON.stringify({ erorr: ["behaviour"] }));
    const typo = await cli(["convert", input, "--to", "agentmug", "--no-stash"]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain(`agentport.config.json: unknown key "erorr"`);
    writeFileSync(join(dir, "agentport.config.json"), "{ nope");
    const broken = await cli(["convert", input, "--to", "agentmug"]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/agentport\.config\.json: not readable as JSON/);
    expect(broken.stderr).not.toMatch(/\n\s+at /);
  });
});

describe("--baseline", () => {
  it("writes the findings when the file is missing; then --strict fails only on new ones", async () => {
    const { dir, input } = project();
    const baseline = join(dir, "agentport-baseline.json");
    const first = await cli(["convert", input, "--to", "agentmug", "-o", join(dir, "o1") + "/", "--no-stash", "--baseline", baseline]);
    expect(first.code).toBe(0);
    const written = JSON.parse(readFileSync(baseline, "utf8")) as { agentport: string; version: number; findings: { file: string; code: string; pointer: string; target: string; severity: string; message: string }[] };
    expect(written.agentport).toBe("baseline");
    const expected = convertFiles([input], "agentmug", { stash: false }).diagnostics;
    expect(written.findings.length).toBe(new Set(expected.map((d) => JSON.stringify([d.code, d.source?.pointer, d.target]))).size);
    // files are named relative to the baseline, so it moves with the repository
    expect(new Set(written.findings.map((f) => f.file))).toEqual(new Set(["bundle.caplo.json"]));
    // The file the run made is said, with what it holds (fresh10 finding 13: it was created without a word).
    expect(first.stderr).toContain(`baseline ${baseline} written (${written.findings.length} findings)`);
    const again = await cli(["convert", input, "--to", "agentmug", "-o", join(dir, "o2") + "/", "--no-stash", "--baseline", baseline, "--strict"]);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/in the baseline/);
    expect(again.stderr).not.toMatch(/baseline .* written/);
    expect(readFileSync(baseline, "utf8")).toBe(JSON.stringify(written, null, 2) + "\n");
    // a regression: a new lossy value
    const doc = JSON.parse(BUNDLE_TEXT);
    doc.agents[2].model.temperature = 0.4;
    writeFileSync(input, JSON.stringify(doc, null, 2));
    const regress = await cli(["convert", input, "--to", "agentmug", "-o", join(dir, "o3") + "/", "--no-stash", "--baseline", baseline, "--strict", "--json"]);
    expect(regress.code).toBe(1);
    const fresh = json(regress.stdout).diagnostics.filter((d) => d.severity === "warning" && d.baseline !== true);
    expect(fresh.map((d) => [d.code, d.source?.pointer])).toEqual([["dropped-field", "/agents/2/model/temperature"]]);
    // the same baseline from another working folder, given with an absolute path
    const abs = await cli(["convert", join(dir, "bundle.caplo.json"), "--to", "agentmug", "--no-stash", "--json", "--baseline", baseline, "--strict"]);
    expect(json(abs.stdout).diagnostics.filter((d) => d.severity === "warning" && d.baseline !== true).length).toBe(1);
  });

  it("a baseline named in the config file is resolved against it", async () => {
    const { dir, input } = project();
    writeFileSync(join(dir, "agentport.config.json"), JSON.stringify({ baseline: "ci/baseline.json" }));
    mkdirSync(join(dir, "ci"));
    expect((await cli(["convert", input, "--to", "agentmug", "--no-stash", "--json"])).code).toBe(0);
    expect(existsSync(join(dir, "ci", "baseline.json"))).toBe(true);
    expect((await cli(["convert", input, "--to", "agentmug", "--no-stash", "--json", "--strict"])).code).toBe(0);
  });

  it("a file that is not a baseline is a usage error, not overwritten", async () => {
    const { dir, input } = project();
    const b = join(dir, "b.json");
    writeFileSync(b, "[]");
    const r = await cli(["convert", input, "--to", "agentmug", "--baseline", b]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is not an agentport baseline/);
    expect(readFileSync(b, "utf8")).toBe("[]");
  });

  it("in folder mode: written from every file, then only new findings fail --strict", async () => {
    const { dir } = project();
    const tree = join(dir, "tree");
    mkdirSync(join(tree, "a"), { recursive: true });
    writeFileSync(join(tree, "a", "one.caplo.json"), BUNDLE_TEXT);
    writeFileSync(join(tree, "two.caplo.json"), BUNDLE_TEXT);
    const baseline = join(dir, "baseline.json");
    expect((await cli(["convert", tree, "--to", "agentmug", "-o", join(dir, "o1"), "--no-stash", "--jobs", "1", "--baseline", baseline])).code).toBe(0);
    const files = new Set((JSON.parse(readFileSync(baseline, "utf8")) as { findings: { file: string }[] }).findings.map((f) => f.file));
    expect(files).toEqual(new Set(["tree/a/one.caplo.json", "tree/two.caplo.json"]));
    expect((await cli(["convert", tree, "--to", "agentmug", "-o", join(dir, "o2"), "--no-stash", "--jobs", "1", "--baseline", baseline, "--strict"])).code).toBe(0);
    const doc = JSON.parse(BUNDLE_TEXT);
    doc.agents[2].model.temperature = 0.4;
    writeFileSync(join(tree, "two.caplo.json"), JSON.stringify(doc, null, 2));
    const r = await cli(["convert", tree, "--to", "agentmug", "-o", join(dir, "o3"), "--no-stash", "--jobs", "1", "--baseline", baseline, "--strict"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/converted 1, with warnings \d+, failed 1/);
  });
});
