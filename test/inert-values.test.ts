// Inert values (user trial R4): a value a coverage entry declares inert (`inert`: the source
// format's own default, which every target behaves as) is no behaviour change when it is lost;
// any other value at the same place still is. The declarations live in each adapter's
// coverage.ts, the judgement in the hub (src/ir/effects.ts), the choice in docs/decisions.md.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { convert, type Diagnostic } from "../src/index.js";
import { convertManyRead } from "../src/convert.js";
import { inputFigures } from "../src/cli/fidelity-summary.js";
import { inertValuesOf, parseDeclarationOf, effectOfDeclaration } from "../src/ir/coverage.js";
import { EffectIndex, resolveEffects } from "../src/ir/effects.js";
import { diagnostic } from "../src/ir/diagnostics.js";
import { schemaEffectTable } from "../src/ir/schema-effects.js";
import type { JsonValue } from "../src/ir/json.js";
import { get } from "../src/ir/pointer.js";
import { parseText } from "../src/text/parse.js";
import { makeReadFile } from "../src/node/refs.js";
import { COVERAGES } from "./helpers/coverages.js";
import { FORMAT_IDS, GOLDEN_ROOT } from "./helpers/cases.js";

const FILE = "input.agent.json";
const MINIMAL = JSON.parse(readFileSync(join(GOLDEN_ROOT, "agentmug-legacy-minimal", FILE), "utf8")) as Record<string, JsonValue>;
const withInputs = (inputs: JsonValue): string => JSON.stringify({ ...MINIMAL, inputs }, null, 2);
const at = (ds: readonly Diagnostic[], pointer: string) => ds.filter((d) => d.source?.pointer === pointer);
const agentmug = COVERAGES.find((c) => c.format === "agentmug")!;

describe("AgentMug inputs: text only is AgentMug's own default", () => {
  it("is the value AgentMug's emitter fills in when the agent states none", () => {
    // AgentMug requires inputs: an agent of another format states none.
    const caplo = readFileSync(join(GOLDEN_ROOT, "caplo-minimal", "input.caplo.json"), "utf8");
    const out = convert(caplo, "agentmug").outputs[0]!.document as Record<string, JsonValue>;
    expect(inertValuesOf(agentmug).get("/inputs")).toEqual([out["inputs"]]);
  });

  it("lost into every other format, is a representation note (dropped or stashed)", () => {
    for (const to of FORMAT_IDS.filter((f) => f !== "agentmug")) {
      const ds = at(convert(withInputs({ accepts: ["text"] }), to, { file: FILE }).diagnostics, "/inputs");
      expect(ds.length, to).toBe(1);
      expect([ds[0]!.code, ds[0]!.severity, ds[0]!.effect], to).toEqual([to === "caplo" ? "dropped-field" : "stashed-value", "info", "representation"]);
    }
  });

  it("beside a placeholder (the input box's hint text, which the model never sees: inertBeside) it is still a note", () => {
    // The user trial's finding: every AgentMug example of the corpus says `accepts: [text]` with a placeholder.
    for (const to of FORMAT_IDS.filter((f) => f !== "agentmug")) {
      const ds = at(convert(withInputs({ accepts: ["text"], placeholder: "Paste the update" }), to, { file: FILE }).diagnostics, "/inputs");
      expect(ds.map((d) => [d.severity, d.effect]), to).toEqual([["info", "representation"]]);
    }
  });

  it("any other contract stays a behaviour warning: a second modality, another one, a member more, with a placeholder or not", () => {
    const contracts: JsonValue[] = [{ accepts: ["text", "image"] }, { accepts: ["image"] }, { accepts: ["text"], schema: { type: "object" } }, { accepts: ["text", "audio"], placeholder: "Say it" }];
    for (const inputs of contracts) {
      for (const to of ["caplo", "mas"]) {
        const ds = at(convert(withInputs(inputs), to, { file: FILE }).diagnostics, "/inputs");
        expect(ds.map((d) => [d.severity, d.effect]), `${JSON.stringify(inputs)} → ${to}`).toEqual([["warning", "behaviour"]]);
      }
    }
  });

  it("is counted by the honesty summary as a behaviour-bearing value kept; the same value otherwise changed", () => {
    const figures = (inputs: JsonValue) => {
      const r = convertManyRead([{ text: withInputs(inputs), file: FILE }], "caplo");
      return inputFigures(r.read[0]!.data, r.diagnostics, FILE, r.read[0]!.agents).behaviour;
    };
    const inert = figures({ accepts: ["text"] });
    const image = figures({ accepts: ["image"] });
    // The same number of behaviour-bearing values: only whether /inputs/accepts/0 was kept differs.
    expect(inert.values).toBe(image.values);
    expect(image.changed - inert.changed).toBe(1);
    expect(inert.changed).toBe(0);
  });

  it("--strict does not fail on it, and does on a contract the target loses", () => {
    // Into Agent Spec the minimal agent has no other behaviour change.
    expect(convert(withInputs({ accepts: ["text"] }), "agentspec", { file: FILE, strict: true }).ok).toBe(true);
    expect(convert(withInputs({ accepts: ["text", "audio"] }), "agentspec", { file: FILE, strict: true }).ok).toBe(false);
  });
});

