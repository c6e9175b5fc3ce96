// "Messages are true" (issue 10, scope 2): never "dropped" for a value that was used, and one
// renderer for what became of a value (src/ir/diagnostics.ts renderMessage). Each case is one of
// the issue's or the session notes' examples, converted as a user would.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { convert, convertMany, type Diagnostic } from "../src/index.js";
import { makeReadFile } from "../src/node/refs.js";
import { DIAGNOSTIC_CODES, renderMessage, type CatalogEntry, type DiagnosticCode } from "../src/ir/diagnostics.js";
import { FORMAT_IDS, GOLDEN_ROOT, PROJECT_ROOT, loadCases } from "./helpers/cases.js";

const at = (ds: readonly Diagnostic[], pointer: string, file?: string) => ds.filter((d) => d.source?.pointer === pointer && (file === undefined || d.source.file === file));
const fixture = (...p: string[]) => join(PROJECT_ROOT, "test/fixtures", ...p);

describe("one renderer for what became of a value", () => {
  it("ends a loss with '; dropped', a stashed loss with the stash's words, and nothing else", () => {
    const greeting = { value: "greeting", target: "mas/v1" };
    const clamp = { value: "temperature", was: 3, reason: "is outside mas/v1's range 0..2", now: 2 };
    expect(renderMessage("dropped-field", greeting)).toBe("greeting has no counterpart in mas/v1; dropped");
    expect(renderMessage("stashed-value", { kept: { code: "dropped-field", payload: greeting } })).toBe("greeting has no counterpart in mas/v1; kept in x-agentport for the way back");
    expect(renderMessage("clamped-value", clamp)).toBe("temperature 3 is outside mas/v1's range 0..2; set to 2");
    expect(renderMessage("stashed-value", { kept: { code: "clamped-value", payload: clamp } })).toBe("temperature 3 is outside mas/v1's range 0..2; set to 2; the original is kept in x-agentport for the way back");
    expect(renderMessage("transformed-value", { value: "instructions", became: "became one text" })).toBe("instructions became one text");
  });

  it("no golden message says a value is both dropped and kept, or says 'dropped' twice", () => {
    let seen = 0;
    for (const c of readdirSync(GOLDEN_ROOT, { withFileTypes: true }).filter((e) => e.isDirectory())) {
      for (const to of FORMAT_IDS) {
        let text: string;
        try {
          text = readFileSync(join(GOLDEN_ROOT, c.name, "expected", to, "diagnostics.json"), "utf8");
        } catch {
          continue;
        }
        for (const d of JSON.parse(text) as Diagnostic[]) {
          seen++;
          const where = `${c.name} → ${to}: ${d.message}`;
          expect(/\bdropped\b.*x-agentport|x-agentport.*\bdropped\b/.test(d.message), where).toBe(false);
          expect((d.message.match(/\bdropped\b/g) ?? []).length, where).toBeLessThanOrEqual(1);
          // A stashed loss says so once, by the renderer; an unstashed loss of a code with an ending ends with it.
          if (d.stashed !== undefined) expect(d.message.endsWith("for the way back"), where).toBe(true);
          const entry: CatalogEntry = DIAGNOSTIC_CODES[d.code as DiagnosticCode];
          if (entry.ending === "dropped" && d.stashed === undefined) expect(d.message.endsWith("; dropped"), where).toBe(true);
        }
      }
    }
    expect(seen).toBeGreaterThan(1000);
  });
});

