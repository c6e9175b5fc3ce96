// Every file read stays inside a root: --root, else the folder converted, else a
// single input's folder (its app's, when the app's MAS manifest lists it). Never
// the current folder: run from a (fake) home folder, a downloaded manifest must
// not reach ~/.ssh.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { execFileSync, spawnSync } from "node:child_process";
import { cli } from "./helpers/cli.js";
import { PROJECT_ROOT } from "./helpers/cases.js";

const SECRET = "agentport-test-private-key-0123456789";
const NOTES = "agentport-test-home-notes";
const BIN = join(PROJECT_ROOT, "dist/agentport.mjs");

let t: string;
const write = (path: string, text: string) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
};
const agent = (name: string, context: string, extra = "") => `apiVersion: mas/v1\nkind: Agent\nmetadata:\n  name: ${name}\nspec:\n  description: Helps.\n  context:\n${context}${extra}`;
const masOf = (ref: string) => `apiVersion: mas/v1\nkind: MAS\nmetadata:\n  name: app\nspec:\n  agency:\n    agents:\n      - id: a\n        ref: ${ref}\n  workflow:\n    entry: a\n    nodes:\n      - id: a\n`;

/** Every file's text under a folder, joined (empty when it does not exist). */
function allText(dir: string): string {
  let text = "";
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else text += readFileSync(join(d, e.name), "utf8");
    }
  };
  try {
    if (statSync(dir).isDirectory()) walk(dir);
  } catch {
    /* nothing written */
  }
  return text;
}

beforeAll(() => {
  t = mkdtempSync(join(tmpdir(), "agentport-roots-"));
  // A fake home: a private key, private notes, and downloads that try to read them.
  write(join(t, "home/.ssh/id_rsa"), SECRET);
  write(join(t, "home/notes.md"), NOTES);
  const evil = join(t, "home/Downloads/evil-app");
  write(join(evil, "mas.yaml"), masOf("agents/a.yaml"));
  write(join(evil, "agents/a.yaml"), agent("a", "    role:\n      ref: ../../../.ssh/id_rsa\n    intent:\n      ref: ../../../notes.md\n"));
  // A manifest in the downloads folder that lists an agent deeper down: the root may widen to Downloads, never further.
  write(join(t, "home/Downloads/mas.yaml"), masOf("deep/agents/b.yaml"));
  write(join(t, "home/Downloads/deep/agents/b.yaml"), agent("b", "    role:\n      ref: ../../../.ssh/id_rsa\n"));
  // A manifest in the home folder itself: never a root, even if it lists the download.
  write(join(t, "home/mas.yaml"), masOf("Downloads/c/agent.yaml"));
  write(join(t, "home/Downloads/c/agent.yaml"), agent("c", "    role:\n      ref: ../../.ssh/id_rsa\n"));

  // A real app's layout: the MAS manifest at the root, agents/, tools/, prompts/.
  const app = join(t, "app");
  write(join(app, "mas.yaml"), masOf("agents/a.yaml"));
  write(join(app, "agents/a.yaml"), agent("a", "    role:\n      ref: ../prompts/role.md\n", "  tools:\n    - ref: ../tools/lookup.tool.yaml\n"));
  write(join(app, "prompts/role.md"), "Answer from the handbook.");
  write(join(app, "tools/lookup.tool.yaml"), "apiVersion: mas/v1\nkind: Tool\nmetadata:\n  name: handbook-lookup\n  description: Looks up the handbook.\nspec:\n  description: Looks up the handbook.\n");
  // The same agent with no MAS manifest above it.
  const loose = join(t, "loose");
  write(join(loose, "agents/a.yaml"), agent("a", "    role:\n      ref: ../prompts/role.md\n"));
  write(join(loose, "prompts/role.md"), "Answer from the handbook.");
});

afterAll(() => {
  if (t) rmSync(t, { recursive: true, force: true });
});

/** The built bin, run from the fake home with HOME pointing there. */
function fromHome(args: string[], input?: string) {
  const home = join(t, "home");
  return spawnSync(process.execPath, [BIN, ...args], { cwd: home, env: { ...process.env, HOME: home }, encoding: "utf8", ...(input !== undefined ? { input } : {}) });
}

