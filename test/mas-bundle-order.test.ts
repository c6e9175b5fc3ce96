// A MAS app taken apart into one AgentMug file per agent and bundled back into mas (user trial
// finding: `out/*.agent.json --bundle`, the files in the shell glob's alphabetical order) must
// write each agent into the file its own agency entry names, whatever order the files are given
// in: the mas emitter paired the kept agency list with the bundle's agents by index.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { convert, convertMany } from "../src/index.js";
import { makeReadFile } from "../src/node/index.js";
import { parseText } from "../src/text/parse.js";
import { isObject, type JsonObject } from "../src/ir/json.js";
import { memoryReadFile } from "./helpers/memory-read-file.js";
import { masAgent, masManifest } from "./helpers/mas-app.js";

type Outputs = ReturnType<typeof convertMany>["outputs"];

const data = (text: string): JsonObject => {
  const d = parseText(text, "x.yaml").data;
  if (!isObject(d)) throw new Error("not an object");
  return d;
};

/** The golden app's agency as entry id → the metadata.name of the agent its ref names. */
function appAgents(golden: string): { dir: string; text: string; owner: Map<string, string>; entry: string } {
  const dir = join(import.meta.dirname, "..", "golden", golden);
  const text = readFileSync(join(dir, "input.yaml"), "utf8");
  const spec = data(text)["spec"] as JsonObject;
  const list = (spec["agency"] as JsonObject)["agents"] as JsonObject[];
  const owner = new Map(list.map((e) => [e["id"] as string, (data(readFileSync(join(dir, e["ref"] as string), "utf8"))["metadata"] as JsonObject)["name"] as string]));
  return { dir, text, owner, entry: (spec["workflow"] as JsonObject)["entry"] as string };
}

