import { describe, expect, it } from "vitest";
import { mkdirSync, readFileSync, writeFileSync, existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { cli } from "./helpers/cli.js";
import { tempDir } from "./helpers/tmp.js";
import { globToRegExp } from "../src/cli/glob.js";
import { planBatch } from "../src/cli/batch.js";
import { MIN_FILES_PER_WORKER } from "../src/cli/batch-pool.js";

const bundle = JSON.parse(readFileSync("examples/support-bundle.caplo.json", "utf8"));

function tree(): string {
  const root = tempDir("agentport-batch-");
  mkdirSync(join(root, "team-a", "nested"), { recursive: true });
  mkdirSync(join(root, "node_modules", "x"), { recursive: true });
  const single = (key: string) => ({ apiVersion: "v2", kind: "Agent", ...bundle.agents.find((a: { key: string }) => a.key === key), key: undefined });
  writeFileSync(join(root, "one.json"), JSON.stringify(single("tech"), null, 2));
  writeFileSync(join(root, "team-a", "two.json"), JSON.stringify(single("billing"), null, 2));
  writeFileSync(join(root, "team-a", "nested", "bundle.json"), JSON.stringify(bundle, null, 2));
  writeFileSync(join(root, "team-a", "broken.json"), '{"apiVersion": "v2", "kind": "Agent"');
  writeFileSync(join(root, "notes.txt"), "not a manifest");
  writeFileSync(join(root, "node_modules", "x", "pkg.json"), "{}");
  return root;
}

describe("globs", () => {
  it("matches ** across folders, * within one, and {a,b}", () => {
    const g = globToRegExp("**/*.{json,yaml}");
    expect(g.test("a.json")).toBe(true);
    expect(g.test("x/y/a.yaml")).toBe(true);
    expect(g.test("x/a.txt")).toBe(false);
    expect(globToRegExp("team-*/*.json").test("team-a/x.json")).toBe(true);
    expect(globToRegExp("team-*/*.json").test("team-a/n/x.json")).toBe(false);
  });
  it("plans files in sorted order, skipping node_modules and non-matching names", () => {
    const root = tree();
    const tasks = planBatch([root], join(root, "..", "out-plan"));
    expect(tasks.map((t) => t.file.slice(root.length + 1))).toEqual(["one.json", "team-a/broken.json", "team-a/nested/bundle.json", "team-a/two.json"]);
  });
});

describe("agentport convert DIR", () => {
  it("names the outputs of inputs that share a stem in one folder (a.json beside a.yaml) after their whole file names", async () => {
    const root = tempDir("agentport-batch-stems-");
    const agent = { apiVersion: "v2", kind: "Agent", ...bundle.agents.find((a: { key: string }) => a.key === "tech"), key: undefined };
    writeFileSync(join(root, "a.json"), JSON.stringify(agent, null, 2));
    writeFileSync(join(root, "a.yaml"), JSON.stringify(agent, null, 2));
    writeFileSync(join(root, "b.json"), JSON.stringify(agent, null, 2));
    mkdirSync(join(root, "sub"));
    writeFileSync(join(root, "sub", "a.json"), JSON.stringify(agent, null, 2));
    const out = tempDir("agentport-batch-stems-out-");
    const r = await cli(["convert", root, "--to", "agentmug", "-o", out, "--jobs", "1"]);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(out).sort()).toEqual(["a.json.agent.json", "a.yaml.agent.json", "b.agent.json", "sub"]);
    // Another folder's a.json goes to another output folder: it keeps the short name.
    expect(readdirSync(join(out, "sub"))).toEqual(["a.agent.json"]);
  });

  it("ends as a one-file run does: a line per output written, by its path, and the notes --verbose would list", async () => {
    const root = tree();
    const out = tempDir("agentport-batch-lines-");
    const r = await cli(["convert", root, "--to", "agentmug", "-o", out, "--jobs", "1"]);
    const written = r.stderr.split("\n").filter((l) => l.startsWith(out + "/"));
    // one.json and two.json give one file each; the bundle three, in a folder named after it.
    expect(written.map((l) => l.slice(out.length + 1, l.indexOf(": "))).sort()).toEqual(["one.agent.json", "team-a/nested/bundle/billing.agent.json", "team-a/nested/bundle/front-desk.agent.json", "team-a/nested/bundle/tech.agent.json", "team-a/two.agent.json"]);
    for (const l of written) expect(existsSync(l.slice(0, l.indexOf(": ")))).toBe(true);
    expect(written.every((l) => /: (no behaviour change|\d+ behaviour changes?)(, \d+ notes?)?$/.test(l))).toBe(true);
    const notes = Number(/--verbose lists the (\d+) notes$/m.exec(r.stderr)?.[1]);
    const v = await cli(["convert", root, "--to", "agentmug", "-o", tempDir("agentport-batch-verbose-"), "--jobs", "1", "--verbose"]);
    const infoLines = v.stderr.split("\n").filter((l) => / info [a-z-]+ /.test(l) && !/ info skipped-document /.test(l)).length;
    expect(notes).toBeGreaterThan(0);
    expect(notes).toBe(infoLines);
    expect(v.stderr).not.toMatch(/--verbose lists/);
    const q = await cli(["convert", root, "--to", "agentmug", "-o", tempDir("agentport-batch-quiet-"), "--jobs", "1", "--quiet"]);
    expect(q.stderr).not.toMatch(/behaviour change/);
  });

  it("converts a folder tree file by file, mirrors it under OUTDIR and exits with the worst file's code", async () => {
    const root = tree();
    const out = tempDir("agentport-batch-out-");
    const r = await cli(["convert", root, "--to", "agentmug", "-o", out, "--jobs", "1"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/broken\.json:\d+:\d+ error invalid-syntax/);
    // Every value AgentMug cannot hold rides in x-agentport; the warnings are the behaviour the agents lose there
    // (greetings, links, limits: stashed, but not held by AgentMug) and the Caplo defaults AgentMug cannot state.
    expect(r.stderr).toMatch(/^agentport: converted 3, with warnings 3, failed 1; --verbose lists the \d+ notes$/m);
    const warned = r.stderr.split("\n").filter((l) => / warning /.test(l));
    expect(warned.every((l) => / warning (default-lost|stashed-value) /.test(l))).toBe(true);
    expect(warned.some((l) => / warning stashed-value greeting /.test(l))).toBe(true);
    expect(r.stderr).not.toMatch(/ warning stashed-value (key|name|version) /);
    const off = await cli(["convert", root, "--to", "agentmug", "-o", tempDir("agentport-batch-nostash-"), "--jobs", "1", "--no-stash"]);
    expect(off.stderr).toMatch(/^agentport: converted 3, with warnings 3, failed 1; --verbose lists the \d+ notes$/m);
    // outputs are named after their input; a bundle split into several files gets a folder
    expect(readdirSync(out).filter((f) => f.endsWith(".agent.json"))).toEqual(["one.agent.json"]);
    expect(readdirSync(join(out, "team-a")).sort()).toEqual(["nested", "two.agent.json"]);
    for (const k of ["front-desk", "billing", "tech"]) expect(existsSync(join(out, "team-a", "nested", "bundle", `${k}.agent.json`))).toBe(true);
  });

  it("the report names each output as written (after its input), in the text report and in --json", async () => {
    const root = tree();
    const dir = join(root, "team-b");
    mkdirSync(dir);
    // one.json holds the agent keyed "tech": the library names it tech.agent.json, the folder run one.agent.json.
    writeFileSync(join(dir, "one.json"), readFileSync(join(root, "one.json")));
    writeFileSync(join(dir, "two.json"), readFileSync(join(root, "team-a", "two.json")));
    const out = tempDir("agentport-batch-names-");
    const text = await cli(["convert", dir, "--to", "agentmug", "-o", out, "--jobs", "1"]);
    expect(readdirSync(out).sort()).toEqual(["one.agent.json", "two.agent.json"]);
    const named = [...text.stderr.matchAll(/\[([^\]]+\.agent\.json)\]/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    expect(new Set(named)).toEqual(new Set(["one.agent.json", "two.agent.json"]));
    const json = await cli(["convert", dir, "--to", "agentmug", "-o", tempDir("agentport-batch-names-json-"), "--jobs", "1", "--json"]);
    const body = JSON.parse(json.stdout) as { diagnostics: { target?: { file?: string } }[] };
    expect(new Set(body.diagnostics.flatMap((d) => (d.target?.file ? [d.target.file] : [])))).toEqual(new Set(["one.agent.json", "two.agent.json"]));
  });

  it("needs -o for a folder", async () => {
    const r = await cli(["convert", tree(), "--to", "caplo"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/needs -o OUTDIR/);
  });

  it("refuses --ledger, which it would not honour, and writes nothing (user trial finding)", async () => {
    const root = tree();
    const elsewhere = tempDir("agentport-batch-out-");
    const out = join(elsewhere, "out");
    for (const flags of [["--ledger", join(elsewhere, "l.json")]]) {
      const r = await cli(["convert", root, "--to", "caplo", "-o", out + "/", ...flags]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${flags[0]} is for files, not folders`);
      expect(existsSync(out)).toBe(false);
      expect(existsSync(join(elsewhere, "l.json"))).toBe(false);
    }
  });

  it("gives the same files on 2 worker threads (built executable)", () => {
    const root = tree();
    // Enough files that two threads pay for themselves (workersFor), so the bundle's own worker runs.
    mkdirSync(join(root, "many"));
    const one = readFileSync(join(root, "one.json"), "utf8");
    for (let i = 0; i < 2 * MIN_FILES_PER_WORKER; i++) writeFileSync(join(root, "many", `m${i}.json`), one.replace('"name": "', `"name": "${i} `));
    const out1 = tempDir("agentport-j1-");
    const out2 = tempDir("agentport-j2-");
    const bin = join(process.cwd(), "dist/agentport.mjs");
    const a = spawnSync(process.execPath, [bin, "convert", root, "--to", "caplo", "-o", out1, "--jobs", "1", "-q"], { encoding: "utf8" });
    const b = spawnSync(process.execPath, [bin, "convert", root, "--to", "caplo", "-o", out2, "--jobs", "2", "-q"], { encoding: "utf8" });
    expect(a.status).toBe(2);
    expect(b.status).toBe(2);
    const list = (d: string) => spawnSync("find", [d, "-type", "f"], { encoding: "utf8" }).stdout.split("\n").filter(Boolean).map((f) => f.slice(d.length)).sort();
    expect(list(out1).length).toBe(3 + 2 * MIN_FILES_PER_WORKER);
    expect(list(out2)).toEqual(list(out1));
    for (const f of list(out1)) expect(readFileSync(out2 + f, "utf8")).toBe(readFileSync(out1 + f, "utf8"));
  });
});
