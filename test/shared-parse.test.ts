// A YAML agent file a MAS manifest reads is parsed once per conversion: the mas adapter parses
// it through the hub's parser (ParseOptions.parseFile), which keeps the parse for locating the
// diagnostics in that file (it parsed the text a second time, diag9: 2–3 % of mas → any).
import { describe, expect, it, vi } from "vitest";
import { readFileSync } from "node:fs";

const calls: (string | undefined)[] = [];
vi.mock("../src/text/parse.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../src/text/parse.js")>();
  return { ...real, parseText: (text: string, file?: string) => (calls.push(file), real.parseText(text, file)) };
});

// The suite shares a worker's module cache between files (vitest.config.ts isolate: false): a file
// run before this one may have loaded the real parser, so the modules are loaded again, with the mock.
vi.resetModules();
const { convertFiles } = await import("../src/node/files.js");
const { convert } = await import("../src/index.js");

const APP = "test/fixtures/mas/apps/03-experiments-and-analysis";

describe("one parse of a file a MAS manifest reads", () => {
  it("the agent file is parsed once, and its diagnostics are still located in it", () => {
    calls.length = 0;
    const r = convertFiles([`${APP}/mas.yaml`], "caplo");
    const inAgent = r.diagnostics.filter((d) => d.source?.file?.endsWith("agent.yaml"));
    // The hub locates these in the agent file: it needs that file's parse.
    expect(inAgent.length).toBeGreaterThan(0);
    for (const d of inAgent) expect(d.source?.line, d.message).toBeGreaterThan(0);
    expect(calls.filter((f) => f?.endsWith("agent.yaml"))).toEqual(["agent.yaml"]);
  });

  it("a reference spelled ./agent.yaml, read through the library's readFile, is parsed once too", () => {
    const agent = readFileSync(`${APP}/agent.yaml`, "utf8");
    const manifest = readFileSync(`${APP}/mas.yaml`, "utf8").replace("ref: agent.yaml", "ref: ./agent.yaml");
    expect(manifest).toContain("ref: ./agent.yaml");
    calls.length = 0;
    const r = convert(manifest, "caplo", { file: "mas.yaml", readFile: (p) => (p.endsWith("agent.yaml") ? { ok: true, text: agent } : { ok: false, code: "ref-not-found", message: p }) });
    expect(r.ok).toBe(true);
    expect(r.diagnostics.some((d) => d.source?.file === "agent.yaml" && (d.source.line ?? 0) > 0)).toBe(true);
    expect(calls.filter((f) => f?.endsWith("agent.yaml"))).toEqual(["agent.yaml"]);
  });
});
