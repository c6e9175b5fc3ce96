import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync, writeFileSync, copyFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { cli } from "./helpers/cli.js";
import { ADAPTERS, adapterFor } from "../src/adapters/registry.js";
import { tempDir } from "./helpers/tmp.js";

const BUNDLE = "examples/support-bundle.caplo.json";
const tmp = () => tempDir("agentport-cli-");

describe("agentport convert", () => {
  it("writes one schema-valid AgentMug file per bundle agent and reports lost links with line:col", async () => {
    const out = tmp();
    const r = await cli(["convert", BUNDLE, "--to", "agentmug", "-o", out + "/", "--no-stash"]);
    expect(r.code).toBe(0);
    const files = readdirSync(out).sort();
    expect(files).toEqual(["billing.agent.json", "front-desk.agent.json", "tech.agent.json"]);
    for (const f of files) {
      const doc = JSON.parse(readFileSync(join(out, f), "utf8"));
      expect(adapterFor("agentmug")!.validate(doc)).toEqual([]);
    }
    // every link is lost in AgentMug and must be reported at its own line
    expect(r.stderr).toMatch(/support-bundle\.caplo\.json:\d+:\d+ warning dropped-link .*subAgents/);
    expect(r.stderr).toMatch(/greeting/);
    expect(r.stderr).toMatch(/^agentport: converted 1 input to 3 agentmug documents/m);
  });

  it("by default carries what AgentMug cannot hold in x-agentport, still reporting each lost behaviour (warning)", async () => {
    const out = tmp();
    const r = await cli(["convert", BUNDLE, "--to", "agentmug", "-o", out + "/", "--verbose"]);
    expect(r.code).toBe(0);
    // The stash keeps the links for the way back, but the agents on AgentMug do not have them.
    expect(r.stderr).toMatch(/support-bundle\.caplo\.json:\d+:\d+ warning stashed-value .*subAgents/);
    expect(r.stderr).toMatch(/support-bundle\.caplo\.json:\d+:\d+ info stashed-value key "front-desk" becomes the id/);
    expect(JSON.parse(readFileSync(join(out, "front-desk.agent.json"), "utf8"))["x-agentport"]).toBeDefined();
  });

  it("merges AgentMug files back into one valid Caplo bundle with --bundle", async () => {
    const out = tmp();
    expect((await cli(["convert", BUNDLE, "--to", "agentmug", "-o", out + "/"])).code).toBe(0);
    const inputs = readdirSync(out).sort().map((f) => join(out, f));
    const target = join(out, "back.caplo.json");
    const r = await cli(["convert", ...inputs, "--to", "caplo", "--bundle", "-o", target]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(readFileSync(target, "utf8"));
    expect(doc.kind).toBe("AgentBundle");
    expect(doc.agents.map((a: { key: string }) => a.key).sort()).toEqual(["billing", "front-desk", "tech"]);
    expect(adapterFor("caplo")!.validate(doc)).toEqual([]);
  });

  it("refuses several outputs without -o DIR, writing nothing", async () => {
    const r = await cli(["convert", BUNDLE, "--to", "agentmug"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/error usage-error .*-o DIR/);
  });

  it("--json prints exactly one JSON object, on success and on failure", async () => {
    const ok = await cli(["convert", BUNDLE, "--to", "agentmug", "--json"]);
    expect(ok.code).toBe(0);
    const parsed = JSON.parse(ok.stdout);
    expect(Object.keys(parsed)).toEqual(["outputs", "diagnostics", "fidelity"]);
    expect(parsed.outputs).toHaveLength(3);
    expect(Object.keys(parsed.outputs[0])).toEqual(["name", "format", "document"]);
    const bad = await cli(["convert", "-", "--to", "caplo", "--json"], '{"apiVersion": "v2", "kind": "Agent",');
    expect(bad.code).toBe(2);
    const j = JSON.parse(bad.stdout);
    expect(j.outputs).toEqual([]);
    expect(j.diagnostics[0]).toMatchObject({ severity: "error", code: "invalid-syntax", source: { file: "<stdin>", pointer: "" } });
    expect(j.diagnostics[0].source.line).toBeGreaterThan(0);
  });

  it("invalid input: exit 2, located error with a hint, no stack trace, no file written", async () => {
    const dir = tmp();
    const input = join(dir, "bad.caplo.json");
    writeFileSync(input, JSON.stringify({ apiVersion: "v2", kind: "Agent", name: "X", instructions: "i", greeting: "g", model: { provider: "OpenAI", name: "gpt-4.1", temperature: 3 } }, null, 2));
    const target = join(dir, "out.agent.json");
    const r = await cli(["convert", input, "--to", "agentmug", "-o", target]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad\.caplo\.json:\d+:\d+ error invalid-input .*temperature|bad\.caplo\.json:\d+:\d+ error invalid-input/);
    expect(r.stderr).toMatch(/hint:/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(target)).toBe(false);
  });

  it("--strict exits 1 and writes nothing when there is a warning", async () => {
    const dir = tmp();
    const r = await cli(["convert", BUNDLE, "--to", "agentmug", "--strict", "--no-stash", "-o", dir + "/"]);
    expect(r.code).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("never overwrites an input, and replaces an existing output only with --force", async () => {
    const dir = tmp();
    const input = join(dir, "bundle.json");
    copyFileSync(BUNDLE, input);
    const before = readFileSync(input, "utf8");
    const self = await cli(["convert", input, "--to", "caplo", "-o", input, "--force"]);
    expect(self.code).toBe(2);
    expect(self.stderr).toMatch(/refusing to overwrite the input/);
    expect(readFileSync(input, "utf8")).toBe(before);

    const target = join(dir, "copy.caplo.json");
    writeFileSync(target, "keep me");
    const clash = await cli(["convert", input, "--to", "caplo", "-o", target]);
    expect(clash.code).toBe(2);
    expect(readFileSync(target, "utf8")).toBe("keep me");
    const forced = await cli(["convert", input, "--to", "caplo", "-o", target, "--force"]);
    expect(forced.code).toBe(0);
    expect(JSON.parse(readFileSync(target, "utf8")).kind).toBe("AgentBundle");
  });

  it("reads stdin with - and writes a single output to stdout", async () => {
    const r = await cli(["convert", "-", "--to", "caplo"], readFileSync(BUNDLE, "utf8"));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).agents).toHaveLength(3);
  });

  it("usage errors exit 2 with a diagnostic", async () => {
    expect((await cli(["convert", BUNDLE])).code).toBe(2);
    expect((await cli(["convert", BUNDLE, "--to", "nope"])).code).toBe(2);
    expect((await cli(["frobnicate"])).code).toBe(2);
    expect((await cli(["convert", "no-such-file.json", "--to", "caplo"])).code).toBe(2);
  });
});

describe("agentport validate / detect / formats", () => {
  it("detects formats from content, not file names", async () => {
    const dir = tmp();
    const misnamed = join(dir, "looks-like.yaml");
    copyFileSync(BUNDLE, misnamed);
    const r = await cli(["detect", misnamed, "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).files[0].format).toBe("caplo");
  });

  it("validates and reports errors with locations", async () => {
    expect((await cli(["validate", BUNDLE])).code).toBe(0);
    const r = await cli(["validate", "-", "--json"], "apiVersion: v2\nkind: AgentBundle\nagents: []\nextra: 1\n");
    expect(r.code).toBe(2);
    const j = JSON.parse(r.stdout);
    expect(j.valid).toBe(false);
    expect(j.files[0].diagnostics.every((d: { source: { line?: number } }) => d.source.line !== undefined)).toBe(true);
  });

  it("lists formats", async () => {
    expect(JSON.parse((await cli(["formats", "--json"])).stdout).formats.map((f: { id: string }) => f.id)).toEqual(ADAPTERS.map((a) => a.id));
  });
});

describe("the built executable", () => {
  it("the published bin (bundle run from V8's code cache) converts, and a folder on two workers", () => {
    const bin = join(process.cwd(), "dist/agentport.mjs");
    expect(existsSync(bin), "dist/ is missing: run npm run build (npm test does)").toBe(true);
    expect(existsSync(join(process.cwd(), "dist/agentport.cjs.cache")), "the code cache is made by npm run build").toBe(true);
    const r = spawnSync(process.execPath, [bin, "convert", BUNDLE, "--to", "agentmug", "--json"], { encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).outputs).toHaveLength(3);
    // The package's bin is the CommonJS launcher; each format's validators are a part loaded on first use.
    const published = join(process.cwd(), JSON.parse(readFileSync("package.json", "utf8")).bin.agentport);
    for (const to of ADAPTERS.map((a) => a.id)) {
      const p = spawnSync(process.execPath, [published, "convert", BUNDLE, "--to", to, "--json"], { encoding: "utf8" });
      expect(p.status, p.stderr).toBe(0);
      expect(JSON.parse(p.stdout).diagnostics.filter((d: { code: string }) => d.code === "output-invalid")).toEqual([]);
    }
    const bad = spawnSync(process.execPath, [published, "validate", "-", "--from", "agentspec", "--json"], { encoding: "utf8", input: JSON.stringify({ component_type: "Agent", agentspec_version: "25.4.1" }) });
    expect(bad.status, bad.stderr).toBe(2);
    expect(JSON.parse(bad.stdout).files[0].diagnostics.map((d: { message: string }) => d.message)).toContain('Open Agent Spec: missing required property "llm_config"');
    const dir = tmp();
    for (const k of ["a", "b", "c"]) copyFileSync(BUNDLE, join(dir, `${k}.caplo.json`));
    const out = join(tmp(), "out");
    const b = spawnSync(process.execPath, [bin, "convert", dir, "--to", "mas", "-o", out, "--jobs", "2"], { encoding: "utf8" });
    expect(b.status, b.stderr).toBe(0);
    // Each copy loses behaviour on mas (greetings, routing text, limits kept only in the stash).
    expect(b.stderr).toMatch(/converted 3, with warnings 3, failed 0/);
    expect(readdirSync(out).sort()).toEqual(["a", "b", "c"]);
  });

  it("runs a real conversion as a separate process", async () => {
    const bin = join(process.cwd(), "dist/cli/main.js");
    expect(existsSync(bin), "dist/ is missing: run npm run build (npm test does)").toBe(true);
    const r = spawnSync(process.execPath, [bin, "convert", BUNDLE, "--to", "agentmug", "--json"], { encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).outputs).toHaveLength(3);
  });
});
