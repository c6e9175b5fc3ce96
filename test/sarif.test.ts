// --format sarif: one SARIF 2.1.0 log, valid against the official (draft-04) schema,
// with the catalog as rules and every diagnostic as a located result.
import { describe, expect, it } from "vitest";
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import AjvDraft04 from "ajv-draft-04";
import ajvFormats from "ajv-formats";
import { cli, cliTemp, EXAMPLE_BUNDLE as BUNDLE } from "./helpers/cli.js";
import { DIAGNOSTIC_CODES, worstSeverity, type Diagnostic } from "../src/ir/diagnostics.js";
import { fileUri } from "../src/cli/sarif.js";
import { RULE_HELP } from "../src/cli/sarif-rules.generated.js";
// @ts-expect-error: a plain .mjs build script, no declarations
import { renderRules, rulesFromDocs } from "../scripts/gen-sarif-rules.mjs";

const SCHEMA = JSON.parse(readFileSync("schemas/sarif/sarif-schema-2.1.0.json", "utf8")) as Record<string, unknown>;
// CommonJS packages: under NodeNext the class and the plugin are their `default` members.
const ajv = new AjvDraft04.default({ strict: false, allErrors: true });
ajvFormats.default(ajv);
const validateSarif = ajv.compile(SCHEMA);
const tmp = cliTemp("sarif");

interface Log {
  $schema: string;
  version: string;
  runs: { tool: { driver: { name: string; rules: { id: string; shortDescription: { text: string }; fullDescription: { text: string }; help: { text: string; markdown: string }; defaultConfiguration: { level: string } }[] } }; results: Result[] }[];
}
interface Result {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations?: { physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number; startColumn: number } } }[];
  baselineState?: string;
  properties: { effect: string; pointer?: string; target?: { format: string; file?: string } };
}

function valid(text: string): Log {
  const log = JSON.parse(text) as Log;
  const ok = validateSarif(log);
  expect(ok, JSON.stringify(validateSarif.errors?.slice(0, 5), null, 2)).toBe(true);
  return log;
}

const LEVEL: Record<string, string> = { error: "error", warning: "warning", info: "note" };

