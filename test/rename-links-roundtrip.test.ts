// A consistent rename of a delegate keeps every value its links had (verify trial 16, N5).
// (a) Caplo bundle → mas app, tech renamed to support (file, metadata.name, agency id and file,
//     delegates_to) → Caplo: the link keeps useWhen, doNotUseWhen (F3) and also its mode.
// (b) Caplo bundle → Agent Spec ManagerWorkers, the worker id tech renamed to support (every reference)
//     → Caplo: the link keeps useWhen, doNotUseWhen and mode, and the manager keeps its routing.
// In both, no stash-stale warning names a link value that came back, nor the edited field itself.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { convert, type ConvertResult } from "../src/index.js";
import type { JsonObject } from "../src/ir/json.js";
import { listing, reader, outputs, agentsOf, byKey } from "./helpers/bundle-results.js";


const SOURCE = readFileSync("examples/support-bundle.caplo.json", "utf8");
const original = (JSON.parse(SOURCE) as { agents: JsonObject[] }).agents[0] as JsonObject;
const [BILLING, TECH] = original["subAgents"] as JsonObject[];
const MAS_FILE = "front-desk-mas.yaml";
const stale = (r: ConvertResult) => r.diagnostics.filter((d) => d.code === "stash-stale");

describe("(a) Caplo bundle → mas app, tech renamed to support (file, metadata.name, agency id and file, delegates_to) → Caplo", () => {
  const first = convert(SOURCE, "mas", { file: "support-bundle.caplo.json" });
  const files = outputs(first);
  files.set("support.yaml", (files.get("tech.yaml") as string).replace(/^ {2}name: tech$/m, "  name: support"));
  files.delete("tech.yaml");
  files.set(MAS_FILE, (files.get(MAS_FILE) as string).replace("id: tech", "id: support").replace("tech.yaml", "support.yaml").replace(/- tech$/m, "- support").replace(/- id: tech$/m, "- id: support"));
  const r = convert(files.get(MAS_FILE) as string, "caplo", { file: MAS_FILE, readFile: reader(files) });

  it("the renamed agent's link keeps useWhen, doNotUseWhen and mode; the other link and routing are as they were", () => {
    expect(first.ok, listing(first)).toBe(true);
    expect(r.ok, listing(r)).toBe(true);
    const links = byKey(r, "front-desk")["subAgents"] as JsonObject[];
    expect(links, listing(r)).toEqual([BILLING, { ...TECH, local: "support" }]);
    expect(byKey(r, "front-desk")["routing"]).toEqual(original["routing"]);
  });

  it("no stash-stale warning names a link value (they came back), and the report does not count a loss", () => {
    expect(stale(r).filter((d) => /subAgents|delegates_to/.test(d.message)), listing(r)).toEqual([]);
  });
});

describe("(b) Caplo bundle → Agent Spec ManagerWorkers, worker id tech renamed to support → Caplo", () => {
  const first = convert(SOURCE, "agentspec", { file: "support-bundle.caplo.json" });
  const text = first.outputs[0]!.text;
  const edited = text.replace(/"tech"/g, "\"support\"");
  const r = convert(edited, "caplo", { file: "as.json" });

  it("the edit is a rename of one id (the test's premise)", () => {
    expect(first.ok, listing(first)).toBe(true);
    expect(edited).not.toBe(text);
    expect((JSON.parse(edited) as JsonObject)["workers"]).toEqual(expect.arrayContaining([expect.objectContaining({ id: "support" })]));
  });

  it("the link follows the renamed worker: useWhen, doNotUseWhen and mode; the manager keeps its routing", () => {
    expect(r.ok, listing(r)).toBe(true);
    const links = byKey(r, "front-desk")["subAgents"] as JsonObject[];
    expect(links, listing(r)).toEqual([BILLING, { ...TECH, local: "support" }]);
    expect(byKey(r, "front-desk")["routing"], listing(r)).toEqual(original["routing"]);
    expect(agentsOf(r).map((a) => a["key"])).toEqual(["front-desk", "billing", "support"]);
  });

  it("no stash-stale warning names a link value (they came back), and the workers[1] warning is gone", () => {
    expect(stale(r).filter((d) => /subAgents/.test(d.message)), listing(r)).toEqual([]);
    expect(stale(r).filter((d) => d.source?.pointer === "/workers/1"), listing(r)).toEqual([]);
    // Left (stash-stale naming, N6/N7): the worker's own stash's `absent: /id` entry still gives one warning at
    // workers[1].id naming workers[1].id (a Caplo agent has no id, so nothing is lost there).
  });
});

// Guard against over-matching: a delegate replaced by a different agent is no rename.
describe("(a') mas app: tech replaced by a new agent with another routing text is not given tech's link values", () => {
  const first = convert(SOURCE, "mas", { file: "support-bundle.caplo.json" });
  const files = outputs(first);
  const tech = parseYaml(files.get("tech.yaml") as string) as JsonObject;
  (tech["metadata"] as JsonObject)["name"] = "support";
  (tech["spec"] as JsonObject)["description"] = "Anything about onboarding.";
  delete tech["x-agentport"];
  files.set("support.yaml", JSON.stringify(tech));
  files.delete("tech.yaml");
  files.set(MAS_FILE, (files.get(MAS_FILE) as string).replace("id: tech", "id: support").replace("tech.yaml", "support.yaml").replace(/- tech$/m, "- support").replace(/- id: tech$/m, "- id: support"));
  const r = convert(files.get(MAS_FILE) as string, "caplo", { file: MAS_FILE, readFile: reader(files) });

  it("the new agent's link reads its own routing text and has no mode; a warning says the old link's values are not restored", () => {
    expect(r.ok, listing(r)).toBe(true);
    const link = (byKey(r, "front-desk")["subAgents"] as JsonObject[])[1];
    expect(link, listing(r)).toEqual({ local: "support", useWhen: "Anything about onboarding." });
    expect(stale(r).filter((d) => /subAgents\[1\]\.mode/.test(d.message)).length, listing(r)).toBe(1);
  });
});

describe("(b') Agent Spec: worker 1 replaced by a new component (another id, no stash of its own) is not given tech's link values", () => {
  const first = convert(SOURCE, "agentspec", { file: "support-bundle.caplo.json" });
  const doc = JSON.parse(first.outputs[0]!.text) as JsonObject;
  const worker = (doc["workers"] as JsonObject[])[1] as JsonObject;
  worker["id"] = "support";
  delete worker["metadata"];
  const r = convert(JSON.stringify(doc, null, 2), "caplo", { file: "as.json" });

  it("the link to the new worker has no mode, and a warning names the old link's values as not restored", () => {
    expect(r.ok, listing(r)).toBe(true);
    const link = (byKey(r, "front-desk")["subAgents"] as JsonObject[])[1] as JsonObject;
    expect(link["local"], listing(r)).toBe("support");
    expect(link["mode"], listing(r)).toBeUndefined();
    expect(stale(r).filter((d) => /subAgents\[1\]\.mode/.test(d.message)).length, listing(r)).toBe(1);
  });
});
