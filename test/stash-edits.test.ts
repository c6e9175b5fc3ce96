// Edits win over the stash: a value edited in the target after agentport wrote it
// comes back as edited, the stash entries it would overwrite or contradict are
// not applied, and one stash-stale warning at the edited value names them. The
// three cases of issue 9, plus the guards' own rules.
import { describe, expect, it } from "vitest";
import { convert, convertMany, type ConvertResult, type Diagnostic } from "../src/index.js";
import { parseText } from "../src/text/parse.js";
import { isObject, type JsonObject, type JsonValue } from "../src/ir/json.js";
import { loadCase, convertOptions } from "./helpers/cases.js";
import { digest } from "../src/ir/stash-guard.js";
import { restoreStash } from "../src/ir/stash.js";
import { newAgent } from "../src/ir/agent.js";

const stale = (r: ConvertResult): Diagnostic[] => r.diagnostics.filter((d) => d.code === "stash-stale");
const listing = (r: ConvertResult) => r.diagnostics.map((d) => `  ${d.severity} ${d.code} @ ${d.source?.pointer ?? ""}: ${d.message}`).join("\n");

function editJson(text: string, edit: (doc: JsonObject) => void): string {
  const doc = JSON.parse(text) as JsonObject;
  edit(doc);
  return JSON.stringify(doc, null, 2) + "\n";
}

const blueprint = (doc: JsonObject): JsonObject => doc["blueprint"] as JsonObject;

