// Where a convert run writes, and what it refuses to write (user trial 17 T1, T2, T3, T5, T6, T10):
// never over an input, never two outputs of one run on one path, never outside the output folder,
// `-` only where it means a standard stream.
import { describe, expect, it } from "vitest";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cli, EXAMPLE_BUNDLE } from "./helpers/cli.js";
import { tempDir } from "./helpers/tmp.js";

const BUNDLE_TEXT = readFileSync(EXAMPLE_BUNDLE, "utf8");
const MAS_AGENT = "golden/mas-prompt-files/input.yaml";
const MAS_PROMPTS = "golden/mas-prompt-files/prompts";

/** Every file under dir, relative, sorted. */
function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath ?? (e as unknown as { path: string }).path, e.name).slice(dir.length + 1))
    .sort();
}

describe("folder run with -o inside the input folder (T1)", () => {
  function tree(): { root: string; mine: string } {
    const root = tempDir("agentport-paths-t1-");
    mkdirSync(join(root, "sub"));
    writeFileSync(join(root, "desk.caplo.json"), BUNDLE_TEXT);
    const mine = BUNDLE_TEXT.replace('"Front Desk"', '"My edited copy"');
    writeFileSync(join(root, "sub", "desk.caplo.json"), mine);
    return { root, mine };
  }

  it("is refused (exit 2, nothing written) when the output folder holds files the walk would convert, --force or not", async () => {
    const { root, mine } = tree();
    for (const force of [[], ["--force"]]) {
      const r = await cli(["convert", root + "/", "--to", "caplo", "-o", join(root, "sub") + "/", ...force]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/inside the input folder/);
      expect(r.stderr).toMatch(/desk\.caplo\.json/);
      expect(r.stderr).not.toMatch(/pass --force/);
      expect(readFileSync(join(root, "sub", "desk.caplo.json"), "utf8")).toBe(mine);
      expect(files(join(root, "sub"))).toEqual(["desk.caplo.json"]);
    }
  });

  it("names the files it holds as the input folder was named (a relative folder: relative paths, user trial 18b)", async () => {
    const { root } = tree();
    const { spawnSync } = await import("node:child_process");
    const r = spawnSync(process.execPath, [join(process.cwd(), "dist/agentport-bin.cjs"), "convert", ".", "--to", "caplo", "-o", "sub/"], { cwd: root, encoding: "utf8" });
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toContain("holds 1 file the walk would convert (sub/desk.caplo.json)");
    expect(r.stderr).not.toContain(root);
  });

  it("says so in --json too, with the usage-error shape", async () => {
    const { root } = tree();
    const r = await cli(["convert", root, "--to", "caplo", "-o", join(root, "sub") + "/", "--json"]);
    expect(r.code).toBe(2);
    const body = JSON.parse(r.stdout) as { outputs: unknown[]; diagnostics: { code: string; message: string }[] };
    expect(body.outputs).toEqual([]);
    expect(body.diagnostics[0]!.code).toBe("usage-error");
  });

  it("converts when --exclude leaves the output folder out (its files are then declared not inputs)", async () => {
    const { root } = tree();
    const r = await cli(["convert", root, "--to", "agentmug", "-o", join(root, "sub") + "/", "--exclude", "sub/**"]);
    expect(r.code, r.stderr).toBe(0);
    expect(files(join(root, "sub"))).toContain("desk/front-desk.agent.json");
  });

  it("converts into a new or empty folder inside the input folder (nothing there to leave out)", async () => {
    const root = tempDir("agentport-paths-t1b-");
    writeFileSync(join(root, "desk.caplo.json"), BUNDLE_TEXT);
    const r = await cli(["convert", root, "--to", "agentmug", "-o", join(root, "out") + "/"]);
    expect(r.code, r.stderr).toBe(0);
    expect(files(join(root, "out"))).toContain("desk/front-desk.agent.json");
  });
});