describe("AgentMug outputs {shape: text} and triggers [{type: manual}]: what every target's agent does", () => {
  const withMember = (key: string, value: JsonValue): string => JSON.stringify({ ...MINIMAL, [key]: value }, null, 2);
  const judged = (key: string, value: JsonValue, to: string) => at(convert(withMember(key, value), to, { file: FILE }).diagnostics, `/${key}`).map((d) => [d.severity, d.effect]);

  it("a text reply, with the description the user sees beside it (inertBeside), lost into every format, is a note", () => {
    // hello.agent and web-research/researcher.agent of the corpus say exactly this.
    for (const outputs of [{ shape: "text" }, { shape: "text", description: "A short friendly reply." }] as JsonValue[]) {
      for (const to of FORMAT_IDS.filter((f) => f !== "agentmug")) {
        const got = judged("outputs", outputs, to);
        // Open Agent Spec may carry outputs itself: then nothing is lost, and nothing is said.
        if (got.length) expect(got, `${JSON.stringify(outputs)} → ${to}`).toEqual([["info", "representation"]]);
      }
      expect(judged("outputs", outputs, "caplo")).toEqual([["info", "representation"]]);
    }
  });

  it("a silent agent, a JSON reply or a text reply with a schema stays a behaviour warning", () => {
    for (const outputs of [{ shape: "void" }, { shape: "json" }, { shape: "text", schema: { type: "object" } }] as JsonValue[]) {
      for (const to of ["caplo", "mas"]) expect(judged("outputs", outputs, to), `${JSON.stringify(outputs)} → ${to}`).toEqual([["warning", "behaviour"]]);
    }
  });

  it("started only by whoever calls it is a note; a schedule, a webhook or an API entry beside it is a warning", () => {
    for (const to of FORMAT_IDS.filter((f) => f !== "agentmug")) expect(judged("triggers", [{ type: "manual" }], to), to).toEqual([["info", "representation"]]);
    const others: JsonValue[] = [[{ type: "manual" }, { type: "webhook", path: "/in" }], [{ type: "schedule", cron: "0 6 * * 1" }], [{ type: "manual", label: "Run now" }]];
    for (const triggers of others) {
      for (const to of ["caplo", "mas"]) expect(judged("triggers", triggers, to), `${JSON.stringify(triggers)} → ${to}`).toEqual([["warning", "behaviour"]]);
    }
  });
});

describe("the hub's judgement (resolveEffects)", () => {
  const index = new EffectIndex(COVERAGES);
  const agents = [{ file: FILE, pointer: "", format: "agentmug" }];
  const data: Record<string, JsonValue> = { inputs: { accepts: ["text"] } };
  const valueAt = (file: string | undefined, pointer: string) => (file === FILE ? (get(data, pointer) as JsonValue | undefined) : undefined);
  const lost = (code: "dropped-field" | "clamped-value", pointer: string) => diagnostic(code, code === "dropped-field" ? { value: "inputs", target: "Caplo v2" } : { value: "inputs", was: 1, reason: "r", now: 2 }, { source: { file: FILE, pointer } });
  const effects = (ds: readonly Diagnostic[], withValues = true) => resolveEffects(ds, COVERAGES, agents, index, withValues ? valueAt : undefined).map((d) => d.effect);

  it("judges the value at the diagnostic's own place, and only a loss of it", () => {
    expect(effects([lost("dropped-field", "/inputs")])).toEqual(["representation"]);
    // A loss deeper under a "p/**" entry is not p's value: it stays behaviour (here ["text"] ≠ { accepts: ["text"] }).
    expect(effects([lost("dropped-field", "/inputs/accepts")])).toEqual(["behaviour"]);
    // A value changed into another is not the default any more.
    expect(effects([lost("clamped-value", "/inputs")])).toEqual(["behaviour"]);
    // Without the source's values nothing is inert.
    expect(effects([lost("dropped-field", "/inputs")], false)).toEqual(["behaviour"]);
  });

  it("is idempotent", () => {
    const once = resolveEffects([lost("dropped-field", "/inputs")], COVERAGES, agents, index, valueAt);
    expect(resolveEffects(once, COVERAGES, agents, index, valueAt)).toEqual(once);
  });
});

describe("every inert declaration", () => {
  it("sits on a behaviour path of its format's schema, with at least one value", () => {
    let seen = 0;
    for (const cov of COVERAGES) {
      const paths = new Set(schemaEffectTable(cov).rows.map(([p]) => p));
      for (const [path, values] of inertValuesOf(cov)) {
        seen++;
        expect(paths.has(path), `${cov.format} ${path}: no such schema path`).toBe(true);
        expect(values.length, `${cov.format} ${path}`).toBeGreaterThan(0);
        const found = parseDeclarationOf(cov, path)!;
        expect(effectOfDeclaration(cov, found.key), `${cov.format} ${path}: inert on a metadata path says nothing`).toBe("behaviour");
      }
    }
    expect(seen).toBeGreaterThanOrEqual(7);
  });
});

