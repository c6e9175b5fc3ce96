// A MAS app's links edited in its workflow, on the way back (session 12). A mas agent file read
// alone has no links (they live in the kind: MAS manifest's delegates_to lists), so the hub's stash
// holds an agent's links as one whole /subAgents list, with their settings a workflow cannot hold
// (useWhen, doNotUseWhen, mode, release). The parse kept that list only while the workflow named
// exactly its targets in its order: one delegates_to entry removed (or one agent renamed), and
// every link lost its settings, silently (a defaulted-required note on the way into Caplo, then
// routing dropped for want of doNotUseWhen). Each link is now its target: an unedited link keeps
// its settings, the edit wins, and one stash-stale warning at the edited delegates_to entry says
// what the removal costs.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { convert, type ConvertResult, type Diagnostic } from "../src/index.js";
import type { JsonObject } from "../src/ir/json.js";
import type { ReadFile } from "../src/adapters/types.js";

const SOURCE = readFileSync("examples/support-bundle.caplo.json", "utf8");
const MAS_FILE = "front-desk-mas.yaml";

const listing = (r: ConvertResult) => r.diagnostics.map((d) => `  ${d.severity} ${d.code} @ ${d.source?.file ?? ""}${d.source?.pointer ?? ""}: ${d.message}`).join("\n");
const stale = (r: ConvertResult): Diagnostic[] => r.diagnostics.filter((d) => d.code === "stash-stale");

/** The Caplo bundle written as a MAS app: file name → text. */
function app(): Map<string, string> {
  const r = convert(SOURCE, "mas", { file: "support-bundle.caplo.json" });
  expect(r.ok, listing(r)).toBe(true);
  return new Map(r.outputs.map((o) => [o.name, o.text]));
}

