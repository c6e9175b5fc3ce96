// Session 6's new-user trial: what a demanding user met on real inputs (the mas apps,
// the Agent Spec examples, mixed folders, bad usage), each a test that failed before its fix.
import { describe, expect, it } from "vitest";
import { cli } from "./helpers/cli.js";
import { tempDir } from "./helpers/tmp.js";

const APP03 = "test/fixtures/mas/apps/03-experiments-and-analysis";
const TRIP = "test/fixtures/mas/corpus/library-samples/apps/trip-planner";

interface Fidelity { file: string; values: number; exact: number; behaviour: { values: number; kept: number; changed: number } }
interface Ledger { file: string; sourcePointer: string; status: string; code?: string }

async function fidelityOf(args: string[]): Promise<{ fidelity: Fidelity[]; warnings: { source?: { file?: string; pointer: string }; effect: string }[] }> {
  const r = await cli([...args, "--json"]);
  expect(r.code, r.stdout).toBe(0);
  const body = JSON.parse(r.stdout) as { fidelity: Fidelity[]; diagnostics: { severity: string; effect: string; source?: { file?: string; pointer: string } }[] };
  return { fidelity: body.fidelity, warnings: body.diagnostics.filter((d) => d.severity === "warning" && d.effect === "behaviour") };
}

