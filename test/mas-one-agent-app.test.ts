// A mas/v1 kind: MAS app of one agent survives a round trip (trial finding R3): through Caplo it is
// an AgentBundle of one agent, and that bundle, read back into mas, is a MAS app again (a kind: MAS
// manifest naming the agent's file, and the agent file), not a bare kind: Agent. Through AgentMug
// and Open Agent Spec, which hold one agent per file, the stash brings the app back. What is one
// agent at its source (an AgentMug file, a Caplo kind: Agent, an Agent Spec Agent) stays kind: Agent.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { convert, type ConvertOptions, type ConvertResult } from "../src/index.js";
import { makeReadFile } from "../src/node/refs.js";
import { memoryReadFile } from "./helpers/memory-read-file.js";
import type { JsonObject, JsonValue } from "../src/ir/json.js";
import { masAgent, masManifest } from "./helpers/mas-app.js";

// Real corpus apps (test/fixtures/mas/apps/README.md: mas-lab, Apache-2.0).
const APP03 = "test/fixtures/mas/apps/03-experiments-and-analysis";
const LETTA = "test/fixtures/mas/apps/01-building-an-agent/experiments/memory-provenance/letta-native";

function readApp(dir: string, to: string, options: ConvertOptions = {}): ConvertResult {
  const r = convert(readFileSync(`${dir}/mas.yaml`, "utf8"), to, { file: "mas.yaml", readFile: makeReadFile(dir, { root: `${dir}/..` }), ...options });
  expect(r.ok).toBe(true);
  return r;
}

/** Converts a conversion's outputs on to `to`: a MAS manifest with its agent files (read from the outputs), else the one output. */
function onward(r: ConvertResult, to: string, options: ConvertOptions = {}): ConvertResult {
  const manifest = r.outputs.find((o) => kindOf(o.document) === "MAS");
  const main = manifest ?? r.outputs[0]!;
  if (manifest === undefined) expect(r.outputs).toHaveLength(1);
  const texts = new Map(r.outputs.filter((o) => o !== main).map((o) => [o.name, o.text] as const));
  const next = convert(main.text, to, { file: main.name, readFile: memoryReadFile(texts), ...options });
  expect(next.ok).toBe(true);
  return next;
}

const kindOf = (d: JsonValue | undefined) => (d !== null && typeof d === "object" && !Array.isArray(d) ? d["kind"] : undefined);
const kinds = (r: ConvertResult) => r.outputs.map((o) => `${o.name}: ${String(kindOf(o.document))}`).sort();
const manifestOf = (r: ConvertResult) => r.outputs.find((o) => kindOf(o.document) === "MAS")?.document as JsonObject | undefined;
const spec = (d: JsonObject) => d["spec"] as JsonObject;
const texts = (r: ConvertResult) => Object.fromEntries(r.outputs.map((o) => [o.name, o.text]));

