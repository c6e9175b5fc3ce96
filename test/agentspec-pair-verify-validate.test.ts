// Session 18, the disaggregated pair's leftovers: --verify-roundtrip of a run naming both files
// compared the way back of the main file converted alone (a placeholder model, no tools); validate
// named both did not pair them (the components file refused, the main file's references said
// unresolved); and the components file refused in a folder run did not say a folder run pairs it.
import { describe, expect, it } from "vitest";
import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { convert, validate, validateMany } from "../src/index.js";
import { cli } from "./helpers/cli.js";
import { tempDir } from "./helpers/tmp.js";

const FIXTURES = "test/fixtures/agentspec";
const MAIN = "howto_disaggregated_main_config.json";
const COMPONENTS = "howto_disaggregated_component_config.json";

type Op = { op: string; path: string; value?: unknown };
type Entry = { file: string; patch: Op[]; failed?: true };

function folderWith(files: string[]): string {
  const dir = tempDir("agentport-pair-verify-");
  for (const f of files) copyFileSync(join(FIXTURES, f), join(dir, f));
  return dir;
}

describe("--verify-roundtrip of a run naming both files", () => {
  for (const to of ["caplo", "mas"]) {
    it(`→ ${to}, -o elsewhere: the way back is the pair's conversion (with its model and tool), as a folder run checks it`, async () => {
      const dir = folderWith([MAIN, COMPONENTS]);
      const named = await cli(["convert", join(dir, MAIN), join(dir, COMPONENTS), "--to", to, "-o", tempDir("agentport-pair-verify-out-") + "/", "--verify-roundtrip", "--json"]);
      expect(named.code, named.stdout).toBe(0);
      const entries = (JSON.parse(named.stdout) as { roundtrip: Entry[] }).roundtrip;
      expect(entries.map((e) => e.file)).toEqual([join(dir, MAIN)]);
      const ops = entries[0]!.patch;
      // Converted alone, the main file's way back has no tools and the placeholder model.
      expect(ops.filter((o) => o.path === "/tools")).toEqual([]);
      expect(JSON.stringify(ops)).not.toContain("gpt-4o");
      expect(JSON.stringify(ops)).toContain("get_weather");
      // The same comparison as a folder run holding the pair makes.
      const folder = await cli(["convert", dir + "/", "--to", to, "-o", tempDir("agentport-pair-verify-out-") + "/", "--verify-roundtrip", "--json", "--jobs", "1"]);
      expect(folder.code, folder.stdout).toBe(0);
      const inFolder = (JSON.parse(folder.stdout) as { roundtrip: Entry[] }).roundtrip.filter((e) => e.file === join(dir, MAIN));
      expect(inFolder.map((e) => e.patch)).toEqual([ops]);
    });
  }

  it("the text report counts the differences of the pair's way back, not of the main file alone", async () => {
    const dir = folderWith([MAIN, COMPONENTS]);
    const r = await cli(["convert", join(dir, MAIN), join(dir, COMPONENTS), "--to", "caplo", "-o", tempDir("agentport-pair-verify-out-") + "/", "--verify-roundtrip"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/round trip: remove \/tools\n/);
    expect(r.stderr).not.toMatch(/"gpt-4o"/);
    expect(r.stderr).toMatch(/round trip: add \/tools\/0\/name "get_weather"/);
  });
});

describe("validate naming both files", () => {
  for (const order of ["main-first", "components-first"] as const) {
    it(`pairs them (${order}): both valid, the main file without unresolved references, the components file valid as its parts`, async () => {
      const files = order === "main-first" ? [join(FIXTURES, MAIN), join(FIXTURES, COMPONENTS)] : [join(FIXTURES, COMPONENTS), join(FIXTURES, MAIN)];
      const r = await cli(["validate", ...files]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/unsupported-document|ref-kept|names nothing this document defines/);
      expect(r.stdout).toContain(`${join(FIXTURES, MAIN)}: valid agentspec\n`);
      expect(r.stdout).toContain(`${join(FIXTURES, COMPONENTS)}: valid agentspec (parts of ${join(FIXTURES, MAIN)})\n`);
    });
  }

  it("--json: the documented shape, the components file naming the file it is part of (partOf)", async () => {
    const r = await cli(["validate", join(FIXTURES, MAIN), join(FIXTURES, COMPONENTS), "--json"]);
    expect(r.code, r.stdout).toBe(0);
    const body = JSON.parse(r.stdout) as { valid: boolean; files: { file: string; valid: boolean; format?: string; diagnostics: { code: string }[]; partOf?: string }[] };
    expect(Object.keys(body)).toEqual(["valid", "files"]);
    expect(body.valid).toBe(true);
    expect(body.files.map((f) => Object.keys(f))).toEqual([["file", "valid", "format", "diagnostics"], ["file", "valid", "format", "diagnostics", "partOf"]]);
    expect(body.files[0]).toMatchObject({ file: join(FIXTURES, MAIN), valid: true, format: "agentspec" });
    expect(body.files[0]!.diagnostics.filter((d) => d.code === "ref-kept")).toEqual([]);
    expect(body.files[1]).toEqual({ file: join(FIXTURES, COMPONENTS), valid: true, format: "agentspec", diagnostics: [], partOf: join(FIXTURES, MAIN) });
  });

  it("a schema error in a supplied component makes both files invalid, named in the components file", async () => {
    const dir = folderWith([MAIN]);
    const bad = JSON.parse(readFileSync(join(FIXTURES, COMPONENTS), "utf8")) as { $referenced_components: { llm_config: Record<string, unknown> } };
    bad.$referenced_components.llm_config["url"] = 42;
    const { writeFileSync } = await import("node:fs");
    writeFileSync(join(dir, COMPONENTS), JSON.stringify(bad, null, 2));
    const r = await cli(["validate", join(dir, MAIN), join(dir, COMPONENTS), "--json"]);
    expect(r.code).toBe(2);
    const body = JSON.parse(r.stdout) as { valid: boolean; files: { file: string; valid: boolean; diagnostics: { severity: string; source?: { file?: string } }[]; partOf?: string }[] };
    expect(body.valid).toBe(false);
    expect(body.files[0]!.valid).toBe(false);
    expect(body.files[0]!.diagnostics.some((d) => d.severity === "error" && d.source?.file === join(dir, COMPONENTS))).toBe(true);
    expect(body.files[1]).toMatchObject({ file: join(dir, COMPONENTS), valid: false, partOf: join(dir, MAIN) });
  });

  it("the library: validateMany pairs them (partOf), validate of the components file alone still refuses it", () => {
    const inputs = [COMPONENTS, MAIN].map((f) => ({ file: join(FIXTURES, f), text: readFileSync(join(FIXTURES, f), "utf8") }));
    const [components, main] = validateMany(inputs);
    expect(main).toMatchObject({ ok: true, format: "agentspec" });
    expect(main!.diagnostics.filter((d) => d.code === "ref-kept")).toEqual([]);
    expect(components).toEqual({ ok: true, format: "agentspec", diagnostics: [], partOf: join(FIXTURES, MAIN) });
    const alone = validate(inputs[0]!.text, { file: inputs[0]!.file });
    expect(alone.ok).toBe(false);
    expect(alone.diagnostics.map((d) => d.code)).toContain("unsupported-document");
  });

  it("each file alone is judged as before: the components file refused, the main file's references said unresolved", async () => {
    const alone = await cli(["validate", join(FIXTURES, COMPONENTS)]);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toMatch(/error unsupported-document/);
    const main = await cli(["validate", join(FIXTURES, MAIN)]);
    expect(main.code).toBe(0);
    expect(main.stderr).toMatch(/warning ref-kept/);
    // Its hint says validate pairs them too, not only a conversion.
    expect(main.stderr).toMatch(/hint: .*naming both files in one run \(agentport validate this-file other-file, or convert\)/);
  });

  it("two files neither of which supplies the other are validated each alone, as before", async () => {
    const r = await cli(["validate", join(FIXTURES, MAIN), join(FIXTURES, "agentspec_oracle_it_assistant.json"), "--json"]);
    const body = JSON.parse(r.stdout) as { files: { file: string; diagnostics: { code: string }[]; partOf?: string }[] };
    expect(body.files.some((f) => f.partOf !== undefined)).toBe(false);
    expect(body.files[0]!.diagnostics.some((d) => d.code === "ref-kept")).toBe(true);
  });
});

describe("the components file refused alone", () => {
  it("says that a folder run pairs it with a main file in the same folder (the library: convertMany, convertFiles)", async () => {
    const refused = await cli(["convert", join(FIXTURES, COMPONENTS), "--to", "caplo"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/name it together with the main file in one run \(agentport convert main\.json this-file\.json\)/);
    expect(refused.stderr).toMatch(/a folder run pairs it with a main file in the same folder/);
    // The library says it in its own words (src/option-words.ts, session 18).
    const r = convert(readFileSync(join(FIXTURES, COMPONENTS), "utf8"), "caplo", { file: COMPONENTS });
    const refusal = r.diagnostics.find((d) => d.code === "unsupported-document");
    expect(refusal!.message).toMatch(/in one run \(convertMany with both inputs\)/);
    expect(refusal!.message).toMatch(/convertFiles of both files pairs them too/);
  });

  it("in a folder run with no main file beside it", async () => {
    const dir = folderWith([COMPONENTS]);
    const r = await cli(["convert", dir + "/", "--to", "caplo", "-o", tempDir("agentport-pair-verify-out-") + "/", "--jobs", "1"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/error unsupported-document .*a folder run pairs it with a main file in the same folder/);
  });
});