describe("the other formats' defaults", () => {
  const golden = (c: string, f: string) => readFileSync(join(GOLDEN_ROOT, c, f), "utf8");

  it("Caplo routing { mode: model } (its schema: 'omitted means model') is a note; fast stays a warning", () => {
    const text = golden("caplo-yaml-research", "input.caplo.yaml");
    expect(at(convert(text, "mas", { file: "input.caplo.yaml" }).diagnostics, "/routing").map((d) => [d.severity, d.effect])).toEqual([["info", "representation"]]);
    const fast = text.replace(/routing:\n(\s+)mode: model/, "routing:\n$1mode: fast");
    expect(fast).not.toBe(text);
    expect(at(convert(fast, "mas", { file: "input.caplo.yaml", lenient: true }).diagnostics, "/routing").map((d) => d.severity)).toEqual(["warning"]);
  });

  it("mas models[].id main and tools[].enabled true are notes; another id or enabled: false stays a warning", () => {
    const text = golden("mas-tool-forms", "input.yaml");
    const run = (t: string) => convert(t, "caplo", { file: "input.yaml", readFile: makeReadFile(join(GOLDEN_ROOT, "mas-tool-forms")) }).diagnostics;
    expect(at(run(text), "/spec/tools/4/enabled").map((d) => d.severity)).toEqual(["info"]);
    const off = text.replace("name: request_human_input\n      enabled: true", "name: request_human_input\n      enabled: false");
    expect(off).not.toBe(text);
    expect(at(run(off), "/spec/tools/4/enabled").map((d) => d.severity)).toEqual(["warning"]);
    const models = golden("mas-two-models", "input.yaml");
    expect(at(convert(models, "caplo", { file: "input.yaml" }).diagnostics, "/spec/models/0/id").map((d) => d.severity)).toEqual(["info"]);
  });

  it("a mas primary model row's id is judged alike in every target: main a note, another role (fast) a behaviour warning", () => {
    // Was (user trial, session 8): id fast an info transformed-value into Caplo ("the role is implied"), an info
    // into AgentMug ("its role is dropped"), a warning into Agent Spec. The primary row is the agent's model,
    // whatever its id: the id stays mas's own value, whose declared effect (behaviour, inert at main) judges its loss.
    const agent = (id: string) => ["apiVersion: mas/v1", "kind: Agent", "metadata:", "  name: roles", "spec:", "  description: Helps.",
      "  models:", `    - id: ${id}`, "      model: openai/gpt-4o-mini", "      temperature: 0.7", "  context:", "    role: You help.", ""].join("\n");
    const others = FORMAT_IDS.filter((f) => f !== "mas");
    expect(others.length).toBe(3);
    for (const [id, severity, effect] of [["main", "info", "representation"], ["fast", "warning", "behaviour"]] as const) {
      for (const to of others) {
        const r = convert(agent(id), to, { file: "roles.yaml" });
        expect(r.ok, to).toBe(true);
        expect(at(r.diagnostics, "/spec/models/0/id").map((d) => [to, d.severity, d.effect]), `${id} into ${to}`).toEqual([[to, severity, effect]]);
        // Nothing else speaks of the row's role: one finding, at the id.
        expect(at(r.diagnostics, "/spec/models/0").filter((d) => /role/.test(d.message)), `${id} into ${to}`).toEqual([]);
      }
      // Into mas it is written as it was; through a format with a slot it comes back.
      expect(convert(agent(id), "mas", { file: "roles.yaml" }).outputs[0]!.text).toContain(`- id: ${id}\n`);
      const there = convert(agent(id), "agentmug", { file: "roles.yaml" }).outputs[0]!.text;
      expect(convert(there, "mas", { file: "roles.agent.json" }).outputs[0]!.text).toContain(`- id: ${id}\n`);
    }
  });

  it("Agent Spec api_spec_uri null is a note; a URI stays a warning", () => {
    const text = golden("agentspec-remote-tools", "input.yaml");
    const ds = convert(text, "caplo", { file: "input.yaml" }).diagnostics.filter((d) => /^\/tools\/\d+\/api_spec_uri$/.test(d.source?.pointer ?? ""));
    expect(ds.length).toBeGreaterThan(0);
    for (const d of ds) expect(d.severity).toBe("info");
    const data = parseText(text).data as { tools: Record<string, JsonValue>[] };
    expect(data.tools[0]!["api_spec_uri"]).toBeNull();
    data.tools[0]!["api_spec_uri"] = "https://pager.example.com/openapi.json";
    expect(at(convert(JSON.stringify(data), "caplo", { file: "input.json" }).diagnostics, "/tools/0/api_spec_uri").map((d) => d.severity)).toEqual(["warning"]);
  });
});