describe("a one-agent MAS app → Caplo → mas", () => {
  it("Caplo holds it as an AgentBundle of one agent, and the way back writes a MAS app naming the agent's file", () => {
    const caplo = readApp(APP03, "caplo");
    expect(caplo.outputs).toHaveLength(1);
    expect(kindOf(caplo.outputs[0]!.document)).toBe("AgentBundle");
    expect((caplo.outputs[0]!.document["agents"] as JsonValue[]).length).toBe(1);

    const back = onward(caplo, "mas");
    expect(kinds(back)).toEqual(["qa-agent-t3-mas.yaml: MAS", "qa-agent-t3.yaml: Agent"]);
    const manifest = manifestOf(back)!;
    // Caplo holds neither the app's name, its intent nor the agent's file: the way back derives them from the agent.
    expect(manifest["metadata"]).toEqual({ name: "qa-agent-t3-mas" });
    expect(manifest["intent"]).toBeUndefined();
    expect((spec(manifest)["agency"] as JsonObject)["agents"]).toEqual([{ id: "qa-agent-t3", ref: "./qa-agent-t3.yaml" }]);
    expect(spec(manifest)["workflow"]).toEqual({ entry: "qa-agent-t3", nodes: [{ id: "qa-agent-t3" }] });
    const agent = back.outputs.find((o) => o.name === "qa-agent-t3.yaml")!.document;
    expect((agent["metadata"] as JsonObject)["name"]).toBe("qa-agent-t3");
    // One agent, written once: no file of its own inside the manifest, and no agent written twice.
    expect(back.outputs.filter((o) => kindOf(o.document) === "Agent")).toHaveLength(1);
    // The entry is the only agent: nothing to default, nothing to warn about.
    expect(back.diagnostics.filter((d) => d.code === "defaulted-placeholder")).toEqual([]);
  });

  it("the way out reports the app's own values Caplo cannot hold", () => {
    const lost = readApp(APP03, "caplo").diagnostics.filter((d) => d.code === "dropped-field" && d.source?.file === "mas.yaml").map((d) => d.source!.pointer);
    expect(lost).toEqual(expect.arrayContaining(["/metadata", "/intent", "/spec/agency/agents"]));
  });

  it("is stable after the first trip: mas → Caplo → mas → Caplo → mas gives the same bytes the second time", () => {
    const caplo1 = readApp(APP03, "caplo");
    const mas1 = onward(caplo1, "mas");
    const caplo2 = onward(mas1, "caplo");
    expect(texts(caplo2)).toEqual(texts(caplo1));
    // The app agentport wrote names only what it derives from the agent: of it, Caplo is told only of the agency
    // list, which a one-agent app keeps (the next test says why); its name, entry and node are not reported.
    expect(caplo2.diagnostics.filter((d) => d.code === "dropped-field").map((d) => d.source?.pointer)).toEqual(["/spec/agency/agents"]);
    expect(texts(onward(caplo2, "mas"))).toEqual(texts(mas1));
  });

  it("the app agentport wrote from the Caplo bundle survives a trip through AgentMug: its stash carries the agency list", () => {
    const mas1 = onward(readApp(APP03, "caplo"), "mas");
    const mug = onward(mas1, "agentmug");
    expect(mug.outputs).toHaveLength(1);
    expect(texts(onward(mug, "mas"))).toEqual(texts(mas1));
  });

  it("an app whose agent file sits in another folder: the way back writes it beside the manifest", () => {
    // Its agent has spec.plugins, which the Agent schema refuses: read leniently, as test/mas-apps.test.ts does.
    const back = onward(readApp(LETTA, "caplo", { lenient: true }), "mas");
    const manifest = manifestOf(back)!;
    expect(kinds(back)).toEqual(["qa-agent-mas.yaml: MAS", "qa-agent.yaml: Agent"]);
    expect((spec(manifest)["agency"] as JsonObject)["agents"]).toEqual([{ id: "qa-agent", ref: "./qa-agent.yaml" }]);
  });
});

describe("a one-agent MAS app → AgentMug or Agent Spec → mas", () => {
  for (const via of ["agentmug", "agentspec"]) {
    it(`${via}: the stash brings the app back, as mas → mas writes it (its name, intent, agency list and agent file)`, () => {
      const there = readApp(APP03, via);
      expect(there.outputs).toHaveLength(1);
      const back = onward(there, "mas");
      const same = readApp(APP03, "mas");
      expect(kinds(back)).toEqual(["agent.yaml: Agent", "qa-agent-t3-mas.yaml: MAS"]);
      // The same documents as mas → mas (the texts differ only by the input's comments, which stay in mas → mas).
      expect(back.outputs.map((o) => [o.name, o.document])).toEqual(same.outputs.map((o) => [o.name, o.document]));
      const manifest = manifestOf(back)!;
      expect((manifest["metadata"] as JsonObject)["name"]).toBe("t3-qa-mas");
      expect(manifest["intent"]).toBeDefined();
      // Nothing of the app is dropped on the way back any more (was: metadata, intent, agency list, workflow).
      expect(back.diagnostics.filter((d) => d.code === "dropped-field")).toEqual([]);
      // And a second trip gives the same app again.
      expect(texts(onward(onward(back, via), "mas"))).toEqual(texts(back));
    });
  }

  it("without the stash nothing carries the app: the agent comes back alone, and the way out said what was lost", () => {
    const there = readApp(APP03, "agentmug", { stash: false });
    expect(there.diagnostics.some((d) => d.code === "dropped-field" && d.source?.file === "mas.yaml" && d.source.pointer === "/spec/agency/agents")).toBe(true);
    expect(kinds(onward(there, "mas"))).toEqual(["qa-agent-t3.yaml: Agent"]);
  });
});

