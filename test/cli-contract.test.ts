// The CLI's contract, as a new user finds it: usage errors are usage errors (exit 2,
// nothing written, --json still one object), output placement never guesses a folder,
// and the command line takes what it documents (issue 9, item 5).
import { describe, expect, it } from "vitest";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cli, type CliRun } from "./helpers/cli.js";
import { tempDir } from "./helpers/tmp.js";

const BUNDLE = "examples/support-bundle.caplo.json";
const ONE = "golden/caplo-minimal/input.caplo.json";
const AGENTMUG = "golden/agentmug-tool-kinds/input.agent.json";

function jsonBody(r: CliRun): { outputs: unknown[]; diagnostics: { code: string; severity: string; message: string; source?: { file?: string; line?: number } }[] } {
  return JSON.parse(r.stdout);
}

/** Runs the CLI with the working directory set to `dir` (relative outputs land there). */
async function cliIn(dir: string, args: string[]): Promise<CliRun> {
  const cwd = process.cwd();
  const abs = (p: string) => (p.startsWith("/") || p === "-" || p.startsWith("-") ? p : join(cwd, p));
  process.chdir(dir);
  try {
    return await cli(args.map((a, i) => (i > 0 && (a === BUNDLE || a === ONE || a === AGENTMUG) ? abs(a) : a)));
  } finally {
    process.chdir(cwd);
  }
}

describe("output placement", () => {
  it("-o - is stdout, as an input - is stdin: no file named - is written; -o ./- names one", async () => {
    const d = tempDir();
    const r = await cliIn(d, ["convert", ONE, "--to", "agentmug", "-o", "-"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ name: expect.any(String) });
    expect(readdirSync(d)).toEqual([]);
    // Several outputs: the same usage error as without -o, nothing written.
    const several = await cliIn(d, ["convert", BUNDLE, "--to", "agentmug", "-o", "-"]);
    expect(several.code).toBe(2);
    expect(readdirSync(d)).toEqual([]);
    expect((await cliIn(d, ["convert", ONE, "--to", "agentmug", "-o", "./-"])).code).toBe(0);
    expect(readdirSync(d)).toEqual(["-"]);
  });

  it("several outputs and -o naming a file (no trailing /, not a folder): usage error, no folder made", async () => {
    const d = tempDir();
    const target = join(d, "single.json");
    const r = await cli(["convert", BUNDLE, "--to", "agentmug", "-o", target]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/error usage-error .*3 documents.*single\.json/);
    expect(existsSync(target)).toBe(false);
    const j = await cli(["convert", BUNDLE, "--to", "agentmug", "-o", target, "--json"]);
    expect(j.code).toBe(2);
    expect(jsonBody(j).outputs).toEqual([]);
    expect(existsSync(target)).toBe(false);
    // an existing folder, or a trailing /, is a folder
    mkdirSync(target);
    expect((await cli(["convert", BUNDLE, "--to", "agentmug", "-o", target])).code).toBe(0);
    expect(readdirSync(target)).toHaveLength(3);
    expect((await cli(["convert", BUNDLE, "--to", "agentmug", "-o", join(d, "new") + "/"])).code).toBe(0);
    expect(readdirSync(join(d, "new"))).toHaveLength(3);
  });

  it('-o "" and -o with no value: usage error, exit 2, nothing written, --json one object', async () => {
    for (const tail of [["-o", ""], ["-o"], ["--output="], ["-o", "", "--json"], ["--json", "-o"]]) {
      const d = tempDir();
      const r = await cliIn(d, ["convert", ONE, "--to", "agentmug", ...tail]);
      expect(r.code, tail.join(" ")).toBe(2);
      expect(readdirSync(d), tail.join(" ")).toEqual([]);
      if (tail.includes("--json")) {
        const body = jsonBody(r);
        expect(body.outputs).toEqual([]);
        expect(body.diagnostics[0]).toMatchObject({ code: "usage-error" });
        expect(body.diagnostics[0]!.message).toMatch(/-o/);
      } else expect(r.stderr).toMatch(/error usage-error .*-o/);
      expect(r.stderr).not.toMatch(/internal error/);
    }
  });

  it("--extract-prompts with a bundle gives each agent its own prompt files", async () => {
    const d = tempDir();
    const r = await cli(["convert", BUNDLE, "--to", "mas", "--extract-prompts", "prompts", "-o", d + "/"]);
    expect(r.code, r.stderr).toBe(0);
    const prompts = readdirSync(join(d, "prompts"), { recursive: true }).map(String).filter((p) => p.endsWith(".md")).sort();
    // three role prompts, and the triage agent's chat style (a Caplo platform text: a chunk after its instructions)
    expect(prompts).toHaveLength(4);
    // each agent file refers to its own prompt file, and that file exists
    const refs = new Set<string>();
    for (const f of readdirSync(d).filter((x) => x.endsWith(".yaml") && !x.endsWith("-mas.yaml"))) {
      const m = /ref: (\S+)/.exec(readFileSync(join(d, f), "utf8"));
      expect(m, f).not.toBeNull();
      expect(existsSync(join(d, m![1]!)), m![1]).toBe(true);
      refs.add(m![1]!);
    }
    expect(refs.size).toBe(3);
  });

  it("--extract-prompts with -o FILE writes that file and the prompts beside it (no folder named FILE)", async () => {
    const d = tempDir();
    const target = join(d, "file.yaml");
    const r = await cli(["convert", ONE, "--to", "mas", "--extract-prompts", "prompts", "-o", target]);
    expect(r.code, r.stderr).toBe(0);
    expect(statSync(target).isFile()).toBe(true);
    const ref = /ref: (\S+)/.exec(readFileSync(target, "utf8"))![1]!;
    expect(readFileSync(join(d, ref), "utf8").length).toBeGreaterThan(0);
  });
});

