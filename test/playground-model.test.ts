// The playground's logic without a browser: which files are inputs, the in-memory readFile,
// the order diagnostics are shown in, where a target pointer lands, the zip.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { crc32 as nodeCrc32 } from "node:zlib";
import { convert, type Diagnostic } from "../src/index.js";
import { classify, groupDiagnostics, locateTarget, memoryReadFile, runConversion, sourceFileIndex } from "../src/playground/model.js";
import { crc32, zip } from "../src/playground/zip.js";

const BUNDLE = readFileSync("examples/support-bundle.caplo.json", "utf8");
const MAS_DIR = "test/fixtures/mas/apps/03-experiments-and-analysis";
const base = { includePrivate: false, noStash: false, bundle: false };

describe("playground model", () => {
  it("a lone file is an input whatever it holds; beside manifests, a prompt file is read only by reference", () => {
    expect(classify([{ name: "notes.md", text: "# hello" }])[0]).toMatchObject({ input: true });
    const kinds = classify([
      { name: "bundle.json", text: BUNDLE },
      { name: "prompts/role.md", text: "You answer questions." },
      { name: "broken.yaml", text: "a: [" },
    ]);
    expect(kinds.map((k) => [k.format, k.input])).toEqual([["caplo", true], [undefined, false], [undefined, true]]);
  });

  it("memoryReadFile reads relative to the manifest's folder and never above the dropped files", () => {
    const read = memoryReadFile([{ name: "app/mas.yaml", text: "" }, { name: "app/agents/a.yaml", text: "A" }, { name: "secret.txt", text: "S" }], "app/mas.yaml");
    expect(read("agents/a.yaml")).toEqual({ ok: true, text: "A" });
    expect(read("./agents/../agents/a.yaml")).toEqual({ ok: true, text: "A" });
    expect(read("../secret.txt")).toEqual({ ok: true, text: "S" });
    expect(read("../../etc/passwd")).toMatchObject({ ok: false, code: "ref-outside-root" });
    expect(read("/etc/passwd")).toMatchObject({ ok: false, code: "ref-outside-root" });
    expect(read("agents/missing.yaml")).toMatchObject({ ok: false, code: "ref-not-found" });
  });

  it("converts a MAS manifest with its agent file, and locates diagnostics in the agent file", () => {
    const files = ["mas.yaml", "agent.yaml"].map((name) => ({ name, text: readFileSync(join(MAS_DIR, name), "utf8") }));
    const r = runConversion(files, { ...base, to: "caplo" });
    expect(r.ok).toBe(true);
    expect(r.inputs).toEqual(["mas.yaml", "agent.yaml"]);
    expect(r.outputs.map((o) => o.name)).toEqual(["qa-agent-t3-bundle.caplo.json"]);
    const inAgent = r.diagnostics.filter((d) => d.source?.file === "agent.yaml");
    expect(inAgent.length).toBeGreaterThan(0);
    for (const d of inAgent) {
      expect(d.source?.line, d.message).toBeDefined();
      // The line found is the line of the pointer's key in agent.yaml.
      const lineText = files[1]!.text.split("\n")[d.source!.line! - 1]!;
      const last = d.source!.pointer.split("/").pop()!;
      if (!/^\d+$/.test(last)) expect(lineText).toContain(last);
    }
    // Without the agent file, the manifest's reference fails with a located error and no output.
    const alone = runConversion([files[0]!], { ...base, to: "caplo" });
    expect(alone.ok).toBe(false);
    expect(alone.outputs).toEqual([]);
    expect(alone.diagnostics.find((d) => d.severity === "error")).toMatchObject({ code: "ref-not-found", source: { file: "mas.yaml" } });
  });

  it("the options reach the library: no stash drops what the stash would keep", () => {
    const kept = runConversion([{ name: "b.json", text: BUNDLE }], { ...base, to: "agentmug" });
    const dropped = runConversion([{ name: "b.json", text: BUNDLE }], { ...base, to: "agentmug", noStash: true, exportedAt: "2026-01-31T12:00:00Z" });
    expect(kept.outputs[0]!.text).toContain("x-agentport");
    expect(dropped.outputs[0]!.text).not.toContain("x-agentport");
    expect(dropped.outputs[0]!.text).toContain("2026-01-31T12:00:00Z");
    expect(kept.fidelity).toHaveLength(1);
    expect(kept.fidelity[0]).toMatchObject({ file: "b.json" });
    expect(kept.fidelity[0]!.exact).toBeLessThan(kept.fidelity[0]!.total);
  });

  it("errors first, then behaviour changes, then notes, each in the library's order", () => {
    const d = (severity: Diagnostic["severity"], code: Diagnostic["code"], effect?: string) => ({ severity, code, message: code, ...(effect ? { effect } : {}) }) as Diagnostic;
    const list = [d("info", "transformed-value"), d("warning", "dropped-field"), d("info", "stashed-value", "behaviour"), d("error", "invalid-input"), d("info", "defaulted-required", "metadata")];
    const g = groupDiagnostics(list);
    expect(g.errors).toEqual([list[3]]);
    expect(g.behaviour).toEqual([list[1], list[2]]);
    expect(g.notes).toEqual([list[0], list[4]]);
  });

  it("a target pointer lands on its line in the named output", () => {
    const r = convert(BUNDLE, "agentmug", { file: "b.json" });
    const d = r.diagnostics.find((x) => x.target?.file === "billing.agent.json" && x.target.pointer === "/exportedAt")!;
    const place = locateTarget(r.outputs, d)!;
    expect(r.outputs[place.output]!.name).toBe("billing.agent.json");
    expect(r.outputs[place.output]!.text.split("\n")[place.line! - 1]).toMatch(/^\s*"exportedAt":/);
    expect(locateTarget(r.outputs, { ...d, target: { format: "agentmug", file: "nowhere.json" } })).toBeUndefined();
  });

  it("finds a diagnostic's file among the page's files, also by a path relative to a folder", () => {
    const files = [{ name: "app/mas.yaml", text: "" }, { name: "app/agents/a.yaml", text: "" }];
    expect(sourceFileIndex(files, { severity: "info", code: "ref-kept", effect: "representation", message: "", source: { file: "agents/a.yaml", pointer: "" } })).toBe(1);
    expect(sourceFileIndex(files, { severity: "info", code: "ref-kept", effect: "representation", message: "", source: { file: "app/mas.yaml", pointer: "" } })).toBe(0);
    expect(sourceFileIndex(files, { severity: "info", code: "ref-kept", effect: "representation", message: "", source: { file: "other.yaml", pointer: "" } })).toBe(-1);
  });

  it("an input no format claims is named by its file in the error", () => {
    const r = runConversion([{ name: "hello.json", text: '{"hello": "world"}' }], { ...base, to: "caplo" });
    expect(r.diagnostics).toEqual([expect.objectContaining({ code: "unknown-format", source: expect.objectContaining({ file: "hello.json", line: 1, column: 1 }) })]);
  });
});

describe("playground zip", () => {
  it("stores each file with Node's CRC-32, UTF-8 names, and the same bytes every time", () => {
    const files = [{ path: "a.agent.json", text: '{"name": "ä"}\n' }, { path: "prompts/b.md", text: "" }];
    const bytes = zip(files);
    expect(zip(files)).toEqual(bytes);
    const buf = Buffer.from(bytes);
    expect(buf.readUInt32LE(0)).toBe(0x04034b50);
    const data = Buffer.from(files[0]!.text, "utf8");
    expect(buf.readUInt32LE(14)).toBe(nodeCrc32(data));
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
    expect(buf.subarray(30, 30 + "a.agent.json".length).toString()).toBe("a.agent.json");
    expect(buf.readUInt16LE(buf.length - 12)).toBe(2);
  });
});