describe("--format sarif", () => {
  it("the vendored schema is the official one, byte for byte", () => {
    // The official file's SHA-256 (../shared/schemas/sarif, from the OASIS repository): a clone without ../shared checks the same.
    expect(createHash("sha256").update(readFileSync("schemas/sarif/sarif-schema-2.1.0.json")).digest("hex")).toBe("c3b4bb2d6093897483348925aaa73af03b3e3f4bd4ca38cef26dcb4212a2682e");
    if (existsSync("../shared/schemas/sarif/sarif-schema-2.1.0.json")) expect(readFileSync("schemas/sarif/sarif-schema-2.1.0.json", "utf8")).toBe(readFileSync("../shared/schemas/sarif/sarif-schema-2.1.0.json", "utf8"));
    expect(SCHEMA["$schema"]).toBe("http://json-schema.org/draft-04/schema#");
    // the validator judges: a level SARIF does not know, a line 0, a missing message all fail
    const run = (result: Record<string, unknown>) => ({ version: "2.1.0", runs: [{ tool: { driver: { name: "x" } }, results: [result] }] });
    expect(validateSarif(run({ message: { text: "m" }, level: "note" }))).toBe(true);
    expect(validateSarif(run({ message: { text: "m" }, level: "info" }))).toBe(false);
    expect(validateSarif(run({ message: { text: "m" }, locations: [{ physicalLocation: { artifactLocation: { uri: "a" }, region: { startLine: 0 } } }] }))).toBe(false);
    expect(validateSarif(run({ level: "note" }))).toBe(false);
  });

  it("a conversion's log validates; rules are the catalog, results are the --json diagnostics, located at line:column", async () => {
    const out = tmp();
    const r = await cli(["convert", BUNDLE, "--to", "agentmug", "-o", out + "/", "--no-stash", "--format", "sarif"]);
    expect(r.code).toBe(0);
    expect(existsSync(join(out, "front-desk.agent.json"))).toBe(true);
    const log = valid(r.stdout);
    const json = await cli(["convert", BUNDLE, "--to", "agentmug", "--no-stash", "--json"]);
    const diagnostics = JSON.parse(json.stdout).diagnostics as Diagnostic[];
    expect(log.version).toBe("2.1.0");
    const run = log.runs[0]!;
    expect(run.tool.driver.name).toBe("agentport");
    const codes = Object.keys(DIAGNOSTIC_CODES);
    expect(run.tool.driver.rules.map((x) => x.id)).toEqual(codes);
    expect(run.results).toHaveLength(diagnostics.length);
    expect(diagnostics.some((d) => d.severity === "warning") && diagnostics.some((d) => d.severity === "info")).toBe(true);
    run.results.forEach((res, i) => {
      const d = diagnostics[i]!;
      expect(res.ruleId).toBe(d.code);
      expect(run.tool.driver.rules[res.ruleIndex]!.id).toBe(d.code);
      expect(res.level).toBe(LEVEL[d.severity]);
      expect(res.message.text.startsWith(d.message)).toBe(true);
      expect(res.properties.effect).toMatch(/^(behaviour|metadata|representation)$/);
      expect(res.properties.target).toEqual(d.target);
      expect(res.properties.pointer).toBe(d.source?.pointer);
      const loc = res.locations![0]!.physicalLocation;
      expect(loc.artifactLocation.uri).toBe(BUNDLE);
      expect(loc.region).toEqual({ startLine: d.source!.line, startColumn: d.source!.column });
    });
    // nothing but the log on stdout: the text report is not printed
    expect(r.stderr).toBe("");
  });

  it("each rule's description and help come from docs/diagnostics.md, and the generated table is not stale", async () => {
    const docs = readFileSync("docs/diagnostics.md", "utf8");
    expect(readFileSync("src/cli/sarif-rules.generated.ts", "utf8"), "docs/diagnostics.md changed since the last build: run `npm run build`").toBe(renderRules(docs));
    const meaning = rulesFromDocs(docs) as Record<string, string>;
    expect(Object.keys(meaning).sort()).toEqual(Object.keys(DIAGNOSTIC_CODES).sort());
    const log = valid((await cli(["convert", BUNDLE, "--to", "caplo", "--format", "sarif"])).stdout);
    for (const rule of log.runs[0]!.tool.driver.rules) {
      const entry = DIAGNOSTIC_CODES[rule.id as keyof typeof DIAGNOSTIC_CODES];
      expect(rule.shortDescription.text).toBe(entry.summary);
      expect(rule.help.markdown.startsWith(RULE_HELP[rule.id]!)).toBe(true);
      expect(rule.fullDescription.text).toBe(meaning[rule.id]!.replace(/`([^`]*)`/g, "$1").replace(/\*\*([^*]*)\*\*/g, "$1"));
      expect(rule.defaultConfiguration.level).toBe(LEVEL[worstSeverity(rule.id as keyof typeof DIAGNOSTIC_CODES)]);
    }
  });

  it("bad input and usage errors are a valid log too (exit 2), with nothing else on stdout", async () => {
    const d = tmp();
    const bad = join(d, "bad.caplo.json");
    const text = JSON.stringify({ apiVersion: "v2", kind: "Agent", key: "a", name: "A", instructions: "x", model: { name: "m", temperature: 9 } }, null, 2);
    writeFileSync(bad, text);
    const lines = text.split("\n");
    const line = lines.findIndex((l) => l.includes('"temperature"'));
    const r = await cli(["convert", bad, "--to", "agentmug", "--format", "sarif"]);
    expect(r.code).toBe(2);
    const log = valid(r.stdout);
    const res = log.runs[0]!.results;
    expect(res.length).toBeGreaterThan(0);
    expect(res.every((x) => x.level === "error")).toBe(true);
    expect(res.find((x) => x.message.text.includes("<= 1"))!.locations![0]!.physicalLocation.region).toEqual({ startLine: line + 1, startColumn: lines[line]!.indexOf('"temperature"') + 1 });
    const usage = await cli(["convert", BUNDLE, "--to", "agentmug", "--format", "sarif", "--error", "no-such-code"]);
    expect(usage.code).toBe(2);
    const u = valid(usage.stdout).runs[0]!.results;
    expect(u.map((x) => x.ruleId)).toEqual(["usage-error"]);
    expect(u[0]!.locations).toBeUndefined();
    // an unknown option (the yargs path) too
    const typo = await cli(["convert", BUNDLE, "--to", "agentmug", "--format", "sarif", "--frobnicate"]);
    expect(typo.code).toBe(2);
    expect(valid(typo.stdout).runs[0]!.results.map((x) => x.ruleId)).toEqual(["usage-error"]);
  });

  it("with a baseline, each result says whether it is new", async () => {
    const d = tmp();
    const input = join(d, "bundle.caplo.json");
    const doc = JSON.parse(readFileSync(BUNDLE, "utf8"));
    writeFileSync(input, JSON.stringify(doc, null, 2));
    const baseline = join(d, "baseline.json");
    expect((await cli(["convert", input, "--to", "agentmug", "-o", join(d, "a") + "/", "--no-stash", "--baseline", baseline])).code).toBe(0);
    const same = valid((await cli(["convert", input, "--to", "agentmug", "-o", join(d, "b") + "/", "--no-stash", "--baseline", baseline, "--format", "sarif"])).stdout);
    expect(new Set(same.runs[0]!.results.map((x) => x.baselineState))).toEqual(new Set(["unchanged"]));
    doc.agents[2].model.temperature = 0.3;
    writeFileSync(input, JSON.stringify(doc, null, 2));
    const changed = valid((await cli(["convert", input, "--to", "agentmug", "-o", join(d, "c") + "/", "--no-stash", "--baseline", baseline, "--format", "sarif"])).stdout);
    const fresh = changed.runs[0]!.results.filter((x) => x.baselineState === "new");
    expect(fresh.map((x) => [x.ruleId, x.properties.pointer])).toEqual([["dropped-field", "/agents/2/model/temperature"]]);
  });

  it("a file named by an absolute path inside the working folder is located and fingerprinted as when named relatively (user trial 17 T8)", async () => {
    const relative = valid((await cli(["convert", BUNDLE, "--to", "agentmug", "-o", tmp() + "/", "--format", "sarif"])).stdout).runs[0]!.results;
    const absolute = valid((await cli(["convert", join(process.cwd(), BUNDLE), "--to", "agentmug", "-o", tmp() + "/", "--format", "sarif"])).stdout).runs[0]!.results;
    const dotted = valid((await cli(["convert", "./" + BUNDLE, "--to", "agentmug", "-o", tmp() + "/", "--format", "sarif"])).stdout).runs[0]!.results;
    expect(relative.length).toBeGreaterThan(0);
    const where = (rs: Result[]) => rs.map((x) => [x.locations?.[0]?.physicalLocation.artifactLocation, (x as unknown as { partialFingerprints: Record<string, string> }).partialFingerprints]);
    expect(where(relative)[0]![0]).toEqual({ uri: BUNDLE, uriBaseId: "%SRCROOT%" });
    expect(where(absolute)).toEqual(where(relative));
    expect(where(dotted)).toEqual(where(relative));
    expect(JSON.stringify(where(absolute))).not.toContain(process.cwd());
  });

  it("file names become URI references, relative to the working folder when inside it", () => {
    expect(fileUri("/work/app/sub/x.yaml", "/work/app")).toEqual({ uri: "sub/x.yaml", uriBaseId: "%SRCROOT%" });
    expect(fileUri("/work/other/x.yaml", "/work/app")).toEqual({ uri: "file:///work/other/x.yaml" });
    expect(fileUri("../x.yaml", "/work/app")).toEqual({ uri: "../x.yaml", uriBaseId: "%SRCROOT%" });
  });

  it("file names become URI references", () => {
    expect(fileUri("dir with space/a#b.json")).toEqual({ uri: "dir%20with%20space/a%23b.json", uriBaseId: "%SRCROOT%" });
    expect(fileUri("/abs/x.yaml")).toEqual({ uri: "file:///abs/x.yaml" });
    expect(fileUri("C:\\m\\x.yaml")).toEqual({ uri: "file:///C:/m/x.yaml" });
  });
});

describe("--format sarif with --verify-roundtrip (verify trial 18)", () => {
  type Notified = { runs: { invocations?: { executionSuccessful: boolean; toolExecutionNotifications?: { level: string; message: { text: string }; locations?: unknown[] }[] }[] }[] };
  const INPUT = "golden/agentmug-legacy-minimal/input.agent.json";
  it("a round trip that loses is a tool notification, an error under --strict (its exit 1 says why in the log)", async () => {
    const r = await cli(["convert", INPUT, "--to", "caplo", "--strict", "--verify-roundtrip", "--format", "sarif", "-o", tmp() + "/"]);
    expect(r.code).toBe(1);
    const log = valid(r.stdout) as unknown as Notified;
    const notes = log.runs[0]!.invocations?.[0]?.toolExecutionNotifications ?? [];
    expect(notes.length).toBeGreaterThan(0);
    expect(notes[0]!.level).toBe("error");
    expect(notes[0]!.message.text).toMatch(/round trip: \d+ differences?/);
    expect(notes[0]!.locations?.length).toBe(1);
  });
  it("without --strict a warning; a lossless round trip, and a run without it, have no invocation note", async () => {
    const lossy = valid((await cli(["convert", INPUT, "--to", "caplo", "--verify-roundtrip", "--format", "sarif", "-o", tmp() + "/"])).stdout) as unknown as Notified;
    expect(lossy.runs[0]!.invocations?.[0]?.toolExecutionNotifications?.[0]?.level).toBe("warning");
    const lossless = valid((await cli(["convert", "golden/caplo-minimal/input.caplo.json", "--to", "mas", "--verify-roundtrip", "--format", "sarif", "-o", tmp() + "/"])).stdout) as unknown as Notified;
    expect(lossless.runs[0]!.invocations).toBeUndefined();
  });
  it("a folder run says each lossy file's round trip too", async () => {
    const r = await cli(["convert", "golden/agentmug-legacy-minimal/", "--to", "caplo", "--verify-roundtrip", "--format", "sarif", "-o", tmp() + "/"]);
    const log = valid(r.stdout) as unknown as Notified;
    expect((log.runs[0]!.invocations?.[0]?.toolExecutionNotifications ?? []).some((n) => /round trip/.test(n.message.text))).toBe(true);
  });
});