describe("mas agent → AgentMug, systemPrompt edited → mas", () => {
  const c = loadCase("mas-prompt-files");
  const there = convert(c.text, "agentmug", convertOptions(c));
  const out = there.outputs[0]!;

  it("the original prompt is built from prompt files ({ref: file} among them) and rides in the stash", () => {
    expect(there.ok, listing(there)).toBe(true);
    expect(c.text).toMatch(/ref: prompts\/intent\.md/);
    expect(JSON.stringify(out.document["x-agentport"])).toContain("prompts/intent.md");
  });

  it("unedited, it comes back as the prompt files", () => {
    const back = convert(out.text, "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(stale(back)).toEqual([]);
    expect(back.outputs[0]!.text).toContain("ref: prompts/intent.md");
  });

  it("edited, the edit wins, with one stash-stale warning at blueprint.systemPrompt", () => {
    const edited = editJson(out.text, (d) => (blueprint(d)["systemPrompt"] = "You only say hello."));
    const back = convert(edited, "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    const spec = back.outputs[0]!.document["spec"] as JsonObject;
    // The whole prompt is the edit: no chunk of the original, no file reference.
    expect(spec["context"]).toEqual({ role: "You only say hello." });
    expect(back.outputs[0]!.text).not.toContain("prompts/");
    const warnings = stale(back);
    expect(warnings.length, listing(back)).toBe(1);
    const w = warnings[0]!;
    expect(w.severity).toBe("warning");
    expect(w.source).toMatchObject({ file: out.name, pointer: "/blueprint/systemPrompt" });
    const line = edited.split("\n").findIndex((l) => l.includes('"systemPrompt"')) + 1;
    expect(w.source?.line).toBe(line);
    expect(w.source?.column).toBeGreaterThan(1);
    // It names what it does not restore: the original prompt's parts, each at its mas place, the
    // context key the part's (session 16, user trial F6: it named the edited blueprint.systemPrompt).
    // Each prompt file the agent no longer reads is named, once, as such (docs/decisions.md "An edit of one part of a joined prompt").
    expect(w.message).toMatch(/contradict it: the prompt file prompts\/role\.md of the prompt part \[role\] \(no longer read: the part was removed\), the prompt file prompts\/intent\.md of .*, the prompt file \.\/prompts\/rules\.md of .*, mas spec\.context\.role, mas spec\.context\.intent, mas spec\.context\.rules, mas spec\.context\.tone, mas spec\.context\.note$/);
  });

  it("values the target cannot carry are still restored (the routing description)", () => {
    const edited = editJson(out.text, (d) => (blueprint(d)["systemPrompt"] = "You only say hello."));
    const spec = convert(edited, "mas", { file: out.name }).outputs[0]!.document["spec"] as JsonObject;
    expect(spec["description"]).toBe("Call me to classify a support ticket and pick its queue.");
  });

  it("an edit of another value leaves the prompt's stash alone", () => {
    const edited = editJson(out.text, (d) => (d["description"] = "Sorts tickets."));
    const back = convert(edited, "mas", { file: out.name });
    expect(stale(back)).toEqual([]);
    expect(back.outputs[0]!.text).toContain("ref: prompts/intent.md");
    expect((back.outputs[0]!.document["metadata"] as JsonObject)["description"]).toBe("Sorts tickets.");
  });
});

describe("azure/gpt-4o edited to claude-sonnet-4-6 in AgentMug", () => {
  const mas = ["apiVersion: mas/v1", "kind: Agent", "metadata:", "  name: helper", "spec:", "  description: Answers questions.", "  context:", "    role: Be helpful.", "  models:", "    - model: azure/gpt-4o", "      max_tokens: 900", ""].join("\n");
  const there = convert(mas, "agentmug");
  const out = there.outputs[0]!;
  const model = (r: ConvertResult) => ((r.outputs[0]!.document["spec"] as JsonObject)["models"] as JsonObject[])[0]!["model"];

  it("AgentMug holds the bare id; the stash keeps the provider", () => {
    expect(blueprint(out.document)["primaryModel"]).toBe("gpt-4o");
    expect(model(convert(out.text, "mas"))).toBe("azure/gpt-4o");
  });

  it("comes back as the edit, not azure/claude-sonnet-4-6", () => {
    const edited = editJson(out.text, (d) => (blueprint(d)["primaryModel"] = "claude-sonnet-4-6"));
    const back = convert(edited, "mas");
    expect(back.ok, listing(back)).toBe(true);
    expect(model(back)).not.toContain("azure");
    expect(String(model(back))).toMatch(/(^|\/)claude-sonnet-4-6$/);
    const w = stale(back);
    expect(w.length, listing(back)).toBe(1);
    expect(w[0]!.source?.pointer).toBe("/blueprint/primaryModel");
    expect(w[0]!.message).toContain("mas spec.models[0].model");
  });

  it("an edit of maxTokens alone keeps the provider", () => {
    const edited = editJson(out.text, (d) => (blueprint(d)["maxTokens"] = 500));
    const back = convert(edited, "mas");
    expect(stale(back)).toEqual([]);
    expect(model(back)).toBe("azure/gpt-4o");
    expect(((back.outputs[0]!.document["spec"] as JsonObject)["models"] as JsonObject[])[0]!["max_tokens"]).toBe(500);
  });
});

describe("a Caplo bundle's prompts edited in mas", () => {
  // Prompts written as YAML literal blocks end in a newline, which mas strips: the stash keeps each original text.
  const c = loadCase("caplo-support-bundle");
  const bundle = JSON.parse(c.text) as JsonObject;
  for (const a of bundle["agents"] as JsonObject[]) a["instructions"] = `${String(a["instructions"])}\n`;
  const text = JSON.stringify(bundle, null, 2);
  const original = convert(text, "caplo").outputs[0]!.document;
  const forward = convert(text, "mas");

  it("the stash holds every original prompt", () => {
    expect(forward.ok, listing(forward)).toBe(true);
    // Each prompt ends in a newline the mas runtime strips: the stash names the prompt as written (the
    // reading's raw chunk) rather than holding its text a second time.
    for (const o of forward.outputs.filter((x) => x.document["kind"] !== "MAS")) {
      const stash = o.document["x-agentport"] as JsonObject;
      expect(Object.keys(stash["ir"] as JsonObject)).not.toContain("/instructions/chunks/0/text");
      expect((stash["moved"] as JsonObject)["/instructions/chunks/0/text"]).toBe("/instructions/chunks/0/raw");
    }
  });

  const agentFiles = forward.outputs.filter((o) => o.document["kind"] !== "MAS");
  const system = forward.outputs.find((o) => o.document["kind"] === "MAS")!;
  const NEW = "You greet the customer and ask for the account number first.";

  /** The agent files with the first chunk of each prompt replaced (as YAML text, the way a user edits). */
  function editedFiles(): Map<string, string> {
    const files = new Map<string, string>();
    for (const o of agentFiles) {
      const data = parseText(o.text).data as JsonObject;
      const ctx = (data["spec"] as JsonObject)["context"] as JsonObject;
      const key = Object.keys(ctx)[0]!;
      const text = o.text.replace(String(ctx[key]).split("\n")[0]!, `${NEW} (${o.name})`);
      expect(text).not.toBe(o.text);
      files.set(o.name, text);
    }
    return files;
  }

  const prompts = (doc: JsonObject) => ((doc["agents"] as JsonObject[]) ?? []).map((a) => a["instructions"]);
  /** The prompt as edited in mas: the new first line, and no final newline (mas held none). */
  const asEdited = (p: unknown, file: string) => String(p).replace(String(p).split("\n")[0]!, `${NEW} (${file})`).replace(/\n$/, "");

  it("merged with --bundle, every prompt comes back as edited, the rest as it was", () => {
    const files = editedFiles();
    const back = convertMany([...files].map(([file, t]) => ({ file, text: t })), "caplo", { bundle: true });
    expect(back.ok, listing(back)).toBe(true);
    const doc = back.outputs[0]!.document;
    const got = prompts(doc);
    prompts(original).forEach((p, i) => expect(got[i]).toBe(asEdited(p, agentFiles[i]!.name)));
    // One warning per edited prompt, in its own file.
    expect(stale(back).map((d) => [d.source?.file, d.source?.pointer])).toEqual(agentFiles.map((o) => [o.name, "/spec/context/role"]));
    // Everything but the prompts is as the original bundle has it.
    const strip = (d: JsonObject) => ({ ...d, agents: (d["agents"] as JsonObject[]).map((a) => ({ ...a, instructions: "" })) });
    expect(strip(doc)).toEqual(strip(original));
  });

  it("read through the MAS manifest, the same", () => {
    const files = editedFiles();
    const readFile = (p: string) => {
      const t = files.get(p.replace(/^\.\//, ""));
      return t === undefined ? { ok: false as const, code: "ref-not-found" as const, message: p } : { ok: true as const, text: t };
    };
    const back = convert(system.text, "caplo", { file: system.name, readFile });
    expect(back.ok, listing(back)).toBe(true);
    const got = prompts(back.outputs[0]!.document);
    prompts(original).forEach((p, i) => expect(got[i]).toBe(asEdited(p, agentFiles[i]!.name)));
  });
});

describe("the guards", () => {
  it("a stash records what was written: a digest per guarded value", () => {
    const c = loadCase("mas-prompt-files");
    const out = convert(c.text, "agentmug", convertOptions(c)).outputs[0]!;
    const stash = out.document["x-agentport"] as JsonObject;
    const written = stash["written"] as JsonObject;
    expect(isObject(written)).toBe(true);
    expect(written["/instructions"]).toEqual({ at: "/blueprint/systemPrompt", digest: digest(blueprint(out.document)["systemPrompt"]) });
  });

  it("the digest ignores key order and tells values apart", () => {
    expect(digest({ a: 1, b: [2, "x"] })).toBe(digest({ b: [2, "x"], a: 1 }));
    expect(digest("a")).not.toBe(digest("b"));
    expect(digest(1)).not.toBe(digest("1"));
    expect(digest(undefined)).not.toBe(digest(null));
    expect(digest("x")).toMatch(/^[0-9a-f]{14}$/);
  });

  it("a value edited back to the original is no edit: nothing is reported", () => {
    const mas = ["apiVersion: mas/v1", "kind: Agent", "metadata:", "  name: helper", "spec:", "  description: Answers questions.", "  context:", "    role: Be helpful.", "  models:", "    - model: azure/gpt-4o", ""].join("\n");
    const out = convert(mas, "agentmug").outputs[0]!;
    const same = editJson(out.text, (d) => (blueprint(d)["primaryModel"] = "gpt-4o"));
    const back = convert(same, "mas");
    expect(stale(back)).toEqual([]);
  });

  it("a stash without `written` (an older agentport's) is applied as before", () => {
    const mas = ["apiVersion: mas/v1", "kind: Agent", "metadata:", "  name: helper", "spec:", "  description: Answers questions.", "  context:", "    role: Be helpful.", "  models:", "    - model: azure/gpt-4o", ""].join("\n");
    const out = convert(mas, "agentmug").outputs[0]!;
    const old = editJson(out.text, (d) => {
      delete (d["x-agentport"] as JsonObject)["written"];
      blueprint(d)["primaryModel"] = "gpt-4.1";
    });
    const back = convert(old, "mas");
    expect(stale(back)).toEqual([]);
    expect(((back.outputs[0]!.document["spec"] as JsonObject)["models"] as JsonObject[])[0]!["model"]).toBe("azure/gpt-4.1");
  });
});

describe("ids, keys and tool entries", () => {
  const c = loadCase("caplo-support-bundle");
  const files = convert(c.text, "agentmug").outputs;
  const billing = files.find((o) => o.name === "billing.agent.json")!;
  const caploAgent = (r: ConvertResult) => r.outputs[0]!.document;
  const bundleBack = (edited: string) => convertMany(files.map((o) => ({ file: o.name, text: o === billing ? edited : o.text })), "caplo", { bundle: true });
  const keys = (r: ConvertResult) => (r.outputs[0]!.document["agents"] as JsonObject[]).map((a) => a["key"]);

  it("unedited, the bundle keys and the tools come back", () => {
    const back = bundleBack(billing.text);
    expect(stale(back)).toEqual([]);
    expect(keys(back)).toEqual(["triage", "billing", "tech"]);
    expect(caploAgent(convert(billing.text, "caplo", { file: billing.name }))["tools"]).toEqual(["tool_invoice_search", "tool_refund_request"]);
  });

  it("an edited id wins over the bundle key it carried, and the link to the old key is reported", () => {
    const edited = editJson(billing.text, (d) => (d["id"] = "payments"));
    const back = bundleBack(edited);
    expect(back.ok, listing(back)).toBe(true);
    expect(keys(back)).toEqual(["triage", "payments", "tech"]);
    const w = stale(back);
    expect(w.map((d) => [d.source?.file, d.source?.pointer])).toEqual([[billing.name, "/id"]]);
    expect(w[0]!.message).toContain("key (carried as id)");
    // triage's stashed link still names billing: it does not silently point elsewhere.
    expect(back.diagnostics.some((d) => d.code === "unresolved-link" && d.message.includes("billing"))).toBe(true);
  });

  it("a removed tool takes its stashed details with it; the other tool keeps its own", () => {
    const edited = editJson(billing.text, (d) => (blueprint(d)["tools"] as JsonValue[]).splice(0, 1));
    const back = convert(edited, "caplo", { file: billing.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(caploAgent(back)["tools"]).toEqual(["tool_refund_request"]);
    // The first tool's stash entries (its kind, its bare-string form) are not put on the tool that moved up.
    const w = stale(back);
    expect(w.length).toBeGreaterThan(0);
    expect(w.every((d) => d.source?.pointer?.startsWith("/blueprint/tools"))).toBe(true);
  });

  it("an entry no guard covers is not applied where the file now holds a value", () => {
    // A greeting has no place in AgentMug, so its entry needs no guard; if a reading ever holds one there, that one wins.
    const parsed = newAgent("agentmug", "", "a.agent.json");
    parsed.greeting = "Hi from the file";
    parsed.sourceMap["/greeting"] = "/greeting";
    const r = restoreStash(parsed, { version: 1, from: "caplo", ir: { "/greeting": "Hi from the stash", "/name": "Kept" }, written: {} }, "/x-agentport", {});
    expect(r?.agent.greeting).toBe("Hi from the file");
    expect(r?.agent.name).toBe("Kept");
    expect(r?.diagnostics.map((d) => [d.code, d.source?.pointer, d.message.endsWith(": caplo greeting")])).toEqual([["stash-stale", "/greeting", true]]);
  });
});

describe("values agentport added together", () => {
  const mas = ["apiVersion: mas/v1", "kind: Agent", "metadata:", "  name: helper", "spec:", "  description: Answers questions.", "  context:", "    role: Be helpful.", ""].join("\n");
  const out = convert(mas, "agentmug").outputs[0]!;

  it("with no model, AgentMug gets a placeholder model the host may replace, and mas gets none back", () => {
    expect(blueprint(out.document)["modelPolicy"]).toEqual({ mode: "host_choice" });
    expect(convert(out.text, "mas").outputs[0]!.document["spec"]).not.toHaveProperty("models");
  });

  it("removing modelPolicy pins the placeholder model: it comes back to mas as the model", () => {
    const model = blueprint(out.document)["primaryModel"];
    const edited = editJson(out.text, (d) => delete blueprint(d)["modelPolicy"]);
    const back = convert(edited, "mas");
    expect(back.ok, listing(back)).toBe(true);
    const models = (back.outputs[0]!.document["spec"] as JsonObject)["models"] as JsonObject[];
    expect(String(models[0]!["model"])).toContain(String(model));
    expect(stale(back).map((d) => d.source?.pointer)).toEqual(["/blueprint/modelPolicy"]);
  });
});

describe("mas agent with an alternate model → AgentMug, blueprint.modelPolicy removed → mas", () => {
  // Found by the 100,000-edit run: the alternate row rode in the stash guarded only by primaryModel.
  const text = [
    "apiVersion: mas/v1", "kind: Agent", "metadata:", "  name: helper", "spec:", "  description: Answers questions.",
    "  context:", "    role: Be helpful.", "  models:", "    - model: gemini/gemini-2.5-flash", "      temperature: 0.2",
    "    - model: openai/gpt-4o", "      temperature: 0.5", "      max_tokens: 900", "",
  ].join("\n");
  const there = convert(text, "agentmug", { file: "helper.yaml" });
  const out = there.outputs[0]!;

  it("the alternate is written as blueprint.modelPolicy and its mas row rides in the stash", () => {
    expect(there.ok, listing(there)).toBe(true);
    expect(blueprint(out.document)["modelPolicy"]).toEqual({ mode: "preferred", preferredModels: ["gemini-2.5-flash", "gpt-4o"] });
  });

  it("unedited, the second model row comes back", () => {
    const back = convert(out.text, "mas", { file: out.name });
    expect(stale(back)).toEqual([]);
    expect(((back.outputs[0]!.document["spec"] as JsonObject)["models"] as JsonValue[]).length).toBe(2);
  });

  it("removed, the edit wins: one model row, and a stash-stale warning names the alternate row not restored", () => {
    const edited = editJson(out.text, (d) => delete blueprint(d)["modelPolicy"]);
    const back = convert(edited, "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    const models = (back.outputs[0]!.document["spec"] as JsonObject)["models"] as JsonObject[];
    expect(models.map((m) => m["model"])).toEqual(["gemini/gemini-2.5-flash"]);
    // The alternate row is named where it was written. The values agentport added beside modelPolicy in the
    // blueprint (maxTokens 2000, the planned mas default; tools []) were no choice with it: still removed.
    const warnings = stale(back);
    expect(warnings.map((w) => w.source?.pointer), listing(back)).toEqual(["/blueprint/modelPolicy/preferredModels"]);
    expect(warnings[0]?.message).toContain("models[1]");
    expect(models[0]).not.toHaveProperty("max_tokens");
    expect(back.outputs[0]!.document["spec"]).not.toHaveProperty("tools");
  });
});