/** What the written app runs: each agency entry id → the metadata.name in the file its ref names; and the entry. */
function written(outputs: Outputs): { owner: Map<string, string>; entry: string } {
  const manifest = outputs.find((o) => o.name.endsWith("-mas.yaml"));
  if (!manifest) throw new Error("no kind: MAS manifest written");
  const spec = data(manifest.text)["spec"] as JsonObject;
  const list = (spec["agency"] as JsonObject)["agents"] as JsonObject[];
  const file = (ref: string) => outputs.find((o) => o.name === ref.replace(/^\.\//, ""));
  const owner = new Map(list.map((e) => [e["id"] as string, (data(file(e["ref"] as string)?.text ?? "{}")["metadata"] as JsonObject | undefined)?.["name"] as string]));
  return { owner, entry: (spec["workflow"] as JsonObject)["entry"] as string };
}

const bytes = (outputs: Outputs) => Object.fromEntries(outputs.map((o) => [o.name, o.text]));

describe.each(["mas-system", "mas-app-skills"])("%s → AgentMug → mas --bundle", (golden) => {
  const app = appAgents(golden);
  const forward = convert(app.text, "agentmug", { file: "input.yaml", readFile: makeReadFile(app.dir) });
  const files = forward.outputs.map((o) => ({ text: o.text, file: o.name }));
  const back = (inputs: typeof files) => convertMany(inputs, "mas", { bundle: true });
  const inOrder = back(files);
  const globbed = [...files].sort((a, b) => a.file.localeCompare(b.file));

  it("the inputs' alphabetical order differs from the manifest's (else this proves nothing)", () => {
    expect(forward.ok).toBe(true);
    expect(files.length).toBeGreaterThan(1);
    expect(globbed.map((f) => f.file)).not.toEqual(files.map((f) => f.file));
  });

  it.each([["in the manifest's order", files], ["in alphabetical order (a shell glob)", globbed], ["reversed", [...files].reverse()]])("%s: each file holds the agent its entry names, and the entry agent is the app's entry", (_, inputs) => {
    const r = back(inputs);
    expect(r.ok).toBe(true);
    const got = written(r.outputs);
    expect(got.owner).toEqual(app.owner);
    expect(got.entry).toBe(app.entry);
    // The entry's file holds the agent the original entry named.
    expect(got.owner.get(got.entry)).toBe(app.owner.get(app.entry));
    // The agency list is written in the kept list's (the user's) order.
    expect([...got.owner.keys()]).toEqual([...app.owner.keys()]);
  });

  it("any input order writes the same bytes as the manifest's order", () => {
    expect(bytes(back(globbed).outputs)).toEqual(bytes(inOrder.outputs));
    expect(bytes(back([...files].reverse()).outputs)).toEqual(bytes(inOrder.outputs));
  });
});

const agent = masAgent;

const manifest = masManifest;

describe("an agent is tied to its own entry by the best evidence there is", () => {
  it("mas → mas: an agent read through a ref stays in that file, though another entry's id is its name", () => {
    // Crossed: entry "a" names the file whose agent is called b, and the reverse.
    const text = manifest([{ id: "a", ref: "./a.yaml" }, { id: "b", ref: "./b.yaml" }]);
    const r = convert(text, "mas", { file: "mas.yaml", readFile: memoryReadFile(new Map([["a.yaml", agent("b")], ["b.yaml", agent("a")]])) });
    expect(r.ok).toBe(true);
    expect(written(r.outputs).owner).toEqual(new Map([["a", "b"], ["b", "a"]]));
  });

  it("an inline agent keeps its place in the list, whatever order the AgentMug files come back in", () => {
    const text = manifest([{ id: "lead", ref: "./lead.yaml" }, { id: "helper" }, { id: "clerk", ref: "./clerk.yaml" }]);
    const readFile = memoryReadFile(new Map([["lead.yaml", agent("lead")], ["clerk.yaml", agent("clerk")]]));
    const forward = convert(text, "agentmug", { file: "mas.yaml", readFile });
    expect(forward.ok).toBe(true);
    const files = forward.outputs.map((o) => ({ text: o.text, file: o.name }));
    const inOrder = convertMany(files, "mas", { bundle: true });
    const reversed = convertMany([...files].reverse(), "mas", { bundle: true });
    expect(bytes(reversed.outputs)).toEqual(bytes(inOrder.outputs));
    const list = ((data(reversed.outputs.find((o) => o.name === "lead-mas.yaml")!.text)["spec"] as JsonObject)["agency"] as JsonObject)["agents"] as JsonObject[];
    // The inline agent is written inline again (its manifest, named helper), between the two refs.
    expect(list.map((e) => e["ref"] ?? `inline ${String((e["metadata"] as JsonObject)["name"])}`)).toEqual(["./lead.yaml", "inline helper", "./clerk.yaml"]);
  });

  it("an app of one agent whose entry id, metadata.name and file name all differ keeps its entry through AgentMug", () => {
    const text = manifest([{ id: "qa", ref: "agent.yaml" }]);
    const forward = convert(text, "agentmug", { file: "mas.yaml", readFile: memoryReadFile(new Map([["agent.yaml", agent("qa-agent-t3")]])) });
    const r = convertMany(forward.outputs.map((o) => ({ text: o.text, file: o.name })), "mas", { bundle: true });
    expect(r.ok).toBe(true);
    const got = written(r.outputs);
    expect(got.owner).toEqual(new Map([["qa", "qa-agent-t3"]]));
    expect(got.entry).toBe("qa");
  });

  it("an agent nothing ties to an entry (renamed, its stash gone) takes the entry no other agent owns, in any input order", () => {
    const app = appAgents("mas-system");
    const forward = convert(app.text, "agentmug", { file: "input.yaml", readFile: makeReadFile(app.dir) });
    const files = forward.outputs.map((o) => ({ text: o.text, file: o.name }));
    const at = files.findIndex((f) => f.file === "booker.agent.json");
    const clerk = JSON.parse(files[at]!.text) as JsonObject;
    delete clerk["x-agentport"];
    Object.assign(clerk, { id: "clerk", name: "clerk" });
    const inputs = files.map((f, i) => (i === at ? { text: JSON.stringify(clerk), file: "clerk.agent.json" } : f));
    const inOrder = convertMany(inputs, "mas", { bundle: true });
    const reversed = convertMany([...inputs].reverse(), "mas", { bundle: true });
    expect(bytes(reversed.outputs)).toEqual(bytes(inOrder.outputs));
    const got = written(reversed.outputs);
    expect([...got.owner]).toEqual([["concierge", "concierge"], ["planner", "planner"], ["booker", "clerk"]]);
    expect(got.entry).toBe("concierge");
  });
});
