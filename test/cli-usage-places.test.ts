// Command lines that name a place wrongly (user trial, session 18): -o through an existing file,
// and one input named twice, are usage errors (exit 2) told before anything is written; until
// session 18 the first was an internal error (EEXIST/ENOTDIR, exit 3) and the second converted the
// file twice (front-desk-2.yaml and orphan copies).
import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync, cpSync } from "node:fs";
import { join, resolve } from "node:path";
import { cli, EXAMPLE_BUNDLE } from "./helpers/cli.js";
import { tempDir } from "./helpers/tmp.js";

/** A folder holding one regular file, existing.txt, and what -o through it would name. */
function withFile(): { dir: string; file: string } {
  const dir = tempDir("agentport-places-");
  const file = join(dir, "existing.txt");
  writeFileSync(file, "keep me\n");
  return { dir, file };
}
/** The folder holds only existing.txt, as it was. */
function untouched(dir: string, file: string): void {
  expect(readdirSync(dir)).toEqual(["existing.txt"]);
  expect(readFileSync(file, "utf8")).toBe("keep me\n");
}

describe("-o through an existing file", () => {
  it("-o FILE/ (a folder named by an existing file): a usage error, exit 2, nothing written", async () => {
    const { dir, file } = withFile();
    const r = await cli(["convert", EXAMPLE_BUNDLE, "--to", "mas", "-o", file + "/"]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`usage-error -o ${file}/ names an existing file, not a folder`);
    expect(r.stderr).not.toMatch(/internal error|EEXIST/);
    untouched(dir, file);
  });

  it("-o FILE/sub/ and -o FILE/sub (a path under an existing file): a usage error naming the file", async () => {
    const { dir, file } = withFile();
    for (const o of [join(file, "sub") + "/", join(file, "sub", "x.caplo.json")]) {
      const r = await cli(["convert", "golden/agentmug-legacy-minimal/input.agent.json", "--to", "caplo", "-o", o]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`usage-error -o ${o} is under ${file}, an existing file, not a folder`);
      expect(r.stderr).not.toMatch(/internal error|ENOTDIR/);
    }
    untouched(dir, file);
  });

  it("-o FILE still names the file of a one-document run (written over with --force)", async () => {
    const { file } = withFile();
    const r = await cli(["convert", "golden/agentmug-legacy-minimal/input.agent.json", "--to", "caplo", "-o", file, "--force"]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(file, "utf8"))).toHaveProperty("apiVersion");
  });

  it("a folder run into an existing file (with or without /): a usage error with its reason, in --json too", async () => {
    const { dir, file } = withFile();
    const root = tempDir("agentport-places-in-");
    cpSync(EXAMPLE_BUNDLE, join(root, "desk.caplo.json"));
    for (const o of [file, file + "/"]) {
      const r = await cli(["convert", root, "--to", "caplo", "-o", o, "--jobs", "1"]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`usage-error -o ${o} names an existing file, not a folder`);
      expect(r.stderr).not.toMatch(/converted 0/);
    }
    const j = await cli(["convert", root, "--to", "caplo", "-o", join(file, "sub"), "--json", "--jobs", "1"]);
    expect(j.code).toBe(2);
    const body = JSON.parse(j.stdout) as { diagnostics: { code: string; message: string }[] };
    expect(body.diagnostics.map((d) => d.code)).toEqual(["usage-error"]);
    expect(body.diagnostics[0]!.message).toContain(`is under ${file}, an existing file`);
    untouched(dir, file);
  });
});

describe("--ledger and --baseline through an existing file", () => {
  it("a usage error naming the file, before any output is written", async () => {
    const { dir, file } = withFile();
    const out = join(tempDir("agentport-places-ledger-"), "out");
    for (const flag of ["--ledger", "--baseline"]) {
      const r = await cli(["convert", EXAMPLE_BUNDLE, "--to", "mas", "-o", out + "/", flag, join(file, "l.json")]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`usage-error ${flag} ${join(file, "l.json")} is under ${file}, an existing file, not a folder`);
    }
    expect(existsSync(out)).toBe(false);
    untouched(dir, file);
  });
});

