// A routing text edited in the target reaches the links that read it (user trial 16, F1, F3, F4).
// The routing text of an agent is what a delegating agent reads to choose it: a mas agent's
// spec.description, an Agent Spec worker's description, a Caplo link's useWhen (and doNotUseWhen).
// The user's edit of it must win on the way back and reach every link that reads it; values the user
// did not touch come back; the file with its stash gives no worse result than without it; and the
// report says what changed, not that something was lost when it was carried.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { convert, type ConvertResult } from "../src/index.js";
import type { JsonObject } from "../src/ir/json.js";
import { listing, reader, outputs, agentsOf, byKey } from "./helpers/bundle-results.js";

const linksTo = (r: ConvertResult, key: string) => agentsOf(r).flatMap((a) => ((a["subAgents"] as JsonObject[] | undefined) ?? []).filter((l) => l["local"] === key).map((l) => [a["key"], l["useWhen"]]));

describe("F1: mas app → Agent Spec, a worker's description (its routing text) edited → mas, Caplo", () => {
  const dir = "golden/mas-system";
  const NEW = "Books flights, hotels and trains once a plan is agreed.";
  const OLD = "Books flights and hotels once a plan is agreed.";
  const first = convert(readFileSync(`${dir}/input.yaml`, "utf8"), "agentspec", { file: "input.yaml", readFile: (p) => ({ ok: true, text: readFileSync(`${dir}/${p.replace(/^\.\//, "")}`, "utf8") }) });
  const doc = JSON.parse(first.outputs[0]!.text) as JsonObject;
  const refs = doc["$referenced_components"] as Record<string, JsonObject>;
  const written = refs["booker"]!["description"];
  it("the source's routing text is what Agent Spec wrote as the worker's description", () => {
    expect(first.ok, listing(first)).toBe(true);
    expect(written).toBe(OLD);
  });
  refs["booker"]!["description"] = NEW;
  const edited = JSON.stringify(doc, null, 2);

  it("→ mas: the edit is booker's spec.description (what the delegate_to_booker tools say); no delegator brings the old text back", () => {
    const r = convert(edited, "mas", { file: "as.json" });
    expect(r.ok, listing(r)).toBe(true);
    const booker = parseYaml(outputs(r).get("booker.yaml") as string) as JsonObject;
    expect((booker["spec"] as JsonObject)["description"], listing(r)).toBe(NEW);
    for (const [name, text] of outputs(r)) expect(text, name).not.toContain(OLD);
    // The delegators' stashed links to booker are not restored over the edit. They held just the old description,
    // the edited value itself, so nothing else is lost and no stash-stale warning names it (session 17, verify16 N6:
    // two warnings named the edited field itself), nor is a metadata.description added beside it.
    const stale = r.diagnostics.filter((d) => d.code === "stash-stale" && d.source?.pointer === "/$referenced_components/booker/description");
    expect(stale, listing(r)).toEqual([]);
    expect(booker["metadata"] as JsonObject, listing(r)).not.toHaveProperty("description");
  });

  it("→ Caplo: every link to booker says the edited text; the others are as they were", () => {
    const r = convert(edited, "caplo", { file: "as.json" });
    expect(r.ok, listing(r)).toBe(true);
    expect(linksTo(r, "booker"), listing(r)).toEqual([["concierge", NEW], ["planner", NEW]]);
    expect(linksTo(r, "planner")).toEqual([["concierge", "Builds an itinerary when the traveller wants a trip planned."]]);
    expect(JSON.stringify(r.outputs[0]!.document)).not.toContain(OLD);
  });
});

const SOURCE = readFileSync("examples/support-bundle.caplo.json", "utf8");
const MAS_FILE = "front-desk-mas.yaml";
const original = (JSON.parse(SOURCE) as { agents: JsonObject[] }).agents[0] as JsonObject;
const [BILLING] = original["subAgents"] as JsonObject[];
function app(): Map<string, string> {
  const r = convert(SOURCE, "mas", { file: "support-bundle.caplo.json" });
  expect(r.ok, listing(r)).toBe(true);
  return outputs(r);
}
const back = (files: Map<string, string>, to = "caplo") => convert(files.get(MAS_FILE) as string, to, { file: MAS_FILE, readFile: reader(files) });
const withoutStash = (files: Map<string, string>) => new Map([...files].map(([k, v]) => {
  const d = parseYaml(v) as JsonObject;
  delete d["x-agentport"];
  return [k, JSON.stringify(d)];
}));