describe("the fidelity line counts what the warnings say changed", () => {
  it("a kind: MAS manifest's figures include the values of the agent files it reads", async () => {
    // Through the manifest, the agent file's dropped tool reference was missing from the figure
    // ("behaviour kept for 4 of 4 ... (0 changed)" beside a dropped-field warning on agent.yaml).
    const viaManifest = await fidelityOf(["convert", `${APP03}/mas.yaml`, "--to", "caplo"]);
    const alone = await fidelityOf(["convert", `${APP03}/agent.yaml`, "--to", "caplo"]);
    expect(viaManifest.fidelity).toHaveLength(1);
    expect(viaManifest.fidelity[0]!.file).toBe(`${APP03}/mas.yaml`);
    expect(alone.fidelity[0]!.behaviour.changed).toBeGreaterThan(0);
    expect(viaManifest.fidelity[0]!.behaviour.changed).toBe(alone.fidelity[0]!.behaviour.changed);
    // The manifest's own values and the agent file's, together.
    expect(viaManifest.fidelity[0]!.values).toBe(alone.fidelity[0]!.values + 9);
  });

  it("the ledger of a kind: MAS manifest has the agent files' rows, named as the diagnostics name them", async () => {
    const { mkdtempSync, readFileSync, rmSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const d = mkdtempSync(join(tmpdir(), "agentport-trial-"));
    try {
      const r = await cli(["convert", `${APP03}/mas.yaml`, "--to", "caplo", "--ledger", join(d, "l.json")]);
      expect(r.code).toBe(0);
      const rows = JSON.parse(readFileSync(join(d, "l.json"), "utf8")) as Ledger[];
      expect(rows.find((x) => x.file === `${APP03}/agent.yaml` && x.sourcePointer === "/spec/tools/0/ref")).toMatchObject({ status: "dropped", code: "dropped-field" });
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });

  it("a value a behaviour warning covers is changed, even when a deeper note is about it too", async () => {
    // trip-planner's agents name ../tools/*.tool.yaml outside the default root: a ref-kept note at
    // spec.tools[i].ref hid the dropped-field warning at spec.tools[i] ("11 of 11 kept, 0 changed").
    const { fidelity, warnings } = await fidelityOf(["convert", `${TRIP}/agents/concierge_agent.yaml`, "--to", "caplo"]);
    const tools = warnings.filter((w) => /^\/spec\/tools\/\d+$/.test(w.source?.pointer ?? ""));
    expect(tools).toHaveLength(4);
    expect(fidelity[0]!.behaviour.changed).toBeGreaterThanOrEqual(4);
  });
});

describe("a mistyped or incomplete command line says what is wrong in the user's words", () => {
  const ONE = "examples/support-bundle.caplo.json";
  const usage = async (args: string[]) => {
    const r = await cli(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^agentport: error usage-error /);
    return r.stderr;
  };

  it("an unknown command is named as a command, and the options after it are not called unknown", async () => {
    // Was: "Unknown arguments: to, conver, … (--to: did you mean --to?; conver: did you mean convert?)".
    const said = await usage(["conver", ONE, "--to", "mas"]);
    expect(said).toMatch(/^agentport: error usage-error unknown command "conver" \(conver: did you mean convert\?\)/);
    expect(said).not.toMatch(/--to: did you mean --to/);
    const far = await usage(["zzzzzz", ONE]);
    expect(far).toMatch(/unknown command "zzzzzz"; the commands are convert, validate, detect and formats/);
  });

  it("a swapped pair of letters counts as one edit (--form → --from, --tsrict → --strict)", async () => {
    expect(await usage(["convert", ONE, "--to", "mas", "--form", "caplo"])).toMatch(/--form: did you mean --from\?/);
    expect(await usage(["convert", ONE, "--to", "mas", "--tsrict"])).toMatch(/--tsrict: did you mean --strict\?/);
  });

  it("no input, or no --to, is said plainly, with what to give", async () => {
    // Was yargs' "Not enough non-option arguments: got 0, need at least 1" and "Missing required argument: to".
    expect(await usage(["convert", "--to", "mas"])).toMatch(/^agentport: error usage-error no input named: give one or more files or folders, or - for stdin \(agentport convert <inputs\.\.>\)/);
    // validate and detect refuse folders (fresh10 finding 13): they ask for files.
    expect(await usage(["validate"])).toMatch(/no input named: give one or more files, or - for stdin \(agentport validate <inputs\.\.>\)/);
    expect(await usage(["convert", ONE])).toMatch(/^agentport: error usage-error --to is required: the format to convert to \(caplo, agentmug, mas or agentspec\)/);
  });
});

describe("a folder run that would convert nothing says why", () => {
  it("-o naming the input folder itself is refused (it converted nothing and exited 0)", async () => {
    const { cpSync, mkdtempSync, readdirSync, rmSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const d = mkdtempSync(join(tmpdir(), "agentport-trial-"));
    try {
      cpSync("test/fixtures/mas/corpus/library-samples/apps/qa-agent/agents/qa-agent.yaml", join(d, "qa-agent.yaml"));
      for (const o of [d, d + "/", join(d, ".") + "/"]) {
        const r = await cli(["convert", d, "--to", "caplo", "-o", o]);
        expect(r.code).toBe(2);
        expect(r.stderr).toMatch(/^agentport: error usage-error -o .* is the input folder .*: its outputs would land among the inputs; name another folder/m);
      }
      expect(readdirSync(d)).toEqual(["qa-agent.yaml"]);
      const json = await cli(["convert", d, "--to", "caplo", "-o", d + "/", "--json"]);
      expect(json.code).toBe(2);
      expect(JSON.parse(json.stdout)).toMatchObject({ outputs: [], diagnostics: [{ code: "usage-error" }] });
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });

  it("a folder with no file the --include globs match says so on the closing line", async () => {
    const { mkdtempSync, rmSync, writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const d = mkdtempSync(join(tmpdir(), "agentport-trial-"));
    try {
      writeFileSync(join(d, "README.md"), "# not an agent\n");
      const r = await cli(["convert", d, "--to", "caplo", "-o", join(d, "out") + "/"]);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe(`agentport: converted 0, with warnings 0, failed 0; no file in ${d} matches **/*.{json,yaml,yml,agent} (--include)\n`);
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});

describe("no warning where neither format fixes a default", () => {
  it("Agent Spec's runtime default and AgentMug's host default for max tokens are no known difference: nothing said", async () => {
    // Was, per agent: "warning default-differs llm_config.default_generation_parameters.max_tokens is not set:
    // Open Agent Spec assumes the runtime's default, while AgentMug v1 assumes the host's default for blueprint.maxTokens".
    const r = await cli(["convert", "test/fixtures/agentspec/howto_agents.yaml", "--to", "agentmug", "--json"]);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout) as { diagnostics: { code: string; message: string }[] };
    expect(body.diagnostics.filter((d) => d.code === "default-differs" && /max_tokens/.test(d.message))).toEqual([]);
    // A default one side does fix still differs, and is said (Caplo's 0.4 against the runtime's own).
    const caplo = JSON.parse((await cli(["convert", "test/fixtures/agentspec/howto_agents.yaml", "--to", "caplo", "--json"])).stdout) as { diagnostics: { code: string; message: string }[] };
    expect(caplo.diagnostics.some((d) => d.code === "default-differs" && /temperature/.test(d.message))).toBe(true);
  });
});

describe("the text report names the file -o wrote", () => {
  it("one output written to -o FILE is named by that path in its lines, not by the document's default name", async () => {
    const { mkdtempSync, rmSync, existsSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const d = mkdtempSync(join(tmpdir(), "agentport-trial-"));
    try {
      const out = join(d, "helper.json");
      const r = await cli(["convert", "golden/caplo-minimal/input.caplo.json", "--to", "agentmug", "-o", out]);
      expect(r.code).toBe(0);
      expect(existsSync(out)).toBe(true);
      // Was "faq-helper.agent.json: 4 behaviour changes, …" and "[faq-helper.agent.json]": a file that does not exist.
      expect(r.stderr).not.toMatch(/faq-helper\.agent\.json/);
      expect(r.stderr).toContain(`${out}: 4 behaviour changes`);
      expect(r.stderr).toMatch(new RegExp(`warning default-lost .* \\[${out.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}\\]`));
      // --json keeps the document's name (the contract): the path is the user's.
      const j = JSON.parse((await cli(["convert", "golden/caplo-minimal/input.caplo.json", "--to", "agentmug", "-o", join(d, "other.json"), "--json"])).stdout) as { outputs: { name: string }[] };
      expect(j.outputs[0]!.name).toBe("faq-helper.agent.json");
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});

describe("a policy error names the -o FILE too", () => {
  it("--error: the findings' [output] tags and the output's line name the -o path, though nothing is written", async () => {
    const { mkdtempSync, rmSync, existsSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const { convertFiles } = await import("../src/node/files.js");
    const d = mkdtempSync(join(tmpdir(), "agentport-trial-"));
    try {
      const input = "golden/caplo-minimal/input.caplo.json";
      const out = join(d, "helper.json");
      const r = await cli(["convert", input, "--to", "agentmug", "-o", out, "--error", "behaviour"]);
      expect(r.code).toBe(1);
      expect(existsSync(out)).toBe(false);
      // Was "[faq-helper.agent.json]" and "faq-helper.agent.json: 4 errors, …": the gate emptied the outputs, and their names with them.
      expect(r.stderr).not.toMatch(/faq-helper\.agent\.json/);
      expect(r.stderr).toMatch(new RegExp(`error default-lost .* \\[${out.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}\\]`));
      // Each finding once (session 16): the four behaviour changes are the errors, not four errors and four changes.
      expect(r.stderr).toContain(`${out}: 4 behaviour changes, each an error`);
      expect(r.stderr).toContain("not written (4 findings made an error by policy)");
      // --json keeps the document's name and its shape: no outputs, the library's findings as the library gates them.
      const j = JSON.parse((await cli(["convert", input, "--to", "agentmug", "-o", out, "--error", "behaviour", "--json"])).stdout) as { outputs: unknown[]; diagnostics: unknown[] };
      expect(j.outputs).toEqual([]);
      expect(j.diagnostics).toEqual(JSON.parse(JSON.stringify(convertFiles([input], "agentmug", { policy: { error: ["behaviour"] } }).diagnostics)));
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});

describe("a missing input file is that input's error", () => {
  it("named first, like the other input errors, in convert, validate and detect; exit 2, no stack trace", async () => {
    const missing = "no-such-dir/no-such.yaml";
    const binary = await cli(["convert", "test/fixtures/text/agent_calling_flow.json5", "--to", "caplo"]);
    // The other input errors: the file name first (then line:col where there is one).
    expect(binary.stderr).toMatch(/^test\/fixtures\/text\/agent_calling_flow\.json5:\d+:\d+ error /);
    const line = `${missing} error usage-error no such file: ${missing}`;
    for (const args of [["convert", missing, "--to", "caplo"], ["convert", missing, "--to", "mas", "--bundle", "-o", "out/"], ["validate", missing], ["detect", missing]]) {
      const r = await cli(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr.split("\n"), args.join(" ")).toContain(line);
      expect(r.stderr, args.join(" ")).not.toMatch(/^agentport: error|^\s+at /m);
    }
    const v = JSON.parse((await cli(["validate", missing, "--json"])).stdout) as { files: { file: string; diagnostics: { code: string; source: { file: string } }[] }[] };
    expect(v.files.map((f) => [f.file, f.diagnostics.map((d) => [d.code, d.source.file])])).toEqual([[missing, [["usage-error", missing]]]]);
    const c = JSON.parse((await cli(["convert", missing, "--to", "caplo", "--json"])).stdout) as { outputs: unknown[]; diagnostics: { code: string; source: { file: string } }[] };
    expect([c.outputs, c.diagnostics.map((d) => [d.code, d.source.file])]).toEqual([[], [["usage-error", missing]]]);
  });
});

describe("a JSON file with // comments (JSONC, JSON5) is told so", () => {
  it("one error at the first comment, not the YAML parser's flow-collection messages", async () => {
    // Was: "JSON syntax: Missing , between flow map items", "Implicit keys of flow sequence pairs need to be on a single line", …
    const r = await cli(["convert", "test/fixtures/text/agent_calling_flow.json5", "--to", "caplo"]);
    expect(r.code).toBe(2);
    const errors = r.stderr.split("\n").filter((l) => / error /.test(l));
    expect(errors).toEqual(["test/fixtures/text/agent_calling_flow.json5:4:5 error invalid-syntax JSON syntax: a // comment; JSON has no comments (JSONC and JSON5 are not read): remove them, or write the file as YAML, whose comments start with #"]);
    const { parseText } = await import("../src/text/parse.js");
    // Slashes inside strings are text, not comments.
    expect(parseText('{"url": "http://x//y", "a": 1,}\n').diagnostics.some((d) => /comment/.test(d.message))).toBe(false);
    // YAML flow text that starts like JSON keeps its unquoted URLs.
    expect(parseText("{url: http://example.com/a, b: 1}\n").data).toEqual({ url: "http://example.com/a", b: 1 });
    expect(parseText('{\n  "a": 1 /* one */\n}\n').diagnostics[0]?.message).toMatch(/^JSON syntax: a \/\* comment;/);
    expect(parseText('{\n  "a": 1 /* one */\n}\n').diagnostics[0]?.source).toMatchObject({ line: 2, column: 10 });
  });
});

describe("--verify-roundtrip speaks of whole files plainly", () => {
  it("a file the way back did not give again is said so, not 'replace  null'", async () => {
    // Through Caplo a local Tool manifest's ref is lost (the tool keeps its id): the way back reads no such file.
    // (The app's agent file once served here: before trial finding R3 the way back gave no MAS app, so no agent file.)
    const { copyFileSync, readFileSync, writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const d = tempDir("agentport-trial-");
    copyFileSync(`${APP03}/mas.yaml`, join(d, "mas.yaml"));
    writeFileSync(join(d, "agent.yaml"), readFileSync(`${APP03}/agent.yaml`, "utf8").replace("samples:tools/calc.tool.yaml", "./get_fares.tool.yaml"));
    copyFileSync("test/fixtures/mas/corpus/library-samples/tools/get_fares.tool.yaml", join(d, "get_fares.tool.yaml"));
    const t = await cli(["convert", join(d, "mas.yaml"), "--to", "caplo", "--verify-roundtrip", "-o", join(d, "out") + "/"]);
    expect(t.code).toBe(0);
    expect(t.stderr).not.toMatch(/round trip: replace  null/);
    expect(t.stderr).toContain(`${join(d, "get_fares.tool.yaml")}: round trip: the way back gave no such file`);
    expect(t.stderr).not.toContain(`${join(d, "agent.yaml")}: round trip: the way back gave no such file`);
  });

  it("a one-agent app's agent file comes back (as a MAS app), and is compared with the original's", async () => {
    const t = await cli(["convert", `${APP03}/mas.yaml`, "--to", "caplo", "--verify-roundtrip", "-o", tempDir("agentport-trial-") + "/"]);
    expect(t.code).toBe(0);
    expect(t.stderr).not.toContain("the way back gave no such file");
    // What Caplo cannot hold of the app and its agent file, said as the differences they are.
    expect(t.stderr).toContain(`${APP03}/mas.yaml: round trip: remove /intent`);
    expect(t.stderr).toContain(`${APP03}/agent.yaml: round trip: replace /spec/tools/0 "calc"`);
  });
});

describe("a value carried in x-agentport is named as the agent's value", () => {
  it("Caplo → mas → Agent Spec: the greeting is 'greeting (kept in x-agentport)', not 'x-agentport.ir./greeting'", async () => {
    const { readFileSync } = await import("node:fs");
    const mas = await cli(["convert", "-", "--to", "mas"], readFileSync("golden/caplo-minimal/input.caplo.json", "utf8"));
    expect(mas.code).toBe(0);
    const r = await cli(["convert", "-", "--to", "agentspec", "--json"], mas.stdout);
    const said = (JSON.parse(r.stdout) as { diagnostics: { message: string }[] }).diagnostics.map((d) => d.message);
    expect(said.filter((m) => /x-agentport\.ir\./.test(m))).toEqual([]);
    expect(said).toContain("greeting (kept in x-agentport) has no counterpart in Open Agent Spec; kept in x-agentport for the way back");
    const { dotted } = await import("../src/ir/pointer.js");
    expect(dotted("/metadata/x-agentport/ir/~1agents~10~1greeting")).toBe("agents[0].greeting (kept in x-agentport)");
    expect(dotted("/x-agentport/ir")).toBe("x-agentport.ir");
  });
});

describe("a finding about an unset setting points at the same place however the agent file was read", () => {
  it("the budget warning of an agent read through its MAS manifest is at spec, as when the file is converted alone", async () => {
    // Through the manifest it was at agent.yaml:3:1 (the document), alone at agent.yaml:7:1 (spec).
    type D = { code: string; message: string; source?: { file?: string; pointer: string; line?: number } };
    const of = async (input: string) => (JSON.parse((await cli(["convert", input, "--to", "caplo", "--json"])).stdout) as { diagnostics: D[] }).diagnostics.filter((d) => d.code === "clamped-value" && /max_llm_calls/.test(d.message));
    const alone = await of(`${APP03}/agent.yaml`);
    const via = await of(`${APP03}/mas.yaml`);
    expect(alone).toHaveLength(1);
    expect(via).toHaveLength(1);
    expect(via[0]!.source).toEqual(alone[0]!.source);
    expect(alone[0]!.source).toMatchObject({ pointer: "/spec", line: 7 });
  });
});

describe("a folder's non-agent file", () => {
  it("its unknown-format error hints --exclude with its path, not only --from", async () => {
    const { mkdtempSync, rmSync, writeFileSync, cpSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const d = mkdtempSync(join(tmpdir(), "agentport-trial-"));
    try {
      writeFileSync(join(d, "package.json"), '{"name": "x", "version": "1.0.0"}\n');
      cpSync("golden/caplo-minimal/input.caplo.json", join(d, "a.caplo.json"));
      const r = await cli(["convert", d, "--to", "agentmug", "-o", join(d, "out") + "/"]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${join(d, "package.json")}:1:1 error unknown-format`);
      expect(r.stderr).toContain("    hint: if it is no agent manifest, leave it out with --exclude 'package.json'; if detection is wrong, name the format with --from");
      // Named alone, the file keeps the --from hint only.
      const alone = await cli(["convert", join(d, "package.json"), "--to", "agentmug"]);
      expect(alone.stderr).toContain("    hint: name the format with --from if detection is wrong");
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});

describe("a folder where validate or detect expects files", () => {
  it("is called a folder, with what to do", async () => {
    const r = await cli(["validate", "examples"]);
    expect(r.code).toBe(2);
    // Was "examples is not a regular file".
    expect(r.stderr).toContain("examples error usage-error examples is a folder: validate reads files (name them, e.g. examples/*.json); convert converts a folder");
  });
});

describe("--syntax yml", () => {
  it("is answered with the syntax meant", async () => {
    const r = await cli(["convert", "examples/support-bundle.caplo.json", "--to", "mas", "--syntax", "yml"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^agentport: error usage-error --syntax is json or yaml, not "yml" \(did you mean --syntax yaml\?\)/);
    expect((await cli(["convert", "examples/support-bundle.caplo.json", "--to", "mas", "--syntax", "jsno"])).stderr).toMatch(/did you mean --syntax json\?/);
  });
});

describe("the per-output line adds up", () => {
  it("with one output, its line counts the notes about no single output too, as the closing line does", async () => {
    // Was "qa-agent-t3.agent.json: 2 behaviour changes, 8 notes" above "--verbose lists the 13 notes".
    const r = await cli(["convert", `${APP03}/mas.yaml`, "--to", "agentmug", "-o", tempDir("agentport-trial-") + "/"]);
    expect(r.code).toBe(0);
    const per = /^qa-agent-t3\.agent\.json: \d+ behaviour changes?, (\d+) notes?$/m.exec(r.stderr);
    const all = /--verbose lists the (\d+) notes?$/m.exec(r.stderr);
    expect(per, r.stderr).not.toBeNull();
    expect(per![1]).toBe(all![1]);
  });
});

describe("stdin with file references", () => {
  it("the hint names --root, the command line's way, not the library's readFile", async () => {
    const { readFileSync } = await import("node:fs");
    const text = readFileSync("golden/mas-prompt-files/input.yaml", "utf8");
    const r = await cli(["convert", "-", "--to", "caplo"], text);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("<stdin>:13:5 error ref-not-found spec.context.intent: refers to the file prompts/intent.md, which cannot be read without file access\n    hint: stdin has no folder to read references from: pass --root DIR (the folder they are relative to), or convert the file itself\n");
    expect(r.stderr).not.toMatch(/the CLI does|makeReadFile/);
    // With --root it converts.
    expect((await cli(["convert", "-", "--to", "caplo", "--root", "golden/mas-prompt-files"], text)).code).toBe(0);
  });
});