function back(files: Map<string, string>): ConvertResult {
  const readFile: ReadFile = (p) => {
    const text = files.get(p.replace(/^\.\//, ""));
    return text === undefined ? { ok: false, code: "ref-not-found", message: `${p} not found` } : { ok: true, text };
  };
  return convert(files.get(MAS_FILE) as string, "caplo", { file: MAS_FILE, readFile });
}

const agents = (r: ConvertResult): JsonObject[] => r.outputs[0]!.document["agents"] as JsonObject[];
const frontDesk = (r: ConvertResult): JsonObject => agents(r).find((a) => a["key"] === "front-desk") as JsonObject;
const original = (JSON.parse(SOURCE) as { agents: JsonObject[] }).agents[0] as JsonObject;
const [BILLING, TECH] = original["subAgents"] as JsonObject[];
const [FRAUD] = (JSON.parse(SOURCE) as { agents: JsonObject[] }).agents[1]!["subAgents"] as JsonObject[];

describe("Caplo support bundle → mas app → Caplo, unedited", () => {
  it("the links come back with their settings, routing kept, no warning says stale", () => {
    const r = back(app());
    expect(r.ok, listing(r)).toBe(true);
    expect(frontDesk(r)["subAgents"]).toEqual([BILLING, TECH]);
    expect(frontDesk(r)["routing"]).toEqual(original["routing"]);
    expect(stale(r), listing(r)).toEqual([]);
  });
});

describe("Caplo support bundle → mas app, tech removed from front-desk's delegates_to → Caplo", () => {
  const files = app();
  files.set(MAS_FILE, (files.get(MAS_FILE) as string).replace(/^ {10}- tech\n/m, ""));
  const r = back(files);

  it("the edit is the MAS file's (the test removed one line)", () => {
    expect(files.get(MAS_FILE)).not.toMatch(/^ {10}- tech$/m);
  });

  it("billing, which the user did not edit, keeps its useWhen and doNotUseWhen; tech is gone", () => {
    expect(r.ok, listing(r)).toBe(true);
    expect(frontDesk(r)["subAgents"]).toEqual([BILLING]);
    expect(r.diagnostics.filter((d) => d.code === "defaulted-required"), listing(r)).toEqual([]);
  });

  it("routing stays: every link left still has its doNotUseWhen", () => {
    expect(frontDesk(r)["routing"]).toEqual(original["routing"]);
  });

  it("one stash-stale warning at the removed delegates_to entry says what the removal costs", () => {
    const warnings = stale(r);
    expect(warnings.length, listing(r)).toBe(1);
    const w = warnings[0]!;
    expect(w.severity).toBe("warning");
    expect(w.source?.file).toBe(MAS_FILE);
    expect(w.source?.pointer).toBe("/spec/workflow/nodes/0/delegates_to/1");
    expect(w.message).toContain("was removed");
    for (const n of ["subAgents[1].useWhen", "subAgents[1].doNotUseWhen", "subAgents[1].mode"]) expect(w.message).toContain(n);
    expect(w.message).not.toContain("subAgents[0]");
  });
});

describe("Caplo support bundle → mas app, billing removed from front-desk's delegates_to → Caplo", () => {
  const files = app();
  files.set(MAS_FILE, (files.get(MAS_FILE) as string).replace(/^ {10}- billing\n/m, ""));
  const r = back(files);

  it("tech keeps its useWhen, doNotUseWhen and mode; one warning names billing's settings", () => {
    expect(r.ok, listing(r)).toBe(true);
    expect(frontDesk(r)["subAgents"]).toEqual([TECH]);
    expect(frontDesk(r)["routing"]).toEqual(original["routing"]);
    const warnings = stale(r);
    expect(warnings.length, listing(r)).toBe(1);
    expect(warnings[0]!.source?.pointer).toBe("/spec/workflow/nodes/0/delegates_to/0");
    for (const n of ["subAgents[0].useWhen", "subAgents[0].doNotUseWhen"]) expect(warnings[0]!.message).toContain(n);
    expect(warnings[0]!.message).not.toContain("subAgents[0].mode");
  });
});

describe("Caplo support bundle → mas app, billing renamed billing-team (MAS file and billing.yaml) → Caplo", () => {
  const files = app();
  files.set(MAS_FILE, (files.get(MAS_FILE) as string).replace(/\bbilling$/gm, "billing-team"));
  files.set("billing.yaml", (files.get("billing.yaml") as string).replace(/^ {2}name: billing$/m, "  name: billing-team"));
  const r = back(files);

  it("the edits are the test's (the MAS file names billing-team, billing.yaml is named billing-team)", () => {
    expect(files.get(MAS_FILE)).toContain("- billing-team");
    expect(files.get(MAS_FILE)).not.toMatch(/\bbilling$/m);
    expect(files.get("billing.yaml")).toMatch(/^ {2}name: billing-team$/m);
  });

  it("tech, which the user did not edit, keeps useWhen, doNotUseWhen and mode: active_conversation", () => {
    expect(r.ok, listing(r)).toBe(true);
    const links = frontDesk(r)["subAgents"] as JsonObject[];
    expect(links).toHaveLength(2);
    expect(links[0]!["local"]).toBe("billing-team");
    expect(links[1]).toEqual(TECH);
  });

  it("the link to the renamed agent reads its routing text from its spec.description, as without the stash; nothing is said lost (session 16, user trial F3)", () => {
    const links = frontDesk(r)["subAgents"] as JsonObject[];
    // billing-team's spec.description, unedited, says the useWhen and (after "Not for:") the doNotUseWhen.
    expect(links[0]).toEqual({ local: "billing-team", useWhen: BILLING!["useWhen"], doNotUseWhen: BILLING!["doNotUseWhen"] });
    expect(frontDesk(r)["routing"]).toEqual(original["routing"]);
    expect(stale(r).filter((d) => d.source?.file === MAS_FILE), listing(r)).toEqual([]);
  });
});

describe("Caplo support bundle → mas app, front-desk's delegates_to reordered → Caplo", () => {
  const files = app();
  files.set(MAS_FILE, (files.get(MAS_FILE) as string).replace(/^( {10}- billing\n)( {10}- tech\n)/m, "$2$1"));
  const r = back(files);

  it("the workflow's order wins, each link keeps its own settings, nothing is stale", () => {
    expect(files.get(MAS_FILE)).toMatch(/- tech\n {10}- billing\n/);
    expect(r.ok, listing(r)).toBe(true);
    expect(frontDesk(r)["subAgents"]).toEqual([TECH, BILLING]);
    expect(frontDesk(r)["routing"]).toEqual(original["routing"]);
    expect(stale(r), listing(r)).toEqual([]);
  });
});

describe("Caplo support bundle → mas app, front-desk's whole delegates_to list removed → Caplo", () => {
  const files = app();
  files.set(MAS_FILE, (files.get(MAS_FILE) as string).replace(/^ {8}delegates_to:\n {10}- billing\n {10}- tech\n/m, ""));
  const r = back(files);

  it("front-desk has no links; one warning per removed entry, at its node, says what each removal costs", () => {
    expect(files.get(MAS_FILE)).not.toContain("delegates_to");
    expect(r.ok, listing(r)).toBe(true);
    expect(frontDesk(r)["subAgents"]).toBeUndefined();
    const warnings = stale(r);
    expect(warnings.map((d) => d.source?.pointer), listing(r)).toEqual(["/spec/workflow/nodes/0/delegates_to/0", "/spec/workflow/nodes/0/delegates_to/1"]);
    expect(warnings.every((d) => d.message.includes("was removed"))).toBe(true);
    expect(warnings[1]!.message).toContain("subAgents[1].mode");
  });
});

describe("Caplo support bundle → mas app, billing given a delegate (tech) in the workflow → Caplo", () => {
  const files = app();
  files.set(MAS_FILE, (files.get(MAS_FILE) as string).replace(/^ {6}- id: billing\n(?! {8}ref:)/m, "      - id: billing\n        delegates_to:\n          - tech\n"));
  const r = back(files);

  it("the edit is the workflow node's", () => {
    expect(files.get(MAS_FILE)).toMatch(/- id: billing\n {8}delegates_to:\n {10}- tech\n {6}- id: tech/);
  });

  it("billing keeps its external link (release, useWhen) where it was, gains the link to tech, and nothing is stale", () => {
    expect(r.ok, listing(r)).toBe(true);
    const billing = agents(r).find((a) => a["key"] === "billing") as JsonObject;
    const links = billing["subAgents"] as JsonObject[];
    expect(links[0]).toEqual(FRAUD);
    expect(links[1]!["local"]).toBe("tech");
    expect(links).toHaveLength(2);
    expect(frontDesk(r)["subAgents"]).toEqual([BILLING, TECH]);
    expect(stale(r), listing(r)).toEqual([]);
  });
});

describe("Caplo support bundle → mas app, tech's spec.description (its routing text) edited → Caplo", () => {
  const files = app();
  const edited = "Anything about outages. Not for: Billing.";
  files.set("tech.yaml", (files.get("tech.yaml") as string).replace(/^ {2}description: .*$/m, `  description: "${edited}"`));
  const r = back(files);

  it("the first link to tech takes the edited text (what front-desk's model reads), split at Not for:", () => {
    expect(files.get("tech.yaml")).toContain(edited);
    const link = (frontDesk(r)["subAgents"] as JsonObject[]).find((l) => l["local"] === "tech");
    expect(link).toMatchObject({ local: "tech", useWhen: "Anything about outages.", doNotUseWhen: "Billing." });
    expect(link?.["mode"]).toBe(TECH!["mode"]);
    const said = r.diagnostics.filter((d) => d.code === "transformed-value" && d.source?.file === "tech.yaml");
    expect(said.map((d) => d.message).join("\n"), listing(r)).toContain(`is read as the routing text of "front-desk"'s link to "tech"`);
  });

  it("billing's link, whose description was not edited, is as it was", () => {
    expect((frontDesk(r)["subAgents"] as JsonObject[]).find((l) => l["local"] === "billing")).toEqual(BILLING);
  });
});
