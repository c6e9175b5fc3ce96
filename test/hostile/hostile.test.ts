// Hostile input: each case exits 2 with a located error, no stack trace, nothing
// written, within a time limit and a 256 MB heap (see run-bin.ts).
import { describe, expect, it } from "vitest";
import { writeFileSync, readFileSync, symlinkSync, mkdirSync, openSync, ftruncateSync, closeSync, readdirSync, existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { runBin, expectRefused } from "./run-bin.js";
import { convert } from "../../src/index.js";
import { cli } from "../helpers/cli.js";
import { runCli } from "../../src/cli/run.js";
import { tempDir } from "../helpers/tmp.js";

const dir = () => tempDir("agentport-hostile-");
const EXAMPLE = readFileSync("examples/support-bundle.caplo.json", "utf8");

function refusedFile(name: string, content: string | Buffer, located = true, extra: string[] = []) {
  const d = dir();
  const input = join(d, name);
  writeFileSync(input, content);
  const out = join(d, "out");
  mkdirSync(out);
  const r = runBin(["convert", input, "--to", "agentmug", "-o", out + "/", ...extra]);
  expectRefused(r, out, expect, located);
  return r;
}

const bomb = `apiVersion: mas/v1
kind: Agent
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
`;

describe("hostile documents are refused", () => {
  it("YAML alias bomb (billion laughs)", () => {
    const r = refusedFile("bomb.yaml", bomb);
    expect(r.stderr).toMatch(/invalid-syntax/);
    expect(r.ms).toBeLessThan(10_000);
  });
  it("100,000-deep nested array in JSON", () => {
    const r = refusedFile("deep.json", "[".repeat(100_000) + "]".repeat(100_000));
    expect(r.stderr).toMatch(/invalid-syntax .*nest/);
  });
  it("100,000-deep nested array in YAML", () => {
    refusedFile("deep.yaml", "apiVersion: mas/v1\nkind: Agent\nx: " + "[".repeat(100_000) + "]".repeat(100_000) + "\n");
  });
  it("a 100 MB file is refused by --max-bytes (default 10 MB) before parsing", () => {
    const d = dir();
    const input = join(d, "huge.json");
    const fd = openSync(input, "w");
    ftruncateSync(fd, 100 * 1024 * 1024);
    closeSync(fd);
    const r = runBin(["convert", input, "--to", "caplo"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/error input-too-large/);
    expect(r.ms).toBeLessThan(5_000);
  });
  it("duplicate keys, in JSON and in YAML, with the line of the duplicate", () => {
    let r = refusedFile("dup.json", '{\n  "apiVersion": "v2",\n  "kind": "Agent",\n  "kind": "Agent"\n}\n');
    expect(r.stderr).toMatch(/dup\.json:4:\d+ error invalid-syntax .*"kind" is already a key of this mapping/);
    r = refusedFile("dup.yaml", "apiVersion: mas/v1\nkind: Agent\nkind: Agent\n");
    expect(r.stderr).toMatch(/dup\.yaml:3:\d+ error invalid-syntax .*"kind" is already a key of this mapping/);
  });
  it("binary garbage", () => {
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
    refusedFile("garbage.bin", bytes);
  });
  it("an empty file", () => {
    refusedFile("empty.json", "");
  });
  it("truncated JSON and truncated YAML", () => {
    refusedFile("trunc.json", EXAMPLE.slice(0, 400));
    refusedFile("trunc.yaml", "apiVersion: mas/v1\nkind: Agent\nmetadata:\n  name: x\nspec:\n  context: {role: \"unterminated\n");
  });
  it("documents of another kind: OpenAPI, mas kind: Tool", () => {
    let r = refusedFile("openapi.yaml", "openapi: 3.1.0\ninfo:\n  title: Pets\n  version: 1.0.0\npaths: {}\n");
    expect(r.stderr).toMatch(/unknown-format/);
    r = refusedFile("calc.tool.yaml", "apiVersion: mas/v1\nkind: Tool\nmetadata:\n  name: calc\nspec:\n  description: adds\n");
    expect(r.stderr).toMatch(/unsupported-document/);
  });
  it("a valid-looking document of the wrong apiVersion", () => {
    const v3 = EXAMPLE.replace('"apiVersion": "v2"', '"apiVersion": "v3"');
    const r = refusedFile("v3.json", v3);
    expect(r.stderr).toMatch(/unsupported-document|invalid-input/);
  });
});

describe("inputs that must convert fine", () => {
  it("a UTF-8 BOM and CRLF line ends", () => {
    const d = dir();
    const input = join(d, "bom-crlf.json");
    writeFileSync(input, "\uFEFF" + EXAMPLE.replace(/\n/g, "\r\n"));
    const out = join(d, "out");
    const r = runBin(["convert", input, "--to", "agentmug", "-o", out + "/"]);
    expect(r.status, r.stderr).toBe(0);
    expect(readdirSync(out).sort()).toEqual(["billing.agent.json", "front-desk.agent.json", "tech.agent.json"]);
    const yamlInput = join(d, "crlf.yaml");
    writeFileSync(yamlInput, "\uFEFFapiVersion: v2\r\nkind: Agent\r\nname: CRLF\r\ninstructions: |\r\n  Line one.\r\n  Line two.\r\ngreeting: Hi\r\nmodel:\r\n  provider: OpenAI\r\n  name: gpt-4.1\r\n");
    const y = runBin(["convert", yamlInput, "--to", "caplo", "--json"]);
    expect(y.status, y.stderr).toBe(0);
    expect(JSON.parse(y.stdout).outputs[0].document.instructions).toBe("Line one.\nLine two.\n");
  });
});

describe("prototype pollution", () => {
  const nasty = (depthKey: string) => ({
    $schema: "https://agentmug.com/schemas/agent.v1.json",
    id: "p", name: "P", description: "d", version: "1.0.0", exportedAt: "2026-01-01T00:00:00Z",
    blueprint: { primaryModel: "gpt-4.1", systemPrompt: "s", tools: [], [depthKey]: { polluted: "yes" } },
    inputs: { accepts: ["text"] },
  });
  it("__proto__, constructor and prototype keys at any depth are plain data and pollute nothing", async () => {
    for (const key of ["__proto__", "constructor", "prototype"]) {
      const text = JSON.stringify(nasty(key)).replace(`"${key}"`, `"${key}"`);
      const topLevel = text.replace('"inputs"', `"${key}": {"polluted": "yes"}, "inputs"`);
      for (const to of ["agentmug", "caplo", "mas"]) {
        for (const t of [text, topLevel, topLevel.replace(/^\{/, "").replace(/\}$/, "").replace(/^/, "{")]) {
          convert(t, to);
          await cli(["convert", "-", "--to", to, "--json"], t);
        }
      }
      const yaml = `${key}:\n  polluted: yes\napiVersion: mas/v1\nkind: Agent\nmetadata:\n  name: a\n  ${key}: {polluted: yes}\nspec:\n  description: d\n  context:\n    ${key}: hello\n`;
      convert(yaml, "caplo");
      convert(yaml, "mas");
    }
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, "polluted")).toBe(false);
    expect(typeof ({} as { constructor: unknown }).constructor).toBe("function");
  });
  it("an AgentMug unknown member named __proto__ is carried as data across AgentMug → AgentMug", () => {
    const text = JSON.stringify(nasty("x-keep")).replace('"inputs"', '"__proto__": {"polluted": "yes"}, "inputs"');
    const r = convert(text, "agentmug");
    expect(r.ok).toBe(true);
    const doc = r.outputs[0]!.document as Record<string, unknown>;
    expect(Object.prototype.hasOwnProperty.call(doc, "__proto__")).toBe(true);
    expect(r.outputs[0]!.text).toMatch(/"__proto__": \{/);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });
});

describe("references that escape the manifest's folder", () => {
  const manifest = (chunk: string) => `apiVersion: mas/v1\nkind: Agent\nmetadata:\n  name: escaper\nspec:\n  description: Tries to read outside its folder.\n  context:\n    role: ${chunk}\n`;
  function refused(chunk: string, setup?: (d: string) => void, code = /ref-outside-root|ref-not-found/) {
    const d = dir();
    const app = join(d, "app");
    mkdirSync(app);
    setup?.(app);
    writeFileSync(join(app, "agent.yaml"), manifest(chunk));
    const out = join(d, "out");
    mkdirSync(out);
    const r = runBin(["convert", join(app, "agent.yaml"), "--to", "caplo", "-o", out + "/"]);
    expectRefused(r, out, expect);
    expect(r.stderr).toMatch(code);
    expect(r.stderr).toMatch(/agent\.yaml:8:\d+ error/);
    expect(r.stderr).not.toMatch(/root:x:0:0/);
    return r;
  }
  it("../../etc/passwd", () => void refused("{ref: ../../../../../../etc/passwd}", undefined, /ref-outside-root/));
  it("an absolute path", () => void refused("{ref: /etc/passwd}", undefined, /ref-outside-root/));
  it("a ./ path that escapes through ..", () => void refused("./../../../../../etc/passwd", undefined, /ref-outside-root/));
  it("a symlink inside the folder pointing out", () => void refused("{ref: prompts/role.md}", (app) => {
    mkdirSync(join(app, "prompts"));
    symlinkSync("/etc/passwd", join(app, "prompts", "role.md"));
  }, /ref-outside-root/));
  it("a reference to a directory", () => void refused("{ref: prompts}", (app) => mkdirSync(join(app, "prompts")), /ref-not-found/));
  it("a reference to a FIFO (would block a naive reader)", () => void refused("{ref: pipe.md}", (app) => execFileSync("mkfifo", [join(app, "pipe.md")]), /ref-not-found/));
  it("--allow-outside-refs lets a user opt in", () => {
    const d = dir();
    mkdirSync(join(d, "app"));
    writeFileSync(join(d, "shared.md"), "Shared role text.");
    writeFileSync(join(d, "app", "agent.yaml"), manifest("{ref: ../shared.md}"));
    const r = runBin(["convert", join(d, "app", "agent.yaml"), "--to", "caplo", "--allow-outside-refs", "--json"]);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).outputs[0].document.instructions).toMatch(/Shared role text\./);
  });
});

describe("never a stack trace", () => {
  it("an unexpected internal error prints one line and exits 3; --debug adds the trace", async () => {
    let stderr = "";
    const io = { out: () => { throw new Error("EPIPE: broken pipe, write"); }, err: (t: string) => void (stderr += t), readStdin: () => "" };
    expect(await runCli(["formats"], io)).toBe(3);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/^agentport: internal error: EPIPE: broken pipe, write — please report it \(run with --debug for the trace\)$/m);
    stderr = "";
    expect(await runCli(["formats", "--debug"], io)).toBe(3);
    expect(stderr).toMatch(/\n\s+at /);
  });
  it("nothing is written when a batch input fails", () => {
    const d = dir();
    writeFileSync(join(d, "bad.json"), "{");
    const out = join(d, "out");
    const r = runBin(["convert", join(d, "bad.json"), "--to", "caplo", "-o", join(out, "x.json")]);
    expect(r.status).toBe(2);
    expect(existsSync(out)).toBe(false);
  });
});