describe("two outputs of one folder run on one path (T2)", () => {
  it("a bundle beside a folder of its stem: the bundle's outputs go under its whole file name, and both agents are written", async () => {
    const root = tempDir("agentport-paths-t2-");
    mkdirSync(join(root, "desk"));
    writeFileSync(join(root, "desk.caplo.json"), BUNDLE_TEXT);
    cpSync(MAS_AGENT, join(root, "desk", "front-desk.yaml"));
    cpSync(MAS_PROMPTS, join(root, "desk", "prompts"), { recursive: true });
    const out = tempDir("agentport-paths-t2-out-");
    const r = await cli(["convert", root, "--to", "mas", "-o", out + "/", "--json"]);
    expect(r.code, r.stdout).toBe(0);
    const body = JSON.parse(r.stdout) as { outputs: { path: string }[] };
    const paths = body.outputs.map((o) => o.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(readFileSync(join(out, "desk", "front-desk.yaml"), "utf8")).toMatch(/name: support-triage/);
    expect(readFileSync(join(out, "desk.caplo.json", "front-desk.yaml"), "utf8")).toMatch(/front-desk/);
  });

  it("two agents of one folder naming one tool manifest: one copy, no false 'exists'", async () => {
    const root = tempDir("agentport-paths-t2b-");
    cpSync("golden/mas-tool-forms/tools", join(root, "tools"), { recursive: true });
    const agent = readFileSync("golden/mas-tool-forms/input.yaml", "utf8");
    writeFileSync(join(root, "a.yaml"), agent);
    writeFileSync(join(root, "b.yaml"), agent.replace(/name: cost-planner/, "name: cost-planner-b"));
    const out = tempDir("agentport-paths-t2b-out-");
    const r = await cli(["convert", root, "--to", "mas", "-o", out + "/", "-q"]);
    expect(r.code, r.stderr).toBe(0);
    expect(files(out)).toEqual(["a.yaml", "b.yaml", "tools/calc.tool.yaml"]);
  });

  it("two folders whose outputs take one path: refused before anything is written, naming both inputs, --force or not", async () => {
    const a = tempDir("agentport-paths-t2c-a-");
    const b = tempDir("agentport-paths-t2c-b-");
    writeFileSync(join(a, "desk.caplo.json"), BUNDLE_TEXT);
    writeFileSync(join(b, "desk.caplo.json"), BUNDLE_TEXT.replace('"Front Desk"', '"Other"'));
    const out = tempDir("agentport-paths-t2c-out-");
    for (const force of [[], ["--force"]]) {
      const r = await cli(["convert", a, b, "--to", "agentmug", "-o", out + "/", ...force]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(join(a, "desk.caplo.json"));
      expect(r.stderr).toContain(join(b, "desk.caplo.json"));
      expect(files(out)).toEqual([]);
    }
  });
});

describe("validate takes the root options of convert (T3)", () => {
  function app(): string {
    const root = tempDir("agentport-paths-t3-");
    mkdirSync(join(root, "agents"));
    mkdirSync(join(root, "apps", "desk"), { recursive: true });
    cpSync(MAS_AGENT, join(root, "agents", "front-desk.yaml"));
    cpSync(MAS_PROMPTS, join(root, "agents", "prompts"), { recursive: true });
    writeFileSync(join(root, "apps", "desk", "mas.yaml"), "apiVersion: mas/v1\nkind: MAS\nmetadata:\n  name: desk\nspec:\n  agency:\n    agents:\n      - ref: ../../agents/front-desk.yaml\n");
    return root;
  }
  it("--root and --allow-outside-refs are accepted, and the app validates", async () => {
    const root = app();
    const manifest = join(root, "apps", "desk", "mas.yaml");
    const bare = await cli(["validate", manifest]);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/--root/);
    for (const extra of [["--root", root], ["--allow-outside-refs"]]) {
      const r = await cli(["validate", manifest, ...extra]);
      expect(r.stderr).not.toMatch(/Unknown argument/);
      expect(r.stderr).not.toMatch(/ref-outside-root/);
      expect(r.code, r.stderr + r.stdout).toBe(0);
    }
  });
  it("--root that is no folder is validate's usage error, in validate's --json shape", async () => {
    const r = await cli(["validate", MAS_AGENT, "--root", "/nonexistent-agentport", "--json"]);
    expect(r.code).toBe(2);
    const body = JSON.parse(r.stdout) as { valid: boolean; files: unknown[]; diagnostics: { code: string }[] };
    expect(body.valid).toBe(false);
    expect(body.diagnostics[0]!.code).toBe("usage-error");
  });
});

describe("--extract-prompts stays inside the output folder and is only for its target (T5)", () => {
  it("a folder with .. or an absolute one is a usage error, nothing written", async () => {
    const base = tempDir("agentport-paths-t5-");
    for (const dir of ["../t5-out", "p/../../x", join(base, "abs")]) {
      const r = await cli(["convert", EXAMPLE_BUNDLE, "--to", "mas", "--extract-prompts", dir, "-o", join(base, "out") + "/", "-q"]);
      expect(r.code, dir).toBe(2);
      expect(r.stderr).toMatch(/--extract-prompts/);
      expect(files(base)).toEqual([]);
    }
  });
  it("a target that does not read it is a usage error", async () => {
    const base = tempDir("agentport-paths-t5b-");
    const r = await cli(["convert", EXAMPLE_BUNDLE, "--to", "agentmug", "--extract-prompts", "p", "-o", base + "/"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--extract-prompts.*--to mas/);
    expect(files(base)).toEqual([]);
    const priv = await cli(["convert", EXAMPLE_BUNDLE, "--to", "caplo", "--include-private", "-o", base + "/"]);
    expect(priv.code).toBe(2);
    expect(priv.stderr).toMatch(/--include-private.*--to agentmug/);
  });
  it("a plain relative folder still works", async () => {
    const base = tempDir("agentport-paths-t5c-");
    const r = await cli(["convert", EXAMPLE_BUNDLE, "--to", "mas", "--extract-prompts", "p", "-o", base + "/", "-q"]);
    expect(r.code, r.stderr).toBe(0);
    expect(files(base).some((f) => f.startsWith("p/front-desk/"))).toBe(true);
  });
});

describe("--extract-prompts in a folder run: each input's prompt files under its own folder (session 18)", () => {
  // Two one-agent files whose prompts are both the chunk "role": in one folder of prompts they were
  // one path, and every input after the first was refused ("is also an output of …").
  const agent = (instructions: string) => JSON.stringify({ apiVersion: "v2", kind: "Agent", name: "FAQ Helper", instructions, greeting: "Hi", model: { provider: "OpenAI", name: "gpt-4o-mini" } });
  for (const jobs of ["1", "2"]) {
    it(`--jobs ${jobs}: both converted, DIR/<input stem>/role.md each, each agent naming its own`, async () => {
      const base = tempDir("agentport-paths-prompts-");
      const input = join(base, "in");
      mkdirSync(input);
      writeFileSync(join(input, "a.caplo.json"), agent("Answer questions about opening hours."));
      writeFileSync(join(input, "b.caplo.json"), agent("Answer questions about tickets."));
      const out = join(base, "out");
      const r = await cli(["convert", input + "/", "--to", "mas", "--extract-prompts", "prompts", "--jobs", jobs, "-o", out + "/", "-q"]);
      expect(r.code, r.stderr).toBe(0);
      expect(files(out).sort()).toEqual(["a.yaml", "b.yaml", "prompts/a/role.md", "prompts/b/role.md"]);
      expect(readFileSync(join(out, "prompts/a/role.md"), "utf8")).toMatch(/opening hours/);
      expect(readFileSync(join(out, "prompts/b/role.md"), "utf8")).toMatch(/tickets/);
      expect(readFileSync(join(out, "a.yaml"), "utf8")).toMatch(/ref: prompts\/a\/role\.md/);
      expect(readFileSync(join(out, "b.yaml"), "utf8")).toMatch(/ref: prompts\/b\/role\.md/);
    });
  }
  it("two files named in one run: as in a folder run, DIR/<input stem>/role.md each (verify trial 18)", async () => {
    const base = tempDir("agentport-paths-prompts-named-");
    const input = join(base, "in");
    mkdirSync(input);
    writeFileSync(join(input, "one.caplo.json"), agent("Answer questions about opening hours."));
    writeFileSync(join(input, "two.caplo.json"), agent("Answer questions about tickets."));
    const out = join(base, "out");
    const r = await cli(["convert", join(input, "one.caplo.json"), join(input, "two.caplo.json"), "--to", "mas", "--extract-prompts", "prompts", "-o", out + "/", "-q"]);
    expect(r.code, r.stderr).toBe(0);
    const written = files(out).sort();
    expect(written.filter((f) => f.startsWith("prompts/"))).toEqual(["prompts/one/role.md", "prompts/two/role.md"]);
    expect(readFileSync(join(out, "prompts/two/role.md"), "utf8")).toMatch(/tickets/);
  });

  it("a bundle in a folder run keeps its per-agent folders under its own output folder (no stem twice)", async () => {
    const base = tempDir("agentport-paths-prompts-b-");
    const input = join(base, "in");
    mkdirSync(input);
    cpSync(EXAMPLE_BUNDLE, join(input, "desk.caplo.json"));
    writeFileSync(join(input, "a.caplo.json"), agent("Answer questions about opening hours."));
    const out = join(base, "out");
    const r = await cli(["convert", input + "/", "--to", "mas", "--extract-prompts", "prompts", "-o", out + "/", "-q"]);
    expect(r.code, r.stderr).toBe(0);
    const written = files(out);
    expect(written).toContain("prompts/a/role.md");
    expect(written.some((f) => f.startsWith("desk/prompts/front-desk/"))).toBe(true);
    expect(written.some((f) => f.startsWith("desk/prompts/desk/"))).toBe(false);
  });
});

describe("- for --ledger and --baseline (T6)", () => {
  it("--ledger - prints the ledger on stdout when the outputs go to -o", async () => {
    const base = tempDir("agentport-paths-t6-");
    const r = await cli(["convert", EXAMPLE_BUNDLE, "--to", "agentspec", "-o", join(base, "t6.json"), "--ledger", "-", "-q"]);
    expect(r.code, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout) as { status: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(files(base)).toEqual(["t6.json"]);
    expect(existsSync("-")).toBe(false);
  });
  it("--ledger - when stdout holds the document or the report is a usage error", async () => {
    for (const extra of [[], ["--json"], ["-o", "/tmp/agentport-never/", "--format", "sarif"]]) {
      const r = await cli(["convert", EXAMPLE_BUNDLE, "--to", "caplo", "--ledger", "-", ...extra]);
      expect(r.code, extra.join(" ")).toBe(2);
      expect(r.stdout + r.stderr).toMatch(/--ledger -/);
      expect(existsSync("/tmp/agentport-never")).toBe(false);
    }
    expect(existsSync("-")).toBe(false);
  });
  it("--baseline - is a usage error, no file named -", async () => {
    const base = tempDir("agentport-paths-t6b-");
    const r = await cli(["convert", EXAMPLE_BUNDLE, "--to", "agentmug", "-o", base + "/", "--baseline", "-"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--baseline -/);
    expect(existsSync("-")).toBe(false);
    expect(files(base)).toEqual([]);
  });
});

describe("stdin named twice (T10)", () => {
  it("convert - - is a usage error", async () => {
    const r = await cli(["convert", "-", "-", "--to", "mas"], BUNDLE_TEXT);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/usage-error.*- .*(twice|more than once)/);
    expect(r.stdout).toBe("");
  });
});

describe("outputs of one folder run on worker threads (T2)", () => {
  it("agents converted on two threads that copy one tool manifest: written once, no false 'exists'", async () => {
    const { pathToFileURL } = await import("node:url");
    const { PROJECT_ROOT } = await import("./helpers/cases.js");
    const dist = (p: string) => pathToFileURL(join(PROJECT_ROOT, "dist", p));
    expect(existsSync(join(PROJECT_ROOT, "dist/cli/run.js")), "dist/ is missing: run `npm run build`").toBe(true);
    const { runCli } = (await import(dist("cli/run.js").href)) as typeof import("../src/cli/run.js");
    const { createPool } = (await import(dist("cli/batch-pool.js").href)) as typeof import("../src/cli/batch-pool.js");
    const pool = createPool(dist("batch-worker.js"), 2);
    try {
      const root = tempDir("agentport-paths-t2w-");
      cpSync("golden/mas-tool-forms/tools", join(root, "tools"), { recursive: true });
      const agent = readFileSync("golden/mas-tool-forms/input.yaml", "utf8");
      for (let i = 0; i < 70; i++) writeFileSync(join(root, `a${String(i).padStart(2, "0")}.yaml`), agent.replace(/name: cost-planner/, `name: cost-planner-${i}`));
      const out = tempDir("agentport-paths-t2w-out-");
      let stderr = "";
      const code = await runCli(["convert", root, "--to", "mas", "-o", out + "/", "-q", "--jobs", "2"], { out: () => {}, err: (t) => void (stderr += t), readStdin: () => "" }, { batchPool: pool });
      expect(code, stderr).toBe(0);
      expect(files(out).filter((f) => f.startsWith("tools/"))).toEqual(["tools/calc.tool.yaml"]);
      expect(files(out).length).toBe(71);
    } finally {
      await pool.close();
    }
  });
});

describe("validate names the files an app read as convert does (T3)", () => {
  it("an agent file's error is at the input's folder joined with the reference, a path that opens", async () => {
    const root = tempDir("agentport-paths-t3b-");
    mkdirSync(join(root, "agents"));
    mkdirSync(join(root, "apps", "desk"), { recursive: true });
    writeFileSync(join(root, "agents", "a.yaml"), readFileSync(MAS_AGENT, "utf8").replace(/^spec:\n/m, "spec:\n  nonsense: 1\n"));
    cpSync(MAS_PROMPTS, join(root, "agents", "prompts"), { recursive: true });
    const manifest = join(root, "apps", "desk", "mas.yaml");
    writeFileSync(manifest, "apiVersion: mas/v1\nkind: MAS\nmetadata:\n  name: desk\nspec:\n  agency:\n    agents:\n      - ref: ../../agents/a.yaml\n");
    const r = await cli(["validate", manifest, "--root", root, "--json"]);
    expect(r.code).toBe(2);
    const body = JSON.parse(r.stdout) as { files: { diagnostics: { source?: { file?: string } }[] }[] };
    const named = body.files[0]!.diagnostics.map((d) => d.source?.file);
    expect(named).toContain(join(root, "apps", "desk", "../../agents/a.yaml"));
  });
});

describe("an input named twice in a folder run (T2)", () => {
  it("a file named and also inside a folder named is refused, nothing written", async () => {
    const root = tempDir("agentport-paths-t2d-");
    writeFileSync(join(root, "desk.caplo.json"), BUNDLE_TEXT);
    const out = tempDir("agentport-paths-t2d-out-");
    const r = await cli(["convert", root, join(root, "desk.caplo.json"), "--to", "agentmug", "-o", out + "/"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is an input twice/);
    expect(files(out)).toEqual([]);
  });
});

describe("a folder run's line of findings about no single output names its input (user trial 18b)", () => {
  it("<input> (about no single output): …, not a bare line among other files' lines", async () => {
    const base = tempDir("agentport-paths-nosingle-");
    const input = join(base, "in");
    mkdirSync(input);
    cpSync("test/fixtures/agentspec/howto_swarm.json", join(input, "howto_swarm.json"));
    const r = await cli(["convert", input + "/", "--to", "mas", "-o", join(base, "out") + "/"]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stderr.split("\n");
    expect(lines.some((l) => l.startsWith(`${join(input, "howto_swarm.json")} (about no single output): `))).toBe(true);
    expect(lines.some((l) => l.startsWith("about no single output"))).toBe(false);
  });
});

describe("a folder run and symbolic links (user trial 18b)", () => {
  it("a link is not followed, and is counted as skipped with a note (it was left out without a trace)", async () => {
    const { symlinkSync } = await import("node:fs");
    const base = tempDir("agentport-paths-links-");
    const input = join(base, "in");
    mkdirSync(input);
    cpSync("golden/caplo-minimal/input.caplo.json", join(input, "a.caplo.json"));
    const outside = join(base, "outside.caplo.json");
    cpSync("golden/caplo-minimal/input.caplo.json", outside);
    symlinkSync(outside, join(input, "link.caplo.json"));
    symlinkSync("/etc/passwd", join(input, "pw.json"));
    const out = join(base, "out");
    const r = await cli(["convert", input + "/", "--to", "mas", "-o", out + "/", "--verbose"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/converted 1, with warnings \d+, failed 0, skipped 2/);
    expect(r.stderr).toContain(`${join(input, "link.caplo.json")} info skipped-document not converted: a symbolic link, which a folder run does not follow`);
    expect(files(out)).toEqual(["a.yaml"]);
    const json = await cli(["convert", input + "/", "--to", "mas", "-o", join(base, "out2") + "/", "--json"]);
    expect((JSON.parse(json.stdout) as { summary: { skipped: number } }).summary.skipped).toBe(2);
  });
});

