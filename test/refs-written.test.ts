// Session 12: file references an agent makes, as written under -o and as findings quote them.
import { describe, expect, it } from "vitest";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { cli } from "./helpers/cli.js";
import { tempDir } from "./helpers/tmp.js";
import { masAgent } from "./helpers/mas-app.js";
import { filesReached } from "../src/verify.js";

const TOOL = (name: string) => `apiVersion: mas/v1\nkind: Tool\nmetadata:\n  name: ${name}\nspec:\n  description: Looks up ${name}.\n`;

function tree(files: Record<string, string>): string {
  const root = tempDir();
  for (const [p, t] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), t);
  }
  return root;
}

const refsOf = (text: string) => [...text.matchAll(/ref: (\S+)/g)].map((m) => m[1]!);

describe("--bundle --to mas -o DIR/ writes references that name the files from DIR", () => {
  const files = {
    "app/agents/fares.yaml": masAgent("fares") + "  tools:\n    - ref: tools/get_fares.tool.yaml\n    - ref: ../shared/calc.tool.yaml\n",
    "app/agents/tools/get_fares.tool.yaml": TOOL("get_fares"),
    "app/agents/schedule.yaml": masAgent("schedule") + "  tools:\n    - ref: ../shared/calc.tool.yaml\n",
    "app/shared/calc.tool.yaml": TOOL("calc"),
  };

  it("each agent's references are paths from the output folder; a file of its input's folder is copied there; the round trip says lossless only then", async () => {
    const root = tree(files);
    const out = join(root, "out");
    const r = await cli(["convert", join(root, "app/agents/fares.yaml"), join(root, "app/agents/schedule.yaml"), "--bundle", "--to", "mas", "-o", out + "/", "--root", join(root, "app"), "--verify-roundtrip"]);
    expect(r.code, r.stderr).toBe(0);
    const fares = readFileSync(join(out, "fares.yaml"), "utf8");
    const schedule = readFileSync(join(out, "schedule.yaml"), "utf8");
    // As the single-file conversion writes them: the copy beside the output, the file outside by a path back.
    expect(refsOf(fares)).toEqual(["tools/get_fares.tool.yaml", "../app/shared/calc.tool.yaml"]);
    expect(refsOf(schedule)).toEqual(["../app/shared/calc.tool.yaml"]);
    for (const ref of [...refsOf(fares), ...refsOf(schedule)]) expect(existsSync(join(out, ref)), ref).toBe(true);
    expect(readFileSync(join(out, "tools/get_fares.tool.yaml"), "utf8")).toBe(files["app/agents/tools/get_fares.tool.yaml"]);
    // Never a machine's absolute path (the inputs were named absolutely).
    expect(fares + schedule).not.toContain(root);
    expect(r.stderr).toMatch(/round trip: lossless/);
    // The written agent converts again from where it is: its tools are read, none kept as a bare reference.
    const again = await cli(["convert", join(out, "fares.yaml"), "--to", "mas", "--root", root, "--json"]);
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).not.toMatch(/ref-kept|ref-not-found/);
  });

  it("the bundle written without -o keeps each agent's references as its input makes them", async () => {
    const root = tree(files);
    const r = await cli(["convert", join(root, "app/agents/fares.yaml"), join(root, "app/agents/schedule.yaml"), "--bundle", "--to", "mas", "--root", join(root, "app"), "--json"]);
    expect(r.code, r.stdout).toBe(0);
    const documents = JSON.stringify((JSON.parse(r.stdout) as { outputs: { document: unknown }[] }).outputs.map((o) => o.document));
    expect(documents).not.toContain(root);
    expect(documents).toContain('"ref":"tools/get_fares.tool.yaml"');
    expect(documents).toContain('"ref":"../shared/calc.tool.yaml"');
  });
});

describe("--verify-roundtrip reads the outputs where they are written", () => {
  it("filesReached: a reference is looked up from the output's folder, among the files placed there", () => {
    const text = masAgent("fares") + "  tools:\n    - ref: tools/calc.tool.yaml\n";
    const output = { name: "fares.yaml", format: "mas", document: {}, text };
    expect(filesReached([output], "mas", new Map([["tools/calc.tool.yaml", TOOL("calc")]]))).toEqual(new Set([TOOL("calc")]));
    // The same file seen from elsewhere (where a path relative to the working folder would land) is not reached.
    expect(filesReached([output], "mas", new Map([["app/tools/calc.tool.yaml", TOOL("calc")]])).size).toBe(0);
  });
});

describe("a finding about an agent file a MAS manifest names quotes that file's reference", () => {
  it("ref-kept names the reference as written and the root as the MAS manifest's folder", async () => {
    const root = tree({
      "app/mas.yaml": "apiVersion: mas/v1\nkind: MAS\nmetadata:\n  name: app\nspec:\n  agency:\n    agents:\n      - id: fares\n        ref: agents/fares.yaml\n  workflow:\n    entry: fares\n    nodes:\n      - id: fares\n",
      "app/agents/fares.yaml": masAgent("fares") + "  tools:\n    - ref: ../tools/missing.tool.yaml\n    - ref: ../../../tools/get_fares.tool.yaml\n",
    });
    const r = await cli(["convert", join(root, "app/mas.yaml"), "--to", "mas", "-o", join(root, "o") + "/"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/fares\.yaml:12:\d+ warning ref-kept spec\.tools\[0\]\.ref: "\.\.\/tools\/missing\.tool\.yaml" does not exist \(looked for tools\/missing\.tool\.yaml from the input's folder\)/);
    expect(r.stderr).toMatch(/fares\.yaml:13:\d+ warning ref-kept spec\.tools\[1\]\.ref: "\.\.\/\.\.\/\.\.\/tools\/get_fares\.tool\.yaml" resolves outside the folder of mas\.yaml;/);
    expect(r.stderr).not.toMatch(/"\.\.\/\.\.\/tools\/get_fares/);
    expect(r.stderr).not.toMatch(/the manifest's folder/);
  });
});