describe("F3: Caplo bundle → mas app, billing renamed to accounts (file, metadata.name, agency id, delegates_to) → Caplo", () => {
  const files = app();
  files.set("accounts.yaml", (files.get("billing.yaml") as string).replace(/^ {2}name: billing$/m, "  name: accounts"));
  files.delete("billing.yaml");
  files.set(MAS_FILE, (files.get(MAS_FILE) as string).replace(/id: billing/g, "id: accounts").replace("billing.yaml", "accounts.yaml").replace(/- billing$/m, "- accounts"));
  const r = back(files);
  const plain = back(withoutStash(files));

  it("the renamed agent's spec.description is still read as the link's routing text: useWhen and doNotUseWhen", () => {
    expect(r.ok, listing(r)).toBe(true);
    const link = (byKey(r, "front-desk")["subAgents"] as JsonObject[])[0];
    expect(link, listing(r)).toMatchObject({ local: "accounts", useWhen: BILLING!["useWhen"], doNotUseWhen: BILLING!["doNotUseWhen"] });
    expect(r.diagnostics.filter((d) => d.code === "defaulted-required" && d.message.includes("useWhen")), listing(r)).toEqual([]);
  });

  it("routing (fast, minConfidence) is kept: every link still has its doNotUseWhen", () => {
    expect(byKey(r, "front-desk")["routing"], listing(r)).toEqual(original["routing"]);
  });

  it("the file with its stash gives no worse links than the file without it", () => {
    expect(plain.ok, listing(plain)).toBe(true);
    const strip = (l: JsonObject) => ({ local: l["local"], useWhen: l["useWhen"], doNotUseWhen: l["doNotUseWhen"] });
    expect((byKey(r, "front-desk")["subAgents"] as JsonObject[]).map(strip)).toEqual((byKey(plain, "front-desk")["subAgents"] as JsonObject[]).map(strip));
  });

  it("no warning names a useWhen or doNotUseWhen as not restored, since the link says them", () => {
    const stale = r.diagnostics.filter((d) => d.code === "stash-stale" && /useWhen/.test(d.message));
    expect(stale, listing(r)).toEqual([]);
  });
});

describe("F4: Caplo bundle → mas app, billing's spec.description edited → Caplo", () => {
  const files = app();
  files.set("billing.yaml", (files.get("billing.yaml") as string).replace("or payment methods. Not for", "or payment methods and VAT. Not for"));
  const r = back(files);

  it("the edit reaches the link (useWhen), and doNotUseWhen is as it was", () => {
    expect(r.ok, listing(r)).toBe(true);
    const link = (byKey(r, "front-desk")["subAgents"] as JsonObject[])[0];
    expect(link).toMatchObject({ local: "billing", useWhen: "The customer asks about invoices, charges, refunds or payment methods and VAT.", doNotUseWhen: BILLING!["doNotUseWhen"] });
  });

  // Since user trial 18b: carried by the link that calls billing (transformed, a note), not dropped.
  const carried = (res: ReturnType<typeof back>) => res.diagnostics.filter((d) => d.source?.file === "billing.yaml" && d.source?.pointer === "/spec/description" && (d.code === "dropped-field" || /is carried by the sub-agent links/.test(d.message)));
  it("no behaviour warning says spec.description was dropped: the link that calls billing says it", () => {
    expect(carried(r).map((d) => [d.code, d.severity, d.effect]), listing(r)).toEqual([["transformed-value", "info", "representation"]]);
  });

  it("the same app without stashes: no behaviour warning for the routing text either", () => {
    const plain = back(withoutStash(files));
    expect(plain.ok, listing(plain)).toBe(true);
    expect(carried(plain).map((d) => [d.code, d.severity, d.effect]), listing(plain)).toEqual([["transformed-value", "info", "representation"]]);
  });
});