describe("a download run from the home folder cannot read ~/.ssh", () => {
  it("an agent file of the download: refused, with a hint naming --root, and the key is nowhere", () => {
    const r = fromHome(["convert", "Downloads/evil-app/agents/a.yaml", "--to", "caplo", "--json"]);
    expect(r.status).toBe(2);
    const body = JSON.parse(r.stdout) as { outputs: unknown[]; diagnostics: { code: string; message: string }[] };
    expect(body.outputs).toEqual([]);
    const refused = body.diagnostics.filter((d) => d.code === "ref-outside-root");
    expect(refused).toHaveLength(2);
    for (const d of refused) expect(d.message).toMatch(/--root/);
    expect(r.stdout + r.stderr).not.toContain(SECRET);
    expect(r.stdout + r.stderr).not.toContain(NOTES);
  });

  it("its MAS manifest, and the whole download as a folder: refused, nothing of the key written", () => {
    const m = fromHome(["convert", "Downloads/evil-app/mas.yaml", "--to", "caplo", "--json"]);
    expect(m.status).toBe(2);
    expect(m.stdout + m.stderr).not.toContain(SECRET);
    const out = join(t, "home/out-folder");
    const f = fromHome(["convert", "Downloads/evil-app", "--to", "agentmug", "-o", out]);
    expect(f.status).toBe(2);
    expect(f.stderr).toMatch(/^agentport: converted 0, with warnings 0, failed 1, skipped 1$/m);
    expect(f.stderr + allText(out)).not.toContain(SECRET);
  });

  it("a manifest higher up widens the root to its own folder, never to the home folder", () => {
    const deep = fromHome(["convert", "Downloads/deep/agents/b.yaml", "--to", "caplo", "--json"]);
    expect(deep.status).toBe(2);
    expect(deep.stdout).toMatch(/ref-outside-root/);
    expect(deep.stdout).toMatch(/the app's folder/);
    const c = fromHome(["convert", "Downloads/c/agent.yaml", "--to", "caplo", "--json"]);
    expect(c.status).toBe(2);
    expect(c.stdout).toMatch(/outside the folder of agent\.yaml/);
    expect(deep.stdout + c.stdout).not.toContain(SECRET);
  });

  it("stdin reads no file at all without --root (its folder would be the current one)", () => {
    const r = fromHome(["convert", "-", "--to", "caplo", "--json"], agent("s", "    role:\n      ref: .ssh/id_rsa\n    intent: Help.\n"));
    expect(r.stdout + r.stderr).not.toContain(SECRET);
    expect(r.stdout).toMatch(/without file access/);
  });
});

describe("references inside an app", () => {
  it("../tools and ../prompts from agents/ read without flags when the app's MAS manifest lists the agent", async () => {
    const r = await cli(["convert", join(t, "app/agents/a.yaml"), "--to", "caplo", "--json"]);
    expect(r.code, r.stdout).toBe(0);
    const doc = (JSON.parse(r.stdout) as { outputs: { document: { instructions: string; tools: string[] } }[] }).outputs[0]!.document;
    expect(doc.instructions).toContain("Answer from the handbook.");
    // The tool is named by its manifest's metadata.name: the file was read.
    expect(doc.tools).toEqual(["handbook-lookup"]);
  });

  it("without a MAS manifest above it the agent's folder is the root: refused, with the --root that would do", async () => {
    const file = join(t, "loose/agents/a.yaml");
    const r = await cli(["convert", file, "--to", "caplo", "--json"]);
    expect(r.code).toBe(2);
    const d = (JSON.parse(r.stdout) as { diagnostics: { code: string; message: string }[] }).diagnostics.find((x) => x.code === "ref-outside-root");
    expect(d?.message).toMatch(/outside the folder of a\.yaml; pass --root with the app's folder \(here 1 folder up from the root\)/);
    expect(d?.message).not.toContain(t);
    const ok = await cli(["convert", file, "--to", "caplo", "--json", "--root", join(t, "loose")]);
    expect(ok.code, ok.stdout).toBe(0);
  });

  it("a folder is its own root: the app converts, and a folder below it cannot reach up", async () => {
    const r = await cli(["convert", join(t, "app"), "--to", "caplo", "-o", join(t, "out-app"), "--jobs", "1"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^agentport: converted 1, with warnings \d+, failed 0, skipped 2(; --verbose lists the \d+ notes)?$/m);
    const below = await cli(["convert", join(t, "loose/agents"), "--to", "caplo", "-o", join(t, "out-loose"), "--jobs", "1"]);
    expect(below.code).toBe(2);
    expect(below.stderr).toMatch(/error ref-outside-root spec\.context\.role: "\.\.\/prompts\/role\.md" resolves outside the folder converted; pass --root/);
    const widened = await cli(["convert", join(t, "loose/agents"), "--to", "caplo", "-o", join(t, "out-loose-root"), "--jobs", "1", "--root", join(t, "loose")]);
    expect(widened.code, widened.stderr).toBe(0);
  });

  it("inside the app's root, a link pointing out, a folder and a FIFO are still refused", async () => {
    const app = join(t, "app-hostile");
    write(join(app, "mas.yaml"), masOf("agents/a.yaml"));
    write(join(app, "prompts/dir/x.md"), "x");
    symlinkSync(join(t, "home/.ssh/id_rsa"), join(app, "prompts/key.md"));
    execFileSync("mkfifo", [join(app, "prompts/pipe.md")]);
    const cases: [string, RegExp][] = [
      ["../prompts/key.md", /ref-outside-root .*is a link that points outside the app's folder.*--root/],
      ["../prompts/dir", /ref-not-found .*is not a regular file/],
      ["../prompts/pipe.md", /ref-not-found .*is not a regular file/],
    ];
    for (const [ref, expected] of cases) {
      write(join(app, "agents/a.yaml"), agent("a", `    role:\n      ref: ${ref}\n`));
      const r = await cli(["convert", join(app, "agents/a.yaml"), "--to", "caplo"]);
      expect(r.code, ref).toBe(2);
      expect(r.stderr, ref).toMatch(expected);
      expect(r.stdout + r.stderr).not.toContain(SECRET);
    }
  });

  it("--root must name a folder", async () => {
    for (const root of ["", join(t, "missing"), join(t, "app/mas.yaml")]) {
      const r = await cli(["convert", join(t, "app/agents/a.yaml"), "--to", "caplo", "--root", root, "--json"]);
      expect(r.code, root).toBe(2);
      expect(JSON.parse(r.stdout).diagnostics[0].code).toBe("usage-error");
    }
  });
});

describe("an agent written elsewhere keeps naming its files", () => {
  const refsOf = (text: string) => [...text.matchAll(/ref: (\S+)/g)].map((m) => m[1]!).concat([...text.matchAll(/intent: (\S+)/g)].map((m) => m[1]!));

  it("a MAS conversion to -o DIR/: the app's files the agent refers to are copied there, each reported, and still read", async () => {
    const out = join(t, "out-rewrite");
    const r = await cli(["convert", join(t, "app/mas.yaml"), "--to", "mas", "-o", out + "/", "--json"]);
    expect(r.code, r.stdout).toBe(0);
    const body = JSON.parse(r.stdout) as { diagnostics: { code: string; source?: { pointer: string } }[] };
    // Each reference: its rewrite (as the library reports it) and its copy.
    expect(body.diagnostics.filter((d) => d.code === "ref-rewritten").map((d) => d.source?.pointer).sort()).toEqual(["/spec/context/role", "/spec/context/role", "/spec/tools/0/ref", "/spec/tools/0/ref"]);
    const written = readFileSync(join(out, "a.yaml"), "utf8");
    const refs = refsOf(written).filter((x) => !x.startsWith("./a.yaml"));
    expect(refs.length).toBe(2);
    // Each names, from the folder written to, a copy of the file the original named from agents/ (the
    // references a conversion written into the app would have: the library's), so the folder stands alone.
    expect(refs.map((x) => x.replace(/^\.\//, "")).sort()).toEqual(["prompts/role.md", "tools/lookup.tool.yaml"]);
    for (const x of refs) expect(readFileSync(join(out, x), "utf8"), x).toBe(readFileSync(join(t, "app", x), "utf8"));
    // Read back (with a root that holds both), the prompt text and the tool's own name come through.
    const back = await cli(["convert", join(out, "a.yaml"), "--to", "caplo", "--json", "--root", t]);
    expect(back.code, back.stdout).toBe(0);
    const doc = (JSON.parse(back.stdout) as { outputs: { document: { instructions: string; tools: string[] } }[] }).outputs[0]!.document;
    expect(doc.instructions).toContain("Answer from the handbook.");
    expect(doc.tools).toEqual(["handbook-lookup"]);
  });

  it("a folder run writes the app under <stem>/ and rewrites for that folder; library references stay", async () => {
    const out = join(t, "out-rewrite-folder");
    const r = await cli(["convert", join(t, "app"), "--to", "mas", "-o", out, "--jobs", "1", "--verbose"]);
    expect(r.code, r.stderr).toBe(0);
    const written = readFileSync(join(out, "mas", "a.yaml"), "utf8");
    for (const ref of refsOf(written).filter((x) => x !== "./a.yaml")) expect(statSync(join(out, "mas", ref)).isFile(), ref).toBe(true);
    expect(r.stderr.match(/info ref-rewritten/g)).toHaveLength(4);
    const lib = join(t, "lib-agent.yaml");
    writeFileSync(lib, agent("lib", "    role: Help.\n", "  tools:\n    - ref: samples:tools/calc.tool.yaml\n"));
    const l = await cli(["convert", lib, "--to", "mas", "-o", join(t, "out-lib") + "/", "--json"]);
    expect(l.code).toBe(0);
    expect(readFileSync(join(t, "out-lib", "lib.yaml"), "utf8")).toContain("ref: samples:tools/calc.tool.yaml");
    expect(l.stdout).not.toContain("ref-rewritten");
  });

  it("without -o the document counts as written in the input's folder: a single agent's references stay as written", async () => {
    const r = await cli(["convert", join(t, "app/agents/a.yaml"), "--to", "mas", "--json"]);
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).not.toContain("ref-rewritten");
    expect(r.stdout).toContain('"ref": "../tools/lookup.tool.yaml"');
  });
});
