// Session 18's user trial, the wording findings: a value the source set aside on purpose (an Agent
// Spec generated id) or that holds nothing (a null description) is not said to have "no counterpart"
// in a target that has that field; the CLI speaks its flags and the library its options; a Markdown
// file named by hand is one located line, not the YAML parser's every complaint.
import { describe, expect, it } from "vitest";
import { convert } from "../src/index.js";

// The shape of the corpus's howto_agents.json (pyagentspec's output): a UUID id and a null description.
const UUID = "c0018da9-2d1d-4e5d-bfb5-63c3e6989d37";
const HOWTO = JSON.stringify({
  component_type: "Agent",
  id: UUID,
  name: "Helpful agent",
  description: null,
  metadata: {},
  inputs: [],
  outputs: [],
  llm_config: { component_type: "VllmConfig", id: "c0018da9-2d1d-4e5d-bfb5-63c3e6989d38", name: "m", description: null, metadata: {}, default_generation_parameters: null, url: "http://x", model_id: "m" },
  system_prompt: "Be helpful.",
  tools: [],
  agentspec_version: "26.2.0",
});

const at = (target: "agentmug" | "mas" | "caplo", pointer: string) => {
  const r = convert(HOWTO, target, { file: "howto.json" });
  expect(r.outputs.length).toBe(1);
  return r.diagnostics.filter((d) => d.source?.pointer === pointer).map((d) => d.message);
};

describe("a generated id and a null description are said as what they are (user trial 18)", () => {
  it("the generated id is not the agent's id in AgentMug, whose id is derived from the name; kept in the stash", () => {
    const said = at("agentmug", "/id");
    expect(said).toEqual([`id "${UUID}" (a generated id) is not the agent's id in AgentMug v1, which is derived from its name; kept in x-agentport for the way back`]);
  });

  it("the same words for mas and Caplo (no target claims to lack an id)", () => {
    expect(at("mas", "/id")).toEqual([`id "${UUID}" (a generated id) is not the agent's id in mas/v1, which is derived from its name; kept in x-agentport for the way back`]);
    expect(at("caplo", "/id")).toEqual([`id "${UUID}" (a generated id) is not the agent's id in Caplo v2, which is derived from its name; dropped`]);
  });

  it("a null description is null, holding nothing to write: not a field AgentMug lacks", () => {
    expect(at("agentmug", "/description")).toEqual(["description is null: it holds nothing for AgentMug v1 to write; kept in x-agentport for the way back"]);
    expect(at("caplo", "/description")).toEqual(["description is null: it holds nothing for Caplo v2 to write; dropped"]);
    // Any null value of the source: a member of a component too.
    expect(at("agentmug", "/llm_config/description")).toEqual(["llm_config.description is null: it holds nothing for AgentMug v1 to write; kept in x-agentport for the way back"]);
    const r = convert(HOWTO, "agentmug", { file: "howto.json" });
    for (const d of r.diagnostics) expect(d.message).not.toMatch(/^(id|description) .*has no counterpart/);
  });
});

import { readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { cli, cliTemp } from "./helpers/cli.js";
import { convertFiles, makeReadFile } from "../src/node/index.js";

const tmp = cliTemp("words18");
/** A mas agent whose prompt file lies outside its folder (ref-outside-root). */
const outsideRole = (dir: string): string => {
  const text = readFileSync("golden/mas-prompt-files/input.yaml", "utf8").replace("role: prompts/role.md", "role: ../outside.md");
  mkdirSync(join(dir, "app"));
  writeFileSync(join(dir, "outside.md"), "You are outside.\n");
  writeFileSync(join(dir, "app", "agent.yaml"), text);
  return text;
};
/** A CLI flag named outside a quoted value: "--root", "--from mas". */
const FLAG = /(^|[\s(,;])--[a-z]/;
const LIBRARY_NAMES = /\b(allowOutside|allowOutsideRefs|includePrivate|exportedAt|maxBytes|allowSecrets|makeReadFile|convertFiles|readFile)\b|library option/;
const said = (d: { message: string; hint?: string }) => `${d.message} ${d.hint ?? ""}`;

describe("the CLI speaks its flags, the library its options (user trial 18)", () => {
  it("CLI: ref-outside-root names --root and --allow-outside-refs, and no library option", async () => {
    const dir = tmp();
    outsideRole(dir);
    const r = await cli(["convert", join(dir, "app", "agent.yaml"), "--to", "caplo"]);
    expect(r.code).toBe(2);
    const line = r.stderr.split("\n").find((l) => l.includes("ref-outside-root"))!;
    expect(line).toMatch(/--root/);
    expect(line).toMatch(/--allow-outside-refs/);
    expect(r.stderr).not.toMatch(LIBRARY_NAMES);
  });

  it("library convert with makeReadFile: makeReadFile's options root and allowOutside, no flag", () => {
    const dir = tmp();
    const text = outsideRole(dir);
    const r = convert(text, "caplo", { file: join(dir, "app", "agent.yaml"), readFile: makeReadFile(join(dir, "app")) });
    const d = r.diagnostics.find((x) => x.code === "ref-outside-root")!;
    expect(d, JSON.stringify(r.diagnostics)).toBeDefined();
    expect(said(d)).not.toMatch(FLAG);
    expect(said(d)).toMatch(/makeReadFile's option root\b/);
    expect(said(d)).toMatch(/makeReadFile's option allowOutside\b/);
  });

  it("library convertFiles: its own options root and allowOutsideRefs, no flag", () => {
    const dir = tmp();
    outsideRole(dir);
    const r = convertFiles([join(dir, "app", "agent.yaml")], "caplo");
    const d = r.diagnostics.find((x) => x.code === "ref-outside-root")!;
    expect(d, JSON.stringify(r.diagnostics)).toBeDefined();
    expect(said(d)).not.toMatch(FLAG);
    expect(said(d)).toMatch(/the option root\b/);
    expect(said(d)).toMatch(/the option allowOutsideRefs\b/);
  });

  it("library convert with from: the option from, with its value; the CLI says --from", async () => {
    const text = readFileSync("golden/mas-prompt-files/input.yaml", "utf8");
    const d = convert(text, "caplo", { from: "agentmug" }).diagnostics[0]!;
    expect(d.code).toBe("unknown-format");
    expect(said(d)).not.toMatch(FLAG);
    expect(d.message).toMatch(/^the option from: "agentmug" names AgentMug v1, but the content is mas\/v1/);
    expect(d.hint).toMatch(/the option from: "mas"/);
    const dir = tmp();
    writeFileSync(join(dir, "a.yaml"), text);
    const c = await cli(["convert", join(dir, "a.yaml"), "--from", "agentmug", "--to", "caplo"]);
    expect(c.stderr).toMatch(/--from agentmug names AgentMug v1/);
    expect(c.stderr).not.toMatch(/the option/);
  });

  it("a reference read without file access: the library is told to pass readFile, the CLI keeps its stdin words", async () => {
    const text = readFileSync("golden/mas-prompt-files/input.yaml", "utf8");
    const d = convert(text, "caplo").diagnostics.find((x) => x.code === "ref-not-found")!;
    expect(d.hint).toBe("pass readFile (agentport/node: makeReadFile, with the app's folder as its root)");
    const c = await cli(["convert", "-", "--to", "caplo"], text);
    expect(c.stderr).toMatch(/hint: stdin has no folder to read references from: pass --root DIR/);
    expect(c.stderr).not.toMatch(LIBRARY_NAMES);
  });

  it("no library result names a CLI flag: every golden case's diagnostics (the library's)", () => {
    let seen = 0;
    for (const c of readdirSync("golden")) {
      let targets: string[] = [];
      try {
        targets = readdirSync(join("golden", c, "expected"));
      } catch {
        continue;
      }
      for (const t of targets) {
        let ds: { message: string; hint?: string }[];
        try {
          ds = JSON.parse(readFileSync(join("golden", c, "expected", t, "diagnostics.json"), "utf8")) as typeof ds;
        } catch {
          continue;
        }
        for (const d of ds) {
          seen++;
          // A value quoted as JSON is the user's text, not agentport's words.
          expect(said(d).replace(/"(?:[^"\\]|\\.)*"/g, '""'), `${c}/${t}`).not.toMatch(FLAG);
        }
      }
    }
    expect(seen).toBeGreaterThan(100);
  });
});

import { parseText } from "../src/text/parse.js";

describe("a Markdown file is one located line, not the YAML parser's every complaint (user trial 18)", () => {
  const MD = ["# agentport", "", "Convert AI-agent manifests between platforms through one canonical", "representation, and say what did not carry over.", "", "| format | id |", "|---|---|", "| Caplo | `caplo` |", "", "- The input format is detected: `--from` names it.", "", "```sh", "agentport convert a.json --to mas", "```", ""].join("\n");
  const ONE = "the input is neither JSON nor YAML: line 3 is text, not a YAML key, list item or collection (a Markdown or text file?)";

  it("parseText: one invalid-syntax at the first line of text", () => {
    const p = parseText(MD, "README.md");
    expect(p.diagnostics.map((d) => [d.message, d.source?.line, d.source?.column])).toEqual([[ONE, 3, 1]]);
  });

  it("detect and convert each print that one line (exit 2)", async () => {
    const dir = tmp();
    const file = join(dir, "README.md");
    writeFileSync(file, MD);
    const d = await cli(["detect", file]);
    expect(d.stderr.split("\n").filter((l) => l.includes(" error ")), d.stderr).toEqual([`${file}:3:1 error invalid-syntax ${ONE}`]);
    const c = await cli(["convert", file, "--to", "caplo"]);
    expect(c.code).toBe(2);
    expect(c.stderr.split("\n").filter((l) => l.includes(" error ")), c.stderr).toEqual([`${file}:3:1 error invalid-syntax ${ONE}`]);
  });

  it("a file named .md (or .txt) that YAML cannot read is one line at YAML's first error, however it opens", () => {
    const note = ["# Notes", "", "Note: on your machine `x` runs", "- and a list", "  : oops", ""].join("\n");
    const one = parseText(note, "NOTES.md").diagnostics;
    expect(one.length).toBe(1);
    expect(one[0]!.message).toMatch(/^the input is neither JSON nor YAML: a \.md file, which YAML cannot read \(line \d+: /);
    const skill = ["---", "name: x", "description: y", "---", "# Body", "", "Text here.", ""].join("\n");
    expect(parseText(skill, "SKILL.md").diagnostics.map((d) => d.message)).toEqual([expect.stringMatching(/^the input is neither JSON nor YAML: a \.md file, which YAML cannot read \(line 4: /)]);
    // The same text named .yaml keeps YAML's own errors.
    expect(parseText(note, "notes.yaml").diagnostics[0]!.message).toMatch(/^YAML syntax: /);
  });

  it("real YAML with errors keeps its precise errors: a key line first, errors further down", () => {
    const bad = ["# an agent", "apiVersion: v2", "kind: Agent", "name: x", "  model: y", "tools: [a, b", ""].join("\n");
    const p = parseText(bad, "agent.yaml");
    expect(p.diagnostics.length).toBeGreaterThan(0);
    for (const d of p.diagnostics) expect(d.message).toMatch(/^YAML syntax: /);
    // A list first, or a quoted key, is YAML too.
    expect(parseText("- a: 1\n  b: [\n", "x.yaml").diagnostics[0]!.message).toMatch(/^YAML syntax: /);
    expect(parseText('"a b": 1\nc: [\n', "x.yaml").diagnostics[0]!.message).toMatch(/^YAML syntax: /);
  });
});

describe("the components file's refusal in the library's words (verify trial 18)", () => {
  it("says convertMany and convertFiles, not the CLI's command and its folder run", async () => {
    const { readFileSync } = await import("node:fs");
    const { convert } = await import("../src/index.js");
    const text = readFileSync("test/fixtures/agentspec/howto_disaggregated_component_config.json", "utf8");
    const r = convert(text, "caplo", { file: "howto_disaggregated_component_config.json" });
    expect(r.ok).toBe(false);
    const said = r.diagnostics.map((d) => `${d.message} ${d.hint ?? ""}`).join(" ");
    expect(said).toContain("in one run (convertMany with both inputs)");
    expect(said).toContain("convertFiles of both files pairs them too");
    expect(said).not.toMatch(/agentport convert main|a folder run/);
  });
});

describe("a shared component defined under another key than its id (verify trial 18)", () => {
  it("the note says it comes back by its id, not 'by reference again' under the key", async () => {
    const { readFileSync } = await import("node:fs");
    const { convert } = await import("../src/index.js");
    const main = JSON.parse(readFileSync("test/fixtures/agentspec/howto_disaggregated_main_config.json", "utf8")) as Record<string, unknown>;
    const comps = JSON.parse(readFileSync("test/fixtures/agentspec/howto_disaggregated_component_config.json", "utf8")) as Record<string, Record<string, Record<string, unknown>>>;
    // One file: the components inline, under the keys the components file gives them (llm_config beside a UUID id).
    const refs: Record<string, unknown> = {};
    for (const [k, c] of Object.entries(comps["$referenced_components"]!)) { const { agentspec_version: _v, ...rest } = c; refs[k] = rest; }
    const merged = { ...main, $referenced_components: refs };
    const r = convert(JSON.stringify(merged, null, 2), "mas", { file: "merged.json" });
    expect(r.ok, r.diagnostics.map((d) => d.message).join("\n")).toBe(true);
    const note = r.diagnostics.find((d) => d.source?.pointer === "/$referenced_components/llm_config" && d.code === "transformed-value");
    expect(note?.message).toMatch(/again by its id "[0-9a-f-]{36}", not the key it is defined under/);
    expect(note?.message).not.toMatch(/written by reference again/);
  });
});

describe("the library's words for naming files together, a folder, and stdin (user trial 18b)", () => {
  it("convert and validate name convertMany / validateMany; the CLI keeps its commands", async () => {
    const { readFileSync } = await import("node:fs");
    const { convert, validate } = await import("../src/index.js");
    const { cli } = await import("./helpers/cli.js");
    const text = readFileSync("golden/agentspec-disaggregated/input.yaml", "utf8");
    const hints = (ds: { hint?: string }[]) => ds.map((d) => d.hint ?? "").join(" | ");
    expect(hints(convert(text, "caplo", { file: "input.yaml" }).diagnostics)).toContain("in the same run (convertMany with both inputs)");
    expect(hints(validate(text, { file: "input.yaml" }).diagnostics)).toContain("(validateMany with both inputs, or convertMany)");
    const r = await cli(["convert", "golden/agentspec-disaggregated/input.yaml", "--to", "caplo"]);
    expect(r.stderr + r.stdout).toContain("(agentport convert this-file other-file)");
  });

  it("convertFiles: a folder is answered for the library; stdin's unread references ask for its root option", async () => {
    const { convertFiles } = await import("../src/node/index.js");
    const folder = convertFiles(["golden/caplo-minimal"], "mas");
    expect(folder.diagnostics[0]!.message).toMatch(/is a folder: convertFiles reads files; list the folder's files/);
    expect(folder.diagnostics[0]!.message).not.toMatch(/this command|convert converts a folder/);
    const { readFileSync } = await import("node:fs");
    const stdin = convertFiles(["-"], "caplo", {}, readFileSync("golden/mas-prompt-files/input.yaml", "utf8"));
    const said = stdin.diagnostics.map((d) => `${d.message} ${d.hint ?? ""}`).join(" | ");
    expect(said).toContain("pass the option root");
    expect(said).not.toContain("pass readFile");
  });

  it("a $component_ref naming a component by another key than its id says it comes back by that id", async () => {
    const { readFileSync } = await import("node:fs");
    const { convertMany } = await import("../src/index.js");
    const files = ["howto_disaggregated_main_config.json", "howto_disaggregated_component_config.json"];
    const r = convertMany(files.map((f) => ({ file: f, text: readFileSync(`test/fixtures/agentspec/${f}`, "utf8") })), "agentspec");
    const note = r.diagnostics.find((d) => d.source?.pointer === "/llm_config/$component_ref");
    expect(note?.message).toMatch(/written into Open Agent Spec again by its id "[0-9a-f-]{36}", not this key/);
  });
});
