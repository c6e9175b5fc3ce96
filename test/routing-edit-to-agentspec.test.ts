// A routing text edited in a mas app reaches the Agent Spec description a manager reads (user trial 16
// verification, N2: F1 in the other direction). Agent Spec ManagerWorkers → mas app, a worker's
// spec.description (its routing text) edited there → Agent Spec: the worker's description is the edit,
// as on the Caplo route (the link's useWhen) and as without the stash; the report does not say the
// edit was kept in x-agentport while the old text is written.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { convert, type ConvertResult } from "../src/index.js";
import type { JsonObject } from "../src/ir/json.js";
import { listing, reader } from "./helpers/bundle-results.js";

const OLD = "Finds hotels in a city.";
const NEW = "Finds hotels and hostels in a city.";
const MAS = "planner-mas.yaml";

function app(): Map<string, string> {
  const r = convert(readFileSync("golden/agentspec-manager-workers/input.yaml", "utf8"), "mas", { file: "input.yaml" });
  expect(r.ok, listing(r)).toBe(true);
  return new Map(r.outputs.map((o) => [o.name, o.text]));
}
/** hotels.yaml with only its spec.description edited (metadata.description untouched). */
function edited(): Map<string, string> {
  const files = app();
  const doc = parseYaml(files.get("hotels.yaml") as string) as JsonObject;
  const spec = doc["spec"] as JsonObject;
  expect(spec["description"]).toBe(OLD);
  expect((doc["metadata"] as JsonObject)["description"]).toBe(OLD);
  files.set("hotels.yaml", (files.get("hotels.yaml") as string).replace(`  description: ${OLD}\n  models`, `  description: ${NEW}\n  models`));
  const after = parseYaml(files.get("hotels.yaml") as string) as JsonObject;
  expect((after["spec"] as JsonObject)["description"]).toBe(NEW);
  expect((after["metadata"] as JsonObject)["description"]).toBe(OLD);
  return files;
}
const withoutStash = (files: Map<string, string>) => new Map([...files].map(([k, v]) => {
  const d = parseYaml(v) as JsonObject;
  delete d["x-agentport"];
  return [k, JSON.stringify(d)];
}));
const back = (files: Map<string, string>, to: string) => convert(files.get(MAS) as string, to, { file: MAS, readFile: reader(files) });
const workers = (r: ConvertResult) => (r.outputs[0]!.document["workers"] as JsonObject[]).map((w) => [w["name"], w["description"]]);

describe("N2: Agent Spec ManagerWorkers → mas app, hotels' spec.description edited → Agent Spec", () => {
  const files = edited();

  it("the hotels worker's description (what the manager reads) is the edit; the other workers are as they were", () => {
    const r = back(files, "agentspec");
    expect(r.ok, listing(r)).toBe(true);
    expect(workers(r), listing(r)).toEqual([
      ["Flight finder", "Finds flights between two cities on a date."],
      ["Hotel finder", NEW],
      ["Visa checker", "Tells whether a traveller needs a visa."],
    ]);
  });

  it("the report does not say the routing text was only kept in x-agentport", () => {
    const r = back(files, "agentspec");
    const kept = r.diagnostics.filter((d) => d.code === "stashed-value" && d.source?.file === "hotels.yaml" && d.source?.pointer === "/spec/description");
    expect(kept, listing(r)).toEqual([]);
  });

  it("the same as the Caplo route (the link's useWhen) and as the file without x-agentport", () => {
    const caplo = back(files, "caplo");
    const links = ((caplo.outputs[0]!.document["agents"] as JsonObject[])[0]!["subAgents"] as JsonObject[]).filter((l) => l["local"] === "hotels");
    expect(links.map((l) => l["useWhen"]), listing(caplo)).toEqual([NEW]);
    const bare = back(withoutStash(files), "agentspec");
    expect(bare.ok, listing(bare)).toBe(true);
    expect(workers(bare)[1], listing(bare)).toEqual(["hotels", NEW]);
  });

  // Agent Spec, hotels' home, has one description: the edit replaced it there, so it is both mas descriptions again.
  it("→ Agent Spec → mas again: the edit stays hotels' spec.description (and, from the one description, metadata.description)", () => {
    const as = back(files, "agentspec");
    const r = convert(as.outputs[0]!.text, "mas", { file: "b.json" });
    expect(r.ok, listing(r)).toBe(true);
    const hotels = parseYaml(r.outputs.find((o) => o.name === "hotels.yaml")!.text) as JsonObject;
    expect((hotels["spec"] as JsonObject)["description"], listing(r)).toBe(NEW);
    expect((hotels["metadata"] as JsonObject)["description"], listing(r)).toBe(NEW);
    expect(r.outputs.map((o) => o.text).join("\n")).not.toContain(OLD);
  });

  it("without x-agentport (two different descriptions as the file states them) → Agent Spec → mas: both come back", () => {
    const as = back(withoutStash(files), "agentspec");
    const r = convert(as.outputs[0]!.text, "mas", { file: "b.json" });
    expect(r.ok, listing(r)).toBe(true);
    const hotels = parseYaml(r.outputs.find((o) => o.name === "hotels.yaml")!.text) as JsonObject;
    expect((hotels["spec"] as JsonObject)["description"], listing(r)).toBe(NEW);
    expect((hotels["metadata"] as JsonObject)["description"], listing(r)).toBe(OLD);
  });

  it("unedited, the round trip gives the source's descriptions back", () => {
    const r = back(app(), "agentspec");
    expect(r.ok, listing(r)).toBe(true);
    expect(workers(r).find((w) => w[0] === "Hotel finder")?.[1]).toBe(OLD);
  });
});
