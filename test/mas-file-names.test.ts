// A MAS app keeps its agents' file names (trial finding R2): mas → mas, and the way back into mas
// from another format, write each agent to the file the app's agency list named, not to one named
// after the agent — a round trip must not rename the user's files.
import { describe, expect, it } from "vitest";
import { convert } from "../src/index.js";
import { memoryReadFile } from "./helpers/memory-read-file.js";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cli, cliTemp } from "./helpers/cli.js";
import { masAgent, masManifest } from "./helpers/mas-app.js";

const temp = cliTemp("mas-file-names");

const agent = masAgent;

function app(refs: Record<string, string>): { text: string; readFile: ReturnType<typeof memoryReadFile> } {
  const entries = Object.entries(refs);
  const text = masManifest(entries.map(([id, ref]) => ({ id, ref })));
  return { text, readFile: memoryReadFile(new Map(entries.map(([id, ref]) => [ref.replace(/^\.\//, ""), agent(id)]))) };
}

const names = (r: ReturnType<typeof convert>) => r.outputs.map((o) => o.name).sort();

describe("a MAS app's agent file names", () => {
  it("mas → mas writes each agent to the file the agency list named, and the manifest refers to it", () => {
    const { text, readFile } = app({ qa: "agent.yaml", helper: "./second.yaml" });
    const r = convert(text, "mas", { readFile });
    expect(r.ok).toBe(true);
    expect(names(r)).toEqual(["agent.yaml", "qa-mas.yaml", "second.yaml"]);
    const manifest = r.outputs.find((o) => o.name === "qa-mas.yaml")!.text;
    // Each ref as the list spelled it, with or without "./": a round trip edits none of them.
    expect(manifest).toMatch(/ref: agent\.yaml\n/);
    expect(manifest).toContain("ref: ./second.yaml");
    // Nothing was moved, so nothing is reported as moved.
    expect(r.diagnostics.filter((d) => d.code === "transformed-value" && d.message.includes("is written as ./")).map((d) => d.message)).toEqual([]);
  });

  it("a ref into a folder keeps its file name, written beside the manifest", () => {
    const { text, readFile } = app({ qa: "agents/qa-agent.yaml", helper: "agents/helper.yaml" });
    expect(names(convert(text, "mas", { readFile }))).toEqual(["helper.yaml", "qa-agent.yaml", "qa-mas.yaml"]);
  });

  it("two refs to files of one name fall back to the agents' names (the files are written side by side)", () => {
    const { text, readFile } = app({ qa: "a/agent.yaml", helper: "b/agent.yaml" });
    expect(names(convert(text, "mas", { readFile }))).toEqual(["helper.yaml", "qa-mas.yaml", "qa.yaml"]);
  });

  it("mas → agentspec → mas gives the agents back in their own files (one document holds the whole app and its list)", () => {
    const { text, readFile } = app({ qa: "agent.yaml", helper: "second.yaml" });
    const there = convert(text, "agentspec", { readFile });
    expect(there.outputs).toHaveLength(1);
    expect(names(convert(there.outputs[0]!.text, "mas", {}))).toEqual(["agent.yaml", "qa-mas.yaml", "second.yaml"]);
  });

  it("a one-agent app → agentmug → mas gives the agent back in its own file", () => {
    const { text, readFile } = app({ qa: "agent.yaml" });
    const there = convert(text, "agentmug", { readFile });
    expect(names(there)).toEqual(["qa.agent.json"]);
    // The app comes back too (trial finding R3; test/mas-one-agent-app.test.ts).
    expect(names(convert(there.outputs[0]!.text, "mas", {}))).toEqual(["agent.yaml", "qa-mas.yaml"]);
  });

  it("into Caplo, which holds no file names, the list's files are reported lost and the way back names the files after the agents", () => {
    const { text, readFile } = app({ qa: "agent.yaml", helper: "second.yaml" });
    const there = convert(text, "caplo", { readFile });
    expect(there.diagnostics.some((d) => d.code === "dropped-field" && d.message.startsWith("spec.agency.agents") && d.message.includes("which file holds each"))).toBe(true);
    expect(names(convert(there.outputs[0]!.text, "mas", {}))).toEqual(["helper.yaml", "qa-mas.yaml", "qa.yaml"]);
  });

  it("the CLI never replaces a file the conversion read, --force or not: the app's agent file written beside its manifest", async () => {
    const dir = temp();
    const { text } = app({ qa: "agent.yaml" });
    writeFileSync(join(dir, "mas.yaml"), text);
    writeFileSync(join(dir, "agent.yaml"), agent("qa"));
    const r = await cli(["convert", join(dir, "mas.yaml"), "--to", "mas", "-o", dir + "/", "--force"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`refusing to overwrite the input ${join(dir, "agent.yaml")}`);
    expect(readFileSync(join(dir, "agent.yaml"), "utf8")).toBe(agent("qa"));
  });
});