describe("one input named twice", () => {
  it("the same file twice is refused naming it, exit 2, nothing written", async () => {
    const out = join(tempDir("agentport-places-twice-"), "twice");
    const r = await cli(["convert", EXAMPLE_BUNDLE, EXAMPLE_BUNDLE, "--to", "mas", "-o", out + "/"]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`usage-error ${EXAMPLE_BUNDLE} is named twice`);
    expect(existsSync(out)).toBe(false);
  });

  it("spelled two ways (relative and absolute, ./ and ..) it is the same file: refused, in --json too", async () => {
    const out = join(tempDir("agentport-places-twice2-"), "twice");
    for (const second of [resolve(EXAMPLE_BUNDLE), `./${EXAMPLE_BUNDLE}`, `examples/../${EXAMPLE_BUNDLE}`]) {
      const r = await cli(["convert", EXAMPLE_BUNDLE, second, "--to", "mas", "-o", out + "/", "--json"]);
      expect(r.code, second).toBe(2);
      const body = JSON.parse(r.stdout) as { outputs: unknown[]; diagnostics: { code: string; message: string }[] };
      expect(body.outputs).toEqual([]);
      expect(body.diagnostics.map((d) => d.code)).toEqual(["usage-error"]);
      expect(body.diagnostics[0]!.message).toContain(second);
      expect(body.diagnostics[0]!.message).toContain("named twice");
    }
    expect(existsSync(out)).toBe(false);
  });

  it("a folder named twice is refused alike", async () => {
    const root = tempDir("agentport-places-dir2-");
    mkdirSync(join(root, "in"));
    cpSync(EXAMPLE_BUNDLE, join(root, "in", "desk.caplo.json"));
    const out = join(root, "out");
    const r = await cli(["convert", join(root, "in"), join(root, "in") + "/", "--to", "mas", "-o", out + "/", "--jobs", "1"]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain("is named twice");
    expect(existsSync(out)).toBe(false);
  });
});

describe("a format's folder option and --ledger through the wrong kind of place (verify trial 18)", () => {
  it("--extract-prompts under an existing file (one file, and a folder run): a usage error, exit 2, nothing written", async () => {
    const { dir, file } = withFile();
    const one = await cli(["convert", "golden/caplo-minimal/input.caplo.json", "--to", "mas", "-o", join(dir, "out.yaml"), "--extract-prompts", "existing.txt/sub"]);
    expect(one.code, one.stderr).toBe(2);
    expect(one.stderr).toContain(`usage-error --extract-prompts existing.txt/sub is under ${file}, an existing file, not a folder`);
    expect(one.stderr).not.toMatch(/internal error|ENOTDIR/);
    untouched(dir, file);
    const input = tempDir("agentport-places-in-");
    cpSync("golden/caplo-minimal/input.caplo.json", join(input, "a.caplo.json"));
    const folder = await cli(["convert", input + "/", "--to", "mas", "-o", dir + "/", "--extract-prompts", "existing.txt"]);
    expect(folder.code, folder.stderr).toBe(2);
    expect(folder.stderr).toContain("usage-error --extract-prompts existing.txt");
    untouched(dir, file);
  });

  it("--ledger naming a folder (ending in /, or one that exists): a usage error, exit 2, nothing written", async () => {
    const dir = tempDir("agentport-places-ledger-");
    mkdirSync(join(dir, "exdir"));
    for (const ledger of [join(dir, "nd") + "/", join(dir, "exdir")]) {
      for (const force of [[], ["--force"]]) {
        const r = await cli(["convert", "golden/caplo-minimal/input.caplo.json", "--to", "mas", "-o", join(dir, "z.yaml"), "--ledger", ledger, ...force]);
        expect(r.code, r.stderr).toBe(2);
        expect(r.stderr).toContain(`usage-error --ledger ${ledger} names a folder`);
        expect(r.stderr).not.toMatch(/internal error/);
        expect(existsSync(join(dir, "z.yaml"))).toBe(false);
      }
    }
    expect(readdirSync(dir)).toEqual(["exdir"]);
  });
});

describe("several documents and -o naming an existing file (verify trial 18)", () => {
  it("the hint names another folder, not -o FILE/ (itself a usage error)", async () => {
    const { dir, file } = withFile();
    const r = await cli(["convert", EXAMPLE_BUNDLE, "--to", "mas", "-o", file]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/names one file/);
    expect(r.stderr).not.toContain(`-o ${file}/`);
    expect(r.stderr).toContain(`is an existing file: name a folder for them, e.g. -o ${join(dir, "out")}/`);
    untouched(dir, file);
  });
});
