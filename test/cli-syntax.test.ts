// What a conversion writes besides the values: the order of mas context chunks (the
// runtime's prompt order), the input's syntax, and its comments (issue 9, item 5).
import { describe, expect, it } from "vitest";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseDocument } from "yaml";
import { cli } from "./helpers/cli.js";
import { tempDir } from "./helpers/tmp.js";
import { convert } from "../src/index.js";

const HEADER = "# SPDX-License-Identifier: Apache-2.0\n# Copyright the agentport authors.\n";
const NUMBERED = `${HEADER}apiVersion: mas/v1
kind: Agent
metadata:
  name: numbered # the agent's id
spec:
  # what the model is told, in this order
  context:
    "2": Read the request.
    "1": Answer it.
    role: You are a desk clerk.
  description: Answers front-desk questions.
  models:
    - id: main
      model: openai/gpt-4o # pinned
`;
const CAPLO_YAML = "golden/caplo-yaml-research/input.caplo.yaml";

function write(name: string, text: string): string {
  const path = join(tempDir(), name);
  writeFileSync(path, text);
  return path;
}

describe("mas context order is the file's order", () => {
  it("number-like keys keep their place: mas → mas, and the prompt other formats get", async () => {
    const mas = convert(NUMBERED, "mas", { file: "a.yaml" });
    expect(mas.ok).toBe(true);
    const keys = (parseDocument(mas.outputs[0]!.text).getIn(["spec", "context"]) as { items: { key: { value: string } }[] }).items.map((p) => p.key.value);
    expect(keys).toEqual(["2", "1", "role"]);
    const caplo = convert(NUMBERED, "caplo", { file: "a.yaml" });
    expect(caplo.outputs[0]!.document["instructions"]).toBe("[2] Read the request.\n\n[1] Answer it.\n\n[role] You are a desk clerk.");
    // and back from a format that holds one text
    const mug = convert(NUMBERED, "agentmug", { file: "a.yaml" });
    const back = convert(mug.outputs[0]!.text, "mas");
    const again = (parseDocument(back.outputs[0]!.text).getIn(["spec", "context"]) as { items: { key: { value: string } }[] }).items.map((p) => p.key.value);
    expect(again).toEqual(["2", "1", "role"]);
  });
});

describe("the input's syntax and comments", () => {
  it("a Caplo YAML input converted to Caplo is YAML, its comments kept; --syntax json asks for JSON", async () => {
    const out = tempDir();
    const r = await cli(["convert", CAPLO_YAML, "--to", "caplo", "-o", out + "/"]);
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(join(out, "market-research-assistant.caplo.yaml"), "utf8");
    expect(text.startsWith("# A research assistant written in YAML")).toBe(true);
    expect(parseDocument(text).errors).toEqual([]);
    const json = await cli(["convert", CAPLO_YAML, "--to", "caplo", "--syntax", "json"]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).kind).toBe("Agent");
    // a Caplo JSON input stays JSON; --syntax yaml asks for YAML
    expect(JSON.parse((await cli(["convert", "golden/caplo-minimal/input.caplo.json", "--to", "caplo"])).stdout).kind).toBe("Agent");
    const y = await cli(["convert", "golden/caplo-minimal/input.caplo.json", "--to", "caplo", "--syntax", "yaml"]);
    expect(y.stdout).toMatch(/^apiVersion: v2\nkind: Agent\n/);
  });

  it("--syntax a target cannot be written in is a usage error", async () => {
    const r = await cli(["convert", CAPLO_YAML, "--to", "agentmug", "--syntax", "yaml", "--json"]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).diagnostics).toMatchObject([{ code: "usage-error" }]);
    expect((await cli(["convert", CAPLO_YAML, "--to", "caplo", "--syntax", "toml"])).code).toBe(2);
  });

  it("mas → mas keeps every comment, the license header first", async () => {
    const path = write("numbered.yaml", NUMBERED);
    const r = await cli(["convert", path, "--to", "mas"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.startsWith(HEADER)).toBe(true);
    for (const c of ["# the agent's id", "# what the model is told, in this order", "# pinned"]) expect(r.stdout).toContain(c);
    expect(parseDocument(r.stdout).toJS()).toEqual(parseDocument(NUMBERED).toJS());
  });

  it("a leading comment block is carried into an output of another format written as YAML", async () => {
    const r = await cli(["convert", write("numbered.yaml", NUMBERED), "--to", "caplo", "--syntax", "yaml"]);
    expect(r.stdout.startsWith(HEADER)).toBe(true);
    const m = await cli(["convert", CAPLO_YAML, "--to", "mas"]);
    expect(m.stdout.startsWith("# A research assistant written in YAML")).toBe(true);
  });

  it("folder mode names a YAML Caplo output .caplo.yaml", async () => {
    const d = tempDir();
    mkdirSync(join(d, "in"));
    copyFileSync(CAPLO_YAML, join(d, "in", "research.yaml"));
    const r = await cli(["convert", join(d, "in"), "--to", "caplo", "-o", join(d, "out"), "--jobs", "1"]);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(join(d, "out"))).toEqual(["research.caplo.yaml"]);
    expect(readFileSync(join(d, "out", "research.caplo.yaml"), "utf8").startsWith("# A research assistant")).toBe(true);
  });
});

describe("mas context order from JSON text", () => {
  it("a JSON mas file's number-like chunk keys keep the file's order", () => {
    const json = JSON.stringify({ apiVersion: "mas/v1", kind: "Agent", metadata: { name: "numbered" }, spec: { description: "Answers front-desk questions.", models: [{ id: "main", model: "openai/gpt-4o" }] } }).replace('"spec":{', '"spec":{"context":{"2":"Read the request.","role":"You are a desk clerk.","1":"Answer it."},');
    const caplo = convert(json, "caplo", { file: "a.json" });
    expect(caplo.ok).toBe(true);
    expect(caplo.outputs[0]!.document["instructions"]).toBe("[2] Read the request.\n\n[role] You are a desk clerk.\n\n[1] Answer it.");
    const mas = convert(json, "mas", { file: "a.json" });
    const keys = (parseDocument(mas.outputs[0]!.text).getIn(["spec", "context"]) as { items: { key: { value: string } }[] }).items.map((p) => p.key.value);
    expect(keys).toEqual(["2", "role", "1"]);
  });
});
