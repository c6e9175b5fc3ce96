// Two agents written into one mas output folder, each bringing a different file under the same
// relative path (a tool manifest, a prompt file, a SKILL.md): two apps converted with --bundle, or
// agents restored from mas stashes beside an AgentMug agent whose recipe skill the emitter writes.
// The second file is written apart (x-2.tool.yaml), its agent's reference naming it; a SKILL.md,
// which the runtime finds by its skill's name only, is a warning. No file is lost silently, no
// agent names another agent's different file, and the conversion never refuses to write because
// two of its own outputs share a path.
import { describe, expect, it } from "vitest";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse as parseYaml } from "yaml";
import { cli } from "./helpers/cli.js";
import { tempDir } from "./helpers/tmp.js";

const tool = (what: string) => `apiVersion: mas/v1
kind: Tool
metadata:
  name: x
spec:
  description: ${what}
  parameters:
    - name: id
      type: string
  impl:
    kind: python
    module_path: ./x.py
    class_name: X
`;
const skill = (what: string) => `---\nname: s\ndescription: ${what}\n---\nDo ${what}.\n`;

/** `d/<app>`: a one-agent mas app whose agent refers to ../tools/x.tool.yaml, ../prompts/role.md and the skill s. */
function app(d: string, name: string, agent: string): void {
  const at = (p: string, text: string) => {
    mkdirSync(join(d, name, p, ".."), { recursive: true });
    writeFileSync(join(d, name, p), text);
  };
  at("mas.yaml", `apiVersion: mas/v1\nkind: MAS\nmetadata:\n  name: ${name}\nspec:\n  agency:\n    agents:\n      - id: ${agent}\n        ref: ./agents/${agent}.yaml\n  workflow:\n    entry: ${agent}\n    nodes:\n      - id: ${agent}\n`);
  at(`agents/${agent}.yaml`, `apiVersion: mas/v1\nkind: Agent\nmetadata:\n  name: ${agent}\nspec:\n  context:\n    role:\n      ref: ../prompts/role.md\n  description: Helps with ${agent}.\n  models:\n    - model: gpt-4o-mini\n  tools:\n    - ref: ../tools/x.tool.yaml\n  skills:\n    - s\n`);
  at("tools/x.tool.yaml", tool(`Tool of ${name}`));
  at("prompts/role.md", `You are ${agent} of ${name}.\n`);
  at("skills/s/SKILL.md", skill(`skill of ${name}`));
}