describe("never 'dropped' for a value that was used", () => {
  it("an AgentMug source whose id became a Caplo knowledge base names only what it loses", () => {
    const file = "input.agent.json";
    const ds = convert(readFileSync(join(GOLDEN_ROOT, "agentmug-sources-evaluation", file), "utf8"), "caplo", { file }).diagnostics;
    for (const p of ["/sources/0", "/sources/1"]) {
      const [d, ...more] = at(ds, p);
      expect(more).toEqual([]);
      expect(d?.message).toMatch(/^sources\[\d\]: its role, kind, .* have no counterpart in Caplo v2; dropped$/);
      // What it still loses (its access, freshness, truth rules) changes what the agent may read: a warning.
      expect(d?.severity).toBe("warning");
    }
    // A source that fed nothing (not knowledge) is lost whole, and says so.
    expect(at(ds, "/sources/2")[0]?.message).toBe("sources[2] has no counterpart in Caplo v2; dropped");
  });

  it("an Agent Spec component_type that chose the provider or the tool kind is a note that says so", () => {
    const file = "howto_swarm.json";
    const swarm = convert(readFileSync(fixture("agentspec", file), "utf8"), "mas", { file }).diagnostics;
    const tools = swarm.filter((d) => /\/tools\/\d+\/component_type$/.test(d.source?.pointer ?? ""));
    const ollama = "input.yaml";
    const llm = at(convert(readFileSync(join(GOLDEN_ROOT, "agentspec-ollama-minimal", ollama), "utf8"), "mas", { file: ollama }).diagnostics, "/llm_config/component_type");
    expect(tools.length).toBeGreaterThan(0);
    expect(llm.length).toBe(1);
    for (const d of [...llm, ...tools]) {
      expect([d.severity, d.effect]).toEqual(["info", "representation"]);
      expect(d.message).toMatch(/was used to choose the (model's provider|tool's kind); the value as written has no counterpart in mas\/v1; kept in x-agentport for the way back$/);
    }
    // A VllmConfig names no provider (the model id does): it says how the model is reached, and its loss stays a warning.
    const vllm = swarm.filter((d) => d.source?.pointer === "/$referenced_components/5fd42c44-d0e7-484c-bf6b-1e9649d42576/component_type");
    expect(vllm.length).toBeGreaterThan(0);
    for (const d of vllm) expect(d.severity).toBe("warning");
  });

  it("a ClientTool or BuiltinTool component_type says who runs the tool: its loss stays a warning", () => {
    const file = "input.json";
    const ds = convert(readFileSync(join(GOLDEN_ROOT, "agentspec-tool-kinds", file), "utf8"), "caplo", { file }).diagnostics;
    const kinds = ds.filter((d) => /^\/tools\/\d+\/component_type$/.test(d.source?.pointer ?? ""));
    expect(kinds.filter((d) => d.severity === "warning").length).toBeGreaterThan(0);
    expect(kinds.filter((d) => d.severity === "info").length).toBeGreaterThan(0);
  });

  it("empty inputs and outputs (pyagentspec writes them always) are notes; a non-empty input contract stays a warning", () => {
    const file = "howto_swarm.json";
    const ds = convert(readFileSync(fixture("agentspec", file), "utf8"), "mas", { file }).diagnostics;
    // The Swarm's own and each agent's (a tool's inputs and outputs are its schemas, not empty).
    const empty = ds.filter((d) => /^(\/\$referenced_components\/[^/]+)?\/(inputs|outputs)$/.test(d.source?.pointer ?? ""));
    expect(empty.length).toBeGreaterThan(0);
    for (const d of empty) {
      expect([d.severity, d.effect]).toEqual(["info", "representation"]);
      expect(d.message).toContain("(an empty list)");
    }
    // Text only is AgentMug's own default (test/inert-values.test.ts); one that also takes images is a contract.
    const mug = "input.agent.json";
    const data = JSON.parse(readFileSync(join(GOLDEN_ROOT, "agentmug-sources-evaluation", mug), "utf8")) as Record<string, unknown>;
    const kept = convert(JSON.stringify({ ...data, inputs: { accepts: ["text", "image"] } }), "caplo", { file: mug }).diagnostics;
    expect(at(kept, "/inputs")[0]?.severity).toBe("warning");
  });

  it("a MAS manifest's agent list into Caplo lists the agents it carried; its intent is metadata", () => {
    const dir = join(GOLDEN_ROOT, "mas-system");
    const r = convertMany([{ file: "input.yaml", text: readFileSync(join(dir, "input.yaml"), "utf8"), readFile: makeReadFile(dir) }], "caplo", { bundle: false });
    const [agents] = at(r.diagnostics, "/spec/agency/agents", "input.yaml");
    expect(agents?.message).toBe("spec.agency.agents lists the agents, which are carried; which file holds each (and its id in this list) has no counterpart in Caplo v2; dropped");
    expect(agents?.severity).toBe("info");
  });

  it("one agent file of a MAS app of three: its workflow's entry is not called the only agent (session 16)", () => {
    const dir = join(GOLDEN_ROOT, "mas-system/expected/agentmug");
    const file = "booker.agent.json";
    const r = convert(readFileSync(join(dir, file), "utf8"), "agentspec", { file, readFile: makeReadFile(dir) });
    expect(r.ok).toBe(true);
    // (Reported where the file holds it: the app's values ride in the AgentMug file's stash.)
    const [entry] = r.diagnostics.filter((d) => d.message.startsWith("spec.workflow.entry "));
    expect(entry?.message).toBeDefined();
    expect(entry?.message).not.toContain("only agent");
    expect(entry?.severity).toBe("warning");
  });

  it("a one-agent MAS app's workflow changes nothing in Caplo: notes, no warning; its intent is metadata", () => {
    const dir = fixture("mas/apps/03-experiments-and-analysis");
    const file = "mas.yaml";
    const r = convertMany([{ file, text: readFileSync(join(dir, file), "utf8"), readFile: makeReadFile(dir) }], "caplo");
    expect(r.ok).toBe(true);
    const mas = r.diagnostics.filter((d) => d.source?.file === file);
    expect(mas.filter((d) => d.severity !== "info").map((d) => d.message)).toEqual([]);
    expect(at(mas, "/spec/workflow/entry")[0]).toMatchObject({ effect: "representation", message: 'spec.workflow.entry "qa" names the only agent, which takes every request anyway; as written, it has no counterpart in Caplo v2; dropped' });
    expect(at(mas, "/spec/workflow/nodes")[0]?.effect).toBe("representation");
    expect(at(mas, "/intent")[0]?.effect).toBe("metadata");
  });

  it("a workflow of several agents stays behaviour: only a one-agent app's is a representation", () => {
    const c = loadCases().find((x) => x.name === "mas-system")!;
    const r = convert(c.text, "caplo", { file: c.inputFile, readFile: c.readFile });
    const wf = r.diagnostics.filter((d) => d.source?.file === c.inputFile && d.source.pointer.startsWith("/spec/workflow/") && d.code === "dropped-field");
    for (const d of wf) expect(d.effect).not.toBe("representation");
  });
});
