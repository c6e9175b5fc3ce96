// Session 17's user trial, the wording findings (T7, T9, T11): unknown-option messages in the
// user's words, the early-draft Agent Spec examples named as such, a file of only comments,
// library hints that name no CLI flag only, and the package's LICENSE.
import { describe, expect, it } from "vitest";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cli, cliTemp, EXAMPLE_BUNDLE as BUNDLE } from "./helpers/cli.js";
import { detectAgentspec } from "../src/adapters/agentspec/detect.js";
import { parseText } from "../src/text/parse.js";
import { convert } from "../src/index.js";
import { makeReadFile } from "../src/node/refs.js";

const tmp = cliTemp("words");

describe("unknown options are named as typed, with the option they likely meant (user trial 17 T7)", () => {
  const said = async (args: string[]) => {
    const r = await cli(["convert", BUNDLE, "--to", "mas", ...args]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    return r.stderr.split("\n")[0]!;
  };

  it("--sarif is --format sarif: a value of one option typed as an option of its own", async () => {
    expect(await said(["--sarif"])).toBe("agentport: error usage-error Unknown argument: --sarif (--sarif: did you mean --format sarif?)");
    expect(await said(["--text"])).toMatch(/did you mean --format text\?/);
  });

  it("yargs' camelCase twin of a mistyped option is not listed (the user never typed it)", async () => {
    expect(await said(["--include-privat"])).toBe("agentport: error usage-error Unknown argument: --include-privat (--include-privat: did you mean --include-private?)");
    expect(await said(["--allow-outside-ref"])).not.toMatch(/allowOutsideRef/);
    // An option of another command (convert's --include-private, whose twin yargs adds as includePrivate).
    const v = await cli(["validate", BUNDLE, "--include-private"]);
    expect(v.code).toBe(2);
    expect(v.stderr.split("\n")[0]).toBe("agentport: error usage-error Unknown argument: --include-private (--include-private is an option of convert, not of validate)");
    // A camelCase name the user did type is named as typed.
    expect(await said(["--fooBar"])).toBe("agentport: error usage-error Unknown argument: --fooBar");
  });

  it("an option of another command says which command takes it (validate --lenient: validate is always strict)", async () => {
    const v = await cli(["validate", BUNDLE, "--lenient"]);
    expect(v.code).toBe(2);
    expect(v.stderr.split("\n")[0]).toBe("agentport: error usage-error Unknown argument: --lenient (--lenient is an option of convert, not of validate)");
    // A near name of the command's own option still wins over another command's exact one.
    expect(await said(["--strickt"])).toMatch(/--strickt: did you mean --strict\?/);
  });

  it("a short flag is written with its dash (-s, not s); a one-dash word once, as typed", async () => {
    expect(await said(["-s"])).toBe("agentport: error usage-error Unknown argument: -s");
    expect(await said(["-xs"])).toBe("agentport: error usage-error Unknown argument: -xs");
    expect(await said(["-strict"])).toBe("agentport: error usage-error Unknown argument: -strict (-strict: did you mean --strict?)");
    expect(await said(["--zzzz", "-s"])).toBe("agentport: error usage-error Unknown arguments: --zzzz, -s");
  });

  it("--json holds the same line", async () => {
    const r = await cli(["convert", BUNDLE, "--to", "mas", "--sarif", "--json"]);
    expect(r.code).toBe(2);
    expect((JSON.parse(r.stdout) as { diagnostics: { message: string }[] }).diagnostics[0]!.message).toBe("Unknown argument: --sarif (--sarif: did you mean --format sarif?)");
  });

  it("a folder with --bundle names --bundle, a folder with stdin names stdin: only what was combined", async () => {
    const out = tmp();
    const bundle = await cli(["convert", "examples/", "--bundle", "--to", "caplo", "-o", join(out, "t7.json")]);
    expect(bundle.code).toBe(2);
    expect(bundle.stderr.split("\n")[0]).toBe("agentport: error usage-error folders cannot be combined with --bundle");
    const stdin = await cli(["convert", "examples/", "-", "--to", "caplo", "-o", out + "/"], "{}");
    expect(stdin.code).toBe(2);
    expect(stdin.stderr.split("\n")[0]).toBe("agentport: error usage-error folders cannot be combined with stdin (-)");
  });
});

describe("the early-draft Agent Spec examples are named as a pre-release draft (user trial 17 T9)", () => {
  // The shape of standalone_agent.yaml and its siblings (MAPPING §6.2: "early drafts … written with `type:`").
  const DRAFT = ["# an early draft", "", "$referenced_components:", "  llm:", '    id: "1"', '    type: "OciGenAiLLM"', '    name: "OCI GenAi LLM"', "  tool:", '    id: "2"', '    type: "ServerTool"', '    name: "get"', 'agentspec_version: 25.4.1', ""].join("\n");
  it("components with type: and no component_type: a pre-release draft, refused where it starts (exit 2, nothing written)", async () => {
    const dir = tmp();
    const file = join(dir, "standalone_agent.yaml");
    writeFileSync(file, DRAFT);
    const out = join(dir, "out");
    const r = await cli(["convert", file, "--to", "caplo", "-o", out + "/"]);
    expect(r.code).toBe(2);
    expect(existsSync(out)).toBe(false);
    const first = r.stderr.split("\n")[0]!;
    expect(first.startsWith(`${file}:3:1 error unsupported-document `)).toBe(true);
    expect(first).toMatch(/written in a pre-release draft of Open Agent Spec \(type: "OciGenAiLLM" instead of component_type\), which agentport does not read/);
    expect(first).not.toMatch(/disaggregated/);
  });

  it("the same, from text: a draft component named by its type; a file of components written with component_type is still a disaggregated configuration", () => {
    const draft = detectAgentspec({ $referenced_components: { llm: { id: "1", type: "OciGenAiLLM", name: "x" } }, agentspec_version: "25.4.1" });
    expect(draft.unsupported).toMatch(/pre-release draft of Open Agent Spec \(type: "OciGenAiLLM" instead of component_type\)/);
    const parts = detectAgentspec({ $referenced_components: { llm: { id: "1", component_type: "OpenAiCompatibleConfig", name: "x" } }, agentspec_version: "26.2.0" });
    expect(parts.unsupported).toMatch(/disaggregated configuration/);
  });
});

describe("a YAML file of only comments holds no document; it is not empty (user trial 17 T11)", () => {
  it("says so, at 1:1, exit 2; an empty or blank file is still empty", async () => {
    const first = (text: string) => parseText(text, "a.yaml").diagnostics[0]!;
    expect(first("# readme\n")).toMatchObject({ code: "invalid-syntax", source: { line: 1, column: 1 } });
    expect(first("# readme\n").message).toBe("the input holds no document, only comments");
    expect(first("\n# one\n\n  # two\n").message).toBe("the input holds no document, only comments");
    expect(first("").message).toBe("the input is empty");
    expect(first(" \n\n").message).toBe("the input is empty");
    const dir = tmp();
    const file = join(dir, "README.md");
    writeFileSync(file, "# readme\n");
    const r = await cli(["convert", file, "--to", "caplo"]);
    expect(r.code).toBe(2);
    expect(r.stderr.split("\n")[0]).toBe(`${file}:1:1 error invalid-syntax the input holds no document, only comments`);
  });
});

describe("a library caller is told its own options, not the CLI's flags (user trial 17 T11; session 18: the library's words only)", () => {
  it("ref-outside-root names makeReadFile's options root and allowOutside, no flag and no format", () => {
    const dir = tmp();
    const text = readFileSync("golden/mas-prompt-files/input.yaml", "utf8").replace("role: prompts/role.md", "role: ../../../etc/hostname");
    const r = convert(text, "caplo", { file: join(dir, "a.yaml"), readFile: makeReadFile(dir) });
    const d = r.diagnostics.find((x) => x.code === "ref-outside-root");
    expect(d, JSON.stringify(r.diagnostics)).toBeDefined();
    const said = `${d!.message} ${d!.hint ?? ""}`;
    expect(said).not.toMatch(/--root|--allow-outside-refs/);
    expect(said).toMatch(/makeReadFile's option root\b.*makeReadFile's option allowOutside\b/);
    expect(said).not.toMatch(/\b(mas|caplo|agentmug|agentspec)\b/i);
  });
});

describe("-o FILE's extension does not choose the syntax, as docs/cli.md says (user trial 17 T11)", () => {
  it("agentspec into out.yaml is JSON; caplo into agent.yaml is JSON unless --syntax yaml", async () => {
    const dir = tmp();
    expect((await cli(["convert", BUNDLE, "--to", "agentspec", "-o", join(dir, "out.yaml"), "-q"])).code).toBe(0);
    expect(readFileSync(join(dir, "out.yaml"), "utf8").startsWith("{")).toBe(true);
    expect((await cli(["convert", BUNDLE, "--to", "caplo", "-o", join(dir, "agent.yaml"), "-q"])).code).toBe(0);
    expect(readFileSync(join(dir, "agent.yaml"), "utf8").startsWith("{")).toBe(true);
    expect((await cli(["convert", BUNDLE, "--to", "caplo", "--syntax", "yaml", "-o", join(dir, "yaml.yaml"), "-q"])).code).toBe(0);
    expect(readFileSync(join(dir, "yaml.yaml"), "utf8").startsWith("apiVersion: v2")).toBe(true);
  });
});