describe("options are checked", () => {
  it("--exported-at that is not an RFC 3339 date-time is a usage error, not an output-invalid bug", async () => {
    const r = await cli(["convert", BUNDLE, "--to", "agentmug", "--exported-at", "yesterday", "--json"]);
    expect(r.code).toBe(2);
    const body = jsonBody(r);
    expect(body.diagnostics.map((x) => x.code)).toEqual(["usage-error"]);
    expect(body.diagnostics[0]!.message).toMatch(/--exported-at/);
    expect((await cli(["convert", BUNDLE, "--to", "agentmug", "--exported-at", "2026-01-02T03:04:05Z", "--json"])).code).toBe(0);
  });

  it("--max-bytes and --jobs must be numbers", async () => {
    for (const bad of [["--max-bytes", "abc"], ["--jobs", "abc"], ["-j", "1.5"], ["--max-bytes", "-1"], ["--jobs", "0"]]) {
      const r = await cli(["convert", ONE, "--to", "agentmug", ...bad, "--json"]);
      expect(r.code, bad.join(" ")).toBe(2);
      const body = jsonBody(r);
      expect(body.diagnostics.map((x) => x.code)).toEqual(["usage-error"]);
      expect(body.diagnostics[0]!.message).toContain(bad[0]!);
    }
    expect((await cli(["validate", ONE, "--max-bytes", "abc"])).code).toBe(2);
  });

  it("--version prints the package's version", async () => {
    const version = JSON.parse(readFileSync("package.json", "utf8")).version as string;
    const r = await cli(["--version"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${version}\n`);
  });

  it("validate --json without an input prints validate's shape", async () => {
    const r = await cli(["validate", "--json"]);
    expect(r.code).toBe(2);
    const body = JSON.parse(r.stdout);
    expect(Object.keys(body)).toEqual(["valid", "files", "diagnostics"]);
    expect(body.valid).toBe(false);
    expect(body.diagnostics[0].code).toBe("usage-error");
    const d = await cli(["detect", "--json"]);
    expect(Object.keys(JSON.parse(d.stdout))).toEqual(["files", "diagnostics"]);
  });

  it("-q in folder mode hides the summary", async () => {
    const d = tempDir();
    mkdirSync(join(d, "in"));
    writeFileSync(join(d, "in", "a.caplo.json"), readFileSync(ONE));
    const r = await cli(["convert", join(d, "in"), "--to", "caplo", "-o", join(d, "out"), "-q", "--jobs", "1"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe("");
  });
});

describe("located, named errors", () => {
  it("unknown-format and unsupported-document name the file", async () => {
    const d = tempDir();
    writeFileSync(join(d, "u.yaml"), "a: 1\nb: 2\n");
    writeFileSync(join(d, "t.yaml"), "apiVersion: mas/v1\nkind: Tool\nspec: {}\n");
    for (const [f, code] of [["u.yaml", "unknown-format"], ["t.yaml", "unsupported-document"]] as const) {
      const path = join(d, f);
      const r = await cli(["convert", path, "--to", "caplo", "--json"]);
      expect(jsonBody(r).diagnostics[0]).toMatchObject({ code, source: { file: path, pointer: "", line: 1, column: 1 } });
      const text = await cli(["convert", path, "--to", "caplo"]);
      expect(text.stderr).toContain(`${path}:1:1 error ${code}`);
      const det = await cli(["detect", path, "--json"]);
      expect(JSON.parse(det.stdout).files[0].diagnostics[0]).toMatchObject({ code, source: { file: path } });
    }
  });

  it("--from naming a format the content is not: one clear error naming the detected format", async () => {
    const r = await cli(["convert", AGENTMUG, "--from", "caplo", "--to", "mas", "--json"]);
    expect(r.code).toBe(2);
    const body = jsonBody(r);
    expect(body.diagnostics).toHaveLength(1);
    expect(body.diagnostics[0]).toMatchObject({ code: "unknown-format", source: { file: AGENTMUG } });
    expect(body.diagnostics[0]!.message).toMatch(/AgentMug v1/);
    expect(body.diagnostics[0]!.message).toMatch(/Caplo v2/);
    const v = await cli(["validate", AGENTMUG, "--from", "caplo", "--json"]);
    expect(JSON.parse(v.stdout).files[0].diagnostics).toHaveLength(1);
  });

  it("a YAML key that is a collection is an error, with no raw Node warning on stderr", async () => {
    const d = tempDir();
    const path = join(d, "c.yaml");
    writeFileSync(path, "apiVersion: mas/v1\nkind: Agent\n? [a, b]\n: 1\n");
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on("warning", onWarning);
    const emit = process.emitWarning;
    process.emitWarning = ((w: string | Error) => void warnings.push(String(w))) as typeof process.emitWarning;
    try {
      const r = await cli(["convert", path, "--to", "caplo", "--json"]);
      expect(r.code).toBe(2);
      expect(jsonBody(r).diagnostics[0]).toMatchObject({ code: "invalid-syntax", source: { file: path, line: 3 } });
    } finally {
      process.emitWarning = emit;
      process.off("warning", onWarning);
    }
    expect(warnings).toEqual([]);
  });
});

describe("a mistyped command line", () => {
  it("names the closest command, option or value, and is still a usage error (exit 2, nothing written)", async () => {
    const cases: [string[], RegExp][] = [
      [["convert", ONE, "--too", "agentmug"], /Unknown argument: --too \(--too: did you mean --to\?\)/],
      [["conver", ONE], /conver: did you mean convert\?/],
      [["convert", ONE, "--to", "agentmgu"], /\(did you mean --to agentmug\?\)/],
      [["convert", ONE, "--to", "agentmug", "--strictt", "--verbos"], /--strictt: did you mean --strict\?; --verbos: did you mean --verbose\?/],
    ];
    for (const [args, said] of cases) {
      const r = await cli(args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(said);
      // The tool speaks, not an input: no "<input>" in front of a command-line mistake.
      expect(r.stderr).toMatch(/^agentport: error usage-error /);
    }
    // Nothing near enough: no guess.
    const far = await cli(["convert", ONE, "--to", "agentmug", "--zzzz"]);
    expect(far.stderr).toMatch(/Unknown argument: --zzzz\n/);
    expect(far.stderr).not.toMatch(/did you mean/);
  });

  it("a format named in another case, or by an alias its adapter declares, is that format (fresh9 finding 15)", async () => {
    const plain = await cli(["convert", ONE, "--to", "agentspec", "--json"]);
    expect(plain.code).toBe(0);
    for (const args of [["--to", "oas"], ["--to", "OAS"], ["--to=Oas"], ["--to", "AgentSpec"], ["--from", "CAPLO", "--to", "oas"]]) {
      const r = await cli(["convert", ONE, ...args, "--json"]);
      expect(r.code, args.join(" ")).toBe(0);
      expect(r.stdout, args.join(" ")).toBe(plain.stdout);
    }
    // Neither inputs nor --to: the inputs are named first, as the usage line has them (fresh9 finding 15).
    for (const args of [["convert", "--json"], ["convert", "-o", "d/", "--json"]]) {
      expect(jsonBody(await cli(args)).diagnostics.map((d) => d.message)).toEqual([expect.stringMatching(/^no input named: .*; and --to is required: /)]);
    }
    expect(jsonBody(await cli(["convert", ONE, "--json"])).diagnostics[0]?.message).toMatch(/^--to is required: /);
    // An input after "--" is a file name, not a format.
    const after = await cli(["convert", "--to", "mas", "--json", "--", "oas"]);
    expect(jsonBody(after).diagnostics[0]?.message).toMatch(/oas/);
  });
});
