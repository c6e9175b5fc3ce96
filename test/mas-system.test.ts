// mas kind: MAS (a multi-agent system) ⇄ bundles: the MAS manifest is read with
// its agent files into one bundle, and a bundle with local links is written as
// agent files plus a MAS manifest whose workflow carries the links.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { convert, type ReadFile } from "../src/index.js";
import { makeReadFile } from "../src/node/refs.js";
import { adapterFor } from "../src/adapters/registry.js";
import { parseText } from "../src/text/parse.js";
import type { JsonObject } from "../src/ir/json.js";

const dir = "golden/mas-system";
const masText = readFileSync(`${dir}/input.yaml`, "utf8");
const readFile = makeReadFile(dir);
const mas = adapterFor("mas")!;

function memory(files: ReadonlyMap<string, string>): ReadFile {
  return (p) => {
    const t = files.get(p.replace(/^\.\//, ""));
    return t === undefined ? { ok: false, code: "ref-not-found", message: `${p} not found` } : { ok: true, text: t };
  };
}

describe("a kind: MAS manifest as input", () => {
  it("is detected as mas", () => {
    expect(mas.detect(parseText(masText).data).confidence).toBe(1);
  });

  it("→ caplo: one bundle whose local links are the workflow's delegates_to, useWhen = the child's spec.description", () => {
    const r = convert(masText, "caplo", { file: "input.yaml", readFile });
    expect(r.ok).toBe(true);
    expect(r.outputs).toHaveLength(1);
    const doc = r.outputs[0]!.document;
    expect(doc["kind"]).toBe("AgentBundle");
    const agents = doc["agents"] as JsonObject[];
    expect(agents.map((a) => a["key"])).toEqual(["concierge", "planner", "booker"]);
    const planner = parseText(readFileSync(`${dir}/agents/planner.yaml`, "utf8")).data as JsonObject;
    const booker = parseText(readFileSync(`${dir}/agents/booker.yaml`, "utf8")).data as JsonObject;
    expect(agents[0]!["subAgents"]).toEqual([
      { local: "planner", useWhen: (planner["spec"] as JsonObject)["description"] },
      { local: "booker", useWhen: (booker["spec"] as JsonObject)["description"] },
    ]);
    expect(agents[1]!["subAgents"]).toEqual([{ local: "booker", useWhen: (booker["spec"] as JsonObject)["description"] }]);
    // MAS-only members are reported in the MAS file.
    expect(r.diagnostics.some((d) => d.code === "dropped-field" && d.source?.file === "input.yaml" && d.source.pointer === "/spec/workflow/max_rounds")).toBe(true);
  });

  it("→ agentmug: one file per agent", () => {
    const r = convert(masText, "agentmug", { file: "input.yaml", readFile });
    expect(r.ok).toBe(true);
    expect(r.outputs.map((o) => o.name)).toEqual(["concierge.agent.json", "planner.agent.json", "booker.agent.json"]);
  });

  it("→ mas: the agent files and the MAS manifest, each the same data", () => {
    const r = convert(masText, "mas", { file: "input.yaml", readFile });
    expect(r.ok).toBe(true);
    const byName = new Map(r.outputs.map((o) => [o.name, o.document]));
    for (const n of ["concierge", "planner", "booker"]) {
      expect(byName.get(`${n}.yaml`)).toEqual(parseText(readFileSync(`${dir}/agents/${n}.yaml`, "utf8")).data);
    }
    const system = r.outputs.find((o) => o.document["kind"] === "MAS")!;
    expect(mas.validate(system.document)).toEqual([]);
    const original = parseText(masText).data as JsonObject;
    // Only the refs change (the files are written side by side), and each change is reported.
    const agency = ((original["spec"] as JsonObject)["agency"] as JsonObject)["agents"] as JsonObject[];
    const expected = structuredClone(original);
    (((expected["spec"] as JsonObject)["agency"] as JsonObject)["agents"] as JsonObject[]).forEach((e) => (e["ref"] = `./${String(e["id"])}.yaml`));
    expect(system.document).toEqual(expected);
    agency.forEach((_, i) => expect(r.diagnostics.some((d) => d.code === "transformed-value" && d.source?.pointer === `/spec/agency/agents/${i}/ref`)).toBe(true));
  });

  it("an unknown delegates_to target is an error", () => {
    const bad = masText.replace("delegates_to: [booker]", "delegates_to: [nobody]");
    const r = convert(bad, "caplo", { file: "input.yaml", readFile });
    expect(r.ok).toBe(false);
    expect(r.diagnostics.some((d) => d.severity === "error" && d.source?.pointer === "/spec/workflow/nodes/1/delegates_to/0")).toBe(true);
  });

  it("a missing agent file is ref-not-found at the ref", () => {
    const bad = masText.replace("agents/booker.yaml", "agents/missing.yaml");
    const r = convert(bad, "caplo", { file: "input.yaml", readFile });
    expect(r.ok).toBe(false);
    expect(r.diagnostics.find((d) => d.code === "ref-not-found")?.source?.pointer).toBe("/spec/agency/agents/2/ref");
  });

  it("without file access, the agent files cannot be read: an error", () => {
    const r = convert(masText, "caplo", { file: "input.yaml" });
    expect(r.ok).toBe(false);
    expect(r.diagnostics.some((d) => d.severity === "error" && /without file access/.test(d.message))).toBe(true);
  });

  it("inline agents are agents of the bundle, and stay inline on the way to mas", () => {
    const files = new Map([["b.yaml", "apiVersion: mas/v1\nkind: Agent\nmetadata: {name: b}\nspec: {description: Does b things.}\n"]]);
    const text = [
      "apiVersion: mas/v1", "kind: MAS", "metadata: {name: sys}", "spec:", "  agency:", "    agents:",
      "      - kind: Agent", "        metadata: {name: a}", "        spec: {description: Routes.}",
      "      - {id: b, ref: ./b.yaml}",
      "  workflow:", "    entry: a", "    nodes:", "      - {id: a, delegates_to: [b]}", "      - {id: b}", "",
    ].join("\n");
    const toCaplo = convert(text, "caplo", { file: "m.yaml", readFile: memory(files) });
    expect(toCaplo.ok).toBe(true);
    const agents = toCaplo.outputs[0]!.document["agents"] as JsonObject[];
    expect(agents.map((a) => a["key"])).toEqual(["a", "b"]);
    expect(agents[0]!["subAgents"]).toEqual([{ local: "b", useWhen: "Does b things." }]);
    const toMas = convert(text, "mas", { file: "m.yaml", readFile: memory(files) });
    expect(toMas.ok).toBe(true);
    expect(toMas.outputs.map((o) => o.name)).toEqual(["b.yaml", "a-mas.yaml"]);
    const sys = toMas.outputs[1]!.document;
    const listed = ((sys["spec"] as JsonObject)["agency"] as JsonObject)["agents"] as JsonObject[];
    expect(listed[0]!["kind"]).toBe("Agent");
    expect(listed[1]).toEqual({ id: "b", ref: "./b.yaml" });
    expect(mas.validate(sys)).toEqual([]);
  });

  it("an invalid agent file is an error in that file, at the value, naming the ref it was read through", () => {
    const files = new Map([["agents/concierge.yaml", "apiVersion: mas/v1\nkind: Agent\nmetadata: {name: concierge}\nspec: {bogus: 1}\n"]]);
    const text = "apiVersion: mas/v1\nkind: MAS\nmetadata: {name: x}\nspec:\n  agency:\n    agents:\n      - {id: concierge, ref: agents/concierge.yaml}\n";
    const r = convert(text, "caplo", { file: "m.yaml", readFile: memory(files) });
    expect(r.ok).toBe(false);
    const d = r.diagnostics.find((x) => x.code === "invalid-input" && x.source?.pointer === "/spec/bogus")!;
    expect(d.source).toEqual({ file: "agents/concierge.yaml", pointer: "/spec/bogus", line: 4, column: 8 });
    expect(d.message).toBe('mas/v1: unknown property "bogus" (an agent read through m.yaml\'s spec.agency.agents[0].ref)');
    expect(d.hint).toContain("the option lenient"); // the library's words (session 18)
  });

  it("diagnostics about an agent file name it as the caller names the manifest: its folder joined with the ref", () => {
    const files = new Map([["agents/concierge.yaml", "apiVersion: mas/v1\nkind: Agent\nmetadata: {name: concierge}\nspec:\n  description: Front desk.\n  x-owner: desk\n  context:\n    role: You greet guests.\n"]]);
    const text = "apiVersion: mas/v1\nkind: MAS\nmetadata: {name: x}\nspec:\n  agency:\n    agents:\n      - {id: concierge, ref: agents/concierge.yaml}\n";
    const about = (file: string) => convert(text, "agentmug", { file, readFile: memory(files) }).diagnostics.filter((d) => d.source?.pointer === "/spec/x-owner").map((d) => [d.source?.file, d.source?.line]);
    expect(about("m.yaml")).toEqual([["agents/concierge.yaml", 6]]);
    expect(about("apps/desk/m.yaml")).toEqual([["apps/desk/agents/concierge.yaml", 6]]);
    expect(about("/srv/apps/desk/m.yaml")).toEqual([["/srv/apps/desk/agents/concierge.yaml", 6]]);
    expect(about("../desk/m.yaml")).toEqual([["../desk/agents/concierge.yaml", 6]]);
  });
});

describe("a Caplo bundle → mas", () => {
  for (const file of ["golden/caplo-support-bundle/input.caplo.json", "examples/support-bundle.caplo.json"]) {
    it(`${file}: agent files plus a MAS manifest whose workflow is the links, and back`, () => {
      const text = readFileSync(file, "utf8");
      const bundle = parseText(text).data as JsonObject;
      const r = convert(text, "mas");
      expect(r.ok).toBe(true);
      const agents = bundle["agents"] as JsonObject[];
      const system = r.outputs.filter((o) => o.document["kind"] === "MAS");
      expect(system).toHaveLength(1);
      expect(r.outputs).toHaveLength(agents.length + 1);
      const sys = system[0]!.document;
      expect(mas.validate(sys)).toEqual([]);
      const spec = sys["spec"] as JsonObject;
      const listed = ((spec["agency"] as JsonObject)["agents"] as JsonObject[]).map((e) => e["ref"]);
      const files = r.outputs.filter((o) => o.document["kind"] === "Agent");
      expect(listed).toEqual(files.map((o) => `./${o.name}`));
      const nameOf = new Map(agents.map((a, i) => [a["key"], (files[i]!.document["metadata"] as JsonObject)["name"]]));
      const nodes = (spec["workflow"] as JsonObject)["nodes"] as JsonObject[];
      agents.forEach((a, i) => {
        const locals = ((a["subAgents"] as JsonObject[] | undefined) ?? []).filter((l) => typeof l["local"] === "string").map((l) => nameOf.get(l["local"]));
        const node = nodes[i]!;
        expect(node["id"]).toBe(nameOf.get(a["key"]));
        expect(node["delegates_to"] ?? []).toEqual(locals);
      });
      // Local links are reported as delegates_to of the MAS manifest, not as dropped.
      expect(r.diagnostics.some((d) => /delegates_to entry of the workflow/.test(d.message))).toBe(true);
      // The way back through the MAS manifest gives the original bundle.
      const texts = new Map(files.map((o) => [o.name, o.text]));
      const back = convert(system[0]!.text, "caplo", { file: system[0]!.name, readFile: memory(texts) });
      expect(back.ok).toBe(true);
      expect(back.outputs[0]!.document).toEqual(convert(text, "caplo").outputs[0]!.document);
      // What agentport derived (the MAS name, refs, entry, plain nodes) is no loss on the way back.
      expect(back.diagnostics.filter((d) => d.severity === "warning" && d.source?.file === system[0]!.name)).toEqual([]);
    });
  }
});

describe("routing text: Caplo useWhen ⇄ the delegate's spec.description", () => {
  const bundle = readFileSync("golden/caplo-routing-text/input.caplo.json", "utf8");
  const files = (r: ReturnType<typeof convert>) => new Map(r.outputs.map((o) => [o.name, o.text] as const));
  const spec = (text: string | undefined) => (parseText(text ?? "").data as JsonObject)["spec"] as JsonObject;

  it("the first link's useWhen, with doNotUseWhen as a \"Not for\" sentence, is the delegate's spec.description; the description is metadata.description", () => {
    const r = convert(bundle, "mas", { file: "input.caplo.json" });
    expect(r.ok).toBe(true);
    const out = files(r);
    expect(spec(out.get("scheduling.yaml"))["description"]).toBe("The patient wants to book, move or cancel a visit. Not for: The patient describes an emergency.");
    expect(((parseText(out.get("scheduling.yaml")!).data as JsonObject)["metadata"] as JsonObject)["description"]).toBe("Manages the clinic's appointment calendar.");
    expect(spec(out.get("nurse-line.yaml"))["description"]).toBe("The patient asks a medical question.");
    const moved = r.diagnostics.find((d) => d.source?.pointer === "/agents/0/subAgents/0/useWhen");
    expect(moved?.message).toMatch(/becomes the spec\.description of "scheduling"/);
  });

  it("a second parent with another useWhen is told its text was not used", () => {
    for (const stash of [true, false]) {
      const r = convert(bundle, "mas", { file: "input.caplo.json", stash });
      const other = r.diagnostics.find((d) => d.source?.pointer === "/agents/1/subAgents/0/useWhen");
      expect(other?.code).toBe(stash ? "stashed-value" : "dropped-link");
      expect(other?.message).toMatch(/holds the useWhen of the first link to it \(reception\)/);
    }
  });

  it("read back without a stash, the MAS app gives the link its useWhen and doNotUseWhen", () => {
    const r = convert(bundle, "mas", { file: "input.caplo.json", stash: false });
    const back = convert(files(r).get("reception-mas.yaml")!, "caplo", { file: "reception-mas.yaml", readFile: memory(files(r)) });
    expect(back.ok, JSON.stringify(back.diagnostics.filter((d) => d.severity === "error"))).toBe(true);
    const agents = back.outputs[0]!.document["agents"] as JsonObject[];
    expect(agents[0]!["subAgents"]).toEqual([
      { local: "scheduling", useWhen: "The patient wants to book, move or cancel a visit.", doNotUseWhen: "The patient describes an emergency." },
      { local: "nurse-line", useWhen: "The patient asks a medical question." },
    ]);
  });
});