/** A native AgentMug agent whose skill "s" is a recipe (the mas emitter writes skills/s/SKILL.md for it). */
function recipeAgent(d: string, id: string, recipe: string): string {
  const file = join(d, `${id}.agent.json`);
  writeFileSync(file, JSON.stringify({
    $schema: "https://agentlit.dahshanlabs.com/schemas/agent.v1.json",
    id,
    name: id,
    description: `Helps with ${id}.`,
    version: "0.3",
    exportedAt: "2026-02-14T09:30:00Z",
    blueprint: { primaryModel: "gpt-4.1-mini", systemPrompt: `You help with ${id}.`, tools: [], skills: [{ name: "s", trigger: `when ${recipe}`, recipe }] },
    inputs: { accepts: ["text"] },
  }, null, 2));
  return file;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

interface Diag { code: string; severity: string; message: string }

async function convert(args: string[]): Promise<{ code: number; diagnostics: Diag[]; stderr: string }> {
  const run = await cli(["convert", ...args, "--json"]);
  const body = JSON.parse(run.stdout || "{}") as { diagnostics?: Diag[] };
  return { code: run.code, diagnostics: body.diagnostics ?? [], stderr: run.stderr };
}

/** Two apps whose agents bring different files under the same paths, and each converted to AgentMug. */
async function twoApps(): Promise<string> {
  const d = tempDir("agentport-collide-");
  app(d, "appa", "alpha");
  app(d, "appb", "beta");
  for (const a of ["appa", "appb"]) expect((await convert([join(d, a, "mas.yaml"), "--to", "agentmug", "-o", join(d, "am", a) + "/"])).code).toBe(0);
  return d;
}

/** The agent file's spec, read from the output folder. */
const spec = (out: string, agent: string) => (parseYaml(readFileSync(join(out, `${agent}.yaml`), "utf8")) as { spec: { tools: { ref: string }[]; context: { role: { ref: string } } } }).spec;

/** Each agent's tool ref and prompt ref name its own file's text in the output folder. */
function ownFiles(out: string): void {
  for (const [agent, name] of [["alpha", "appa"], ["beta", "appb"]] as const) {
    const s = spec(out, agent);
    expect(readFileSync(join(out, s.tools[0]!.ref), "utf8")).toBe(tool(`Tool of ${name}`));
    expect(readFileSync(join(out, s.context.role.ref), "utf8")).toBe(`You are ${agent} of ${name}.\n`);
  }
  expect(spec(out, "beta").tools[0]!.ref).toBe("tools/x-2.tool.yaml");
  expect(spec(out, "beta").context.role.ref).toBe("prompts/role-2.md");
}

/** The second skill s is not written (the runtime finds a skill by its name only), and a warning says so. */
function skillWarned(diagnostics: Diag[]): void {
  // dropped-field, or stashed-value where the recipe rides in the stash for the way back: a warning either way.
  expect(diagnostics.filter((x) => (x.code === "dropped-field" || x.code === "stashed-value") && x.severity === "warning" && /"s" \(its SKILL\.md\) is not written/.test(x.message)).length, JSON.stringify(diagnostics.map((x) => x.message))).toBe(1);
}

/** The two apps' agents --bundle --to mas in `out`: each writes its own tool and prompt, appa's SKILL.md is written and appb's warned. */
async function writtenApart(inputs: string[], out: string): Promise<Diag[]> {
  const run = await convert([...inputs, "--bundle", "--to", "mas", "-o", out + "/"]);
  expect(run.code).toBe(0);
  ownFiles(out);
  expect(readFileSync(join(out, "skills/s/SKILL.md"), "utf8")).toBe(skill("skill of appa"));
  skillWarned(run.diagnostics);
  return run.diagnostics;
}

describe("different kept files of two agents on one path in a mas output", () => {
  it("two mas apps --bundle --to mas elsewhere: tool and prompt written apart (-2), the second SKILL.md a warning", async () => {
    const d = tempDir("agentport-collide-");
    app(d, "appa", "alpha");
    app(d, "appb", "beta");
    const diagnostics = await writtenApart([join(d, "appa/mas.yaml"), join(d, "appb/mas.yaml")], join(d, "out"));
    expect(diagnostics.some((x) => x.code === "ref-rewritten" && /as tools\/x-2\.tool\.yaml \(tools\/x\.tool\.yaml there is another agent's file/.test(x.message))).toBe(true);
  });

  it("the two apps' agents restored from AgentMug stashes, --bundle --to mas elsewhere: the same", async () => {
    const d = await twoApps();
    await writtenApart([join(d, "am/appa/alpha.agent.json"), join(d, "am/appb/beta.agent.json")], join(d, "out"));
  });

  it("a restored SKILL.md and an AgentMug recipe skill of the same name, in either order: the first is written, the second warned, nothing refused", async () => {
    const d = await twoApps();
    const gamma = recipeAgent(d, "gamma", "Do gamma things.");
    const alpha = join(d, "am/appa/alpha.agent.json");
    for (const [first, second, n] of [[alpha, gamma, 1], [gamma, alpha, 2]] as const) {
      const out = join(d, `out${n}`);
      const run = await convert([first, second, "--bundle", "--to", "mas", "-o", out + "/"]);
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(join(out, "skills/s/SKILL.md"))).toBe(true);
      const written = readFileSync(join(out, "skills/s/SKILL.md"), "utf8");
      expect(written.includes(first === alpha ? "skill of appa" : "Do gamma things.")).toBe(true);
      skillWarned(run.diagnostics);
      // No note claims the second SKILL.md was written there.
      const claims = run.diagnostics.filter((x) => /skills\/s\/SKILL\.md/.test(x.message) && !/is not written/.test(x.message));
      expect(claims.length, JSON.stringify(claims)).toBe(1);
    }
  });

  it("two AgentMug recipe skills of one name: different recipes warned, the same recipe written once", async () => {
    const d = tempDir("agentport-collide-");
    const out = join(d, "out");
    const run = await convert([recipeAgent(d, "gamma", "Do gamma things."), recipeAgent(d, "delta", "Do delta things."), "--bundle", "--to", "mas", "-o", out + "/"]);
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(join(out, "skills/s/SKILL.md"), "utf8")).toContain("Do gamma things.");
    skillWarned(run.diagnostics);
    const same = join(d, "same");
    mkdirSync(join(d, "b"));
    const again = await convert([recipeAgent(d, "gamma", "Do it."), recipeAgent(join(d, "b"), "delta", "Do it."), "--bundle", "--to", "mas", "-o", same + "/"]);
    expect(again.code, again.stderr).toBe(0);
    expect(walk(same).map((f) => relative(same, f)).filter((f) => f.endsWith("SKILL.md"))).toEqual([join("skills", "s", "SKILL.md")]);
    expect(again.diagnostics.filter((x) => /SKILL\.md/.test(x.message) && /is not written/.test(x.message))).toEqual([]);
  });
});