describe("what is one agent at its source stays one kind: Agent in mas", () => {
  it("a Caplo kind: Agent", () => {
    const r = convert(readFileSync("golden/caplo-minimal/input.caplo.json", "utf8"), "mas", { file: "input.caplo.json" });
    expect(r.outputs.map((o) => kindOf(o.document))).toEqual(["Agent"]);
  });

  it("an AgentMug file", () => {
    const r = convert(readFileSync("golden/agentmug-legacy-minimal/input.agent.json", "utf8"), "mas", { file: "input.agent.json" });
    expect(r.outputs.map((o) => kindOf(o.document))).toEqual(["Agent"]);
  });

  it("an Open Agent Spec Agent (a ManagerWorkers, a bundle, is a MAS app)", () => {
    const one = convert(readFileSync("golden/agentspec-ollama-minimal/input.yaml", "utf8"), "mas", { file: "input.yaml" });
    expect(one.outputs.map((o) => kindOf(o.document))).toEqual(["Agent"]);
    const team = convert(readFileSync("golden/agentspec-manager-workers/input.yaml", "utf8"), "mas", { file: "input.yaml" });
    expect(team.outputs.filter((o) => kindOf(o.document) === "MAS")).toHaveLength(1);
  });

  it("one agent of a two-agent app, converted alone from AgentMug, is no app of its own", () => {
    const two = masManifest([{ id: "qa", ref: "qa.yaml" }, { id: "helper", ref: "helper.yaml" }]);
    const agent = masAgent;
    const there = convert(two, "agentmug", { file: "mas.yaml", readFile: memoryReadFile(new Map([["qa.yaml", agent("qa")], ["helper.yaml", agent("helper")]])) });
    expect(there.outputs).toHaveLength(2);
    const helper = there.outputs.find((o) => o.name.startsWith("helper"))!;
    const back = convert(helper.text, "mas", { file: helper.name });
    expect(back.outputs.map((o) => kindOf(o.document))).toEqual(["Agent"]);
  });
});

describe("a Caplo AgentBundle of one agent is a bundle", () => {
  // caplo-minimal's agent, put in a bundle of its own.
  const agent = JSON.parse(readFileSync("golden/caplo-minimal/input.caplo.json", "utf8")) as JsonObject;
  const { apiVersion, kind: _kind, ...rest } = agent;
  const bundle = JSON.stringify({ apiVersion, kind: "AgentBundle", agents: [{ key: "helper", ...rest }] }, null, 2);

  it("→ mas: a MAS app of that agent; → Caplo again: an AgentBundle of one agent", () => {
    const masOut = convert(bundle, "mas", { file: "bundle.caplo.json" });
    expect(masOut.ok).toBe(true);
    const manifest = manifestOf(masOut);
    expect(manifest).toBeDefined();
    const list = (spec(manifest!)["agency"] as JsonObject)["agents"] as JsonObject[];
    expect(list).toHaveLength(1);
    const file = masOut.outputs.find((o) => `./${o.name}` === list[0]!["ref"]);
    expect(kindOf(file?.document)).toBe("Agent");
    const caplo = onward(masOut, "caplo");
    expect(caplo.outputs.map((o) => kindOf(o.document))).toEqual(["AgentBundle"]);
    expect(((caplo.outputs[0]!.document["agents"] as JsonObject[])[0]!)["key"]).toBe("helper");
  });

  it("a bundle of several agents that no link joins has no one entry: its agents are written as Agent files, no app", () => {
    const two = JSON.stringify({ apiVersion, kind: "AgentBundle", agents: [{ key: "a", ...rest }, { key: "b", ...rest, name: "Other helper" }] }, null, 2);
    const r = convert(two, "mas", { file: "two.caplo.json" });
    expect(r.ok).toBe(true);
    expect(r.outputs.map((o) => kindOf(o.document))).toEqual(["Agent", "Agent"]);
    // Said, not left to be noticed (fresh9 finding 4): a note, as each agent still runs on its own.
    const why = r.diagnostics.filter((d) => d.message.startsWith("the bundle of 2 agents"));
    expect(why).toHaveLength(1);
    expect(why[0]).toMatchObject({ severity: "info", code: "transformed-value", effect: "representation", target: { format: "mas" } });
    expect(why[0]!.message).toContain("no kind: MAS manifest: no local link joins its agents");
  });

  it("a bundle whose agents a link joins is written as an app, without that note", () => {
    const two = JSON.stringify({ apiVersion, kind: "AgentBundle", agents: [{ key: "a", ...rest, subAgents: [{ local: "b", useWhen: "always" }] }, { key: "b", ...rest, name: "Other helper" }] }, null, 2);
    const r = convert(two, "mas", { file: "two.caplo.json" });
    expect(r.ok).toBe(true);
    expect(r.outputs.map((o) => kindOf(o.document))).toContain("MAS");
    expect(r.diagnostics.filter((d) => d.message.startsWith("the bundle of"))).toEqual([]);
  });
});
